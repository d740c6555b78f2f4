// A merge_group run, in mode preflight or post: nothing is reviewed. The queued PR's
// standing verdict for its head (posted, or carried forward to an equal tree) is
// reported, and shown as the commit status on the merge group's commit.
import type { Config } from '../config.js';
import type { RunContext } from '../context.js';
import type { End } from '../core/outcome.js';
import type { GitHubPort } from '../github/port.js';
import { attributed, planFor, readHead, type Trace } from '../steps.js';
import { ownStateOn } from '../own-runs.js';
import { parseQueueRef } from '../core/queue.js';
import { queuedTarget } from '../target.js';

export async function runQueued(
  cfg: Config,
  ctx: RunContext,
  group: NonNullable<RunContext['mergeGroup']>,
  port: GitHubPort,
  trace: Trace,
): Promise<End> {
  const onGroup = queuedTarget(cfg, group);
  const pullNumber = onGroup.pullNumber;
  const pull = await port.getPull(pullNumber);
  // the group merges into the base its ref names: only a verdict for that base counts (a retargeted PR has none)
  const base = parseQueueRef(group.headRef)!.base;
  const target = { pullNumber, reviewedSha: pull.headSha, base };
  return attributed(onGroup, async () => {
    if (pull.baseRef !== base) {
      const otherBase = { group: base, pull: pull.baseRef };
      return { kind: 'queued', standing: null, statusSha: group.headSha, target, otherBase };
    }
    const facts = await readHead(cfg, port, target, false, false);
    if ('stop' in facts) return { kind: facts.outcome, message: facts.message, target };
    // a PENDING review of the persona blocks new reviews, not the queue
    const reviews = facts.reviews.filter((r) => r.state !== 'PENDING');
    // nothing is written here: an unverifiable reviewer-login only selects whose history is read
    const plan = planFor({ ...cfg, force: false }, target, { ...facts, reviews, identityVerified: true }, null, trace);
    const standing = plan.action === 'keep' ? plan.current : null;
    // a maintainer's forced re-review of the head under way: its "reviewing" pending there holds the group; with
    // check runs, a run found holds it too, one not found holds nothing, unlisted runs fail it (own-runs.ts)
    const on = (sha: string) => ownStateOn(cfg, ctx, port, sha);
    // a verdict carried to the head from another (an equal change): a forced re-review on the head it comes from holds
    // the group too, as it holds preflight's carry (attack round 14, Q1)
    const from = standing && standing.marker.head !== pull.headSha ? standing.marker.head : undefined;
    const [onHead, onSource] = await Promise.all([
      standing ? on(pull.headSha) : undefined,
      standing && from ? on(from) : undefined,
    ]);
    return {
      kind: 'queued',
      standing,
      statusSha: group.headSha,
      target,
      onHead,
      ...(from && onSource !== undefined ? { source: { sha: from, onHead: onSource } } : {}),
      identity: facts.identity,
      listed: facts.reviews.map((r) => r.id),
      warnings: facts.warnings,
    };
  });
}
