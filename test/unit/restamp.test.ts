// Restamp as a table: the dismissal GitHub's push rule made, and only that one, with an
// identical patch, base and persona version, gives the verdict back without a review run.
import { describe, expect, test } from 'vitest';
import { decide, historyOf, type Facts, type ReviewFact } from '../../src/core/decide.js';
import { encodeMarker, decodeMarker } from '../../src/core/marker.js';
import { byPush, keptRejection, restampBody, type DismissalEvent } from '../../src/core/restamp.js';
import { parseVerdict } from '../../src/core/grammar.js';

const sha = (c: string) => c.repeat(40);
const HEAD = sha('1');
const OLD = sha('2');
const PATCH = 'a'.repeat(64);
const OTHER_PATCH = 'b'.repeat(64);
const ME = 'octo-priya';
const REVIEW_ID = 41;

function dismissed(o: { patch?: string | null; base?: string; version?: string; edited?: boolean } = {}): ReviewFact {
  const marker = encodeMarker({
    persona: 'priya',
    head: OLD,
    tree: sha('c'),
    patch: o.patch === undefined ? PATCH : o.patch,
    base: o.base ?? 'main',
    verdict: 'APPROVE',
    run: 'r1',
    ...(o.version ? { version: o.version } : {}),
  });
  return {
    id: REVIEW_ID,
    login: ME,
    state: 'DISMISSED',
    body: `${marker}\nLooks right.\n\n## VERDICT: APPROVE\n`,
    htmlUrl: 'https://github.test/acme/widgets/pull/7#pullrequestreview-41',
    edited: o.edited,
  };
}

/** An earlier review of the same head and base (id 40): a maintainer's forced rejection, or a plain one. */
const before = (forced: boolean): ReviewFact => {
  const marker = encodeMarker({
    persona: 'priya',
    head: OLD,
    tree: sha('c'),
    patch: PATCH,
    base: 'main',
    verdict: 'CHANGES_REQUESTED',
    run: 'r0',
    ...(forced ? { forced: true } : {}),
  });
  return {
    id: 40,
    login: ME,
    state: forced ? 'CHANGES_REQUESTED' : 'DISMISSED',
    body: `${marker}\nNo.\n`,
    htmlUrl: 'x',
  };
};
const forcedBefore = () => before(true);
const plainBefore = () => before(false);

/** GitHub's own stale-review dismissal on a push: the pusher, the pushed commit, no message. */
const PUSH: DismissalEvent = { reviewId: REVIEW_ID, actor: 'alice', message: null, commitId: HEAD };
const PERSON: DismissalEvent = { reviewId: REVIEW_ID, actor: 'alice', message: 'not what we agreed', commitId: null };
const ACTION: DismissalEvent = {
  reviewId: REVIEW_ID,
  actor: ME,
  message: 'Stale: priya is reviewing a new head or base; this review was for 2222222. [persona-verdict]',
  commitId: null,
};

function facts(o: Partial<Facts> & { events?: DismissalEvent[]; patch?: string | null } = {}): Facts {
  const { events = [PUSH], patch = PATCH, ...rest } = o;
  return {
    persona: 'priya',
    identity: ME,
    identityVerified: true,
    head: HEAD,
    base: 'main',
    author: 'octo-author',
    headTree: sha('d'),
    headPatch: null,
    reviews: [dismissed()],
    verdict: null,
    skipUnchanged: true,
    dismissStale: 'all',
    reviewEvent: 'verdict',
    version: '',
    restamp: { patch, dismissals: events },
    ...rest,
  };
}

