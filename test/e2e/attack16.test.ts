// Attack round 16 (two helpers, 2026-12-02): who may force a re-review (a label added by a triager, a bot's comment),
// the board against the personas' own statuses, a post's green over a twin PR's refusal, and a PR closed before its
// verdict was posted. Each was a failing test first; RELIABILITY.md has a row for each.
// GitHub: only triage or more may label a PR, and `sender` of a `labeled` event is who added the label; a bot's login
// ends in "[bot]" (FACTS.md).
import { describe, expect, test } from 'vitest';
import { decodeMarker } from '../../src/core/marker.js';
import { attackKit, CONTEXT, pushKit, reviewComment } from './attack-kit.js';
import { runAction } from './harness.js';
import { body, LOGINS, PR, runOn, TOKENS, useWorld } from './world.js';

const w = useWorld();
const PANEL = 'persona-verdict/panel';
const liveMarked = (n = PR) => w.gh.reviews.get(n)!.filter((r) => r.state !== 'DISMISSED' && decodeMarker(r.body));

/** The board for PR #7 (priya only, as the panel's `personas`), writing its panel status. */
const board = (personas = `priya=${LOGINS.priya}`) =>
  runAction({
    inputs: { mode: 'board', 'github-token': TOKENS.app, personas, 'commit-status': 'always' },
    apiUrl: w.gh.url,
    event: attackKit(w).prt(PR, 'synchronize'),
    eventName: 'pull_request_target',
  });

describe('who may force a re-review: the label route and bots are checked like a comment', () => {
  const labeled = (login: string) => ({
    ...attackKit(w).prt(PR, 'labeled'),
    label: { name: 'review:priya' },
    sender: { login },
  });

  test('C16b-1: a triager adds review:priya: refused, no LLM run, the rejection stands', async () => {
    const k = attackKit(w);
    const { post } = await k.chain(k.prt(PR, 'synchronize'), 'CHANGES_REQUESTED');
    expect(post?.outputs.outcome).toBe('posted');
    w.gh.settings.permissions.set('triager', { permission: 'read', role_name: 'triage' });
    const r = await k.run(null, { mode: 'preflight', force: 'true' }, labeled('triager'));
    expect(r.outputs.outcome).toBe('aborted');
    expect(r.outputs['should-review']).not.toBe('true');
    expect(r.stdout).toMatch(/@triager has read access: only write, maintain or admin .* added by @triager/);
    expect(k.status()).toBe('failure');
  });

  test('a writer adds review:priya: the forced review goes ahead (one permission read)', async () => {
    const k = attackKit(w);
    await k.chain(k.prt(PR, 'synchronize'), 'CHANGES_REQUESTED');
    w.gh.settings.permissions.set('keeper', { permission: 'write', role_name: 'maintain' });
    const before = w.gh.log.length;
    const r = await k.run(null, { mode: 'preflight', force: 'true' }, labeled('keeper'));
    expect(r.outputs['should-review']).toBe('true');
    const reads = w.gh.log.slice(before).filter((q) => /\/collaborators\/keeper\/permission$/.test(q.path));
    expect(reads).toHaveLength(1);
  });

  test('a label added without force (the plain recipe on labeled) reads no permission', async () => {
    const k = attackKit(w);
    await k.chain(k.prt(PR, 'synchronize'), 'APPROVE');
    const before = w.gh.log.length;
    const r = await k.run(null, { mode: 'preflight' }, labeled('triager'));
    expect(r.outputs.outcome).toBe('duplicate');
    expect(w.gh.log.slice(before).some((q) => /\/permission$/.test(q.path))).toBe(false);
  });

  test('C16b-2: "/review priya" from a bot account GitHub calls a writer is refused', async () => {
    const k = attackKit(w);
    await k.chain(k.prt(PR, 'synchronize'), 'CHANGES_REQUESTED');
    const bot = 'welcome-bot[bot]';
    w.gh.settings.permissions.set(bot, { permission: 'write', role_name: 'write' });
    const r = await runOn(w.gh, 'priya', null, { mode: 'preflight', force: 'true' }, 'issue_comment', {
      ...reviewComment(bot),
      comment: { body: '/review priya', author_association: 'NONE', user: { login: bot, type: 'Bot' } },
    });
    expect(r.outputs.outcome).toBe('aborted');
    expect(r.stdout).toMatch(/is a bot account/);
    expect(r.outputs['should-review']).not.toBe('true');
    expect(k.status()).toBe('failure');
  });
});

