// Whether the panel board can read what it counts — pure, part of the doctor's workflow reading
// (core/doctor-workflows.ts). The board counts an App member's approval only where it can read that
// member's own check runs on the head (their red or forced run holds the approval off the panel); with
// GITHUB_TOKEN that takes `checks: read`. Without it every approval of a persona that writes check runs
// is left uncounted and the panel stays red: fail closed, but a gate nobody can pass.
import { obj, OUR_ACTION, str, type Json } from './doctor-keys.js';
import type { WorkflowIssue, Writer } from './doctor-writers.js';

/** The personas of a board step that are Apps (`persona=<slug>[bot]`), by persona name. */
function appMembers(raw: string): string[] {
  return raw
    .split(/[\n,]/)
    .map((p) => /^\s*([A-Za-z0-9_.-]+)\s*=\s*[^@\s]+\[bot\]/.exec(p)?.[1])
    .filter((p): p is string => !!p);
}

/** What GITHUB_TOKEN may do with check runs in a job: its `permissions`, else the workflow's; undefined when unset. */
function checksScope(job: Json, wf: Json): string | undefined {
  const perms = job['permissions'] ?? wf['permissions'];
  if (perms === undefined || perms === null) return undefined;
  if (typeof perms === 'string') return /^(read|write)-all$/.test(perms) ? 'read' : 'none';
  return str(obj(perms)['checks']) || 'none';
}

const GITHUB_TOKEN = /^$|\bgithub\.token\b|secrets\.GITHUB_TOKEN\b/;

/**
 * Board steps that count App members writing check runs but whose GITHUB_TOKEN cannot list check runs: a fail when
 * the job's (or workflow's) permissions leave `checks` out, a warning when no permissions are set (the repository's
 * default token decides; its restricted default has no `checks`). A board minting its own App token is not judged.
 */
export function boardReads(file: string, id: string, job: Json, wf: Json, writers: readonly Writer[]): WorkflowIssue[] {
  const steps = Array.isArray(job['steps']) ? (job['steps'] as unknown[]).map(obj) : [];
  const out: WorkflowIssue[] = [];
  for (const s of steps) {
    const w = obj(s['with']);
    if (!OUR_ACTION.test(str(s['uses'])) || str(w['mode']) !== 'board') continue;
    if (!GITHUB_TOKEN.test(str(w['github-token']).trim())) continue;
    const runs = appMembers(str(w['personas'])).filter((p) => writers.some((x) => x.persona === p && x.checkRun));
    const scope = checksScope(job, wf);
    if (!runs.length || scope === 'read' || scope === 'write') continue;
    const unset = scope === undefined;
    out.push({
      file,
      where: `job ${id}`,
      level: unset ? 'warn' : 'fail',
      says:
        `the board counts ${runs.join(', ')}, which write${runs.length === 1 ? 's' : ''} check runs, but ` +
        (unset ? 'sets no permissions, so the default token may not' : 'its permissions do not let GITHUB_TOKEN') +
        ' list check runs: each such approval is left uncounted and the panel stays red',
      fix: `add \`checks: read\` to the permissions of job ${id} in ${file}`,
    });
  }
  return out;
}
