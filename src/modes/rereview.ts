// A forced re-review under way doubts a verdict carried from another head: before a plan keeps a verdict carried to
// this head (an equal change) or restamps one, both heads' statuses are read, and a maintainer's "re-reviewing" pending
// on either means the head is judged instead. One rule for preflight (no verdict yet: a review) and post (the LLM's
// verdict: posted, not a carried one — a probe of restamp's patch carry found post carrying past it, 2026-12-02).
import type { Config } from '../config.js';
import type { RunContext } from '../context.js';
import type { Verdict } from '../core/grammar.js';
import { reReviewUnderWay, type End, type PullTarget, type StatusFact } from '../core/outcome.js';
import { identify } from '../target.js';
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
 * A forced run whose head moved on (superseded: at its first read of the PR, after its diff, or in its post): a green
 * carried or restamped to the new head from the head it read gets the forced pending too (core/on-head.ts
 * carriedGreenOn; attack R2, F2 and R3), and a notice says so; else nothing. The head it read is read here when the
 * run had not read it (a first read that stopped, a post, check runs). The doubt on the head it read is the
 * preflight's (conclude()'s doubtKept; a forced post's preflight wrote it).
 */
export async function doubtCarriedTo(
  cfg: Config,
  ctx: RunContext,
  port: GitHubPort,
  read: { target: PullTarget; onHead?: readonly StatusFact[] | null; identity: string },
  movedTo: string,
): Promise<string[]> {
  const [onRead, onNew] = await Promise.all([
    read.onHead !== undefined ? read.onHead : ownStateOn(cfg, ctx, port, read.target.reviewedSha),
    ownStateOn(cfg, ctx, port, movedTo),
  ]);
  const pull = { pullNumber: read.target.pullNumber, readSha: read.target.reviewedSha };
  if (!carriedGreenOn(onRead, onNew, read.identity, pull)) return [];
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

/**
 * A forced run (preflight or post) that stopped because the PR's head moved on: its doubt follows a green carried or
 * restamped to the new head from the head it read (doubtCarriedTo), wherever it stopped — at its first read (a
 * label's event names the head it was added at: attack R3, F4), after its diff, or in its post (F3).
 */
export async function doubtFollows(cfg: Config, ctx: RunContext, port: GitHubPort, end: End): Promise<End> {
  if (end.kind !== 'superseded' || !cfg.force || !end.movedTo || end.target?.pullNumber == null) return end;
  const identity = end.identity ?? (await identify(cfg, port)).login;
  const read = { target: end.target as PullTarget, identity };
  const notices = await doubtCarriedTo(cfg, ctx, port, read, end.movedTo);
  return notices.length ? { ...end, notices: [...(end.notices ?? []), ...notices] } : end;
}
