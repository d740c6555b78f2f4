// GitHub's limits and refusals, end to end: rate limits and the run's time limits, the test
// clock, refusals, a force-push mid-run, failures that must not open the gate, pagination.
// For each: the final state and the step result; useWorld() checks the gate's invariants after
// every test (see checkInvariants in world.ts). Faults of review creation: faults.test.ts.
import { describe, expect, test } from 'vitest';
import { body, clock, createsOf, LOGINS, POST_REVIEW, PR, reviewsOf, TOKENS, useWorld } from './world.js';
import { TIME_SCALE_ENV } from '../../src/core/waits.js';
import { runAction, writeBody } from './harness.js';

const w = useWorld();
const reviews = () => reviewsOf(w);
const creates = () => createsOf(w);

describe('rate limits', () => {
  const PULL = /\/pulls\/7$/;
  const SECONDARY = 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.';
  /** One rate-limited answer, as GitHub sends it. */
  const limited = (method: string, path: RegExp, status: number, headers: Record<string, string>, message: string) =>
    w.gh.faults.push({ method, path, kind: 'status', status, headers, body: { message } });
  const primary = (secondsToReset: number) => {
    const reset = Math.floor(Date.now() / 1000) + secondsToReset;
    limited(
      'GET',
      PULL,
      403,
      { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
      'API rate limit exceeded for user.',
    );
    return reset;
  };

  test('secondary rate limit (403 + retry-after) on create → waits and retries → one review', async () => {
    limited('POST', POST_REVIEW, 403, { 'retry-after': '1' }, SECONDARY);
    const r = await w.run('priya', body('APPROVE'), {}, clock(1)); // real time: the wait is measured
    expect(r.code, r.stdout).toBe(0);
    expect(reviews()).toHaveLength(1);
    expect(creates().map((c) => c.status)).toEqual([403, 200]);
    expect(creates()[1]!.t - creates()[0]!.end).toBeGreaterThanOrEqual(900);
  });

  test('a rate-limit wait longer than the per-request time limit: each attempt gets its own limit', async () => {
    limited('GET', PULL, 403, { 'retry-after': '2' }, SECONDARY);
    const r = await w.run('priya', body('APPROVE'), { 'request-timeout-seconds': '1' }, clock(1));
    expect(r.code, r.stdout).toBe(0);
    expect(reviews()).toHaveLength(1);
  });

  test('secondary rate limit as 429 → waits and retries', async () => {
    limited('GET', PULL, 429, { 'retry-after': '1' }, SECONDARY);
    const r = await w.run('priya', body('APPROVE'));
    expect(r.code, r.stdout).toBe(0);
    expect(reviews()).toHaveLength(1);
  });

  test('primary limit (x-ratelimit-remaining: 0) resetting soon → waits until the reset', async () => {
    primary(1);
    const r = await w.run('priya', body('APPROVE'));
    expect(r.code, r.stdout).toBe(0);
    expect(reviews()).toHaveLength(1);
  });

  test('retry-after 20 s with 3 s left (run-timeout-seconds) → fails at once saying the request was sent and answered', async () => {
    limited('POST', POST_REVIEW, 403, { 'retry-after': '20' }, SECONDARY);
    const started = Date.now();
    const r = await w.run('priya', body('APPROVE'), { 'run-timeout-seconds': '3' }, clock(1));
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(r.code).toBe(1);
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason: 'api-error' });
    expect(r.stdout).toMatch(
      /create review on #7 failed \(HTTP 403\): You have exceeded a secondary rate limit.*; the request was sent and GitHub answered HTTP 403 rate-limited with retry-after 20 s; the run has [0-3] s left \(run-timeout-seconds\)/,
    );
    expect(r.stdout).not.toMatch(/was not sent|waiting \d+s/);
    expect(creates().map((c) => c.status)).toEqual([403]);
    expect(reviews()).toHaveLength(0);
  });

  test('still rate-limited after two waits → stops, saying so; three attempts in all', async () => {
    const answer = { status: 429, headers: { 'retry-after': '1' }, body: { message: SECONDARY } };
    w.gh.faults.push({ method: 'GET', path: PULL, kind: 'status', times: 3, ...answer });
    const r = await w.run('priya', body('APPROVE'));
    expect(r.code).toBe(1);
    expect(r.outputs.reason).toBe('api-error');
    expect(r.stdout).toMatch(/HTTP 429 rate-limited with retry-after 1 s; .* still rate-limited after 2 waits/);
    expect(w.gh.log.filter((l) => l.method === 'GET' && PULL.test(l.path))).toHaveLength(3);
    expect(w.gh.writes()).toEqual([]);
  });

  test('primary limit resetting in an hour → no wait, a clear api-error naming the reset, nothing written', async () => {
    const reset = primary(3600);
    const r = await w.run('priya', body('APPROVE'));
    expect(r.code).toBe(1);
    expect(r.outputs.reason).toBe('api-error');
    expect(r.stdout).toContain(new Date(reset * 1000).toISOString());
    expect(w.gh.writes()).toEqual([]);
  });
});

