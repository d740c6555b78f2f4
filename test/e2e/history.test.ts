// End to end: identity, history, duplicate, unchanged, preflight, dismissal.
import { beforeEach, describe, expect, test } from 'vitest';
import { decodeMarker, encodeMarker } from '../../src/core/marker.js';
import { body, LOGINS, PR, TOKENS, useWorld } from './world.js';
import { runAction } from './harness.js';

const w = useWorld();

const reviews = () => w.gh.reviews.get(PR)!;
const byId = (id: number) => reviews().find((r) => r.id === id)!;
/** A push: a new head commit (fresh tree unless given). */
const push = (seed: string, tree?: string) => {
  const next = w.gh.commit(seed, tree);
  w.gh.push(PR, next);
  w.head = next;
  return next;
};
const sameTreePush = (seed: string) => push(seed, w.gh.commits.get(w.head)!.tree);
const marked = (persona: string, head: string, verdict = 'CHANGES_REQUESTED') =>
  `${encodeMarker({ persona, head, tree: null, verdict: verdict as 'APPROVE', run: 'old-1-x' })}\nold\n## VERDICT: ` +
  `${verdict}`;

describe('dismiss-on-fresh-HEAD', () => {
  test("the persona's CHANGES_REQUESTED on an older head is dismissed after the new review; nobody else's is touched", async () => {
    const first = await w.run('priya', body('CHANGES_REQUESTED'));
    expect(first.code).toBe(0);
    const oldHead = w.head;
    const human = w.gh.seedReview(PR, {
      login: LOGINS.human,
      state: 'CHANGES_REQUESTED',
      body: 'Please fix.',
      commit_id: oldHead,
    });
    const marcus = await w.run('marcus', body('CHANGES_REQUESTED'));
    expect(marcus.code).toBe(0);
    const unmarked = w.gh.seedReview(PR, {
      login: LOGINS.priya,
      state: 'CHANGES_REQUESTED',
      body: 'posted by hand\n## VERDICT: CHANGES_REQUESTED',
      commit_id: oldHead,
    });
    const forged = w.gh.seedReview(PR, {
      login: LOGINS.human,
      state: 'CHANGES_REQUESTED',
      body: marked('priya', oldHead),
      commit_id: oldHead,
    });
    push('c2');
    w.gh.log.length = 0;

    const r = await w.run('priya', body('APPROVE'));
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs.outcome).toBe('posted');
    const oldId = Number(first.outputs['review-id']);
    expect(byId(oldId).state).toBe('DISMISSED');
    expect(JSON.parse(r.outputs['dismissed-review-ids']!)).toEqual([oldId]);
    for (const untouched of [human, unmarked, forged]) expect(byId(untouched.id).state).toBe('CHANGES_REQUESTED');
    expect(byId(Number(marcus.outputs['review-id'])).state).toBe('CHANGES_REQUESTED');
    // POST first, then the dismissal, and its message names the new review
    const writes = w.gh.writes();
    expect(writes.map((l) => l.method)).toEqual(['POST', 'PUT']);
    expect(writes[1]!.path).toBe(`/repos/acme/widgets/pulls/${PR}/reviews/${oldId}/dismissals`);
    expect(writes[1]!.body.message).toContain(String(r.outputs['review-id']));
    expect(writes[0]!.t).toBeLessThan(writes[1]!.t);
  });

  test.each([
    ['all', ['DISMISSED', 'DISMISSED']],
    ['changes-requested', ['APPROVED', 'DISMISSED']],
    ['none', ['APPROVED', 'CHANGES_REQUESTED']],
  ])('dismiss-stale: %s', async (policy, states) => {
    const a = await w.run('priya', body('APPROVE'));
    push('c2');
    const b = await w.run('priya', body('CHANGES_REQUESTED'), { 'dismiss-stale': 'none' });
    push('c3');
    const r = await w.run('priya', body('COMMENT'), { 'dismiss-stale': policy });
    expect(r.code, r.stdout).toBe(0);
    expect([byId(Number(a.outputs['review-id'])).state, byId(Number(b.outputs['review-id'])).state]).toEqual(states);
  });

  test('COMMENTED reviews are never dismissed', async () => {
    const a = await w.run('priya', body('COMMENT'));
    push('c2');
    const r = await w.run('priya', body('APPROVE'));
    expect(r.code).toBe(0);
    expect(byId(Number(a.outputs['review-id'])).state).toBe('COMMENTED');
    expect(w.gh.writes().filter((l) => l.method === 'PUT')).toEqual([]);
  });

  test('a 403 on dismissal fails the step with advice; the new review stays; a re-run finishes as duplicate', async () => {
    const a = await w.run('priya', body('CHANGES_REQUESTED'));
    push('c2');
    w.gh.users.get(TOKENS.priya)!.canDismiss = false;
    const r = await w.run('priya', body('APPROVE'));
    expect(r.code).toBe(1);
    expect(r.outputs.outcome).toBe('posted');
    expect(r.outputs.reason).toBe('permission-denied');
    expect(r.stdout).toMatch(/dismissal restrictions/);
    expect(reviews().filter((x) => x.state === 'APPROVED')).toHaveLength(1);
    w.gh.users.get(TOKENS.priya)!.canDismiss = true;
    const again = await w.run('priya', body('APPROVE'));
    expect(again.code).toBe(0);
    expect(again.outputs.outcome).toBe('duplicate');
    expect(byId(Number(a.outputs['review-id'])).state).toBe('DISMISSED');
    expect(reviews()).toHaveLength(2);
  });

  test('a review already dismissed by someone else between list and dismiss is fine', async () => {
    const a = await w.run('priya', body('CHANGES_REQUESTED'));
    push('c2');
    w.gh.faults.push({
      method: 'PUT',
      path: /dismissals$/,
      kind: 'status',
      status: 422,
      body: { message: 'Can not dismiss a dismissed pull request review' },
    });
    const r = await w.run('priya', body('APPROVE'));
    expect(r.code, r.stdout).toBe(0);
    expect(JSON.parse(r.outputs['dismissed-review-ids']!)).toEqual([Number(a.outputs['review-id'])]);
  });
});

