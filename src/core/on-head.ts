// What the statuses on a head say — pure: whether a re-review is under way there, whether preflight's pending
// changes what the gate shows, and the words of that pending. outcome.ts decides on them (conclude()).
import { createHash } from 'node:crypto';
import { short } from './sha.js';
import type { StatusFact, Target } from './ends.js';
import type { Verdict } from './grammar.js';
import { fit } from './status-words.js';

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
    if (target?.pullNumber != null && linkOf(s.targetUrl)?.pr === target.pullNumber) return false;
  }
  return false;
}

/** A status written since the run read the head (`seen`; nothing read: every status is). */
export const writtenSince =
  (seen: readonly StatusFact[] | null | undefined) =>
  (s: StatusFact): boolean =>
    !seen || s.id === undefined || !seen.some((x) => x.id === s.id);

/** What holds a merge group back: why the step fails, and the group commit's status description. */
export interface GroupHold {
  failure: string;
  description: string;
}

/**
 * A queued PR whose head a maintainer's forced re-review is judging again (the persona's own "reviewing" pending for
 * the PR stands there, on the head or on the head its verdict is carried from: attack round 14, Q1), or whose statuses
 * there could not be read: the doubted verdict does not pass the group. Null when nothing holds it. conclude() asks
 * before the group's status is written (outcome.ts), after-green.ts again once a green is written (attack K, K1).
 */
export function groupHold(
  target: Target | undefined,
  onHead: readonly StatusFact[] | null | undefined,
  source: { sha: string; onHead: readonly StatusFact[] | null } | undefined,
  identity: string | undefined,
  persona: string,
): GroupHold | null {
  const pr = `PR #${target?.pullNumber}`;
  const head = short(target?.reviewedSha);
  if (onHead === null || source?.onHead === null) {
    const failure =
      `the statuses of ${pr}'s head ${head} (or of the head its verdict is carried from) could not be read, so ` +
      'whether a re-review of it is under way is unknown: the group does not pass on its verdict (re-queue the PR)';
    return { failure, description: `${persona}: ${pr}'s head unread` };
  }
  const from = source && { pullNumber: target?.pullNumber ?? null, reviewedSha: source.sha };
  const doubted =
    reReviewUnderWay(onHead, identity, persona, target) ||
    (from !== undefined && reReviewUnderWay(source?.onHead, identity, persona, from));
  if (!doubted) return null;
  const failure =
    `re-review under way: ${persona} is judging ${pr}'s head ${head} again (a forced re-review), so the ` +
    'verdict it had does not pass the group; re-queue the PR once the re-review is posted (if it failed or was ' +
    `cancelled, comment /review ${persona} again, or push)`;
  return { failure, description: `${persona}: re-review of ${pr} under way` };
}

/**
 * A review of the PR newer than the one a merge group passes on, posted and not an approval: the persona's newest
 * status for the PR on the head links it. `fresh` says which statuses may show one — after the group's green, those
 * written since the run read the head (a forced re-review posted while the green waited: attack L, L1); before it,
 * those linking a review the run's listing did not hold (one posted between the run's read of the reviews and of the
 * statuses: attack Q, Q1). Another base's older review, read with the rest, is the history's to weigh, not a hold.
 * A newer approval lets the group pass.
 */
export function newerRed(
  target: { pullNumber: number | null; reviewedSha: string } | undefined,
  onHead: readonly StatusFact[] | null | undefined,
  identity: string | undefined,
  persona: string,
  reviewId: number | undefined,
  fresh: (s: StatusFact) => boolean,
  when = 'as this run read it',
): GroupHold | null {
  const me = identity?.toLowerCase();
  if (me === undefined || reviewId === undefined || target?.pullNumber == null) return null;
  const mine = (onHead ?? []).filter((s) => s.creator?.toLowerCase() === me);
  const newest = mine.find((s) => linkOf(s.targetUrl)?.pr === target.pullNumber);
  const link = newest && linkOf(newest.targetUrl);
  if (!newest || !link || !fresh(newest) || link.id <= reviewId || newest.state === 'success') return null;
  const pr = `PR #${target.pullNumber}`;
  const not = newest.state === 'pending' ? 'its status is pending' : 'it is not an approval';
  return {
    failure:
      `a newer review of ${pr}'s head ${short(target.reviewedSha)} by ${persona} (${newest.targetUrl}) was posted ` +
      `${when}, and ${not}: the group does not pass on the verdict it replaced (re-queue the PR)`,
    description: `${persona}: ${pr} was reviewed again`,
  };
}

