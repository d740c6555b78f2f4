// Attack round 13 (a helper attacking the gate's statuses): each test failed before its fix for the reason its
// describe names (docs/RELIABILITY.md has a row each). The comments say what was wrong then.
import { describe, expect, test } from 'vitest';
import { decodeMarker } from '../../src/core/marker.js';
import { attackKit, pushKit, reviewComment, gate, until } from './attack-kit.js';
import { body, PR, runOn, useWorld } from './world.js';

const w = useWorld();
const { prt, run, chain, status, forceReReview } = attackKit(w);
const { prtEvent, push, forcedPreflight, group } = pushKit(w);

// A maintainer's /review priya on a head that has no status yet (a push a moment ago; the push's own plain run has
// not run yet): the forced preflight writes no pending (pendingChanges: nothing stands on the head), so nothing on the
// head says a forced re-review is under way. The push's plain run then carries the approval of the previous head (an
// identical rebase: restamped after GitHub's push dismissal; or unchanged by patch when dismiss-stale keeps the old
// approval live) and writes it green; a merge group built meanwhile passes. The maintainer's re-review has posted
// nothing. (With dismiss-stale: all and no push rule the forced preflight dismisses the old approval early, so nothing
// is carried: that case holds.)
describe('F1: a forced re-review of a head that has no status yet is passed over by the carry of a plain run', () => {
  test.each([
    ['restamp, the push rule on', { restamp: 'true' }, true],
    [
      'unchanged-when: patch, dismiss-stale: changes-requested',
      { 'unchanged-when': 'patch', 'dismiss-stale': 'changes-requested' },
      false,
    ],
  ])('%s: the head is not green while the forced re-review runs', async (_name, inputs, rule) => {
    if (rule) w.gh.dismissStaleOnPush.add('main');
    const a = push('a');
    const first = await runOn(w.gh, 'priya', body('APPROVE'), inputs, 'pull_request_target', prtEvent());
    expect(first.outputs.outcome).toBe('posted');
    expect(status(a)).toBe('success');
    // the author pushes b: an identical rebase
    const b = push('b');
    // a maintainer comments /review priya: the forced preflight pins b and the LLM job starts
    const forced = await forcedPreflight(inputs);
    expect(forced.outputs).toMatchObject({ outcome: 'needs-review', 'should-review': 'true', 'head-sha': b });
    // the push's own plain preflight runs now
    const plain = await runOn(w.gh, 'priya', null, { ...inputs, mode: 'preflight' }, 'pull_request_target', prtEvent());
    // it sees the forced re-review on b and does not carry a's verdict past it: b is reviewed
    expect(plain.outputs.outcome).toBe('needs-review');
    // the forced re-review of b has posted nothing yet
    expect(w.gh.reviews.get(PR)!.filter((r) => decodeMarker(r.body)?.forced)).toEqual([]);
    expect(status(b), 'b while the forced re-review of it is under way').not.toBe('success');
    expect(await group(inputs), "#7's group while the forced re-review of b runs").not.toBe('success');
  });
});

// The doubted approval restamped onto its own head: priya approved b; a maintainer's /review priya writes the forced
// pending on b; the author pushes c (an identical rebase: GitHub's push rule dismisses b's approval; c's preflight sees
// the forced pending on b and reviews c, as the round-6 fix says); the forced post for b ends superseded (the head is
// c); the author pushes b back (cancelling c's LLM run). b's preflight restamps b's own push-dismissed approval — the
// very verdict the maintainer asked to be judged again — green over the forced pending (restamp reads no statuses of
// the head it restamps, and the green is not read against it). With the push rule off the approval is kept
// (duplicate) and heldBack leaves the forced pending in place: only restamp escapes it.
describe('F2: push away and back restamps the approval a forced re-review doubts', () => {
  test('b approved, /review priya, push c, forced post superseded, push b again: b is not green', async () => {
    const inputs = { restamp: 'true' };
    w.gh.dismissStaleOnPush.add('main');
    const b = push('b');
    expect(
      (await runOn(w.gh, 'priya', body('APPROVE'), inputs, 'pull_request_target', prtEvent())).outputs.outcome,
    ).toBe('posted');
    expect(status(b)).toBe('success');
    const forced = await forcedPreflight(inputs);
    expect(forced.outputs).toMatchObject({ outcome: 'needs-review', 'head-sha': b });
    expect(status(b)).toBe('pending');
    const c = push('c');
    const atC = await runOn(w.gh, 'priya', null, { ...inputs, mode: 'preflight' }, 'pull_request_target', prtEvent());
    expect(atC.outputs.outcome).toBe('needs-review'); // held by the forced pending on b (round 6)
    // the maintainer's forced post for b lands while the head is c: superseded, nothing posted
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
    // the author force-pushes b again (its own commit: the same tree and patch)
    w.gh.push(PR, b, 'octo-author');
    w.head = b;
    expect(c).not.toBe(b);
    const back = await runOn(w.gh, 'priya', null, { ...inputs, mode: 'preflight' }, 'pull_request_target', prtEvent());
    expect
      .soft(status(b), 'b, whose approval a maintainer asked to be judged again and nobody has')
      .not.toBe('success');
    expect(await group(inputs), "#7's group on the doubted approval").not.toBe('success');
    expect(back.outputs.outcome).not.toBe('restamped');
  });
});