describe("the board never counts an approval the persona's own status on the head does not show green", () => {
  // README: "so the board and a persona's commit status never disagree". A status is per commit: when another open PR
  // (into another base) shares the head, priya's own status there is failure (shared head), yet the board, which never
  // asks whether the head is shared, counts priya's approval and writes persona-verdict/panel green on that commit —
  // which PR #8 (into release, never reviewed for release) now shows too.
  test('E16b-1: a head shared with another open PR: priya red, so the panel is not green on that commit', async () => {
    const k = attackKit(w);
    const { post } = await k.chain(k.prt(PR, 'synchronize'), 'APPROVE');
    expect(post?.outputs.outcome).toBe('posted');
    expect(k.status()).toBe('success');
    // PR #8 from another branch at the same head commit, into release
    w.gh.pull({ number: 8, head: w.head, baseRef: 'release', headRef: 'twin' });
    await k.run(null, { mode: 'preflight' }, k.prt(8, 'opened', 'release', 'twin'));
    expect(k.status()).toBe('failure'); // priya's own status: the shared head refused
    const b = await board();
    expect(b.outputs.outcome, b.stdout).toBe('reported');
    // what should hold: the panel never shows green where the persona's own status is red
    expect(w.gh.statusOf(w.head, PANEL)?.state).not.toBe('success');
  });

  // The board takes a member's version from its newest counting review when `personas` names none (README). A version
  // bump re-judges the head (priya's jobs run v2), and an older version's APPROVE of the same head and base is not a
  // stale approval (decide.ts staleApprovals compares head and base only), so it stays live. The v2 LLM step fails:
  // priya's status is red, yet the board counts the v1 APPROVE as "current" and writes the panel green.
  test('E16b-2: a persona-version bump whose re-review fails: priya red, so the panel is not green', async () => {
    const k = attackKit(w);
    const v1 = await k.chain(k.prt(PR, 'synchronize'), 'APPROVE', { 'persona-version': 'v1' });
    expect(v1.post?.outputs.outcome).toBe('posted');
    expect(k.status()).toBe('success');
    // priya's jobs now run v2: preflight asks for a review, the LLM step fails, the post finds no body
    const pre = await k.run(null, { mode: 'preflight', 'persona-version': 'v2' }, k.prt(PR, 'synchronize'));
    expect(pre.outputs['should-review']).toBe('true');
    // the v1 approval of this very head approves nothing under v2: dismissed before the LLM runs (dismiss-stale: all)
    const v1Review = w.gh.reviews.get(PR)!.find((x) => x.id === Number(v1.post!.outputs['review-id']))!;
    expect(v1Review.state).toBe('DISMISSED');
    const post = await k.run(
      null,
      {
        'persona-version': 'v2',
        'reviewed-sha': pre.outputs['head-sha']!,
        'reviewed-base': pre.outputs['base-ref']!,
        'body-path': '/nonexistent/review.md',
      },
      k.prt(PR, 'synchronize'),
    );
    expect(post.outputs.outcome).toBe('aborted');
    expect(k.status()).toBe('failure');
    const b = await board();
    expect(b.outputs.outcome, b.stdout).toBe('reported');
    expect(w.gh.statusOf(w.head, PANEL)?.state).not.toBe('success');
  });

  // What held: the board's panel follows a forced re-review under way (attack round 14's P1), here for completeness
  // with a push of an identical patch in between (carried verdict, doubt on the source head).
  test('held: a forced re-review on the head a carried verdict comes from keeps the panel from green', async () => {
    const k = attackKit(w);
    const p = pushKit(w);
    p.push('a');
    const first = await k.chain(k.prt(PR, 'synchronize'), 'APPROVE', { 'unchanged-when': 'patch' });
    expect(first.post?.outputs.outcome).toBe('posted');
    const forced = await p.forcedPreflight({});
    expect(forced.outputs['should-review']).toBe('true');
    p.push('b'); // same patch
    const b = await board();
    expect(b.outputs.outcome, b.stdout).toBe('reported');
    expect(w.gh.statusOf(w.head, PANEL)?.state).toBe('pending');
    expect(b.stdout + b.summary).toMatch(/re-review under way/);
  });
});

