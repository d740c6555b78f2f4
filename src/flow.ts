// The imperative shell's flow (SPEC §4): fetch facts, ask the pure core for a plan,
// execute it, and return what happened. No @actions/core here: main.ts reports.
import { MAX_BODY_CHARS } from './body.js';
import { checkBody } from './check.js';
import type { Config } from './config.js';
import { decide, findLanded, gate, historyOf, isLive, settle, type HistoryEntry, type Plan, type ReviewFact, type Settlement } from './core/decide.js';
import { EVENT_OF, type ReviewEvent, type Verdict } from './core/grammar.js';
import { composeBody, type Marker } from './core/marker.js';
import { COMPARE_FILE_CAP, patchId } from './core/patch.js';
import { ApiError, type GitHubPort } from './github/port.js';
import { runBoard } from './board-mode.js';
import { Abort, newResult, type AbortReason, type Result, type RunContext } from './result.js';


function resolveTarget(cfg: Config, ctx: RunContext): { pullNumber: number; reviewedSha: string } {
  const pullNumber = cfg.pullNumber ?? ctx.eventPull?.number ?? null;
  if (pullNumber === null) {
    throw new Abort('bad-input', 'no pull request: this event carries none; set pull-number (and reviewed-sha) explicitly, for example from workflow_run');
  }
  let reviewedSha = cfg.reviewedSha;
  if (!reviewedSha && ctx.eventPull && ctx.eventPull.number === pullNumber) reviewedSha = ctx.eventPull.headSha.toLowerCase();
  if (!reviewedSha) {
    throw new Abort(
      'bad-input',
      `no reviewed commit for PR #${pullNumber}: set reviewed-sha to the head SHA the persona reviewed (GITHUB_SHA is a merge commit and is never used)`,
    );
  }
  return { pullNumber, reviewedSha };
}

async function identify(cfg: Config, port: GitHubPort): Promise<string> {
  if (cfg.reviewerLogin) return cfg.reviewerLogin;
  const login = (await port.getUserLogin()) ?? (await port.getViewerLogin());
  if (!login) {
    throw new Abort(
      'permission-denied',
      "could not establish which account this token posts as: GET /user and GraphQL viewer were both refused (as they are for GITHUB_TOKEN and GitHub App tokens); set input reviewer-login to the token's login, for example github-actions[bot]",
    );
  }
  return login;
}


export async function runFlow(cfg: Config, ctx: RunContext, port: GitHubPort | null): Promise<Result> {
  const r = newResult();
  r.persona = cfg.persona || undefined;
  try {
    if (cfg.mode === 'check') {
      const v = checkBody(cfg);
      Object.assign(r, { outcome: 'checked', verdict: v.verdict, event: v.event });
      return r;
    }
    if (!port) throw new Error('a GitHub client is needed for mode ' + cfg.mode);
    if (cfg.mode === 'board') return await runBoard(cfg, ctx, port, r);
    return await postOrPreflight(cfg, ctx, port, r);
  } catch (e) {
    if (e instanceof Abort) {
      Object.assign(r, { outcome: 'aborted', reason: e.reason, failure: `${e.reason}: ${e.message}`, advice: forkAdvice(e.reason, e.advice, ctx), diagnosis: e.diagnosis });
      return r;
    }
    if (e instanceof ApiError) {
      const reason: AbortReason = e.status === 401 || (e.status === 403 && !/rate limit/i.test(e.message)) ? 'permission-denied' : 'api-error';
      Object.assign(r, { outcome: 'aborted', reason, failure: `${reason}: ${e.message}`, advice: forkAdvice(reason, e.advice, ctx) });
      return r;
    }
    throw e;
  }
}

/** A pull request from a fork gets a read-only token on `pull_request`: say so. */
function forkAdvice(reason: AbortReason, advice: string, ctx: RunContext): string {
  if (reason !== 'permission-denied' || !ctx.eventPull?.fromFork) return advice;
  const fork =
    "this pull request comes from a fork, and on pull_request GitHub gives fork PRs a read-only token and no secrets: run the personas from workflow_run as in docs/recipes/fork-safe.yml";
  return advice ? `${advice}. Also: ${fork}` : fork;
}

