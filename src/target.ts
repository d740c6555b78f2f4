// Which PR and commit a run is about, and who the token is: read from the event, the
// inputs and GitHub once, refused when they disagree. Each step returns a value or throws
// an Abort.
import { Abort } from './abort.js';
import type { Config } from './config.js';
import type { RunContext } from './context.js';
import type { PullTarget, Target } from './core/outcome.js';
import type { GitHubPort } from './github/port.js';
import { parseQueueRef } from './core/queue.js';
import { short } from './core/sha.js';

/** The PR a run is about: pull-number, the event's PR, or the PR whose head a workflow_run ran on. */
export async function resolvePull(
  cfg: Config,
  ctx: RunContext,
  port: GitHubPort,
): Promise<{ pullNumber: number; eventHead: string | null }> {
  const ev = ctx.eventPull;
  // the event names the PR: an input that disagrees is refused, never allowed to redirect the verdict
  const named = ev?.number ?? (ctx.mergeGroup ? queuedPull(ctx.mergeGroup.headRef) : ctx.commentPull);
  if (named !== null && cfg.pullNumber !== null && cfg.pullNumber !== named) {
    throw new Abort(
      'bad-input',
      `pull-number ${cfg.pullNumber} is not the PR this ${ctx.eventName} event names (#${named})`,
      'leave pull-number empty on pull_request*, issue_comment and merge_group events: the event names the PR',
    );
  }
  if (ev) return { pullNumber: ev.number, eventHead: ev.headSha };
  if (named !== null) return { pullNumber: named, eventHead: null };
  if (ctx.workflowRun)
    return { pullNumber: await workflowRunPull(cfg, ctx, ctx.workflowRun, port), eventHead: ctx.workflowRun.headSha };
  if (cfg.pullNumber === null) {
    throw new Abort(
      'bad-input',
      `no pull request: this ${ctx.eventName || 'unknown'} event carries none; set pull-number (and reviewed-sha) ` +
        `explicitly`,
    );
  }
  return { pullNumber: cfg.pullNumber, eventHead: null };
}

/**
 * A workflow_run names a commit, not a PR (its pull_requests list is empty for
 * forks): the PR is the open one in this repository whose head is that commit, from
 * that repository and branch. Nothing an artifact says is consulted.
 */
async function workflowRunPull(
  cfg: Config,
  ctx: RunContext,
  wr: NonNullable<RunContext['workflowRun']>,
  port: GitHubPort,
): Promise<number> {
  if (!wr.headBranch || !wr.headOwner) {
    throw new Abort(
      'bad-input',
      'this workflow_run event names no head branch or head repository: it was not triggered by a pull request',
    );
  }
  const from = `${wr.headRepo || wr.headOwner}:${wr.headBranch}`;
  const fromHead = (await port.listPullsByHead(wr.headOwner, wr.headBranch)).filter(
    (p) => !wr.headRepo || p.headRepo === null || p.headRepo === wr.headRepo,
  );
  const exact = fromHead.filter((p) => p.headSha === wr.headSha);
  // none at the run's commit: the branch moved on during the run. The PR is still the one
  // from that branch, and the gate ends the run superseded (nothing is written for an old head).
  const pulls = exact.length ? exact : fromHead;
  const numbers = pulls.map((p) => `#${p.number}`).join(', ');
  const at = exact.length ? `whose head is ${short(wr.headSha)} ` : '';
  if (cfg.pullNumber !== null) {
    if (pulls.some((p) => p.number === cfg.pullNumber)) return cfg.pullNumber;
    throw new Abort(
      'bad-input',
      `pull-number ${cfg.pullNumber} is not an open PR ${at || `at ${short(wr.headSha)} `}from ${from}` +
        (numbers ? ` (those are ${numbers})` : ''),
      'do not take pull-number from an artifact or anything else the triggering run wrote; leave it empty',
    );
  }
  if (pulls.length === 1) return pulls[0]!.number;
  if (!pulls.length) {
    throw new Abort('bad-input', `no open PR in ${ctx.owner}/${ctx.repo} has head ${short(wr.headSha)} from ${from}`);
  }
  throw new Abort(
    'bad-input',
    `open PRs ${numbers} all come from ${from}${exact.length ? ` at ${short(wr.headSha)}` : ''}`,
    'set pull-number to the one this workflow is for',
  );
}