describe('never twice: duplicate', () => {
  test('running the same job twice leaves one review', async () => {
    const a = await w.run('priya', body('APPROVE'));
    const b = await w.run('priya', body('APPROVE'));
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(reviews()).toHaveLength(1);
    expect(b.outputs).toMatchObject({ outcome: 'duplicate', verdict: 'APPROVE', 'review-id': a.outputs['review-id'] });
  });

  test('a re-run whose body now says something else keeps the live review and warns', async () => {
    await w.run('priya', body('APPROVE'));
    const b = await w.run('priya', body('CHANGES_REQUESTED'));
    expect(reviews()).toHaveLength(1);
    expect(b.outputs).toMatchObject({ outcome: 'duplicate', verdict: 'APPROVE' });
    expect(b.stdout).toMatch(/::warning::.*body says CHANGES_REQUESTED/);
  });

  test('a rejected PR whose job is re-run still fails with fail-on-changes-requested', async () => {
    const a = await w.run('priya', body('CHANGES_REQUESTED'), { 'fail-on-changes-requested': 'true' });
    const b = await w.run('priya', body('CHANGES_REQUESTED'), { 'fail-on-changes-requested': 'true' });
    expect([a.code, b.code]).toEqual([1, 1]);
    expect(b.outputs.outcome).toBe('duplicate');
    expect(reviews()).toHaveLength(1);
  });

  test('a dismissed review for this head does not block a new one', async () => {
    const a = await w.run('priya', body('APPROVE'));
    byId(Number(a.outputs['review-id'])).state = 'DISMISSED';
    const b = await w.run('priya', body('APPROVE'));
    expect(b.outputs.outcome).toBe('posted');
    expect(reviews()).toHaveLength(2);
  });
});