async function postOrPreflight(cfg: Config, ctx: RunContext, port: GitHubPort, r: Result): Promise<Result> {
  const post = cfg.mode === 'post';
  const body = post ? checkBody(cfg) : null;
  const { pullNumber, reviewedSha } = resolveTarget(cfg, ctx);
  Object.assign(r, { pullNumber, headSha: reviewedSha });
  if (body) {
    // worst-case marker length: a tree SHA is longer than "unknown"
    const probe = composeBody({ persona: cfg.persona, head: reviewedSha, tree: reviewedSha, patch: '0'.repeat(64), verdict: body.verdict, run: ctx.runId }, body.text);
    if (probe.length > MAX_BODY_CHARS) {
      throw new Abort('body-too-large', `the review would be ${probe.length} characters with its marker; GitHub accepts at most ${MAX_BODY_CHARS}: shorten the persona's review (truncating would cut the verdict line)`);
    }
  }

  const pull = await port.getPull(pullNumber);
  const g = gate(pull, reviewedSha);
  if (g.stop) {
    Object.assign(r, { outcome: g.outcome, shouldReview: post ? undefined : false });
    r.notices.push(g.message);
    return r;
  }

  const wantPatch = cfg.skipUnchanged && cfg.unchangedWhen === 'patch';
  const [identity, reviews, headTree, files] = await Promise.all([
    identify(cfg, port),
    port.listReviews(pullNumber),
    port.getTree(reviewedSha),
    wantPatch ? port.compareFiles(pull.baseSha, reviewedSha) : Promise.resolve(null),
  ]);
  r.identity = identity;
  if (headTree === null) r.warnings.push(`the tree of ${reviewedSha.slice(0, 7)} could not be read: the no-diff skip by tree is off for this run`);
  const headPatch = wantPatch ? patchId(files) : null;
  if (wantPatch && headPatch === null) {
    r.warnings.push(`the PR's patch at ${reviewedSha.slice(0, 7)} could not be read whole (compare refused, ${COMPARE_FILE_CAP}+ files, or a binary file): the patch skip is off for this run`);
  }
  const plan = decide({
    persona: cfg.persona,
    identity,
    head: reviewedSha,
    headTree,
    headPatch,
    reviews,
    verdict: body?.verdict ?? null,
    skipUnchanged: cfg.skipUnchanged,
  });

  if (plan.action === 'review') {
    Object.assign(r, { outcome: 'needs-review', shouldReview: true });
    return r;
  }
  if (plan.action === 'keep') return keepExisting(cfg, port, pullNumber, reviewedSha, plan, body?.verdict ?? null, r);
  const marker: Marker = { persona: cfg.persona, head: reviewedSha, tree: headTree, patch: headPatch, verdict: plan.verdict, run: ctx.runId };
  return postNew(cfg, port, pullNumber, marker, composeBody(marker, body!.text), identity, r);
}

/** Steps 6–7 ended in duplicate or unchanged: nothing is posted; tidy, report the standing verdict. */
async function keepExisting(
  cfg: Config,
  port: GitHubPort,
  pullNumber: number,
  reviewedSha: string,
  plan: Extract<Plan, { action: 'keep' }>,
  bodyVerdict: Verdict | null,
  r: Result,
): Promise<Result> {
  keep(r, plan.outcome, plan.current, cfg.mode === 'post' ? undefined : false);
  if (plan.outcome === 'duplicate') {
    r.notices.push(`${cfg.persona} already reviewed ${reviewedSha.slice(0, 7)} (review ${plan.current.review.id}, ${plan.verdict}): nothing posted`);
    if (bodyVerdict && bodyVerdict !== plan.verdict) {
      r.warnings.push(`this run's body says ${bodyVerdict}, but the review already on GitHub for this head says ${plan.verdict}; the live review stands (one review per persona and head)`);
    }
  } else {
    const same = plan.by === 'patch' ? 'the same PR patch (a rebase or base merge that changes nothing in the PR)' : 'the same tree';
    r.notices.push(
      `${reviewedSha.slice(0, 7)} has ${same} as ${plan.current.marker.head.slice(0, 7)}, which ${cfg.persona} reviewed (${plan.verdict}): verdict carried forward, nothing posted`,
    );
  }
  await tidy(cfg, port, pullNumber, settle(plan.history, reviewedSha, plan.current, cfg.dismissStale), r);
  return finish(cfg, r);
}

