// Where every outcome is decided — pure. Each mode returns an `End` (what happened,
// as a value); `conclude()` turns it into the outcome, the reason, whether the step
// fails, and the commit status the gate shows on the reviewed head. docs/DESIGN.md
// has the diagram; the README's outcome table points here. The types it speaks in
// (End, Conclusion, Rules, the outcome and reason lists) are in ends.ts.
import { EVENT_OF } from './grammar.js';
import { postedEvent } from './marker.js';
import { pendingChanges, reReviewUnderWay, reviewing, unpostedDescription } from './on-head.js';
import { short } from './sha.js';
import { said, statusOf, verdictState } from './status-words.js';

import type { AbortReason, Conclusion, End, PullTarget, Rules, StatusPlan, StatusState } from './ends.js';

export * from './ends.js';
export { pendingChanges, reReviewUnderWay } from './on-head.js';
export {
  greenForLeftBase,
  greenForSharedHead,
  unlistedAfterGreen,
  greenUnderReReview,
  mayGiveWay,
  mayHaveLeftBase,
  unreadAfterGreen,
} from './after-green.js';
export { STATUS_DESCRIPTION_MAX, verdictState } from './status-words.js';

export function conclude(end: End, rules: Rules): Conclusion {
  const base = {
    headSha: end.target?.reviewedSha,
    baseRef: end.target && 'base' in end.target ? (end.target as PullTarget).base : undefined,
    pullNumber: end.target?.pullNumber ?? undefined,
    identity: end.identity,
    ...('onHead' in end && end.onHead !== undefined ? { seenOnHead: end.onHead } : {}),
    dismissed: end.dismissed ?? [],
    notices: end.notices ?? [],
    warnings: end.warnings ?? [],
  };
  const preflight = rules.mode === 'preflight' ? false : undefined;
  switch (end.kind) {
    case 'checked':
      return { ...base, outcome: 'checked', verdict: end.verdict, event: EVENT_OF[end.verdict], status: null };
    case 'closed':
    case 'superseded':
    case 'unposted':
      return stopped(end, rules, base, preflight);
    case 'needs-review':
      return {
        ...base,
        outcome: 'needs-review',
        shouldReview: true,
        diffPath: end.diffPath,
        status: pendingChanges(end.onHead, end.identity, rules.forced)
          ? statusOf(rules, end.target, 'pending', reviewing(rules.persona, end.target, rules.forced))
          : null,
      };
    case 'draft':
      return draft(end, rules, base);
    case 'queued':
      return queued(end, rules, base, preflight);
    case 'posted':
    case 'duplicate':
    case 'unchanged':
    case 'restamped':
      return standing(end, rules, base, preflight);
    case 'reported':
      return reported(end, rules, base);
    case 'aborted':
      return {
        ...base,
        outcome: 'aborted',
        reason: end.reason,
        failure: `${end.reason}: ${end.message}`,
        advice: end.advice || undefined,
        diagnosis: end.diagnosis,
        ...(end.reason === 'command-refused'
          ? // someone else's refused /review leaves the gate as it was: no review, no LLM run, no status
            { shouldReview: preflight, status: null }
          : { status: statusOf(rules, end.target, 'failure', abortDescription(end.reason, rules.persona)) }),
      };
  }
}

type Base = Omit<Conclusion, 'outcome' | 'status'>;

/**
 * Nothing to gate: a closed PR merges nothing (a closed post's verdict that does not pass is recorded on the head);
 * a moved head is gated by the run for the new head; a head judged while its PR was closed keeps that record, and is
 * not rolled again (attack round 16, C1).
 */
function stopped(
  end: Extract<End, { kind: 'closed' | 'superseded' | 'unposted' }>,
  rules: Rules,
  base: Base,
  preflight: false | undefined,
): Conclusion {
  return {
    ...base,
    outcome: end.kind,
    notices: [end.message, ...base.notices],
    shouldReview: end.kind === 'unposted' ? false : preflight,
    status: unpostedStatus(end, rules),
  };
}

/**
 * A verdict judged for a PR closed before it was posted, that does not pass: recorded as the head's failure, so that
 * a reopen does not roll the persona again (attack round 16, C1). A passing one records nothing: a reopen judges it
 * again (a wasted run, no way around the gate). Read back on a reopen (`unposted`), the record is written again: what
 * was written over it since — another base's green after a retarget there and back, a draft's pending — is not the
 * gate for this base (round 17's review).
 */
function unpostedStatus(
  end: Extract<End, { kind: 'closed' | 'superseded' | 'unposted' }>,
  rules: Rules,
): StatusPlan | null {
  const u = end.kind === 'unposted' ? end : end.kind === 'closed' ? end.unposted : undefined;
  if (!u || !end.target || verdictState(u.verdict, rules) === 'success') return null;
  const description = unpostedDescription(rules.persona, u.verdict, end.target, u.base, u.version);
  return statusOf(rules, end.target, 'failure', description);
}

const abortDescription = (reason: AbortReason, persona: string): string =>
  reason === 'no-body'
    ? `${persona}: no review (the persona step produced no body)`
    : `${persona || 'persona-verdict'} failed: ${reason}`;

function draft(end: End, rules: Rules, base: Base): Conclusion {
  return {
    ...base,
    outcome: 'draft',
    shouldReview: false,
    notices: [`PR #${end.target?.pullNumber} is a draft and review-drafts is false: not reviewed yet`, ...base.notices],
    status: statusOf(rules, end.target, 'pending', `${rules.persona}: draft, not reviewed yet`),
  };
}

