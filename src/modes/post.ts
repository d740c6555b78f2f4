// Mode post: check the body, read the facts, let the core decide, then post and
// settle. Every branch returns an End (core/outcome.ts decides what it means).
import { Abort } from '../abort.js';
import { checkBody, loadFindings, type CheckedBody } from '../check.js';
import type { Finding, Placement } from '../core/findings.js';
import { compose, withoutInline, type Composed } from './compose.js';
import type { Config } from '../config.js';
import type { RunContext } from '../context.js';
import {
  historyOf,
  raceWinner,
  settle,
  sharedAccount,
  supersededByRefusal,
  type HistoryEntry,
  type Plan,
  type PullFacts,
  type ReviewFact,
} from '../core/decide.js';
import type { Marker } from '../core/marker.js';
import type { AfterWrite, End, PullTarget, StatusFact } from '../core/outcome.js';
import { ApiError, orNull, type GitHubPort } from '../github/port.js';
import { attributed, dismissAll, dismissalFailure, readHead, type Facts, type Trace } from '../steps.js';
import { ownStateOn } from '../own-runs.js';
import { knownHead, resolveTarget } from '../target.js';
import { create, LOOK_AFTER_MS, type Created } from './create.js';
import { keepStanding } from './keep.js';
import { unlessReReviewed } from './rereview.js';
import { short } from '../core/sha.js';

export async function runPost(cfg: Config, ctx: RunContext, port: GitHubPort, trace: Trace): Promise<End> {
  const head = knownHead(cfg, ctx);
  const read = () => ({
    body: checkBody(cfg, cfg.token),
    findings: cfg.findingsPath ? loadFindings(cfg.findingsPath, cfg.token) : null,
  });
  const { body, findings } = head ? await attributed(head, read) : read();
  const target = await resolveTarget(cfg, ctx, port);
  return attributed(target, async () => {
    const facts = await readHead(cfg, port, target, findings !== null);
    if ('stop' in facts) {
      const { outcome: kind, message, movedTo } = facts;
      return { kind, message, target, movedTo, ...unposted(cfg, target, facts, body) };
    }
    const pull = facts.pull;
    // a draft is not reviewed; but a post bound to a preflight's answer (reviewed-sha) carries a verdict the LLM
    // has given: made a draft since, the PR still gets it, or its author could roll the persona again (attack round 7)
    if (pull.draft && !cfg.reviewDrafts && !cfg.reviewedSha)
      return { kind: 'draft', target, identity: facts.identity, warnings: facts.warnings };
    const { plan, onTarget } = await unlessReReviewed(cfg, ctx, port, target, facts, trace, body.verdict);
    if (plan.action === 'review' || plan.action === 'restamp')
      throw new Error(`decide() answered ${plan.action} for a body`);
    // the head's statuses, when read for a carry, are not read again
    const read = onTarget === undefined ? undefined : { onHead: onTarget };
    if (plan.action === 'keep') return keepStanding(cfg, ctx, port, target, plan, facts, body.verdict, read);
    return postNew(cfg, ctx, port, target, plan, facts, { ...body, findings });
  });
}

/**
 * Closed before its verdict could be posted (GitHub refuses a review on a closed PR): a post bound to a preflight's
 * answer records the verdict on the head, so that a reopen does not roll the persona again (attack round 16, C1: the
 * author read a rejection from the persona job's artifact, closed, reopened). Not for a forced run: its pending stays
 * (a maintainer's re-review is judged again when asked again); not for a merged PR (it cannot be reopened). With check
 * runs, preflight lists them for it (own-runs.ts): unlisted, a reopen judges again.
 */
function unposted(cfg: Config, target: PullTarget, facts: { outcome: string; merged?: boolean }, body: CheckedBody) {
  if (facts.outcome !== 'closed' || facts.merged || !cfg.reviewedSha || cfg.force || !target.base) return {};
  return { unposted: { verdict: body.verdict, base: target.base, version: cfg.personaVersion ?? '' } };
}

