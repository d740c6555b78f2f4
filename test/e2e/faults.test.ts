// Faults of review creation, end to end: a create that fails, times out or lands late is looked
// for before any retry and never sent twice; runs racing for one head. For each fault: the final
// state and the step result; useWorld() checks the gate's invariants after every test (see
// checkInvariants in world.ts). Limits, refusals and pagination: limits.test.ts.
import { describe, expect, test } from 'vitest';
import { decodeMarker, encodeMarker } from '../../src/core/marker.js';
import { body, clock, createsOf, LOGINS, POST_REVIEW, PR, reviewsOf, useWorld } from './world.js';
import { gate, until } from './attack-kit.js';

const w = useWorld();
const reviews = () => reviewsOf(w);
const creates = () => createsOf(w);

describe('review creation is never blindly retried', () => {
  test('502 before the review was created → looked for, not found, retried once → one review', async () => {
    w.gh.faults.push({
      method: 'POST',
      path: POST_REVIEW,
      kind: 'status',
      status: 502,
      body: { message: 'Bad Gateway' },
    });
    const r = await w.run('priya', body('APPROVE'));
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs.outcome).toBe('posted');
    expect(reviews()).toHaveLength(1);
    expect(creates()).toHaveLength(2);
    // between the two creates, the reviews were listed
    const i = w.gh.log.indexOf(creates()[0]!);
    const j = w.gh.log.indexOf(creates()[1]!);
    expect(w.gh.log.slice(i, j).some((l) => l.method === 'GET' && POST_REVIEW.test(l.path))).toBe(true);
    expect(r.stdout).toMatch(/::warning::.*HTTP 502.*may have been created/);
  });

  test('502 after the review was created → found by its marker, not posted again', async () => {
    w.gh.faults.push({ method: 'POST', path: POST_REVIEW, kind: 'after', status: 502 });
    const r = await w.run('priya', body('CHANGES_REQUESTED'));
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs).toMatchObject({
      outcome: 'posted',
      verdict: 'CHANGES_REQUESTED',
      'review-id': String(reviews()[0]!.id),
    });
    expect(reviews()).toHaveLength(1);
    expect(creates()).toHaveLength(1);
  });

  test('500 on every create → one retry only, then a failed step saying to re-run; at most one review', async () => {
    w.gh.faults.push({ method: 'POST', path: POST_REVIEW, kind: 'status', status: 500, times: 5 });
    const r = await w.run('priya', body('APPROVE'));
    expect(r.code).toBe(1);
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason: 'api-error' });
    expect(creates()).toHaveLength(2);
    expect(reviews()).toHaveLength(0);
    expect(r.stdout).toMatch(/Re-run the job/);
  });

  test('502 after the create, and listing fails too → a failed step saying the review may exist; never re-sent', async () => {
    w.gh.faults.push({ method: 'POST', path: POST_REVIEW, kind: 'after', status: 502 });
    w.gh.faults.push({ method: 'GET', path: POST_REVIEW, kind: 'status', status: 500, skip: 1, times: 3 }); // the first listing works
    const r = await w.run('priya', body('APPROVE'));
    expect(r.code).toBe(1);
    expect(r.outputs.reason).toBe('api-error');
    expect(r.stdout).toMatch(/may have been created, and listing the reviews to check failed too/);
    expect(creates()).toHaveLength(1);
    expect(reviews()).toHaveLength(1);
    const again = await w.run('priya', body('APPROVE'));
    expect(again.outputs.outcome).toBe('duplicate');
  });

  test("an ambiguous create failure while another run's review for the head lands: not taken for this run's, never re-sent", async () => {
    w.gh.faults.push({
      method: 'POST',
      path: POST_REVIEW,
      kind: 'status',
      status: 502,
      body: { message: 'Bad Gateway' },
    });
    const running = w.run('priya', body('APPROVE'), {}, clock(0.25)); // the first look comes 0.25 s after the 502
    while (!creates().length) await new Promise((r) => setTimeout(r, 5));
    const marker = encodeMarker({
      persona: 'priya',
      head: w.head,
      tree: null,
      base: 'main',
      verdict: 'APPROVE',
      run: '9-1',
    });
    const theirs = w.gh.seedReview(PR, {
      login: LOGINS.priya,
      state: 'APPROVED',
      body: `${marker}\n## VERDICT: APPROVE`,
      commit_id: w.head,
    });
    const r = await running;
    expect(r.code, r.stdout).toBe(0);
    // this run's own review did not land: the one found is the other run's, so this run posted nothing
    expect(r.outputs).toMatchObject({ outcome: 'duplicate', 'review-id': String(theirs.id) });
    expect(r.stdout).toMatch(new RegExp(`another run's review ${theirs.id} exists for this head: not posting`));
    expect(creates()).toHaveLength(1);
    expect(reviews().map((x) => x.id)).toEqual([theirs.id]);
  });

  test('connection reset before the write → retried once → one review', async () => {
    w.gh.faults.push({ method: 'POST', path: POST_REVIEW, kind: 'reset' });
    const r = await w.run('priya', body('APPROVE'));
    expect(r.code, r.stdout).toBe(0);
    expect(reviews()).toHaveLength(1);
    expect(creates()).toHaveLength(2);
  });

  test('a COMMENT review is never re-sent after an ambiguous failure (a copy could never be dismissed); a re-run posts it', async () => {
    w.gh.faults.push({ method: 'POST', path: POST_REVIEW, kind: 'reset' });
    const r = await w.run('priya', body('COMMENT'));
    expect(r.code).toBe(1);
    expect(r.outputs.reason).toBe('api-error');
    expect(r.stdout).toMatch(/a COMMENT review is never re-sent/);
    expect(creates()).toHaveLength(1);
    const again = await w.run('priya', body('COMMENT'));
    expect(again.outputs.outcome).toBe('posted');
    expect(reviews()).toHaveLength(1);
  });

  test('the listing lags 10 s behind an ambiguous create: found by a later look, never posted twice', async () => {
    w.gh.faults.push({ method: 'POST', path: POST_REVIEW, kind: 'after', status: 502 });
    w.gh.faults.push({ method: 'GET', path: /\/reviews$/, kind: 'status', status: 200, body: [], skip: 1, times: 3 });
    const r = await w.run('priya', body('APPROVE'));
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs.outcome).toBe('posted');
    expect(creates()).toHaveLength(1);
    expect(reviews()).toHaveLength(1);
  });

  test('connection reset after the write → found, one review', async () => {
    w.gh.faults.push({ method: 'POST', path: POST_REVIEW, kind: 'reset-after' });
    const r = await w.run('priya', body('COMMENT'));
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs.outcome).toBe('posted');
    expect(reviews()).toHaveLength(1);
    expect(creates()).toHaveLength(1);
  });

  test('a create slower than the time limit, landing later → found on the second look, never re-sent', async () => {
    // the create times out at 1 s; at a quarter of real time the looks come 0.25, 0.75, 1.75 and 3.75 s
    // later: the review lands 0.5 s after the time-out, between the first look and the second
    w.gh.faults.push({ method: 'POST', path: POST_REVIEW, kind: 'delay', delayMs: 1500 });
    const r = await w.run('priya', body('APPROVE'), { 'request-timeout-seconds': '1' }, clock(0.25));
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs.outcome).toBe('posted');
    expect(creates()).toHaveLength(1);
    expect(reviews()).toHaveLength(1);
  });

  test('a create that times out and never lands → a failed step saying to re-run; never re-sent', async () => {
    w.gh.faults.push({ method: 'POST', path: POST_REVIEW, kind: 'hang' });
    const r = await w.run('priya', body('APPROVE'), { 'request-timeout-seconds': '1' });
    expect(r.code).toBe(1);
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason: 'api-error' });
    expect(r.stdout).toMatch(/timed out/);
    expect(r.stdout).toMatch(/Re-run the job/);
    expect(creates()).toHaveLength(1);
    expect(reviews()).toHaveLength(0);
  });

  test('a slow read beyond the time limit → api-error naming the timeout, nothing written', async () => {
    w.gh.faults.push({ method: 'GET', path: /\/pulls\/7$/, kind: 'hang', times: 5 });
    const r = await w.run('priya', body('APPROVE'), { 'request-timeout-seconds': '1' });
    expect(r.code).toBe(1);
    expect(r.outputs.reason).toBe('api-error');
    expect(r.stdout).toMatch(/GET pull request #7 failed \(timed out\)/);
    expect(w.gh.writes()).toEqual([]);
  });

  test('the whole-run time limit: no request starts after it; nothing written', async () => {
    w.gh.faults.push({ method: 'GET', path: /\/pulls\/7$/, kind: 'delay', delayMs: 1500 });
    const r = await w.run('priya', body('APPROVE'), { 'run-timeout-seconds': '1' });
    expect(r.code).toBe(1);
    expect(r.outputs.reason).toBe('api-error');
    expect(r.stdout).toMatch(/run-timeout-seconds/);
    expect(w.gh.writes()).toEqual([]);
  });
});

