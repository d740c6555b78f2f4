// A small interpreter for the documented workflow recipes: it walks a job's steps as
// the runner would, evaluates the `${{ }}` expressions and `if:` conditions the
// recipes use, starts dist/index.js for each persona-verdict step (exactly as
// runAction does), and hands `run:` steps to the test. It lets a test follow the
// docs as written instead of re-typing them.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { runAction, tempDir, type RunResult } from './harness.js';

type Json = any;

export interface StepRecord {
  name: string;
  ran: boolean;
  result?: RunResult;
  conclusion: 'success' | 'failure' | 'skipped';
  /** run: steps: the script and environment as the runner would hand them over. */
  run?: { script: string; env: Record<string, string> };
  /** uses: steps other than persona-verdict: the action and its inputs. */
  uses?: { action: string; with: Record<string, string> };
}

export interface JobRun {
  conclusion: 'success' | 'failure' | 'skipped';
  steps: StepRecord[];
  outputs: Record<string, Record<string, string>>;
}

export interface SimContext {
  apiUrl: string;
  event: Json;
  /** The event's name (github.event_name, GITHUB_EVENT_NAME). */
  eventName: string;
  /** Repository secrets, available to every job. */
  secrets: Record<string, string>;
  /** Environment secrets: only a job that names the environment gets them. */
  environments?: Record<string, Record<string, string>>;
  githubToken: string;
  matrix?: Record<string, string>;
  env?: Record<string, string>;
  /** Called for `run:` steps; returns step outputs, or throws to fail the step. */
  onRun: (
    step: { name: string; run: string; env: Record<string, string> },
    workspace: string,
  ) => Record<string, string> | void;
}

export const loadWorkflow = (text: string): Json => parse(text);

function lookup(expr: string, ctx: Json): unknown {
  // a.b.c and a[b.c] paths only
  const parts: string[] = [];
  const re = /([A-Za-z_][\w-]*)|\[([^\]]+)\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(expr))) parts.push(m[1] ?? String(lookup(m[2]!.trim(), ctx)));
  let v: Json = ctx;
  for (const p of parts) v = v?.[p];
  return v;
}

/** Splits at a top-level operator (outside parentheses and quotes). */
function splitTop(e: string, op: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = false;
  let start = 0;
  for (let i = 0; i < e.length; i++) {
    const c = e[i]!;
    if (c === "'") quote = !quote;
    else if (!quote && c === '(') depth++;
    else if (!quote && c === ')') depth--;
    else if (!quote && depth === 0 && e.startsWith(op, i)) {
      parts.push(e.slice(start, i));
      start = i + op.length;
      i += op.length - 1;
    }
  }
  return [...parts, e.slice(start)];
}

/** The subset of GitHub's expression language the recipes use: paths, ==, !=, &&, ||, (), startsWith, always. */
function evaluate(expr: string, ctx: Json): unknown {
  const e = expr.trim();
  if (e === 'always()') return true;
  const ors = splitTop(e, '||');
  if (ors.length > 1) return ors.some((x) => evaluate(x, ctx));
  const ands = splitTop(e, '&&');
  if (ands.length > 1) return ands.every((x) => evaluate(x, ctx));
  if (e.startsWith('(') && e.endsWith(')') && splitTop(e.slice(1, -1), ')').length === 1)
    return evaluate(e.slice(1, -1), ctx);
  const call = /^startsWith\((.+?),\s*'([^']*)'\)$/.exec(e);
  if (call) return String(evaluate(call[1]!, ctx) ?? '').startsWith(call[2]!);
  const cmp = /^(.+?)\s*(==|!=)\s*'([^']*)'$/.exec(e);
  if (cmp) return (String(evaluate(cmp[1]!, ctx) ?? '') === cmp[3]) === (cmp[2] === '==');
  if (/^[\w.[\]-]+$/.test(e)) return lookup(e, ctx);
  throw new Error(`expression not supported by the simulator: ${e}`);
}