async function postNew(
  cfg: Config,
  ctx: RunContext,
  port: GitHubPort,
  target: PullTarget,
  plan: Extract<Plan, { action: 'post' }>,
  facts: Facts,
  body: CheckedBody & { findings: Finding[] | null },
): Promise<End> {
  const marker = markerFor(cfg, ctx, target, plan, facts);
  const review = compose(marker, body.text, body.findings, facts.files ?? [], cfg.maxInlineFindings);
  // a stale APPROVE goes first: if anything below fails, no approval outlives its head; and the head's statuses as
  // they are before the create, so that what is written after it — a maintainer's /review of this very review —
  // goes back over the green (attack round 18, R18-1; after-green.ts)
  const [early, onHead] = await Promise.all([
    dismissAll(cfg.persona, port, target.pullNumber, plan.early, null),
    cfg.force ? Promise.resolve(undefined) : ownStateOn(cfg, ctx, port, target.reviewedSha),
  ]);
  if (early.failure) throw new Abort(early.failure.reason, `before posting: ${early.failure.message}`);
  const sent = await send(port, target, plan, marker, review, facts, body.text);
  if (sent.kind === 'superseded') return { ...sent, dismissed: early.ids };
  const made = sent.made;
  const notices = [...made.notices];
  const warnings = [...facts.warnings, ...sent.warnings, ...made.warnings];
  const common = { target, identity: facts.identity, notices, warnings, sharedHead: facts.sharedHead, onHead };
  const author = made.entry.review.login;
  if (author && author.toLowerCase() !== facts.identity.toLowerCase()) {
    // history was read for the wrong account: dismissing from it could touch someone else's review
    const message =
      `review ${made.entry.review.id} is posted, but it is authored as ${author} while reviewer-login says ` +
      `${facts.identity}; ` +
      `history and dismissal were skipped. Set reviewer-login to ${author}, or leave it empty.`;
    return {
      ...common,
      kind: made.ours ? 'posted' : 'duplicate',
      standing: made.entry,
      dismissed: early.ids,
      afterWrite: { reason: 'bad-input', message },
    };
  }
  const end = await settleAfterWrite(cfg, port, target, made, early.ids, common);
  return end.kind === 'posted' ? { ...end, findings: sent.placement } : end;
}

type Sent =
  | { kind: 'superseded'; message: string; target: PullTarget; movedTo?: string }
  | { kind: 'sent'; made: Created; placement: Placement | undefined; warnings: string[] };

/**
 * The create, with GitHub's refusals that have an answer: a 422 after a push means
 * superseded; a 422 about a comment's position sends the review again with every
 * finding in the body (a 422 means nothing was created, so this never double-posts).
 */
async function send(
  port: GitHubPort,
  target: PullTarget,
  plan: PostPlan,
  marker: Marker,
  review: Composed,
  facts: Facts,
  text: string,
): Promise<Sent> {
  const known = new Set(facts.reviews.map((r) => r.id));
  const go = (r: Composed) =>
    create(port, target.pullNumber, plan.event, r.body, marker, facts.identity, known, r.comments);
  try {
    return { kind: 'sent', made: await go(review), placement: review.placement, warnings: [] };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    const headNow = (await orNull(port.getPull(target.pullNumber)))?.headSha ?? null;
    if (headNow !== null && supersededByRefusal(e.status, headNow, target.reviewedSha)) {
      const message =
        `PR #${target.pullNumber} head moved to ${short(headNow)} while this run worked, and GitHub refused a ` +
        `review of ${short(target.reviewedSha)}: the push that moved it triggers a review of the new head`;
      return { kind: 'superseded', message, target, movedTo: headNow };
    }
    if (!review.placement || !review.comments.length || !positionRefused(e)) throw e;
    const fallback = withoutInline(marker, text, review.placement);
    const cut = fallback.placement?.omitted?.length ?? 0;
    const warning =
      `GitHub refused an inline finding's position (${e.message}): every finding is in the review body instead` +
      (cut ? `, except ${cut} left out for the review's size limit` : '');
    return { kind: 'sent', made: await go(fallback), placement: fallback.placement, warnings: [warning] };
  }
}

const positionRefused = (e: ApiError): boolean =>
  e.cls === 'invalid' && /line|position|diff|resolv|path|comment|hunk/i.test(e.message);

function markerFor(cfg: Config, ctx: RunContext, target: PullTarget, plan: PostPlan, facts: Facts): Marker {
  return {
    persona: cfg.persona,
    head: target.reviewedSha,
    tree: facts.headTree,
    patch: facts.headPatch,
    base: facts.pull.baseRef,
    verdict: plan.verdict,
    event: plan.event,
    ...(cfg.force ? { forced: true } : {}),
    ...(cfg.personaVersion ? { version: cfg.personaVersion } : {}),
    run: ctx.runId,
  };
}

type PostPlan = Extract<Plan, { action: 'post' }>;