describe("GraphQL's primary rate limit: HTTP 200 with a RATE_LIMITED error", () => {
  const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;
  const graphql = () => w.gh.log.filter((l) => l.path === '/graphql');

  test('on the edit trace, resetting in a second or two → waits until the reset, then one review', async () => {
    w.gh.graphqlLimit = { limit: 1000, remaining: 0, resetAt: inSeconds(2) }; // 1–2 s away
    const r = await w.run('priya', body('APPROVE'), {}, clock(1)); // real time: the fake's window resets by it
    expect(r.code, r.stdout).toBe(0);
    expect(reviews()).toHaveLength(1);
    expect(r.stdout).toMatch(/list reviews of #7: rate limited \(HTTP 200\), waiting [2-3]s as GitHub asks/);
    expect(graphql().length).toBeGreaterThanOrEqual(2);
    expect(graphql()[1]!.t - graphql()[0]!.end).toBeGreaterThanOrEqual(900);
  });

  test('resetting in an hour → no wait, an api-error naming the limit and its reset (not a failed connection)', async () => {
    const reset = inSeconds(3600);
    w.gh.graphqlLimit = { limit: 1000, remaining: 0, resetAt: reset };
    const r = await w.run('priya', body('APPROVE'));
    expect(r.code).toBe(1);
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason: 'api-error' });
    expect(r.stdout).toMatch(/list reviews of #7 failed \(HTTP 200, GraphQL errors: RATE_LIMITED\): API rate limit/);
    expect(r.stdout).toContain(new Date(reset * 1000).toISOString());
    expect(r.stdout).not.toMatch(/connection to GitHub failed/);
    expect(w.gh.writes()).toEqual([]);
    expect(graphql()).toHaveLength(1);
  });

  test('a GraphQL answer that is not a rate limit (NOT_FOUND) is not waited on, and not called a failed connection', async () => {
    w.gh.faults.push({
      method: 'POST',
      path: /^\/graphql$/,
      kind: 'status',
      status: 200,
      body: { data: null, errors: [{ type: 'NOT_FOUND', message: 'Could not resolve to a PullRequest.' }] },
    });
    const r = await w.run('priya', body('APPROVE'));
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/list reviews of #7 failed \(HTTP 200, GraphQL errors: NOT_FOUND\)/);
    expect(r.stdout).not.toMatch(/rate limited|connection to GitHub failed/);
    expect(w.gh.writes()).toEqual([]);
  });
});

describe('the test clock', () => {
  // the client's write spacing (github/pacing.ts), which this clock scales: a second apart in production
  test.each([
    [1, (gap: number) => expect(gap).toBeGreaterThanOrEqual(950)],
    [0.05, (gap: number) => expect(gap).toBeLessThan(900)],
  ])('writes are spaced a second apart, times the clock (%s)', async (scale, check) => {
    const r = await w.run('priya', body('APPROVE'), { 'commit-status': 'always' }, clock(scale));
    expect(r.outputs.outcome, r.stdout).toBe('posted');
    const writes = w.gh.log.filter((l) => l.method === 'POST' && l.path !== '/graphql');
    expect(writes.map((l) => l.path)).toEqual([expect.stringMatching(POST_REVIEW), expect.stringMatching(/statuses/)]);
    check(writes[1]!.t - writes[0]!.t);
  });

  test(`${TIME_SCALE_ENV} set to anything but a number in (0, 1] → bad-input naming it, nothing sent`, async () => {
    const r = await w.run('priya', body('APPROVE'), {}, clock(Number.NaN));
    expect(r.code).toBe(1);
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason: 'bad-input' });
    expect(r.stdout).toMatch(
      /PERSONA_VERDICT_TEST_TIME_SCALE is "NaN": it exists only for persona-verdict's own tests/,
    );
    expect(w.gh.log).toEqual([]);
  });
});

