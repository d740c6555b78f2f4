// Attack round 12 (a helper attacking the gate, 2026-12-02): each test failed on 0.7.3 for the reason its describe
// names. B2: a twin PR's shared-head failure linked the doubted review and so settled a forced re-review's pending;
// B3: a plain run's kept green landed over a forced pending written after it read the head; B4: unreadable statuses
// let a kept green over a forced pending (fail open); B5: the board did not see a rejection kept on a retarget back.
// B6: a marker forged into a stranger's COMMENT review blocked an App persona's head with no way to clear it; D3 (a
// second attack): the first fix for it let a wrong reviewer-login post twice. The second attack also found B3's fix
// half done: a forced re-review that ended (its red, or its abort) while a kept green waited on a rate limit.
// RELIABILITY.md has a row for each.
import { beforeEach, describe, expect, test } from 'vitest';
import { decodeMarker, encodeMarker } from '../../src/core/marker.js';
import { OWNER, REPO } from '../fake/github.js';
import { TIME_SCALE_ENV } from '../../src/core/waits.js';
import { attackKit, reviewComment, until } from './attack-kit.js';
import { runAction } from './harness.js';
import { body, LOGINS, PR, reviewsOf, runOn, TOKENS, useWorld } from './world.js';

const w = useWorld();
const { prt, run, chain, status, forceReReview, forcedRejects } = attackKit(w);

/** A merge group for PR #7 into main, built now: its status is what the queue decides. */
async function group(): Promise<string | undefined> {
  const sha = w.gh.commit('group-main');
  const q = await runOn(w.gh, 'priya', null, { mode: 'preflight' }, 'merge_group', {
    merge_group: { head_sha: sha, head_ref: `refs/heads/gh-readonly-queue/main/pr-${PR}-${'a'.repeat(40)}` },
    repository: { full_name: `${OWNER}/${REPO}` },
  });
  expect(q.outputs.outcome).toBe('queued');
  return status(sha);
}

describe('B2: a twin PR opened and closed during a forced re-review turned the doubted head green', () => {
  test('forced /review under way; author opens #8 at H, reopens #7, closes #8, reopens #7: H is not green', async () => {
    await chain(prt(PR, 'opened'), 'APPROVE');
    expect(status()).toBe('success');
    // a maintainer asks priya to judge H again; the LLM job is running (nothing posted yet)
    const forced = await forceReReview();
    expect(forced.outputs.outcome).toBe('needs-review');
    expect(status()).toBe('pending');
    // the PR's author opens a second PR at the same commit (a fork would do)
    w.gh.pull({ number: 8, head: w.head, headRef: 'copy', baseRef: 'main', author: 'octo-author' });
    const pre8 = await run(null, { mode: 'preflight' }, prt(8, 'opened', 'main', 'copy'));
    expect(pre8.outputs.reason).toBe('bad-input');
    // ... closes and reopens #7: its plain run keeps the doubted APPROVE; the head is shared, so the status is
    // failure — written with the doubted review of #7 as its target
    const again = await run(null, { mode: 'preflight' }, prt(PR, 'reopened'));
    expect(again.outputs.outcome).toBe('duplicate');
    expect(status()).toBe('failure');
    // ... closes #8, and reopens #7 once more
    w.gh.pulls.get(8)!.state = 'closed';
    const third = await run(null, { mode: 'preflight' }, prt(PR, 'reopened'));
    expect(third.outputs.outcome).toBe('duplicate');
    // the forced re-review has posted nothing: the doubted approval must not turn H green meanwhile
    expect(status(), 'H while the forced re-review of it is still under way').not.toBe('success');
  });

  test('the same, and a merge group built after the twin failure: the group does not pass on the doubted approval', async () => {
    await chain(prt(PR, 'opened'), 'APPROVE');
    const forced = await forceReReview();
    expect(forced.outputs.outcome).toBe('needs-review');
    w.gh.pull({ number: 8, head: w.head, headRef: 'copy', baseRef: 'main', author: 'octo-author' });
    await run(null, { mode: 'preflight' }, prt(8, 'opened', 'main', 'copy'));
    const again = await run(null, { mode: 'preflight' }, prt(PR, 'reopened'));
    expect(again.outputs.outcome).toBe('duplicate');
    expect(status()).toBe('failure');
    w.gh.pulls.get(8)!.state = 'closed';
    expect(await group(), "#7's group while its re-review runs").not.toBe('success');
  });
});