describe('no-diff skip: unchanged', () => {
  test('an empty commit on top of the reviewed one → unchanged, no write, verdict carried', async () => {
    const a = await w.run('priya', body('APPROVE'));
    const reviewed = w.head;
    sameTreePush('c1-empty');
    w.gh.log.length = 0;
    const b = await w.run('priya', body('CHANGES_REQUESTED'));
    expect(b.code).toBe(0);
    expect(b.outputs).toMatchObject({
      outcome: 'unchanged',
      verdict: 'APPROVE',
      event: 'APPROVE',
      'baseline-sha': reviewed,
      'head-sha': w.head,
      'review-id': a.outputs['review-id'],
    });
    expect(w.gh.writes()).toEqual([]);
    expect(reviews()).toHaveLength(1);
  });

  test("the latest counting review is the baseline, not the oldest: only its tree carries, the oldest's does not", async () => {
    const keep = { 'dismiss-stale': 'none' }; // the older review stays live, so the two counting reviews differ
    const first = w.head;
    await w.run('priya', body('CHANGES_REQUESTED'), keep);
    push('c1-changed');
    const latest = await w.run('priya', body('APPROVE'), keep);
    expect(latest.outputs.outcome).toBe('posted');
    const reviewed = w.head;
    sameTreePush('c2-empty');
    const same = await w.run('priya', body('CHANGES_REQUESTED'), keep);
    expect(same.outputs).toMatchObject({
      outcome: 'unchanged',
      verdict: 'APPROVE',
      'baseline-sha': reviewed,
      'review-id': latest.outputs['review-id'],
    });
    // back to the first review's tree: the latest opinion is on another tree, so it is reviewed again
    push('c3-reverted', w.gh.commits.get(first)!.tree);
    const back = await w.run('priya', body('APPROVE'), keep);
    expect(back.outputs.outcome).toBe('posted');
    expect(reviews().map((r) => r.state)).toEqual(['CHANGES_REQUESTED', 'APPROVED', 'APPROVED']);
  });

  test('a rejected PR stays red across an empty commit with fail-on-changes-requested', async () => {
    await w.run('priya', body('CHANGES_REQUESTED'));
    sameTreePush('c1-empty');
    const b = await w.run('priya', body('APPROVE'), { 'fail-on-changes-requested': 'true' });
    expect(b.code).toBe(1);
    expect(b.outputs).toMatchObject({ outcome: 'unchanged', verdict: 'CHANGES_REQUESTED' });
  });

  test('skip-unchanged: false reviews anyway', async () => {
    await w.run('priya', body('APPROVE'));
    sameTreePush('c1-empty');
    const b = await w.run('priya', body('APPROVE'), { 'skip-unchanged': 'false' });
    expect(b.outputs.outcome).toBe('posted');
    expect(reviews()).toHaveLength(2);
  });

  test('the head commit cannot be read (force-pushed away, refused) → review rather than skip', async () => {
    await w.run('priya', body('APPROVE'));
    const ghost = sameTreePush('c1-ghost');
    w.gh.commits.delete(ghost);
    const b = await w.run('priya', body('APPROVE'));
    expect(b.code, b.stdout).toBe(0);
    expect(b.outputs.outcome).toBe('posted');
    expect(b.stdout).toMatch(/::warning::.*could not be read/);
    expect(decodeMarker(reviews()[1]!.body)!.tree).toBeNull();
  });

  test('after a force-push that drops the reviewed commit, a changed tree gets a new review', async () => {
    await w.run('priya', body('APPROVE'));
    const old = w.head;
    push('c1-rewritten');
    w.gh.commits.delete(old);
    const b = await w.run('priya', body('COMMENT'));
    expect(b.outputs.outcome).toBe('posted');
  });

  test('another persona reviewing the same tree does not make it unchanged for priya', async () => {
    await w.run('marcus', body('APPROVE'));
    sameTreePush('c1-empty');
    const b = await w.run('priya', body('APPROVE'));
    expect(b.outputs.outcome).toBe('posted');
  });
});