describe("B1: the board carries an approval by the PR patch alone where the persona's own jobs do not", () => {
  // README: the board "applies the persona jobs' own rules … so the board and a persona's commit status never
  // disagree". But the board always carries by the patch (carriedTo(…, 'patch')), whatever unchanged-when the persona
  // runs with: under the default (tree), a rebase with the same PR patch (another tree: the base moved under it) is
  // judged again by the persona. If that judgment does not land (the LLM step fails: no-body, a failure status) the
  // persona's status on the head is red. With dismiss-stale: all the older APPROVE is dismissed by the preflight of the
  // new head and the board has nothing to carry (held); where it stays live (dismiss-stale: changes-requested or none,
  // or review-event: COMMENT, whose COMMENTED reviews GitHub cannot dismiss) the board counts it.
  test.each([
    ['dismiss-stale: all (the default)', {}],
    ['dismiss-stale: changes-requested', { 'dismiss-stale': 'changes-requested' }],
    ['review-event: COMMENT', { 'review-event': 'COMMENT' }],
  ])(
    "%s, unchanged-when: tree, an identical-patch rebase whose review failed: the panel is not green over priya's red",
    async (_n, cfg) => {
      const { push } = pushKit(w);
      const k = attackKit(w);
      push('h1');
      const first = await runOn(w.gh, 'priya', body('APPROVE'), cfg, 'pull_request_target', k.prt(PR, 'synchronize'));
      expect(first.outputs.outcome).toBe('posted');
      push('h2'); // the same PR patch, another tree
      const pre = await k.run(null, { ...cfg, mode: 'preflight' }, k.prt(PR, 'synchronize'));
      expect(pre.outputs.outcome, 'priya (unchanged-when: tree) judges the rebase again').toBe('needs-review');
      const pinned = { 'reviewed-sha': pre.outputs['head-sha']!, 'reviewed-base': pre.outputs['base-ref']! };
      // the LLM step failed: no review.md
      const post = await k.run(
        null,
        { ...cfg, ...pinned, 'body-path': '/nonexistent/pv-review/review.md' },
        k.prt(PR, 'synchronize'),
      );
      expect(post.outputs.reason).toBe('no-body');
      expect(k.status(), "priya's own status on the rebased head").toBe('failure');
      const r = await runAction({
        inputs: { mode: 'board', 'github-token': TOKENS.app, personas: `priya=${LOGINS.priya}` },
        apiUrl: w.gh.url,
        event: k.prt(PR, 'synchronize'),
        eventName: 'pull_request_target',
      });
      expect(r.outputs.outcome).toBe('reported');
      expect.soft(r.outputs['panel-verdict'], "the board's verdict for priya's panel").not.toBe('APPROVE');
      expect(w.gh.statusOf(w.head, 'persona-verdict/panel')?.state, "the panel beside priya's red").not.toBe('success');
    },
  );
});

