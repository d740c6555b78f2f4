// Mode board: the panel's status for the current head, kept in one sticky PR comment.
import { Abort } from '../abort.js';
import type { Config } from '../config.js';
import type { RunContext } from '../context.js';
import {
  boardPatchCandidates,
  buildBoard,
  mayKeepRejection,
  ownBoardComments,
  renderBoard,
  withReReviews,
  type Board,
} from '../core/board.js';
import { reReviewUnderWay } from '../core/on-head.js';
import type { End } from '../core/outcome.js';
import { headPatchOf } from '../head-patch.js';
import { parseQueueRef } from '../core/queue.js';
import { orNull, type GitHubPort } from '../github/port.js';
import { VERSION } from '../version.js';
import { attributed } from '../steps.js';
import { resolvePull } from '../target.js';

export async function runBoard(cfg: Config, ctx: RunContext, port: GitHubPort): Promise<End> {
  if (!cfg.personas.length) {
    throw new Abort(
      'bad-input',
      'mode board needs input personas: one persona=login pair per line, for example "priya=octo-priya"',
    );
  }
  const { pullNumber } = await resolvePull(cfg, ctx, port);
  const pull = await port.getPull(pullNumber);
  const target = { pullNumber, reviewedSha: pull.headSha };
  if (pull.state !== 'open') {
    return {
      kind: 'closed',
      message: `PR #${pullNumber} is ${pull.merged ? 'merged' : 'closed'}: the board is left as it was`,
      target,
    };
  }
  return attributed(target, async () => {
    const [reviews, headTree, comments, identity] = await Promise.all([
      port.listReviews(pullNumber),
      port.getTree(pull.headSha),
      port.listComments(pullNumber),
      cfg.reviewerLogin
        ? Promise.resolve(cfg.reviewerLogin)
        : port.getUserLogin().then((l) => l ?? port.getViewerLogin()),
    ]);
    // in a merge group, the base the group merges into (its ref names it): only verdicts for it count
    const groupBase = ctx.mergeGroup ? parseQueueRef(ctx.mergeGroup.headRef)?.base : undefined;
    const at = { head: pull.headSha, base: groupBase ?? pull.baseRef, headTree };
    // a rejection dismissed on a retarget may stand again back on its base: who dismissed it, from the timeline
    const dismissals = mayKeepRejection(cfg.personas, reviews, at) ? await port.listDismissals(pullNumber) : undefined;
    let board = buildBoard(cfg.personas, reviews, at, dismissals);
    // a stale verdict may still be carried by the PR patch (a rebase): one compare, only then (and its diff when the
    // patch alone would carry: every file must be a regular one, head-patch.ts)
    const warnings: string[] = [];
    if (board.rows.some((r) => r.standing === 'stale')) {
      const candidates = boardPatchCandidates(cfg.personas, reviews, at);
      const head = { sha: pull.headSha, tree: headTree };
      const headPatch = await headPatchOf(port, pull.baseSha, head, candidates, warnings);
      board = buildBoard(cfg.personas, reviews, { ...at, headPatch }, dismissals);
    }
    board = withReReviews(board, await reReviewing(port, pullNumber, board));
    const text = renderBoard(board, VERSION);
    const commentId = await keepOneComment(port, pullNumber, text, comments, identity);
    return { kind: 'reported', board, commentId, target, statusSha: ctx.mergeGroup?.headSha, warnings };
  });
}

/** Edits our sticky comment in place, or creates it; two racing runs end with one comment. */
async function keepOneComment(
  port: GitHubPort,
  pullNumber: number,
  text: string,
  comments: Awaited<ReturnType<GitHubPort['listComments']>>,
  identity: string | null,
): Promise<number> {
  const existing = ownBoardComments(comments, identity);
  if (existing.length) {
    const kept = existing[0]!;
    if (kept.body !== text) await port.updateComment(kept.id, text);
    for (const extra of existing.slice(1)) await port.deleteComment(extra.id);
    return kept.id;
  }
  const created = await port.createComment(pullNumber, text);
  // two board runs may have raced: the oldest comment stands, newer copies go
  const now = ownBoardComments(await port.listComments(pullNumber), created.login ?? identity);
  const kept = now[0]?.id ?? created.id;
  if (kept !== created.id) {
    await port.deleteComment(created.id);
    await port.updateComment(kept, text);
  }
  return kept;
}

/**
 * The members whose approval a maintainer's forced re-review is judging again: their own forced pending for this PR
 * stands on the head (or on the head the verdict is carried from), in their context and written by their login; or
 * those statuses cannot be read (fail closed). Commit statuses only: a persona writing check runs shows none.
 */
async function reReviewing(port: GitHubPort, pullNumber: number, board: Board): Promise<Set<string>> {
  const out = new Set<string>();
  await Promise.all(
    board.rows
      .filter((r) => r.verdict === 'APPROVE')
      .map(async (r) => {
        const heads = [...new Set([board.head, r.reviewedHead ?? board.head])];
        for (const sha of heads) {
          const on = await orNull(port.listStatuses(sha, `persona-verdict/${r.persona}`));
          if (on === null || reReviewUnderWay(on, r.login, r.persona, { pullNumber, reviewedSha: sha }))
            out.add(r.persona);
        }
      }),
  );
  return out;
}
