// A small interpreter for the documented workflow recipes: it runs a workflow's jobs
// in `needs` order as the runner would, evaluates `${{ }}` expressions and `if:`
// conditions (with the status functions), passes job outputs and artifacts between
// jobs, mints GitHub App tokens for actions/create-github-app-token, starts
// the action for each persona-verdict step (through runAction, in either tier), and hands
// `run:` steps to the test. Every job gets its own GITHUB_TOKEN whose rights in the
// fake are the job's `permissions:` (GitHub's restricted default when none are set),
// so a job that writes a status, a review or a comment without the permission fails
// as it would on GitHub. It lets a test follow the docs as written instead of
// re-typing them.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, isAbsolute, join } from 'node:path';
import { parse } from 'yaml';
import { runAction, tempDir, type RunResult } from './harness.js';
import type { FakeGitHub, FakeUser } from '../fake/github.js';

type Json = any;
type Conclusion = 'success' | 'failure' | 'skipped';

export interface StepRecord {
  name: string;
  ran: boolean;
  result?: RunResult;
  conclusion: Conclusion;
  /** run: steps: the script and environment as the runner would hand them over. */
  run?: { script: string; env: Record<string, string> };
  /** uses: steps other than persona-verdict: the action and its inputs. */
  uses?: { action: string; with: Record<string, string> };
  /** Why the simulator failed a step it ran itself (an artifact not found, an App token refused). */
  error?: string;
}

export interface JobRun {
  id: string;
  conclusion: Conclusion;
  steps: StepRecord[];
  /** The job's outputs (its `outputs:` map evaluated after the steps). */
  outputs: Record<string, string>;
  /** Step outputs by step id. */
  stepOutputs: Record<string, Record<string, string>>;
  environment?: string;
  /** The job's GITHUB_TOKEN (rights = its permissions). */
  githubToken: string;
  /** Every credential the job held: the secrets it names (but GITHUB_TOKEN) and the App tokens it minted. */
  credentials: string[];
}

/** A GitHub App that actions/create-github-app-token can mint an installation token for. */
export interface SimApp {
  slug: string;
  clientId: string;
  privateKey: string;
  /** The App's repository permissions (what its installation tokens may do). */
  permissions: Record<string, string>;
}

export interface SimContext {
  gh: FakeGitHub;
  event: Json;
  /** The event's name (github.event_name, GITHUB_EVENT_NAME). */
  eventName: string;
  /** Repository secrets, available to every job. */
  secrets: Record<string, string>;
  /** Environment secrets: only a job that names the environment gets them. */
  environments?: Record<string, Record<string, string>>;
  vars?: Record<string, string>;
  apps?: SimApp[];
  env?: Record<string, string>;
  /** Called for `run:` steps; returns step outputs, or throws to fail the step. */
  onRun: (step: { name: string; run: string; env: Record<string, string>; job: string }, workspace: string) => Json;
}

export interface WorkflowRun {
  jobs: Record<string, JobRun>;
  /** Artifacts uploaded in the run: name → file name → content. */
  artifacts: Map<string, Map<string, Buffer>>;
}

export const loadWorkflow = (text: string): Json => parse(text);

// ---------------------------------------------------------------- expressions

type Tok = { t: 'str' | 'num' | 'id' | 'op'; v: string };

function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  const re = /\s*(?:'((?:[^']|'')*)'|(-?\d+(?:\.\d+)?)\b|([A-Za-z_][\w-]*)|(==|!=|<=|>=|&&|\|\||[!<>()[\].,*]))/y;
  let i = 0;
  while (i < src.length) {
    if (/^\s*$/.test(src.slice(i))) break;
    re.lastIndex = i;
    const m = re.exec(src);
    if (!m) throw new Error(`expression not supported by the simulator: ${src} (at ${i})`);
    if (m[1] !== undefined) out.push({ t: 'str', v: m[1].replace(/''/g, "'") });
    else if (m[2] !== undefined) out.push({ t: 'num', v: m[2] });
    else if (m[3] !== undefined) out.push({ t: 'id', v: m[3] });
    else out.push({ t: 'op', v: m[4]! });
    i = re.lastIndex;
  }
  return out;
}

