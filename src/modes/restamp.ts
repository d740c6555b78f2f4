// Preflight with restamp: GitHub's stale-review rule dismissed the persona's verdict on a
// push, and the new head's PR patch is the one that verdict judged. The same verdict is
// posted again for the new head, with no review run; then settled as any posted review.
import type { Config } from '../config.js';
import type { RunContext } from '../context.js';
import { supersededByRefusal, type Plan } from '../core/decide.js';
import { composeBody, type Marker } from '../core/marker.js';
import type { End, PullTarget, StatusFact } from '../core/outcome.js';
import { restampBody } from '../core/restamp.js';
import { ApiError, orNull, type GitHubPort } from '../github/port.js';
import { short } from '../core/sha.js';
import { Abort } from '../abort.js';
import { dismissAll, type Facts } from '../steps.js';
import { create } from './create.js';
import { settleAfterWrite } from './post.js';

export async function restamp(
  cfg: Config,
  ctx: RunContext,
  port: GitHubPort,
  target: PullTarget,
  plan: Extract<Plan, { action: 'restamp' }>,
  facts: Facts,
  /** This context's statuses on the head, read before the restamp (a forced re-review there holds it back). */
  onHead?: readonly StatusFact[] | null,
): Promise<End> {
  const { original } = plan;
  const marker: Marker = {
    persona: cfg.persona,
    head: target.reviewedSha,
    tree: facts.headTree,
    patch: facts.headPatch,
    base: facts.pull.baseRef,
    verdict: original.marker.verdict,
    event: plan.event,
    ...(cfg.personaVersion ? { version: cfg.personaVersion } : {}),
    run: ctx.runId,
  };
  const early = await dismissAll(cfg.persona, port, target.pullNumber, plan.early, null);
  if (early.failure) throw new Abort(early.failure.reason, `before restamping: ${early.failure.message}`);
  const body = composeBody(marker, restampBody(original, target.reviewedSha, cfg.persona));
  const known = new Set(facts.reviews.map((r) => r.id));
  let made: Awaited<ReturnType<typeof create>>;
  try {
    made = await create(port, target.pullNumber, plan.event, body, marker, facts.identity, known);
  } catch (e) {
    // a push while restamping: GitHub refuses the old head (422), and the push's own run decides
    if (!(e instanceof ApiError)) throw e;
    const headNow = (await orNull(port.getPull(target.pullNumber)))?.headSha ?? null;
    if (!headNow || !supersededByRefusal(e.status, headNow, target.reviewedSha)) throw e;
    const message =
      `PR #${target.pullNumber} head moved to ${short(headNow)} while this run restamped ` +
      `${short(target.reviewedSha)}: the push that moved it triggers its own run`;
    return { kind: 'superseded', message, target };
  }
  const notices = [
    ...made.notices,
    `GitHub dismissed ${cfg.persona}'s review ${original.review.id} of ${original.marker.head.slice(0, 7)} on a ` +
      `push, and the PR's patch is identical: ${original.marker.verdict} restamped on ` +
      `${target.reviewedSha.slice(0, 7)} without a review run`,
  ];
  const common = {
    target,
    identity: facts.identity,
    notices,
    warnings: [...facts.warnings, ...made.warnings],
    sharedHead: facts.sharedHead,
  };
  const end = await settleAfterWrite(cfg, port, target, made, early.ids, common);
  return end.kind === 'posted' ? { ...end, kind: 'restamped', original, onHead } : end;
}
