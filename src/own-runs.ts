// Reading back a persona's own check runs (status-kind: check-run) for the rules that only hold a verdict back: a
// maintainer's forced re-review under way (a kept verdict writes no green, a carry judges instead, a post's green gets
// the forced run back, a merge group fails), a red written since a kept verdict's read (it goes back over the green),
// a verdict recorded while the PR was closed (not judged again), and the board's own-status rule. Evidence that a run
// stands, never proof that none does: GitHub lists the runs of a commit's newest 1000 check suites only
// (src/github/statuses.ts), so where nothing is found, or nothing can be listed, a run goes on as if it had read
// nothing (preflight still writes pending whenever it reviews: pendingChanges never reads the runs).
import type { Config } from './config.js';
import type { RunContext } from './context.js';
import type { StatusFact } from './core/ends.js';
import { ApiError, type GitHubPort } from './github/port.js';
import { statusContext, statusesOn, writesStatus } from './steps.js';

/**
 * This run's check runs of its context on the head, newest first, when it writes check runs; undefined when it writes
 * commit statuses or none, or when GitHub would not list them (no evidence: the run goes on as before they were read).
 */
export async function ownRunsOn(
  cfg: Config,
  ctx: RunContext,
  port: GitHubPort,
  sha: string,
): Promise<StatusFact[] | undefined> {
  if (!writesStatus(cfg, ctx) || cfg.statusKind !== 'check-run') return undefined;
  try {
    const context = statusContext(cfg);
    return (await port.listCheckRuns(sha, context))
      .filter((r) => r.context === context)
      .map(({ context: _c, ...r }) => r);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return undefined;
  }
}

/**
 * What a run reads of its own status on a head before or after it writes: its commit statuses (statusesOn: null when
 * unread, fail closed), or with check runs its own runs, as evidence only (undefined when unlisted).
 */
export const ownStateOn = (
  cfg: Config,
  ctx: RunContext,
  port: GitHubPort,
  sha: string,
): Promise<StatusFact[] | null | undefined> =>
  cfg.statusKind === 'commit' ? statusesOn(cfg, ctx, port, sha) : ownRunsOn(cfg, ctx, port, sha);
