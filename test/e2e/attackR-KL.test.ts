// Attack R (2026-12-02): each test failed at 2a959b6; fixed in 0.13.0 (core/outcome.ts doubtKept).
// Attack round R-KL (a helper, against 2a959b6): promises K and L — "a green status must mean: this persona approved
// this exact change, into this base"; a maintainer's forced re-review is never undone by a kept or carried verdict.
// Each test here fails on 2a959b6 (five tests, one root: a forced preflight that stops before its pending).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { attackKit, gate, pushKit, reviewComment, until } from './attack-kit.js';
import { PR, runOn, useWorld } from './world.js';

const w = useWorld();

// D1: review-drafts: false. A forced preflight (a maintainer's /review priya) on a PR that is a draft ends `draft`
// before anything else (modes/preflight.ts returns at `pull.draft && !cfg.reviewDrafts`): it writes the plain
// "draft, not reviewed yet" pending, not the forced "re-reviewing … (forced)" one, and runs no LLM. When the author
// marks the PR ready, the plain ready_for_review run finds the old APPROVE standing for the head (duplicate), sees no
// forced pending, and writes it green again: the re-review a maintainer asked for is silently dropped, and the
// doubted approval passes the PR (and a merge group). The PR's author needs no write access: converting one's own PR
// to a draft (before the maintainer asks, or in the seconds before the forced job reads the PR) is enough.
describe("D1: a maintainer's /review dropped by a draft round trip (review-drafts: false)", () => {
  const DRAFTS = { 'review-drafts': 'false' };
  const forcedOnDraft = async () => {
    const k = attackKit(w);
    const first = await k.chain(k.prt(PR, 'opened'), 'APPROVE', DRAFTS);
    expect(first.post!.outputs.outcome).toBe('posted');
    expect(k.status()).toBe('success');
    // the author converts the PR to a draft (converted_to_draft triggers no persona run)
    w.gh.pulls.get(PR)!.draft = true;
    // a maintainer doubts the approval: /review priya
    w.gh.settings.permissions.set('keeper', { permission: 'write', role_name: 'maintain' });
    const forced = await runOn(
      w.gh,
      'priya',
      null,
      { mode: 'preflight', force: 'true', ...DRAFTS },
      'issue_comment',
      reviewComment('keeper'),
    );
    // the author marks the PR ready for review
    w.gh.pulls.get(PR)!.draft = false;
    await k.run(null, { mode: 'preflight', ...DRAFTS }, k.prt(PR, 'ready_for_review'));
    return { k, forced };
  };
  test('ready again: the doubted approval is not written green without the re-review', async () => {
    const { k, forced } = await forcedOnDraft();
    expect(forced.outputs.outcome).toBe('draft'); // what 2a959b6 does with the maintainer's request
    // the maintainer asked for priya to judge H again: the ready PR must be judged (or held), not passed on the
    // approval under doubt
    expect(k.status(), 'H once ready, the forced re-review never run').not.toBe('success');
  });
  test('ready again: a merge group built then does not pass on the doubted approval', async () => {
    const { forced } = await forcedOnDraft();
    expect(forced.outputs.outcome).toBe('draft');
    expect(await pushKit(w).group(DRAFTS), 'the group commit, the forced re-review never run').not.toBe('success');
  });
});

// D2: the same drop under the default settings, by closing. A maintainer comments /review priya on an open, approved
// PR; the author closes the PR in the seconds before the forced preflight reads it (a bot watching the PR's comments
// does it at once; re-review.yml has no concurrency group to queue behind). The forced preflight ends `closed` and
// writes nothing (its "re-reviewing … (forced)" pending is never written; re-review.yml's unlabel job even removes a
// label), so the reopen's plain run keeps the doubted APPROVE and writes it green. README, "The commit status": a
// maintainer's forced re-review's pending "is always written"; "a plain run that keeps the older verdict for the head
// leaves the persona's own pending in place (the re-review's post sets the status)" — here there is none to leave.
describe("D2: a maintainer's /review dropped by closing the PR before the forced run reads it, then reopening", () => {
  test('reopened: the doubted approval is not written green without the re-review', async () => {
    const k = attackKit(w);
    const first = await k.chain(k.prt(PR, 'opened'), 'APPROVE');
    expect(first.post!.outputs.outcome).toBe('posted');
    expect(k.status()).toBe('success');
    // the maintainer comments /review priya; the author closes the PR before the forced job reads it
    w.gh.pulls.get(PR)!.state = 'closed';
    const forced = await k.forceReReview();
    expect(forced.outputs.outcome).toBe('closed');
    w.gh.pulls.get(PR)!.state = 'open'; // reopened by the author
    await k.run(null, { mode: 'preflight' }, k.prt(PR, 'reopened'));
    expect(k.status(), 'H once reopened, the forced re-review never run').not.toBe('success');
  });
});

