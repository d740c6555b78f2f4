// Attack round K (a helper, against 0.11.0): each test here failed on 0.11.0 (52566de).
import { describe, expect, test } from 'vitest';
import { attackKit, CONTEXT, heldGroupGreen } from './attack-kit.js';
import { PR, useWorld } from './world.js';

const w = useWorld();

// K1: the merge queue's green is never read again after it is written (mayGiveWay/mayHaveLeftBase leave 'queued'
// out). The queue reads the PR head's statuses (no forced pending yet), a maintainer's /review lands and writes its
// forced pending on H, then the queue's green lands on the group's commit: the group passes on the approval under
// re-review — R7-5/R18-1 for the queue, behind the same window the post's and kept verdict's greens re-read (B3).
describe("K1: a maintainer's /review while the merge group's green is on its way", () => {
  test('the group commit is not left green while the forced re-review is under way', async () => {
    const k = attackKit(w);
    const { post } = await k.chain(k.prt(PR, 'synchronize'), 'APPROVE');
    expect(post?.outputs.outcome).toBe('posted');
    expect(k.status()).toBe('success');
    const { groupSha, run: q, release } = await heldGroupGreen(w, 'group-main-K1');
    try {
      const forced = await k.forceReReview();
      expect(forced.outputs['should-review']).toBe('true');
      expect(w.gh.statusOf(w.head, CONTEXT)?.description).toMatch(/re-reviewing .* \(forced\)/);
    } finally {
      release();
    }
    const r = await q;
    expect(r.outputs.outcome).toBe('queued');
    // the forced LLM job is still judging H: the group must not pass on the doubted approval
    expect(w.gh.statusOf(groupSha, CONTEXT)?.state, 'group commit while the re-review is under way').toBe('failure');
    expect(w.gh.statusOf(groupSha, CONTEXT)?.description).toMatch(/re-review of PR #\d+ under way/);
    // the step fails and says why: the group is ejected on the doubted approval
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/re-review under way: priya is judging PR #\d+'s head/);
  });
});

// K2 (LOW): keptRejection walks the subject's reviews from the oldest and keeps only the FIRST one this account
// dismissed as stale — "return h.marker.verdict === 'CHANGES_REQUESTED' ? h : null". When that first one is an
// APPROVE (lost on an earlier round trip), every later rejection of the same head and base is never kept again: each
// main → develop → main round trip (no commit, no write access) is a new LLM roll of a head priya has rejected for
// main — R7-2 again, once the PR has once been approved for that head and base.
describe('K2: a rejection into main after an approval of the same head is re-rolled by a base round trip', () => {
  test('approve (H, main); develop; back: reject (H, main); develop; back: the rejection stands, no new roll', async () => {
    const k = attackKit(w);
    const edited = (base: string, from: string) => ({
      ...k.prt(PR, 'edited', base),
      changes: { base: { ref: { from } } },
    });
    const first = await k.chain(k.prt(PR, 'opened', 'main'), 'APPROVE');
    expect(first.post!.outputs.outcome).toBe('posted');
    w.gh.retarget(PR, 'develop');
    expect((await k.chain(edited('develop', 'main'), 'APPROVE')).post!.outputs.outcome).toBe('posted');
    w.gh.retarget(PR, 'main', w.gh.commit('base'));
    const second = await k.chain(edited('main', 'develop'), 'CHANGES_REQUESTED');
    expect(second.post!.outputs.outcome).toBe('posted'); // the approval was lost on the round trip: judged again
    expect(k.status()).toBe('failure');
    w.gh.retarget(PR, 'develop');
    await k.chain(edited('develop', 'main'), 'APPROVE');
    w.gh.retarget(PR, 'main', w.gh.commit('base'));
    const back = await k.chain(edited('main', 'develop'), 'APPROVE');
    // priya's latest judgment of (H, main) is the CHANGES_REQUESTED: as in R7-2, it stands again, no new roll
    expect.soft(back.pre.outputs['should-review'], 'a new LLM roll of (H, main)').toBe('false');
    expect(k.status(), 'the status on H, back into main').toBe('failure');
  });
});