export interface Status {
  success: boolean;
  failure: boolean;
}

const truthy = (v: unknown): boolean => !(v === false || v === 0 || v === '' || v === null || v === undefined);
const num = (v: unknown): number =>
  v === null || v === undefined || v === false ? 0 : v === true ? 1 : typeof v === 'number' ? v : Number(v);
function equal(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a.toLowerCase() === b.toLowerCase(); // GitHub ignores case
  if (typeof a === typeof b || a === null || b === null || a === undefined || b === undefined) {
    if ((a ?? null) === null && (b ?? null) === null) return true;
    if (typeof a === 'object' || typeof b === 'object') return a === b;
  }
  return num(a) === num(b);
}

/** GitHub's expression language, as far as workflows here use it. */
export function evaluate(src: string, ctx: Json, status: Status = { success: true, failure: false }): unknown {
  const toks = tokenize(src);
  let p = 0;
  const peek = (v?: string) => (p < toks.length && (v === undefined || toks[p]!.v === v) ? toks[p] : undefined);
  const eat = (v: string) => {
    if (!peek(v)) throw new Error(`expected ${v} in ${src}`);
    p++;
  };
  const call = (name: string, args: unknown[]): unknown => {
    switch (name.toLowerCase()) {
      case 'always':
        return true;
      case 'cancelled':
        return false;
      case 'success':
        return status.success;
      case 'failure':
        return status.failure;
      case 'startswith':
        return String(args[0] ?? '')
          .toLowerCase()
          .startsWith(String(args[1] ?? '').toLowerCase());
      case 'endswith':
        return String(args[0] ?? '')
          .toLowerCase()
          .endsWith(String(args[1] ?? '').toLowerCase());
      case 'contains':
        return Array.isArray(args[0])
          ? args[0].some((x) => equal(x, args[1]))
          : String(args[0] ?? '')
              .toLowerCase()
              .includes(String(args[1] ?? '').toLowerCase());
      case 'format':
        return String(args[0]).replace(/\{(\d+)\}/g, (_m, n: string) => String(args[Number(n) + 1] ?? ''));
      case 'fromjson':
        return JSON.parse(String(args[0]));
      case 'tojson':
        return JSON.stringify(args[0], null, 2);
      default:
        throw new Error(`function not supported by the simulator: ${name}()`);
    }
  };
  const primary = (): unknown => {
    const t = toks[p++];
    if (!t) throw new Error(`unexpected end of ${src}`);
    if (t.t === 'str') return t.v;
    if (t.t === 'num') return Number(t.v);
    if (t.v === '(') {
      const v = or();
      eat(')');
      return v;
    }
    if (t.v === '!') return !truthy(primaryWithAccess());
    if (t.t !== 'id') throw new Error(`unexpected ${t.v} in ${src}`);
    if (t.v === 'true' || t.v === 'false') return t.v === 'true';
    if (t.v === 'null') return null;
    if (peek('(')) {
      p++;
      const args: unknown[] = [];
      while (!peek(')')) {
        args.push(or());
        if (peek(',')) p++;
      }
      eat(')');
      return call(t.v, args);
    }
    return ctx[t.v];
  };
  const primaryWithAccess = (): unknown => {
    let v: Json = primary();
    for (;;) {
      if (peek('.')) {
        p++;
        const id = toks[p++]!;
        v = id.v === '*' ? v : v?.[id.v];
      } else if (peek('[')) {
        p++;
        const k = or();
        eat(']');
        v = v?.[String(k)];
      } else return v;
    }
  };
  const cmp = (): unknown => {
    const a = primaryWithAccess();
    const op = peek('==') ?? peek('!=') ?? peek('<') ?? peek('>') ?? peek('<=') ?? peek('>=');
    if (!op) return a;
    p++;
    const b = primaryWithAccess();
    if (op.v === '==') return equal(a, b);
    if (op.v === '!=') return !equal(a, b);
    const [x, y] = [num(a), num(b)];
    return op.v === '<' ? x < y : op.v === '>' ? x > y : op.v === '<=' ? x <= y : x >= y;
  };
  const and = (): unknown => {
    let v = cmp();
    while (peek('&&')) {
      p++;
      const r = cmp();
      v = truthy(v) ? r : v;
    }
    return v;
  };
  const or = (): unknown => {
    let v = and();
    while (peek('||')) {
      p++;
      const r = and();
      v = truthy(v) ? v : r;
    }
    return v;
  };
  const v = or();
  if (p !== toks.length) throw new Error(`trailing tokens in ${src}`);
  return v;
}

