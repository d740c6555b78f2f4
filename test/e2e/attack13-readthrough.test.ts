// A read-through of attack round 13's last fix (090b20a, doubtSource: a forced preflight also writes its forced pending
// on the head of the verdict it doubts). Both are open and fail closed (test.fails; docs/RELIABILITY.md says why).
import { describe, expect, test } from 'vitest';
import { decodeMarker } from '../../src/core/marker.js';
import { attackKit, pushKit, reviewComment } from './attack-kit.js';
import { body, PR, runOn, useWorld } from './world.js';

const w = useWorld();
const { status, prt } = attackKit(w);
const { prtEvent, push, forcedPreflight, plainPreflight } = pushKit(w);
const unchanged = { 'unchanged-when': 'patch', 'dismiss-stale': 'changes-requested' };

// doubtSource writes "priya is re-reviewing <a> for PR #7 (forced)" on commit a, the head of the verdict #7 carried to
// b, without asking whether a is now another open PR's head. A status is per commit: PR #8, opened at a after #7 moved
// on (no shared head then), approved by priya and green, turns pending on a maintainer's /review on #7. Nothing runs
// for #8 afterwards: it stays blocked until someone re-runs #8's job or pushes to it; a merge group for #8 still passes
// (heldByReReview reads only #8's own forced pending), so only the required status blocks it.
describe('rev13c-1: the forced pending on the doubted verdict\u2019s head lands on another PR\u2019s green', () => {
  test.fails(
    'PR #8 at a, approved and green; /review priya on #7 (whose b carries a): a stays green for #8',
    async () => {
      const a = push('a');
      expect(
        (await runOn(w.gh, 'priya', body('APPROVE'), unchanged, 'pull_request_target', prtEvent())).outputs.outcome,
      ).toBe('posted');
      const b = push('b'); // an identical rebase: a's verdict is carried
      expect((await plainPreflight(unchanged)).outputs.outcome).toBe('unchanged');
      expect(status(b)).toBe('success');
      // someone opens #8 at commit a (a fork, a backport branch): a is no longer #7's head, so no shared head
      w.gh.pull({ number: 8, head: a, headRef: 'copy', baseRef: 'main', author: 'octo-other' });
      const pre8 = await runOn(
        w.gh,
        'priya',
        null,
        { mode: 'preflight' },
        'pull_request_target',
        prt(8, 'opened', 'main', 'copy', a),
      );
      expect(pre8.outputs.outcome).toBe('needs-review');
      const pinned = { 'reviewed-sha': a, 'reviewed-base': 'main' };
      const post8 = await runOn(
        w.gh,
        'priya',
        body('APPROVE'),
        pinned,
        'pull_request_target',
        prt(8, 'opened', 'main', 'copy', a),
      );
      expect(post8.outputs.outcome).toBe('posted');
      expect(status(a)).toBe('success');
      expect(w.gh.statusOf(a, 'persona-verdict/priya')?.description).toMatch(/approved|APPROVE/i);
      // a maintainer doubts #7's head b: /review priya on #7
      const forced = await forcedPreflight(unchanged);
      expect(forced.outputs).toMatchObject({ outcome: 'needs-review', 'head-sha': b });
      expect(
        w.gh.statusOf(a, 'persona-verdict/priya')?.description,
        "#8's green at a was replaced by #7's forced pending",
      ).not.toMatch(/for PR #7 \(forced\)/);
      expect(status(a), "PR #8's legitimate green at a").toBe('success');
    },
  );
});

// The forced pending doubtSource writes on a (the head the verdict shown on b came from) is never settled: the forced
// post writes its verdict on b only. Once the re-review of b has posted (here it approves the same patch again), a
// push back to a keeps a's own APPROVE (duplicate) and holds it behind that pending for good, with a notice that says
// "a forced re-review of this head was asked for and has posted no review yet" — of b it was, and it has posted. The
// way out it names (/review priya again, or push) is a new LLM run or a new commit for a change two reviews approved.
describe('rev13c-2: a push back to the doubted verdict\u2019s head after the re-review posted stays pending', () => {
  test.fails('re-review of b approves; back at a the head is not left pending behind a settled re-review', async () => {
    const a = push('a');
    await runOn(w.gh, 'priya', body('APPROVE'), unchanged, 'pull_request_target', prtEvent());
    const b = push('b');
    expect((await plainPreflight(unchanged)).outputs.outcome).toBe('unchanged');
    expect((await forcedPreflight(unchanged)).outputs.outcome).toBe('needs-review');
    w.gh.settings.permissions.set('keeper', { permission: 'write', role_name: 'maintain' });
    const pinned = { ...unchanged, force: 'true', 'reviewed-sha': b, 'reviewed-base': 'main' };
    const fpost = await runOn(w.gh, 'priya', body('APPROVE'), pinned, 'issue_comment', reviewComment('keeper'));
    expect(fpost.outputs.outcome).toBe('posted');
    expect(status(b)).toBe('success');
    expect(w.gh.reviews.get(PR)!.filter((r) => decodeMarker(r.body)?.forced).length).toBe(1);
    // the author pushes back to a
    w.gh.push(PR, a, 'octo-author');
    w.head = a;
    const back = await plainPreflight(unchanged);
    expect(back.outputs.outcome).toBe('duplicate');
    expect(
      w.gh.statusOf(a, 'persona-verdict/priya')?.description,
      'a is held by the forced pending of a re-review that has posted',
    ).not.toMatch(/re-reviewing .* for PR #7 \(forced\)/);
  });
});
