// After a green is written: read once more what may have changed since the run read it, and write what must go
// over the green (core/after-green.ts decides). The PR's base (a retarget since the run's last read: attack round
// 8), then the head's statuses (a forced re-review asked for meanwhile: attack round 12); for a merge group's green,
// the queued PR's head and the head its verdict is carried from (a forced re-review under way or posted meanwhile:
// attacks K and L). Unreadable, a post's green stays with a warning, a kept verdict's gets pending over it and fails
// the step (attack round 13, F4), and a group's gets failure over it and fails the step; a status that cannot be
// written over a green fails the step, saying the green stands.
import * as core from '@actions/core';
import { Abort } from './abort.js';
import type { Config } from './config.js';
import type { RunContext } from './context.js';
import {
  carriedFrom,
  carriedUnderReReview,
  groupGreenUnderReReview,
  groupHeads,
  greenForLeftBase,
  greenForSharedHead,
  greenUnderReReview,
  mayGiveWay,
  mayHaveLeftBase,
  unlistedAfterGreen,
  unreadAfterGreen,
} from './core/after-green.js';
import type { Conclusion, StatusPlan } from './core/ends.js';
import { withReReviews } from './core/board.js';
import { panelState } from './core/outcome.js';
import { fit } from './core/status-words.js';
import { fromOwnStatuses } from './modes/board.js';
import { ApiError, orNull, type GitHubPort } from './github/port.js';
import { publishStatus } from './steps.js';
import { ownStateOn } from './own-runs.js';

export async function afterGreen(r: Conclusion, cfg: Config, ctx: RunContext, port: GitHubPort): Promise<Conclusion> {
  if (r.outcome === 'queued') return groupAfterGreen(r, cfg, ctx, port);
  if (r.outcome === 'reported') return boardAfterGreen(r, cfg, ctx, port);
  const based = await baseAfterGreen(r, cfg, ctx, port);
  return based.status?.state === 'success' ? reReviewAfterGreen(based, cfg, ctx, port) : based;
}

/**
 * The PR read once more: retargeted since the run's last read, pending goes over the green (greenForLeftBase); and,
 * after a post's green, the open PRs at its head: one come to share it since, failure goes over (greenForSharedHead).
 */
async function baseAfterGreen(r: Conclusion, cfg: Config, ctx: RunContext, port: GitHubPort): Promise<Conclusion> {
  if (!mayHaveLeftBase(r) || r.pullNumber === undefined) return r; // nothing read for a queue's or a red status
  const pullNumber = r.pullNumber;
  const sha = r.status!.sha;
  let nowBase: string;
  let others: Array<{ number: number; baseRef: string }> | null;
  try {
    const [pull, withHead] = await Promise.all([
      port.getPull(pullNumber),
      r.outcome === 'posted' ? orNull(port.listOpenPullsWithHead(sha)) : Promise.resolve([]),
    ]);
    nowBase = pull.baseRef;
    others = withHead && withHead.filter((p) => p.number !== pullNumber);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    // a post's green, unconfirmed: fail closed (round 17's review); a kept verdict's run read the PR before it wrote
    if (r.outcome === 'posted')
      return unconfirmed(r, cfg, ctx, port, unlistedAfterGreen(r, cfg.persona, `PR #${pullNumber} (${e.message})`)!);
    return {
      ...r,
      warnings: [...r.warnings, `the PR could not be read again after the green was written: ${e.message}`],
    };
  }
  const left = greenForLeftBase(r, cfg.persona, nowBase);
  if (left) return overGreen(r, cfg, ctx, port, left);
  if (others === null)
    return unconfirmed(r, cfg, ctx, port, unlistedAfterGreen(r, cfg.persona, `the open PRs at ${sha.slice(0, 7)}`)!);
  const shared = greenForSharedHead(r, cfg.persona, others);
  return shared ? overGreen(r, cfg, ctx, port, shared) : r;
}

/**
 * A green that cannot be confirmed (what it depends on could not be read again): pending over it, and the step fails
 * so that someone re-runs it — a kept verdict's whose statuses are unread (attack round 13, F4), a post's whose PR or
 * open PRs are (R17-4).
 */
async function unconfirmed(
  r: Conclusion,
  cfg: Config,
  ctx: RunContext,
  port: GitHubPort,
  plan: { status: StatusPlan; notice: string },
): Promise<Conclusion> {
  const over = await overGreen(r, cfg, ctx, port, plan);
  return over.failure ? over : { ...over, failure: `api-error: ${plan.notice}`, reason: over.reason ?? 'api-error' };
}

/**
 * The head's statuses read once more (a run that was not forced; with check runs its own runs, evidence of what
 * stands, unread when unlisted): a forced re-review asked for since the run read them gets its pending back over the
 * green (greenUnderReReview).
 */