const unwrap = (cond: unknown): string => String(cond).replace(/^\s*\$\{\{\s*([\s\S]*?)\s*\}\}\s*$/, '$1');
const usesStatusFunction = (cond: string): boolean => /\b(always|cancelled|success|failure)\s*\(/.test(cond);
const str = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

export const substitute = (value: unknown, ctx: Json): string =>
  String(value).replace(/\$\{\{\s*([\s\S]+?)\s*\}\}/g, (_m, expr: string) => str(evaluate(expr, ctx)));

// ---------------------------------------------------------------- permissions

const SCOPES = ['contents', 'pull-requests', 'issues', 'statuses', 'checks', 'actions'];

/** The GITHUB_TOKEN's rights for a job: its permissions, the workflow's, or GitHub's restricted default. */
export function jobPermissions(wf: Json, job: Json): Record<string, string> {
  const p = job.permissions ?? wf.permissions;
  if (p === undefined) return { contents: 'read', packages: 'read' };
  if (p === 'write-all' || p === 'read-all')
    return Object.fromEntries(SCOPES.map((s) => [s, p === 'write-all' ? 'write' : 'read']));
  return { ...(p as Record<string, string>) };
}

/** What a token with these repository permissions may do in the fake. */
export function rightsOf(
  perms: Record<string, string>,
): Pick<FakeUser, 'canStatus' | 'canChecks' | 'canReadChecks' | 'canReview' | 'canDismiss' | 'canComment'> {
  const pr = perms['pull-requests'] === 'write';
  return {
    canStatus: perms['statuses'] === 'write',
    canChecks: perms['checks'] === 'write',
    canReadChecks: perms['checks'] === 'write' || perms['checks'] === 'read',
    canReview: pr,
    canDismiss: pr,
    canComment: pr || perms['issues'] === 'write',
  };
}

// ---------------------------------------------------------------- jobs

let minted = 0;

interface RunState {
  sim: SimContext;
  wf: Json;
  artifacts: Map<string, Map<string, Buffer>>;
  jobs: Record<string, JobRun>;
}

function secretNames(text: string): string[] {
  return [...text.matchAll(/secrets\.([A-Za-z_][\w]*)/g)].map((m) => m[1]!).filter((n) => n !== 'GITHUB_TOKEN');
}

async function runStepUses(
  st: RunState,
  step: Json,
  inputs: Record<string, string>,
  io: { workspace: string; runnerTemp: string; githubToken: string; job: JobRun },
): Promise<{ ok: boolean; outputs: Record<string, string>; result?: RunResult; error?: string }> {
  const action = String(step.uses);
  if (action.startsWith('persona-verdict/persona-verdict@')) {
    inputs['github-token'] ??= io.githubToken; // action.yml's default: ${{ github.token }}
    const result = await runAction({
      inputs,
      apiUrl: st.sim.gh.url,
      event: st.sim.event,
      eventName: st.sim.eventName,
      cwd: io.workspace,
      env: { RUNNER_TEMP: io.runnerTemp, ...st.sim.env },
    });
    return { ok: result.code === 0, outputs: result.outputs, result };
  }
  if (action.startsWith('actions/create-github-app-token@')) {
    const app = (st.sim.apps ?? []).find(
      (a) => a.clientId === (inputs['client-id'] ?? inputs['app-id']) && a.privateKey === inputs['private-key'],
    );
    if (!inputs['private-key'])
      return { ok: false, outputs: {}, error: 'Input required and not supplied: private-key' };
    if (!app) return { ok: false, outputs: {}, error: 'the client id and private key name no installed App' };
    const perms = { ...app.permissions };
    for (const [k, v] of Object.entries(inputs))
      if (k.startsWith('permission-')) {
        const scope = k.slice('permission-'.length);
        if (!perms[scope] || (v === 'write' && perms[scope] !== 'write'))
          return { ok: false, outputs: {}, error: `the App may not grant ${scope}: ${v}` };
        perms[scope] = v;
      }
    const token = `ghs_app${++minted}${app.slug.replace(/\W/g, '')}`.padEnd(40, '0');
    st.sim.gh.user(token, { login: `${app.slug}[bot]`, kind: 'app', ...rightsOf(perms) });
    io.job.credentials.push(token);
    return { ok: true, outputs: { token, 'app-slug': app.slug, 'installation-id': '1' } };
  }
  if (action.startsWith('actions/upload-artifact@')) {
    const files = new Map<string, Buffer>();
    for (const line of (inputs['path'] ?? '')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)) {
      const full = isAbsolute(line) ? line : join(io.workspace, line);
      if (existsSync(full)) files.set(basename(full), readFileSync(full));
    }
    const missing = inputs['if-no-files-found'] ?? 'warn';
    if (!files.size) return { ok: missing !== 'error', outputs: {}, error: 'no files were found to upload' };
    st.artifacts.set(inputs['name'] ?? 'artifact', files);
    return { ok: true, outputs: { 'artifact-id': String(st.artifacts.size) } };
  }
  if (action.startsWith('actions/download-artifact@')) {
    const files = st.artifacts.get(inputs['name'] ?? '');
    if (!files) return { ok: false, outputs: {}, error: `Unable to download artifact(s): Artifact not found` };
    const dir = inputs['path']
      ? isAbsolute(inputs['path'])
        ? inputs['path']
        : join(io.workspace, inputs['path'])
      : io.workspace;
    mkdirSync(dir, { recursive: true });
    for (const [name, content] of files) writeFileSync(join(dir, name), content);
    return { ok: true, outputs: { 'download-path': dir } };
  }
  return { ok: true, outputs: {} }; // actions/checkout and the like: recorded, nothing to do against the fake
}

