// Modes post and preflight against an in-memory port (src/modes/): the order of their
// writes. A stale APPROVE goes before the create (and in preflight, before the LLM
// runs), so that if anything after it fails no approval outlives its head; when that
// dismissal fails, nothing is created.
import { describe, expect, test } from 'vitest';
import { Abort } from '../../src/abort.js';
import { readConfig } from '../../src/config.js';
import type { RunContext } from '../../src/context.js';
import type { ReviewFact } from '../../src/core/decide.js';
import type { End } from '../../src/core/outcome.js';
import type { ReviewEvent } from '../../src/core/grammar.js';
import { encodeMarker } from '../../src/core/marker.js';
import { ApiError, orNull, type GitHubPort } from '../../src/github/port.js';
import { runPost } from '../../src/modes/post.js';
import { runPreflight } from '../../src/modes/preflight.js';

const HEAD = '1'.repeat(40);
const OLD = '2'.repeat(40);
const ME = 'octo-priya';
const STATE: Record<ReviewEvent, string> = {
  APPROVE: 'APPROVED',
  REQUEST_CHANGES: 'CHANGES_REQUESTED',
  COMMENT: 'COMMENTED',
};

const ctx: RunContext = {
  owner: 'octo',
  repo: 'widgets',
  eventName: 'pull_request_target',
  eventPull: { number: 7, headSha: HEAD, fromFork: false, baseRef: 'main' },
  workflowRun: null,
  mergeGroup: null,
  commentPull: null,
  comment: null,
  labeled: null,
  dispatched: null,
  triggeringActor: null,
  runId: '4242-1-abcd',
  runUrl: 'https://github.test/run',
};

const marked = (id: number, head: string, state: string, verdict: 'APPROVE' | 'CHANGES_REQUESTED'): ReviewFact => ({
  id,
  login: ME,
  state,
  body:
    `${encodeMarker({ persona: 'priya', head, tree: null, base: 'main', verdict, run: 'old-run' })}\n` +
    `ok\n## VERDICT: ${verdict}`,
  htmlUrl: `u${id}`,
});

/** The writes, in order, as `dismiss <id>` and `create <event>`. */
function fakePort(reviews: ReviewFact[], opts: { dismissFails?: boolean; statuses?: () => Promise<unknown> } = {}) {
  const writes: string[] = [];
  let id = 100;
  const port = {
    getPull: async () => ({
      number: 7,
      state: 'open',
      merged: false,
      draft: false,
      headSha: HEAD,
      baseSha: OLD,
      baseRef: 'main',
      author: 'octo-author',
      changedFiles: 1,
    }),
    getUserLogin: async () => ME,
    getViewerLogin: async () => ME,
    getTree: async () => null,
    listReviews: async () => reviews.map((r) => ({ ...r })),
    listPullFiles: async () => [],
    listOpenPullsWithHead: async () => [],
    compareFiles: async () => null,
    listStatuses: opts.statuses ?? (async () => []),
    createReview: async (_n: number, r: { event: ReviewEvent; body: string }) => {
      writes.push(`create ${r.event}`);
      const review = { id: ++id, login: ME, state: STATE[r.event], body: r.body, htmlUrl: `u${id}` };
      reviews.push(review);
      return review;
    },
    dismissReview: async (_n: number, reviewId: number) => {
      writes.push(`dismiss ${reviewId}`);
      if (opts.dismissFails) throw new ApiError(500, 'server', 'http', 'PUT dismissal failed (HTTP 500)');
      reviews.find((r) => r.id === reviewId)!.state = 'DISMISSED';
      return 'dismissed' as const;
    },
  } as unknown as GitHubPort;
  return { port, writes };
}

const config = (inputs: Record<string, string>) =>
  readConfig((name) => ({ 'github-token': 'x', persona: 'priya', ...inputs })[name] ?? '');
const post = (port: GitHubPort, verdict: string): Promise<End> =>
  runPost(config({ body: `ok\n## VERDICT: ${verdict}` }), ctx, port, () => undefined);

