// Attack round 8, a helper's review of round 7's fixes (ff66ac0): each test states the secure (or documented)
// behaviour and failed on ff66ac0 ("ff66ac0:" says what happened then). Same world and harness as attack7.test.ts.
import { describe, expect, test } from 'vitest';
import { OWNER, REPO } from '../fake/github.js';
import { body, LOGINS, PR, runOn, useWorld } from './world.js';
import { attackKit, reviewComment, gate, until } from './attack-kit.js';

const w = useWorld();
const { prt, run, chain, status, forceReReview } = attackKit(w);
const retargetEvent = (to: string, from: string) => ({
  ...prt(PR, 'edited', to),
  changes: { base: { ref: { from } } },
});
/**
 * GitHub's own view of the persona's review on the PR (reviewDecision, "X requested changes"): the reviewer's latest
 * review that is not a COMMENT (a DISMISSED one included: it clears what came before it).
 */
const effectiveOnGitHub = (login = LOGINS.priya) =>
  w.gh.reviews
    .get(PR)!
    .filter((r) => r.login === login && r.state !== 'COMMENTED' && r.state !== 'PENDING')
    .sort((a, b) => a.id - b.id)
    .at(-1)?.state;

describe('R8-1 (change 4): a retarget after the post re-read the PR still lands the old base green', () => {
  // settleAfterWrite re-reads the PR once; the status is written after the dismissals, a round trip or more later.
  // A retarget in that window is not seen: the old base's success lands on a head that is now a PR into main,
  // and the retarget's own preflight (no status on the head yet) wrote no pending.
  test('retarget while the status write is in flight', async () => {
    w.gh.retarget(PR, 'staging');
    const onStaging = prt(PR, 'synchronize', 'staging');
    const pre = await run(null, { mode: 'preflight' }, onStaging);
    expect(pre.outputs.outcome).toBe('needs-review');
    const from = w.gh.log.length;
    const after = () => w.gh.log.slice(from);
    const { held, release } = gate();
    w.gh.faults.push({ method: 'POST', path: /\/statuses\//, kind: 'delay', until: held });
    const posting = run(body('APPROVE'), { 'reviewed-sha': w.head, 'reviewed-base': 'staging' }, onStaging);
    // the post has re-read the PR (base staging) and sent its status: the author changes the base now
    await until('the status write', () => after().some((l) => l.method === 'POST' && l.path.includes('/statuses/')));
    try {
      w.gh.retarget(PR, 'main', w.gh.commit('base'));
      const pre2 = await run(null, { mode: 'preflight' }, retargetEvent('main', 'staging'));
      expect(pre2.outputs.outcome).toBe('needs-review');
    } finally {
      release(); // the post's status lands after the retarget's run
    }
    const post = await posting;
    expect(post.outputs.outcome).toBe('posted');
    expect(w.gh.pulls.get(PR)!.baseRef).toBe('main');
    // ff66ac0: success — the APPROVE for staging is green on the head of a PR into main during main's LLM job
    expect(status(), 'the status on H, a PR into main with no verdict for main').not.toBe('success');
  });
});

describe('R8-2 (change 2): a kept CHANGES_REQUESTED for another base is what GitHub shows for this one', () => {
  // GitHub counts a reviewer's latest non-COMMENT review. The action keeps this head's CHANGES_REQUESTED into another
  // base forever (every settle skips it while the head stays), so whenever the current base's verdict is older than
  // it, or is a COMMENT, GitHub's review state for the PR is that other base's rejection: the status is green and
  // the PR is blocked ("changes requested") by a verdict that is not for its base, with nothing the action will
  // ever dismiss. Before ff66ac0 the settle dismissed it as stale.
  test('dismiss-stale changes-requested: develop APPROVE, main CHANGES_REQUESTED, back to develop', async () => {
    const policy = { 'dismiss-stale': 'changes-requested' };
    w.gh.retarget(PR, 'develop');
    const dev = await chain(prt(PR, 'opened', 'develop'), 'APPROVE', policy);
    expect(dev.post!.outputs.outcome).toBe('posted');
    w.gh.retarget(PR, 'main');
    const main = await chain(retargetEvent('main', 'develop'), 'CHANGES_REQUESTED', policy);
    expect(main.post!.outputs.outcome).toBe('posted');
    w.gh.retarget(PR, 'develop', w.gh.pulls.get(PR)!.base);
    const back = await chain(retargetEvent('develop', 'main'), 'APPROVE', policy);
    expect(back.pre.outputs.outcome).toBe('duplicate'); // the APPROVE for develop stands
    expect(status()).toBe('success');
    // ff66ac0: CHANGES_REQUESTED — main's rejection is priya's latest review on a PR into develop, and stays
    expect(effectiveOnGitHub(), "priya's review state GitHub counts on a PR into develop").not.toBe(
      'CHANGES_REQUESTED',
    );
  });

  test('comment-passes: main CHANGES_REQUESTED, then a COMMENT verdict for develop', async () => {
    const passes = { 'comment-passes': 'true' };
    const main = await chain(prt(PR, 'opened', 'main'), 'CHANGES_REQUESTED', passes);
    expect(main.post!.outputs.outcome).toBe('posted');
    w.gh.retarget(PR, 'develop');
    const dev = await chain(retargetEvent('develop', 'main'), 'COMMENT', passes);
    expect(dev.post!.outputs.outcome).toBe('posted');
    expect(status(), 'comment-passes: the COMMENT for develop is green').toBe('success');
    // ff66ac0: CHANGES_REQUESTED — the rejection for main blocks the PR into develop on GitHub
    expect(effectiveOnGitHub(), "priya's review state GitHub counts on a PR into develop").not.toBe(
      'CHANGES_REQUESTED',
    );
  });
});

describe('R8-3 (change 5): a forced re-review that aborts releases the queue hold', () => {
  // The hold is the persona's "reviewing … for PR #7" pending being the newest status on the head. A forced
  // re-review whose LLM step fails (no body) replaces that pending with a failure: the PR head is red, but the
  // queue no longer sees a re-review and passes the group on the very APPROVE the maintainer doubted.
  test('the group is not green while the doubted verdict was never re-judged', async () => {
    await chain(prt(PR, 'opened'), 'APPROVE');
    expect(status()).toBe('success');
    const forced = await forceReReview();
    expect(forced.outputs.outcome).toBe('needs-review');
    expect(status()).toBe('pending');
    // the re-review's LLM job fails: its post has no body
    const post = await runOn(
      w.gh,
      'priya',
      null,
      { 'body-path': '/nonexistent/review.md', 'reviewed-sha': w.head, 'reviewed-base': 'main', force: 'true' },
      'issue_comment',
      reviewComment('keeper'),
    );
    expect(post.outputs).toMatchObject({ outcome: 'aborted', reason: 'no-body' });
    expect(status(), 'the PR head after the failed re-review').toBe('failure');
    const group = w.gh.commit('group-main');
    const q = await runOn(w.gh, 'priya', null, { mode: 'preflight' }, 'merge_group', {
      merge_group: { head_sha: group, head_ref: `refs/heads/gh-readonly-queue/main/pr-${PR}-${'a'.repeat(40)}` },
      repository: { full_name: `${OWNER}/${REPO}` },
    });
    expect(q.outputs.outcome).toBe('queued');
    // ff66ac0: success — the head is red ("priya failed: no-body") but the group passes on the doubted APPROVE
    expect(status(group), "the group's status: the PR head is red").not.toBe('success');
  });
});

describe('R8-4 (change 1): a second PR at a rejected head', () => {
  // R7-1 failed #8's approval only while #7 was open, and #8's LLM ran again on a (head, base) already judged; the
  // author then closed #7 (their own PR) and reopened #8: its own APPROVE stood, and H went green into main.
  // Now #8 gets no LLM run while #7 is open. Once #7 is closed, #8 is judged as a new PR (accepted: a persona's
  // history is the PR's own; RELIABILITY.md), as a new commit would be.
  test('while #7 is open, #8 at its head is not reviewed (no LLM run), and H stays red', async () => {
    const r7 = await chain(prt(PR, 'opened'), 'CHANGES_REQUESTED');
    expect(r7.post!.outputs.outcome).toBe('posted');
    w.gh.pull({ number: 8, head: w.head, headRef: 'feature-copy', baseRef: 'main', author: 'mallory' });
    const r8 = await chain(prt(8, 'opened', 'main', 'feature-copy'), 'APPROVE');
    // ff66ac0: should-review true, a second LLM run whose APPROVE could never pass while #7 is open
    expect(r8.post).toBeNull();
    expect(r8.pre.outputs).toMatchObject({ outcome: 'aborted', reason: 'bad-input', 'should-review': '' });
    expect(r8.pre.stdout).toContain('is also the head of PR #7 (into main)');
    expect(status()).toBe('failure');
    expect(w.gh.reviews.get(8) ?? []).toEqual([]);
  });
});

describe('R8-5 (change 5): another PR at the same head hides the re-review from the queue', () => {
  // The hold reads only the newest status this account wrote on the head. A stranger opens a fork PR #8 at #7's
  // head while a maintainer's forced re-review of #7 runs: #8's post writes its own status on H (failure, "also the
  // head of PR #7"), which is now the newest: #7's group passes on the APPROVE under re-review.
  test('a group built while #7 is re-judged is not green after #8 posted on the same head', async () => {
    await chain(prt(PR, 'opened'), 'APPROVE');
    const forced = await forceReReview();
    expect(forced.outputs.outcome).toBe('needs-review');
    expect(status()).toBe('pending');
    // into another base: #8's preflight refuses the shared head with a failure status on H; a workflow with no
    // preflight posts anyway (failure: the head is shared): either way the newest statuses on H are #8's
    w.gh.pull({ number: 8, head: w.head, headRef: 'copy', baseRef: 'develop', author: 'mallory' });
    const pre8 = await run(null, { mode: 'preflight' }, prt(8, 'opened', 'develop', 'copy'));
    expect(pre8.outputs.reason).toBe('bad-input');
    const r8 = await run(body('APPROVE'), {}, prt(8, 'opened', 'develop', 'copy'));
    expect(r8.outputs.outcome).toBe('posted');
    expect(status()).toBe('failure');
    const group = w.gh.commit('group-main');
    const q = await runOn(w.gh, 'priya', null, { mode: 'preflight' }, 'merge_group', {
      merge_group: { head_sha: group, head_ref: `refs/heads/gh-readonly-queue/main/pr-${PR}-${'a'.repeat(40)}` },
      repository: { full_name: `${OWNER}/${REPO}` },
    });
    expect(q.outputs.outcome).toBe('queued');
    // ff66ac0: success — #7's forced re-review has not posted, yet the group passes on the doubted APPROVE
    expect(status(group), "#7's group while its re-review runs").not.toBe('success');
  });
});
