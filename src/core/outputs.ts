// The action's outputs from a run's conclusion — pure. main.ts sets each of them (empty when unset); action.yml and
// the README describe them, and a unit test (test/unit/action-outputs.test.ts) derives from this function which
// outcomes give each output a value, so the descriptions cannot leave one out.
import type { Conclusion } from './ends.js';

const text = (v: string | number | boolean | undefined): string => (v === undefined ? '' : String(v));

/** Every output by its action.yml name: '' when the run gives none. The board's three only on mode board. */
export function outputsOf(r: Conclusion): Record<string, string> {
  return {
    outcome: r.outcome,
    reason: text(r.reason),
    verdict: text(r.verdict),
    event: text(r.event),
    'review-id': text(r.reviewId),
    'review-url': text(r.reviewUrl),
    'dismissed-review-ids': JSON.stringify(r.dismissed),
    'should-review': text(r.shouldReview),
    'head-sha': text(r.headSha),
    'base-ref': text(r.baseRef),
    'baseline-sha': text(r.baselineSha),
    'diff-path': text(r.diffPath),
    'inline-findings': text(r.findings?.inline.length),
    'body-findings': text(r.findings?.inBody.length),
    ...(r.board
      ? {
          'panel-verdict': r.board.panelVerdict,
          'missing-personas': JSON.stringify(r.board.missing),
          'board-comment-id': text(r.boardCommentId),
        }
      : {}),
  };
}
