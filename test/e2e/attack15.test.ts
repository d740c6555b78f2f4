// Attack round 15 (a helper, 2026-12-02), and a read-through of its fixes (at the end): three ways a verdict a
// maintainer's forced re-review overruled turned green again. Each was a failing test first; RELIABILITY.md has a row
// for each.
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
import { decodeMarker, encodeMarker } from '../../src/core/marker.js';
import { attackKit, gate, pushKit, reviewComment, until } from './attack-kit.js';
import { runAction, writeBody } from './harness.js';
import { body, createsOf, LOGINS, POST_REVIEW, PR, runOn, TOKENS, useWorld } from './world.js';

// F2 and F1 check the final state themselves (two live reviews of H is what a failure looks like)
const w = useWorld((wd) => void wd);
const { prt, status, forceReReview, forcedRejects } = attackKit(w);
const { group } = pushKit(w);
const ALWAYS = { 'commit-status': 'always' };
const reviews = () => w.gh.reviews.get(PR)!;
const REVIEWS_GET = /\/pulls\/7\/reviews$/;
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
  expect((await forceReReview()).outputs.outcome).toBe('needs-review');
  return { h, event, pinned: { 'reviewed-sha': h, 'reviewed-base': 'main' } };
}

/** A maintainer's forced post of CHANGES_REQUESTED (the /review chain's post job). */
const forcedPost = (extra: Record<string, string>, env: Record<string, string> = {}) =>
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
      await forcedRejects(pinned, h);
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
    // GitHub does the forced create once the run has given up on it (the client's limit: 1 s); the plain post lands
    // before the forced run's first look (its listing, told apart by a second token of priya's account, is held)
    const forcedToken = 'ghp_priyaSECRETtoken000000000000000000006';
    w.gh.user(forcedToken, w.gh.users.get(TOKENS.priya)!);
    const [create, look] = [gate(), gate()];
    w.gh.faults.push({ method: 'POST', path: POST_REVIEW, kind: 'delay', until: create.held });
    const forced = forcedPost({ ...pinned, 'request-timeout-seconds': '1', 'github-token': forcedToken });
    await until('the forced create', () => createsOf(w).length === 1);
    w.gh.faults.push({ method: 'GET', path: REVIEWS_GET, token: forcedToken, kind: 'delay', until: look.held });
    const plainPost = await runOn(w.gh, 'priya', body('APPROVE'), pinned, 'pull_request_target', event).finally(
      look.release,
    );
    expect(plainPost.outputs.outcome).toBe('posted');
    const r = await forced.finally(create.release);
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

// A read-through of round 15's fixes (a helper): four ways around them, each a failing test first.
// Read-through: edit-self-window.
// Red-team of attack round 15 (E1 x F2). The plain post of H reads no review of H, a maintainer's forced
// re-review posts its CHANGES_REQUESTED M first, then the plain APPROVE S lands. Before E1, the plain run's settle
// found M standing (forced, newer cut) and ended duplicate, red. Since E1, an "edited" S (a writer's edit in the
// window between S's create and the plain run's re-read; or, with no attacker at all, a GraphQL edit trace that does
// not list S yet, which reviews.ts counts as edited) overrules M: nothing counts, settle's anchor falls back to S,
// M is dismissed as S's "duplicate", and the plain run writes green over the forced rejection.
/**
 * The race: the plain post's create is held until the forced post is done; then its re-read of the reviews is
 * held while `meanwhile(S)` runs (S: the plain run's review, just created).
 */
async function race(meanwhile: (sId: number) => void) {
  const { h, event, pinned } = await bothChains();
  const createHeld = gate();
  w.gh.faults.push({ method: 'POST', path: /\/pulls\/7\/reviews$/, kind: 'delay', until: createHeld.held });
  const plain = runOn(w.gh, 'priya', body('APPROVE'), pinned, 'pull_request_target', event);
  await until('the plain create', () => createsOf(w).length === 1);
  const forced = await forcedRejects(pinned, h);
  const mId = Number(forced.outputs['review-id']);
  // the plain run's re-read after its create is the next review listing: held until S exists and `meanwhile` ran
  const readHeld = gate();
  w.gh.faults.push({ method: 'GET', path: REVIEWS_GET, kind: 'delay', until: readHeld.held });
  createHeld.release();
  await until('the plain review S', () => reviews().some((r) => r.id > mId));
  const s = reviews().find((r) => r.id > mId)!;
  meanwhile(s.id);
  readHeld.release();
  const p = await plain;
  return { h, p, mId, sId: s.id };
}

