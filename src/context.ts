// What the triggering event says, read once from the runner's environment into a
// plain value. The modes never look at the raw payload.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { Abort } from './abort.js';

export interface RunContext {
  owner: string;
  repo: string;
  eventName: string;
  /** The pull request the event names (pull_request, pull_request_target, reviews …). */
  /** pull_request*: the PR, its head and the base branch it named when the event fired. */
  eventPull: { number: number; headSha: string; fromFork: boolean; baseRef?: string } | null;
  /** workflow_run: the commit the triggering run ran on, and where that commit came from. */
  workflowRun: { headSha: string; headBranch: string; headOwner: string; headRepo: string } | null;
  /** merge_group: the group's commit and ref (the PR number is in the ref). */
  mergeGroup: { headSha: string; headRef: string } | null;
  /** issue_comment on a pull request: its number (the head is read from the API). */
  commentPull: number | null;
  /** issue_comment on a pull request: who wrote it and what it says (re-review on demand). */
  comment: { login: string; body: string } | null;
  /** pull_request(_target) `labeled`: who added which label, and the PR's author (re-review on demand by label). */
  labeled: { login: string; label: string; author: string | null } | null;
  /** workflow_dispatch: who ran the workflow (a forced run's asker, checked like a comment's). */
  dispatched: { login: string } | null;
  /** Who started this attempt (GITHUB_TRIGGERING_ACTOR: on a re-run, who re-ran it; the payload is the first's). */
  triggeringActor: string | null;
  /** Identifies this run in the marker: `<run id>-<attempt>-<random>`. */
  runId: string;
  /** This workflow run's page: a commit status without a review links here. */
  runUrl: string;
}

type Side = { sha?: string; ref?: string; repo?: { full_name?: string; fork?: boolean } | null };
type Payload = {
  merge_group?: { head_sha?: string; head_ref?: string };
  issue?: { number?: number; pull_request?: unknown };
  comment?: { body?: string; user?: { login?: string } | null };
  sender?: { login?: string };
  action?: string;
  label?: { name?: string };
  pull_request?: { number?: number; head?: Side; base?: Side; user?: { login?: string } | null };
  workflow_run?: {
    event?: string;
    head_sha?: string;
    head_branch?: string | null;
    head_repository?: { full_name?: string; owner?: { login?: string } } | null;
  };
};

export function runContext(): RunContext {
  const full = process.env['GITHUB_REPOSITORY'] ?? '';
  if (!/^[^/\s]+\/[^/\s]+$/.test(full))
    throw new Abort('bad-input', 'GITHUB_REPOSITORY is not set to owner/repo: run inside GitHub Actions');
  const [owner, repo] = full.split('/') as [string, string];
  const context = readEvent();
  const payload = context.payload;
  const pr = payload.pull_request;
  const headRepo = pr?.head?.repo?.full_name;
  const fromFork =
    Boolean(pr?.head?.repo?.fork) ||
    (headRepo !== undefined && pr?.base?.repo?.full_name !== undefined && headRepo !== full);
  const eventPull =
    pr && typeof pr.number === 'number' && typeof pr.head?.sha === 'string'
      ? {
          number: pr.number,
          headSha: pr.head.sha.toLowerCase(),
          fromFork,
          ...(typeof pr.base?.ref === 'string' ? { baseRef: pr.base.ref } : {}),
        }
      : null;
  const wr = payload.workflow_run;
  const workflowRun =
    context.eventName === 'workflow_run' && wr && typeof wr.head_sha === 'string'
      ? {
          headSha: wr.head_sha.toLowerCase(),
          headBranch: wr.head_branch ?? '',
          headOwner: wr.head_repository?.owner?.login ?? '',
          headRepo: wr.head_repository?.full_name ?? '',
        }
      : null;
  const mg = payload.merge_group;
  // a workflow_run started by a merge_group run (the default branch's workflow file, with the
  // persona App's token) reports on the group's commit like the merge_group run itself
  const fromQueue = workflowRun && wr?.event === 'merge_group' && /^gh-readonly-queue\//.test(workflowRun.headBranch);
  const mergeGroup =
    context.eventName === 'merge_group' && typeof mg?.head_sha === 'string'
      ? { headSha: mg.head_sha.toLowerCase(), headRef: String(mg.head_ref ?? '') }
      : fromQueue
        ? { headSha: workflowRun.headSha, headRef: `refs/heads/${workflowRun.headBranch}` }
        : null;
  const asked = askers(context.eventName, payload, eventPull !== null);
  const eventName = context.eventName;
  const triggeringActor = process.env['GITHUB_TRIGGERING_ACTOR']?.trim() || null;
  return { owner, repo, eventName, eventPull, workflowRun, mergeGroup, ...asked, triggeringActor, ...thisRun(full) };
}

/** This run: its id in the marker, and its page. */
function thisRun(full: string): Pick<RunContext, 'runId' | 'runUrl'> {
  const env = (k: string, d: string): string => process.env[k] ?? d;
  const runId =
    `${env('GITHUB_RUN_ID', 'local')}-${env('GITHUB_RUN_ATTEMPT', '1')}-${randomBytes(4).toString('hex')}`.replace(
      /[^A-Za-z0-9._-]/g,
      '_',
    );
  const runUrl = `${env('GITHUB_SERVER_URL', 'https://github.com')}/${full}/actions/runs/${env('GITHUB_RUN_ID', '0')}`;
  return { runId, runUrl };
}

/**
 * Who may have asked for a re-review: a comment on a pull request (its number, author, text), a label added, or a
 * workflow run by hand.
 */
function askers(
  eventName: string,
  payload: Payload,
  onPull: boolean,
): Pick<RunContext, 'commentPull' | 'comment' | 'labeled' | 'dispatched'> {
  const issue = payload.issue;
  const commentPull =
    eventName === 'issue_comment' && issue?.pull_request && typeof issue.number === 'number' ? issue.number : null;
  const login = payload.comment?.user?.login ?? payload.sender?.login ?? '';
  const comment = commentPull !== null ? { login, body: String(payload.comment?.body ?? '') } : null;
  const labeled =
    onPull && payload.action === 'labeled'
      ? {
          login: payload.sender?.login ?? '',
          label: String(payload.label?.name ?? ''),
          author: payload.pull_request?.user?.login ?? null,
        }
      : null;
  const dispatched = eventName === 'workflow_dispatch' ? { login: payload.sender?.login ?? '' } : null;
  return { commentPull, comment, labeled, dispatched };
}

/**
 * The event as the runner hands it over: GITHUB_EVENT_NAME and the JSON file at
 * GITHUB_EVENT_PATH (what @actions/github's `context` reads, but read when asked, not when the
 * module loads). No file: an empty payload, as there. A file that is not JSON never gets here on
 * a runner: @actions/github, loaded with the client, has failed the step on it already.
 */
function readEvent(): { eventName: string; payload: Payload } {
  const eventName = process.env['GITHUB_EVENT_NAME'] ?? '';
  const path = process.env['GITHUB_EVENT_PATH'];
  if (!path || !existsSync(path)) return { eventName, payload: {} };
  return { eventName, payload: JSON.parse(readFileSync(path, 'utf8')) as Payload };
}
