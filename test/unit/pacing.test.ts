// The client's pacing (github/pacing.ts): which requests are writes and which notify, writes
// started a gap apart, notifying writes a longer gap apart, ten in flight at most — on an
// injected clock — and, through the real client against a local server, the gap scaled by the
// test clock.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pacer, requestKind } from '../../src/github/pacing.js';

describe('requestKind', () => {
  test.each([
    ['GET', '/repos/{owner}/{repo}/pulls/{pull_number}/reviews', 'read'],
    ['HEAD', '/repos/o/r', 'read'],
    ['POST', '/repos/{owner}/{repo}/pulls/{pull_number}/reviews', 'notify'],
    ['POST', '/repos/o/r/pulls/7/reviews', 'notify'],
    ['POST', '/repos/o/r/issues/7/comments', 'notify'],
    ['PUT', '/repos/o/r/pulls/7/reviews/9/dismissals', 'write'],
    ['POST', '/repos/{owner}/{repo}/statuses/{sha}', 'write'],
    ['PATCH', '/repos/o/r/issues/comments/5', 'write'],
    ['DELETE', '/repos/o/r/issues/7/labels/re-review', 'write'],
    ['POST', '/repos/o/r/check-runs', 'write'],
    ['POST', '/graphql', 'write'], // a query may mutate: spaced like a write
    ['POST', 'https://api.github.com/repos/o/r/pulls/7/reviews?x=1', 'notify'],
    ['post', '/repos/o/r/pulls/7/reviews/', 'notify'],
    ['POST', '/repos/o/r/pulls/7/reviews/9/events', 'write'], // submitting a pending review: not on the list
  ] as const)('%s %s → %s', (method, url, kind) => {
    expect(requestKind(method, url)).toBe(kind);
  });
});

/**
 * A pacer on a virtual clock: a sleep is a timer that fires, earliest first, once everything
 * else has run (settle() drives them); what each request started at.
 */
function clocked(maxInFlight = 10) {
  let now = 0;
  const sleeps: number[] = [];
  const timers: { at: number; fire: () => void }[] = [];
  const pace = pacer({
    writeGapMs: 1000,
    notifyGapMs: 3000,
    maxInFlight,
    now: () => now,
    sleep: (ms) => {
      sleeps.push(ms);
      return new Promise<void>((fire) => timers.push({ at: now + ms, fire }));
    },
  });
  const starts: [string, number][] = [];
  const go = (method: string, url: string, done: Promise<void> = Promise.resolve()) =>
    pace(method, url, async () => {
      starts.push([`${method} ${url}`, now]);
      await done;
    });
  const idle = () => new Promise((r) => setImmediate(r));
  /** Runs the timers until the requests have settled. */
  const settle = async <T>(requests: Promise<T>[]): Promise<T[]> => {
    let done = false;
    const all = Promise.all(requests).finally(() => (done = true));
    for (await idle(); !done; await idle()) {
      timers.sort((a, b) => a.at - b.at);
      const next = timers.shift();
      if (!next) break;
      now = next.at;
      next.fire();
    }
    return all;
  };
  return { go, settle, starts, sleeps, tick: (ms: number) => (now += ms) };
}

