// Attack round 19 (a helper, against 75b496a): the merge queue's new check-run hold ("a maintainer's forced
// re-review under way fails a merge group built meanwhile", README: merge queue; RELIABILITY: attack round 7's row).
//
// The queue now lists priya's check runs on the head and fails the group when her forced run ("priya is
// re-reviewing <sha> for PR #7 (forced)") is newer than any run of hers that links a review of the PR. But with
// status-kind: check-run nothing ELSE reads the runs back: a kept verdict's green run is not held (steps.ts), a post's
// green run is not read again (after-green.ts: onHead undefined), a carry does not look at the source head, and a
// forced preflight does not write its forced run on the head a carried verdict comes from (doubtSource: commit
// statuses only). Each of those writes a run of priya's that links her (doubted) review above the forced run — and the
// queue's own rule (reReviewUnderWay) then reads the forced re-review as settled: the group passes on the verdict a
// maintainer asked to be judged again. The runs are listed in each case (no 1000-suite limit involved): the evidence
// is there, and the rule that reads it is defeated by a run the action itself wrote on the way.
//
// Each test asserts the expected behaviour (the group does not pass while the forced re-review is under way); each
// failed before the fix (own-runs.ts: ownStateOn read by keep, rereview, post and after-green; doubtSource writes the
// forced run on a carried verdict's head with check runs too).
import { describe, expect, test } from 'vitest';
import { decodeMarker } from '../../src/core/marker.js';
import { attackKit, pushKit, reviewComment } from './attack-kit.js';
import { APP, asApp, checkRunKit } from './checkrun-kit.js';
import { body, PR, runOn, TOKENS, useWorld } from './world.js';

const w = useWorld();
const { priyasRun, group } = checkRunKit(w);

describe('A19-Q1: the queue hold with check runs, defeated by the green run of the race rt18-C fixed', () => {
  // Who: nobody has to do anything on purpose — it is the usual race (attack18's comment: "a /review asked while the
  // plain LLM job runs — the usual case, minutes long"): a push's plain preflight, a maintainer's /review priya (its
  // forced run on H), then the push's post lands APPROVE and writes its green run, the newest. With commit statuses
  // rt18-C puts the forced pending back over that green; with check runs after-green.ts reads nothing back, so the
  // green run stays the newest (GitHub's required check passes on it) and the queue's listing finds a run linking a
  // review of PR #7 above the forced run: under way → false, the group passes. A writer who queues (or auto-merge) in
  // the forced LLM job's window merges on the doubted approval. Severity: high (the new hold's main case).
  test('plain preflight; /review priya; plain post APPROVE; a group built now (the forced run still judging)', async () => {
    w.gh.user(TOKENS.priya, { login: APP, kind: 'app' });
    const k = attackKit(w);
    const pre = await k.run(null, { mode: 'preflight', ...asApp }, k.prt(PR, 'synchronize'));
    expect(pre.outputs['should-review']).toBe('true');
    const pinned = { 'reviewed-sha': pre.outputs['head-sha']!, 'reviewed-base': pre.outputs['base-ref']! };
    const forced = await pushKit(w).forcedPreflight(asApp);
    expect(forced.outputs['should-review']).toBe('true');
    expect(priyasRun(w.head)?.title).toMatch(/re-reviewing .* \(forced\)/);
    const post = await k.run(body('APPROVE'), { ...pinned, ...asApp }, k.prt(PR, 'synchronize'));
    expect(post.outputs.outcome).toBe('posted');
    // the forced re-review has not posted: no forced review exists
    expect(w.gh.reviews.get(PR)!.filter((r) => decodeMarker(r.body)?.forced)).toEqual([]);
    expect
      .soft(priyasRun(w.head)?.conclusion, "priya's newest run on H: the required check GitHub reads")
      .not.toBe('success');
    expect(await group(), 'a group built while the forced re-review is under way').not.toBe('success');
  });
});

