// A read-through of attack round 19's fix (a helper, against d283b91): the check runs read back as evidence
// (own-runs.ts) and underGreen's "a forced pending reached here is under way". Each test asserts the expected
// behaviour. F1 was fixed (runs that cannot be listed are unread: null, fail closed, as commit statuses); F2 (a
// forced pending written on a carried verdict's source head outlives its re-review: the head stays pending after a
// push back, fail closed) and F4 (one persona writing check runs in one workflow and commit statuses in another:
// the forced pending is read as neither; `doctor` fails that deployment) are left open as `test.fails`.
import { describe, expect, test } from 'vitest';
import { decodeMarker } from '../../src/core/marker.js';
import { attackKit, CONTEXT, pushKit, reviewComment } from './attack-kit.js';
import { APP, asApp, checkRunKit } from './checkrun-kit.js';
import { body, PR, runOn, TOKENS, useWorld } from './world.js';

const w = useWorld();
const { priyasRun, group } = checkRunKit(w);
const listings = (from: number) =>
  w.gh.log.slice(from).filter((l) => l.method === 'GET' && /\/commits\/[0-9a-f]{40}\/check-runs$/.test(l.path));
/** The next `times` listings of check runs answer 502 (the client's two retries included: 3 = one failed read). */
const listingFails = (times = 3) =>
  w.gh.faults.push({ method: 'GET', path: /\/commits\/[0-9a-f]{40}\/check-runs$/, kind: 'status', status: 502, times });

// F1. Who: anyone — the usual race (a maintainer's /review while the plain LLM job runs), plus one failed listing of
// check runs (a 5xx past the retries, a rate limit). Severity: MEDIUM. With commit statuses an unread read before the
// create is seen = null and any forced pending under the green goes back (rt18-A). With check runs a failed listing
// is `undefined` — the same value as "a forced run, which reads nothing" — so underGreen returns `red` (null) for the
// forced run it HAS found under the green in the after-read: the evidence is listed and ignored, the green run is the
// newest, and the queue's own listing then reads the forced re-review as settled (the green links a review of #7).
describe('F1 (fixed): a failed listing is unread, not a forced run that read nothing', () => {
  test("post: /review during the plain LLM job; the post's listing before its create 502s; a group built now", async () => {
    w.gh.user(TOKENS.priya, { login: APP, kind: 'app' });
    const k = attackKit(w);
    const pre = await k.run(null, { mode: 'preflight', ...asApp }, k.prt(PR, 'synchronize'));
    expect(pre.outputs['should-review']).toBe('true');
    const pinned = { 'reviewed-sha': pre.outputs['head-sha']!, 'reviewed-base': pre.outputs['base-ref']! };
    const forced = await pushKit(w).forcedPreflight(asApp);
    expect(forced.outputs['should-review']).toBe('true');
    expect(priyasRun(w.head)?.title).toMatch(/re-reviewing .* \(forced\)/);
    const from = w.gh.log.length;
    listingFails();
    const post = await k.run(body('APPROVE'), { ...pinned, ...asApp }, k.prt(PR, 'synchronize'));
    expect(post.outputs.outcome).toBe('posted');
    // the read before the create failed (3 attempts), the after-read succeeded and listed the forced run
    const reads = listings(from);
    expect(reads.slice(0, 3).map((l) => l.status)).toEqual([502, 502, 502]);
    expect(reads.at(-1)?.status, 'the after-green listing answered').toBe(200);
    expect(w.gh.reviews.get(PR)!.filter((r) => decodeMarker(r.body)?.forced)).toEqual([]);
    expect
      .soft(priyasRun(w.head)?.conclusion, "priya's newest run on H while the forced run judges")
      .not.toBe('success');
    expect(await group(), 'a group built while the forced re-review is under way').not.toBe('success');
  });

  test('kept verdict: approved; /review; the reopen keeps the APPROVE, its listing 502s; a group built now', async () => {
    w.gh.user(TOKENS.priya, { login: APP, kind: 'app' });
    const k = attackKit(w);
    const { post } = await k.chain(k.prt(PR, 'synchronize'), 'APPROVE', asApp);
    expect(post?.outputs.outcome).toBe('posted');
    await pushKit(w).forcedPreflight(asApp);
    expect(await group(), 'held while the re-review runs').toBe('failure');
    const from = w.gh.log.length;
    listingFails();
    const reopen = await k.run(null, { mode: 'preflight', ...asApp }, k.prt(PR, 'reopened'));
    expect(reopen.outputs.outcome).toBe('duplicate');
    // unread, the kept APPROVE writes no green (as with commit statuses): nothing to read again after it
    expect(listings(from).map((l) => l.status)).toEqual([502, 502, 502]);
    expect.soft(priyasRun(w.head)?.conclusion, "priya's newest run on H").not.toBe('success');
    expect(await group(), 'a group built after the reopen, the forced re-review still under way').not.toBe('success');
  });
});

