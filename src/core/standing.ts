// How a standing verdict concludes — pure, part of conclude() (outcome.ts): `posted`, `duplicate`, `unchanged` and
// `restamped` (a review that stands for the head, new, kept or restamped), with the step's result and the status the
// gate shows — green only for an approval (or a passing COMMENT) bound to this base, on a head no other open PR
// shares, with no re-review under way on it. outcome.ts dispatches to it; this file owns the rules of that one status.
import { postedEvent } from './marker.js';
import { reReviewUnderWay } from './on-head.js';
import { short } from './sha.js';
import { said, statusOf, verdictState } from './status-words.js';
import type { Conclusion, ConclusionBase as Base, End, Rules, StatusState } from './ends.js';

const WHAT = {
  posted: 'review',
  unchanged: 'carried-forward verdict',
  duplicate: 'existing review',
  restamped: 'restamped verdict',
} as const;

type StandingEnd = Extract<End, { kind: 'posted' | 'duplicate' | 'unchanged' | 'restamped' }>;

/**
 * The other open PRs a green status on this head would also pass (a status is per commit), or null; unread, it may
 * be any (fail closed).
 */
function sharedWith(end: StandingEnd, own: StatusState): string | null {
  if (own !== 'success' || end.sharedHead === undefined) return null;
  if (end.sharedHead === null) return 'any open PR (they could not be listed)';
  return end.sharedHead.length ? end.sharedHead.map((p) => `PR #${p.number} (into ${p.baseRef})`).join(', ') : null;
}

/**
 * Why a kept verdict writes no status (a notice), or null. A re-review of this head is under way (the persona's own
 * pending for this PR, from a forced preflight): a verdict kept from before it writes nothing meanwhile — no green,
 * and no red either, since any status that links the doubted review would settle the re-review's pending (a shared
 * head's failure did: attack round 12, B2); the run that posts the re-review sets it. The head's statuses could not
 * be read: whether a re-review is under way is unknown, so no green is written (attack round 12, B4).
 */
function heldBack(end: StandingEnd, rules: Rules, state: StatusState): string | null {
  if (end.kind === 'posted') return null;
  const on = `${rules.persona}'s status on ${short(end.target?.reviewedSha)}`;
  if (reReviewUnderWay(end.onHead, end.identity, rules.persona, end.target))
    return (
      `${on} is not written${state === 'success' ? ' green' : ''}: a forced re-review of this head (or of a verdict ` +
      'carried from it to a later head) was asked for, and no review of this head has settled it; the run that ' +
      `posts one sets the status (comment /review ${rules.persona} for this head, or push)`
    );
  if (state !== 'success' || end.onHead !== null) return null;
  return (
    `${on} is not written green: the head's statuses could not be read, so whether a forced re-review of it is ` +
    'under way is unknown; re-run this job, or the next run decides'
  );
}

/** What fails the step on a standing verdict: a failure after the write, a rejection with fail-on-changes-requested. */
function standingFailure(end: StandingEnd, rules: Rules): string | undefined {
  if (end.afterWrite) return `${end.afterWrite.reason}: ${end.afterWrite.message}`;
  if (!rules.failOnChangesRequested || end.standing.marker.verdict !== 'CHANGES_REQUESTED') return undefined;
  return (
    `changes requested: ${rules.persona}'s ${WHAT[end.kind]} for ${short(end.target?.reviewedSha)} is ` +
    'CHANGES_REQUESTED (fail-on-changes-requested is on)'
  );
}

export function standing(end: StandingEnd, rules: Rules, base: Base, shouldReview: boolean | undefined): Conclusion {
  const { marker, review } = end.standing;
  const verdict = marker.verdict;
  const failure = standingFailure(end, rules);
  // the gate fails closed: anything but an approval, or any failure after the write, is a red status
  const judged: StatusState = end.afterWrite ? 'failure' : verdictState(verdict, rules);
  // retargeted while the review was made: an approval for the old base is no green for the new one
  const moved = end.retargeted !== undefined && judged === 'success' ? end.retargeted : undefined;
  const own: StatusState = moved !== undefined ? 'pending' : judged;
  const shared = sharedWith(end, own);
  const state: StatusState = shared ? 'failure' : own;
  const head = short(end.target?.reviewedSha);
  const from = end.kind === 'restamped' ? end.original?.marker.head : marker.head;
  const carried =
    end.kind === 'unchanged'
      ? ` (carried from ${short(marker.head)})`
      : end.kind === 'restamped'
        ? ` (restamped from ${short(from)}, identical patch)`
        : '';
  const trouble = end.afterWrite ? `; ${end.afterWrite.reason} after posting` : '';
  const held = heldBack(end, rules, state);
  const elsewhere =
    `${rules.persona}'s ${said(verdict, rules)} is for ${marker.base}, but PR #${end.target?.pullNumber} was ` +
    `retargeted to ${moved} while it was made: the status on ${head} is pending until the run for ${moved} decides`;
  const twice =
    `${rules.persona}'s status on ${head} is failure, not success: that commit is also the head of ${shared}, and ` +
    'a status is per commit, so it would pass there too. Close the other PR, or push a new commit to one of them';
  return {
    ...base,
    // the base the verdict is for, when the run was bound to none (workflow_run, a comment): a green is read again
    // against it (greenForLeftBase; attack round 10)
    baseRef: base.baseRef ?? marker.base,
    outcome: end.kind,
    reason: end.afterWrite?.reason,
    failure,
    verdict,
    event: postedEvent(marker),
    reviewId: review.id,
    reviewUrl: review.htmlUrl,
    baselineSha: end.kind === 'unchanged' || end.kind === 'restamped' ? from : undefined,
    findings: end.kind === 'posted' ? end.findings : undefined,
    shouldReview,
    notices: held ? [held, ...base.notices] : moved !== undefined ? [elsewhere, ...base.notices] : base.notices,
    warnings: shared ? [twice, ...base.warnings] : base.warnings,
    status: held
      ? null
      : statusOf(
          rules,
          end.target,
          state,
          moved !== undefined
            ? `${rules.persona}: ${said(verdict, rules)} was for ${marker.base}; the PR now targets ${moved}`
            : `${rules.persona}: ${said(verdict, rules)}${carried}${trouble}` +
                (shared ? `; also the head of ${shared}` : ''),
          review.htmlUrl,
        ),
  };
}