describe('E1 x F2: the plain run settling after the forced re-review', () => {
  test('control: nothing edited, the forced rejection stands (the round-15 F2 behaviour)', async () => {
    const { h, p, mId } = await race(() => {});
    expect(reviews().find((r) => r.id === mId)!.state).toBe('CHANGES_REQUESTED');
    expect(p.outputs.outcome).toBe('duplicate');
    expect(status(h)).not.toBe('success');
  });

  test("a writer edits the plain run's own APPROVE in the window: the forced rejection still stands, H not green", async () => {
    const { h, p, mId } = await race((sId) => {
      const s = reviews().find((r) => r.id === sId)!;
      w.gh.editReview(PR, sId, `${s.body}\n`, 'octo-author'); // any edit at all, the marker untouched
    });
    const m = reviews().find((r) => r.id === mId)!;
    expect(decodeMarker(m.body)?.forced).toBe(true);
    expect.soft(p.outputs.outcome, 'the plain run, whose review came after the forced one').toBe('duplicate');
    expect.soft(m.state, "the maintainer's forced rejection M").toBe('CHANGES_REQUESTED');
    expect(status(h), 'H after the forced CHANGES_REQUESTED').not.toBe('success');
  });

  test('no attacker: the GraphQL edit trace does not list S yet (counted as edited): same', async () => {
    const { h, p, mId } = await race((sId) => {
      // the edit trace served from a replica behind REST: every review but S (reviews.ts: "A review the trace does
      // not list ... counts as edited")
      const nodes = reviews()
        .filter((r) => r.id !== sId && r.state !== 'PENDING')
        .map((r) => ({ fullDatabaseId: String(r.id), lastEditedAt: r.lastEditedAt ?? null, editor: null }));
      w.gh.faults.push({
        method: 'POST',
        path: /^\/graphql$/,
        kind: 'status',
        status: 200,
        times: 1,
        when: (b) => /pullRequest\s*\(/.test(String(b?.query)),
        body: {
          data: {
            repository: { pullRequest: { reviews: { nodes, pageInfo: { hasNextPage: false, endCursor: null } } } },
          },
        },
      });
    });
    const m = reviews().find((r) => r.id === mId)!;
    expect.soft(p.outputs.outcome, 'the plain run').toBe('duplicate');
    expect.soft(m.state, "the maintainer's forced rejection M").toBe('CHANGES_REQUESTED');
    expect(status(h), 'H after the forced CHANGES_REQUESTED').not.toBe('success');
  });
});

// Read-through: f1-edit-forced.
// Red-team of attack round 15, F1. A forced post whose create fails ambiguously (a 502, nothing created) now adopts
// "only a forced review" of its head. But lookForLanded reads markers through liveForHead(), which keeps edited
// reviews: a writer who adds " forced" to the plain run's APPROVE (the word is all F1 looks at) before the forced run's
// looks has it adopted as the re-review: duplicate, green, no forced review anywhere.
describe('F1: an edit that adds "forced" to the plain review', () => {
  test('a 502 on the forced create; a writer adds " forced" to the plain APPROVE before the looks', async () => {
    const { h, event, pinned } = await bothChains();
    const held = gate();
    w.gh.faults.push({ method: 'POST', path: POST_REVIEW, kind: 'status', status: 502, until: held.held });
    const forced = forcedPost(pinned);
    await until('the forced create', () => createsOf(w).length === 1);
    let plainId = 0;
    try {
      const plainPost = await runOn(w.gh, 'priya', body('APPROVE'), pinned, 'pull_request_target', event);
      expect(plainPost.outputs.outcome).toBe('posted');
      plainId = Number(plainPost.outputs['review-id']);
      const s = reviews().find((r) => r.id === plainId)!;
      // the hidden marker line gains " forced" before " run=" (the writer reads it in the review's raw body)
      w.gh.editReview(PR, plainId, s.body.replace(' run=', ' forced run='), 'octo-author');
      expect(decodeMarker(reviews().find((r) => r.id === plainId)!.body)?.forced).toBe(true);
    } finally {
      held.release();
    }
    const r = await forced;
    const live = reviews().filter((x) => x.state !== 'DISMISSED');
    expect.soft(r.outputs.outcome, "the maintainer's forced re-review run").toBe('posted');
    expect.soft(r.outputs['review-id'], 'the review the forced run reports').not.toBe(String(plainId));
    expect
      .soft(
        live.filter((x) => decodeMarker(x.body)?.forced && !x.lastEditedAt).length,
        'an unedited forced review of H is live',
      )
      .toBe(1);
    expect(status(h), 'H with no forced review of it, only an edited plain APPROVE').not.toBe('success');
  });
});

describe('the same root (lookForLanded adopts edited reviews), review-event: COMMENT, no forced run at all', () => {
  test("a 502 on one plain post; a twin run's COMMENTED rejection, its marker edited to verdict=APPROVE: not adopted, not green", async () => {
    // no maintainer, no forced run: a push of H, its preflight, and two plain posts of it (a re-run, a twin trigger)
    const FILES = [{ filename: 'src/a.ts', status: 'modified', patch: '@@ -1,2 +1,2 @@\n-old\n+new\n ctx' }];
    const h = w.gh.commit('H', undefined, FILES);
    w.gh.push(PR, h, 'octo-author');
    w.head = h;
    const event = prt(PR, 'synchronize');
    const pinned = { 'reviewed-sha': h, 'reviewed-base': 'main' };
    const cfg = { ...pinned, 'review-event': 'COMMENT', 'commit-status': 'always' };
    const held = gate();
    w.gh.faults.push({ method: 'POST', path: POST_REVIEW, kind: 'status', status: 502, until: held.held });
    const a = runOn(w.gh, 'priya', body('CHANGES_REQUESTED'), cfg, 'pull_request_target', event);
    await until('the first create', () => createsOf(w).length === 1);
    let bId = 0;
    try {
      const b = await runOn(w.gh, 'priya', body('CHANGES_REQUESTED'), cfg, 'pull_request_target', event);
      expect(b.outputs.outcome).toBe('posted');
      expect(status(h)).toBe('failure');
      bId = Number(b.outputs['review-id']);
      const r = reviews().find((x) => x.id === bId)!;
      expect(r.state).toBe('COMMENTED');
      w.gh.editReview(PR, bId, r.body.replace('verdict=CHANGES_REQUESTED', 'verdict=APPROVE'), 'octo-author');
      expect(decodeMarker(reviews().find((x) => x.id === bId)!.body)?.verdict).toBe('APPROVE');
    } finally {
      held.release();
    }
    const ra = await a;
    expect
      .soft(ra.outputs.verdict, 'the verdict run A reports (both LLM runs said CHANGES_REQUESTED)')
      .not.toBe('APPROVE');
    expect(status(h), 'H, whose only review is a COMMENTED rejection with an edited marker').not.toBe('success');
  });
});

// Read-through: f2-stale-pull.
// Red-team of attack round 15, F2. readAfterWrite reads the PR once, with the first listing, and then may list the
// reviews again for about 15 s while the listing lags its create; settle() then judges the later listing against
// the PR read at the start. A push during the looks, whose head gets its review quickly (a restamp, another run's
// post),
// shows in the listing while the PR still says the old head: the newer head's review is dismissed as "stale" by the
// old head's run, which ends posted (its race, "newer-head" before round 15, is no longer seen).
describe('F2: the PR is not read again with the listing that finally shows the review', () => {
  test("a push and the new head's review during the looks: the old head's run does not dismiss the new head's APPROVE", async () => {
    const h1 = w.head;
    w.gh.reviewListingLag = 2; // the listing leaves the run's review out of the next two listings
    const held = gate();
    // readHead's listing, and the first two listings after the create (both leave the review out) are let through;
    // the third is held
    w.gh.faults.push({ method: 'GET', path: REVIEWS_GET, kind: 'delay', until: held.held, skip: 3 } as never);
    const run = w.run('priya', body('APPROVE'), { 'commit-status': 'always' });
    await until('the third listing after the create', () =>
      w.gh.log.some((l) => l.method === 'GET' && REVIEWS_GET.test(l.path) && l.faulted === 'delay'),
    );
    // meanwhile: a push of H2, and priya's review of it (the H2 run's: a restamp or a post) lands
    const h2 = w.gh.commit('H2');
    w.gh.push(PR, h2, 'octo-author');
    w.head = h2;
    w.gh.reviewListingLag = 0;
    const marker = encodeMarker({
      persona: 'priya',
      head: h2,
      tree: null,
      patch: null,
      base: 'main',
      verdict: 'APPROVE',
      event: 'APPROVE',
      run: '999-1-h2run',
    });
    const r2 = w.gh.seedReview(PR, {
      login: LOGINS.priya,
      state: 'APPROVED',
      body: `${marker}\n${body('APPROVE')}`,
      commit_id: h2,
    });
    held.release();
    const r = await run;
    expect
      .soft(reviews().find((x) => x.id === r2.id)!.state, "the H2 review, the PR's current head's")
      .toBe('APPROVED');
    // what the old head's run made of it: posted (pre-round-15, PR and listing read together: newer-head, its own
    // review dismissed as stale instead)
    expect.soft(r.outputs.outcome, 'the H1 run').toBe('posted');
    expect.soft(w.gh.statusOf(h1, 'persona-verdict/priya')?.state, 'H1').toBe('success');
    const dismissal = w.gh.log.find((l) => l.method === 'PUT' && l.path.endsWith(`/reviews/${r2.id}/dismissals`));
    expect.soft(dismissal?.body?.message, 'why H2 was dismissed').toBeUndefined();
  });
});

// Read-through: e1-after-edit-holds.
// Red-team of attack round 15, E1: what held. After the edit, the head is reviewed once; the newer review stands
// (a legitimate verdict, green or red), the next run keeps it (no re-review loop), nothing COMMENTED is sent to be
// dismissed (GitHub's 422), and the board and a merge group agree with the persona's status.
// the invariant check's exemption (a COMMENTED review a forced one replaced) cannot see a forced marker edited away:
// the overruled COMMENTED APPROVE stays live beside the new review of the head (GitHub cannot dismiss it)
describe('E1 holds: a review posted after the edit stands', () => {
  test.each([
    ['review-event: COMMENT', { 'review-event': 'COMMENT' }],
    ['review-event: verdict', {}],
  ])('%s: edit the forced review, review again: the new APPROVE stands, kept on the next run', async (_n, extra) => {
    const cfg = { 'commit-status': 'always', ...extra };
    await w.run('priya', body('APPROVE'), cfg);
    const forced = await w.run('priya', body('CHANGES_REQUESTED'), { ...cfg, force: 'true' });
    const id = Number(forced.outputs['review-id']);
    w.gh.editReview(PR, id, dropMarker(reviews().find((x) => x.id === id)!.body), LOGINS.human);
    const pre = await w.run('priya', null, { ...cfg, mode: 'preflight' });
    expect(pre.outputs.outcome).toBe('needs-review');
    const post = await w.run('priya', body('APPROVE'), cfg);
    expect(post.outputs.outcome).toBe('posted');
    expect(status()).toBe('success');
    const again = await w.run('priya', null, { ...cfg, mode: 'preflight' });
    expect(again.outputs.outcome, 'no re-review loop').toBe('duplicate');
    const rerun = await w.run('priya', body('CHANGES_REQUESTED'), cfg);
    expect(rerun.outputs.outcome, 'a re-run of the post keeps it').toBe('duplicate');
    expect(await group(cfg), 'a merge group agrees').toBe('success');
    await runAction({
      inputs: {
        'commit-status': 'always',
        mode: 'board',
        'github-token': TOKENS.app,
        personas: `priya=${LOGINS.priya}`,
      },
      apiUrl: w.gh.url,
      event: w.event(),
    });
    expect(w.gh.statusOf(w.head, 'persona-verdict/panel')?.state, 'the board agrees').toBe('success');
    const refused = w.gh.log.filter((l) => l.method === 'PUT' && l.path.endsWith('/dismissals') && l.status !== 200);
    expect(
      refused.map((l) => `${l.path} ${l.status}`),
      'no dismissal GitHub refused',
    ).toEqual([]);
    // the edited (un-marked) forced review is no marked review any more: the invariant check leaves it alone
  });
});
