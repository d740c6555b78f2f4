// Attack round L (a helper, against 37bfe56): each test here failed there, but the control.
import { describe, expect, test } from 'vitest';
import { attackKit, CONTEXT, gate, heldGroupGreen, until } from './attack-kit.js';
import { body, PR, runOn, useWorld } from './world.js';

const w = useWorld();

// L1: K1's fix reads the queued head again after the group's green, but asks only whether a forced re-review is
// *under way* (groupHold -> reReviewUnderWay). A forced re-review that was asked for AND posted its rejection while the
// group's green was on its way leaves the forced post's failure as the newest status on H: not "under way", so the
// group's green stands over a head priya has just rejected — the queue's version of B3's second attack ("a status for
// a newer review of the PR than the green's, written since the run's read"), which underGreen handles for a kept green.
describe("L1: a maintainer's /review that completes while the merge group's green is on its way", () => {
  test('the group commit is not left green over the forced rejection', async () => {
    const k = attackKit(w);
    const { post } = await k.chain(k.prt(PR, 'synchronize'), 'APPROVE');
    expect(post?.outputs.outcome).toBe('posted');
    expect(k.status()).toBe('success');
    const { groupSha, run: q, release } = await heldGroupGreen(w, 'group-main-L1');
    try {
      const forced = await k.forceReReview();
      expect(forced.outputs['should-review']).toBe('true');
      const pinned = { 'reviewed-sha': forced.outputs['head-sha']!, 'reviewed-base': forced.outputs['base-ref']! };
      await k.forcedRejects(pinned); // posted, H red
    } finally {
      release();
    }
    const r = await q;
    expect(r.outputs.outcome).toBe('queued');
    // priya's standing verdict for H is now the forced CHANGES_REQUESTED: the group must not pass on the old approval
    expect(k.status(), 'H after the forced rejection').toBe('failure');
    expect(w.gh.statusOf(groupSha, CONTEXT)?.state, 'group commit after the forced rejection').toBe('failure');
  });
});

// L2 (root: settle() in core/settle.ts; and restampable() in core/restamp.ts): a maintainer's forced CHANGES_REQUESTED
// of H1 (review A) and the push's plain post racing it (it read before the forced create, created after: the R15-F2
// race) leave a plain APPROVE of H1 (review B) newer than the forced rejection that stands for H1. The author pushes an
// identical commit H2 while B's create is being answered. The plain post then settles on the PR as it is now (head H2):
// standingFor(H2) finds nothing, so the anchor is `self` (B), and A — same head as the anchor — is dismissed by priya
// as a "Duplicate" of B: the forced review, which by the rule replaces every earlier opinion of H1 and wins any race,
// is thrown away for a plain copy that never stood. H2 then gets B's APPROVE without any LLM run:
//   - restamp on (GitHub's push rule dismissed B): restampable() takes history.at(-1) = B, never asking whether it
//     stood for its subject (sinceForced) -> restamped, green;
//   - default settings, no push dismissal, an amend with the same tree: carriedTo() takes B, the latest counting
//     review since the newest forced one -> unchanged, green.
describe("L2: a raced plain approval after a maintainer's forced rejection, restamped by an identical push", () => {
  test('restamp on: H2 (same patch as the rejected H1) is not restamped green', async () => {
    const r = await l2({ restamp: 'true' }, true);
    expect.soft(r.outputs.outcome, 'H2 preflight').not.toBe('restamped');
    expect(attackKit(w).status(w.head), 'H2, the same patch as the rejected H1').not.toBe('success');
  });
  test('default settings, an amend (same tree), no push dismissal: H2 is not carried green', async () => {
    const r = await l2({}, false, 'e'.repeat(40));
    expect.soft(r.outputs.verdict, 'the verdict H2 gets, no LLM run').not.toBe('APPROVE');
    expect(attackKit(w).status(w.head), 'H2, the same tree as the rejected H1').not.toBe('success');
  });
});

