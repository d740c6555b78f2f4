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
 * a forced run of a workflow run by hand, unless whoever ran it may (never the PR's author).
 */
export async function checkAsker(cfg: Config, ctx: RunContext, port: GitHubPort): Promise<void> {
  const labeled = ctx.labeled;
  if (cfg.force && labeled) {
    const asker = { persona: cfg.persona, login: labeled.login, body: labeled.label, via: 'label' as const };
    const why = refusal({
      ...asker,
      permission: labeled.login ? await port.getPermission(labeled.login) : 'none',
      author: labeled.author,
    });
    if (why) throw new Abort('command-refused', why.message, why.advice);
    return;
  }
  // a workflow run by hand with force: the same rule as a comment's (attack M: the PR's author re-rolled their own)
  const dispatched = ctx.dispatched;
  if (cfg.force && dispatched) {
    const [permission, pull] = await Promise.all([
      dispatched.login ? port.getPermission(dispatched.login) : Promise.resolve('none'),
      cfg.pullNumber !== null ? port.getPull(cfg.pullNumber) : Promise.resolve(null),
    ]);
    const asker = { persona: cfg.persona, login: dispatched.login, body: '', via: 'dispatch' as const };
    const why = refusal({ ...asker, permission, author: pull?.author ?? null });
    if (why) throw new Abort('command-refused', why.message, why.advice);
    return;
  }
  const comment = ctx.comment;
  if (!comment || ctx.commentPull === null) return;
  const asker = { persona: cfg.persona, login: comment.login, body: comment.body, permission: null, author: null };
  // a comment that is not this persona's command costs no request
  const why =
    !comment.login || !isCommandFor(comment.body, cfg.persona)
      ? refusal({ ...asker, permission: 'none' })
      : await Promise.all([port.getPermission(comment.login), port.getPull(ctx.commentPull)]).then(
          ([permission, pull]) => refusal({ ...asker, permission, author: pull.author }),
        );
  if (why) throw new Abort('command-refused', why.message, why.advice);
}