/** Steps 8–9: post, then settle on facts read again after the write. */
async function postNew(cfg: Config, port: GitHubPort, pullNumber: number, marker: Marker, text: string, identity: string, r: Result): Promise<Result> {
  const reviewedSha = marker.head;
  let posted: HistoryEntry;
  try {
    posted = await create(port, pullNumber, EVENT_OF[marker.verdict], text, marker, identity, r);
  } catch (e) {
    // GitHub refuses a commit that left the PR (a force-push while this run worked): that is "superseded"
    if (!(e instanceof ApiError) || e.status !== 422) throw e;
    const now = await port.getPull(pullNumber).catch(() => null);
    if (!now || now.headSha === reviewedSha) throw e;
    Object.assign(r, { outcome: 'superseded' });
    r.notices.push(`PR #${pullNumber} head moved to ${now.headSha.slice(0, 7)} while this run worked, and GitHub refused a review of ${reviewedSha.slice(0, 7)}: a newer run reviews the new head`);
    return r;
  }
  keep(r, r.outcome as 'posted' | 'duplicate', posted, undefined);
  const author = posted.review.login;
  if (author && author.toLowerCase() !== identity.toLowerCase()) {
    // history was read for the wrong account: dismissing from it could touch someone else's review
    r.reason = 'bad-input';
    r.failure = `bad-input: review ${posted.review.id} is posted, but it is authored as ${author} while reviewer-login says ${identity}; history and dismissal were skipped. Set reviewer-login to ${author}, or leave it empty.`;
    return r;
  }

  // Step 9 on fresh facts: another run may have posted for this or a newer head meanwhile.
  let fresh: { headSha: string; reviews: ReviewFact[] };
  try {
    const [pullNow, reviewsNow] = await Promise.all([port.getPull(pullNumber), port.listReviews(pullNumber)]);
    fresh = { headSha: pullNow.headSha, reviews: reviewsNow };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    r.reason = 'api-error';
    r.failure = `api-error: review ${posted.review.id} is posted, but re-reading the PR to dismiss stale reviews failed: ${e.message}. Re-run the job to finish (it ends as duplicate and dismisses what is left).`;
    return r;
  }
  const history = historyOf(fresh.reviews, identity, cfg.persona);
  const s = settle(history, fresh.headSha, history.find((h) => h.review.id === posted.review.id) ?? posted, cfg.dismissStale);
  if (s.anchor.review.id !== posted.review.id && s.anchor.marker.head === reviewedSha) {
    // two runs raced for this head and the other landed first: it stands, ours goes
    r.notices.push(`another run's review ${s.anchor.review.id} for ${reviewedSha.slice(0, 7)} landed first: it stands, and this run's copy is dismissed where GitHub allows`);
    keep(r, 'duplicate', s.anchor, undefined);
  } else if (s.anchor.review.id !== posted.review.id) {
    r.notices.push(`the PR head moved to ${fresh.headSha.slice(0, 7)} and ${cfg.persona} has already reviewed it (review ${s.anchor.review.id}): this review is stale already`);
  }
  await tidy(cfg, port, pullNumber, s, r);
  return finish(cfg, r);
}

