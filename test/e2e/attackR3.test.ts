// Attack R3 (2026-12-02, on be6e1a9): each test failed there; fixed in 0.13.0 (a forced run that stops because the
// head moved on — at its first read, after its diff, or in its post — doubts a green carried or restamped there).
// Attack R3 (a helper, against be6e1a9): the forced re-review and the doubt it casts, after attack R2's fixes.
// Every test here fails on that HEAD for the reason its comment gives, and passes once that is fixed.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { attackKit, gate, reviewComment, until } from './attack-kit.js';
import { APP, asApp, checkRunKit } from './checkrun-kit.js';
import { PR, runOn, TOKENS, useWorld } from './world.js';

const w = useWorld();

const FILES = [{ filename: 'src/a.ts', status: 'modified', patch: '@@ -1,2 +1,2 @@\n-old\n+new\n ctx' }];

/** The author's push of a new head with the same PR patch (an identical rebase: a new tree). */
const push = (seed: string): string => {
  const next = w.gh.commit(seed, undefined, FILES);
  w.gh.push(PR, next, 'octo-author');
  w.head = next;
  return next;
};

/** A maintainer's forced preflight (`/review priya`) whose PR-file listing is held until release(). */
async function heldForcedPreflight(extra: Record<string, string>) {
  const held = gate();
  w.gh.faults.push({ method: 'GET', path: /\/pulls\/7\/files$/, kind: 'delay', until: held.held });
  const from = w.gh.log.length;
  w.gh.settings.permissions.set('keeper', { permission: 'write', role_name: 'maintain' });
  const diffPath = join(mkdtempSync(join(tmpdir(), 'r3-')), 'pr.diff');
  const run = runOn(
    w.gh,
    'priya',
    null,
    { mode: 'preflight', force: 'true', 'diff-path': diffPath, ...extra },
    'issue_comment',
    reviewComment('keeper'),
  );
  await until('the forced preflight fetching the diff', () =>
    w.gh.log.slice(from).some((l) => l.method === 'GET' && /\/pulls\/7\/files$/.test(l.path)),
  );
  return { run, release: held.release };
}

// ---------------------------------------------------------------------------------------------------------------------
// F1. Promise (README "The commit status": "A forced run whose head moved on also writes its pending on the new head
// when that head shows the doubted approval carried there"; "Restamp": "`force: true` … never restamps"; attack R2 F2).
// attack R2's F2 fix (modes/rereview.ts doubtCarriedTo → core/on-head.ts carriedGreenOn) recognises a carried green
// by its link: the new head's newest status for the PR must link *the same review id* as the newest on the head the
// forced run read. A restamp posts a NEW review on the new head (its body links the original) and its green links that
// new review — so carriedGreenOn answers false and the restamped approval stands. Sequence (restamp on, GitHub's
// "dismiss stale approvals" on): H1 approved (R1); a maintainer's /review priya; while the forced preflight fetches
// the diff, the author pushes an identical rebase H2 (the push rule dismisses R1); H2's plain run reads H1 (no forced
// pending yet), restamps R1 as R2, writes H2 green and re-reads H1 (carriedUnderReReview: still nothing); the forced
// run then ends superseded, writes its pending on H1, reads H2 and sees a green linking R2 ≠ R1: no doubt on H2. Why
// it matters: exactly R2's F2 (the doubted approval green on the PR's head, no re-review ever posting) for every repo
// that runs restamp — the mode whose whole point is to carry approvals across pushes.
describe('F1: a restamp to the new head escapes doubtCarriedTo (it links a new review, not the doubted one)', () => {
  test('H2 restamped from the doubted H1 while the forced run fetched the diff: H2 not left green', async () => {
    const k = attackKit(w);
    const ON = { restamp: 'true' };
    w.gh.dismissStaleOnPush.add('main');
    const h1 = push('first');
    const first = await k.chain(k.prt(PR, 'opened'), 'APPROVE', ON);
    expect(first.post!.outputs.outcome).toBe('posted');
    expect(k.status(h1)).toBe('success');
    const forced = await heldForcedPreflight(ON);
    let h2: string;
    let end;
    try {
      h2 = push('rebased'); // GitHub's push rule dismisses R1; the same patch
      const plain = await k.run(null, { mode: 'preflight', ...ON }, k.prt(PR, 'synchronize', 'main', 'feature', h2));
      expect(plain.outputs.outcome, plain.stdout).toBe('restamped');
      expect(k.status(h2)).toBe('success');
    } finally {
      forced.release();
      end = await forced.run;
    }
    expect(end.outputs.outcome, end.stdout).toBe('superseded');
    expect(k.status(h1)).toBe('pending'); // attack R's D3 fix: the forced pending on the head read
    expect(k.status(h2!), 'H2, restamped from the doubted approval, the re-review never run').not.toBe('success');
  });
});