describe('preflight', () => {
  type Setup = () => Promise<void>;
  test.each<[string, string, string, Setup]>([
    ['fresh head', 'needs-review', 'true', async () => {}],
    ['already reviewed', 'duplicate', 'false', async () => void (await w.run('priya', body('APPROVE')))],
    [
      'empty commit',
      'unchanged',
      'false',
      async () => {
        await w.run('priya', body('APPROVE'));
        sameTreePush('c1-empty');
      },
    ],
    [
      'superseded',
      'superseded',
      'false',
      async () => {
        push('c2');
        w.head = w.gh.commit('c1');
      },
    ],
    ['closed', 'closed', 'false', async () => void (w.gh.pulls.get(PR)!.state = 'closed')],
  ])('%s → %s, should-review=%s', async (_n, outcome, should, setup) => {
    await setup();
    const n = reviews().length;
    const r = await w.run('priya', null, { mode: 'preflight' });
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs).toMatchObject({ outcome, 'should-review': should });
    expect(reviews()).toHaveLength(n);
    expect(w.gh.log.filter((l) => l.method === 'POST' && l.path.endsWith('/reviews'))).toHaveLength(
      outcome === 'duplicate' || outcome === 'unchanged' ? 1 : 0,
    );
  });

  test('preflight that ends unchanged tidies stale reviews', async () => {
    const a = await w.run('priya', body('CHANGES_REQUESTED'));
    push('c2');
    const b = await w.run('priya', body('APPROVE'), { 'dismiss-stale': 'none' });
    sameTreePush('c2-empty');
    const r = await w.run('priya', null, { mode: 'preflight' });
    expect(r.outputs).toMatchObject({ outcome: 'unchanged', 'should-review': 'false' });
    expect(byId(Number(a.outputs['review-id'])).state).toBe('DISMISSED');
    expect(byId(Number(b.outputs['review-id'])).state).toBe('APPROVED');
  });
});

describe('identity', () => {
  test('reviewer-login is checked against GET /user when GitHub answers it', async () => {
    const r = await w.run('priya', body('APPROVE'), { 'reviewer-login': LOGINS.priya });
    expect(r.code).toBe(0);
    expect(w.gh.log.some((l) => l.path === '/user' && l.status === 200)).toBe(true);
    // GraphQL is read for the reviews' edit trace, never for the viewer when GET /user answers
    expect(w.gh.log.some((l) => l.path === '/graphql' && /viewer/.test(String(l.body?.query)))).toBe(false);
  });

  test('GET /user', async () => {
    const r = await w.run('priya', body('APPROVE'));
    expect(r.code).toBe(0);
    expect(w.gh.log.some((l) => l.path === '/user' && l.status === 200)).toBe(true);
    // GraphQL is read for the reviews' edit trace, never for the viewer when GET /user answers
    expect(w.gh.log.some((l) => l.path === '/graphql' && /viewer/.test(String(l.body?.query)))).toBe(false);
  });

  test('GET /user refused (App token) → GraphQL viewer', async () => {
    w.gh.users.get(TOKENS.app)!.graphqlViewer = true;
    const first = await w.run('app', body('COMMENT'));
    expect(first.code, first.stdout).toBe(0);
    expect(w.gh.log.some((l) => l.path === '/user' && l.status === 403)).toBe(true);
    expect(w.gh.log.some((l) => l.path === '/graphql')).toBe(true);
    const again = await w.run('app', body('COMMENT'));
    expect(again.outputs.outcome).toBe('duplicate');
  });

  test('neither works → permission-denied naming reviewer-login, nothing written', async () => {
    const r = await w.run('app', body('APPROVE'));
    expect(r.code).toBe(1);
    expect(r.outputs.reason).toBe('permission-denied');
    expect(r.stdout).toContain('reviewer-login');
    expect(w.gh.writes()).toEqual([]);
  });

  test('a wrong reviewer-login: refused before any write, naming the right login', async () => {
    await w.run('priya', body('CHANGES_REQUESTED'));
    // alice writes a priya marker into her own review; reviewer-login wrongly names alice
    w.gh.seedReview(PR, {
      login: LOGINS.human,
      state: 'CHANGES_REQUESTED',
      body: marked('priya', w.head),
      commit_id: w.head,
    });
    push('c2');
    w.gh.log.length = 0;
    const r = await w.run('priya', body('APPROVE'), { 'reviewer-login': LOGINS.human });
    expect(r.code).toBe(1);
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason: 'bad-input' });
    expect(r.stdout).toMatch(/reviewer-login is alice, but this token posts as octo-priya/);
    expect(w.gh.writes()).toEqual([]);
    expect(reviews().filter((x) => x.state === 'CHANGES_REQUESTED')).toHaveLength(2);
  });
});

