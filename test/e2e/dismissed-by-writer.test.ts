// A writer dismisses the persona's approval (an independent attack, 2026-12-03, observation 1): the green the approval
// wrote on its head stands until a run sees the dismissal — nothing in the recipes runs on a review's dismissal, and a
// `pull_request_review` workflow runs the PR's own files on a fork — so what closes the window is the merge queue,
// whose group run reads the reviews as they stand, and the next plain run, which reviews afresh (docs/RELIABILITY.md).
import { describe, expect, test } from 'vitest';
import { attackKit, pushKit } from './attack-kit.js';
import { body, PR, useWorld } from './world.js';

const w = useWorld();

describe("a writer's dismissal of the persona's approval", () => {
  test('the head stays green until a run; a merge group fails; the next plain run reviews again', async () => {
    const k = attackKit(w);
    const { post } = await k.chain(k.prt(PR, 'synchronize'), 'APPROVE');
    expect(post?.outputs.outcome).toBe('posted');
    const id = Number(post!.outputs['review-id']);
    w.gh.reviews.get(PR)!.find((r) => r.id === id)!.state = 'DISMISSED'; // a maintainer: "Dismiss review"
    // the window: nothing has run since
    expect(k.status(w.head)).toBe('success');
    // a merge group for the PR is decided on the reviews as they stand: no approval stands
    expect(await pushKit(w).group()).toBe('failure');
    // the next plain run: the head needs a review again, and its pending replaces the green
    const again = await w.run('priya', null, { mode: 'preflight', 'commit-status': 'always' });
    expect(again.outputs.outcome).toBe('needs-review');
    expect(k.status(w.head)).toBe('pending');
    const posted = await w.run('priya', body('CHANGES_REQUESTED'), { 'commit-status': 'always' });
    expect(posted.outputs.outcome).toBe('posted');
    expect(k.status(w.head)).toBe('failure');
  });
});
