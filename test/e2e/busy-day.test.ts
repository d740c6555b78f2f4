// The busy-day bench on a small stream: the preflight gate runs the LLM exactly once per
// distinct judgment (persona, patch, base, version, re-review request), whatever mix of
// pushes, identical rebases (with and without GitHub's stale dismissal), empty commits,
// re-runs, labels, drafts and merge-queue entries the stream holds; nothing fails.
import { describe, expect, test } from 'vitest';
import { busyDay, dayStream } from '../../bench/busy-day.js';
import { FakeGitHub, OWNER, REPO } from '../fake/github.js';

describe('busy day (small stream)', () => {
  test('the stream holds every kind of trigger, and is the same every time', () => {
    const s = dayStream(8);
    expect(new Set(s.map((e) => e.kind))).toEqual(
      new Set(['open', 'draft', 'ready', 'push', 'rebase', 'empty', 'rerun', 'label', 'queue']),
    );
    expect(dayStream(8)).toEqual(s);
  });

  test("the fake's secondary limit: past the per-minute cap, 403 with retry-after, per account", async () => {
    let now = 0;
    const gh = await new FakeGitHub().start();
    try {
      gh.user('t1', { login: 'a' }).user('t2', { login: 'b' });
      gh.secondaryLimit = { perMinute: 2, now: () => now };
      const c = gh.commit('x');
      const status = (token: string) =>
        fetch(`${gh.url}/repos/${OWNER}/${REPO}/statuses/${c}`, {
          method: 'POST',
          headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ state: 'success', context: 'x' }),
        });
      expect((await status('t1')).status).toBe(201);
      now = 20_000;
      expect((await status('t1')).status).toBe(201);
      const limited = await status('t1');
      expect(limited.status).toBe(403);
      expect(limited.headers.get('retry-after')).toBe('40');
      expect((await status('t2')).status).toBe(201); // another account has its own budget
      now = 60_001;
      expect((await status('t1')).status).toBe(201);
    } finally {
      await gh.stop();
    }
  });

  test('LLM runs == distinct judgments; 0 failures; bounded writes', { timeout: 600_000 }, async () => {
    const r = await busyDay({ prs: 2, serial: true }); // the bench runs the day 12 runs at once
    expect(r.failures).toEqual([]);
    expect(r.llmRuns).toBe(r.judgments);
    expect(r.llmRuns).toBeLessThan(r.triggers);
    expect(r.outcomes['restamped']?.runs ?? 0).toBeGreaterThan(0);
    expect(r.outcomes['unchanged']?.runs ?? 0).toBeGreaterThan(0);
    // per push per persona: 1 review + 1 status (+ dismissals); preflight adds no pending on a fresh head
    expect(r.perPush.reviews).toBeLessThanOrEqual(1);
    expect(r.perPush.statuses).toBe(1);
    // a re-review label on a green head: pending, then the verdict
    expect(r.perKind.label?.statuses).toBe(2);
    expect(r.board.statuses).toBeLessThanOrEqual(1);
  });
});
