// Mode board: the panel's status for the current head, kept in one sticky PR comment.
import { Abort } from '../abort.js';
import type { Config } from '../config.js';
import type { RunContext } from '../context.js';
import {
  boardPatchCandidates,
  buildBoard,
  mayKeepRejection,
  rejectedElsewhere,
  ownBoardComments,
  hasOwnStatus,
  ownStatusNotGreen,
  renderBoard,
  withReReviews,
  type Board,
  type BoardRow,
} from '../core/board.js';
import { reReviewUnderWay } from '../core/on-head.js';
import type { StatusFact } from '../core/ends.js';
import { short } from '../core/sha.js';
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
    let dismissals = mayKeepRejection(cfg.personas, reviews, at) ? await port.listDismissals(pullNumber) : undefined;
    let board = buildBoard(cfg.personas, reviews, at, dismissals);
    // a stale verdict may still be carried by the PR patch (a rebase), and a rejection of another head kept (an amend):
    // one compare, only then (and its diff when the patch alone would carry: every file must be a regular one,
    // head-patch.ts); then the timeline, if that rejection is of the same patch
    const warnings: string[] = [];
    const amended = rejectedElsewhere(cfg.personas, reviews, at);
    if (board.rows.some((r) => r.standing === 'stale') || amended) {
      const candidates = boardPatchCandidates(cfg.personas, reviews, at);
      const head = { sha: pull.headSha, tree: headTree };
      const patched = { ...at, headPatch: await headPatchOf(port, pull.baseSha, head, candidates, warnings) };
      if (amended && dismissals === undefined && mayKeepRejection(cfg.personas, reviews, patched))
        dismissals = await port.listDismissals(pullNumber);
      board = buildBoard(cfg.personas, reviews, patched, dismissals);
    }
    const { doubted, unread, unreadRuns, notGreen } = await fromOwnStatuses(port, pullNumber, board);
    board = withReReviews(board, doubted, new Set([...unread, ...unreadRuns]), notGreen);
    if (unread.size)
      warnings.push(
        `the commit statuses of ${short(board.head)} could not be read, so whether a forced re-review of ` +
          `${[...unread].join(', ')} is under way is unknown: their approvals are not counted (the board's token ` +
          'needs statuses: read, which statuses: write includes)',
      );
    if (unreadRuns.size)
      warnings.push(
        `the check runs of ${short(board.head)} could not be read, so what the App member(s) ` +
          `${[...unreadRuns].join(', ')} concluded there is unknown: their approvals are not counted (the board's ` +
          'token needs checks: read)',
      );
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
 * stands on the head (or on the head the verdict is carried from), written by their login in whatever context their
 * jobs use (a custom status-context too), the persona named in any case; and whether the statuses could be read at
 * all (unread: those approvals are not counted, and a warning names the permission); and those whose own newest
 * status on the head is not green (notGreen: attack round 16). Commit statuses are read whatever the board's own
 * status-kind, and an App member's check runs too (only an App writes them; attack round 18, R18-2): its own newest
 * of either kind decides, and check runs that cannot be listed leave its approval unconfirmed (checks: read).
 */
export async function fromOwnStatuses(port: GitHubPort, pullNumber: number, board: Board): Promise<OwnStatuses> {
  const out: OwnStatuses = { doubted: new Set(), unread: new Set(), unreadRuns: new Set(), notGreen: new Set() };
  const approving = board.rows.filter((r) => r.verdict === 'APPROVE');
  const headsOf = (r: BoardRow) => [...new Set([board.head, r.reviewedHead ?? board.head])];
  const heads = [...new Set(approving.flatMap(headsOf))];
  const apps = approving.some((r) => APP.test(r.login));
  const read = async (sha: string) => {
    const [statuses, runs] = await Promise.all([
      orNull(port.listCommitStatuses(sha)),
      apps ? orNull(port.listCheckRuns(sha)) : Promise.resolve([]),
    ]);
    return [sha, { statuses, runs }] as const;
  };
  const lists = new Map(await Promise.all(heads.map(read)));
  for (const r of approving) {
    for (const sha of headsOf(r)) {
      const { statuses = null, runs = null } = lists.get(sha) ?? {};
      if (statuses === null) out.unread.add(r.persona);
      // runs that cannot be listed hold an App member's approval only where it has no commit status of its own on the
      // head (it writes check runs there): a member on commit statuses is read in full from them (the board's token
      // of a 0.9.0 panel recipe has no checks: read)
      const onStatuses = hasOwnStatus(ownOf(statuses ?? [], r), r.persona);
      if (runs === null && APP.test(r.login) && !onStatuses) out.unreadRuns.add(r.persona);
      for (const all of [statuses ?? [], APP.test(r.login) ? (runs ?? []) : []]) {
        const mine = ownOf(all, r);
        if (reReviewUnderWay(mine, r.login, r.persona, { pullNumber, reviewedSha: sha })) out.doubted.add(r.persona);
        // on the head itself, the persona's own newest status says what its jobs concluded there (core/board.ts)
        if (sha === board.head && ownStatusNotGreen(mine, r.persona)) out.notGreen.add(r.persona);
      }
    }
  }
  return out;
}

export interface OwnStatuses {
  doubted: Set<string>;
  unread: Set<string>;
  unreadRuns: Set<string>;
  notGreen: Set<string>;
}

/** A GitHub App's login: only an App writes check runs. */
const APP = /\[bot\]$/i;

/** The member's own statuses (or runs), newest first, its persona's name as its jobs write it. */
function ownOf(all: ReadonlyArray<StatusFact>, r: BoardRow): Array<StatusFact & { description: string }> {
  const named = new RegExp(`^${r.persona.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is `, 'i');
  return all
    .filter((x) => x.creator?.toLowerCase() === r.login.toLowerCase())
    .map((x) => ({ ...x, description: (x.description ?? '').replace(named, `${r.persona} is `) }));
}