// A twin PR opened while a green is on its way. #7's plain run reads the open PRs at H (only #7), then sends its green;
// meanwhile the author opens #8 at H into release, whose preflight refuses the shared head and writes its failure on H;
// #7's green lands after it. The status is per commit: #8, into a base no persona ever judged, now shows priya green,
// and no run is left to correct it (#8's own run is over; closing #7 runs nothing). What runs after the green (the
// base read again, the statuses read again) passes over another PR's abort.
describe('F3: a twin PR opened while a kept green is on its way', () => {
  test('#7 reopened (duplicate, green delayed), #8 opened at H into release meanwhile: H is not green for #8', async () => {
    const first = await runOn(
      w.gh,
      'priya',
      body('APPROVE'),
      {},
      'pull_request_target',
      prt(PR, 'opened', 'main', 'feature'),
    );
    expect(first.outputs.outcome).toBe('posted');
    expect(status()).toBe('success');
    const from = w.gh.log.length;
    const { held, release } = gate();
    w.gh.faults.push({ method: 'POST', path: /\/statuses\//, kind: 'delay', until: held });
    const plain = runOn(
      w.gh,
      'priya',
      null,
      { mode: 'preflight' },
      'pull_request_target',
      prt(PR, 'reopened', 'main', 'feature'),
    );
    await until('the green write', () =>
      w.gh.log.slice(from).some((l) => l.method === 'POST' && l.path.includes('/statuses/')),
    );
    try {
      // the author opens #8 at the same commit, into release
      w.gh.pull({ number: 8, head: w.head, headRef: 'copy', baseRef: 'release', author: 'octo-author' });
      const pre8 = await run(null, { mode: 'preflight' }, prt(8, 'opened', 'release', 'copy'));
      expect(pre8.outputs.reason).toBe('bad-input');
      expect(status()).toBe('failure');
    } finally {
      release(); // #7's green lands after #8's refusal
    }
    const r = await plain;
    expect(r.outputs.outcome).toBe('duplicate');
    // #7 is closed by its author: no run follows; #8 stays open at H into release
    w.gh.pulls.get(PR)!.state = 'closed';
    expect(status(), 'H, the head of #8 into release, which no persona judged').not.toBe('success');
  });
});

// B3 again, with the read after the green failing: a plain run (a reopen) keeps the APPROVE and sends its green; a
// maintainer's forced preflight writes its pending meanwhile; the green lands over it, and the head's statuses cannot
// be read again. afterGreen keeps the green with a warning and the step succeeds (B4 made an unread listing before a
// kept green hold it back; the read after the green still fails open).
describe('F4: the statuses read after a kept green fail while a forced re-review was asked for', () => {
  test('pending goes back over the green it could not confirm, and the step fails', async () => {
    await chain(prt(PR, 'opened'), 'APPROVE');
    expect(status()).toBe('success');
    const from = w.gh.log.length;
    const { held, release } = gate();
    w.gh.faults.push({ method: 'POST', path: /\/statuses\//, kind: 'delay', until: held });
    // the plain run's first read and the forced preflight's pass; the plain run's read after its green fails
    w.gh.faults.push({
      method: 'GET',
      path: new RegExp(`/commits/${w.head}/statuses$`),
      kind: 'status',
      status: 502,
      skip: 2,
      times: 10,
    });
    const plain = runOn(w.gh, 'priya', null, { mode: 'preflight' }, 'pull_request_target', prt(PR, 'reopened'));
    await until('the green write', () =>
      w.gh.log.slice(from).some((l) => l.method === 'POST' && l.path.includes('/statuses/')),
    );
    try {
      const forced = await forceReReview();
      expect(forced.outputs.outcome).toBe('needs-review');
      expect(status()).toBe('pending');
    } finally {
      release(); // the green lands over the forced pending
    }
    const r = await plain;
    expect(r.outputs.outcome).toBe('duplicate');
    expect(r.stdout).toMatch(/could not be read again after priya's green was written/);
    expect(r.code, 'the step that could not rule out a forced re-review under its green').not.toBe(0);
    expect(status(), 'H while the forced re-review of it is under way').not.toBe('success');
  });
});

// Round 12's R1 (a file made a symlink) through a diff that arrives cut short: headPatchOf reads the compare's diff
// only for its files' modes and never checks it is whole (the diff-path diff is checked: wholediff), so a symlink
// whose header lies past the cut is not seen, and the approval of the regular file is restamped onto the symlink.
describe('F5: the mode check reads a diff cut short as whole', () => {
  test('a regular file, then a symlink past the cut: not restamped', async () => {
    const big = {
      filename: 'a-notes.md',
      status: 'modified',
      patch: `@@ -1,2 +1,2 @@\n-old\n+new\n ${'x'.repeat(400)}`,
    };
    const text = { filename: 'public/latest', status: 'added', patch: '@@ -0,0 +1 @@\n+../../.env' };
    const inputs = { restamp: 'true' };
    w.gh.dismissStaleOnPush.add('main');
    const a = w.gh.commit('a file', undefined, [big, text]);
    w.gh.push(PR, a);
    w.head = a;
    expect(
      (await runOn(w.gh, 'priya', body('APPROVE'), inputs, 'pull_request_target', prtEvent())).outputs.outcome,
    ).toBe('posted');
    const s = w.gh.commit('a symlink', undefined, [big, { ...text, mode: '120000' }]);
    w.gh.push(PR, s);
    w.head = s;
    w.gh.diffCutAt = 300; // inside the first file's hunk: the symlink's "new file mode 120000" never arrives
    const r = await runOn(w.gh, 'priya', null, { ...inputs, mode: 'preflight' }, 'pull_request_target', prtEvent());
    expect(r.outputs.outcome, 'the symlink head').not.toBe('restamped');
    expect(status(s)).not.toBe('success');
  });
});