describe("F3 for a post: a twin PR opened while a post's fresh green is on its way", () => {
  // Attack round 13, F3, fixed a kept verdict's green written over a twin PR's refusal of the shared head; a post's
  // green was left to stand ("a fresh review, nothing read before"). But the post read the open PRs at this head once,
  // before its create: a twin opened after that read and refused (failure on H) was written over by the post's green;
  // the post's PR then closed by its author, H was green as the head of the twin, into a base no persona judged. Now a
  // post lists the open PRs at its head again after its green, and writes failure over it when one has come.
  test('#7 posts APPROVE (its green delayed); #8 opened at H into release meanwhile; #7 closed: H not green', async () => {
    const k = attackKit(w);
    const post = k.twinWhileGreenHeld();
    const r = await post;
    expect(r.outputs.outcome).toBe('posted');
    expect(r.outputs.notice ?? r.stdout).toMatch(/became the head of PR #8 \(into release\)/);
    w.gh.pulls.get(PR)!.state = 'closed'; // no run follows; #8 stays open at H into release
    expect(k.status(), 'H, the head of #8 into release, which no persona judged').toBe('failure');
  });

  test("a post's green with no twin: one more read (the open PRs at the head), the green stands", async () => {
    const k = attackKit(w);
    const pre = await k.run(null, { mode: 'preflight' }, k.prt(PR, 'opened'));
    const pinned = { 'reviewed-sha': pre.outputs['head-sha']!, 'reviewed-base': pre.outputs['base-ref']! };
    const from = w.gh.log.length;
    const r = await k.run(body('APPROVE'), pinned, k.prt(PR, 'opened'));
    expect(r.outputs.outcome).toBe('posted');
    expect(k.status()).toBe('success');
    const lists = w.gh.log.slice(from).filter((l) => /\/pulls$/.test(l.path) && l.query['state'] === 'open');
    expect(lists).toHaveLength(2); // before the create, and after the green
  });
});

describe('C1: the PR author closes the PR between the LLM job and the post, then reopens it', () => {
  // R7-3's class: the persona job's review.md is an artifact readable while the run goes on. The author read a
  // CHANGES_REQUESTED there and closed their own PR (no write access needed; `closed` is not a trigger of the recipes,
  // so nothing cancels or replaces the run); the post read a closed PR: outcome closed, nothing posted, no status.
  // Reopened, the preflight found nothing for the head and ran the LLM again: a new roll per close/reopen, until one
  // approved. GitHub takes no review on a closed PR ("Can only approve open pull requests"): the post now records the
  // verdict as the head's failure, and preflight on the reopen reads it back (outcome unposted, no LLM run).
  test('the verdict the LLM gave is not lost: no new roll of the same head and base after the reopen', async () => {
    const k = attackKit(w);
    const pre = await k.run(null, { mode: 'preflight' }, k.prt(PR, 'opened'));
    expect(pre.outputs['should-review']).toBe('true');
    const pinned = { 'reviewed-sha': pre.outputs['head-sha']!, 'reviewed-base': pre.outputs['base-ref']! };
    // roll 1: the LLM wrote CHANGES_REQUESTED; the author reads the artifact and closes the PR before the post job
    w.gh.pulls.get(PR)!.state = 'closed';
    const post = await k.run(body('CHANGES_REQUESTED'), pinned, k.prt(PR, 'opened'));
    const afterRoll1 = liveMarked().map((r) => r.state);
    w.gh.pulls.get(PR)!.state = 'open'; // reopened by the author
    const again = await k.run(null, { mode: 'preflight' }, k.prt(PR, 'reopened'));
    // roll 2 (when the preflight asks for one): APPROVE
    if (again.outputs['should-review'] === 'true')
      await k.run(body('APPROVE'), { ...pinned, 'reviewed-base': again.outputs['base-ref']! }, k.prt(PR, 'reopened'));
    // GitHub takes no review on a closed PR: the post records the verdict on the head instead
    expect(post.outputs.outcome).toBe('closed');
    expect(afterRoll1).toEqual([]);
    expect(again.outputs.outcome, again.stdout).toBe('unposted');
    expect(again.outputs['should-review'], 'the reopened PR: a second LLM roll of the same head and base').toBe(
      'false',
    );
    expect(again.stdout).toMatch(/judged [0-9a-f]{7} CHANGES_REQUESTED for PR #7 into main while the PR was closed/);
    expect(k.status(), 'H after roll 1 said CHANGES_REQUESTED').toBe('failure');
    expect(w.gh.statusOf(w.head, CONTEXT)?.description).toMatch(
      /^priya: CHANGES_REQUESTED not posted \[[0-9a-f]{10}\]: PR #7 \(into main\) was closed$/,
    );
  });
});

test('what the record leaves alone: an approval, a forced run, a push after the reopen, a /review', async () => {
  const k = attackKit(w);
  // an approval judged while closed records nothing: a reopen judges again (a wasted run, no way around the gate)
  let pre = await k.run(null, { mode: 'preflight' }, k.prt(PR, 'opened'));
  let pinned = { 'reviewed-sha': pre.outputs['head-sha']!, 'reviewed-base': pre.outputs['base-ref']! };
  w.gh.pulls.get(PR)!.state = 'closed';
  const approved = await k.run(body('APPROVE'), pinned, k.prt(PR, 'opened'));
  expect(approved.outputs.outcome).toBe('closed');
  w.gh.pulls.get(PR)!.state = 'open';
  pre = await k.run(null, { mode: 'preflight' }, k.prt(PR, 'reopened'));
  expect(pre.outputs.outcome).toBe('needs-review');
  // a rejection recorded, then a maintainer's /review: judged again (forced)
  pinned = { 'reviewed-sha': pre.outputs['head-sha']!, 'reviewed-base': pre.outputs['base-ref']! };
  w.gh.pulls.get(PR)!.state = 'closed';
  await k.run(body('CHANGES_REQUESTED'), pinned, k.prt(PR, 'reopened'));
  w.gh.pulls.get(PR)!.state = 'open';
  expect((await k.run(null, { mode: 'preflight' }, k.prt(PR, 'reopened'))).outputs.outcome).toBe('unposted');
  const forced = await k.forceReReview();
  expect(forced.outputs.outcome).toBe('needs-review');
  // a push: a new head, judged as any
  const { push } = pushKit(w);
  push('after-reopen');
  expect((await k.run(null, { mode: 'preflight' }, k.prt(PR, 'synchronize'))).outputs.outcome).toBe('needs-review');
});

test('the record is for this base: retargeted while closed, the head is judged for the new base', async () => {
  const k = attackKit(w);
  const pre = await k.run(null, { mode: 'preflight' }, k.prt(PR, 'opened'));
  const pinned = { 'reviewed-sha': pre.outputs['head-sha']!, 'reviewed-base': pre.outputs['base-ref']! };
  w.gh.pulls.get(PR)!.state = 'closed';
  await k.run(body('CHANGES_REQUESTED'), pinned, k.prt(PR, 'opened'));
  w.gh.retarget(PR, 'develop');
  w.gh.pulls.get(PR)!.state = 'open';
  const again = await k.run(null, { mode: 'preflight' }, k.prt(PR, 'reopened', 'develop'));
  expect(again.outputs.outcome).toBe('needs-review');
});

describe('C1 held: closing the PR before a forced re-review posts does not bring the doubted approval back', () => {
  test('approved H, /review priya, the PR closed before the forced post and reopened: H is not green', async () => {
    const k = attackKit(w);
    const { chain, forceReReview } = k;
    await chain(k.prt(PR, 'opened'), 'APPROVE');
    expect(k.status()).toBe('success');
    const forced = await forceReReview();
    expect(forced.outputs.outcome).toBe('needs-review');
    w.gh.pulls.get(PR)!.state = 'closed';
    const pinned = { 'reviewed-sha': forced.outputs['head-sha']!, 'reviewed-base': forced.outputs['base-ref']! };
    const post = await k.forcedPost(pinned);
    expect(post.outputs.outcome).toBe('closed');
    w.gh.pulls.get(PR)!.state = 'open';
    const again = await k.run(null, { mode: 'preflight' }, k.prt(PR, 'reopened'));
    expect(again.outputs.outcome).toBe('duplicate');
    expect(k.status(), 'the forced pending stays (R11-3: open, fail closed)').not.toBe('success');
  });
});

/** The kit's close-before-post (attack-kit.ts), with the kit for the test. */
async function closeBeforePost(verdict = 'CHANGES_REQUESTED', extra: Record<string, string> = {}) {
  const k = attackKit(w);
  return { k, ...(await k.closeBeforePost(verdict, extra)) };
}

// A read-through of round 16's fixes (a helper): C1's record was "the persona's own newest status of the context on
// the head", so any status the persona's jobs wrote on H afterwards replaced it — and the PR's author can make them
// write some without a maintainer and without a push (a retarget away and back, a draft round trip, a twin PR): the
// next preflight rolled the LLM again. Now only a maintainer's forced pending of this PR settles the record.
describe("C1's read-through: what the PR author can do to the record does not erase it", () => {
  test('a retarget to another base and back: still unposted for main (no new roll)', async () => {
    const mainBase = w.gh.pulls.get(PR)!.base;
    const { k } = await closeBeforePost();
    const back = await k.run(null, { mode: 'preflight' }, k.prt(PR, 'reopened'));
    expect(back.outputs.outcome, 'the record holds on the reopen').toBe('unposted');
    // the author (no write access needed for their own PR) retargets to develop: a run for develop starts, its
    // preflight writes "priya is reviewing … for PR #7" over the record (the develop LLM need not even finish)
    w.gh.retarget(PR, 'develop');
    const dev = await k.run(null, { mode: 'preflight' }, k.prt(PR, 'edited', 'develop'));
    expect(dev.outputs['should-review']).toBe('true');
    // and back to main
    w.gh.retarget(PR, 'main', mainBase);
    const again = await k.run(null, { mode: 'preflight' }, k.prt(PR, 'edited', 'main'));
    expect(again.outputs['should-review'], 'a second LLM roll of H for main').toBe('false');
    expect(again.outputs.outcome).toBe('unposted');
  });

  test('review-drafts: false: reopened as a draft, then marked ready: still unposted', async () => {
    const drafts = { 'review-drafts': 'false' };
    const { k } = await closeBeforePost('CHANGES_REQUESTED', drafts);
    // closed again, made a draft, reopened: preflight writes "priya: draft, not reviewed yet" over the record
    w.gh.pulls.get(PR)!.draft = true;
    const d = await k.run(null, { mode: 'preflight', ...drafts }, k.prt(PR, 'reopened'));
    expect(d.outputs.outcome).toBe('draft');
    w.gh.pulls.get(PR)!.draft = false;
    const ready = await k.run(null, { mode: 'preflight', ...drafts }, k.prt(PR, 'ready_for_review'));
    expect(ready.outputs['should-review'], 'a second LLM roll of the same head, base and version').toBe('false');
    expect(ready.outputs.outcome).toBe('unposted');
  });

  test("a twin PR at the head (its refusal over the record), closed again: #7's reopen is still unposted", async () => {
    const { k } = await closeBeforePost();
    w.gh.pull({ number: 8, head: w.head, baseRef: 'release', headRef: 'twin', author: 'octo-author' });
    const twin = await k.run(null, { mode: 'preflight' }, k.prt(8, 'opened', 'release', 'twin'));
    expect(twin.outputs.reason).toBe('bad-input'); // the shared head refused: failure on H, written by priya
    w.gh.pulls.get(8)!.state = 'closed';
    const again = await k.run(null, { mode: 'preflight' }, k.prt(PR, 'reopened'));
    expect(again.outputs['should-review'], 'a second LLM roll of the same head, base and version').toBe('false');
    expect(again.outputs.outcome).toBe('unposted');
  });
});

// status-kind: check-run: the post writes the record as a failure check run, and preflight lists the persona's runs
// back for it (own-runs.ts; 0.9.0 read none, and this test was a test.fails). Unlisted: check-runs.test.ts.
describe('C1 with status-kind: check-run (fixed: the record is read back from the check runs)', () => {
  test('close before the post, reopen: no second roll of the same head and base', async () => {
    const APP = 'priya-reviewer[bot]';
    w.gh.user(TOKENS.priya, { login: APP, kind: 'app' });
    const asApp = { 'status-kind': 'check-run', 'reviewer-login': APP };
    const { k } = await closeBeforePost('CHANGES_REQUESTED', asApp);
    const run = w.gh.checkRuns.filter((c) => c.sha === w.head && c.name === CONTEXT).at(-1);
    expect(run?.conclusion, 'the record, as a check run').toBe('failure');
    const again = await k.run(null, { mode: 'preflight', ...asApp }, k.prt(PR, 'reopened'));
    expect(again.outputs['should-review'], 'a second LLM roll after close/reopen').toBe('false');
    expect(again.outputs.outcome).toBe('unposted');
  });
});

// unpostedDescription goes through fit() (140 characters): with a long base name the tail — the persona version,
// then the base's own end — was cut, and unpostedVerdict compared the cut strings: a v1 record read as v2's. The
// record now carries a key of the PR, base and version near its start (a SHA-256's first 10 hex digits).
describe('C1: a record cut to 140 characters still names its base and version', () => {
  test("a 54-character base, a 60-character persona-version: a rev1 record is not read as rev2's verdict", async () => {
    const long = 'release/2026.12-lts-backports-for-enterprise-customers';
    const version = (rev: string) => `priya-prompt-2026-12-02-claude-sonnet-4-5-temperature-0-${rev}`;
    w.gh.retarget(PR, long);
    const { k } = await closeBeforePost('CHANGES_REQUESTED', { 'persona-version': version('rev1') });
    const record = w.gh.statusOf(w.head, CONTEXT)?.description ?? '';
    expect(record.length).toBeLessThanOrEqual(140);
    expect(record).toMatch(/^priya: CHANGES_REQUESTED not posted \[[0-9a-f]{10}\]/);
    // the persona's prompt is revised (rev2): its jobs must judge the head again (E16b-2's rule for a version bump)
    const v2 = await k.run(
      null,
      { mode: 'preflight', 'persona-version': version('rev2') },
      k.prt(PR, 'reopened', long),
    );
    expect(v2.outputs.outcome, 'rev2 has never judged this head').toBe('needs-review');
    expect(v2.outputs['should-review']).toBe('true');
  });
});

// What held, for comparison: a posted rejection survives the same retarget round trip (the rejection dismissed on
// the retarget stands again back on main: keptRejection), so the record is the weaker of the two.
test('for comparison: a posted rejection, a retarget to develop and back: no new roll for main', async () => {
  const k = attackKit(w);
  const mainBase = w.gh.pulls.get(PR)!.base;
  const { post } = await k.chain(k.prt(PR, 'opened'), 'CHANGES_REQUESTED');
  expect(post?.outputs.outcome).toBe('posted');
  w.gh.retarget(PR, 'develop');
  const dev = await k.run(null, { mode: 'preflight' }, k.prt(PR, 'edited', 'develop'));
  expect(dev.outputs['should-review']).toBe('true');
  w.gh.retarget(PR, 'main', mainBase);
  const again = await k.run(null, { mode: 'preflight' }, k.prt(PR, 'edited', 'main'));
  expect(again.outputs['should-review']).toBe('false');
});
