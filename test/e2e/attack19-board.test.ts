// Attack round 19 (a helper, against 75b496a): the board's new rule for an App member's check runs — "its forced run
// or its own red there holds its approval off the panel" (README, the panel's status board; R18-2 and P1 for check
// runs). The board reads the runs right; but with status-kind: check-run a run of priya's that links her doubted
// review is written ABOVE her forced run by ordinary flows, and the board's rule (reReviewUnderWay, newest first) then
// reads the forced re-review as settled: persona-verdict/panel goes green "all approve" while a maintainer's re-review
// of priya is under way (P1 again, for an App member writing check runs). Same root cause as the queue's
// (attack19-queue.test.ts): after-green and kept verdicts read no run back.
//
// Each test asserts the expected behaviour; each failed before the fix (a kept verdict, a carry, a post's after-green
// and a forced preflight's doubt of a carried verdict's head now read or write the persona's runs: own-runs.ts).
import { describe, expect, test } from 'vitest';
import { decodeMarker } from '../../src/core/marker.js';
import { attackKit, pushKit } from './attack-kit.js';
import { APP, asApp, checkRunKit } from './checkrun-kit.js';
import { body, PR, TOKENS, useWorld } from './world.js';

const w = useWorld();
const { board, marcusApproves, panel } = checkRunKit(w);
const noForcedReview = () => expect(w.gh.reviews.get(PR)!.filter((r) => decodeMarker(r.body)?.forced)).toEqual([]);

describe("A19-B1: the board beside an App member's forced run, after the PR author's reopen", () => {
  // Who: the PR's author (close and reopen their own PR; the panel recipe runs on reopened, board included).
  // Steps: priya (App, check runs) and marcus approve H; a maintainer's /review priya writes priya's forced run; the
  // board now holds priya off (check-runs.test). The author reopens: priya's preflight keeps her APPROVE (duplicate)
  // and writes a green run linking the doubted review, the newest of hers; the reopen's board counts her approval.
  // Severity: medium (the panel is a summary, not the gate — but the brief's rule: "a board panel green beside a
  // persona's red or forced run").
  test('both approve; /review priya under way; the author reopens; the board: panel not green', async () => {
    w.gh.user(TOKENS.priya, { login: APP, kind: 'app' });
    const k = attackKit(w);
    const { post } = await k.chain(k.prt(PR, 'synchronize'), 'APPROVE', asApp);
    expect(post?.outputs.outcome).toBe('posted');
    await marcusApproves();
    const forced = await pushKit(w).forcedPreflight(asApp);
    expect(forced.outputs['should-review']).toBe('true');
    const held = await board();
    expect(held.outputs['missing-personas'], 'held while the re-review runs (the new rule)').toBe('["priya"]');
    const reopen = await k.run(null, { mode: 'preflight', ...asApp }, k.prt(PR, 'reopened'));
    expect(reopen.outputs.outcome).toBe('duplicate');
    noForcedReview();
    const b = await board();
    expect(b.outputs['missing-personas'], b.stdout).toBe('["priya"]');
    expect(panel(), 'persona-verdict/panel while priya is being re-reviewed').not.toBe('success');
  });
});

describe("A19-B2: the board beside an App member's forced run, after the push's own post (rt18-C's race)", () => {
  // Who: nobody on purpose — the usual race: a push's preflight, a maintainer's /review priya while the push's LLM
  // job runs, the push's post APPROVE (green run, the newest), then the panel's board job of that same workflow.
  // Severity: medium.
  test('plain preflight; /review priya; plain post APPROVE; marcus approves; the board: panel not green', async () => {
    w.gh.user(TOKENS.priya, { login: APP, kind: 'app' });
    const k = attackKit(w);
    const pre = await k.run(null, { mode: 'preflight', ...asApp }, k.prt(PR, 'synchronize'));
    const pinned = { 'reviewed-sha': pre.outputs['head-sha']!, 'reviewed-base': pre.outputs['base-ref']! };
    const forced = await pushKit(w).forcedPreflight(asApp);
    expect(forced.outputs['should-review']).toBe('true');
    const post = await k.run(body('APPROVE'), { ...pinned, ...asApp }, k.prt(PR, 'synchronize'));
    expect(post.outputs.outcome).toBe('posted');
    await marcusApproves();
    noForcedReview();
    const b = await board();
    expect(b.outputs['missing-personas'], b.stdout).toBe('["priya"]');
    expect(panel()).not.toBe('success');
  });
});
