// Steps every mode that talks to GitHub shares: the facts one decision needs, dismissals
// and the commit status (which PR and commit, and who the token is: target.ts). Each
// step returns a value or throws an Abort; none keeps state between calls.
import { Abort, UnconfirmedWrite } from './abort.js';
import type { Config } from './config.js';
import type { RunContext } from './context.js';
import {
  decide,
  gate,
  historyOf,
  patchCandidates,
  type Gate,
  type Dismissal,
  type HistoryEntry,
  type Plan,
  type PullFacts,
  type ReviewFact,
} from './core/decide.js';
import type { Verdict } from './core/grammar.js';
import type { PrFile } from './core/findings.js';
import type { AfterWrite, PullTarget, StatusFact, StatusPlan, Target } from './core/outcome.js';
import { describeFacts, describePlan } from './core/narrate.js';
import { dismissedRejection, latestDismissed, type DismissalEvent } from './core/restamp.js';
import { ApiError, orNull, type GitHubPort } from './github/port.js';
import { headPatchOf } from './head-patch.js';
import { identify } from './target.js';
import { short } from './core/sha.js';

export interface Facts {
  pull: PullFacts;
  identity: string;
  /** GitHub confirmed the identity (GET /user or viewer); false when only reviewer-login says so. */
  identityVerified: boolean;
  reviews: ReviewFact[];
  headTree: string | null;
  headPatch: string | null;
  /** The timeline's review dismissals, read only when the persona's latest review is dismissed (restamp) or a
   * rejection of this head and base is (keptRejection). */
  dismissals?: DismissalEvent[];
  /** The PR's files with patches, when findings are to be placed. */
  files?: PrFile[];
  /** Other open PRs whose head is this commit, into any base (a status is per commit); null when unread. */
  sharedHead?: Array<{ number: number; baseRef: string }> | null;
  warnings: string[];
}

/**
 * Everything a decision needs, in one concurrent round: the PR, the identity, the
 * reviews, the head's tree (the PR patch, which needs the PR's base, follows when
 * unchanged-when is patch). A closed PR or a moved head wins over any other failure.
 */
export async function readHead(
  cfg: Config,
  port: GitHubPort,
  target: PullTarget,
  withFiles = false,
  /** false: nothing will be written as this account (identify). */
  writes = true,
): Promise<Facts | (Gate & { stop: true })> {
  const sha = target.reviewedSha;
  const pullP = port.getPull(target.pullNumber);
  const restP = Promise.all([
    identify(cfg, port, writes),
    port.listReviews(target.pullNumber),
    port.getTree(sha),
    withFiles ? port.listPullFiles(target.pullNumber) : Promise.resolve(undefined),
    // only where a status may be written: a merge queue's own run, or commit-status: never, reads no PR list
    writes && cfg.commitStatus !== 'never' ? orNull(port.listOpenPullsWithHead(sha)) : Promise.resolve(undefined),
  ]);
  restP.catch(() => undefined); // awaited below unless the gate stops the run
  const pull = await pullP;
  const g = gate(pull, sha, target.base);
  if (g.stop) return g;
  const [who, reviews, headTree, files, withHead] = await restP;
  // any other open PR at this commit, into any base: a status is per commit, so a green here would pass it too
  // (attack round 7), and preflight judges no such head (attack rounds 8 to 10: judging one twin of the same base
  // let an older twin, a draft or a squatting fork decide the other's status)
  const sharedHead =
    withHead === undefined
      ? undefined
      : withHead === null
        ? null
        : withHead.filter((p) => p.number !== target.pullNumber);
  // every carry needs the PR patch (a tree alone proves nothing once the base moved); restamp compares
  // PR patches too, and reads the timeline only when there is a dismissal to explain
  const wantPatch = cfg.skipUnchanged || cfg.restamp;
  // and, back on a base whose rejection of this head was dismissed on a retarget, who dismissed it (keptRejection)
  const history = historyOf(reviews, who.login, cfg.persona);
  const subject = { head: sha, base: pull.baseRef, version: cfg.personaVersion ?? '' };
  const timeline =
    (cfg.restamp && cfg.mode === 'preflight' && latestDismissed(history)) ||
    (!cfg.force && dismissedRejection(history, subject));
  const warnings: string[] = [];
  const head = { sha, tree: headTree };
  // only these settings carry a verdict by the PR patch alone; with them, only from these reviews (head-patch.ts)
  const patchAlone = carriesByPatch(cfg);
  const candidates = patchAlone ? patchCandidates(history, subject) : [];
  const [headPatch, listed] = await Promise.all([
    wantPatch ? headPatchOf(port, pull.baseSha, head, candidates, warnings) : Promise.resolve(null),
    timeline ? port.listDismissals(target.pullNumber) : Promise.resolve(undefined),
  ]);
  // a dismissed rejection of another head with this head's PR patch (an amend): who dismissed it (attack L, L3)
  const another = listed === undefined && !cfg.force && dismissedRejection(history, subject, headPatch);
  const dismissals = another ? await port.listDismissals(target.pullNumber) : listed;
  if (headTree === null)
    warnings.push(`the tree of ${short(sha)} could not be read: the empty-commit skip is off for this run`);
  if (withHead === null)
    warnings.push(`the open PRs whose head is ${short(sha)} could not be listed: an approval is not written green`);
  const identity = who.login;
  const read = { reviews, headTree, headPatch, dismissals, files, sharedHead };
  return { pull, identity, identityVerified: who.verified, ...read, warnings };
}