describe('races', () => {
  test('two runs for the same head at once → both post, one live review remains; both steps succeed', async () => {
    // both listings are snapshots taken before either run posts: a true race. Their answers are held until both
    // have arrived (the second run is a spawned process, slow to start on a loaded machine: a timed stall of 1 s
    // once let it come late, in board.test.ts)
    const { held, release } = gate();
    w.gh.faults.push({ method: 'GET', path: POST_REVIEW, kind: 'stall', until: held, times: 2 });
    const listings = () => w.gh.log.filter((l) => l.method === 'GET' && POST_REVIEW.test(l.path)).length;
    const before = listings();
    const both = until('both listings', () => listings() >= before + 2).finally(release);
    const [a, b] = await Promise.all([w.run('priya', body('APPROVE')), w.run('priya', body('APPROVE')), both]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(creates()).toHaveLength(2);
    expect([a.outputs.outcome, b.outputs.outcome].sort()).toEqual(['duplicate', 'posted']);
    expect(reviews().filter((r) => r.state === 'APPROVED')).toHaveLength(1);
    const standing = reviews().find((r) => r.state === 'APPROVED')!;
    expect([a.outputs['review-id'], b.outputs['review-id']]).toEqual([String(standing.id), String(standing.id)]);
  });

  test("two runs for two heads at once → only the newer head's review stays live", async () => {
    w.gh.latencyMs = 40;
    const oldHead = w.head;
    const newHead = w.gh.commit('c2');
    const runOld = w.run('priya', body('CHANGES_REQUESTED'), {}, { event: w.event(oldHead) });
    // the push lands while the old run is in flight, after it read the PR
    while (!w.gh.log.some((l) => l.path === '/repos/acme/widgets/pulls/7' && l.end > 0))
      await new Promise((r) => setTimeout(r, 5));
    w.gh.push(PR, newHead);
    w.head = newHead;
    const runNew = w.run('priya', body('APPROVE'), {}, { event: w.event(newHead) });
    const [a, b] = await Promise.all([runOld, runNew]);
    expect([a.code, b.code]).toEqual([0, 0]);
    const live = reviews().filter((r) => r.state !== 'DISMISSED' && r.state !== 'COMMENTED');
    expect(live.map((r) => [decodeMarker(r.body)!.head, r.state])).toEqual([[newHead, 'APPROVED']]);
  });
});