/** Runs one job (its `needs` must have run in `st.jobs`). */
async function runOneJob(st: RunState, jobId: string): Promise<JobRun> {
  const { wf, sim } = st;
  const job = wf.jobs[jobId];
  const workspace = tempDir();
  const runnerTemp = tempDir();
  const githubToken = `ghs_job${++minted}${jobId.replace(/\W/g, '')}`.padEnd(40, '0').slice(0, 40);
  sim.gh.user(githubToken, { login: 'github-actions[bot]', kind: 'app', ...rightsOf(jobPermissions(wf, job)) });
  const environment = typeof job.environment === 'object' ? job.environment?.name : job.environment;
  const secrets = { ...sim.secrets, ...(environment ? (sim.environments?.[environment] ?? {}) : {}) };
  const run: JobRun = {
    id: jobId,
    conclusion: 'skipped',
    steps: [],
    outputs: {},
    stepOutputs: {},
    environment,
    githubToken,
    credentials: [],
  };
  const needList: string[] = job.needs === undefined ? [] : [job.needs].flat();
  const needs = Object.fromEntries(
    needList.map((n) => [n, { result: st.jobs[n]!.conclusion, outputs: st.jobs[n]!.outputs }]),
  );
  const github = {
    event: sim.event,
    event_name: sim.eventName,
    token: githubToken,
    repository: 'acme/widgets',
    run_id: '4242',
    run_attempt: '1',
  };
  const steps: Record<string, { outputs: Record<string, string>; outcome: string; conclusion: string }> = {};
  const env = { ...(wf.env ?? {}), ...(job.env ?? {}) };
  const ctx = () => ({ secrets, vars: sim.vars ?? {}, github, steps, needs, env, runner: { temp: runnerTemp } });

  const needsOk = needList.every((n) => st.jobs[n]!.conclusion === 'success');
  const jobStatus = { success: needsOk, failure: needList.some((n) => st.jobs[n]!.conclusion === 'failure') };
  const jobIf = job.if === undefined ? 'success()' : unwrap(job.if);
  const runs = truthy(evaluate(jobIf, ctx(), jobStatus)) && (usesStatusFunction(jobIf) || needsOk);
  if (!runs) return run;

  for (const name of secretNames(JSON.stringify({ job, env: wf.env })))
    if (secrets[name]) run.credentials.push(secrets[name]);
  let failed = false;
  for (const step of job.steps as Json[]) {
    const name = substitute(step.name ?? step.uses ?? step.run, ctx());
    const cond = step.if === undefined ? 'success()' : unwrap(step.if);
    const status = { success: !failed, failure: failed };
    const go = truthy(evaluate(cond, ctx(), status)) && (usesStatusFunction(cond) || !failed);
    if (!go) {
      run.steps.push({ name, ran: false, conclusion: 'skipped' });
      if (step.id) steps[step.id] = { outputs: {}, outcome: 'skipped', conclusion: 'skipped' };
      continue;
    }
    const record: StepRecord = { name, ran: true, conclusion: 'success' };
    let outputs: Record<string, string> = {};
    let ok = true;
    if (typeof step.uses === 'string') {
      const inputs: Record<string, string> = {};
      for (const [k, v] of Object.entries<unknown>(step.with ?? {})) inputs[k] = substitute(v, ctx());
      if (!step.uses.startsWith('persona-verdict/persona-verdict@'))
        record.uses = { action: step.uses, with: { ...inputs } };
      const r = await runStepUses(st, step, inputs, { workspace, runnerTemp, githubToken, job: run });
      ({ ok, outputs } = r);
      record.result = r.result;
      record.error = r.error;
    } else if (typeof step.run === 'string') {
      const stepEnv: Record<string, string> = {};
      for (const [k, v] of Object.entries<unknown>({ ...env, ...(step.env ?? {}) })) stepEnv[k] = substitute(v, ctx());
      record.run = { script: substitute(step.run, ctx()), env: stepEnv };
      try {
        outputs = sim.onRun({ name, run: record.run.script, env: stepEnv, job: jobId }, workspace) ?? {};
      } catch (e) {
        ok = false;
        record.error = e instanceof Error ? e.message : String(e);
      }
    }
    record.conclusion = ok ? 'success' : 'failure';
    const tolerated = !ok && truthy(step['continue-on-error']);
    if (step.id)
      steps[step.id] = { outputs, outcome: record.conclusion, conclusion: tolerated ? 'success' : record.conclusion };
    run.steps.push(record);
    if (!ok && !tolerated) failed = true;
  }
  run.stepOutputs = Object.fromEntries(Object.entries(steps).map(([k, v]) => [k, v.outputs]));
  for (const [k, v] of Object.entries<unknown>(job.outputs ?? {})) run.outputs[k] = substitute(v, ctx());
  run.conclusion = failed ? 'failure' : 'success';
  return run;
}