/** Does a status link where a green would: its review, or (a green without one) no review at all. */
function sameLink(targetUrl: string | null | undefined, reviewUrl: string | undefined): boolean {
  return reviewUrl === undefined ? linkOf(targetUrl) === null : targetUrl === reviewUrl;
}

/**
 * What must go back over a green just written by a run that was not forced, or null: under it (the newest status this
 * account wrote there, this run's), statuses that settle nothing are passed over (an abort's failure, another PR's,
 * a plain pending); then the persona's forced pending for this PR, when a kept verdict's run had not read it, is a
 * forced re-review asked for since ('forced': attack round 12, B3), and a status that stands for a newer review of
 * this PR than the green's is that review's verdict, posted meanwhile (a forced re-review's rejection: a second attack
 * on round 12) — unless the run had read it before it wrote (a kept verdict's run: then it is another base's newer
 * review, and the green, for this base, stands). A red that is not this PR's review's, written since a kept verdict's
 * run read the head (a twin PR's refusal of the shared head, an abort), goes back too. A status for the green's own
 * review or an older one lets the green stand. A post reads the head before its create (attack round 18, R18-1): a
 * forced pending written since goes back; its read failed (seen null), any forced pending under the green does; and
 * one it read still under way there (a /review during the plain LLM job: rt18-C).
 */
export function underGreen(
  onHead: readonly StatusFact[] | null | undefined,
  identity: string | undefined,
  persona: string,
  target: Target,
  green: { description: string; reviewUrl?: string },
  /** The statuses the run read before it wrote the green (a kept verdict's; a post's, before its create; null when
   * that read failed), else undefined. */
  seen?: readonly StatusFact[] | null,
): StatusFact | 'forced' | null {
  const me = identity?.toLowerCase();
  const own = me === undefined ? [] : (onHead ?? []).filter((s) => s.creator?.toLowerCase() === me);
  const [newest, ...under] = own;
  if (newest?.state !== 'success' || newest.description !== green.description) return null;
  const greenReview = linkOf(green.reviewUrl)?.id ?? Infinity;
  // written since the run read the head; a run that read nothing before (a post's) knows only that a status for a
  // newer review than its own new one came after it
  const since = writtenSince(seen);
  // a red written since a kept verdict's run read the head that is not this PR's review's: a twin PR's refusal of this
  // shared head, or an abort — it goes back over the green, fail closed (attack round 13, F3: a twin opened while the
  // green waited), unless a forced pending or a newer review's status of this PR under it says more
  let red: StatusFact | null = null;
  // a copy of this green hides no other PR's red: look under it for one (attack R, P5: a twin PR's refusal under the
  // run's own earlier copy). A copy the run had read (an earlier run's green) settled what it stands over of this PR
  // — a forced pending, a review's status — as before; one written since the read (this run's own write, applied
  // though GitHub answered 5xx, then retried) settled nothing (a read-through of P5's fix)
  let copy = false;
  for (const s of under) {
    if (s.state === 'success' && s.description === green.description && sameLink(s.targetUrl, green.reviewUrl)) {
      if (!since(s)) copy = true;
      continue;
    }
    // a forced pending reached here is under way: nothing above it settles it (a review's status of this PR returns
    // below). It goes back over the green of any run that read the head before it wrote — written since the read, or
    // read and still under way (a /review asked during the plain LLM job, rt18-C; R11-3's dead one then holds the
    // head until a /review or a push, as it holds a kept verdict), or the read failed (seen null: R18-1 behind one
    // 5xx). Only a forced run, which reads nothing before its post (seen undefined), writes its green over its own.
    if (s.state === 'pending' && s.description === reviewing(persona, target, true))
      return seen !== undefined && !copy ? 'forced' : red;
    const link = linkOf(s.targetUrl);
    if (target.pullNumber == null || link?.pr !== target.pullNumber) {
      if (!red && seen && since(s) && s.state !== 'success' && s.state !== 'pending') red = s;
      continue;
    }
    // a newer review's status the run had already read is another base's (a kept verdict's review is older than
    // the review a retarget away made): only one written since the read is a verdict posted meanwhile
    return !copy && link.id > greenReview && since(s) ? s : red;
  }
  return red;
}

/** The PR and review a status links to (…/pull/N#pullrequestreview-ID), else null. */
export const linkOf = (url: string | null | undefined): { pr: number; id: number } | null => {
  const m = url ? /\/pull\/(\d+)#pullrequestreview-(\d+)$/.exec(url) : null;
  return m ? { pr: Number(m[1]), id: Number(m[2]) } : null;
};