describe('B3: a kept green racing a forced re-review', () => {
  test("the author's reopen run writes its green after the maintainer's forced pending", async () => {
    await chain(prt(PR, 'opened'), 'APPROVE');
    expect(status()).toBe('success');
    const from = w.gh.log.length;
    // the green is held in the fake until the forced preflight has ended (an order, not a timed delay)
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const green = (b: { state?: string } | undefined) => b?.state === 'success';
    w.gh.faults.push({ method: 'POST', path: /\/statuses\//, when: green, kind: 'delay', until: released });
    // the author reopens the PR: a plain run keeps the APPROVE (duplicate) and sends its green
    const plain = run(null, { mode: 'preflight' }, prt(PR, 'reopened'));
    await until('the green write', () =>
      w.gh.log.slice(from).some((l) => l.method === 'POST' && l.path.includes('/statuses/')),
    );
    // meanwhile a maintainer comments /review priya: the forced preflight writes its pending
    try {
      const forced = await forceReReview();
      expect(forced.outputs.outcome).toBe('needs-review');
      expect(status()).toBe('pending');
    } finally {
      release();
    }
    const r = await plain;
    expect(r.outputs.outcome).toBe('duplicate');
    // the forced re-review has posted nothing yet
    expect(await group(), "#7's group while its re-review runs").not.toBe('success');
    expect(status(), 'H while the forced re-review of it is under way').not.toBe('success');
  });
});

describe('B4: a plain run that cannot read the head statuses during a forced re-review', () => {
  test('the statuses listing fails: the doubted APPROVE is not written green over the forced pending', async () => {
    await chain(prt(PR, 'opened'), 'APPROVE');
    const forced = await forceReReview();
    expect(forced.outputs.outcome).toBe('needs-review');
    expect(status()).toBe('pending');
    // the listing of H's statuses fails for this run (GitHub refuses it, or it cannot be read whole in time)
    w.gh.faults.push({
      method: 'GET',
      path: new RegExp(`/commits/${w.head}/statuses$`),
      kind: 'status',
      status: 404,
      times: 5,
    });
    const plain = await run(null, { mode: 'preflight' }, prt(PR, 'reopened'));
    expect(plain.outputs.outcome).toBe('duplicate');
    expect(status(), 'H while the forced re-review of it is under way').not.toBe('success');
  });
});

const PERSONAS = `priya=${LOGINS.priya}\nmarcus=${LOGINS.marcus}\nlin=${LOGINS.lin}`;
const retargetEvent = (to: string, from: string) => ({
  ...prt(PR, 'edited', to),
  changes: { base: { ref: { from } } },
});

describe("B5: the panel and priya's rejection kept on a retarget back", () => {
  test('main → develop → main: priya rejects (H, main); the panel is not green on marcus and lin', async () => {
    await w.run('marcus', body('APPROVE'));
    await w.run('lin', body('APPROVE'));
    const first = await chain(prt(PR, 'opened'), 'CHANGES_REQUESTED');
    expect(first.post!.outputs.outcome).toBe('posted');
    const mainBase = w.gh.pulls.get(PR)!.base;
    w.gh.retarget(PR, 'develop');
    const dev = await chain(retargetEvent('develop', 'main'), 'APPROVE');
    expect(dev.post!.outputs.outcome).toBe('posted');
    w.gh.retarget(PR, 'main', mainBase);
    const back = await run(null, { mode: 'preflight' }, retargetEvent('main', 'develop'));
    expect(back.outputs.outcome).toBe('duplicate'); // priya's rejection of (H, main) stands
    expect(status()).toBe('failure');
    const r = await runAction({
      inputs: { mode: 'board', 'github-token': TOKENS.app, personas: PERSONAS, 'min-approvals': '2' },
      apiUrl: w.gh.url,
      event: prt(PR, 'edited', 'main'),
      eventName: 'pull_request_target',
    });
    expect(r.outputs.outcome).toBe('reported');
    expect(w.gh.statusOf(w.head, 'persona-verdict/panel')?.state, 'the panel while priya rejects').not.toBe('success');
    expect(r.outputs['panel-verdict']).toBe('CHANGES_REQUESTED');
  });
});

// With an installation token (an App's, GITHUB_TOKEN's) the account cannot be verified (GET /user is refused), so a
// live review by another bot account carrying priya's marker for the head means reviewer-login may be wrong, and the
// run refuses rather than post twice. What an installation token posts is a bot's review: a marker in a person's
// review is a copy and blocks nothing (B6: a stranger's COMMENT review, which nobody can dismiss, blocked the head).
// The first fix let an edited review stop blocking; with a wrong reviewer-login the persona's own review, edited as
// the refusal advised, then let the run post a second one (a second attack on round 12, D3): a bot's review blocks,
// edited or not.
describe("B6: a stranger's forged-marker COMMENT on an App persona's head", () => {
  test('blocks nothing: priya reviews H', async () => {
    w.gh.user(TOKENS.priya, { login: 'priya-app[bot]', kind: 'app' }); // the recipes' App token: unverifiable
    const marker = encodeMarker({
      persona: 'priya',
      head: w.head,
      tree: null,
      base: 'main',
      verdict: 'COMMENT',
      run: 'x',
    });
    w.gh.seedReview(PR, {
      login: 'mallory',
      state: 'COMMENTED',
      body: `${marker}\nlgtm\n\n## VERDICT: COMMENT`,
      commit_id: w.head,
    });
    const r = await chain(prt(PR, 'opened'), 'APPROVE', { 'reviewer-login': 'priya-app[bot]' });
    expect(r.pre.outputs.reason ?? '').toBe('');
    expect(r.post?.outputs.outcome).toBe('posted');
    expect(status()).toBe('success');
  });
});

describe('D3: an unverifiable wrong reviewer-login, refused, and its review edited', () => {
  test('posts once, is refused, the review is edited: the re-run is still refused (one review)', async () => {
    const inputs = { 'reviewer-login': 'github-actions' }; // missing [bot]: GITHUB_TOKEN cannot read /user
    const first = await w.run('app', body('APPROVE'), inputs);
    expect(first.code).toBe(1); // posted, then noticed the author is github-actions[bot]
    const again = await w.run('app', body('APPROVE'), inputs);
    expect(again.outputs).toMatchObject({ outcome: 'aborted', reason: 'bad-input' });
    expect(again.stdout).toMatch(/set reviewer-login to github-actions\[bot\]/);
    const [r1] = reviewsOf(w);
    w.gh.editReview(PR, r1!.id, r1!.body, LOGINS.human);
    const third = await w.run('app', body('APPROVE'), inputs);
    expect(third.outputs).toMatchObject({ outcome: 'aborted', reason: 'bad-input' });
    const live = reviewsOf(w).filter((r) => r.state !== 'DISMISSED' && decodeMarker(r.body)?.persona === 'app');
    expect(live.map((r) => `${r.id} ${r.login} ${r.state}`)).toHaveLength(1);
  });
});

/**
 * A plain run (the author reopens) keeps the APPROVE and sends its green, which meets GitHub's secondary rate limit
 * (retry-after 240 s, within run-timeout-seconds: the action waits it out, 4 minutes in production); meanwhile a
 * maintainer's /review priya runs to its end. The order is held, not timed: the green's second attempt waits in the
 * fake until the re-review has ended (before, the wait was 9.6 s of real time, and a loaded machine let the green
 * land first at 4.8 s). Resolves with the plain run's result.
 */
async function keptGreenWaitsOut(forcedPost: (pinned: Record<string, string>) => Promise<unknown>) {
  await chain(prt(PR, 'opened'), 'APPROVE');
  const from = w.gh.log.length;
  let ended!: () => void;
  const reReviewEnded = new Promise<void>((r) => (ended = r));
  const green = (b: { state?: string } | undefined) => b?.state === 'success';
  w.gh.faults.push(
    {
      method: 'POST',
      path: /\/statuses\//,
      when: green,
      kind: 'status',
      status: 403,
      headers: { 'retry-after': '240' },
      body: { message: 'You have exceeded a secondary rate limit', documentation_url: 'https://docs.github.com/rest' },
    },
    { method: 'POST', path: /\/statuses\//, when: green, kind: 'delay', until: reReviewEnded },
  );
  const plain = runAction({
    inputs: { 'github-token': TOKENS.priya, persona: 'priya', mode: 'preflight' },
    apiUrl: w.gh.url,
    event: prt(PR, 'reopened'),
    eventName: 'pull_request_target',
    env: { [TIME_SCALE_ENV]: '0.001' }, // the 240 s wait: 0.24 s
  });
  await until('the green write', () =>
    w.gh.log.slice(from).some((l) => l.method === 'POST' && l.path.includes('/statuses/')),
  );
  try {
    const forced = await forceReReview();
    expect(forced.outputs.outcome).toBe('needs-review');
    await forcedPost({ 'reviewed-sha': forced.outputs['head-sha']!, 'reviewed-base': forced.outputs['base-ref']! });
  } finally {
    ended();
  }
  const r = await plain;
  expect(r.outputs.outcome).toBe('duplicate');
  // the green was refused once, then written after the re-review's own writes
  const greens = w.gh.log.slice(from).filter((l) => l.method === 'POST' && green(l.body as { state?: string }));
  expect(greens.map((l) => l.faulted ?? 'written')).toEqual(['status', 'delay']);
  return r;
}

describe('a kept green racing a forced re-review that ends first (a second attack on B3)', () => {
  test('the re-review rejects before the green lands: its red goes back over the green', async () => {
    const r = await keptGreenWaitsOut((pinned) => forcedRejects(pinned));
    const live = reviewsOf(w).filter((x) => x.state !== 'DISMISSED' && decodeMarker(x.body)?.persona === 'priya');
    expect(live.map((x) => x.state)).toEqual(['CHANGES_REQUESTED']);
    expect(status(), 'H after priya re-reviewed and rejected it').toBe('failure');
    expect(r.stdout).toMatch(/a newer review of .* was posted as this run's green was written/);
  });

  test('the re-review aborts (no review.md) before the green lands: pending again, the way out named', async () => {
    const r = await keptGreenWaitsOut(async (pinned) => {
      const missing = { ...pinned, force: 'true', 'body-path': '/tmp/pv-attack12-no-such-dir/review.md' };
      const post = await runOn(w.gh, 'priya', null, missing, 'issue_comment', reviewComment('keeper'));
      expect(post.outputs.outcome).toBe('aborted');
    });
    expect(status()).toBe('pending');
    expect(r.stdout).toMatch(/comment \/review priya again, or push/);
  });
});

// a read-through of round 12: with check runs the head's statuses are never read back, and B4's "unread: no green"
// held back every kept approval's green run (and every green warned that the statuses could not be read again)
const CHECK_CONTEXT = 'persona-verdict/priya';
const APP = 'priya-reviewer[bot]';
const asApp = { 'status-kind': 'check-run', 'reviewer-login': APP };
const target = (head = w.head, action = 'synchronize') => ({
  action,
  number: PR,
  pull_request: {
    number: PR,
    head: { sha: head, ref: 'feature', repo: { full_name: `${OWNER}/${REPO}` } },
    base: { ref: 'main' },
  },
});
const priyasRun = (sha: string) =>
  w.gh.checkRuns.filter((c) => c.sha === sha && c.name === CHECK_CONTEXT && c.app === 'priya-reviewer').at(-1);

describe('check runs: a kept approval', () => {
  beforeEach(() => {
    w.gh.user(TOKENS.priya, { login: APP, kind: 'app' });
  });

  test('a reopen: preflight keeps the APPROVE (duplicate) and its run is green again', async () => {
    const first = await runOn(w.gh, 'priya', body('APPROVE'), asApp, 'pull_request_target', target());
    expect(first.outputs.outcome).toBe('posted');
    expect(priyasRun(w.head)!.conclusion).toBe('success');
    const pre = await runOn(
      w.gh,
      'priya',
      null,
      { ...asApp, mode: 'preflight' },
      'pull_request_target',
      target(w.head, 'reopened'),
    );
    expect(pre.outputs.outcome).toBe('duplicate');
    // the kept approval writes its green run, as before 0.7.4
    expect(pre.stdout).not.toContain('statuses could not be read');
    expect(w.gh.checkRuns.filter((c) => c.sha === w.head)).toHaveLength(2);
    expect(priyasRun(w.head)!.conclusion).toBe('success');
  });

  test('a post that posts: no warning that the statuses could not be read again', async () => {
    const r = await runOn(w.gh, 'priya', body('APPROVE'), asApp, 'pull_request_target', target());
    expect(r.outputs.outcome).toBe('posted');
    expect(r.stdout).not.toContain('could not be read again after the green');
  });
});
