// Attack round 15 (a helper, 2026-12-02): three ways a verdict a maintainer's forced re-review overruled turned green
// again. Each was a failing test first; RELIABILITY.md has a row for each.
// - E1: a writer's edit that takes "forced" out of a forced review (the marker line deleted, or only the word) brought
//   back the approval it overruled where that approval is COMMENTED (GitHub cannot dismiss it: review-event: COMMENT,
//   or a COMMENT verdict with comment-passes). Now an edited review of the account overrules every older one.
// - F2: a plain post racing /review priya, with GitHub's review listing lagging its creates, took its own APPROVE for
//   the first review of the head and wrote green over the forced rejection. Now a listing that leaves this run's own
//   review out is read again until it shows it (about 15 s), and never showing it fails the run.
// - F1: a forced post whose create failed ambiguously (a 502, a time-out) adopted the plain run's review of the head
//   as "another run's": duplicate, green, the re-review undone. Now a forced run adopts only a forced review.
// GitHub: anyone with write access may edit another account's review (FACTS.md; PUT …/reviews/{id}); COMMENTED reviews
// cannot be dismissed (422); the listing lag is the fake's reviewListingLag (test/fake/github.ts cites the reports).
import { describe, expect, test } from 'vitest';
import { decodeMarker } from '../../src/core/marker.js';
import { attackKit, gate, pushKit, reviewComment, until } from './attack-kit.js';
import { runAction, writeBody } from './harness.js';
import { body, clock, createsOf, LOGINS, POST_REVIEW, PR, runOn, TOKENS, useWorld } from './world.js';

// F2 and F1 check the final state themselves (two live reviews of H is what a failure looks like)
const w = useWorld((wd) => void wd);
const { prt, status } = attackKit(w);
const { group } = pushKit(w);
const ALWAYS = { 'commit-status': 'always' };
const reviews = () => w.gh.reviews.get(PR)!;
const dropMarker = (b: string) => b.split('\n').slice(1).join('\n');
const unforce = (b: string) => b.replace(' forced ', ' ');

describe('E1: an edit that removes "forced" from a forced review does not bring back what it overruled', () => {
  test.each([
    ['review-event: COMMENT, the marker line deleted', { 'review-event': 'COMMENT' }, 'APPROVE', dropMarker],
    ['review-event: COMMENT, only " forced" deleted', { 'review-event': 'COMMENT' }, 'APPROVE', unforce],
    ['comment-passes: true, a COMMENT verdict overruled', { 'comment-passes': 'true' }, 'COMMENT', dropMarker],
  ])('%s: the overruled verdict does not stand again', async (_n, inputs, firstVerdict, edit) => {
    const cfg = { ...ALWAYS, ...inputs };
    const first = await w.run('priya', body(firstVerdict), cfg);
    expect(first.outputs.outcome).toBe('posted');
    expect(status()).toBe('success');
    const forced = await w.run('priya', body('CHANGES_REQUESTED'), { ...cfg, force: 'true' });
    expect(forced.outputs.outcome).toBe('posted');
    expect(status()).toBe('failure');
    const id = Number(forced.outputs['review-id']);
    const r = reviews().find((x) => x.id === id)!;
    expect(decodeMarker(r.body)?.forced).toBe(true);
    // GitHub cannot dismiss a COMMENTED review: the overruled one is still live
    expect(reviews().find((x) => x.id === Number(first.outputs['review-id']))!.state).toBe('COMMENTED');
    // a writer (the PR's author, with write access) edits the forced review's hidden marker
    w.gh.editReview(PR, id, edit(r.body), LOGINS.human);
    const again = await w.run('priya', null, { ...cfg, mode: 'preflight' });
    const after = status();
    const queued = await group(cfg);
    w.gh.reviews.set(
      PR,
      reviews().filter((x) => x.id !== id),
    );
    expect.soft(again.outputs.outcome, 'the overruled verdict is not taken as standing').toBe('needs-review');
    expect.soft(queued, 'a merge group built now').not.toBe('success');
    expect(after, "the head, whose persona's last word is the forced CHANGES_REQUESTED").not.toBe('success');
  });

  test('the board: the overruled APPROVE is not counted once the forced review is un-forced by an edit', async () => {
    const shared = { ...ALWAYS, 'review-event': 'COMMENT' };
    await w.run('priya', body('APPROVE'), shared);
    const forced = await w.run('priya', body('CHANGES_REQUESTED'), { ...shared, force: 'true' });
    const id = Number(forced.outputs['review-id']);
    const r = reviews().find((x) => x.id === id)!;
    w.gh.editReview(PR, id, dropMarker(r.body), LOGINS.human);
    await runAction({
      inputs: { ...ALWAYS, mode: 'board', 'github-token': TOKENS.app, personas: `priya=${LOGINS.priya}` },
      apiUrl: w.gh.url,
      event: w.event(),
    });
    expect(w.gh.statusOf(w.head, 'persona-verdict/panel')?.state).not.toBe('success');
    w.gh.reviews.set(
      PR,
      reviews().filter((x) => x.id !== id),
    );
  });
});

