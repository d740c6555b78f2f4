// A review of attack round 13's fixes (f12f027, 62c6bf6): what they broke or left open. Each test failed before its
// fix for the reason its describe names.
import { describe, expect, test } from 'vitest';
import { decodeMarker } from '../../src/core/marker.js';
import { attackKit, pushKit, reviewComment } from './attack-kit.js';
import { body, PR, runOn, useWorld } from './world.js';

const w = useWorld();
const { status } = attackKit(w);
const { prtEvent, push, forcedPreflight, plainPreflight } = pushKit(w);

// F1/F2's fix reads the forced pending on the head the verdict comes FROM (the review's marker head) and on the head
// it lands ON. An `unchanged` carry keeps the original review's marker head (a), so a forced re-review asked for on
// an intermediate head b (whose green is a's verdict, carried) sits on neither: one more identical push (c) while the
// maintainer's re-review of b runs carries a's approval to c, green, and the forced post for b ends superseded.
describe('R13-1: a forced re-review of a carried head is escaped by one more identical push', () => {
  const unchanged = { 'unchanged-when': 'patch', 'dismiss-stale': 'changes-requested' };
  test.each<[string, boolean, Record<string, string>, boolean]>([
    ["unchanged: b's own run carried a's verdict first", true, unchanged, false],
    ["unchanged: b's own run never ran (cancelled by the next push)", false, unchanged, false],
    ["restamp, the push rule on: b's own run never ran (F1's case, one push more)", false, { restamp: 'true' }, true],
  ])('%s: c is not green while the re-review of b is under way', async (_n, bRan, inputs, rule) => {
    if (rule) w.gh.dismissStaleOnPush.add('main');
    const a = push('a');
    const first = await runOn(w.gh, 'priya', body('APPROVE'), inputs, 'pull_request_target', prtEvent());
    expect(first.outputs.outcome).toBe('posted');
    expect(status(a)).toBe('success');
    const b = push('b'); // an identical rebase
    if (bRan) {
      expect((await plainPreflight(inputs)).outputs.outcome).toBe(rule ? 'restamped' : 'unchanged');
      expect(status(b)).toBe('success');
    }
    // a maintainer doubts b's verdict: /review priya
    const forced = await forcedPreflight(inputs);
    expect(forced.outputs).toMatchObject({ outcome: 'needs-review', 'head-sha': b });
    expect(status(b)).toBe('pending');
    // the author pushes c, the same patch once more, while the re-review of b runs
    const c = push('c');
    const atC = await plainPreflight(inputs);
    // the maintainer's forced post for b lands on a moved head: superseded, nothing posted
    const pinned = { ...inputs, force: 'true', 'reviewed-sha': b, 'reviewed-base': 'main' };
    const fpost = await runOn(
      w.gh,
      'priya',
      body('CHANGES_REQUESTED'),
      pinned,
      'issue_comment',
      reviewComment('keeper'),
    );
    expect(fpost.outputs.outcome).toBe('superseded');
    expect(w.gh.reviews.get(PR)!.filter((r) => decodeMarker(r.body)?.forced)).toEqual([]);
    expect.soft(atC.outputs.outcome, "c's plain run carries the doubted verdict").toBe('needs-review');
    expect(status(c), 'c, carrying the approval a maintainer asked to be judged again, never judged').not.toBe(
      'success',
    );
  });
});

// Round 6's check (a forced re-review under way on the head a verdict is carried from) and F1/F2's read of the head it
// lands on fail open when those statuses cannot be read: unlessReReviewed takes an unread list (null) for "no re-review
// under way" and carries. A kept green fails closed on the same doubt (B4 before the write, F4 after it); a carry from
// an unread source does not.
describe('R13-2: the source head of a carry whose statuses cannot be read', () => {
  test.each([
    ['control (holds): read', false],
    ['unread', true],
  ])('a forced re-review of a under way, a rebase to b, a\u2019s statuses %s: b is not green', async (_n, unread) => {
    const inputs = { 'unchanged-when': 'patch' };
    const a = push('a');
    expect(
      (await runOn(w.gh, 'priya', body('APPROVE'), inputs, 'pull_request_target', prtEvent())).outputs.outcome,
    ).toBe('posted');
    const forced = await forcedPreflight(inputs);
    expect(forced.outputs).toMatchObject({ outcome: 'needs-review', 'head-sha': a });
    expect(status(a)).toBe('pending');
    const b = push('b');
    if (unread)
      w.gh.faults.push({
        method: 'GET',
        path: new RegExp(`/commits/${a}/statuses$`),
        kind: 'status',
        status: 502,
        times: 20,
      });
    const atB = await plainPreflight(inputs);
    expect.soft(atB.outputs.outcome, 'b carries the doubted verdict of a').toBe('needs-review');
    expect(status(b), 'b, green on the verdict under re-review').not.toBe('success');
  });
});
