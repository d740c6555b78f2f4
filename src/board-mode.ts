// Mode board (SPEC §7): the panel's status for the current head, kept in one sticky
// PR comment and the job summary.
import { BOARD_MARKER, buildBoard, renderBoard } from './core/board.js';
import { EVENT_OF } from './core/grammar.js';
import type { Config } from './config.js';
import type { GitHubPort } from './github/port.js';
import { Abort, type Result, type RunContext } from './result.js';
import { VERSION } from './version.js';

/** Mode board: the panel's status for the current head, in one sticky comment. */
export async function runBoard(cfg: Config, ctx: RunContext, port: GitHubPort, r: Result): Promise<Result> {
  if (!cfg.personas.length) {
    throw new Abort('bad-input', 'mode board needs input personas: one persona=login pair per line, for example "priya=octo-priya"');
  }
  const pullNumber = cfg.pullNumber ?? ctx.eventPull?.number ?? null;
  if (pullNumber === null) throw new Abort('bad-input', 'no pull request: this event carries none; set pull-number');
  r.pullNumber = pullNumber;
  const pull = await port.getPull(pullNumber);
  r.headSha = pull.headSha;
  if (pull.state !== 'open') {
    r.outcome = 'closed';
    r.notices.push(`PR #${pullNumber} is ${pull.merged ? 'merged' : 'closed'}: the board is left as it was`);
    return r;
  }
  const [reviews, headTree, comments, identity] = await Promise.all([
    port.listReviews(pullNumber),
    port.getTree(pull.headSha),
    port.listComments(pullNumber),
    cfg.reviewerLogin ? Promise.resolve(cfg.reviewerLogin) : port.getUserLogin().then((l) => l ?? port.getViewerLogin()),
  ]);
  const board = buildBoard(cfg.personas, reviews, pull.headSha, headTree);
  const text = renderBoard(board, VERSION);
  Object.assign(r, { outcome: 'reported', board, verdict: board.panelVerdict, event: EVENT_OF[board.panelVerdict] });

  // The sticky comment: ours is the oldest comment that starts with the board marker
  // and is authored by this token's account (any [bot] account when that is unknown).
  const ours = (login: string | null) => (c: { login: string | null; body: string }) =>
    c.body.startsWith(BOARD_MARKER) && c.login !== null && (login ? c.login.toLowerCase() === login.toLowerCase() : c.login.endsWith('[bot]'));
  const existing = comments.filter(ours(identity)).sort((a, b) => a.id - b.id);
  let kept: number;
  if (existing.length) {
    kept = existing[0]!.id;
    if (existing[0]!.body !== text) await port.updateComment(kept, text);
    for (const extra of existing.slice(1)) await port.deleteComment(extra.id);
  } else {
    const created = await port.createComment(pullNumber, text);
    // two board runs may have raced: the oldest comment stands, newer copies go
    const now = (await port.listComments(pullNumber)).filter(ours(created.login ?? identity)).sort((a, b) => a.id - b.id);
    kept = now[0]?.id ?? created.id;
    if (kept !== created.id) {
      await port.deleteComment(created.id);
      await port.updateComment(kept, text);
    }
  }
  r.boardCommentId = kept;
  if (cfg.requireAllPersonas && board.missing.length) {
    r.failure = `missing verdicts: ${board.missing.join(', ')} ha${board.missing.length === 1 ? 's' : 've'} no verdict for ${pull.headSha.slice(0, 7)} (require-all-personas is on)`;
  }
  return r;
}

