// Re-review on demand: a /review comment forces a review only when its author may ask
// (core/command.ts decides). Checked by the action itself, before anything is read or
// written for the PR: the workflow's author_association test is not a check.
import { Abort } from './abort.js';
import type { Config } from './config.js';
import type { RunContext } from './context.js';
import { isCommandFor, refusal } from './core/command.js';
import type { GitHubPort } from './github/port.js';

/**
 * Throws command-refused unless this issue_comment may have the persona review again; a forced run on a `labeled`
 * event, unless whoever added the label may (GitHub lets triage label: the label route is no wider than the comment);
 * a forced run of a workflow run by hand, unless whoever ran it may (never the PR's author); and any of these re-run
 * by someone else, unless they may too.
 */
export async function checkAsker(cfg: Config, ctx: RunContext, port: GitHubPort): Promise<void> {
  const asked = await askedBy(cfg, ctx, port);
  if (asked) await rerunBy(cfg, ctx, port, asked);
}

type Asked = { login: string; author: string | null };

/** Who asked for this re-review, once the route's rule lets them (null: no re-review on demand was asked for). */
async function askedBy(cfg: Config, ctx: RunContext, port: GitHubPort): Promise<Asked | null> {
  const labeled = ctx.labeled;
  if (cfg.force && labeled) {
    const asker = { persona: cfg.persona, login: labeled.login, body: labeled.label, via: 'label' as const };
    const permission = labeled.login ? await port.getPermission(labeled.login) : 'none';
    refuse(refusal({ ...asker, permission, author: labeled.author }));
    return { login: labeled.login, author: labeled.author };
  }
  // a workflow run by hand with force: the same rule as a comment's (attack M: the PR's author re-rolled their own)
  const dispatched = ctx.dispatched;
  if (cfg.force && dispatched) {
    const [permission, pull] = await Promise.all([
      dispatched.login ? port.getPermission(dispatched.login) : Promise.resolve('none'),
      cfg.pullNumber !== null ? port.getPull(cfg.pullNumber) : Promise.resolve(null),
    ]);
    const asker = { persona: cfg.persona, login: dispatched.login, body: '', via: 'dispatch' as const };
    refuse(refusal({ ...asker, permission, author: pull?.author ?? null }));
    return { login: dispatched.login, author: pull?.author ?? null };
  }
  const comment = ctx.comment;
  if (!comment || ctx.commentPull === null) return null;
  const asker = { persona: cfg.persona, login: comment.login, body: comment.body, permission: null, author: null };
  // a comment that is not this persona's command costs no request
  if (!comment.login || !isCommandFor(comment.body, cfg.persona)) refuse(refusal({ ...asker, permission: 'none' }));
  const [permission, pull] = await Promise.all([port.getPermission(comment.login), port.getPull(ctx.commentPull)]);
  refuse(refusal({ ...asker, permission, author: pull.author }));
  return { login: comment.login, author: pull.author };
}

/**
 * "Re-run all jobs" runs the workflow again with the event's payload — the maintainer's comment, label or dispatch —
 * and GitHub names whoever re-ran it in GITHUB_TRIGGERING_ACTOR (any writer may, for 30 days): they must be allowed to
 * ask as well, or the PR's author re-runs a maintainer's forced run until the persona approves (attack N, N1).
 */
async function rerunBy(cfg: Config, ctx: RunContext, port: GitHubPort, asked: Asked): Promise<void> {
  const by = ctx.triggeringActor;
  if (!by || by.toLowerCase() === asked.login.toLowerCase()) return;
  const asker = { persona: cfg.persona, login: by, body: '', via: 'rerun' as const };
  refuse(refusal({ ...asker, permission: await port.getPermission(by), author: asked.author }));
}

function refuse(why: { message: string; advice: string } | null): void {
  if (why) throw new Abort('command-refused', why.message, why.advice);
}