describe('pacer', () => {
  test('reads never wait', async () => {
    const c = clocked();
    await c.settle([c.go('GET', '/a'), c.go('GET', '/b'), c.go('GET', '/c')]);
    expect(c.starts.map((s) => s[1])).toEqual([0, 0, 0]);
    expect(c.sleeps).toEqual([]);
  });

  test('writes start a gap apart, in the order they asked; a read between them does not wait', async () => {
    const c = clocked();
    await c.settle([
      c.go('POST', '/repos/o/r/statuses/a'),
      c.go('POST', '/repos/o/r/statuses/b'),
      c.go('GET', '/repos/o/r/pulls/1'),
      c.go('PUT', '/repos/o/r/pulls/1/reviews/2/dismissals'),
    ]);
    expect(c.starts).toEqual([
      ['GET /repos/o/r/pulls/1', 0],
      ['POST /repos/o/r/statuses/a', 0],
      ['POST /repos/o/r/statuses/b', 1000],
      ['PUT /repos/o/r/pulls/1/reviews/2/dismissals', 2000],
    ]);
  });

  test('a write long after the last one starts at once; one soon after waits only the rest of the gap', async () => {
    const c = clocked();
    await c.settle([c.go('POST', '/repos/o/r/statuses/a')]);
    c.tick(5000);
    await c.settle([c.go('POST', '/repos/o/r/statuses/b')]);
    c.tick(400);
    await c.settle([c.go('POST', '/repos/o/r/statuses/c')]);
    expect(c.starts.map((s) => s[1])).toEqual([0, 5000, 6000]);
    expect(c.sleeps).toEqual([600]);
  });

  test('notifying writes are three seconds apart, and still a second from any write', async () => {
    const c = clocked();
    await c.settle([
      c.go('POST', '/repos/o/r/pulls/1/reviews'),
      c.go('POST', '/repos/o/r/statuses/a'),
      c.go('POST', '/repos/o/r/issues/1/comments'),
    ]);
    const at = Object.fromEntries(c.starts);
    expect(at['POST /repos/o/r/issues/1/comments']! - at['POST /repos/o/r/pulls/1/reviews']!).toBeGreaterThanOrEqual(
      3000,
    );
    const sorted = c.starts.map((s) => s[1]).sort((x, y) => x - y);
    expect(sorted.slice(1).every((t, k) => t - sorted[k]! >= 1000)).toBe(true);
    expect(sorted.at(-1)).toBeLessThanOrEqual(3000); // and no longer than the gaps ask
  });

  test('two notifying writes, then two plain ones, all at once: one queue, both gaps hold', async () => {
    const c = clocked();
    await c.settle([
      c.go('POST', '/repos/o/r/pulls/1/reviews'),
      c.go('POST', '/repos/o/r/issues/1/comments'),
      c.go('POST', '/repos/o/r/statuses/a'),
      c.go('POST', '/repos/o/r/statuses/b'),
    ]);
    // in the order they asked: the comment three seconds after the review, each plain write a second after
    expect(c.starts).toEqual([
      ['POST /repos/o/r/pulls/1/reviews', 0],
      ['POST /repos/o/r/issues/1/comments', 3000],
      ['POST /repos/o/r/statuses/a', 4000],
      ['POST /repos/o/r/statuses/b', 5000],
    ]);
  });

  test('a clock that throws fails its own write, not every later one', async () => {
    let calls = 0;
    const pace = pacer({
      writeGapMs: 1000,
      notifyGapMs: 3000,
      maxInFlight: 10,
      now: () => {
        if (++calls === 1) throw new Error('clock');
        return 0;
      },
      sleep: async () => {},
    });
    await expect(pace('POST', '/repos/o/r/statuses/a', async () => 'a')).rejects.toThrow('clock');
    await expect(pace('POST', '/repos/o/r/statuses/b', async () => 'b')).resolves.toBe('b');
  });

  test('writes that waited for a slot still start a gap apart: the gate is passed after the slot', async () => {
    const c = clocked(2);
    let finish!: () => void;
    const held = new Promise<void>((r) => (finish = r));
    const a = c.go('POST', '/repos/o/r/statuses/a', held); // a write, and a read, hold both slots
    const r = c.go('GET', '/repos/o/r/pulls/1', held);
    const b = c.go('POST', '/repos/o/r/statuses/b');
    const d = c.go('POST', '/repos/o/r/statuses/c');
    await new Promise((x) => setImmediate(x));
    c.tick(5000); // long after the first write's gap
    finish();
    await c.settle([a, r, b, d]);
    const at = Object.fromEntries(c.starts);
    expect(at['POST /repos/o/r/statuses/b']).toBe(5000);
    expect(at['POST /repos/o/r/statuses/c']).toBe(6000); // not beside b
  });

  test('at most maxInFlight at once; a slot frees when a request settles, failed or not', async () => {
    const c = clocked(2);
    let finish!: () => void;
    const held = new Promise<void>((r) => (finish = r));
    const failing = c.go('GET', '/fails', Promise.reject(new Error('boom')));
    const a = c.go('GET', '/a', held);
    await expect(failing).rejects.toThrow('boom');
    const b = c.go('GET', '/b', held);
    const third = c.go('GET', '/c');
    await new Promise((r) => setImmediate(r));
    expect(c.starts.map((s) => s[0])).toEqual(['GET /fails', 'GET /a', 'GET /b']); // /c waits for a slot
    finish();
    await Promise.all([a, b, third]);
    expect(c.starts.map((s) => s[0])).toEqual(['GET /fails', 'GET /a', 'GET /b', 'GET /c']);
  });
});