function keep(r: Result, outcome: 'posted' | 'duplicate' | 'unchanged', current: HistoryEntry, shouldReview: boolean | undefined): void {
  Object.assign(r, {
    outcome,
    verdict: current.marker.verdict,
    event: EVENT_OF[current.marker.verdict],
    reviewId: current.review.id,
    reviewUrl: current.review.htmlUrl,
    shouldReview,
    baselineSha: outcome === 'unchanged' ? current.marker.head : undefined,
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long to wait before each look for a review that may have landed despite an error. */
const LOOK_AFTER_MS = [1000, 3000];

/**
 * Step 8: one create. After an ambiguous failure (5xx, reset, timeout) the review may
 * exist: look for this run's marker (twice, a little apart) before the single retry.
 * A timed-out create is never retried: GitHub may still be processing it.
 */
async function create(port: GitHubPort, pullNumber: number, event: ReviewEvent, body: string, marker: Marker, identity: string, r: Result): Promise<HistoryEntry> {
  for (let attempt = 1; ; attempt++) {
    let error: ApiError;
    try {
      const created = await port.createReview(pullNumber, { event, body, commitId: marker.head });
      r.outcome = 'posted';
      return { review: created, marker };
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (!e.ambiguous) throw createRefused(e);
      error = e;
    }
    r.warnings.push(`${error.message}: the review may have been created; looking for it before any retry`);
    for (const wait of LOOK_AFTER_MS) {
      await pause(wait);
      let reviews: ReviewFact[];
      try {
        reviews = await port.listReviews(pullNumber);
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        throw new Abort(
          'api-error',
          `${error.message}; the review may have been created, and listing the reviews to check failed too (${e.message}), so nothing more is sent`,
          'Re-run the job: a re-run lists the reviews first and never posts a second review for this head.',
        );
      }
      const landed = findLanded(reviews, identity, marker.persona, marker.head, marker.run);
      if (landed) {
        r.outcome = 'posted';
        r.notices.push(`review ${landed.review.id} landed despite the error: not posting again`);
        return landed;
      }
      const other = historyOf(reviews, identity, marker.persona).find((h) => h.marker.head === marker.head && isLive(h.review));
      if (other) {
        r.outcome = 'duplicate';
        r.notices.push(`another run's review ${other.review.id} exists for this head: not posting`);
        return other;
      }
    }
    if (attempt >= 2 || error.kind === 'timeout' || error.kind === 'deadline') {
      throw new Abort(
        'api-error',
        `${error.message}; no review from this run is visible${attempt >= 2 ? ' after the retry' : ''}, so nothing more is sent`,
        'Re-run the job: a re-run lists the reviews first and never posts a second review for this head.',
      );
    }
  }
}

function createRefused(e: ApiError): Error {
  if (e.status === 401 || (e.status === 403 && !/rate limit/i.test(e.message))) return new Abort('permission-denied', e.message, e.advice);
  if (e.status === 422 && /own pull request|not permitted to approve/i.test(e.message)) return new Abort('permission-denied', e.message, e.advice);
  return e;
}

/** Step 9: dismiss what settle() says, after the current review is in place. */
async function tidy(cfg: Config, port: GitHubPort, pullNumber: number, s: Settlement, r: Result): Promise<void> {
  const errors: string[] = [];
  let denied = false;
  const anchor = s.anchor;
  for (const { entry, why } of s.dismiss) {
    const message =
      why === 'stale'
        ? `Superseded: ${cfg.persona}'s current review is ${anchor.review.id} (${anchor.review.htmlUrl}) for ${anchor.marker.head.slice(0, 7)}; this one was for ${entry.marker.head.slice(0, 7)}. [persona-verdict]`
        : `Duplicate: ${cfg.persona} already has review ${anchor.review.id} (${anchor.review.htmlUrl}) for ${anchor.marker.head.slice(0, 7)}; two runs raced and this copy is dismissed. [persona-verdict]`;
    try {
      await port.dismissReview(pullNumber, entry.review.id, message);
      r.dismissed.push(entry.review.id);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      errors.push(`${e.message}${e.advice ? ` (${e.advice})` : ''}`);
      if (e.status === 403 && !/rate limit/i.test(e.message)) denied = true;
    }
  }
  if (errors.length) {
    r.reason = denied ? 'permission-denied' : 'api-error';
    const advice = denied
      ? ' The token needs write access to dismiss reviews, and on a protected branch with dismissal restrictions the persona must be allowed to dismiss.'
      : '';
    r.failure = `${r.reason}: the current review stands, but ${errors.length} of this persona's reviews could not be dismissed: ${errors.join('; ')}.${advice} Re-run the job to finish (it ends as duplicate and dismisses what is left).`;
  }
}

function finish(cfg: Config, r: Result): Result {
  if (!r.failure && cfg.failOnChangesRequested && r.verdict === 'CHANGES_REQUESTED') {
    r.failure = `changes requested: ${cfg.persona}'s ${r.outcome === 'posted' ? 'review' : r.outcome === 'unchanged' ? 'carried-forward verdict' : 'existing review'} for ${r.headSha?.slice(0, 7)} is CHANGES_REQUESTED (fail-on-changes-requested is on)`;
  }
  return r;
}
