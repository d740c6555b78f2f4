// Attack round 9, a helper's review of round 8 (b2434cf): each test states the behaviour expected and failed on
// 4006ebd. Same world and kit as attack7.test.ts.
import { describe, expect, test } from 'vitest';
import { OWNER, REPO } from '../fake/github.js';
import { body, PR, runOn, useWorld } from './world.js';
import { attackKit, CONTEXT, gate, until } from './attack-kit.js';

const w = useWorld();
const { prt, run, chain } = attackKit(w);
const status = (sha = w.head) => w.gh.statusOf(sha, CONTEXT);
const retargetEvent = (to: string, from: string) => ({
  ...prt(PR, 'edited', to),
  changes: { base: { ref: { from } } },
});

describe('R9-1: an ordinary review that aborts is taken for a forced re-review under way', () => {
  // reReviewUnderWay no longer stops at an abort's failure (R8-3), but the "reviewing … for PR #7" pending it then
  // finds is written by every preflight that needs a review over a standing status, not only a forced one.
  test('dismiss-stale changes-requested: main APPROVE, develop run aborts, back to main', async () => {
    const policy = { 'dismiss-stale': 'changes-requested' };
    const main = await chain(prt(PR, 'opened'), 'APPROVE', policy);
    expect(main.post!.outputs.outcome).toBe('posted');
    expect(status()?.state).toBe('success');
    w.gh.retarget(PR, 'develop');
    const pre = await run(null, { mode: 'preflight', ...policy }, retargetEvent('develop', 'main'));
    expect(pre.outputs.outcome).toBe('needs-review');
    expect(status()?.state).toBe('pending'); // "priya is reviewing … for PR #7" (not forced)
    const post = await run(
      null,
      { 'body-path': '/nonexistent/review.md', 'reviewed-sha': w.head, 'reviewed-base': 'develop', ...policy },
      retargetEvent('develop', 'main'),
    );
    expect(post.outputs).toMatchObject({ outcome: 'aborted', reason: 'no-body' });
    w.gh.retarget(PR, 'main', w.gh.pulls.get(PR)!.base);
    const back = await run(null, { mode: 'preflight', ...policy }, retargetEvent('main', 'develop'));
    expect(back.outputs.outcome).toBe('duplicate'); // the APPROVE for main stands
    // 4006ebd: failure ("no review") stays; the run writes nothing and says a re-review is under way
    expect(status()?.state, 'the status of a PR into main with a standing APPROVE for main').toBe('success');
  });
});

describe('R9-2: the pending over a green for a left base could not be written', () => {
  test('the summary does not say the green was not written', async () => {
    w.gh.retarget(PR, 'staging');
    const onStaging = prt(PR, 'synchronize', 'staging');
    const pre = await run(null, { mode: 'preflight' }, onStaging);
    expect(pre.outputs.outcome).toBe('needs-review');
    const from = w.gh.log.length;
    const { held, release } = gate();
    w.gh.faults.push({ method: 'POST', path: /\/statuses\//, kind: 'delay', until: held });
    w.gh.faults.push({ method: 'POST', path: /\/statuses\//, kind: 'status', status: 403 });
    const posting = run(body('APPROVE'), { 'reviewed-sha': w.head, 'reviewed-base': 'staging' }, onStaging);
    await until('the status write', () =>
      w.gh.log.slice(from).some((l) => l.method === 'POST' && l.path.includes('/statuses/')),
    );
    w.gh.retarget(PR, 'main', w.gh.commit('base'));
    release(); // the green for staging lands after the retarget
    const post = await posting;
    expect(post.outputs.outcome).toBe('posted');
    expect(status()?.state, 'the green for staging did land').toBe('success');
    // 4006ebd: "Commit status | not written (due: success on …)": the green that stands is reported as unwritten
    expect(post.summary).not.toMatch(/not written \(due: success/);
  });
});

describe('R9-3: the merge queue pays a PR read for nothing', () => {
  test('a green group status is not followed by a read of the PR', async () => {
    await chain(prt(PR, 'opened'), 'APPROVE');
    const group = w.gh.commit('group-main');
    const from = w.gh.log.length;
    const q = await runOn(w.gh, 'priya', null, { mode: 'preflight' }, 'merge_group', {
      merge_group: { head_sha: group, head_ref: `refs/heads/gh-readonly-queue/main/pr-${PR}-${'a'.repeat(40)}` },
      repository: { full_name: `${OWNER}/${REPO}` },
    });
    expect(q.outputs.outcome).toBe('queued');
    expect(status(group)?.state).toBe('success');
    const log = w.gh.log.slice(from);
    const wrote = log.findIndex((l) => l.method === 'POST' && l.path.includes('/statuses/'));
    const after = log.slice(wrote + 1).filter((l) => l.method === 'GET' && l.path.endsWith(`/pulls/${PR}`));
    // 4006ebd: one GET /pulls/7 after the group's green (baseAfterGreen; greenForLeftBase ignores 'queued')
    expect(after).toEqual([]);
  });
});

describe('R9-4: a stranger PR at an approved head into the same base', () => {
  // The finding: #8's refused preflight writes a failure on H, and nothing writes #7's green back when #8 is
  // closed. Judging only the first twin was tried and taken out (attack round 10: an older twin, a draft or a
  // squatting fork then decided the other's status). What stands is round 8's fail-closed answer, the documented
  // price (RELIABILITY.md): red while both are open, and the way out is named; a run of #7 after #8 is closed
  // writes its green again.
  test("#8's refused preflight turns H red and names the way out; closed, #7's next run is green", async () => {
    await chain(prt(PR, 'opened'), 'APPROVE');
    expect(status()?.state).toBe('success');
    w.gh.pull({ number: 8, head: w.head, headRef: 'copy', baseRef: 'main', author: 'mallory' });
    const pre8 = await run(null, { mode: 'preflight' }, prt(8, 'opened', 'main', 'copy'));
    expect(pre8.outputs.reason).toBe('bad-input');
    expect(pre8.stdout).toContain('close one of the PRs, or push a new commit to one of them; then run the persona');
    expect(status()?.state, "#7's head while #8 is open at it").toBe('failure');
    w.gh.pulls.get(8)!.state = 'closed';
    const again = await run(null, { mode: 'preflight' }, prt(PR, 'reopened'));
    expect(again.outputs.outcome).toBe('duplicate');
    expect(status()?.state).toBe('success');
  });
});
