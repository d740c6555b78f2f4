// Attack round 11: a helper's final review of 96353c3. Each test states the behaviour expected and failed on
// cebd11f; R11-3 is still open (test.fails; RELIABILITY.md).
import { describe, expect, test } from 'vitest';
import { attackKit, CONTEXT } from './attack-kit.js';
import { PR, useWorld } from './world.js';

const w = useWorld();
const { prt, run, chain } = attackKit(w);
const status = (sha = w.head) => w.gh.statusOf(sha, CONTEXT);
const retargetEvent = (to: string, from: string) => ({
  ...prt(PR, 'edited', to),
  changes: { base: { ref: { from } } },
});

describe('R11-1: keptRejection takes a rejection a writer dismissed for the one that stood', () => {
  // dismissedRejection (round 9) takes the first never-edited review of the subject, whatever dismissed it. A writer
  // who dismisses R1 (CHANGES_REQUESTED) asks for a re-roll; the re-roll R2 (CHANGES_REQUESTED again) is the review
  // that stood. Retargeted away (R2 dismissed as stale by the persona) and back, R1 is found first, its dismissal is
  // a writer's, and keptRejection answers null: a new LLM run, a new roll of a twice-rejected change.
  test('R1 rejected, dismissed by a maintainer, R2 rejected; away to develop and back: R2 stands, no LLM run', async () => {
    const first = await chain(prt(PR, 'opened'), 'CHANGES_REQUESTED');
    expect(first.post!.outputs.outcome).toBe('posted');
    const r1 = Number(first.post!.outputs['review-id']);
    w.gh.dismissAs(PR, r1, 'alice', 'the persona misread the test; please look again');
    const again = await chain(prt(PR, 'reopened'), 'CHANGES_REQUESTED');
    expect(again.post!.outputs.outcome).toBe('posted');
    const r2 = Number(again.post!.outputs['review-id']);
    expect(status()?.state).toBe('failure');
    w.gh.retarget(PR, 'develop');
    const dev = await chain(retargetEvent('develop', 'main'), 'APPROVE');
    expect(dev.post!.outputs.outcome).toBe('posted');
    expect(w.gh.reviews.get(PR)!.find((r) => r.id === r2)!.state).toBe('DISMISSED');
    w.gh.retarget(PR, 'main', w.gh.pulls.get(PR)!.base);
    const back = await run(null, { mode: 'preflight' }, retargetEvent('main', 'develop'));
    // cebd11f: needs-review (should-review=true): the LLM judges main again, and may approve what it rejected twice
    expect(back.outputs['should-review']).toBe('false');
    expect(back.outputs.outcome).toBe('duplicate');
    expect(back.outputs['review-id']).toBe(String(r2));
    expect(status()?.state).toBe('failure');
  });
});

describe('R11-2: after a forced re-review that aborted, a plain run says the status "stays pending"', () => {
  // reReviewUnderWay passes over an abort's failure (the forced doubt stays: a new /review or a push decides again).
  // A plain run of the head then keeps the APPROVE, writes nothing (leftPending), and tells the reader the status
  // "stays pending … the run that posts it sets the status": the status is the abort's failure, and no run will post.
  test('forced /review aborts (no body); a re-run of the ordinary workflow', async () => {
    await chain(prt(PR, 'opened'), 'APPROVE');
    expect(status()?.state).toBe('success');
    // a writer adds the label (attack round 16: the action checks who did)
    w.gh.settings.permissions.set('keeper', { permission: 'write', role_name: 'maintain' });
    const labeled = { ...prt(PR, 'labeled'), sender: { login: 'keeper' } };
    const pre = await run(null, { mode: 'preflight', force: 'true' }, labeled);
    expect(pre.outputs.outcome).toBe('needs-review');
    expect(status()?.description).toContain('(forced)');
    const post = await run(
      null,
      { 'body-path': '/nonexistent/review.md', 'reviewed-sha': w.head, 'reviewed-base': 'main', force: 'true' },
      labeled,
    );
    expect(post.outputs).toMatchObject({ outcome: 'aborted', reason: 'no-body' });
    expect(status()?.state).toBe('failure');
    const again = await run(null, { mode: 'preflight' }, prt(PR, 'reopened'));
    expect(again.outputs.outcome).toBe('duplicate');
    expect(status()?.state).toBe('failure'); // the doubt stands (by design): red until a new /review or a push
    // cebd11f: "::notice::priya's status on … stays pending: a re-review of this head is under way, and the run that
    // posts it sets the status" — the status is failure, the re-review is over, and no way out is named
    const notices = again.commands.filter((c) => c.startsWith('::notice'));
    expect(notices.join('\n')).not.toMatch(/stays pending/);
    expect(notices.join('\n')).toMatch(/\/review|push/);
  });
});

describe('R11-3: a forced re-review superseded by a retarget leaves its pending for good', () => {
  // The forced post finds the PR on another base (superseded: nothing written). Back on main, every plain run keeps
  // main's APPROVE and writes nothing (leftPending: the forced pending is the newest own status), so H stays pending
  // "re-reviewing … (forced)" with no run left to post it, and the merge queue fails the PR as "re-review under way".
  // Open: a plain run cannot tell a forced run that is over from one still going (it would need the run's state);
  // its notice names the way out (a new /review, or a push). Kept as an expected failure, so a fix shows.
  test.fails('forced /review on main; retarget to develop during the LLM job; back to main', async () => {
    await chain(prt(PR, 'opened'), 'APPROVE');
    // a writer adds the label (attack round 16: the action checks who did)
    w.gh.settings.permissions.set('keeper', { permission: 'write', role_name: 'maintain' });
    const labeled = { ...prt(PR, 'labeled'), sender: { login: 'keeper' } };
    const pre = await run(null, { mode: 'preflight', force: 'true' }, labeled);
    expect(pre.outputs.outcome).toBe('needs-review');
    const mainBase = w.gh.pulls.get(PR)!.base;
    w.gh.retarget(PR, 'develop');
    const post = await run(
      'I read it again.\n\n## VERDICT: APPROVE\n',
      { 'reviewed-sha': w.head, 'reviewed-base': 'main', force: 'true' },
      labeled,
    );
    expect(post.outputs.outcome).toBe('superseded');
    w.gh.retarget(PR, 'main', mainBase);
    const back = await run(null, { mode: 'preflight' }, retargetEvent('main', 'develop'));
    expect(back.outputs.outcome).toBe('duplicate');
    // cebd11f: pending "priya is re-reviewing … for PR #7 (forced)", and nothing will ever replace it
    expect(status()?.state, "H: main's APPROVE stands, the forced re-review is over").not.toBe('pending');
  });
});
