// Reading back a persona's own check runs (status-kind: check-run), for the two rules that only hold a verdict back:
// a verdict recorded while the PR was closed (preflight: not judged again) and the board's own-status rule (an
// approval beside the persona's own red counts for nothing). Evidence that a run stands, never proof that none does:
// GitHub lists the runs of a commit's newest 1000 check suites only (src/github/statuses.ts), so every other rule
// still treats check runs as unread.
import type { Config } from './config.js';
import type { RunContext } from './context.js';
import type { StatusFact } from './core/ends.js';
import { ApiError, type GitHubPort } from './github/port.js';
import { statusContext, writesStatus } from './steps.js';

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
    return (await port.listCheckRuns(sha)).filter((r) => r.context === context).map(({ context: _c, ...r }) => r);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return undefined;
  }
}
