// Where every outcome is decided — pure. Each mode returns an `End` (what happened,
// as a value); `conclude()` turns it into the outcome, the reason, whether the step
// fails, and the commit status the gate shows on the reviewed head. docs/DESIGN.md
// has the diagram; the README's outcome table points here. The types it speaks in
// (End, Conclusion, Rules, the outcome and reason lists) are in ends.ts.
import { EVENT_OF } from './grammar.js';
import { postedEvent } from './marker.js';
import { groupHold, linkOf, newerRed, pendingChanges, reviewing, unpostedDescription } from './on-head.js';
import { short } from './sha.js';
import { said, statusOf, verdictState } from './status-words.js';

import type {
  AbortReason,
  Conclusion,
  ConclusionBase,
  End,
  PullTarget,
  Rules,
  StatusFact,
  StatusPlan,
  StatusState,
} from './ends.js';
import { standing } from './standing.js';
import type { Board } from './board.js';

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
  return doubtKept(end, rules, concluded(end, rules));
}

/**
 * A maintainer's forced re-review that stops before its pending is written — the PR a draft (review-drafts false),
 * closed, its head moved on, or the run aborted (a twin PR at the head, a failed read) — still records the doubt: the
 * forced pending goes on the head it read, before the status the run concludes (a draft's pending, an abort's failure
 * and its reason stay on top; core/on-head.ts reReviewUnderWay passes over both to the doubt), so no later plain run
 * keeps, carries or restamps the approval under doubt, nor a merge group passes on it, until a re-review posts
 * (attack R, D1–D4: the author drafts, closes, amends or opens a twin in the seconds after a /review). Not for a
 * refused /review (someone without the right to ask leaves the gate as it was), a merged PR, nor where the run never
 * read a head.
 */
function doubtKept(end: End, rules: Rules, c: Conclusion): Conclusion {
  const early = ['draft', 'closed', 'superseded', 'aborted'].includes(c.outcome);
  if (!rules.forced || rules.mode !== 'preflight' || !early || end.target?.pullNumber == null) return c;
  if (c.reason === 'command-refused' || ('merged' in end && end.merged)) return c;
  const doubt = statusOf(rules, end.target, 'pending', reviewing(rules.persona, end.target, true));
  if (!doubt) return c;
  // said by the shell once the pending is written: a write that fails says so instead (an independent review,
  // 2026-12-03: "its pending is written there" stood under "the commit status … could not be set")
  const doubtNotice =
    `the forced re-review of ${short(end.target.reviewedSha)} did not start (${c.outcome}): its pending is written ` +
    `there, so the approval under doubt is not kept, carried or restamped; comment /review ${rules.persona} again, ` +
    'or push, to re-review';
  return { ...c, doubt, doubtNotice };
}

function concluded(end: End, rules: Rules): Conclusion {
  const base = {
    headSha: end.target?.reviewedSha,
    baseRef: end.target && 'base' in end.target ? (end.target as PullTarget).base : undefined,
    pullNumber: end.target?.pullNumber ?? undefined,
    identity: end.identity,
    ...('onHead' in end && end.onHead !== undefined ? { seenOnHead: end.onHead } : {}),
    dismissed: end.dismissed ?? [],
    ...(end.lead ? { lead: end.lead } : {}),
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

type Base = ConclusionBase;

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
    lead: end.message,
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
  // read back on a reopen it is written whatever it says now: no review stands for the head to be green with
  if (!u || !end.target || (end.kind === 'closed' && verdictState(u.verdict, rules) === 'success')) return null;
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
    lead: `PR #${end.target?.pullNumber} is a draft and review-drafts is false: not reviewed yet`,
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
    verdictHead: marker.head,
    ...(end.source ? { seenOnSource: end.source.onHead } : {}),
    shouldReview,
    status: statusOf(rules, onGroup, verdictState(marker.verdict, rules), description, review.htmlUrl),
  };
}

/**
 * A forced re-review of the queued PR's head under way, a newer review of it that is not an approval, or its statuses
 * unread: the group does not pass (on-head.ts: groupHold, newerRed).
 */
function heldByReReview(
  end: Extract<End, { kind: 'queued' }>,
  rules: Rules,
): { failure: string; status: StatusPlan | null } | null {
  // a newer review the run's listing did not hold (posted between its two reads: attack Q, Q1)
  const unlisted = (s: StatusFact) => !end.listed?.includes(linkOf(s.targetUrl)?.id ?? -1);
  const standingId = end.standing?.review.id;
  const from = end.source && end.target && { pullNumber: end.target.pullNumber, reviewedSha: end.source.sha };
  const held =
    groupHold(end.target, end.onHead, end.source, end.identity, rules.persona) ??
    newerRed(end.target, end.onHead, end.identity, rules.persona, standingId, unlisted) ??
    newerRed(from, end.source?.onHead, end.identity, rules.persona, standingId, unlisted);
  const onGroup = end.target && { pullNumber: end.target.pullNumber, reviewedSha: end.statusSha };
  return held && { failure: held.failure, status: statusOf(rules, onGroup, 'failure', held.description) };
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
  const { state, description } = panelState(end.board, rules.minApprovals);
  const where = end.target && { pullNumber: end.target.pullNumber, reviewedSha: end.statusSha ?? end.board.head };
  const status = statusOf(rules, where, state, description);
  return { ...base, ...board, outcome: 'reported', verdict: v, event: EVENT_OF[v], failure, status };
}

/** The panel's status: failure on any request for changes, success with the approvals required, else pending. */
export function panelState(
  board: Board,
  minApprovals: number | null | undefined,
): { state: StatusState; description: string } {
  const approvals = board.rows.filter((r) => r.verdict === 'APPROVE').length;
  const need = Math.min(minApprovals ?? board.rows.length, board.rows.length);
  const rejecting = board.rows.filter((r) => r.verdict === 'CHANGES_REQUESTED').map((r) => r.persona);
  const state: StatusState =
    board.panelVerdict === 'CHANGES_REQUESTED' ? 'failure' : approvals >= need ? 'success' : 'pending';
  const description = rejecting.length
    ? `changes requested by ${rejecting.join(', ')}`
    : `${approvals} of ${need} required approvals`;
  return { state, description: `panel: ${description}` };
}