describe('the client paces writes by the test clock', () => {
  let server: Server;
  const arrivals: number[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      arrivals.push(Date.now());
      req.resume();
      req.on('end', () => {
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    // the client reads GITHUB_API_URL when it is built
    process.env['GITHUB_API_URL'] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  const apiUrl = process.env['GITHUB_API_URL'];
  afterAll(async () => {
    if (apiUrl === undefined) delete process.env['GITHUB_API_URL'];
    else process.env['GITHUB_API_URL'] = apiUrl;
    await new Promise<void>((r) => server.close(() => r()));
  });

  const client = async (o: { timeScale?: number; deadline?: number; requestTimeoutMs?: number } = {}) => {
    const { buildOctokit } = await import('../../src/github/client.js');
    return buildOctokit({
      token: 'ghp_test',
      owner: 'o',
      repo: 'r',
      requestTimeoutMs: o.requestTimeoutMs ?? 10_000,
      deadline: o.deadline ?? Date.now() + 30_000,
      timeScale: o.timeScale ?? 0.4,
      warn: () => {},
    });
  };

  test("two reviews at once: 3 s times the clock apart, and the second's time limit starts after its wait", async () => {
    arrivals.length = 0;
    // the per-request limit (400 ms) is shorter than the wait (1.2 s): it must start when the request is sent
    const octokit = await client({ requestTimeoutMs: 400 });
    const review = () =>
      octokit.rest.pulls.createReview({ owner: 'o', repo: 'r', pull_number: 1, event: 'COMMENT', body: 'x' });
    await Promise.all([review(), review()]);
    expect(arrivals).toHaveLength(2);
    const gap = arrivals[1]! - arrivals[0]!;
    expect(gap).toBeGreaterThanOrEqual(1000); // 3 s × 0.4; unscaled would be 3000
    expect(gap).toBeLessThan(2500);
  });

  test('a write whose turn comes after the run ends is not sent: a deadline error', async () => {
    arrivals.length = 0;
    const octokit = await client({ timeScale: 1, deadline: Date.now() + 1500 });
    const status = (sha: string) =>
      octokit.rest.repos.createCommitStatus({ owner: 'o', repo: 'r', sha, state: 'success' });
    const r = await Promise.allSettled([status('a'.repeat(40)), status('b'.repeat(40)), status('c'.repeat(40))]);
    expect(r.map((x) => x.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((r[2] as PromiseRejectedResult).reason.constructor.name).toBe('DeadlineError');
    expect(arrivals).toHaveLength(2); // the third never left
  });

  test('two writes at once are 1 s times the clock apart: neither 1 s nor unspaced', async () => {
    arrivals.length = 0;
    const { buildOctokit } = await import('../../src/github/client.js');
    const octokit = buildOctokit({
      token: 'ghp_test',
      owner: 'o',
      repo: 'r',
      requestTimeoutMs: 10_000,
      deadline: Date.now() + 30_000,
      timeScale: 0.4,
      warn: () => {},
    });
    const write = () =>
      octokit.rest.repos.createCommitStatus({ owner: 'o', repo: 'r', sha: 'a'.repeat(40), state: 'success' });
    await Promise.all([write(), write()]);
    expect(arrivals).toHaveLength(2);
    const gap = arrivals[1]! - arrivals[0]!;
    // 400 ms apart as the pacer releases them; arrivals differ by the first connection's set-up
    expect(gap).toBeGreaterThanOrEqual(200); // unspaced: a few ms
    expect(gap).toBeLessThan(900); // unscaled: 1000 ms
  });
});