/** A push of H, its plain preflight, and a maintainer's forced preflight: both chains' LLM jobs start. */
async function bothChains() {
  const FILES = [{ filename: 'src/a.ts', status: 'modified', patch: '@@ -1,2 +1,2 @@\n-old\n+new\n ctx' }];
  const h = w.gh.commit('H', undefined, FILES);
  w.gh.push(PR, h, 'octo-author');
  w.head = h;
  const event = prt(PR, 'synchronize');
  expect((await runOn(w.gh, 'priya', null, { mode: 'preflight' }, 'pull_request_target', event)).outputs.outcome).toBe(
    'needs-review',
  );
  w.gh.settings.permissions.set('keeper', { permission: 'write', role_name: 'maintain' });
  const pre = await runOn(
    w.gh,
    'priya',
    null,
    { mode: 'preflight', force: 'true' },
    'issue_comment',
    reviewComment('keeper'),
  );
  expect(pre.outputs.outcome).toBe('needs-review');
  return { h, event, pinned: { 'reviewed-sha': h, 'reviewed-base': 'main' } };
}

const forcedLive = () => reviews().filter((r) => r.state !== 'DISMISSED' && decodeMarker(r.body)?.forced);

describe('F2: a plain post racing a forced re-review, the review listing lagging its creates', () => {
  test.each([
    ['no listing lag', 0],
    ['the listing two reads behind', 2],
  ])('%s: the forced rejection stands, one live review of H, H not green', async (_n, lag) => {
    const { h, event, pinned } = await bothChains();
    // the plain post has read (no review of H yet) and sends its create: GitHub does it once the forced post is done
    const held = gate();
    w.gh.faults.push({ method: 'POST', path: POST_REVIEW, kind: 'delay', until: held.held });
    const plain = runOn(w.gh, 'priya', body('APPROVE'), pinned, 'pull_request_target', event);
    await until('the plain create', () => createsOf(w).length === 1);
    w.gh.reviewListingLag = lag;
    try {
      const forced = await runOn(
        w.gh,
        'priya',
        body('CHANGES_REQUESTED'),
        { ...pinned, force: 'true' },
        'issue_comment',
        reviewComment('keeper'),
      );
      expect(forced.outputs.outcome).toBe('posted');
      expect(status(h)).toBe('failure');
    } finally {
      held.release();
    }
    const p = await plain;
    const live = reviews().filter((r) => r.state !== 'DISMISSED');
    expect(
      forcedLive().map((r) => r.state),
      "the maintainer's forced rejection is live",
    ).toEqual(['CHANGES_REQUESTED']);
    expect.soft(live.length, 'one live review of H').toBe(1);
    expect.soft(p.outputs.outcome, 'the plain run, whose review lost to the forced one').toBe('duplicate');
    expect(status(h), 'H while the forced CHANGES_REQUESTED stands').not.toBe('success');
  });
});

describe('F1: a forced post whose create fails ambiguously does not take a plain review as its own', () => {
  const forcedPost = (extra: Record<string, string>, env: Record<string, string>) =>
    runAction({
      inputs: {
        'github-token': TOKENS.priya,
        persona: 'priya',
        'body-path': writeBody(body('CHANGES_REQUESTED')),
        force: 'true',
        ...extra,
      },
      apiUrl: w.gh.url,
      event: reviewComment('keeper'),
      eventName: 'issue_comment',
      env,
    });

  test('a 502 on the forced create, the plain APPROVE landing before its looks: the forced rejection stands', async () => {
    const { h, event, pinned } = await bothChains();
    // the 502 (nothing created) is answered once the push's own post has landed its APPROVE
    const held = gate();
    w.gh.faults.push({ method: 'POST', path: POST_REVIEW, kind: 'status', status: 502, until: held.held });
    const forced = forcedPost(pinned, {});
    await until('the forced create', () => createsOf(w).length === 1);
    try {
      const plainPost = await runOn(w.gh, 'priya', body('APPROVE'), pinned, 'pull_request_target', event);
      expect(plainPost.outputs.outcome).toBe('posted');
    } finally {
      held.release();
    }
    const r = await forced;
    expect.soft(r.outputs.outcome, "the maintainer's forced re-review run").toBe('posted');
    expect.soft(forcedLive().length, 'a forced review of H stands').toBe(1);
    expect(status(h), "H after the maintainer's re-review said CHANGES_REQUESTED").not.toBe('success');
  });

  test('the forced create times out and lands after the looks: no green beside the live forced rejection', async () => {
    const { h, event, pinned } = await bothChains();
    // GitHub does the forced create once the run has given up on it (the client's limit is 2 s); the plain post
    // lands during its looks (0.5, 1.5, 3.5 and 7.5 s after the time-out at half of real time)
    const held = gate();
    w.gh.faults.push({ method: 'POST', path: POST_REVIEW, kind: 'delay', until: held.held });
    const forced = forcedPost({ ...pinned, 'request-timeout-seconds': '2' }, clock(0.5).env);
    await until('the forced create', () => createsOf(w).length === 1);
    const plainPost = await runOn(w.gh, 'priya', body('APPROVE'), pinned, 'pull_request_target', event);
    expect(plainPost.outputs.outcome).toBe('posted');
    const r = await forced.finally(held.release);
    await until('the forced review', () => forcedLive().length === 1);
    const landed = forcedLive()[0]!;
    const st = status(h);
    w.gh.reviews.set(
      PR,
      reviews().filter((x) => x.id !== landed.id),
    );
    expect.soft(r.outputs.outcome, "the maintainer's forced re-review run").not.toBe('duplicate');
    expect({ state: landed.state, status: st }, "H's status beside priya's live forced rejection").not.toEqual({
      state: 'CHANGES_REQUESTED',
      status: 'success',
    });
  });
});
