// What a workflow file says of each persona's status: which job writes its context, on which
// events and with which credential (core/doctor-workflows.ts judges where that credential sits,
// core/doctor-force.ts who can force a re-review). Pure: parsed YAML in, writers out.
import type { Level } from './doctor-check.js';
import { environmentOf, mintsAppToken, obj, OUR_ACTION, stepsOf, str, withOf, type Json } from './doctor-keys.js';

/** Who a status written by a job comes from. */
export type Credential =
  | { kind: 'github-actions' }
  | { kind: 'app'; step: string }
  | { kind: 'secret'; name: string }
  | { kind: 'unknown'; expression: string };

/** A persona-verdict step that writes a persona's commit status. */
export interface Writer {
  file: string;
  job: string;
  persona: string;
  context: string;
  /** The events on which the step runs and writes the status. */
  events: string[];
  /** It writes on merge groups: on merge_group, or on workflow_run after a workflow that runs on merge_group. */
  queue: boolean;
  credential: Credential;
  /** status-kind: check-run — a check run, which only the token's App can write. */
  checkRun: boolean;
  /** Check runs with an App token narrowed by permission-* inputs that leave out permission-checks: write. */
  checksNarrowedOut: boolean;
  /** The job's environment (where its persona credential should live); undefined when it names none. */
  environment?: string;
  /** The job names its environment by an expression. */
  environmentByExpression?: boolean;
}

export interface WorkflowIssue {
  file: string;
  where: string;
  level: Exclude<Level, 'ok'>;
  says: string;
  fix: string;
}

export interface WorkflowFile {
  path: string;
  text: string;
}

/** The persona context a step writes: status-context, else persona-verdict/<persona>. */
export const contextOf = (persona: string, statusContext?: string): string =>
  statusContext || `persona-verdict/${persona}`;

export function triggersOf(wf: Json): string[] {
  const on = wf['on'] ?? wf['true']; // YAML 1.1 readers turn a bare `on` into true
  if (typeof on === 'string') return [on];
  if (Array.isArray(on)) return on.map(str);
  return Object.keys(obj(on));
}

/**
 * A condition's alternatives — the parts of its `||` — to be read each as narrowing on its own; null when it holds a
 * negation (`!=`, `!(`), which narrows nothing. One reading for a job's `if:` (jobEvents) and a forced step's
 * condition (doctor-force.ts).
 */
export function orParts(condition: string): string[] | null {
  return /!\s*\(|!=/.test(condition) ? null : condition.split('||');
}

/**
 * The events a job runs on: the workflow's triggers, narrowed by `github.event_name == '…'` in its `if` — every part
 * of an `||` must name its events (a part that names none lets every trigger through: a review of round 20), and a
 * negation narrows nothing.
 */
export function jobEvents(triggers: string[], condition: unknown): string[] {
  const alternatives = orParts(str(condition));
  if (!alternatives) return triggers;
  const parts = alternatives.map((p) => [...p.matchAll(/github\.event_name\s*==\s*'([a-z_]+)'/g)].map((m) => m[1]!));
  if (!parts.length || parts.some((p) => !p.length)) return triggers;
  const named = parts.flat();
  return triggers.filter((t) => named.includes(t));
}

/** Who a step's `github-token` is: GITHUB_TOKEN (names in an expression in any case), an App's, a secret's. */
export function credentialOf(token: string, steps: Json[]): Credential {
  if (!token.trim() || /\bgithub\.token\b|secrets\.GITHUB_TOKEN\b/i.test(token)) return { kind: 'github-actions' };
  const fromStep = /steps\.([A-Za-z0-9_-]+)\.outputs\.token\b/.exec(token)?.[1];
  if (fromStep && steps.some((s) => s['id'] === fromStep && mintsAppToken(str(s['uses']), withOf(s))))
    return { kind: 'app', step: fromStep };
  const secret = /secrets\.([A-Za-z0-9_]+)/.exec(token)?.[1];
  if (secret) return { kind: 'secret', name: secret };
  return { kind: 'unknown', expression: token };
}

/** An App token minted with permission-* inputs (narrowed) that do not grant `permission-<name>: write`. */
function narrowedOut(c: Credential, steps: Json[], name: string): boolean {
  if (c.kind !== 'app') return false;
  const w = withOf(obj(steps.find((s) => s['id'] === c.step)));
  const asked = Object.keys(w).filter((k) => k.startsWith('permission-'));
  return asked.length > 0 && str(w[`permission-${name}`]) !== 'write';
}

/** A step's persona, or each of a matrix's where it is `${{ matrix.<name> }}` over a list (a review of round 20). */
function personasOf(persona: string, job: Json): string[] {
  const m = /^\$\{\{\s*matrix\.([A-Za-z0-9_-]+)\s*\}\}$/.exec(persona);
  const values = m ? obj(obj(job['strategy'])['matrix'])[m[1]!] : undefined;
  return Array.isArray(values) && values.length ? values.map(str) : [persona];
}

export function writersOf(file: string, id: string, job: Json, triggers: string[]): Writer[] {
  const steps = stepsOf(job);
  const events = jobEvents(triggers, job['if']);
  const out: Writer[] = [];
  for (const step of steps) {
    if (!OUR_ACTION.test(str(step['uses']))) continue;
    const w = withOf(step);
    const mode = str(w['mode']) || 'post';
    const status = str(w['commit-status']) || 'auto';
    if (!str(w['persona']) || !['post', 'preflight'].includes(mode) || status === 'never') continue;
    // commit-status auto writes on every event but pull_request, whose own check sits on the PR head
    const writes = status === 'always' ? events : events.filter((e) => e !== 'pull_request');
    if (!writes.length) continue;
    const credential = credentialOf(str(w['github-token']), steps);
    const checkRun = str(w['status-kind']) === 'check-run';
    const checksNarrowedOut = checkRun && narrowedOut(credential, steps, 'checks');
    for (const persona of personasOf(str(w['persona']), job))
      out.push({
        file,
        job: id,
        persona,
        context: contextOf(persona, str(w['status-context'])),
        events: writes,
        queue: writes.includes('merge_group'),
        credential,
        checkRun,
        checksNarrowedOut,
        ...environmentOf(job),
      });
  }
  return out;
}