/** The reviewed commit as far as it is known without a request (for the status of a refused body). */
export function knownHead(cfg: Config, ctx: RunContext): Target | undefined {
  const sha = cfg.reviewedSha ?? ctx.eventPull?.headSha ?? ctx.workflowRun?.headSha;
  return sha ? { pullNumber: cfg.pullNumber ?? ctx.eventPull?.number ?? null, reviewedSha: sha } : undefined;
}

/**
 * The commit a run is about as far as the event says, without a request: where a failed
 * first read (the PR, the reviews) still shows as a failure, so a merge group or a PR never
 * waits for a check that does not come. A merge group's status goes on the group's commit.
 */
export function eventCommit(cfg: Config, ctx: RunContext): Target | undefined {
  if (!ctx.mergeGroup) return knownHead(cfg, ctx);
  return {
    pullNumber: parseQueueRef(ctx.mergeGroup.headRef)?.pullNumber ?? null,
    reviewedSha: ctx.mergeGroup.headSha,
  };
}

/**
 * A merge group's PR (from its ref) and commit. The event names both: a pull-number or
 * reviewed-sha input that disagrees is refused before anything is read or written.
 */
export function queuedTarget(
  cfg: Config,
  group: { headRef: string; headSha: string },
): Target & { pullNumber: number } {
  const pullNumber = queuedPull(group.headRef);
  const wrong =
    cfg.pullNumber !== null && cfg.pullNumber !== pullNumber
      ? `pull-number ${cfg.pullNumber} is not the PR this merge group was made for (#${pullNumber})`
      : cfg.reviewedSha !== null && cfg.reviewedSha !== group.headSha
        ? `reviewed-sha ${short(cfg.reviewedSha)} is not this merge group's commit (${short(group.headSha)})`
        : null;
  if (wrong) {
    // shown on the group's commit: a queue never waits for a check that does not come
    const advice = 'leave pull-number and reviewed-sha empty in a merge queue: the event names both';
    throw new Abort('bad-input', wrong, advice).at({ pullNumber, reviewedSha: group.headSha });
  }
  return { pullNumber, reviewedSha: group.headSha };
}

/** The PR a merge group was made for, from its ref; an unrecognised ref fails closed. */
export function queuedPull(headRef: string): number {
  const q = parseQueueRef(headRef);
  if (!q) {
    throw new Abort(
      'bad-input',
      `merge group ref "${headRef.slice(0, 200)}" is not refs/heads/gh-readonly-queue/<base>/pr-<N>-<sha>: ` +
        'cannot tell which pull request it is for',
    );
  }
  return q.pullNumber;
}

/**
 * The base the persona reviewed the change into: the event's (pull_request_target), else the one preflight read the
 * diff against (reviewed-base, from its output base-ref). A post whose event names no base (workflow_run,
 * issue_comment, workflow_dispatch) needs reviewed-base: without it a retarget while the LLM ran would be recorded
 * as the base the persona approved into.
 */
function boundBase(cfg: Config, ctx: RunContext, pullNumber: number): string | undefined {
  const fromEvent = ctx.eventPull?.number === pullNumber ? ctx.eventPull.baseRef : undefined;
  // what preflight read the diff against is what was reviewed; the gate compares it with the PR as it stands
  const base = cfg.reviewedBase ?? fromEvent;
  if (!base && cfg.mode === 'post') {
    throw new Abort(
      'bad-input',
      `this ${ctx.eventName} event names no base branch for PR #${pullNumber}, and reviewed-base is empty: ` +
        'the verdict cannot be bound to the base the persona reviewed against',
      'set reviewed-base: ${{ needs.preflight.outputs.base-ref }} beside reviewed-sha (see docs/recipes/fork-safe.yml)',
    );
  }
  return base;
}