async function reReviewAfterGreen(r: Conclusion, cfg: Config, ctx: RunContext, port: GitHubPort): Promise<Conclusion> {
  if (!mayGiveWay(r, cfg.force) || !r.status) return r; // a queue's, the board's, a red: nothing read
  const onHead = await ownStateOn(cfg, ctx, port, r.status.sha);
  if (onHead === undefined) return r; // no status written
  if (onHead === null) {
    const unread = unreadAfterGreen(r, cfg.persona);
    if (!unread)
      return {
        ...r,
        warnings: [...r.warnings, "the head's statuses could not be read again after the green was written"],
      };
    // unconfirmed: the green stayed over a forced re-review asked for meanwhile (attack round 13, F4)
    return unconfirmed(r, cfg, ctx, port, unread);
  }
  const held = greenUnderReReview(r, cfg.persona, cfg.force, onHead);
  if (held) return overGreen(r, cfg, ctx, port, held);
  // a carried verdict: the head it comes from, read again too
  const source = carriedFrom(r);
  const onSource = source ? await ownStateOn(cfg, ctx, port, source) : undefined;
  const doubted = carriedUnderReReview(r, cfg.persona, onSource);
  return doubted ? overGreen(r, cfg, ctx, port, doubted) : r;
}

/**
 * A merge group's green: the queued PR's head (and the head its verdict is carried from) read once more — a forced
 * re-review asked for since the run read them, or statuses now unread, puts failure over the green and fails the step
 * (groupGreenUnderReReview; attack K, K1).
 */
async function groupAfterGreen(r: Conclusion, cfg: Config, ctx: RunContext, port: GitHubPort): Promise<Conclusion> {
  const heads = groupHeads(r);
  if (!heads) return r; // a red, or no status written
  const [onHead, onSource] = await Promise.all([
    ownStateOn(cfg, ctx, port, heads.head),
    heads.source ? ownStateOn(cfg, ctx, port, heads.source) : undefined,
  ]);
  if (onHead === undefined) return r; // no status written by this run
  const held = groupGreenUnderReReview(r, cfg.persona, onHead, onSource);
  if (!held) return r;
  const over = await overGreen(r, cfg, ctx, port, held);
  return over.failure ? over : { ...over, failure: held.failure };
}

/** Writes a status over the green just written; if that fails, the step fails and says the green stands. */
async function overGreen(
  r: Conclusion,
  cfg: Config,
  ctx: RunContext,
  port: GitHubPort,
  over: { status: StatusPlan; notice: string },
): Promise<Conclusion> {
  try {
    await core.group('commit status', () => publishStatus(cfg, ctx, port, over.status));
  } catch (e) {
    if (!(e instanceof Abort)) throw e;
    // the green stands: the step fails and says so (attack round 9)
    const failure = `${over.notice}; but the status over it could not be set: ${e.reason}: ${e.message}`;
    return { ...r, reason: r.reason ?? e.reason, failure, advice: oneEach(r.advice, e.advice) };
  }
  return { ...r, status: over.status, notices: [over.notice, ...r.notices] };
}

/** Advice from two failures, each piece once (the same fix is not said twice). */
export function oneEach(a: string | undefined, b: string | undefined): string | undefined {
  if (!a || !b) return a || b || undefined;
  return a.includes(b) ? a : b.includes(a) ? b : `${a}. ${b}`;
}

/**
 * The panel's green, with the members' own statuses read again after it: a member whose approval a forced re-review
 * doubts, or whose own status turned red, since the board read them (a /review that rejects meanwhile: attack R, P4)
 * counts for nothing, as it would have had the board read later — the panel's status is written again over the green.
 */
async function boardAfterGreen(r: Conclusion, cfg: Config, ctx: RunContext, port: GitHubPort): Promise<Conclusion> {
  if (r.status?.state !== 'success' || !r.board || r.pullNumber === undefined) return r;
  const again = await fromOwnStatuses(port, r.pullNumber, r.board);
  const now = withReReviews(r.board, again.doubted, new Set([...again.unread, ...again.unreadRuns]), again.notGreen);
  const panel = panelState(now, cfg.minApprovals);
  if (panel.state === 'success') return r;
  const changed = now.rows.filter((row, i) => row.verdict !== r.board!.rows[i]!.verdict);
  const why = (standing: string | undefined): string =>
    standing === 're-reviewing'
      ? 'a forced re-review asked for'
      : standing === 'not-green'
        ? 'its own status no longer green'
        : 'its statuses could not be read again';
  const over = await overGreen(r, cfg, ctx, port, {
    status: { ...r.status, state: panel.state, description: fit(panel.description) },
    notice:
      `after the panel's green, ${changed.map((row) => `${row.persona} (${why(row.standing)})`).join(', ')} no ` +
      `longer counted: the panel's status is written again (${panel.description}); the board comment shows the ` +
      'first read until the next board run',
  });
  // a read that failed is not a change: say so, and fail the step so that someone re-runs it
  const unread = changed.filter((row) => row.standing === 'unconfirmed').map((row) => row.persona);
  if (!unread.length || over.failure) return over;
  return {
    ...over,
    failure:
      `the members' statuses could not be read again after the panel's green (${unread.join(', ')}): ` +
      're-run this job',
  };
}
