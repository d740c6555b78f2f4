// Attack R2 (2026-12-02, a second round on 0.13.0's fixes): F1 failed at 73b6532, fixed (a copy written since the
// read settles nothing); F2 fixed (a forced run whose head moved on doubts a green carried there).
// Attack R2 (a helper, against 5cbb23a / 2a1cf6b): the fixes made since 2a959b6. Every test here fails on that HEAD
// for the reason its comment gives, and passes once that is fixed.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { attackKit, gate, pushKit, reviewComment, until } from './attack-kit.js';
import { body, PR, runOn, useWorld } from './world.js';

const w = useWorld();

const green = (b: unknown) => (b as { state?: string })?.state === 'success';

// ---------------------------------------------------------------------------------------------------------------------
// F1. Promise (README "The commit status"; on-head.ts underGreen, attack round 18 R18-1): "A post reads the head before
// its create: a forced pending written since goes back" over the post's green. Attack R's P5 fix (cd075b8) made the
// walk skip "a copy of this green (a retried write GitHub applied though it answered 5xx …)", and, once a copy is seen,
// treat the forced pending under it as settled (`seen !== undefined && !copy ? 'forced' : red`). But the copy a 502
// leaves is the run's *own* retry: it settled nothing. A plain post reads H, a maintainer's /review priya writes the
// forced "re-reviewing … (forced)" pending, the post's green lands with a 502 and again on the client's retry: H's
// own statuses are [green, green (copy), forced pending]; the walk passes the copy and lets the green stand over the
// maintainer's re-review. Why it matters: the PR (and a merge group: reReviewUnderWay stops at the green) passes on
// the approval a maintainer doubted for as long as the forced LLM job runs — and for good if it never posts (a
// failed or cancelled re-review "leaves the doubt", README). The same run without the 502 writes the pending back.
describe("F1: a post's green retried after a 502 that landed walks past a maintainer's forced pending", () => {
  test('plain post reads H; /review priya writes its pending; the green lands twice (502, 201): H not green', async () => {
    const k = attackKit(w);
    const pre = await k.run(null, { mode: 'preflight' }, k.prt(PR, 'opened'));
    expect(pre.outputs['should-review']).toBe('true');
    const pinned = { 'reviewed-sha': pre.outputs['head-sha']!, 'reviewed-base': pre.outputs['base-ref']! };
    // the post's create is held until the maintainer's forced preflight has written its pending
    const held = gate();
    w.gh.faults.push({ method: 'POST', path: /\/pulls\/7\/reviews$/, kind: 'delay', until: held.held });
    // the post's green: applied, answered 502; the client's retry applies it again (201)
    w.gh.faults.push({ method: 'POST', path: /\/statuses\//, kind: 'after', status: 502, when: green });
    const from = w.gh.log.length;
    const post = k.run(body('APPROVE'), pinned, k.prt(PR, 'opened'));
    await until('the post create', () =>
      w.gh.log.slice(from).some((l) => l.method === 'POST' && /\/pulls\/7\/reviews$/.test(l.path)),
    );
    try {
      const forced = await k.forceReReview();
      expect(forced.outputs['should-review']).toBe('true');
      expect(k.status()).toBe('pending'); // the maintainer's forced pending
    } finally {
      held.release();
    }
    const r = await post;
    expect(r.outputs.outcome, r.stdout).toBe('posted');
    const greens = w.gh.log.filter((l) => l.method === 'POST' && l.path.includes('/statuses/') && green(l.body));
    expect(greens.length, 'the green sent twice (502 that landed, then its retry)').toBe(2);
    // the forced re-review is under way (its LLM job runs now): the plain post's approval must not be green over it
    expect.soft(k.status(), "H, under a maintainer's forced re-review").not.toBe('success');
    // and a merge group built now passes on it (reReviewUnderWay stops at the green, which links this PR's review)
    expect(await pushKit(w).group(), 'a merge group for #7 built during the forced re-review').not.toBe('success');
  });
});

// ---------------------------------------------------------------------------------------------------------------------
// F2. Promise (README "The commit status", attack R D3 and round 13 R13-1): a maintainer's forced re-review doubts the
// approval wherever it is carried — "no later plain run keeps, carries or restamps the approval under doubt … until a
// re-review posts" (core/outcome.ts doubtKept). The D3 fix writes the forced pending on H1, the head the forced run
// read, when the run ends `superseded`; it relies on H2's plain run reading H1 *after* that write. Here the author's
// identical amend H2 is pushed while the forced preflight fetches the diff (as in D3), and H2's own plain run (the
// author's push starts it at once; re-review.yml has no concurrency group to queue it behind) reads H1 before the
// forced run, released, finds the head moved: H2 carries H1's approval (`unchanged`) and writes it green. The forced
// run then writes its pending on H1 only — not on H2, which it just read as the PR's head — and H2's green is never
// read against H1 again (afterGreen re-reads H2's statuses only; a merge group's green re-reads both heads). Why it
// matters: H2's required status is green on the approval a maintainer doubted, and no re-review will ever post for H1
// (the forced post for H1 ends superseded): without a merge queue the PR merges on it (a merge group is held: groupHold
// reads the carry's source head, H1 — the PR's own status is not). The order is the author's to pick (the push's
// timing), though it needs H2's run to read H1 within the forced run's diff fetch: a large diff makes that slow.
describe("F2: an identical amend whose plain run reads H1 before the forced run's superseded pending lands", () => {
  // mended: the forced run whose head moved on doubts a green carried to the new head from the head it read
  // (core/on-head.ts carriedGreenOn; modes/rereview.ts doubtCarriedTo)
  test('H2 (same tree and patch as the doubted H1) is not left green', async () => {
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
    // the maintainer's forced preflight: its file listing (writeDiff) waits while the author amends
    const held = gate();
    w.gh.faults.push({ method: 'GET', path: /\/pulls\/7\/files$/, kind: 'delay', until: held.held });
    const from = w.gh.log.length;
    w.gh.settings.permissions.set('keeper', { permission: 'write', role_name: 'maintain' });
    const diffPath = join(mkdtempSync(join(tmpdir(), 'r2-')), 'pr.diff');
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
    let h2: string;
    try {
      h2 = amend('amended'); // same tree, same patch, a new sha
      // H2's plain run (the push's), while the forced run still fetches the diff
      const plain = await k.run(null, { mode: 'preflight' }, k.prt(PR, 'synchronize', 'main', 'feature', h2));
      expect(plain.outputs.outcome, plain.stdout).toBe('unchanged');
    } finally {
      held.release();
      forced = await forcedRun;
    }
    expect(forced.outputs.outcome).toBe('superseded');
    expect(k.status(h1)).toBe('pending'); // the D3 fix: the forced pending on the head the forced run read
    expect(k.status(h2), 'H2, the same change as the doubted H1, the re-review never run').not.toBe('success');
  });
});
