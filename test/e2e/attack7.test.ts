// Attack round 7 (a helper's, 2026-12-01): each test states the secure behaviour and failed on 0.7.2 (the bundled
// action against the fake GitHub); "0.7.2:" says what happened then. RELIABILITY.md has a row for each.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { OWNER, REPO } from '../fake/github.js';
import { ROOT } from './harness.js';
import { evaluate } from './workflow-sim.js';
import { body, PR, runOn, useWorld } from './world.js';
import { attackKit, CONTEXT, gate, until } from './attack-kit.js';

const w = useWorld();
const { prt, run, chain, status, forceReReview } = attackKit(w);

describe('R7-1: a second PR at the same commit into the same base re-rolls the persona', () => {
  // PR #7 (head H into main) is rejected by priya. Anyone who can open a PR — its author, or a
  // stranger from a fork — pushes the same commit H to another branch and opens PR #8 into main.
  // #8 has no history, so priya judges the identical change into the identical base again (an LLM
  // run for a judgment already made); when this roll answers APPROVE, the status on H — per
  // commit — turns green, and #7, whose persona review is CHANGES_REQUESTED for exactly this head
  // and base, shows a green required check. The shared-head rule skips other PRs into the SAME base.
  test('PR #7 rejected into main keeps a red gate when PR #8 (same head, same base) is approved', async () => {
    const r7 = await chain(prt(PR, 'opened'), 'CHANGES_REQUESTED');
    expect(r7.post!.outputs.outcome).toBe('posted');
    expect(status()).toBe('failure');
    w.gh.pull({ number: 8, head: w.head, headRef: 'feature-copy', baseRef: 'main', author: 'mallory' });
    // a workflow with no preflight: #8's post lands
    const r8 = await run(body('APPROVE'), {}, prt(8, 'opened', 'main', 'feature-copy'));
    // 0.7.2: #8's post landed APPROVE and wrote success on H: #7 was green though priya rejected it. Now a status
    // on a commit that is the head of another open PR, into any base, is failure and says why (and preflight
    // does not review such a head at all: attack8 › R8-4)
    expect(r8.outputs.outcome).toBe('posted');
    expect(status(), 'the status on H, #7 rejected into main').toBe('failure');
    expect(w.gh.statusOf(w.head, CONTEXT)!.description).toContain('also the head of PR #7 (into main)');
    expect(r8.stdout).toContain('that commit is also the head of PR #7 (into main)');
  });
});

describe('R7-2: the PR author re-rolls by flipping the base (main → develop → main)', () => {
  // Reviewing for a new base dismisses the persona's review for the old base ("stale": another
  // base). Back on the old base, nothing stands and nothing carries (the latest verdict is the
  // other base's): the persona judges the same head into the same base again. The author of any
  // PR (a fork's too) may change its base; no commit, no write access, no /review needed. Each
  // flip is an LLM run for a (patch, base) already judged, and every return to main is a new roll.
  test('a rejection into main still stands after a round trip through develop', async () => {
    const first = await chain(prt(PR, 'opened', 'main'), 'CHANGES_REQUESTED');
    expect(first.post!.outputs.outcome).toBe('posted');
    expect(status()).toBe('failure');
    w.gh.retarget(PR, 'develop');
    const dev = await chain(
      { ...prt(PR, 'edited', 'develop'), changes: { base: { ref: { from: 'main' } } } },
      'APPROVE',
    );
    expect(dev.post!.outputs.outcome).toBe('posted');
    w.gh.retarget(PR, 'main', w.gh.commit('base')); // back to the very same base commit
    const back = await chain(
      { ...prt(PR, 'edited', 'main'), changes: { base: { ref: { from: 'develop' } } } },
      'APPROVE',
    );
    // 0.7.2: needs-review (the CHANGES_REQUESTED for main was dismissed by the action as stale while the PR
    // targeted develop), the LLM runs again and its APPROVE turns H green into main
    expect(status(), 'the status on H, back into main').toBe('failure');
    expect(back.pre.outputs['should-review']).toBe('false');
  });
});

describe('R7-3: the PR author cancels a run whose verdict they have already read, and gets a new roll', () => {
  // The persona job uploads review.md (an artifact anyone who can read the repository can download,
  // while the run is still going) before the post job starts. The author reads it; if it is not an
  // APPROVE, they close and reopen the PR (or mark it draft and ready): one-persona.yml's concurrency
  // cancels the run in progress for any event but a title edit, so the post never lands. The
  // reopened run's preflight finds nothing for the head and runs the LLM again: the author keeps
  // only the rolls they like, with no commit and no write access.
  const recipe = parse(readFileSync(join(ROOT, 'docs/recipes/one-persona.yml'), 'utf8'));
  test.each([['reopened'], ['ready_for_review']])(
    'a %s event (nothing reviewed changes) does not cancel a run in progress',
    (action) => {
      const cancel = evaluate(String(recipe.concurrency['cancel-in-progress']).replace(/^\$\{\{\s*|\s*\}\}$/g, ''), {
        github: { event: { action, pull_request: { number: PR } } },
      });
      // 0.7.2: true — the run whose LLM verdict the author has already seen is cancelled before its post
      expect(cancel).toBe(false);
    },
  );

  test('made a draft before the post: the verdict the LLM gave is posted, and the draft made ready keeps it', async () => {
    const pre = await run(null, { mode: 'preflight' }, prt(PR, 'opened'));
    expect(pre.outputs['should-review']).toBe('true');
    // the LLM answered CHANGES_REQUESTED into review.md; the author reads it and marks the PR a draft
    w.gh.pulls.get(PR)!.draft = true;
    const pinned = { 'reviewed-sha': pre.outputs['head-sha']!, 'reviewed-base': pre.outputs['base-ref']! };
    const post = await run(body('CHANGES_REQUESTED'), pinned, prt(PR, 'opened'));
    // 0.7.2: outcome draft, nothing posted; the run for ready_for_review judged the same head again
    expect(post.outputs.outcome).toBe('posted');
    expect(status()).toBe('failure');
    w.gh.pulls.get(PR)!.draft = false;
    const again = await run(null, { mode: 'preflight' }, prt(PR, 'ready_for_review'));
    expect(again.outputs).toMatchObject({ outcome: 'duplicate', 'should-review': 'false' });
  });
});

