// Attack round 17 (a helper, against 0.9.0): the closed post's record (C1) against a push of an unchanged change,
// and a post's second listing of the open PRs at its head against a 5xx. R17-4 was a failing test first and is fixed;
// R17-1 and R17-2 are left open (`test.fails`: they flip when fixed; RELIABILITY.md says why). "held:" tests pin what
// a posted rejection does, for comparison.
import { describe, expect, test } from 'vitest';
import { attackKit, CONTEXT, pushKit } from './attack-kit.js';
import { PR, useWorld } from './world.js';

const w = useWorld();

/** The kit's close-before-post, the record checked, and the reopen's preflight: unposted. */
async function closeBeforePost(verdict = 'CHANGES_REQUESTED', extra: Record<string, string> = {}) {
  const k = attackKit(w);
  const { pinned, base } = await k.closeBeforePost(verdict, extra);
  expect(w.gh.statusOf(w.head, CONTEXT)?.description).toMatch(/not posted \[[0-9a-f]{10}\]/);
  const again = await k.run(null, { mode: 'preflight', ...extra }, k.prt(PR, 'reopened', base));
  expect(again.outputs.outcome, 'the record holds on the reopen').toBe('unposted');
  return { k, pinned };
}

/** The author pushes a new commit with the same tree as the head (git commit --amend --no-edit; a new date). */
const amendSameTree = (seed: string): string => {
  const tree = w.gh.commits.get(w.head)!.tree;
  const next = w.gh.commit(seed, tree);
  w.gh.push(PR, next, 'octo-author');
  w.head = next;
  return next;
};

// README, Outcomes `unposted`: "A push or a maintainer's /review judges the head again". But under the default
// unchanged-when: tree a push of the very same tree (an amend of the commit's message or date) is not a change: a
// posted rejection is carried to it (outcome unchanged, no LLM run). The record is read on its exact head only
// (preflight's unpostedVerdict(onHead of reviewedSha)), never carried: the author, without write access, amends
// (`git commit --amend --no-edit && git push -f`) and the persona is rolled again on the same tree and base — C1's
// close/reopen loop again, one no-op push per roll.
describe('R17-1: the record is not carried to a commit of the same tree, as a posted rejection is', () => {
  test('held: a posted CHANGES_REQUESTED, then an amend with the same tree: unchanged, no second roll', async () => {
    const k = attackKit(w);
    const { post } = await k.chain(k.prt(PR, 'opened'), 'CHANGES_REQUESTED');
    expect(post?.outputs.outcome).toBe('posted');
    amendSameTree('amend-1');
    const again = await k.run(null, { mode: 'preflight' }, k.prt(PR, 'synchronize'));
    expect(again.outputs['should-review']).toBe('false');
    expect(again.outputs.outcome).toBe('unchanged');
    expect(k.status()).toBe('failure');
  });

  // known: the record is a status of its commit, and travels to no other (a posted review's marker does)
  test.fails('a recorded CHANGES_REQUESTED, then an amend with the same tree: no second LLM roll', async () => {
    const { k } = await closeBeforePost();
    amendSameTree('amend-1');
    const again = await k.run(null, { mode: 'preflight' }, k.prt(PR, 'synchronize'));
    expect(again.outputs['should-review'], 'a second LLM roll of the same tree and base').toBe('false');
  });

  test.fails(
    '…and the roll it allows: APPROVE on the amend, pushed back to H: H green over its own record',
    async () => {
      const { k } = await closeBeforePost();
      const recorded = w.head;
      amendSameTree('amend-1');
      const roll2 = await k.chain(k.prt(PR, 'synchronize'), 'APPROVE');
      // the author's push back to the recorded head (same tree): the approval is carried onto it
      w.gh.push(PR, recorded, 'octo-author');
      w.head = recorded;
      const back = await k.run(null, { mode: 'preflight' }, k.prt(PR, 'synchronize'));
      expect.soft(roll2.post?.outputs.outcome, 'a second roll of the same tree was posted').not.toBe('posted');
      expect.soft(back.outputs.outcome).not.toBe('unchanged');
      expect(k.status(recorded), 'H, judged CHANGES_REQUESTED for #7 into main, now green').not.toBe('success');
    },
  );
});

// Same under unchanged-when: patch: a rebase with the same PR patch carries a posted rejection (held), not the record.
describe('R17-2: unchanged-when: patch: the record is not carried to an identical-patch rebase', () => {
  const patch = { 'unchanged-when': 'patch' };
  test('held: a posted CHANGES_REQUESTED, an identical-patch rebase: unchanged, no second roll', async () => {
    const k = attackKit(w);
    const p = pushKit(w);
    p.push('h1');
    const { post } = await k.chain(k.prt(PR, 'synchronize'), 'CHANGES_REQUESTED', patch);
    expect(post?.outputs.outcome).toBe('posted');
    p.push('h2'); // same PR patch, another tree
    const again = await k.run(null, { mode: 'preflight', ...patch }, k.prt(PR, 'synchronize'));
    expect(again.outputs['should-review']).toBe('false');
    expect(again.outputs.outcome).toBe('unchanged');
  });

  test.fails('a recorded CHANGES_REQUESTED, an identical-patch rebase: no second LLM roll', async () => {
    const p = pushKit(w);
    p.push('h1');
    const { k } = await closeBeforePost('CHANGES_REQUESTED', patch);
    p.push('h2'); // same PR patch, another tree (a rebase the author can do at will)
    const again = await k.run(null, { mode: 'preflight', ...patch }, k.prt(PR, 'synchronize'));
    expect(again.outputs['should-review'], 'a second LLM roll of the same PR patch and base').toBe('false');
  });
});

// After a post's green the open PRs at its head are listed again (F3 for a post); a listing that failed (a 5xx past the
// client's retries) left only a warning and the green over a twin's refusal: the one read added to catch the twin
// failed open. Now pending goes over the green and the step fails (re-run it), as for a kept green whose statuses
// cannot be read again (attack round 13, F4).
describe("R17-4: the post's second listing of the open PRs at its head fails: no green stands, the step fails", () => {
  test('#7 posts APPROVE (green delayed); #8 opened at H into release; the re-listing 502s; #7 closed', async () => {
    const k = attackKit(w);
    // GitHub has a bad minute: every listing of the open PRs answers 502 from the twin's refusal on
    const post = k.twinWhileGreenHeld(() =>
      w.gh.faults.push({ method: 'GET', path: /\/pulls$/, kind: 'status', status: 502, times: 50 }),
    );
    const r = await post;
    w.gh.faults.length = 0;
    expect(r.outputs.outcome).toBe('posted');
    expect(r.outputs.reason).toBe('api-error');
    expect(r.code).not.toBe(0);
    expect(r.stdout).toMatch(/the open PRs at [0-9a-f]{7} could not be read again after priya's green/);
    expect(w.gh.statusOf(w.head, CONTEXT)?.description).toBe('priya: unconfirmed (re-read failed); re-run');
    w.gh.pulls.get(PR)!.state = 'closed'; // no run follows; #8 stays open at H into release
    expect(k.status(), 'H, the head of #8 into release').not.toBe('success');
  });
});