// D3: the same drop without a draft or a close, by an identical amend timed into the forced preflight itself. The
// forced preflight reads H1 (its verdict is H1's own APPROVE: nothing carried, so doubtSource writes nothing), and
// writes its "re-reviewing … (forced)" pending only at its very end; writeDiff reads the PR again after the diff, and a
// head moved meanwhile ends the run `superseded`, writing nothing. The author pushes H2 = `git commit --amend
// --no-edit` (same tree, same PR patch) while the forced job fetches the diff: H2's own plain run carries H1's
// approval (`unchanged`), finds no forced pending on H1 or H2, and writes it green. Attack round 13 (R13-1) closed
// this for a verdict carried *to* the re-reviewed head; a verdict of the head itself still escapes.
describe('D3: an identical amend pushed while the forced preflight reads the diff carries the doubted approval', () => {
  test('H2 (same tree and patch as the doubted H1) is not written green', async () => {
    const k = attackKit(w);
    const FILES = [{ filename: 'src/a.ts', status: 'modified', patch: '@@ -1,2 +1,2 @@\n-old\n+new\n ctx' }];
    const TREE = 'd'.repeat(40);
    const amend = (seed: string) => {
      const next = w.gh.commit(seed, TREE, FILES);
      w.gh.push(PR, next, 'octo-author');
      w.head = next;
      return next;
    };
    const h1 = amend('first');
    const first = await k.chain(k.prt(PR, 'opened'), 'APPROVE');
    expect(first.post!.outputs.outcome).toBe('posted');
    expect(k.status(h1)).toBe('success');
    // the maintainer's forced preflight: its file listing (writeDiff, after the diff) waits while the author amends
    const held = gate();
    w.gh.faults.push({ method: 'GET', path: /\/pulls\/7\/files$/, kind: 'delay', until: held.held });
    const from = w.gh.log.length;
    // as re-review.yml runs it: with diff-path
    w.gh.settings.permissions.set('keeper', { permission: 'write', role_name: 'maintain' });
    const diffPath = join(mkdtempSync(join(tmpdir(), 'rkl-')), 'pr.diff');
    const forcedRun = runOn(
      w.gh,
      'priya',
      null,
      { mode: 'preflight', force: 'true', 'diff-path': diffPath },
      'issue_comment',
      reviewComment('keeper'),
    );
    await until('the forced preflight fetching the diff', () =>
      w.gh.log.slice(from).some((l) => l.method === 'GET' && /\/pulls\/7\/files$/.test(l.path)),
    );
    let forced;
    try {
      amend('amended'); // same tree, same patch, a new sha
    } finally {
      held.release();
      forced = await forcedRun;
    }
    expect(forced.outputs.outcome).toBe('superseded'); // what 2a959b6 does: nothing written, the doubt forgotten
    const h2 = w.head;
    await k.run(null, { mode: 'preflight' }, k.prt(PR, 'synchronize', 'main', 'feature', h2));
    expect(k.status(h2), 'H2, the same change as the doubted H1').not.toBe('success');
  });
});

// D4: the same drop through preflight's refusal of a shared head. A maintainer comments /review priya on #7 (H
// approved, green); before the forced job reads the PR, the author opens #8 at the same commit (any branch or fork
// can). The forced preflight refuses the shared head (`bad-input`, a failure status on H — not the forced pending),
// having dismissed nothing (the approval is of this head). The author closes #8 and closes and reopens #7: the plain
// reopen run keeps the doubted APPROVE, sees no forced pending under the refusal's red, and writes it green again.
describe("D4: a maintainer's /review dropped by a twin PR opened before the forced run reads the head", () => {
  test('twin closed, #7 reopened: the doubted approval is not written green without the re-review', async () => {
    const k = attackKit(w);
    const first = await k.chain(k.prt(PR, 'opened'), 'APPROVE');
    expect(first.post!.outputs.outcome).toBe('posted');
    expect(k.status()).toBe('success');
    // the maintainer comments /review priya; the author opens #8 at H before the forced job reads it
    w.gh.pull({ number: 8, head: w.head, headRef: 'copy', baseRef: 'main', author: 'octo-author' });
    const forced = await k.forceReReview();
    expect(forced.outputs.reason).toBe('bad-input'); // the shared head refused: no forced pending
    w.gh.pulls.get(8)!.state = 'closed';
    await k.run(null, { mode: 'preflight' }, k.prt(PR, 'reopened'));
    expect(k.status(), 'H once the twin is gone, the forced re-review never run').not.toBe('success');
  });
});