// F2. Who: the PR's author (one push back to an earlier head) after one maintainer's /review — no attack needed.
// Severity: LOW (fail closed: availability; a /review on that head or a push clears it). doubtSource writes a forced
// pending on the head a carried verdict comes from (a), for a re-review that is judged on ANOTHER head (b). No review
// of a ever settles it. When the PR comes back to a, a is judged afresh (the forced pending doubts the carry), the
// post reads that pending, and underGreen — "a forced pending reached here is under way" (rt18-C) — writes it back
// over the fresh review's green: the re-review it stood for ended long ago, on b. Every later plain run keeps the
// fresh review and writes nothing (heldBack). a stays pending for good; the queue fails every group. With check runs
// this is new in this round (doubtSource writes runs too); with commit statuses since rt18-C.
describe("F2 (known): a source head's forced pending outlives its re-review (fail closed)", () => {
  for (const kind of ['check-run', 'commit'] as const) {
    test.fails(`${kind}: a approved; b identical (carried); /review on b, forced APPROVE; push back to a`, async () => {
      const extra = kind === 'check-run' ? asApp : {};
      if (kind === 'check-run') w.gh.user(TOKENS.priya, { login: APP, kind: 'app' });
      const inputs = { ...extra, 'unchanged-when': 'patch' };
      const state = (sha: string) =>
        kind === 'check-run' ? priyasRun(sha)?.conclusion : w.gh.statusOf(sha, CONTEXT)?.state;
      const { push, plainPreflight, forcedPreflight } = pushKit(w);
      const a = push('a');
      const first = await runOn(
        w.gh,
        'priya',
        body('APPROVE'),
        inputs,
        'pull_request_target',
        attackKit(w).prt(PR, 'synchronize'),
      );
      expect(first.outputs.outcome).toBe('posted');
      const b = push('b');
      expect((await plainPreflight(inputs)).outputs.outcome).toBe('unchanged');
      const forced = await forcedPreflight(inputs);
      expect(forced.outputs).toMatchObject({ outcome: 'needs-review', 'head-sha': b });
      expect(state(a), "doubtSource's forced pending on a").toBe(kind === 'check-run' ? 'action_required' : 'pending');
      const fpost = await runOn(
        w.gh,
        'priya',
        body('APPROVE'),
        { ...inputs, force: 'true', 'reviewed-sha': b, 'reviewed-base': 'main' },
        'issue_comment',
        reviewComment('keeper'),
      );
      expect(fpost.outputs.outcome).toBe('posted');
      expect(state(b), "the re-review's verdict on b").toBe('success');
      // the author pushes a again (a revert of the rebase)
      w.gh.push(PR, a, 'octo-author');
      w.head = a;
      const pre = await plainPreflight(inputs);
      expect(pre.outputs['should-review'], pre.stdout).toBe('true');
      const post = await runOn(
        w.gh,
        'priya',
        body('APPROVE'),
        { ...inputs, 'reviewed-sha': a, 'reviewed-base': 'main' },
        'pull_request_target',
        attackKit(w).prt(PR, 'synchronize'),
      );
      expect(post.outputs.outcome, post.stdout).toBe('posted');
      // the mechanism: underGreen put b's (long settled) forced doubt back over a's fresh green
      expect(post.stdout).toMatch(/a forced re-review of \w{7} is under way/);
      // a fresh review of a, APPROVE, and no re-review asked for a: a is green
      expect.soft(state(a), "a's status after its own fresh approval").toBe('success');
      const again = await plainPreflight(inputs);
      expect(again.outputs['should-review']).toBe('false');
      expect(state(a), "a's status after a later plain run").toBe('success');
    });
  }
  // The same with every default (unchanged-when: tree, commit statuses): b is a, amended (its message only).
  test.fails(
    'defaults: a approved; b = a amended (same tree); /review on b, forced APPROVE; a pushed back',
    async () => {
      const state = (sha: string) => w.gh.statusOf(sha, CONTEXT)?.state;
      const { plainPreflight, forcedPreflight, prtEvent } = pushKit(w);
      const a = w.head;
      const first = await runOn(w.gh, 'priya', body('APPROVE'), {}, 'pull_request_target', prtEvent());
      expect(first.outputs.outcome).toBe('posted');
      const b = w.gh.commit('b', w.gh.commits.get(a)!.tree, w.gh.commits.get(a)!.files);
      w.gh.push(PR, b, 'octo-author');
      w.head = b;
      expect((await plainPreflight({})).outputs.outcome).toBe('unchanged');
      const forced = await forcedPreflight({});
      expect(forced.outputs).toMatchObject({ outcome: 'needs-review', 'head-sha': b });
      expect(state(a), "doubtSource's forced pending on a").toBe('pending');
      const fpost = await runOn(
        w.gh,
        'priya',
        body('APPROVE'),
        { force: 'true', 'reviewed-sha': b, 'reviewed-base': 'main' },
        'issue_comment',
        reviewComment('keeper'),
      );
      expect(fpost.outputs.outcome).toBe('posted');
      expect(state(b)).toBe('success');
      w.gh.push(PR, a, 'octo-author');
      w.head = a;
      const pre = await plainPreflight({});
      expect(pre.outputs['should-review'], pre.stdout).toBe('true');
      const post = await runOn(
        w.gh,
        'priya',
        body('APPROVE'),
        { 'reviewed-sha': a, 'reviewed-base': 'main' },
        'pull_request_target',
        prtEvent(),
      );
      expect(post.outputs.outcome, post.stdout).toBe('posted');
      expect.soft(state(a), "a's status after its own fresh approval").toBe('success');
      expect(await pushKit(w).group(), 'a merge group for a').toBe('success');
    },
  );
});