describe('pagination', () => {
  test('250 reviews (3 pages): history on the last page is found', async () => {
    await w.run('priya', body('APPROVE'));
    const mine = reviews().pop()!;
    for (let i = 0; i < 250; i++)
      w.gh.seedReview(PR, { login: LOGINS.human, state: 'COMMENTED', body: `note ${i}`, commit_id: w.head });
    reviews().push(mine);
    w.gh.log.length = 0;
    const r = await w.run('priya', body('APPROVE'));
    expect(r.outputs.outcome).toBe('duplicate');
    const pages = w.gh.log.filter((l) => l.path.endsWith('/reviews') && l.method === 'GET');
    expect(pages.map((l) => l.query.page ?? '1')).toEqual(['1', '2', '3']);
    expect(pages.every((l) => l.query.per_page === '100')).toBe(true);
  });
});

describe('unchanged-when: patch (rebase / base merge that changes nothing in the PR)', () => {
  const FILES = [{ filename: 'src/a.ts', status: 'modified', patch: '@@ -1 +1,2 @@\n x\n+y' }];
  const rebase = (seed: string, files: unknown[]) => {
    const next = w.gh.commit(seed, undefined, files); // a new tree (the base moved) ...
    w.gh.push(PR, next);
    w.head = next;
  };
  beforeEach(() => {
    // the reviewed head carries the PR's patch
    w.gh.commits.get(w.head)!.files = FILES;
  });

  test('same patch on a rebased head → unchanged, verdict carried, no write', async () => {
    const a = await w.run('priya', body('CHANGES_REQUESTED'), { 'unchanged-when': 'patch' });
    expect(decodeMarker(reviews()[0]!.body)!.patch).toMatch(/^[0-9a-f]{64}$/);
    rebase('rebased', FILES); // ... the same change at the same lines: the base moved elsewhere
    w.gh.log.length = 0;
    const b = await w.run('priya', body('APPROVE'), { 'unchanged-when': 'patch', 'fail-on-changes-requested': 'true' });
    expect(b.code).toBe(1); // carried CHANGES_REQUESTED keeps the gate red
    expect(b.outputs).toMatchObject({
      outcome: 'unchanged',
      verdict: 'CHANGES_REQUESTED',
      'review-id': a.outputs['review-id'],
    });
    expect(b.stdout).toMatch(/same PR patch/);
    expect(w.gh.writes()).toEqual([]);
  });

  test('the same hunk text at other lines is another change → posted (found by an attack: two alike blocks)', async () => {
    await w.run('priya', body('APPROVE'), { 'unchanged-when': 'patch' });
    rebase('moved', [{ filename: 'src/a.ts', status: 'modified', patch: '@@ -7 +7,2 @@\n x\n+y' }]);
    const b = await w.run('priya', body('CHANGES_REQUESTED'), { 'unchanged-when': 'patch' });
    expect(b.outputs).toMatchObject({ outcome: 'posted', verdict: 'CHANGES_REQUESTED' });
    expect(reviews().map((r) => r.state)).toEqual(['DISMISSED', 'CHANGES_REQUESTED']);
  });

  test('a changed patch → posted', async () => {
    await w.run('priya', body('APPROVE'), { 'unchanged-when': 'patch' });
    rebase('changed', [{ filename: 'src/a.ts', status: 'modified', patch: '@@ -1 +1,2 @@\n x\n+z' }]);
    const b = await w.run('priya', body('APPROVE'), { 'unchanged-when': 'patch' });
    expect(b.outputs.outcome).toBe('posted');
  });

  test('tree mode (the default) reviews a rebased head again', async () => {
    await w.run('priya', body('APPROVE'), { 'unchanged-when': 'patch' });
    rebase('rebased', FILES);
    w.gh.log.length = 0;
    const b = await w.run('priya', body('APPROVE'));
    expect(b.outputs.outcome).toBe('posted');
    // the patch is read in tree mode too: a tree is carried only with the same patch
    expect(w.gh.log.some((l) => l.path.includes('/compare/'))).toBe(true);
  });

  test.each([
    ['a binary file in the PR', [...FILES, { filename: 'logo.png', status: 'modified' }]],
    [
      '300 files (the compare cap)',
      Array.from({ length: 300 }, (_, i) => ({ filename: `f${i}.ts`, status: 'added', patch: '+x' })),
    ],
  ])('%s → the patch cannot be read whole → review', async (_n, files) => {
    w.gh.commits.get(w.head)!.files = files;
    await w.run('priya', body('APPROVE'), { 'unchanged-when': 'patch' });
    rebase('rebased', files);
    const b = await w.run('priya', body('APPROVE'), { 'unchanged-when': 'patch' });
    expect(b.outputs.outcome).toBe('posted');
    expect(b.stdout).toMatch(/::warning::.*patch .*could not be read whole/);
  });

  test('compare refused (404) → review', async () => {
    await w.run('priya', body('APPROVE'), { 'unchanged-when': 'patch' });
    rebase('rebased', FILES);
    w.gh.faults.push({
      method: 'GET',
      path: /\/compare\//,
      kind: 'status',
      status: 404,
      body: { message: 'Not Found' },
    });
    const b = await w.run('priya', body('APPROVE'), { 'unchanged-when': 'patch' });
    expect(b.outputs.outcome).toBe('posted');
  });
});

describe('GitHub Enterprise Server', () => {
  test('GITHUB_API_URL with /api/v3 is honoured for REST, pagination and GraphQL', async () => {
    w.gh.ghes = true;
    w.gh.users.get(TOKENS.app)!.graphqlViewer = true;
    for (let i = 0; i < 120; i++)
      w.gh.seedReview(PR, { login: LOGINS.human, state: 'COMMENTED', body: `note ${i}`, commit_id: w.head });
    const run = () =>
      runAction({
        inputs: { 'github-token': TOKENS.app, persona: 'priya', body: body('COMMENT') },
        apiUrl: `${w.gh.url}/api/v3`,
        env: { GITHUB_GRAPHQL_URL: `${w.gh.url}/api/graphql` },
        event: w.event(),
      });
    const a = await run();
    expect(a.code, a.stdout).toBe(0);
    expect(a.outputs.outcome).toBe('posted');
    const b = await run();
    expect(b.outputs.outcome).toBe('duplicate'); // page 2 of the reviews was read through /api/v3 too
    expect(w.gh.log.some((l) => l.path.startsWith('/not-ghes'))).toBe(false);
    expect(w.gh.log.some((l) => l.path === '/graphql')).toBe(true);
  });
});
