// What a job hands to code or machines the doctor cannot read — pure, part of its workflow reading
// (core/doctor-workflows.ts). Another repository's reusable workflow, called from a gated workflow, runs in this
// repository's run: its jobs may name this repository's environments (a persona's key among their secrets) and get
// what the caller passes. A self-hosted runner may keep what an earlier job left, and a writer's branch workflow or a
// PR's job may run there before the persona's. What it cannot read is reported as unknown, never as ok (an attack
// of round R found both said ok).
import { obj, str, type Json } from './doctor-keys.js';
import type { WorkflowIssue } from './doctor-writers.js';

/** `owner/repo/path@ref` of a job-level `uses:`; null for a local call (`./…`) or no call. */
function callOf(uses: string): { repo: string; path: string; ref: string } | null {
  const m = /^([^/.\s][^/\s]*\/[^/\s]+)\/([^@\s]+)@(\S+)$/.exec(uses.trim());
  return m ? { repo: m[1]!, path: m[2]!, ref: m[3]! } : null;
}

/**
 * A gated workflow's job that calls another repository's reusable workflow: at a branch or a tag a fail — whoever may
 * push there writes what runs with this repository's environments and the secrets passed, as a checkout of a branch
 * named outright; at a commit's SHA a warning, since the doctor does not read that file. `repo`: this repository
 * (owner/name); when not known, a call naming a workflow file this repository has (`paths`) is taken to be its own.
 */
export function crossRepoCall(
  file: string,
  id: string,
  job: Json,
  where: { repo: string | null; paths: ReadonlySet<string> },
): WorkflowIssue[] {
  const call = callOf(str(job['uses']));
  if (!call) return [];
  const own = where.repo ? call.repo.toLowerCase() === where.repo.toLowerCase() : where.paths.has(call.path);
  if (own) return [];
  const named = `${call.repo}/${call.path}@${call.ref}`;
  const runs =
    "its jobs run in this repository's run, with the environments they name (this repository's, a persona's key " +
    'among their secrets) and the secrets passed to them';
  const copy = 'or copy the workflow into .github/workflows/ so the doctor reads it';
  if (!/^[0-9a-f]{40}$/i.test(call.ref))
    return [
      {
        file,
        where: `job ${id}`,
        level: 'fail',
        says:
          `calls ${named}, another repository's workflow at a branch or tag: ${runs}; whoever may push to ` +
          `${call.repo} writes what this job runs`,
        fix: `in ${file}, job ${id}: pin the call to a full commit SHA of ${call.repo} that you have read, ${copy}`,
      },
    ];
  return [
    {
      file,
      where: `job ${id}`,
      level: 'warn',
      says:
        `calls ${named}, another repository's workflow the doctor does not read: ${runs}, so whether a persona ` +
        'credential sits beside the LLM step or PR code there is unknown',
      fix:
        `read ${named} against README "Check your gate" (no persona credential beside the LLM step, no PR code ` +
        `checked out), ${copy}`,
    },
  ];
}

/** GitHub-hosted runners' labels: ubuntu-24.04, windows-latest, macos-15-large, ubuntu-24.04-arm … */
const HOSTED = /^(?:ubuntu|windows|macos)-(?:latest|\d+(?:\.\d+)?)(?:-(?:arm|arm64|large|xlarge|intel))?$/i;

/** A job's runner labels, a matrix's values followed; null where an expression or a group hides them. */
function labelsOf(job: Json): string[] | null {
  const raw = job['runs-on'];
  const listed = Array.isArray(raw) ? raw.map(str) : typeof raw === 'string' ? [raw] : null;
  if (!listed) return raw === undefined ? [] : null; // { group, labels }: a runner group, GitHub's or self-hosted
  const matrix = obj(obj(job['strategy'])['matrix']);
  const out: string[] = [];
  for (const label of listed) {
    const m = /^\$\{\{\s*matrix\.([A-Za-z0-9_-]+)\s*\}\}$/.exec(label.trim());
    const values = m ? matrix[m[1]!] : undefined;
    if (Array.isArray(values) && values.every((v) => typeof v === 'string')) out.push(...values);
    else if (label.includes('${{')) return null;
    else out.push(label);
  }
  return out;
}

/**
 * A job that holds a persona credential on a runner that is not GitHub-hosted (`self-hosted`, a custom label, a
 * runner group, a label chosen by an expression): a warning — a runner that is not ephemeral keeps what an earlier
 * job left, and the doctor cannot see whether PR jobs or a writer's branch workflows share it.
 */
export function runnerIssue(file: string, id: string, job: Json): WorkflowIssue[] {
  const labels = labelsOf(job);
  if (labels && labels.every((l) => HOSTED.test(l.trim()))) return [];
  const raw = job['runs-on'];
  const on = labels ? `[${labels.join(', ')}]` : (typeof raw === 'string' ? raw : JSON.stringify(raw)).slice(0, 60);
  return [
    {
      file,
      where: `job ${id}`,
      level: 'warn',
      says:
        `the job holds a persona credential and runs on ${on}, not a GitHub-hosted runner: whether that runner is ` +
        "ephemeral, or also runs PR jobs or a writer's branch workflows that could leave a process to read the key, " +
        'is unknown to the doctor',
      fix:
        `in ${file}, run job ${id} on a GitHub-hosted runner (ubuntu-latest), or on ephemeral self-hosted runners ` +
        '(a fresh runner per job) in a runner group only this workflow may use',
    },
  ];
}
