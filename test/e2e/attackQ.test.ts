// Attack round Q (a helper, against 06ed869): merge-group greens; each test failed there but those named held.
import { describe, expect, test } from 'vitest';
import { attackKit, CONTEXT, gate, reviewComment, until } from './attack-kit.js';
import { OWNER, REPO } from '../fake/github.js';
import { PR, runOn, useWorld } from './world.js';

const w = useWorld();

/** A merge group run for PR #7 into main whose read of H's statuses is held until release(). */
async function heldGroupRead(name: string) {
  const groupSha = w.gh.commit(name);
  const from = w.gh.log.length;
  const held = gate();
  w.gh.faults.push({
    method: 'GET',
    path: new RegExp(`/commits/${w.head}/statuses$`),
    kind: 'delay',
    until: held.held,
  });
  const run = runOn(w.gh, 'priya', null, { mode: 'preflight' }, 'merge_group', {
    merge_group: { head_sha: groupSha, head_ref: `refs/heads/gh-readonly-queue/main/pr-${PR}-${'a'.repeat(40)}` },
    repository: { full_name: `${OWNER}/${REPO}` },
  });
  await until('the group read of H statuses', () =>
    w.gh.log.slice(from).some((l) => l.method === 'GET' && l.path.includes(`/commits/${w.head}/statuses`)),
  );
  return { groupSha, run, release: held.release, from };
}

// Q1: the queue run reads the PR's reviews (readHead), then H's statuses (ownStateOn). A forced re-review's rejection
// posted between those two reads: the reviews say the old approval stands, the statuses' newest is the forced red —
// not "under way" (groupHold), and already read (newerRed counts only statuses written since): the group passes on the
// approval the maintainer's forced re-review replaced.
describe("Q1: a forced rejection posted between the queue run's review read and its status read", () => {
  test('the group commit is not green over the forced rejection', async () => {
    const k = attackKit(w);
    const { post } = await k.chain(k.prt(PR, 'synchronize'), 'APPROVE');
    expect(post?.outputs.outcome).toBe('posted');
    const forced = await k.forceReReview();
    expect(forced.outputs['should-review']).toBe('true');
    const pinned = { 'reviewed-sha': forced.outputs['head-sha']!, 'reviewed-base': forced.outputs['base-ref']! };
    const { groupSha, run: q, release, from } = await heldGroupRead('group-main-Q1');
    // the queue has listed the reviews: only the approval was posted then
    expect(w.gh.log.slice(from).some((l) => l.method === 'GET' && /\/pulls\/7\/reviews/.test(l.path))).toBe(true);
    try {
      await k.forcedRejects(pinned); // posted, H red
    } finally {
      release();
    }
    const r = await q;
    expect(r.outputs.outcome).toBe('queued');
    expect(k.status(), 'H after the forced rejection').toBe('failure');
    expect(w.gh.statusOf(groupSha, CONTEXT)?.state, 'group commit after the forced rejection').not.toBe('success');
  });
});

import { APP, asApp, checkRunKit } from './checkrun-kit.js';
import { pushKit } from './attack-kit.js';
import { body, TOKENS } from './world.js';

describe('Q1 with status-kind: check-run', () => {
  test('the group check run is not green over the forced rejection', async () => {
    w.gh.user(TOKENS.priya, { login: APP, kind: 'app' });
    const k = attackKit(w);
    const { post } = await k.chain(k.prt(PR, 'synchronize'), 'APPROVE', asApp);
    expect(post?.outputs.outcome).toBe('posted');
    const forced = await pushKit(w).forcedPreflight(asApp);
    expect(forced.outputs['should-review']).toBe('true');
    const pinned = { 'reviewed-sha': forced.outputs['head-sha']!, 'reviewed-base': forced.outputs['base-ref']! };
    const groupSha = w.gh.commit('group-main-Q1c');
    const from = w.gh.log.length;
    const held = gate();
    w.gh.faults.push({
      method: 'GET',
      path: new RegExp(`/commits/${w.head}/check-runs`),
      kind: 'delay',
      until: held.held,
    });
    const q = runOn(w.gh, 'priya', null, { mode: 'preflight', ...asApp }, 'merge_group', {
      merge_group: { head_sha: groupSha, head_ref: `refs/heads/gh-readonly-queue/main/pr-${PR}-${'a'.repeat(40)}` },
      repository: { full_name: `${OWNER}/${REPO}` },
    });
    await until('the group read of H runs', () =>
      w.gh.log.slice(from).some((l) => l.method === 'GET' && l.path.includes(`/commits/${w.head}/check-runs`)),
    );
    try {
      const f = await runOn(
        w.gh,
        'priya',
        body('CHANGES_REQUESTED'),
        { ...pinned, ...asApp, force: 'true' },
        'issue_comment',
        reviewComment('keeper'),
      );
      expect(f.outputs.outcome).toBe('posted');
      expect(checkRunKit(w).priyasRun(w.head)?.conclusion).toBe('failure');
    } finally {
      held.release();
    }
    const r = await q;
    expect(r.outputs.outcome, r.stdout).toBe('queued');
    expect(checkRunKit(w).priyasRun(groupSha)?.conclusion, 'group run after the forced rejection').not.toBe('success');
  });
});