describe('R7-4: a retarget after the post passed its gate: the post still writes its green', () => {
  // The post is bound to the base it read (staging) and checks it once, in readHead. A retarget to
  // main after that check and before the status write is seen by settleAfterWrite (it re-reads the
  // PR: base main) — yet the run still writes success for a verdict into staging on H, which is
  // now the head of a PR into main. The retarget's own run, if its preflight read the head's
  // statuses before that write, found nothing standing and wrote no pending (one status per push):
  // the green for staging stands on the PR into main for the whole of that run's LLM job.
  test('the status on a PR retargeted during the post is not the old base verdict', async () => {
    w.gh.retarget(PR, 'staging');
    const onStaging = prt(PR, 'synchronize', 'staging');
    const pre = await run(null, { mode: 'preflight' }, onStaging);
    expect(pre.outputs.outcome).toBe('needs-review');
    const from = w.gh.log.length;
    const [create, write] = [gate(), gate()];
    w.gh.faults.push({ method: 'POST', path: /\/pulls\/7\/reviews$/, kind: 'delay', until: create.held });
    w.gh.faults.push({ method: 'POST', path: /\/statuses\//, kind: 'delay', until: write.held });
    const posting = run(body('APPROVE'), { 'reviewed-sha': w.head, 'reviewed-base': 'staging' }, onStaging);
    const after = () => w.gh.log.slice(from);
    try {
      await until('the create', () => after().some((l) => l.method === 'POST' && /\/reviews$/.test(l.path)));
      w.gh.retarget(PR, 'main', w.gh.commit('base')); // the author changes the base while the review is created
      create.release();
      await until('the status write', () => after().some((l) => l.method === 'POST' && l.path.includes('/statuses/')));
      // the retarget's own run (edited, base main) reads the head's statuses before the post's lands
      const edited = { ...prt(PR, 'edited', 'main'), changes: { base: { ref: { from: 'staging' } } } };
      const pre2 = await run(null, { mode: 'preflight' }, edited);
      expect(pre2.outputs.outcome).toBe('needs-review');
    } finally {
      create.release();
      write.release();
    }
    const post = await posting;
    expect(post.outputs.outcome).toBe('posted');
    expect(w.gh.pulls.get(PR)!.baseRef).toBe('main');
    // 0.7.2: success — priya approved H into staging only, and her review is even dismissed as stale by now
    expect(status(), 'the status on H, the head of a PR into main with no verdict for main').not.toBe('success');
  });
});

describe('R7-5: the merge queue passes a verdict a maintainer is having judged again', () => {
  // A plain run that keeps the older verdict for a head leaves the persona's "reviewing … for PR #7"
  // pending in place while a forced re-review is under way (0.7.0), and a rebase does not carry the
  // doubted verdict (0.7.1). The queue's run does neither: it reads the standing APPROVE and writes
  // success on the group's commit. PR #7 was queued while green; a maintainer then asks
  // `/review priya`; GitHub builds (or rebuilds, when a PR ahead leaves the queue) #7's group, and
  // the group passes on the verdict under review — the PR merges before the re-review lands.
  test('a group built while a forced re-review of the head is under way is not green', async () => {
    await chain(prt(PR, 'opened'), 'APPROVE');
    expect(status()).toBe('success');
    const forced = await forceReReview();
    expect(forced.outputs.outcome).toBe('needs-review');
    expect(status()).toBe('pending'); // the PR head shows the re-review under way
    const group = w.gh.commit('group-main');
    const ref = `refs/heads/gh-readonly-queue/main/pr-${PR}-${'a'.repeat(40)}`;
    const q = await runOn(w.gh, 'priya', null, { mode: 'preflight' }, 'merge_group', {
      merge_group: { head_sha: group, head_ref: ref },
      repository: { full_name: `${OWNER}/${REPO}` },
    });
    expect(q.outputs.outcome).toBe('queued');
    // 0.7.2: success on the group's commit, from the APPROVE the maintainer asked to be judged again
    expect(status(group), "the group's status while the re-review runs").not.toBe('success');
  });
});