async function l2(ON: Record<string, string>, pushDismisses: boolean, TREE?: string) {
  {
    const FILES = [{ filename: 'src/a.ts', status: 'modified', patch: '@@ -1,2 +1,2 @@\n-old\n+new\n ctx' }];
    const k = attackKit(w);
    if (pushDismisses) w.gh.dismissStaleOnPush.add('main');
    const push = (seed: string) => {
      const next = w.gh.commit(seed, TREE, FILES);
      w.gh.push(PR, next, 'octo-author');
      w.head = next;
      return next;
    };
    const h1 = push('first');
    const pre = await k.run(null, { mode: 'preflight', ...ON }, k.prt(PR, 'synchronize'));
    expect(pre.outputs['should-review']).toBe('true');
    const pinned = { 'reviewed-sha': pre.outputs['head-sha']!, 'reviewed-base': pre.outputs['base-ref']! };
    // the maintainer's /review priya, while the push's LLM job runs
    w.gh.settings.permissions.set('keeper', { permission: 'write', role_name: 'maintain' });
    const fpre = await runOn(
      w.gh,
      'priya',
      null,
      { mode: 'preflight', force: 'true', ...ON },
      'issue_comment',
      reviewCommentL('keeper'),
    );
    expect(fpre.outputs['should-review']).toBe('true');
    // the plain post reads H1 (nothing stands), then its create waits on the forced post; its answer waits on the push
    const read = gate();
    const answer = gate();
    w.gh.faults.push({ method: 'GET', path: new RegExp(`/commits/${h1}/statuses$`), kind: 'delay', until: read.held });
    w.gh.faults.push({
      method: 'POST',
      path: /\/pulls\/7\/reviews$/,
      kind: 'stall',
      until: answer.held,
      when: (b) => (b as { event?: string })?.event === 'APPROVE',
    });
    const from = w.gh.log.length;
    const plain = k.run(body('APPROVE'), { ...pinned, ...ON }, k.prt(PR, 'synchronize'));
    await until('the plain post read of H1', () =>
      w.gh.log.slice(from).some((l) => l.method === 'GET' && l.path.includes(`/commits/${h1}/statuses`)),
    );
    let plainDone;
    try {
      const fpinned = { 'reviewed-sha': fpre.outputs['head-sha']!, 'reviewed-base': fpre.outputs['base-ref']! };
      const forced = await runOn(
        w.gh,
        'priya',
        body('CHANGES_REQUESTED'),
        { ...fpinned, force: 'true', ...ON },
        'issue_comment',
        reviewCommentL('keeper'),
      );
      expect(forced.outputs.outcome).toBe('posted');
      expect(k.status(h1)).toBe('failure');
      read.release();
      await until('the plain APPROVE create', () => w.gh.reviews.get(PR)!.some((r) => r.state === 'APPROVED'));
      push('rebased'); // the identical rebase, while the create's answer is on its way
    } finally {
      read.release();
      answer.release();
      plainDone = await plain;
    }
    expect(plainDone.code).toBeDefined();
    // the root: priya's own account dismissed the maintainer's forced review as a raced duplicate of the plain one
    const forcedReview = w.gh.reviews.get(PR)!.find((x) => / forced /.test(x.body?.split('\n')[0] ?? ''))!;
    const how = (w.gh.timeline.get(PR) ?? []).find((e) => e.reviewId === forcedReview.id);
    expect.soft(how?.message ?? '', 'how the forced rejection of H1 was dismissed').not.toMatch(/^Duplicate:/);
    const h2 = w.head;
    const r = await k.run(null, { mode: 'preflight', ...ON }, k.prt(PR, 'synchronize', 'main', 'feature', h2));
    // priya's standing judgment of this patch into main is the maintainer's forced CHANGES_REQUESTED
    return r;
  }
}

function reviewCommentL(login: string) {
  return {
    action: 'created',
    issue: { number: PR, pull_request: { url: `https://github.test/pr/${PR}` } },
    comment: { body: '/review priya', author_association: 'MEMBER', user: { login } },
    sender: { login },
  };
}

// L3: R7-2's fix keeps a rejection this account dismissed on a retarget only for the very head it judged
// (keptRejection is per subject: head, base, version). An amend that keeps the tree and the patch (git commit --amend
// --no-edit: a new SHA, nothing else) is carried from a LIVE rejection (`unchanged`), but the rejection the retarget
// dismissed carries nothing (carriedTo counts live reviews only). So the PR's author (no write access) rolls a
// rejection again with a retarget to develop, an amend, and a retarget back to main — R7-2 plus one no-op commit, under
// the default settings (unchanged-when: tree), and likewise with restamp / unchanged-when: patch (an identical rebase).
describe('L3: a rejection into main re-rolled by a base round trip plus an amend that changes nothing', () => {
  const FILES = [{ filename: 'src/a.ts', status: 'modified', patch: '@@ -1,2 +1,2 @@\n-old\n+new\n ctx' }];
  const TREE = 'd'.repeat(40);
  const amend = (seed: string) => {
    const next = w.gh.commit(seed, TREE, FILES); // same tree, same PR patch
    w.gh.push(PR, next, 'octo-author');
    w.head = next;
    return next;
  };
  test('control: without the round trip, the amend carries the rejection (no new roll)', async () => {
    const k = attackKit(w);
    amend('first');
    expect((await k.chain(k.prt(PR, 'opened'), 'CHANGES_REQUESTED')).post!.outputs.outcome).toBe('posted');
    amend('amended');
    const again = await k.chain(k.prt(PR, 'synchronize'), 'APPROVE');
    expect(again.pre.outputs.outcome).toBe('unchanged');
    expect(k.status()).toBe('failure');
  });
  test('main: CHANGES_REQUESTED; develop; amend; back to main: the rejection stands, no new roll', async () => {
    const k = attackKit(w);
    const edited = (base: string, fromBase: string) => ({
      ...k.prt(PR, 'edited', base),
      changes: { base: { ref: { from: fromBase } } },
    });
    amend('first');
    const first = await k.chain(k.prt(PR, 'opened', 'main'), 'CHANGES_REQUESTED');
    expect(first.post!.outputs.outcome).toBe('posted');
    expect(k.status()).toBe('failure');
    w.gh.retarget(PR, 'develop');
    await k.chain(edited('develop', 'main'), 'APPROVE'); // judged for develop; main's rejection dismissed as stale
    amend('amended'); // same tree, same patch: a new SHA only
    await k.chain(k.prt(PR, 'synchronize', 'develop'), 'APPROVE');
    w.gh.retarget(PR, 'main', w.gh.commit('base'));
    const back = await k.chain(edited('main', 'develop'), 'APPROVE');
    expect.soft(back.pre.outputs['should-review'], 'a new LLM roll of the rejected change into main').toBe('false');
    expect(k.status(), 'the amended head, back into main').toBe('failure');
  });
});