/**
 * Whether preflight's `pending` changes what the gate shows on the head. It does when a status of this
 * context that is not pending stands there: the newest of all, or the newest this account wrote (a
 * ruleset pinned to the persona's App counts only those) — a forced re-review, a retarget, an edited
 * review or a carried verdict on a head that already has one. On a head without one (a fresh push) the
 * required status is absent, which already blocks the merge: the write is spared, and the verdict is the
 * push's one status. Statuses that could not be read (null, undefined) count as a green: pending is written. A forced
 * re-review's is always written, even where nothing stands yet: a verdict carried to the head (an identical push a
 * moment before the /review) must see it and not pass over it (attack round 13, F1).
 */
export function pendingChanges(
  onHead: readonly StatusFact[] | null | undefined,
  identity: string | undefined,
  forced = false,
): boolean {
  if (!onHead || forced) return true;
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

/**
 * The failure a post writes when the PR was closed before its verdict could be posted (GitHub refuses a review on a
 * closed PR): the persona, the verdict, and a key of the PR, base and persona version (its first 10 hex digits of a
 * SHA-256: a long base or version cut by the 140-character limit cannot make two records alike, round 16's
 * read-through), then the PR and base in words. Read back by preflight on a reopen, it keeps the head from being
 * judged again (attack round 16, C1: closing and reopening was a new roll of the LLM).
 */
export const unpostedDescription = (
  persona: string,
  verdict: Verdict,
  target: { pullNumber: number | null; reviewedSha: string },
  base: string,
  version: string,
): string => {
  const key = createHash('sha256').update(`${target.pullNumber}\n${base}\n${version}`).digest('hex').slice(0, 10);
  return fit(`${persona}: ${verdict} not posted [${key}]: PR #${target.pullNumber} (into ${base}) was closed`);
};

/**
 * The verdict this head was judged with while its PR was closed, never posted, or null: the persona's own statuses
 * of this context on the head, newest first, hold the record for this PR, base and persona version, and nothing
 * newer settles it. Only a maintainer's forced re-review of this PR does (its pending); what settles nothing is
 * passed over — a plain "reviewing" pending, a draft's, an abort, another base's or PR's status, a review of this PR
 * for another base or version (the PR author can cause each of those: a retarget there and back, a draft round trip,
 * a twin PR; round 16's read-through). Names compared in any case.
 */
export function unpostedVerdict(
  onHead: readonly StatusFact[] | null | undefined,
  identity: string | undefined,
  persona: string,
  target: { pullNumber: number; reviewedSha: string },
  base: string,
  version: string,
): Verdict | null {
  const me = identity?.toLowerCase();
  if (me === undefined) return null;
  const forced = reviewing(persona, target, true).toLowerCase();
  const verdicts: Verdict[] = ['CHANGES_REQUESTED', 'COMMENT', 'APPROVE'];
  const records = verdicts.map((v) => [v, unpostedDescription(persona, v, target, base, version).toLowerCase()]);
  for (const s of onHead ?? []) {
    if (s.creator?.toLowerCase() !== me) continue;
    const said = (s.description ?? '').toLowerCase();
    if (s.state === 'pending' && said === forced) return null;
    const found = s.state === 'failure' ? records.find(([, d]) => d === said) : undefined;
    if (found) return found[0] as Verdict;
  }
  return null;
}

/**
 * A green carried to the PR's new head from the head a forced run read: the persona's newest status for this PR on the
 * new head is a green that links the same review as its newest on the head read (a carried verdict's status links the
 * review it carries), or says it was carried or restamped from that head (a restamp posts a new review: attack R3,
 * F1). Unread statuses on the new head count as carried (fail closed). The forced run whose head moved on then doubts
 * the new head too (attack R2, F2: the identical amend's run carried the doubted approval and finished first).
 */
export function carriedGreenOn(
  onRead: readonly StatusFact[] | null | undefined,
  onNew: readonly StatusFact[] | null | undefined,
  identity: string | undefined,
  pull: { pullNumber: number; readSha: string },
): boolean {
  const me = identity?.toLowerCase();
  if (me === undefined || onNew === undefined) return false;
  if (onNew === null) return true;
  const newest = (on: readonly StatusFact[]) =>
    on.find((s) => s.creator?.toLowerCase() === me && linkOf(s.targetUrl)?.pr === pull.pullNumber);
  const read = onRead ? newest(onRead) : undefined;
  const now = newest(onNew);
  if (now?.state !== 'success') return false;
  const sameReview = !!read && linkOf(now.targetUrl)!.id === linkOf(read.targetUrl)!.id;
  return (
    sameReview || new RegExp(`\\b(?:carried|restamped) from ${short(pull.readSha)}\\b`).test(now.description ?? '')
  );
}