/** The PR and the commit the persona reviewed; the event's head wins over anything else. */
export async function resolveTarget(cfg: Config, ctx: RunContext, port: GitHubPort): Promise<PullTarget> {
  const { pullNumber, eventHead } = await resolvePull(cfg, ctx, port);
  if (eventHead && cfg.reviewedSha && cfg.reviewedSha !== eventHead) {
    throw new Abort(
      'bad-input',
      `reviewed-sha ${short(cfg.reviewedSha)} is not the head this ${ctx.eventName} event names (${short(eventHead)})`,
      'leave reviewed-sha empty (the event names the head), and never use github.sha: on pull_request events it is ' +
        'a merge commit',
    );
  }
  // a PR comment names no commit: the head is read once here, and pinned from then on (output head-sha)
  const fromApi = !cfg.reviewedSha && !eventHead && ctx.commentPull === pullNumber;
  const reviewedSha = cfg.reviewedSha ?? eventHead ?? (fromApi ? (await port.getPull(pullNumber)).headSha : null);
  if (!reviewedSha) {
    throw new Abort(
      'bad-input',
      `no reviewed commit for PR #${pullNumber}: set reviewed-sha to the head SHA the persona reviewed (GITHUB_SHA ` +
        `is a merge commit and is never used)`,
    );
  }
  // the base binds the run: a PR retargeted while the persona worked is superseded (gate)
  const base = boundBase(cfg, ctx, pullNumber);
  return { pullNumber, reviewedSha, ...(base ? { base } : {}) };
}

/**
 * status-kind: check-run closes the status to everyone but the persona's own App: say so before anything is written
 * when the token is an account's (GitHub refuses it check runs) or GITHUB_TOKEN's (whose runs belong to GitHub
 * Actions, which any workflow with checks: write can also write).
 */
function checkRunsNeedTheApp(cfg: Config, login: string): void {
  if (cfg.statusKind !== 'check-run' || cfg.commitStatus === 'never') return;
  const what = !/\[bot\]$/i.test(login)
    ? 'an account: only a GitHub App can create check runs'
    : /^github-actions\[bot\]$/i.test(login)
      ? "GITHUB_TOKEN: its check runs are GitHub Actions', which any workflow can also write"
      : null;
  if (!what) return;
  throw new Abort(
    'bad-input',
    `status-kind is check-run, but this token posts as ${login}, ${what}`,
    "pass the persona App's installation token (actions/create-github-app-token), or set status-kind: commit",
  );
}

/**
 * The account the token posts as. A given reviewer-login is checked against what
 * GitHub says whenever GitHub says it: a wrong one would read the wrong history. A run
 * that only reads (the merge-queue report) takes reviewer-login as whose history to read:
 * its token (GITHUB_TOKEN, viewer github-actions[bot]) is not the persona's account.
 */
export async function identify(
  cfg: Config,
  port: GitHubPort,
  writes = true,
): Promise<{ login: string; verified: boolean }> {
  if (!writes && cfg.reviewerLogin) return { login: cfg.reviewerLogin, verified: false };
  const actual = (await port.getUserLogin()) ?? (await port.getViewerLogin());
  const given = cfg.reviewerLogin;
  if (given && actual && actual.toLowerCase() !== given.toLowerCase()) {
    throw new Abort(
      'bad-input',
      `reviewer-login is ${given}, but this token posts as ${actual}`,
      `set reviewer-login to ${actual}, or leave it empty`,
    );
  }
  const login = actual ?? given;
  if (!login) {
    throw new Abort(
      'permission-denied',
      'could not establish which account this token posts as: GET /user and GraphQL viewer were both refused ' +
        "(as they are for GITHUB_TOKEN and GitHub App tokens); set input reviewer-login to the token's login, for " +
        'example github-actions[bot]',
    );
  }
  checkRunsNeedTheApp(cfg, login);
  return { login, verified: actual !== null };
}
