// Duplicate or unchanged: nothing is posted; the standing review is tidied around
// and reported. Shared by post and preflight.
import type { Config } from '../config.js';
import type { RunContext } from '../context.js';
import type { Plan } from '../core/decide.js';
import type { Verdict } from '../core/grammar.js';
import type { End, PullTarget, StatusFact } from '../core/outcome.js';
import type { GitHubPort } from '../github/port.js';
import { dismissAll, dismissalFailure, type Facts } from '../steps.js';
import { ownStateOn } from '../own-runs.js';
import { short } from '../core/sha.js';

export async function keepStanding(
  cfg: Config,
  ctx: RunContext,
  port: GitHubPort,
  target: PullTarget,
  plan: Extract<Plan, { action: 'keep' }>,
  facts: Facts,
  bodyVerdict: Verdict | null,
  /** The head's statuses, when the run has just read them (preflight, before a carry): not read again. */
  read?: { onHead: readonly StatusFact[] | null | undefined },
): Promise<End> {
  const { current } = plan;
  const verdict = current.marker.verdict;
  let lead: string;
  const warnings = [...facts.warnings];
  if (plan.outcome === 'duplicate') {
    lead =
      `${cfg.persona} already reviewed ${short(target.reviewedSha)} (review ${current.review.id}, ${verdict}): ` +
      `nothing posted`;
    if (bodyVerdict && bodyVerdict !== verdict) {
      warnings.push(
        `this run's body says ${bodyVerdict}, but the review already on GitHub for this head says ${verdict}; ` +
          'the live review stands (one review per persona and head)',
      );
    }
  } else {
    const same =
      plan.by === 'patch'
        ? 'the same PR patch (a rebase or base merge that changes nothing in the PR)'
        : 'the same tree and PR patch (an empty commit)';
    lead =
      `${short(target.reviewedSha)} has ${same} as ${short(current.marker.head)}, which ${cfg.persona} reviewed ` +
      `(${verdict}): verdict carried forward, nothing posted`;
  }
  const [done, onHead] = await Promise.all([
    dismissAll(cfg.persona, port, target.pullNumber, plan.settlement.dismiss, plan.settlement.anchor),
    read ? read.onHead : ownStateOn(cfg, ctx, port, target.reviewedSha),
  ]);
  const afterWrite = dismissalFailure(done);
  return {
    kind: plan.outcome,
    standing: current,
    target,
    identity: facts.identity,
    dismissed: done.ids,
    lead,
    warnings,
    afterWrite,
    onHead,
    sharedHead: facts.sharedHead,
  };
}
