// A read-through of attack Q's fix (a helper), failed at d1bc461: after Q2 (a group's green answered with an error,
// read again), the failure written over it was reported as "not written".
import { expect, test } from 'vitest';
import { attackKit, CONTEXT, gate, until } from './attack-kit.js';
import { OWNER, REPO } from '../fake/github.js';
import { PR, runOn, useWorld } from './world.js';

const w = useWorld();

test('Q2: the failure written over an errored group green is reported as written', async () => {
  const k = attackKit(w);
  await k.chain(k.prt(PR, 'synchronize'), 'APPROVE');
  const groupSha = w.gh.commit('group-main-Q2s');
  const from = w.gh.log.length;
  const held = gate();
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
  await until('read', () =>
    w.gh.log.slice(from).some((l) => l.method === 'GET' && l.path.includes(`/commits/${w.head}/statuses`)),
  );
  try {
    await k.forceReReview();
  } finally {
    held.release();
  }
  const r = await q;
  expect(w.gh.statusOf(groupSha, CONTEXT)?.state).toBe('failure'); // the failure was written
  const row = r.summary.split('\n').find((l) => /Commit status/.test(l)) ?? '';
  console.log(row);
  expect(row).not.toMatch(/not written/);
});