/**
 * Whether a verdict is carried to an equal change by its PR patch alone: unchanged-when: patch, or restamp (which
 * already posts an approval again by the patch; carrying a rejection or a comment by the same rule keeps an identical
 * rebase from giving them a new LLM roll the approval does not get: a probe of issue O, 2026-12-02).
 */
export const carriesByPatch = (cfg: Pick<Config, 'unchangedWhen' | 'restamp'>): boolean =>
  cfg.unchangedWhen === 'patch' || cfg.restamp;

/** Runs `fn`; an Abort from it is attributed to the target (the failure shows on that commit). */
export async function attributed<T>(target: Target, fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw e instanceof Abort ? e.at(target) : e;
  }
}

/** Logs a step: `line` in words at info level (the log group's content), `value` as JSON with debug on. */
export type Trace = (label: string, value: unknown, line?: string) => void;

/** Hands the facts to the core and returns its plan; a refusal aborts before any write. */
export function planFor(
  cfg: Config,
  target: PullTarget,
  facts: Facts,
  verdict: Verdict | null,
  trace: Trace,
  reReviewing: readonly string[] = [],
): Exclude<Plan, { action: 'refuse' }> {
  const input = {
    persona: cfg.persona,
    identity: facts.identity,
    identityVerified: facts.identityVerified,
    head: target.reviewedSha,
    base: facts.pull.baseRef,
    author: facts.pull.author,
    headTree: facts.headTree,
    headPatch: facts.headPatch,
    reviews: facts.reviews,
    verdict,
    skipUnchanged: cfg.skipUnchanged,
    unchangedWhen: carriesByPatch(cfg) ? ('patch' as const) : ('tree' as const),
    dismissStale: cfg.dismissStale,
    reviewEvent: cfg.reviewEvent,
    force: cfg.force,
    version: cfg.personaVersion,
    restamp: cfg.restamp && facts.dismissals ? { patch: facts.headPatch, dismissals: facts.dismissals } : null,
    ...(facts.dismissals ? { dismissals: facts.dismissals } : {}),
    reReviewing,
  };
  const reviews = input.reviews.map(({ body: _body, ...r }) => ({ ...r, marker: (_body ?? '').split('\n', 1)[0] }));
  trace('facts', { ...input, reviews }, describeFacts(input));
  const plan = decide(input);
  trace('plan', plan, describePlan(plan));
  if (plan.action === 'refuse') throw new Abort('bad-input', plan.message, plan.advice);
  return plan;
}

/** What a round of dismissals did; `failure` when some could not be done (the step fails, nothing is undone). */
export interface Dismissed {
  ids: number[];
  failure?: { reason: 'permission-denied' | 'api-error'; message: string };
}

/** Dismisses each review, in order; one failure does not stop the others. */
export async function dismissAll(
  persona: string,
  port: GitHubPort,
  pullNumber: number,
  list: readonly Dismissal[],
  anchor: HistoryEntry | null,
): Promise<Dismissed> {
  const ids: number[] = [];
  const errors: string[] = [];
  let denied = false;
  for (const { entry, why } of list) {
    try {
      await port.dismissReview(pullNumber, entry.review.id, dismissMessage(persona, entry, why, anchor));
      ids.push(entry.review.id);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      errors.push(`${e.message}${e.advice ? ` (${e.advice})` : ''}`);
      if (e.reason === 'permission-denied') denied = true;
    }
  }
  if (!errors.length) return { ids };
  const advice = denied
    ? ' The token needs write access to dismiss reviews, and on a protected branch with dismissal restrictions the ' +
      'persona must be allowed to dismiss.'
    : '';
  return {
    ids,
    failure: {
      reason: denied ? 'permission-denied' : 'api-error',
      message: `${errors.length} of this persona's reviews could not be dismissed: ${errors.join('; ')}.${advice}`,
    },
  };
}

