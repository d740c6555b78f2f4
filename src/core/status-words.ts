// The words and colours of a commit status — pure: a verdict's colour and words, GitHub's limit on a
// description, and the status plan for a target. outcome.ts decides which one a run writes (conclude()).
import type { Verdict } from './grammar.js';
import type { Rules, StatusPlan, StatusState, Target } from './ends.js';

/**
 * The gate's colour for a standing verdict: green only for an approval (or a COMMENT when
 * comment-passes says "no objection" is enough); red for a rejection, and for a COMMENT
 * otherwise, since GitHub never counts a COMMENT review as an approval either.
 */
export function verdictState(verdict: Verdict, rules: Pick<Rules, 'commentPasses'>): StatusState {
  if (verdict === 'APPROVE') return 'success';
  return verdict === 'COMMENT' && rules.commentPasses ? 'success' : 'failure';
}

/** The status description's words for a verdict. */
export const said = (verdict: Verdict, rules: Pick<Rules, 'commentPasses'>): string =>
  verdict === 'COMMENT' && !rules.commentPasses ? 'COMMENT, commented without approving' : verdict;

/** GitHub's limit on a commit status description. */
export const STATUS_DESCRIPTION_MAX = 140;
export const fit = (s: string): string =>
  s.length <= STATUS_DESCRIPTION_MAX ? s : `${s.slice(0, STATUS_DESCRIPTION_MAX - 1)}…`;

export function statusOf(
  rules: Rules,
  target: Target | undefined,
  state: StatusState,
  description: string,
  reviewUrl?: string,
): StatusPlan | null {
  if (!rules.commitStatus || !target) return null;
  return { sha: target.reviewedSha, state, description: fit(description), reviewUrl };
}