describe('restamp: decide()', () => {
  test.each([
    ['GitHub dismissed it on a push, same patch, base and version', facts(), 'restamp'],
    ["a person's dismissal (a message, no commit)", facts({ events: [PERSON] }), 'review'],
    ["this action's own dismissal", facts({ events: [ACTION] }), 'review'],
    ['a push-shaped record whose actor is the persona itself', facts({ events: [{ ...PUSH, actor: ME }] }), 'review'],
    ['a push record with a message', facts({ events: [{ ...PUSH, message: 'why' }] }), 'review'],
    ['no record of the dismissal in the timeline', facts({ events: [] }), 'review'],
    ['a record of another review only', facts({ events: [{ ...PUSH, reviewId: 99 }] }), 'review'],
    ['a different patch', facts({ patch: OTHER_PATCH }), 'review'],
    ["the head's patch could not be read", facts({ patch: null }), 'review'],
    ['the dismissed review recorded no patch', facts({ reviews: [dismissed({ patch: null })] }), 'review'],
    ['another base', facts({ reviews: [dismissed({ base: 'release' })] }), 'review'],
    ['another persona version', facts({ reviews: [dismissed({ version: 'v1' })], version: 'v2' }), 'review'],
    ['the same non-empty version', facts({ reviews: [dismissed({ version: 'v2' })], version: 'v2' }), 'restamp'],
    ['the dismissed review was edited', facts({ reviews: [dismissed({ edited: true })] }), 'review'],
    ['restamp off', facts({ restamp: null }), 'review'],
    ['force: a re-review on demand', facts({ force: true }), 'review'],
    ['mode post: a fresh verdict is posted', facts({ verdict: 'APPROVE' }), 'post'],
    // attack L, L2: a racing copy created just after a maintainer's forced rejection of the same head never stood
    ['a copy after a forced rejection of its head', facts({ reviews: [forcedBefore(), dismissed()] }), 'review'],
    [
      'a review after one a writer dismissed (a re-roll)',
      facts({ reviews: [plainBefore(), dismissed()], events: [PUSH, { ...PERSON, reviewId: 40 }] }),
      'restamp',
    ],
    ['a racing copy after a plain review that stood', facts({ reviews: [plainBefore(), dismissed()] }), 'review'],
    // attack N, N3: the head left (GitHub's push dismissed the review of it) and came back, approved again
    [
      'an approval after an earlier one of its head that a push dismissed',
      facts({ reviews: [plainBefore(), dismissed()], events: [PUSH, { ...PUSH, reviewId: 40 }] }),
      'restamp',
    ],
  ] as const)('%s → %s', (_name, f, action) => {
    expect(decide(f).action).toBe(action);
  });

  test('a later live review of the persona is what counts, not the dismissed one', () => {
    const later: ReviewFact = {
      ...dismissed(),
      id: REVIEW_ID + 1,
      state: 'CHANGES_REQUESTED',
      body: dismissed()
        .body!.replace(/verdict=APPROVE/, 'verdict=CHANGES_REQUESTED')
        .replace(/APPROVE\n$/, 'X'),
    };
    expect(decide(facts({ reviews: [dismissed(), later] })).action).not.toBe('restamp');
  });

  test('the plan carries the original and its event; review-event COMMENT restamps a COMMENT', () => {
    const plan = decide(facts());
    expect(plan).toMatchObject({ action: 'restamp', event: 'APPROVE', original: { review: { id: REVIEW_ID } } });
    expect(decide(facts({ reviewEvent: 'COMMENT' }))).toMatchObject({ action: 'restamp', event: 'COMMENT' });
  });

  test('a PENDING review of the account still refuses before anything is restamped', () => {
    const pending: ReviewFact = { id: 50, login: ME, state: 'PENDING', body: '', htmlUrl: '' };
    expect(decide(facts({ reviews: [dismissed(), pending] })).action).toBe('refuse');
  });
});

describe('restamp: the push rule and the body', () => {
  test.each([
    [PUSH, true],
    [{ ...PUSH, commitId: '' }, false],
    [PERSON, false],
    [ACTION, false],
    [{ ...PUSH, actor: null }, true],
    [{ ...PUSH, actor: 'OCTO-PRIYA' }, false],
  ] as const)('%o → %s', (e, yes) => {
    expect(byPush(e, ME)).toBe(yes);
  });

  test('the body links the original, says the patch is identical, and ends in the same verdict', () => {
    const original = { review: dismissed(), marker: decodeMarker(dismissed().body)! };
    const text = restampBody(original, HEAD, 'priya');
    expect(text).toContain(original.review.htmlUrl);
    expect(text).toMatch(/identical/);
    expect(parseVerdict(text)).toMatchObject({ ok: true, verdict: 'APPROVE' });
  });
});