describe('A19-Q2: the queue hold with check runs, defeated by the PR author reopening the PR', () => {
  // Who: the PR's author (no write access needed: closing and reopening one's own PR). Steps: priya (check runs)
  // approved H; a maintainer comments /review priya (forced run on H, the LLM judges again); the author closes and
  // reopens the PR. The reopen's plain preflight keeps the standing APPROVE (duplicate) and, with check runs, writes
  // its green run (a kept verdict's run is held by nothing: RELIABILITY's "PR author: edit or reopen" row documents
  // that the pending is replaced). New since today: the queue lists the runs, and the reopen's green run links the
  // doubted review above the forced run — the group the queue would have failed now passes. (ready_for_review after a
  // draft round trip does the same.) Severity: high — the documented limit of a kept run now also defeats the queue
  // hold this change introduced, by the PR author alone.
  test('approved; /review priya (forced run on H); the author reopens; a group built now', async () => {
    w.gh.user(TOKENS.priya, { login: APP, kind: 'app' });
    const k = attackKit(w);
    const { post } = await k.chain(k.prt(PR, 'synchronize'), 'APPROVE', asApp);
    expect(post?.outputs.outcome).toBe('posted');
    const forced = await pushKit(w).forcedPreflight(asApp);
    expect(forced.outputs['should-review']).toBe('true');
    expect(await group(), 'held while the re-review runs (the new rule)').toBe('failure');
    // the author closes and reopens
    const reopen = await k.run(null, { mode: 'preflight', ...asApp }, k.prt(PR, 'reopened'));
    expect(reopen.outputs.outcome).toBe('duplicate');
    expect(w.gh.reviews.get(PR)!.filter((r) => decodeMarker(r.body)?.forced)).toEqual([]);
    expect(await group(), 'a group built after the reopen, the forced re-review still under way').not.toBe('success');
  });
});

describe('A19-Q3: the queue hold with check runs, escaped by one more identical push (R13-1 with check runs)', () => {
  // Who: the PR's author (pushes). Steps: a approved; b, an identical rebase, carries a's verdict (unchanged); a
  // maintainer's /review priya on b writes the forced run on b only (doubtSource writes the source's forced pending
  // for commit statuses only); the author pushes c, the same patch again: c carries a's approval (the carry reads no
  // run back), its green run on c; the forced post for b ends superseded. The queue for c reads c's runs (green) and
  // a's runs (its original green): nothing held, the group passes on the approval a maintainer asked to be judged
  // again — which then is never judged. With commit statuses round 13 closed this (the forced pending on a holds the
  // carry and the queue). Severity: medium-high.
  test('a approved, b carried, /review priya on b, c pushed (same patch): a group for c', async () => {
    w.gh.user(TOKENS.priya, { login: APP, kind: 'app' });
    const inputs = { ...asApp, 'unchanged-when': 'patch', 'dismiss-stale': 'changes-requested' };
    const { push, plainPreflight, forcedPreflight } = pushKit(w);
    const a = push('a');
    const first = await runOn(
      w.gh,
      'priya',
      body('APPROVE'),
      inputs,
      'pull_request_target',
      attackKit(w).prt(PR, 'synchronize'),
    );
    expect(first.outputs.outcome).toBe('posted');
    const b = push('b');
    expect((await plainPreflight(inputs)).outputs.outcome).toBe('unchanged');
    const forced = await forcedPreflight(inputs);
    expect(forced.outputs).toMatchObject({ outcome: 'needs-review', 'head-sha': b });
    push('c');
    const atC = await plainPreflight(inputs);
    const fpost = await runOn(
      w.gh,
      'priya',
      body('CHANGES_REQUESTED'),
      { ...inputs, force: 'true', 'reviewed-sha': b, 'reviewed-base': 'main' },
      'issue_comment',
      reviewComment('keeper'),
    );
    expect(fpost.outputs.outcome).toBe('superseded');
    expect(a).not.toBe(w.head);
    expect.soft(atC.outputs.outcome, "c's plain run carries the doubted verdict").toBe('needs-review');
    expect(await group(inputs), "a group for c on a's approval, doubted on b and never judged").not.toBe('success');
  });
});
