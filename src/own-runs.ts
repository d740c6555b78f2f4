// Reading back a persona's own check runs (status-kind: check-run) for the rules that only hold a verdict back: a
// maintainer's forced re-review under way (a kept verdict writes no green, a carry judges instead, a post's green gets
// the forced run back, a merge group fails), a red written since a kept verdict's read (it goes back over the green),
// a verdict recorded while the PR was closed (not judged again), and the board's own-status rule. Evidence that a run
// stands, never proof that none does: GitHub lists the runs of a commit's newest 1000 check suites only
// (src/github/statuses.ts), so where nothing is found a run goes on as if it had read nothing (preflight still writes
// pending whenever it reviews: pendingChanges never reads the runs). Runs that cannot be listed at all are unread, as
// commit statuses are: fail closed (no kept green, a carry judges instead, a group fails, a post's green is
// unconfirmed) — round 19's read-through found an unlisted read taken for a forced run's "read nothing".
import type { Config } from './config.js';
import type { RunContext } from './context.js';
import type { StatusFact } from './core/ends.js';
import { ApiError, type GitHubPort } from './github/port.js';
import { statusContext, statusesOn, writesStatus } from './steps.js';

/**
 * This run's check runs of its context on the head, newest first, when it writes check runs; undefined when it writes
 * commit statuses or none; null when GitHub would not list them (unread: the caller fails closed, or, for a closed PR's
 * record, goes on as if none were found).
 */
export async function ownRunsOn(
  cfg: Config,
  ctx: RunContext,
  port: GitHubPort,
  sha: string,
): Promise<StatusFact[] | null | undefined> {
  if (!writesStatus(cfg, ctx) || cfg.statusKind !== 'check-run') return undefined;
  try {
    const context = statusContext(cfg);
    return (await port.listCheckRuns(sha, context))
      .filter((r) => r.context === context)
      .map(({ context: _c, ...r }) => r);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return null;
  }
}

/**
 * What a run reads of its own status on a head before or after it writes: its commit statuses, or with check runs its
 * own runs (evidence of what stands; null when either could not be read: fail closed).
 */
export const ownStateOn = (
  cfg: Config,
  ctx: RunContext,
  port: GitHubPort,
  sha: string,
): Promise<StatusFact[] | null | undefined> =>
  cfg.statusKind === 'commit' ? statusesOn(cfg, ctx, port, sha) : ownRunsOn(cfg, ctx, port, sha);