/** Dismissals that failed after the current review is in place: the review stands, the step fails. */
export const dismissalFailure = (d: Dismissed): AfterWrite | undefined =>
  d.failure && {
    reason: d.failure.reason,
    message:
      `the current review stands, but ${d.failure.message} ` +
      'Re-run the job to finish (it ends as duplicate and dismisses what is left).',
  };

function dismissMessage(
  persona: string,
  entry: HistoryEntry,
  why: Dismissal['why'],
  anchor: HistoryEntry | null,
): string {
  const was = short(entry.marker.head);
  if (why === 'edited') {
    return (
      `Edited after it was posted: this review of ${was} no longer counts as ${persona}'s verdict, and a new ` +
      'review is needed. [persona-verdict]'
    );
  }
  if (!anchor)
    return `Stale: ${persona} is reviewing a new head or base; this review was for ${was}. [persona-verdict]`;
  const current = `${anchor.review.id} (${anchor.review.htmlUrl}) for ${short(anchor.marker.head)}`;
  return why === 'stale'
    ? `Superseded: ${persona}'s current review is ${current}; this one was for ${was}. [persona-verdict]`
    : `Duplicate: ${persona} already has review ${current}; two runs raced and this copy is dismissed. ` +
        `[persona-verdict]`;
}

/** Whether this run writes a commit status: commit-status always, or auto on any event but pull_request. */
export const writesStatus = (cfg: Config, ctx: RunContext | null): boolean =>
  cfg.commitStatus === 'always' || (cfg.commitStatus === 'auto' && ctx !== null && ctx.eventName !== 'pull_request');

/** The status context this run writes. */
export const statusContext = (cfg: Config): string =>
  cfg.statusContext || `persona-verdict/${cfg.mode === 'board' ? 'panel' : cfg.persona}`;

/**
 * This run's status context on the head, newest first, when the run writes commit statuses; undefined when it writes
 * none, or check runs (not read back as statuses: statuses.ts; the core then writes pending as if a green stood there —
 * a kept verdict's run is not held, a green not read again; only a closed PR's record and the queue's forced-review
 * hold list them, own-runs.ts); null when GitHub would not
 * list them: the core then writes pending as if a green stood there, and writes no kept green (attack round 12, B4).
 */
export async function statusesOn(
  cfg: Config,
  ctx: RunContext,
  port: GitHubPort,
  sha: string,
): Promise<StatusFact[] | null | undefined> {
  if (!writesStatus(cfg, ctx) || cfg.statusKind !== 'commit') return undefined;
  try {
    return await port.listStatuses(sha, statusContext(cfg));
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return null;
  }
}

/** Writes the gate's commit status; a refusal is a failure of the step (the gate would be wrong). */
export async function publishStatus(cfg: Config, ctx: RunContext, port: GitHubPort, plan: StatusPlan): Promise<void> {
  const context = statusContext(cfg);
  try {
    await port.createStatus(plan.sha, {
      state: plan.state,
      description: plan.description,
      context,
      targetUrl: plan.reviewUrl ?? ctx.runUrl,
    });
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    const run = cfg.statusKind === 'check-run';
    const needs = run
      ? "the persona App needs Checks: read and write (and permission-checks: write where its token's permissions " +
        'are narrowed)'
      : 'the job needs permissions: statuses: write';
    const advice = e.reason === 'permission-denied' ? needs : e.advice;
    const what = run ? 'check run' : 'commit status';
    // a 5xx or a timeout may have been applied all the same: say so, and let the caller read it again (attack R, P1)
    if (e.ambiguous)
      throw new UnconfirmedWrite(
        e.reason,
        `the ${what} ${context} (${plan.state}) was not confirmed (GitHub may have applied it): ${e.message}`,
        advice,
      );
    throw new Abort(e.reason, `the ${what} ${context} (${plan.state}) could not be set: ${e.message}`, advice);
  }
}