export const substitute = (value: unknown, ctx: Json): string =>
  String(value).replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_m, expr: string) => String(evaluate(expr, ctx) ?? ''));

export async function runJob(workflow: Json, jobId: string, sim: SimContext): Promise<JobRun> {
  const job = workflow.jobs[jobId];
  const workspace = tempDir();
  const runnerTemp = tempDir();
  mkdirSync(join(workspace, 'scripts'), { recursive: true });
  const steps: Record<string, { outputs: Record<string, string>; outcome: string }> = {};
  const secrets = { ...sim.secrets, ...(job.environment ? (sim.environments?.[job.environment] ?? {}) : {}) };
  const github = { event: sim.event, event_name: sim.eventName, token: sim.githubToken };
  const ctx = () => ({ secrets, matrix: sim.matrix ?? {}, github, steps, runner: { temp: runnerTemp } });
  if (job.if !== undefined && !evaluate(String(job.if).replace(/^\$\{\{\s*|\s*\}\}$/g, ''), ctx())) {
    return { conclusion: 'skipped', steps: [], outputs: {} };
  }
  const records: StepRecord[] = [];
  let failed = false;
  for (const step of job.steps as Json[]) {
    const name = substitute(step.name ?? step.uses ?? step.run, ctx());
    const cond =
      step.if === undefined
        ? !failed
        : evaluate(step.if.replace(/^\$\{\{\s*|\s*\}\}$/g, ''), ctx()) && (!failed || /always\(\)/.test(step.if));
    if (!cond) {
      records.push({ name, ran: false, conclusion: 'skipped' });
      if (step.id) steps[step.id] = { outputs: {}, outcome: 'skipped' };
      continue;
    }
    let outputs: Record<string, string> = {};
    let ok = true;
    let result: RunResult | undefined;
    if (typeof step.uses === 'string' && step.uses.startsWith('persona-verdict/persona-verdict@')) {
      const inputs: Record<string, string> = {};
      for (const [k, v] of Object.entries<unknown>(step.with ?? {})) inputs[k] = substitute(v, ctx());
      inputs['github-token'] ??= sim.githubToken; // action.yml's default: ${{ github.token }}
      const env = { RUNNER_TEMP: runnerTemp, ...sim.env };
      result = await runAction({
        inputs,
        apiUrl: sim.apiUrl,
        event: sim.event,
        eventName: sim.eventName,
        cwd: workspace,
        env,
      });
      outputs = result.outputs;
      ok = result.code === 0;
    }
    let uses: StepRecord['uses'];
    let run: StepRecord['run'];
    if (typeof step.uses === 'string' && !step.uses.startsWith('persona-verdict/persona-verdict@')) {
      // actions/checkout and the like: recorded for the test, nothing to do against the fake
      const w: Record<string, string> = {};
      for (const [k, v] of Object.entries<unknown>(step.with ?? {})) w[k] = substitute(v, ctx());
      uses = { action: step.uses, with: w };
    } else if (typeof step.run === 'string') {
      const env: Record<string, string> = {};
      for (const [k, v] of Object.entries<unknown>(step.env ?? {})) env[k] = substitute(v, ctx());
      run = { script: substitute(step.run, ctx()), env };
      try {
        outputs = sim.onRun({ name, run: run.script, env }, workspace) ?? {};
      } catch {
        ok = false;
      }
    }
    if (step.id) steps[step.id] = { outputs, outcome: ok ? 'success' : 'failure' };
    records.push({ name, ran: true, result, conclusion: ok ? 'success' : 'failure', run, uses });
    if (!ok && !step['continue-on-error']) failed = true;
  }
  return {
    conclusion: failed ? 'failure' : 'success',
    steps: records,
    outputs: Object.fromEntries(Object.entries(steps).map(([k, v]) => [k, v.outputs])),
  };
}