// attack rounds 7 and 8: back on a base, a rejection this account dismissed there as stale stands again
describe('keptRejection: a rejection of this head and base that this account dismissed on a retarget', () => {
  const review = (o: {
    id: number;
    state: string;
    verdict?: 'APPROVE' | 'CHANGES_REQUESTED';
    base?: string;
    head?: string;
    patch?: string;
  }) => {
    const verdict = o.verdict ?? 'CHANGES_REQUESTED';
    const marker = encodeMarker({
      persona: 'priya',
      head: o.head ?? HEAD,
      tree: sha('c'),
      patch: o.patch ?? PATCH,
      base: o.base ?? 'main',
      verdict,
      run: 'r1',
    });
    return { id: o.id, login: ME, state: o.state, body: `${marker}\nNo.\n`, htmlUrl: `https://github.test/r/${o.id}` };
  };
  const subject = { head: HEAD, base: 'main', version: '' };
  const stale = (
    id: number,
    actor = ME,
    message = `Superseded: priya's current review is 9 for 1111111; this one was for 1111111. [persona-verdict]`,
  ): DismissalEvent => ({ reviewId: id, actor, message, commitId: null });
  const history = (...rs: ReviewFact[]) => historyOf(rs, ME, 'priya');
  test.each<[string, ReviewFact[], DismissalEvent[], number | null]>([
    ['dismissed by this account as stale', [review({ id: 5, state: 'DISMISSED' })], [stale(5)], 5],
    [
      'its other message ("Stale: …")',
      [review({ id: 5, state: 'DISMISSED' })],
      [stale(5, ME, 'Stale: priya is reviewing a new head or base; this review was for 1111111. [persona-verdict]')],
      5,
    ],
    ["a writer's dismissal", [review({ id: 5, state: 'DISMISSED' })], [stale(5, 'mallory')], null],
    [
      'this account, another message',
      [review({ id: 5, state: 'DISMISSED' })],
      [stale(5, ME, 'Duplicate: … [persona-verdict]')],
      null,
    ],
    ['no timeline record', [review({ id: 5, state: 'DISMISSED' })], [], null],
    ['a dismissed approval', [review({ id: 5, state: 'DISMISSED', verdict: 'APPROVE' })], [stale(5)], null],
    ['another base', [review({ id: 5, state: 'DISMISSED', base: 'develop' })], [stale(5)], null],
    [
      // a racing copy that stood beside it (attack round 9), or a roll after a lost timeline: fail closed
      'a later approval of the subject: the rejection is kept',
      [review({ id: 5, state: 'DISMISSED' }), review({ id: 6, state: 'DISMISSED', verdict: 'APPROVE' })],
      [stale(5), stale(6)],
      5,
    ],
    [
      // attack K, K2: an approval lost on an earlier round trip does not hide the rejection after it
      'an earlier approval of the subject: the rejection is kept',
      [review({ id: 5, state: 'DISMISSED', verdict: 'APPROVE' }), review({ id: 6, state: 'DISMISSED' })],
      [stale(5), stale(6)],
      6,
    ],
    [
      'approvals only',
      [
        review({ id: 5, state: 'DISMISSED', verdict: 'APPROVE' }),
        review({ id: 6, state: 'DISMISSED', verdict: 'APPROVE' }),
      ],
      [stale(5), stale(6)],
      null,
    ],
    [
      'a live review after a dismissed rejection: it stands, nothing kept',
      [review({ id: 5, state: 'DISMISSED' }), review({ id: 6, state: 'APPROVED', verdict: 'APPROVE' })],
      [stale(5)],
      null,
    ],
  ])('%s', (_n, reviews, events, id) => {
    expect(keptRejection(history(...reviews), subject, events, ME)?.review.id ?? null).toBe(id);
  });

  // attack L, L3: the rejected head amended (a new sha, the same PR patch) while the PR targeted another base
  const AMENDED = sha('2');
  test.each<[string, ReviewFact[], string | null, number | null]>([
    ['the same patch, another head', [review({ id: 5, state: 'DISMISSED', head: AMENDED })], PATCH, 5],
    ['another patch', [review({ id: 5, state: 'DISMISSED', head: AMENDED, patch: 'b'.repeat(64) })], PATCH, null],
    ["the head's patch unknown", [review({ id: 5, state: 'DISMISSED', head: AMENDED })], null, null],
    [
      'the same patch into another base',
      [review({ id: 5, state: 'DISMISSED', head: AMENDED, base: 'dev' })],
      PATCH,
      null,
    ],
    [
      // a later head of the same patch judged afresh ("Update branch": a new tree) is a judgment of its own
      'an approval of another head with the same patch after it: nothing kept, judged again',
      [review({ id: 5, state: 'DISMISSED', head: AMENDED }), review({ id: 6, state: 'DISMISSED', verdict: 'APPROVE' })],
      PATCH,
      null,
    ],
  ])('%s', (_n, reviews, headPatch, id) => {
    const events = reviews.map((r) => stale(r.id));
    expect(keptRejection(history(...reviews), subject, events, ME, headPatch)?.review.id ?? null).toBe(id);
  });
});