describe('post: the order of writes', () => {
  test('a stale APPROVE is dismissed before the create; a stale CHANGES_REQUESTED after it', async () => {
    const approve = marked(1, OLD, 'APPROVED', 'APPROVE');
    const { port, writes } = fakePort([approve]);
    const end = await post(port, 'COMMENT');
    expect(writes).toEqual(['dismiss 1', 'create COMMENT']);
    expect(end).toMatchObject({ kind: 'posted', dismissed: [1] });

    const rejected = marked(2, OLD, 'CHANGES_REQUESTED', 'CHANGES_REQUESTED');
    const second = fakePort([rejected]);
    await post(second.port, 'APPROVE');
    expect(second.writes).toEqual(['create APPROVE', 'dismiss 2']);
  });

  test('the stale APPROVE cannot be dismissed: nothing is created, the run aborts', async () => {
    const { port, writes } = fakePort([marked(1, OLD, 'APPROVED', 'APPROVE')], { dismissFails: true });
    const error = await post(port, 'APPROVE').then(
      () => null,
      (e: unknown) => e,
    );
    expect(writes).toEqual(['dismiss 1']);
    expect(error).toBeInstanceOf(Abort);
    expect((error as Abort).message).toMatch(/^before posting: 1 of this persona's reviews could not be dismissed/);
  });
});

describe('preflight: stale APPROVEs go before the LLM runs', () => {
  test('a new head: the stale APPROVE is dismissed, a stale CHANGES_REQUESTED stays; needs-review', async () => {
    const { port, writes } = fakePort([
      marked(1, OLD, 'APPROVED', 'APPROVE'),
      marked(2, OLD, 'CHANGES_REQUESTED', 'CHANGES_REQUESTED'),
    ]);
    const end = await runPreflight(config({ mode: 'preflight' }), ctx, port, () => undefined);
    expect(writes).toEqual(['dismiss 1']);
    expect(end).toMatchObject({ kind: 'needs-review', dismissed: [1] });
  });

  test("needs-review carries the head's statuses of its context to the core; a refused read is null", async () => {
    const green = [{ state: 'success', creator: ME }];
    const asked: unknown[] = [];
    const statuses = async (...a: unknown[]) => (asked.push(a), green);
    const seen = await runPreflight(config({ mode: 'preflight' }), ctx, fakePort([], { statuses }).port, () => {});
    expect(seen).toMatchObject({ kind: 'needs-review', onHead: green });
    expect(asked).toEqual([[HEAD, 'persona-verdict/priya']]);
    const refused = async () => {
      throw new ApiError(403, 'denied', 'http', 'list statuses refused (HTTP 403)');
    };
    const unread = await runPreflight(
      config({ mode: 'preflight' }),
      ctx,
      fakePort([], { statuses: refused }).port,
      () => {},
    );
    expect(unread).toMatchObject({ kind: 'needs-review', onHead: null });
    const onPr = { ...ctx, eventName: 'pull_request' };
    const none = await runPreflight(config({ mode: 'preflight' }), onPr, fakePort([], { statuses }).port, () => {});
    expect(none).toMatchObject({ kind: 'needs-review', onHead: undefined });
    expect(asked).toHaveLength(1); // no status is written on pull_request: nothing to read
  });

  test('the stale APPROVE cannot be dismissed: the run aborts (the LLM never runs)', async () => {
    const { port } = fakePort([marked(1, OLD, 'APPROVED', 'APPROVE')], { dismissFails: true });
    const error = await runPreflight(config({ mode: 'preflight' }), ctx, port, () => undefined).then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as Abort).message).toMatch(/a stale approval could not be dismissed/);
  });
});

describe('the port boundary: the shell takes only an ApiError for a failure of GitHub', () => {
  test('orNull: a port call that failed with an ApiError answers null; a bug is thrown, never swallowed', async () => {
    const refused = new ApiError(404, 'not-found', 'http', 'GET pull failed (HTTP 404)');
    expect(await orNull(Promise.reject(refused))).toBeNull();
    expect(await orNull(Promise.resolve(7))).toBe(7);
    await expect(orNull(Promise.reject(new TypeError('x is undefined')))).rejects.toThrow(TypeError);
  });

  test('a dismissal that fails with anything but an ApiError is no dismissal failure: it is thrown as is', async () => {
    const { port } = fakePort([marked(1, OLD, 'APPROVED', 'APPROVE')]);
    port.dismissReview = async () => {
      throw new Abort('bad-input', 'not from GitHub');
    };
    const error = await post(port, 'APPROVE').then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as Abort).message).toBe('not from GitHub');
  });
});
