// A forced re-review under way doubts a verdict carried from another head: before a plan keeps a verdict carried to
// this head (an equal change) or restamps one, both heads' statuses are read, and a maintainer's "re-reviewing" pending
// on either means the head is judged instead. One rule for preflight (no verdict yet: a review) and post (the LLM's
// verdict: posted, not a carried one — a probe of restamp's patch carry found post carrying past it, 2026-12-02).
import type { Config } from '../config.js';
import type { RunContext } from '../context.js';
import type { Verdict } from '../core/grammar.js';
import { reReviewUnderWay, type PullTarget, type StatusFact } from '../core/outcome.js';
import { carriedGreenOn, reviewing } from '../core/on-head.js';
import { fit } from '../core/status-words.js';
import { short } from '../core/sha.js';
import type { GitHubPort } from '../github/port.js';
import { planFor, publishStatus, type Facts, type Trace } from '../steps.js';
import { ownStateOn } from '../own-runs.js';

/**
 * The plan; but a verdict carried to this head from another (an equal change, or restamped after GitHub's push
 * dismissal), or restamped onto its own head, is first checked on both heads: when a forced re-review is under way on
 * the head it comes from or on this one (the persona's "re-reviewing" pending for this PR is the newest status it
 * wrote there), this head is reviewed instead — a rebase, or a push away and back, must not carry the verdict a
 * maintainer has asked to be judged again past that judgment (attack round 13, F1 and F2). The statuses read on this
 * head go with the plan: a restamp's green is read against them afterwards.
 */
export async function unlessReReviewed(
  cfg: Config,
  ctx: RunContext,
  port: GitHubPort,
  target: PullTarget,
  facts: Facts,
  trace: Trace,
  verdict: Verdict | null = null,
): Promise<{ plan: ReturnType<typeof planFor>; onTarget?: readonly StatusFact[] | null }> {
  const plan = planFor(cfg, target, facts, verdict, trace);
  const from = carriedFrom(plan);
  if (!from) return { plan };
  const [onSource, onTarget] = await Promise.all([
    from === target.reviewedSha ? undefined : ownStateOn(cfg, ctx, port, from),
    ownStateOn(cfg, ctx, port, target.reviewedSha),
  ]);
  // unread statuses may hide a forced re-review: fail closed, the head is reviewed (a review, not a stuck head)
  const doubted = (on: readonly StatusFact[] | null | undefined, sha: string) =>
    on === null || reReviewUnderWay(on, facts.identity, cfg.persona, { ...target, reviewedSha: sha });
  if (!doubted(onSource, from) && !doubted(onTarget, target.reviewedSha)) return { plan, onTarget };
  return { plan: planFor(cfg, target, facts, verdict, trace, [from]), onTarget };
}

/** The head a plan carries a verdict from (unchanged, or restamped after GitHub's push dismissal), else null. */
export const carriedFrom = (plan: ReturnType<typeof planFor>): string | null =>
  plan.action === 'keep' && plan.outcome === 'unchanged'
    ? plan.current.marker.head
    : plan.action === 'restamp'
      ? plan.original.marker.head
      : null;

/**
 * A forced preflight whose head moved on (superseded): a green carried to the new head from the head it read gets
 * the forced pending too (core/on-head.ts carriedGreenOn; attack R2, F2), and a notice says so; else nothing. The
 * doubt on the head it read is conclude()'s (doubtKept).
 */
export async function doubtCarriedTo(
  cfg: Config,
  ctx: RunContext,
  port: GitHubPort,
  read: { target: PullTarget; onHead: readonly StatusFact[] | null | undefined; identity: string },
  movedTo: string,
): Promise<string[]> {
  const onNew = await ownStateOn(cfg, ctx, port, movedTo);
  if (!carriedGreenOn(read.onHead, onNew, read.identity, read.target.pullNumber)) return [];
  const to = { pullNumber: read.target.pullNumber, reviewedSha: movedTo };
  await publishStatus(cfg, ctx, port, {
    sha: movedTo,
    state: 'pending',
    description: fit(reviewing(cfg.persona, to, true)),
  });
  return [
    `the head moved on to ${short(movedTo)}, which shows ${cfg.persona}'s approval carried from ` +
      `${short(read.target.reviewedSha)}: the forced re-review's pending is written there too`,
  ];
}
