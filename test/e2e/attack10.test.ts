// Attack round 10, a helper's attack on round 9's changes (f8ab2fe): the round-9 rule that judged only the first
// of two PRs at one head into one base was taken out (R10-1 to R10-3: an older twin, a draft or a squatting fork
// decided the other's status; RELIABILITY.md). What stands of it is tested here, each failing on f8ab2fe.
import { describe, expect, test } from 'vitest';
import { attackKit, gate, until } from './attack-kit.js';
import { OWNER, REPO } from '../fake/github.js';
import { PR, runOn, useWorld } from './world.js';

const w = useWorld();
const { prt, run, chain } = attackKit(w);
const status = (sha = w.head) => w.gh.statusOf(sha, 'persona-verdict/priya');

describe('R10-4: a preflight green with no bound base is never read again (fork-safe recipe)', () => {
  // baseAfterGreen re-reads the PR only when the conclusion has a baseRef, which is target.base: the reviewed-base
  // input or the pull_request event's base. A preflight from workflow_run (docs/recipes/fork-safe.yml) or a comment
  // has neither, so its duplicate / unchanged / restamped green is written for the base it read, and a retarget in
  // between is never seen: R8-1 again, on the keep path.
  const workflowRun = (head = w.head) => ({
    action: 'completed',
    workflow_run: {
      head_sha: head,
      head_branch: 'feature',
      head_repository: { full_name: `${OWNER}/${REPO}`, owner: { login: OWNER } },
      pull_requests: [],
    },
  });
  test('workflow_run preflight: duplicate green lands after a retarget to develop', async () => {
    await chain(prt(PR, 'opened'), 'APPROVE');
    expect(status()?.state).toBe('success');
    const from = w.gh.log.length;
    const { held, release } = gate();
    w.gh.faults.push({ method: 'POST', path: /\/statuses\//, kind: 'delay', until: held });
    const dup = runOn(w.gh, 'priya', null, { mode: 'preflight' }, 'workflow_run', workflowRun());
    await until('the status write', () =>
      w.gh.log.slice(from).some((l) => l.method === 'POST' && l.path.includes('/statuses/')),
    );
    try {
      w.gh.retarget(PR, 'develop');
      const edited = { ...prt(PR, 'edited', 'develop'), changes: { base: { ref: { from: 'main' } } } };
      const pre = await run(null, { mode: 'preflight' }, edited);
      expect(pre.outputs.outcome).toBe('needs-review');
    } finally {
      release(); // the duplicate's green lands after the retarget's run
    }
    const r = await dup;
    expect(r.outputs.outcome).toBe('duplicate');
    expect(w.gh.pulls.get(PR)!.baseRef).toBe('develop');
    // f8ab2fe: success — main's APPROVE is green on the head of a PR into develop during develop's LLM job
    expect(status()?.state, 'H, a PR into develop with no verdict for develop').not.toBe('success');
  });
});

describe('R10-5: a refused twin leaves its own green for another base standing', () => {
  // Abort.leavesStatus assumes the status on H is the first PR's. It may be the refused PR's own verdict for the base
  // it has just left: #8 approved into develop, an older PR #7 into main now at H (its run not come: a first-time
  // contributor's fork PR awaiting approval, say), #8 retargeted to main. #8's run is refused and writes nothing:
  // develop's APPROVE stays green on the head of a PR into main, which no persona judged for main.
  test('#8 approved into develop, retargeted to main next to #7 at H: H is not green', async () => {
    const H = w.gh.commit('h');
    w.gh.pull({ number: 8, head: H, headRef: 'feature-8', baseRef: 'develop', base: w.gh.commit('base:develop') });
    const r8 = await chain(prt(8, 'opened', 'develop', 'feature-8', H), 'APPROVE');
    expect(r8.post!.outputs.outcome).toBe('posted');
    expect(status(H)?.state).toBe('success');
    Object.assign(w.gh.pulls.get(PR)!, { author: 'sock', headRepo: 'sock/repo', headRef: 'squat' });
    w.gh.push(PR, H, 'sock'); // #7 into main, its workflow awaiting a maintainer's approval
    w.gh.retarget(8, 'main', w.gh.commit('base'));
    const edited = { ...prt(8, 'edited', 'main', 'feature-8', H), changes: { base: { ref: { from: 'develop' } } } };
    const pre = await run(null, { mode: 'preflight' }, edited);
    expect(pre.outputs.reason).toBe('bad-input');
    // f8ab2fe: success "priya: approved" (for develop) stands on H, the head of #8 into main
    expect(status(H)?.state, 'H: #8 into main has no verdict for main').not.toBe('success');
  });

  test("the refused twin's stale APPROVE for develop is dismissed", async () => {
    const H = w.gh.commit('h');
    w.gh.pull({ number: 8, head: H, headRef: 'feature-8', baseRef: 'develop', base: w.gh.commit('base:develop') });
    await chain(prt(8, 'opened', 'develop', 'feature-8', H), 'APPROVE');
    w.gh.push(PR, H, 'octo-author'); // #7 into main at H (its own run comes later, or never)
    w.gh.retarget(8, 'main', w.gh.commit('base'));
    const edited = { ...prt(8, 'edited', 'main', 'feature-8', H), changes: { base: { ref: { from: 'develop' } } } };
    const pre = await run(null, { mode: 'preflight' }, edited);
    expect(pre.outputs.reason).toBe('bad-input');
    // f8ab2fe: the refusal comes before plan.early: GitHub still shows priya APPROVED on #8, now into main
    expect(
      w.gh.reviews.get(8)!.map((r) => r.state),
      "#8's APPROVE for develop",
    ).not.toContain('APPROVED');
  });
});