/** The merge queue passes a PR whose head has a standing verdict, and stops one without (or rejected). */
function queued(end: Extract<End, { kind: 'queued' }>, rules: Rules, base: Base, shouldReview?: boolean): Conclusion {
  const sha = end.target?.reviewedSha;
  const onGroup = end.target && { pullNumber: end.target.pullNumber, reviewedSha: end.statusSha };
  if (!end.standing) {
    const pr = `PR #${end.target?.pullNumber}`;
    // a PR retargeted since the group was made: its verdicts are for another base than the group's
    const other = end.otherBase;
    const failure = other
      ? `no verdict: ${pr} now targets ${other.pull}, but this merge group merges it into ${other.group}`
      : `no verdict: ${rules.persona} has no review for ${pr}'s head ${short(sha)}`;
    const description = other
      ? `${rules.persona}: no verdict for ${pr} into ${other.group} (it targets ${other.pull})`
      : `${rules.persona}: no verdict for ${pr}'s head ${short(sha)}`;
    return {
      ...base,
      outcome: 'queued',
      failure,
      shouldReview,
      status: statusOf(rules, onGroup, 'failure', description),
    };
  }
  const held = heldByReReview(end, rules);
  if (held) return { ...base, outcome: 'queued', failure: held.failure, shouldReview, status: held.status };
  const { marker, review } = end.standing;
  const rejected = marker.verdict === 'CHANGES_REQUESTED';
  const failure =
    rejected && rules.failOnChangesRequested
      ? `changes requested: ${rules.persona}'s verdict for ${short(sha)} is CHANGES_REQUESTED ` +
        '(fail-on-changes-requested is on)'
      : undefined;
  const pr = `PR #${end.target?.pullNumber}`;
  const description = `${rules.persona}: ${said(marker.verdict, rules)} for ${pr} (review of ${short(marker.head)})`;
  return {
    ...base,
    outcome: 'queued',
    failure,
    verdict: marker.verdict,
    event: postedEvent(marker),
    reviewId: review.id,
    reviewUrl: review.htmlUrl,
    shouldReview,
    status: statusOf(rules, onGroup, verdictState(marker.verdict, rules), description, review.htmlUrl),
  };
}

/**
 * A queued PR whose head a maintainer's forced re-review is judging again (the persona's own "reviewing" pending for
 * the PR stands there, on the head or on the head its verdict is carried from), or whose statuses there could not be
 * read: the doubted verdict does not pass the group.
 */
function heldByReReview(
  end: Extract<End, { kind: 'queued' }>,
  rules: Rules,
): { failure: string; status: StatusPlan | null } | null {
  const pr = `PR #${end.target?.pullNumber}`;
  const head = short(end.target?.reviewedSha);
  const onGroup = end.target && { pullNumber: end.target.pullNumber, reviewedSha: end.statusSha };
  if (end.onHead === null || end.source?.onHead === null) {
    const failure =
      `the statuses of ${pr}'s head ${head} (or of the head its verdict is carried from) could not be read, so ` +
      'whether a re-review of it is under way is unknown: the group does not pass on its verdict (re-queue the PR)';
    return { failure, status: statusOf(rules, onGroup, 'failure', `${rules.persona}: ${pr}'s head unread`) };
  }
  // a forced re-review of the head, or of the head the verdict is carried from (attack round 14, Q1)
  const from = end.source && { pullNumber: end.target?.pullNumber ?? null, reviewedSha: end.source.sha };
  const doubted =
    reReviewUnderWay(end.onHead, end.identity, rules.persona, end.target) ||
    (from !== undefined && reReviewUnderWay(end.source?.onHead, end.identity, rules.persona, from));
  if (!doubted) return null;
  const failure =
    `re-review under way: ${rules.persona} is judging ${pr}'s head ${head} again (a forced re-review), so the ` +
    'verdict it had does not pass the group; re-queue the PR once the re-review is posted (if it failed or was ' +
    `cancelled, comment /review ${rules.persona} again, or push)`;
  return { failure, status: statusOf(rules, onGroup, 'failure', `${rules.persona}: re-review of ${pr} under way`) };
}

function reported(
  end: Extract<End, { kind: 'reported' }>,
  rules: Rules,
  base: Omit<Conclusion, 'outcome' | 'status'>,
): Conclusion {
  const missing = end.board.missing;
  const failure =
    rules.requireAllPersonas && missing.length
      ? `missing verdicts: ${missing.join(', ')} ha${missing.length === 1 ? 's' : 've'} no verdict for ` +
        `${short(end.board.head)} (require-all-personas is on)`
      : undefined;
  const v = end.board.panelVerdict;
  const board = { board: end.board, boardCommentId: end.commentId };
  const approvals = end.board.rows.filter((r) => r.verdict === 'APPROVE').length;
  const need = Math.min(rules.minApprovals ?? end.board.rows.length, end.board.rows.length);
  const state: StatusState = v === 'CHANGES_REQUESTED' ? 'failure' : approvals >= need ? 'success' : 'pending';
  const rejecting = end.board.rows.filter((r) => r.verdict === 'CHANGES_REQUESTED').map((r) => r.persona);
  const description = rejecting.length
    ? `changes requested by ${rejecting.join(', ')}`
    : `${approvals} of ${need} required approvals`;
  const where = end.target && { pullNumber: end.target.pullNumber, reviewedSha: end.statusSha ?? end.board.head };
  const status = statusOf(rules, where, state, `panel: ${description}`);
  return { ...base, ...board, outcome: 'reported', verdict: v, event: EVENT_OF[v], failure, status };
}

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

function standing(end: StandingEnd, rules: Rules, base: Base, shouldReview: boolean | undefined): Conclusion {
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
