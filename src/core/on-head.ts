// What the statuses on a head say — pure: whether a re-review is under way there, whether preflight's pending
// changes what the gate shows, and the words of that pending. outcome.ts decides on them (conclude()).
import { short } from './sha.js';
import type { StatusFact, Target } from './ends.js';

/**
 * A maintainer's forced re-review of the head is under way: of the statuses this account wrote there, newest first,
 * the persona's forced "re-reviewing" pending for this PR (what a forced preflight writes before the LLM runs) comes
 * before any status that stands for a review of this PR (its target is …/pull/N#pullrequestreview-ID). What settles
 * nothing is passed over: an abort's failure (a re-review that never posts leaves the doubt: a new /review or a push
 * decides again), another PR's status at the same head commit, a draft's pending (attack round 8). A plain run's
 * pending ("is reviewing") is no doubt cast on a verdict: an abort after it leaves nothing held (attack round 9).
 */
export function reReviewUnderWay(
  onHead: readonly StatusFact[] | null | undefined,
  identity: string | undefined,
  persona: string,
  target: Target | undefined,
): boolean {
  const me = identity?.toLowerCase();
  if (me === undefined) return false;
  for (const s of onHead ?? []) {
    if (s.creator?.toLowerCase() !== me) continue;
    if (s.state === 'pending' && s.description === reviewing(persona, target, true)) return true;
    if (target?.pullNumber != null && reviewOf(s.targetUrl) === target.pullNumber) return false;
  }
  return false;
}

/**
 * A forced re-review asked for between this run's read of the head and its green (attack round 12, B3): the newest
 * status this account wrote there is the green just written, and under it the persona's forced pending for this PR
 * comes before anything that settles it. Unread statuses (null) say nothing here: the green was written on a read.
 */
export function forcedUnderGreen(
  onHead: readonly StatusFact[] | null | undefined,
  identity: string | undefined,
  persona: string,
  target: Target,
  green: { description: string },
): boolean {
  const me = identity?.toLowerCase();
  const own = me === undefined ? [] : (onHead ?? []).filter((s) => s.creator?.toLowerCase() === me);
  const [newest, ...under] = own;
  if (newest?.state !== 'success' || newest.description !== green.description) return false;
  return reReviewUnderWay(under, identity, persona, target);
}

/** The PR a status stands for when it links to a review of it (…/pull/N#pullrequestreview-ID), else null. */
const reviewOf = (url: string | null | undefined): number | null => {
  const m = url ? /\/pull\/(\d+)#pullrequestreview-\d+$/.exec(url) : null;
  return m ? Number(m[1]) : null;
};

/**
 * Whether preflight's `pending` changes what the gate shows on the head. It does when a status of this
 * context that is not pending stands there: the newest of all, or the newest this account wrote (a
 * ruleset pinned to the persona's App counts only those) — a forced re-review, a retarget, an edited
 * review or a carried verdict on a head that already has one. On a head without one (a fresh push) the
 * required status is absent, which already blocks the merge: the write is spared, and the verdict is the
 * push's one status. Statuses that could not be read (null, undefined) count as a green: pending is written.
 */
export function pendingChanges(
  onHead: readonly StatusFact[] | null | undefined,
  identity: string | undefined,
): boolean {
  if (!onHead) return true;
  const me = identity?.toLowerCase();
  const own = onHead.find((s) => me !== undefined && s.creator?.toLowerCase() === me);
  return [onHead[0], own].some((s) => s !== undefined && s.state !== 'pending');
}

/**
 * The pending preflight writes: which persona, which head, for which PR (a head may be the head of two PRs); a forced
 * re-review's says so, and only it holds a verdict back (reReviewUnderWay).
 */
export const reviewing = (persona: string, target: Target | undefined, forced = false): string =>
  `${persona} is ${forced ? 're-reviewing' : 'reviewing'} ${short(target?.reviewedSha)}` +
  `${target?.pullNumber ? ` for PR #${target.pullNumber}` : ''}${forced ? ' (forced)' : ''}`;