describe('refusals', () => {
  test('401: a bad token → permission-denied with advice, nothing written', async () => {
    const r = await runAction({
      inputs: { 'github-token': 'ghp_revoked', persona: 'priya', 'body-path': writeBody(body('APPROVE')) },
      apiUrl: w.gh.url,
      event: w.event(),
    });
    expect(r.code).toBe(1);
    expect(r.outputs.reason).toBe('permission-denied');
    expect(r.stdout).toMatch(/token was rejected/);
    expect(w.gh.writes()).toEqual([]);
  });

  test('404: the repository is not visible to the token → api-error, nothing written', async () => {
    const r = await w.run('priya', body('APPROVE'), {}, { env: { GITHUB_REPOSITORY: 'acme/elsewhere' } });
    expect(r.code).toBe(1);
    expect(r.outputs.reason).toBe('api-error');
    expect(r.stdout).toMatch(/HTTP 404.*\n?.*token has access|token has access/);
    expect(w.gh.writes()).toEqual([]);
  });

  test('403 on create (no write access) → permission-denied', async () => {
    w.gh.users.get(TOKENS.priya)!.canReview = false;
    const r = await w.run('priya', body('APPROVE'));
    expect(r.outputs.reason).toBe('permission-denied');
    expect(reviews()).toHaveLength(0);
  });

  test('403 on a fork PR: the advice points at the fork-safe recipe', async () => {
    w.gh.users.get(TOKENS.app)!.canReview = false;
    const event = w.event() as { pull_request: Record<string, unknown> };
    event.pull_request['head'] = { sha: w.head, repo: { full_name: 'mallory/widgets', fork: true } };
    event.pull_request['base'] = { ref: 'main', repo: { full_name: 'acme/widgets', fork: false } };
    const r = await w.run('app', body('APPROVE'), { 'reviewer-login': LOGINS.app }, { event });
    expect(r.outputs.reason).toBe('permission-denied');
    expect(r.stdout).toMatch(/comes from a fork.*fork-safe\.yml/);
    expect(reviews()).toHaveLength(0);
  });

  test.each(['APPROVE', 'CHANGES_REQUESTED', 'COMMENT'])(
    "the persona's own PR (GitHub would answer 422 'Can not approve your own pull request') → bad-input before " +
      'any write, %s',
    async (verdict) => {
      w.gh.pulls.get(PR)!.author = LOGINS.priya;
      const r = await w.run('priya', body(verdict));
      expect(r.code).toBe(1);
      expect(r.outputs.reason).toBe('bad-input');
      expect(r.stdout).toMatch(/octo-priya opened this PR.*never reviews its own/);
      expect(w.gh.log.filter((l) => l.method === 'POST' && /reviews$/.test(l.path))).toEqual([]);
      expect(reviews()).toHaveLength(0);
    },
  );

  test('422 GitHub Actions is not permitted to approve pull requests → permission-denied naming the setting', async () => {
    w.gh.faults.push({
      method: 'POST',
      path: POST_REVIEW,
      kind: 'status',
      status: 422,
      body: { message: 'Unprocessable Entity', errors: ['GitHub Actions is not permitted to approve pull requests.'] },
    });
    const r = await w.run('priya', body('APPROVE'));
    expect(r.outputs.reason).toBe('permission-denied');
    expect(r.stdout).toMatch(/Allow GitHub Actions to create and approve pull requests/);
    expect(reviews()).toHaveLength(0);
  });

  test('422 lock prevents review → api-error with advice', async () => {
    w.gh.pulls.get(PR)!.locked = true;
    const r = await w.run('priya', body('COMMENT'));
    expect(r.outputs.reason).toBe('api-error');
    expect(r.stdout).toMatch(/locked/);
    expect(reviews()).toHaveLength(0);
  });
});