// Supporting the doctor finding (test/unit/zz-rt19-doctor-force.test.ts): on pull_request_review the action takes
// the PR from the event and runs forced with no asker check — the PR's author submitting a COMMENT review on their
// own PR starts a new LLM roll of the same head. Passes today (the action's documented scope); the doctor should
// fail such a workflow and does not.
describe('support: a forced step on pull_request_review runs for the PR author', () => {
  test("the author's own review event: a forced preflight answers should-review true", async () => {
    const k = attackKit(w);
    const { post } = await k.chain(k.prt(PR, 'synchronize'), 'CHANGES_REQUESTED');
    expect(post?.outputs.outcome).toBe('posted');
    const event = {
      ...k.prt(PR, 'submitted'),
      review: { user: { login: 'octo-author' }, state: 'commented', body: 'please look again' },
      sender: { login: 'octo-author' },
    };
    const again = await runOn(w.gh, 'priya', null, { mode: 'preflight', force: 'true' }, 'pull_request_review', event);
    expect(again.outputs['should-review'], again.stdout).toBe('true');
  });
});

// F4 (runtime side of the doctor finding in test/unit/zz-rt19-doctor-force.test.ts). Who: a maintainer's /review on a
// repository whose persona workflow writes check runs and whose re-review workflow is docs/recipes/re-review.yml as
// shipped (no status-kind: commit statuses). Severity: MEDIUM-LOW (configuration the recipes make likely). The forced
// pending is a commit status; the queue (status-kind: check-run) lists only check runs: a group built while the
// forced LLM job judges passes on the approval under re-review.
describe('F4 (known; doctor fails it): a persona mixing status kinds', () => {
  test.fails('approved (check runs); /review as a commit status (mixed kinds); a group built now', async () => {
    w.gh.user(TOKENS.priya, { login: APP, kind: 'app' });
    const k = attackKit(w);
    const { post } = await k.chain(k.prt(PR, 'synchronize'), 'APPROVE', asApp);
    expect(post?.outputs.outcome).toBe('posted');
    const forced = await pushKit(w).forcedPreflight({ 'reviewer-login': APP });
    expect(forced.outputs['should-review']).toBe('true');
    expect(w.gh.statusOf(w.head, CONTEXT)?.description).toMatch(/re-reviewing .* \(forced\)/);
    expect(await group(), 'a group built while the forced re-review is under way').not.toBe('success');
  });
});

// Held (tried, not a finding): the PR author retargets to develop and back while a maintainer's forced re-review for
// main runs. develop's fresh review links a review of PR #7 above the forced run, which would settle it for main's
// kept verdict (reReviewUnderWay stops at any review's status of the PR, whatever its base) — but develop's post
// read the forced run and puts it back over its green (rt18-C, now with check runs): main's kept run is held.
describe('held: retarget to develop and back during a forced re-review for main (check runs)', () => {
  test('approved for main; /review; develop judged and approved; back to main; a group for main', async () => {
    w.gh.user(TOKENS.priya, { login: APP, kind: 'app' });
    const k = attackKit(w);
    const mainBase = w.gh.pulls.get(PR)!.base;
    // main's APPROVE is not dismissed on the retarget (only rejections are)
    const ins = { ...asApp, 'dismiss-stale': 'changes-requested' };
    const { post } = await k.chain(k.prt(PR, 'synchronize'), 'APPROVE', ins);
    expect(post?.outputs.outcome).toBe('posted');
    await pushKit(w).forcedPreflight(ins);
    w.gh.retarget(PR, 'develop');
    const dev = await k.chain(k.prt(PR, 'edited', 'develop'), 'APPROVE', ins);
    expect(dev.post?.outputs.outcome).toBe('posted');
    w.gh.retarget(PR, 'main', mainBase);
    const back = await k.run(null, { mode: 'preflight', ...ins }, k.prt(PR, 'edited', 'main'));
    expect(back.outputs.outcome).toBe('duplicate');
    expect(priyasRun(w.head)?.conclusion).not.toBe('success');
    expect(await group(ins), 'a group for main while the forced re-review of main is under way').toBe('failure');
  });
});