/** Runs every job of the workflow in `needs` order (or only `only`, with the jobs they need). */
export async function runWorkflow(wf: Json, sim: SimContext, only?: string[]): Promise<WorkflowRun> {
  // GitHub starts a workflow only for the events its `on:` lists
  const on = wf.on ?? wf[true as unknown as string];
  const triggers = typeof on === 'string' ? [on] : Array.isArray(on) ? on : Object.keys(on ?? {});
  if (!triggers.includes(sim.eventName))
    throw new Error(`this workflow does not run on ${sim.eventName} (on: ${triggers.join(', ')})`);
  const st: RunState = { sim, wf, artifacts: new Map(), jobs: {} };
  const ids = Object.keys(wf.jobs);
  const wanted = new Set<string>();
  const want = (id: string): void => {
    if (wanted.has(id)) return;
    wanted.add(id);
    for (const n of [wf.jobs[id].needs ?? []].flat() as string[]) want(n);
  };
  for (const id of only ?? ids) want(id);
  const pending = ids.filter((id) => wanted.has(id));
  while (pending.length) {
    const i = pending.findIndex((id) => ([wf.jobs[id].needs ?? []].flat() as string[]).every((n) => st.jobs[n]));
    if (i < 0) throw new Error(`a needs cycle among ${pending.join(', ')}`);
    const [id] = pending.splice(i, 1);
    st.jobs[id!] = await runOneJob(st, id!);
  }
  return { jobs: st.jobs, artifacts: st.artifacts };
}