/** On facts read again after the write: another run may have posted for this or a newer head meanwhile. */
export async function settleAfterWrite(
  cfg: Config,
  port: GitHubPort,
  target: PullTarget,
  made: { entry: HistoryEntry; ours: boolean },
  earlyIds: number[],
  /** onHead: the head's statuses read before the create (a post's; the green is checked against them). */
  common: {
    target: PullTarget;
    identity: string;
    notices: string[];
    warnings: string[];
    onHead?: readonly StatusFact[] | null;
  },
): Promise<End> {
  const kind = made.ours ? 'posted' : 'duplicate';
  const read = await readAfterWrite(port, target.pullNumber, made.entry.review.id);
  if ('failed' in read) {
    const message =
      `review ${made.entry.review.id} is posted, but re-reading the PR and its reviews to settle them failed: ` +
      `${read.failed}. Re-run the job to finish (it ends as duplicate and dismisses what is left).`;
    return { ...common, kind, standing: made.entry, dismissed: earlyIds, afterWrite: { reason: 'api-error', message } };
  }
  const { pull: pullNow, reviews: reviewsNow } = read;
  const history = historyOf(reviewsNow, common.identity, cfg.persona, made.ours ? made.entry : undefined);
  const self = history.find((h) => h.review.id === made.entry.review.id) ?? made.entry;
  const pr = { head: pullNow.headSha, base: pullNow.baseRef };
  const s = settle(history, pr, self, cfg.dismissStale);
  const race = raceWinner(s, made.entry);
  const notices = [...common.notices];
  if (race === 'theirs-same-head') {
    const how = s.anchor.review.id > made.entry.review.id ? 'is a newer forced re-review' : 'landed first';
    notices.push(
      `another run's review ${s.anchor.review.id} for ${short(target.reviewedSha)} ${how}: it stands, ` +
        "and this run's copy is dismissed where GitHub allows",
    );
  } else if (race === 'newer-head') {
    notices.push(
      `the PR head moved to ${short(pullNow.headSha)} and ${cfg.persona} has already reviewed it ` +
        `(review ${s.anchor.review.id}): this review is stale already`,
    );
  }
  const standing = race === 'theirs-same-head' ? s.anchor : made.entry;
  // the PR was retargeted while the review was made: its verdict is for the old base, and its green would stand
  // on the head of a PR into the new one until that base's run decides (attack round 7)
  const forBase = standing.marker.base;
  const retargeted = forBase !== undefined && pullNow.baseRef !== forBase ? pullNow.baseRef : undefined;
  const done = await dismissAll(cfg.persona, port, target.pullNumber, s.dismiss, s.anchor);
  const shared = sharedAfterWrite(reviewsNow, cfg, common.identity);
  const afterWrite = dismissalFailure(done) ?? shared ?? (read.shown ? undefined : unseen(made.entry.review.id));
  return {
    ...common,
    notices,
    kind: race === 'theirs-same-head' ? 'duplicate' : kind,
    standing,
    dismissed: [...earlyIds, ...done.ids],
    afterWrite,
    ...(retargeted !== undefined ? { retargeted } : {}),
  };
}

/**
 * The PR and its reviews after the write, the reviews read again (create.ts's looks, about 15 s in all) while the
 * listing leaves this run's review out: a listing that lags the create may miss another run's review made just before
 * it too — a maintainer's forced re-review racing this post, whose rejection this run's green would then be written
 * over (attack round 15, F2). `shown: false` when it never showed.
 */
async function readAfterWrite(
  port: GitHubPort,
  pullNumber: number,
  id: number,
): Promise<{ pull: PullFacts; reviews: ReviewFact[]; shown: boolean } | { failed: string }> {
  try {
    const listed = (reviews: ReviewFact[]) => reviews.some((r) => r.id === id);
    let reviews = await port.listReviews(pullNumber);
    for (const wait of LOOK_AFTER_MS) {
      if (listed(reviews)) break;
      await port.pause(wait);
      reviews = await port.listReviews(pullNumber);
    }
    // the PR is read after the listing it is judged with: its head is then at least as new as any head a listed review
    // is of (a push and the new head's review during the looks: a read-through of round 15)
    return { pull: await port.getPull(pullNumber), reviews, shown: listed(reviews) };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return { failed: e.message };
  }
}

const unseen = (id: number): AfterWrite => ({
  reason: 'api-error',
  message:
    `review ${id} is posted, but GitHub's review listing still leaves it out after about 15 s: another run's ` +
    'review for this head may have come first unseen (a forced re-review, say). Re-run the job to finish (it ends ' +
    'as duplicate, or dismisses this copy).',
});

/** Seen after the write: another persona posted through this account meanwhile (two runs raced). */
function sharedAfterWrite(reviews: readonly ReviewFact[], cfg: Config, identity: string): AfterWrite | undefined {
  const r = cfg.reviewEvent === 'verdict' ? sharedAccount(reviews, identity, cfg.persona) : null;
  return r ? { reason: 'bad-input', message: `${r.message}: ${r.advice}` } : undefined;
}
