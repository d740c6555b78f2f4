// What a green just written must give way to — pure. A green is the last thing a run writes, and what it read
// before may have changed meanwhile: the PR retargeted (the green is for a base it has left), a maintainer's forced
// re-review asked for (the green would pass a verdict being judged again). The shell (src/after-green.ts) reads once
// more after a green and writes what these return over it; conclude() (outcome.ts) decided the green itself.
import type { Conclusion, StatusFact, StatusPlan, StatusState } from './ends.js';
import { groupHold, linkOf, newerRed, reReviewUnderWay, reviewing, underGreen, writtenSince } from './on-head.js';
import { short } from './sha.js';
import { fit } from './status-words.js';

/** Only a standing verdict's green is checked again after it is written. */
const STANDING = ['posted', 'duplicate', 'unchanged', 'restamped'];

/** A green of a standing verdict bound to a base: the PR is read again after it is written (greenForLeftBase). */
export const mayHaveLeftBase = (c: Conclusion): boolean =>
  c.status?.state === 'success' && !!c.baseRef && STANDING.includes(c.outcome);

/**
 * A green just written for a base the PR has left (retargeted between the run's last read and the write: attack
 * round 8): the status to write over it, pending until the new base's run decides, and why; null when the green
 * stands (another outcome, no base bound, the same base).
 */
export function greenForLeftBase(
  c: Conclusion,
  persona: string,
  nowBase: string,
): { status: StatusPlan; notice: string } | null {
  if (!mayHaveLeftBase(c) || !c.status || c.baseRef === nowBase) return null;
  const said = c.verdict === 'APPROVE' ? 'approved' : 'passed';
  const description = `${persona}: ${said} for ${c.baseRef}; the PR now targets ${nowBase}`;
  const notice =
    `PR #${c.pullNumber} was retargeted from ${c.baseRef} to ${nowBase} as the status was written: the status on ` +
    `${short(c.status.sha)} is pending until the run for ${nowBase} decides`;
  return { status: { ...c.status, state: 'pending', description: fit(description) }, notice };
}

/**
 * A post's green just written on a head another open PR has come to share since the post listed them before its
 * create (a twin opened, and refused, while the green was on its way: attack round 16, F3 for a post): a status is
 * per commit, so the green would pass the twin too — failure goes over it, as on a shared head read before. Null when
 * the green stands (not a post's, no status, no other PR now). A kept verdict's run dates what it read (underGreen).
 */
export function greenForSharedHead(
  c: Conclusion,
  persona: string,
  others: ReadonlyArray<{ number: number; baseRef: string }>,
): { status: StatusPlan; notice: string } | null {
  if (c.outcome !== 'posted' || !mayHaveLeftBase(c) || !c.status || !others.length) return null;
  const twins = others.map((p) => `PR #${p.number} (into ${p.baseRef})`).join(', ');
  const said = c.verdict === 'APPROVE' ? 'approved' : 'passed';
  return {
    status: { ...c.status, state: 'failure', description: fit(`${persona}: ${said}; also the head of ${twins}`) },
    notice:
      `${short(c.status.sha)} became the head of ${twins} as ${persona}'s green was written: a status is per commit, ` +
      'so it would pass there too; failure is written over it. Close the other PR, or push a new commit to one of them',
  };
}

/**
 * A post's green after which what could have changed cannot be read again — the PR (a retarget) or the open PRs at its
 * head (a twin): whether the green still stands is unknown, so pending goes over it and the step fails (attack round
 * 17, R17-4, and its review: the listing that catches a twin, or the PR read beside it, failed open).
 */
export function unlistedAfterGreen(
  c: Conclusion,
  persona: string,
  what = 'the open PRs at its head',
): { status: StatusPlan; notice: string } | null {
  if (c.outcome !== 'posted' || !mayHaveLeftBase(c) || !c.status) return null;
  return {
    status: { ...c.status, state: 'pending', description: fit(`${persona}: unconfirmed (re-read failed); re-run`) },
    notice:
      `${what} could not be read again after ${persona}'s green on ${short(c.status.sha)} was written, so whether ` +
      'the PR was retargeted or another PR came to share the commit meanwhile is unknown: pending is written over ' +
      'the green; re-run this job',
  };
}

/** Whether a green is read again against the head's statuses: a standing verdict's, from a run that was not forced. */
export const mayGiveWay = (c: Conclusion, forced: boolean): boolean =>
  !forced && c.status?.state === 'success' && c.pullNumber !== undefined && STANDING.includes(c.outcome);

/**
 * A green just written by a run that was not forced, while what it read of the head changed (underGreen): a forced
 * re-review asked for since (attack round 12, B3) gets its pending back over the green; a newer review's verdict
 * posted meanwhile (a forced re-review's, a second attack on round 12) gets its status back. The status to write and
 * why; null when the green stands.
 */