// ---------------------------------------------------------------------------------------------------------------------
// F2. Promise (as F1; README "status-kind: check-run": the forced-run rules hold with check runs, "a forced run is also
// written on the head a carried verdict comes from"). attack R2's F2 fix passes doubtCarriedTo `records` as what the
// forced run read of H1; but in preflight `records = cfg.force || onHead !== undefined ? onHead : ownRunsOn(…)`, and
// with check runs `onHead` (statusesOn) is undefined — so a forced run reads nothing back, carriedGreenOn's `onRead`
// is undefined and it answers false whatever H2 shows. R2's F2 scenario, word for word, with priya as an App writing
// check runs: H2 keeps the doubted approval's green run. Why it matters: check runs are the README's recommended hard
// mode (only the App can write them); the fix does not apply there at all. (A local experiment reading the App's runs
// on H1 when records is undefined makes this test pass.)
describe('F2: with check runs, a forced run whose head moved on never doubts the green carried there', () => {
  test('H2 (the same tree and patch as the doubted H1) carried while the forced run fetched the diff: not green', async () => {
    w.gh.user(TOKENS.priya, { login: APP, kind: 'app' });
    const k = attackKit(w);
    const { priyasRun } = checkRunKit(w);
    const TREE = 'd'.repeat(40);
    const amend = (seed: string) => {
      const next = w.gh.commit(seed, TREE, FILES);
      w.gh.push(PR, next, 'octo-author');
      w.head = next;
      return next;
    };
    const h1 = amend('first');
    const first = await k.chain(k.prt(PR, 'opened'), 'APPROVE', asApp);
    expect(first.post!.outputs.outcome).toBe('posted');
    expect(priyasRun(h1)?.conclusion).toBe('success');
    const forced = await heldForcedPreflight(asApp);
    let h2: string;
    let end;
    try {
      h2 = amend('amended');
      const plain = await k.run(null, { mode: 'preflight', ...asApp }, k.prt(PR, 'synchronize', 'main', 'feature', h2));
      expect(plain.outputs.outcome, plain.stdout).toBe('unchanged');
      expect(priyasRun(h2)?.conclusion).toBe('success');
    } finally {
      forced.release();
      end = await forced.run;
    }
    expect(end.outputs.outcome, end.stdout).toBe('superseded');
    expect(priyasRun(h1)?.conclusion).toBe('action_required'); // the D3 fix, on the head read
    expect(priyasRun(h2!)?.conclusion, 'H2, the same change as the doubted H1, the re-review never run').not.toBe(
      'success',
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------------
// F3. Promise (README "The commit status": a forced re-review's pending is written "also on the head the verdict it
// doubts comes from …: no later head carries or restamps the doubted verdict past it"; doubtKept: "no later plain run
// keeps, carries or restamps the approval under doubt … until a re-review posts"). The R2 fix covers a forced
// *preflight* that notices the move (writeDiff's re-read). A forced preflight that passed writeDiff with the head
// still H1 has only its pending write left; an identical amend H2 whose plain run reads H1 (and re-reads it after its
// green: carriedUnderReReview) before that write lands keeps H1's approval on H2. The forced preflight then answers
// needs-review, the LLM job runs, and the forced *post* pinned to H1 ends `superseded`, writing nothing — no
// doubtCarriedTo on the post side, and doubtKept is preflight's only. Why it matters: H2 is green on the approval the
// maintainer asked to be judged again, the forced run says only "superseded", no re-review will ever post; without a
// merge queue the PR merges. The order is the author's to pick (push right after the /review comment).
describe("F3: a forced pending landing after an identical amend's carry; the forced post ends superseded", () => {
  test('H2 (the same tree and patch as the doubted H1) is not left green once the forced post gives up', async () => {
    const k = attackKit(w);
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
    // the maintainer's forced preflight reads H1 (and its diff: the head has not moved), then its pending write waits
    const held = gate();
    const forcedPending = (b: unknown) => /\(forced\)$/.test((b as { description?: string })?.description ?? '');
    w.gh.faults.push({
      method: 'POST',
      path: new RegExp(`/statuses/${h1}$`),
      kind: 'delay',
      until: held.held,
      when: forcedPending,
    });
    const from = w.gh.log.length;
    w.gh.settings.permissions.set('keeper', { permission: 'write', role_name: 'maintain' });
    const diffPath = join(mkdtempSync(join(tmpdir(), 'r3-')), 'pr.diff');
    const forcedRun = runOn(
      w.gh,
      'priya',
      null,
      { mode: 'preflight', force: 'true', 'diff-path': diffPath },
      'issue_comment',
      reviewComment('keeper'),
    );
    await until('the forced pending write', () =>
      w.gh.log.slice(from).some((l) => l.method === 'POST' && l.path.endsWith(`/statuses/${h1}`)),
    );
    let forced;
    let h2: string;
    try {
      h2 = amend('amended'); // same tree, same patch, a new sha
      const plain = await k.run(null, { mode: 'preflight' }, k.prt(PR, 'synchronize', 'main', 'feature', h2));
      expect(plain.outputs.outcome, plain.stdout).toBe('unchanged');
    } finally {
      held.release();
      forced = await forcedRun;
    }
    expect(forced.outputs['should-review'], forced.stdout).toBe('true');
    expect(k.status(h1)).toBe('pending'); // the maintainer's forced pending, on H1
    // the forced LLM job ran; its post for H1 finds the head moved on
    const pinned = { 'reviewed-sha': forced.outputs['head-sha']!, 'reviewed-base': forced.outputs['base-ref']! };
    const post = await k.forcedPost(pinned);
    expect(post.outputs.outcome, post.stdout).toBe('superseded');
    expect(k.status(h2!), 'H2, the same change as the doubted H1, its re-review given up').not.toBe('success');
  });
});

// ---------------------------------------------------------------------------------------------------------------------
// F4. Promise (as F1; docs/recipes/re-review.yml: a label "review:priya" has priya review the PR's head again). The
// labeled event (pull_request_target) names the head the label was added at (H1), and resolveTarget pins it; if the
// author's identical amend H2 lands before the labeled job starts — a runner queue of seconds, no fault needed — and
// H2's own plain run reads H1 first, H2 keeps the approval. The labeled job then stops at readHead (superseded): that
// stop carries no statuses read and never calls doubtCarriedTo (only writeDiff's stop does), so doubtKept writes the
// forced pending on H1 only. Why it matters: the most ordinary race of the label trigger drops the maintainer's
// re-review and leaves the doubted approval green on the head (the outcome says "superseded"; the label stays on the
// PR as if handled). The comment trigger reads the head from the API and rarely hits this; the label always can.
describe('F4: a review:priya label whose job starts after an identical amend was carried', () => {
  test('H2 (the same tree and patch as H1, labeled for re-review) is not left green', async () => {
    const k = attackKit(w);
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
    // the maintainer labels the PR at H1: the labeled event names H1
    w.gh.settings.permissions.set('keeper', { permission: 'write', role_name: 'maintain' });
    const labeled = {
      ...k.prt(PR, 'labeled', 'main', 'feature', h1),
      label: { name: 'review:priya' },
      sender: { login: 'keeper' },
    };
    // the author amends at once (same tree, same patch); the push's run comes first
    const h2 = amend('amended');
    const plain = await k.run(null, { mode: 'preflight' }, k.prt(PR, 'synchronize', 'main', 'feature', h2));
    expect(plain.outputs.outcome, plain.stdout).toBe('unchanged');
    expect(k.status(h2)).toBe('success');
    // then the labeled job starts
    const forced = await k.run(null, { mode: 'preflight', force: 'true' }, labeled);
    expect(forced.outputs.outcome, forced.stdout).toBe('superseded');
    expect(k.status(h1)).toBe('pending'); // attack R's doubtKept: the forced pending on the head the event named
    expect(k.status(h2), 'H2, the same change the maintainer asked to be judged again, no re-review run').not.toBe(
      'success',
    );
  });
});