describe('force-push while the run works', () => {
  test('GitHub refuses the reviewed commit (no longer in the PR) → superseded, nothing posted', async () => {
    const pr = w.gh.pulls.get(PR)!;
    w.gh.faults.push({ method: 'GET', path: /\/pulls\/7\/reviews$/, kind: 'stall', delayMs: 300 });
    const running = w.run('priya', body('APPROVE'));
    while (!w.gh.log.some((l) => l.method === 'GET' && l.path.endsWith('/pulls/7/reviews')))
      await new Promise((r) => setTimeout(r, 5));
    const forced = w.gh.commit('forced');
    pr.commits = [forced];
    pr.head = forced;
    const r = await running;
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs.outcome).toBe('superseded');
    expect(reviews()).toHaveLength(0);
  });
});

describe('no fail-open', () => {
  test('listing reviews keeps failing → nothing posted, nothing dismissed', async () => {
    await w.run('priya', body('CHANGES_REQUESTED'));
    const next = w.gh.commit('c2');
    w.gh.push(PR, next);
    w.head = next;
    w.gh.faults.push({ method: 'GET', path: POST_REVIEW, kind: 'status', status: 500, times: 10 });
    w.gh.log.length = 0;
    const r = await w.run('priya', body('APPROVE'));
    expect(r.code).toBe(1);
    expect(r.outputs.reason).toBe('api-error');
    expect(w.gh.writes()).toEqual([]);
    expect(reviews()[0]!.state).toBe('CHANGES_REQUESTED');
  });

  test('re-reading after the write fails → the review stands, nothing is dismissed, the step fails saying to re-run', async () => {
    const a = await w.run('priya', body('CHANGES_REQUESTED'));
    const next = w.gh.commit('c2');
    w.gh.push(PR, next);
    w.head = next;
    w.gh.faults.push({ method: 'GET', path: /\/pulls\/7$/, kind: 'status', status: 500, skip: 1, times: 3 });
    const r = await w.run('priya', body('APPROVE'));
    expect(r.code).toBe(1);
    expect(r.outputs).toMatchObject({ outcome: 'posted', reason: 'api-error', verdict: 'APPROVE' });
    expect(r.stdout).toMatch(/is posted, but re-reading the PR .* failed/);
    expect(reviews().find((x) => x.id === Number(a.outputs['review-id']))!.state).toBe('CHANGES_REQUESTED');
    const again = await w.run('priya', body('APPROVE'));
    expect(again.outputs.outcome).toBe('duplicate');
    expect(reviews().find((x) => x.id === Number(a.outputs['review-id']))!.state).toBe('DISMISSED');
  });

  test('a transient 502 on dismissal is retried (PUT is idempotent)', async () => {
    const a = await w.run('priya', body('CHANGES_REQUESTED'));
    const next = w.gh.commit('c2');
    w.gh.push(PR, next);
    w.head = next;
    w.gh.faults.push({ method: 'PUT', path: /dismissals$/, kind: 'status', status: 502 });
    const r = await w.run('priya', body('APPROVE'));
    expect(r.code, r.stdout).toBe(0);
    expect(reviews().find((x) => x.id === Number(a.outputs['review-id']))!.state).toBe('DISMISSED');
  });
});

describe('pagination', () => {
  test('1,050 reviews (11 pages): every page is read, history on the last page found', async () => {
    for (let i = 0; i < 1049; i++)
      w.gh.seedReview(PR, { login: LOGINS.human, state: 'COMMENTED', body: `note ${i}`, commit_id: w.head });
    const first = await w.run('priya', body('APPROVE'));
    expect(first.outputs.outcome).toBe('posted');
    w.gh.log.length = 0;
    const again = await w.run('priya', body('APPROVE'));
    expect(again.outputs.outcome).toBe('duplicate');
    expect(w.gh.log.filter((l) => l.method === 'GET' && POST_REVIEW.test(l.path))).toHaveLength(11);
  });
});