export function greenUnderReReview(
  c: Conclusion,
  persona: string,
  forced: boolean,
  onHead: readonly StatusFact[] | null | undefined,
): { status: StatusPlan; notice: string } | null {
  const green = c.status;
  if (!mayGiveWay(c, forced) || !green || c.pullNumber === undefined) return null;
  const target = { pullNumber: c.pullNumber, reviewedSha: green.sha };
  const under = underGreen(onHead, c.identity, persona, target, green, c.seenOnHead);
  if (under === null) return null;
  const head = short(green.sha);
  if (under === 'forced')
    return {
      status: { ...green, state: 'pending', description: fit(reviewing(persona, target, true)) },
      notice:
        `a forced re-review of ${head} is under way (asked for before or as ${persona}'s green was written): its ` +
        'pending is written again over the green; the run that posts the re-review sets the status (if it failed or ' +
        'was cancelled, ' +
        `comment /review ${persona} again, or push)`,
    };
  const state: StatusState = under.state === 'success' || under.state === 'pending' ? under.state : 'failure';
  const newer = linkOf(under.targetUrl)?.pr === c.pullNumber;
  return {
    status: {
      sha: green.sha,
      state,
      description: fit(under.description ?? ''),
      reviewUrl: under.targetUrl ?? undefined,
    },
    notice: newer
      ? `a newer review of ${head} by ${persona} (${under.targetUrl}) was posted as this run's green was written: ` +
        'its status is written again over the green'
      : `a ${state} of ${persona} on ${head} ("${under.description ?? ''}") was written after this run read the ` +
        "head (another PR's refusal of this shared head, or an abort): it is written again over the green",
  };
}

/**
 * A kept verdict's green (its run read the head before: duplicate, unchanged, restamped) whose head's statuses cannot
 * be read again after it: whether a forced re-review was asked for meanwhile is unknown, so pending goes over it and
 * the step fails (attack round 13, F4; B4 holds a kept green back when the read before fails). A post's green too,
 * since a post reads the head before its create (attack round 18, R18-1); a forced post's, which reads nothing
 * before, is not read again. Null when the green stands.
 */
export function unreadAfterGreen(c: Conclusion, persona: string): { status: StatusPlan; notice: string } | null {
  const green = c.status;
  if (!green || c.seenOnHead === undefined || !mayGiveWay(c, false)) return null;
  const head = short(green.sha);
  return {
    status: { ...green, state: 'pending', description: fit(`${persona}: unconfirmed (statuses unread); re-run`) },
    notice:
      `the statuses of ${head} could not be read again after ${persona}'s green was written, so whether a forced ` +
      're-review was asked for meanwhile is unknown: pending is written over the green; re-run this job',
  };
}

/** A merge group's green (outcome queued): the queued PR's head, and the head its verdict was given for if another. */
export const groupHeads = (c: Conclusion): { head: string; source?: string } | null =>
  c.outcome === 'queued' && c.status?.state === 'success' && c.pullNumber !== undefined && c.headSha
    ? { head: c.headSha, ...(c.verdictHead && c.verdictHead !== c.headSha ? { source: c.verdictHead } : {}) }
    : null;

/**
 * A merge group's green just written while, since the run read the queued PR's head, a maintainer's forced re-review
 * of it (or of the head its verdict is carried from) was asked for — under way (groupHold, the rule conclude() applies
 * to what it reads before: attack K, K1, the queue's B3) or already posted and not an approval (newerRed: attack L,
 * L1) — or those statuses can no longer be read: the group must not pass on the doubted verdict, so failure goes over
 * the green and the step fails. Null when the green stands.
 */
export function groupGreenUnderReReview(
  c: Conclusion,
  persona: string,
  onHead: readonly StatusFact[] | null,
  onSource: readonly StatusFact[] | null | undefined,
): { status: StatusPlan; notice: string; failure: string } | null {
  const heads = groupHeads(c);
  if (!heads || !c.status) return null;
  const source = heads.source && onSource !== undefined ? { sha: heads.source, onHead: onSource } : undefined;
  const target = { pullNumber: c.pullNumber!, reviewedSha: heads.head };
  const held =
    groupHold(target, onHead, source, c.identity, persona) ??
    newerRed(target, onHead, c.identity, persona, c.reviewId, writtenSince(c.seenOnHead), WRITTEN) ??
    (source
      ? newerRed(
          { ...target, reviewedSha: source.sha },
          source.onHead,
          c.identity,
          persona,
          c.reviewId,
          writtenSince(c.seenOnSource),
          WRITTEN,
        )
      : null);
  if (!held) return null;
  return {
    status: { sha: c.status.sha, state: 'failure', description: fit(held.description) },
    notice: `the head read again after the group's green: ${held.failure}`,
    failure: held.failure,
  };
}

const WRITTEN = "as the group's green was written";

/** A carried or restamped verdict's green: the head its verdict comes from, when another than the head. */
export const carriedFrom = (c: Conclusion): string | undefined =>
  (c.outcome === 'unchanged' || c.outcome === 'restamped') &&
  c.status?.state === 'success' &&
  c.baselineSha &&
  c.baselineSha !== c.status.sha
    ? c.baselineSha
    : undefined;

/**
 * A carried or restamped green just written while a maintainer's forced re-review of the head it comes from was asked
 * for (the forced run read that head before this run carried from it, and stopped when the head moved: attack R, F2
 * of a second round): the forced pending goes over the green, on this head — the doubt follows the verdict it doubts.
 * Null when the green stands.
 */
export function carriedUnderReReview(
  c: Conclusion,
  persona: string,
  onSource: readonly StatusFact[] | null | undefined,
): { status: StatusPlan; notice: string } | null {
  const source = carriedFrom(c);
  if (!source || !c.status || c.pullNumber === undefined || !onSource) return null;
  if (!reReviewUnderWay(onSource, c.identity, persona, { pullNumber: c.pullNumber, reviewedSha: source })) return null;
  const head = { pullNumber: c.pullNumber, reviewedSha: c.status.sha };
  return {
    status: { ...c.status, state: 'pending', description: fit(reviewing(persona, head, true)) },
    notice:
      `a forced re-review of ${short(source)}, the head ${persona}'s verdict was carried from, was asked for: the ` +
      `green on ${short(head.reviewedSha)} gives way to its pending; comment /review ${persona} again, or push, to ` +
      're-review',
  };
}