describe('Qd: a forced rejection dismissed by a person with write access', () => {
  test('the older approval does not pass a group', async () => {
    const k = attackKit(w);
    const { post } = await k.chain(k.prt(PR, 'synchronize'), 'APPROVE');
    expect(post?.outputs.outcome).toBe('posted');
    const forced = await k.forceReReview();
    const pinned = { 'reviewed-sha': forced.outputs['head-sha']!, 'reviewed-base': forced.outputs['base-ref']! };
    await k.forcedRejects(pinned);
    const rej = w.gh.reviews.get(PR)!.find((x) => x.state === 'CHANGES_REQUESTED')!;
    w.gh.dismissAs(PR, rej.id, 'keeper', 'overruling the bot');
    console.log(w.gh.reviews.get(PR)!.map((x) => `${x.id} ${x.state}`));
    expect(await pushKit(w).group(), 'group after the rejection was dismissed').not.toBe('success');
  });
});

// Q2: the group's green write answered with an error after GitHub applied it (a 502 whose write landed, on each of
// the client's attempts): withStatus() returns statusUnwritten and afterGreen is never run — the green stands on the
// group commit over a forced re-review asked for between the run's read of H and the write.
describe("Q2: a group's green applied but answered with an error is not read again", () => {
  test('the group commit is not left green while the forced re-review is under way', async () => {
    const k = attackKit(w);
    const { post } = await k.chain(k.prt(PR, 'synchronize'), 'APPROVE');
    expect(post?.outputs.outcome).toBe('posted');
    const groupSha = w.gh.commit('group-main-Q2');
    const from = w.gh.log.length;
    const held = gate();
    // the run's read of H is taken now and answered once the /review has landed
    w.gh.faults.push({
      method: 'GET',
      path: new RegExp(`/commits/${w.head}/statuses$`),
      kind: 'stall',
      until: held.held,
    });
    w.gh.faults.push({
      method: 'POST',
      path: new RegExp(`/statuses/${groupSha}$`),
      kind: 'after',
      status: 502,
      times: 3,
    });
    const q = runOn(w.gh, 'priya', null, { mode: 'preflight' }, 'merge_group', {
      merge_group: { head_sha: groupSha, head_ref: `refs/heads/gh-readonly-queue/main/pr-${PR}-${'a'.repeat(40)}` },
      repository: { full_name: `${OWNER}/${REPO}` },
    });
    await until('the group read of H statuses', () =>
      w.gh.log.slice(from).some((l) => l.method === 'GET' && l.path.includes(`/commits/${w.head}/statuses`)),
    );
    try {
      const forced = await k.forceReReview();
      expect(forced.outputs['should-review']).toBe('true');
    } finally {
      held.release();
    }
    const r = await q;
    console.log(
      r.code,
      r.stdout
        .split('\n')
        .filter((l) => /error|fail|green|stand/i.test(l))
        .slice(0, 8)
        .join('\n'),
    );
    expect(w.gh.statusOf(w.head, CONTEXT)?.description).toMatch(/re-reviewing .* \(forced\)/);
    expect(w.gh.statusOf(groupSha, CONTEXT)?.state, 'group commit while the re-review is under way').not.toBe(
      'success',
    );
  });
});

import { heldGroupGreen } from './attack-kit.js';
describe('held (b): a forced re-review that approves while the group green waits', () => {
  test('the group passes', async () => {
    const k = attackKit(w);
    await k.chain(k.prt(PR, 'synchronize'), 'APPROVE');
    const { groupSha, run: q, release } = await heldGroupGreen(w, 'group-main-Qb');
    try {
      const forced = await k.forceReReview();
      const pinned = { 'reviewed-sha': forced.outputs['head-sha']!, 'reviewed-base': forced.outputs['base-ref']! };
      const f = await runOn(
        w.gh,
        'priya',
        body('APPROVE'),
        { ...pinned, force: 'true' },
        'issue_comment',
        reviewComment('keeper'),
      );
      expect(f.outputs.outcome).toBe('posted');
    } finally {
      release();
    }
    const r = await q;
    expect(r.code).toBe(0);
    expect(w.gh.statusOf(groupSha, CONTEXT)?.state).toBe('success');
  });
});
