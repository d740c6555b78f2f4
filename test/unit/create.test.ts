// One review create under ambiguity (src/modes/create.ts), against an in-memory port:
// how many creates are sent after each kind of failure. The looks for a review that
// landed despite the error wait on timers; fake timers run them at once.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { Abort } from '../../src/abort.js';
import type { ReviewFact } from '../../src/core/decide.js';
import type { ErrorClass, Transport } from '../../src/core/errors.js';
import type { ReviewEvent } from '../../src/core/grammar.js';
import { encodeMarker, type Marker } from '../../src/core/marker.js';
import { ApiError, type GitHubPort } from '../../src/github/port.js';
import { create } from '../../src/modes/create.js';

const HEAD = '1'.repeat(40);
const ME = 'octo-priya';
const marker: Marker = { persona: 'priya', head: HEAD, tree: null, verdict: 'APPROVE', run: 'run-1' };

const failure = (cls: ErrorClass, transport: Transport, status: number | null = null) =>
  new ApiError(status, cls, transport, `POST review failed (${cls})`);

/**
 * A port whose creates fail with `errors` in turn, then succeed; `landsAnyway` makes a
 * failed create leave its review behind (GitHub did it, the answer was lost).
 */
function fakePort(errors: ApiError[], landsAnyway = false) {
  const reviews: ReviewFact[] = [];
  const creates: Array<{ event: ReviewEvent; body: string }> = [];
  let id = 100;
  const port = {
    createReview: async (_n: number, r: { event: ReviewEvent; body: string }) => {
      creates.push(r);
      const state = { APPROVE: 'APPROVED', REQUEST_CHANGES: 'CHANGES_REQUESTED', COMMENT: 'COMMENTED' }[r.event];
      const review: ReviewFact = { id: ++id, login: ME, state, body: r.body, htmlUrl: `u${id}` };
      const error = errors.shift();
      if (error && !landsAnyway) throw error;
      reviews.push(review);
      if (error) throw error;
      return review;
    },
    listReviews: async () => [...reviews],
    pause: (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
  } as unknown as GitHubPort;
  return { port, creates, reviews };
}

async function attempt(port: GitHubPort, event: ReviewEvent = 'APPROVE', m: Marker = marker) {
  const body = `${encodeMarker(m)}\nok\n## VERDICT: ${m.verdict}`;
  const p = create(port, 7, event, body, m, ME, new Set());
  const settled = p.then(
    (v) => ({ ok: true as const, v }),
    (e: unknown) => ({ ok: false as const, e }),
  );
  await vi.runAllTimersAsync();
  return settled;
}

describe('create: never blindly retried', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('a create that timed out and did not land is never re-sent: api-error saying to re-run', async () => {
    const { port, creates } = fakePort([failure('timeout', 'timeout')]);
    const r = await attempt(port);
    expect(creates).toHaveLength(1);
    expect(r.ok).toBe(false);
    const e = (r as { e: Abort }).e;
    expect(e).toBeInstanceOf(Abort);
    expect(e.reason).toBe('api-error');
    expect(e.message).toMatch(/no review from this run is visible, so nothing more is sent/);
    expect(e.advice).toMatch(/Re-run the job/);
  });

  test('a create that timed out and landed later is found, not re-sent', async () => {
    const { port, creates, reviews } = fakePort([failure('timeout', 'timeout')], true);
    const r = await attempt(port);
    expect(creates).toHaveLength(1);
    expect(r).toMatchObject({ ok: true, v: { ours: true, entry: { review: { id: reviews[0]!.id } } } });
  });

  test.each<[string, ApiError]>([
    ['a 502', failure('server', 'http', 502)],
    ['a connection reset', failure('network', 'network')],
  ])('%s that did not land: looked for, then sent once more', async (_n, error) => {
    const { port, creates, reviews } = fakePort([error]);
    const r = await attempt(port);
    expect(creates).toHaveLength(2);
    expect(reviews).toHaveLength(1);
    expect(r).toMatchObject({ ok: true, v: { ours: true } });
  });

  test('two ambiguous failures in a row: two creates at most', async () => {
    const { port, creates } = fakePort([failure('server', 'http', 502), failure('server', 'http', 502)]);
    const r = await attempt(port);
    expect(creates).toHaveLength(2);
    expect(r.ok).toBe(false);
    expect((r as { e: Abort }).e.message).toMatch(/after the retry/);
  });

  test('a COMMENT review is never re-sent after an ambiguous failure', async () => {
    const { port, creates } = fakePort([failure('server', 'http', 502)]);
    const r = await attempt(port, 'COMMENT', { ...marker, verdict: 'COMMENT' });
    expect(creates).toHaveLength(1);
    expect(r.ok).toBe(false);
    expect((r as { e: Abort }).e.message).toMatch(/a COMMENT review is never re-sent/);
  });

  test('a 422 is not ambiguous: nothing is looked for or re-sent', async () => {
    const { port, creates } = fakePort([failure('invalid', 'http', 422)]);
    const r = await attempt(port);
    expect(creates).toHaveLength(1);
    expect(r.ok).toBe(false);
    expect((r as { e: unknown }).e).toBeInstanceOf(ApiError);
  });
});
