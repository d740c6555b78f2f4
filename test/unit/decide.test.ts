// The decision core as tables: facts in → plan out.
import { describe, expect, test } from 'vitest';
import {
  adoptable,
  decide,
  gate,
  historyOf,
  settle,
  standingFor,
  findLanded,
  type Facts,
  type HistoryEntry,
  type ReviewFact,
} from '../../src/core/decide.js';
import { encodeMarker } from '../../src/core/marker.js';
import type { ReviewEvent, Verdict } from '../../src/core/grammar.js';

const sha = (c: string) => c.repeat(40);
const HEAD = sha('1');
const OLD = sha('2');
const OLDER = sha('3');
const TREE = sha('a');
const OTHER_TREE = sha('b');
/** The PR patch (its diff against the merge base) of the head and of every review by default. */
const PATCH = 'c'.repeat(64);
const ME = 'octo-priya';
const PR = { head: HEAD, base: 'main' };

let nextId = 1;
/** The verdict whose event produces the state (a marked review's state matches its marker). */
const VERDICT_OF: Record<string, Verdict> = {
  APPROVED: 'APPROVE',
  CHANGES_REQUESTED: 'CHANGES_REQUESTED',
  COMMENTED: 'COMMENT',
};
function review(o: {
  login?: string;
  state?: string;
  persona?: string;
  head?: string;
  tree?: string | null;
  verdict?: Verdict;
  body?: string;
  run?: string;
  base?: string | null;
  forced?: boolean;
  edited?: boolean;
  version?: string;
  event?: ReviewEvent;
  patch?: string | null;
}): ReviewFact {
  const verdict = o.verdict ?? VERDICT_OF[o.state ?? 'APPROVED'] ?? 'APPROVE';
  const body =
    o.body ??
    `${encodeMarker({
      persona: o.persona ?? 'priya',
      head: o.head ?? OLD,
      tree: o.tree === undefined ? OTHER_TREE : o.tree,
      patch: o.patch === undefined ? PATCH : o.patch,
      ...(o.base === null ? {} : { base: o.base ?? 'main' }),
      verdict,
      ...(o.forced ? { forced: true } : {}),
      run: o.run ?? 'r',
      ...(o.version ? { version: o.version } : {}),
      ...(o.event ? { event: o.event } : {}),
    })}\ntext\n## VERDICT: ${verdict}`;
  const r = { id: nextId++, login: o.login ?? ME, state: o.state ?? 'APPROVED', body, htmlUrl: 'u' };
  return o.edited ? { ...r, edited: true } : r;
}

const facts = (reviews: ReviewFact[], over: Partial<Facts> = {}): Facts => ({
  persona: 'priya',
  identity: ME,
  head: HEAD,
  base: 'main',
  author: 'octo-author',
  headTree: TREE,
  headPatch: PATCH,
  reviews,
  verdict: 'APPROVE',
  skipUnchanged: true,
  identityVerified: true,
  dismissStale: 'all',
  reviewEvent: 'verdict',
  ...over,
});

describe('gate: closed or moved on', () => {
  const pull = {
    number: 7,
    state: 'open',
    merged: false,
    draft: false,
    headSha: HEAD,
    baseSha: OLDER,
    baseRef: 'main',
    author: 'octo-author',
    changedFiles: 1,
  };
  test.each([
    ['open, head is the reviewed commit', pull, false, undefined],
    ['closed', { ...pull, state: 'closed' }, true, 'closed'],
    ['merged', { ...pull, state: 'closed', merged: true }, true, 'closed'],
    ['head moved on', { ...pull, headSha: OLD }, true, 'superseded'],
    ['retargeted since the event (it named staging)', { ...pull, baseRef: 'main' }, true, 'superseded', 'staging'],
    ['the base the event named', pull, false, undefined, 'main'],
  ])('%s', (_n, p, stop, outcome, base?: string) => {
    const g = gate(p, HEAD, base);
    expect(g.stop).toBe(stop);
    if (g.stop) expect(g.outcome).toBe(outcome);
  });
});

describe('history: only this identity, only this persona, only a first-line marker', () => {
  test.each<[string, ReviewFact, boolean]>([
    ['own marked review', review({}), true],
    ['login differs only in case', review({ login: 'Octo-Priya' }), true],
    ['persona name differs only in case', review({ persona: 'Priya' }), true],
    ['a human', review({ login: 'alice' }), false],
    ['another persona on the same account', review({ persona: 'marcus' }), false],
    ['same account, no marker', review({ body: 'LGTM\n## VERDICT: APPROVE' }), false],
    [
      'marker not on the first line',
      review({
        body: `quote:\n${encodeMarker({ persona: 'priya', head: OLD, tree: null, verdict: 'APPROVE', run: 'r' })}`,
      }),
      false,
    ],
    ['forged marker by another account', review({ login: 'mallory' }), false],
    ['deleted user (null login)', { ...review({}), login: null }, false],
    // truthful(): the review's state must be the state of the event its marker records
    ['COMMENTED review whose marker says verdict=APPROVE', review({ state: 'COMMENTED', verdict: 'APPROVE' }), false],
    [
      'APPROVED review whose marker says CHANGES_REQUESTED',
      review({ state: 'APPROVED', verdict: 'CHANGES_REQUESTED' }),
      false,
    ],
    [
      'CHANGES_REQUESTED review whose marker says COMMENT',
      review({ state: 'CHANGES_REQUESTED', verdict: 'COMMENT' }),
      false,
    ],
    [
      'COMMENTED review recording event=COMMENT for its APPROVE verdict',
      review({ state: 'COMMENTED', verdict: 'APPROVE', event: 'COMMENT' }),
      true,
    ],
    [
      'APPROVED review recording event=COMMENT (not what it was posted with)',
      review({ state: 'APPROVED', verdict: 'APPROVE', event: 'COMMENT' }),
      false,
    ],
    [
      'a dismissed review, whatever its marker says',
      review({ state: 'DISMISSED', verdict: 'CHANGES_REQUESTED' }),
      true,
    ],
    ['PENDING review with a marker', review({ state: 'PENDING', verdict: 'APPROVE' }), false],
  ])('%s → history: %s', (_n, r, inHistory) => {
    expect(historyOf([r], ME, 'priya').length).toBe(inHistory ? 1 : 0);
  });
});

describe('decide (steps 5–7, 9)', () => {
  test('no history → post', () => {
    expect(decide(facts([]))).toMatchObject({ action: 'post', verdict: 'APPROVE', event: 'APPROVE', early: [] });
  });

  test('CHANGES_REQUESTED verdict → REQUEST_CHANGES event', () => {
    expect(decide(facts([], { verdict: 'CHANGES_REQUESTED' }))).toMatchObject({
      action: 'post',
      event: 'REQUEST_CHANGES',
    });
  });

  test('live review for this head → duplicate, carrying its verdict', () => {
    const mine = review({ head: HEAD, tree: TREE, verdict: 'CHANGES_REQUESTED', state: 'CHANGES_REQUESTED' });
    expect(decide(facts([mine]))).toMatchObject({
      action: 'keep',
      outcome: 'duplicate',
      current: { review: mine, marker: { verdict: 'CHANGES_REQUESTED' } },
    });
  });

  test('a dismissed review for this head is not a duplicate', () => {
    const mine = review({ head: HEAD, state: 'DISMISSED', tree: OTHER_TREE });
    expect(decide(facts([mine]))).toMatchObject({ action: 'post' });
  });

  test('the marker head is authoritative: a review marked for another head is no duplicate of this one', () => {
    // GitHub re-points a review's commit_id to the new head after a force-push, so ReviewFact does not carry it
    expect(decide(facts([review({ head: HEAD })]))).toMatchObject({ action: 'keep', outcome: 'duplicate' });
    expect(decide(facts([review({ head: OLD, tree: OTHER_TREE })]))).toMatchObject({ action: 'post' });
  });

  test.each<[string, Partial<Facts>, ReviewFact[], string]>([
    ['same tree as the latest live review → unchanged', {}, [review({ head: OLD, tree: TREE })], 'unchanged'],
    ['skip-unchanged off → post', { skipUnchanged: false }, [review({ head: OLD, tree: TREE })], 'post'],
    ['head tree unknown → post', { headTree: null }, [review({ head: OLD, tree: TREE })], 'post'],
    ['baseline tree unknown → post', {}, [review({ head: OLD, tree: null })], 'post'],
    ['different tree → post', {}, [review({ head: OLD, tree: OTHER_TREE })], 'post'],
    [
      'latest is dismissed; an older live one has the tree → unchanged from that one',
      {},
      [review({ head: OLDER, tree: TREE }), review({ head: OLD, tree: OTHER_TREE, state: 'DISMISSED' })],
      'unchanged',
    ],
    [
      'only the older review has the tree → post (the latest opinion is on another tree)',
      {},
      [review({ head: OLDER, tree: TREE }), review({ head: OLD, tree: OTHER_TREE })],
      'post',
    ],
    // found by an attack (round 6): a rebase must not carry a verdict a forced re-review is judging again
    [
      'the same tree, its head under a forced re-review → post',
      { reReviewing: [OLD] },
      [review({ head: OLD, tree: TREE })],
      'post',
    ],
    [
      'the same tree, another head under re-review → unchanged',
      { reReviewing: [OLDER] },
      [review({ head: OLD, tree: TREE })],
      'unchanged',
    ],
    [
      'another persona reviewed this tree (review-event: COMMENT) → post',
      { reviewEvent: 'COMMENT' as const },
      [review({ head: OLD, tree: TREE, persona: 'lin' })],
      'post',
    ],
  ])('%s', (_n, over, reviews, expected) => {
    const plan = decide(facts(reviews, over));
    expect(plan.action === 'keep' ? plan.outcome : plan.action).toBe(expected);
  });

  test.each<[string, string | null, string | null, string]>([
    ['same patch, different tree → unchanged by patch', 'd'.repeat(64), 'd'.repeat(64), 'unchanged'],
    ['different patch → post', 'd'.repeat(64), 'e'.repeat(64), 'post'],
    ['baseline recorded no patch → post', null, 'd'.repeat(64), 'post'],
    ['head patch unknown → post', 'd'.repeat(64), null, 'post'],
  ])('unchanged-when patch: %s', (_n, basePatch, headPatch, expected) => {
    const base = review({ head: OLD, tree: OTHER_TREE, patch: basePatch });
    const plan = decide(facts([base], { headPatch, unchangedWhen: 'patch' }));
    expect(plan.action === 'keep' ? plan.outcome : plan.action).toBe(expected);
    if (plan.action === 'keep') expect(plan.by).toBe('patch');
  });

  test.each<[string, ReviewFact[], string]>([
    [
      'an edited forced review of an equal change: the overruled verdict before it is not carried',
      [
        review({ head: OLD, tree: TREE }),
        review({ head: OLD, tree: TREE, forced: true, state: 'CHANGES_REQUESTED', edited: true }),
      ],
      'post',
    ],
    [
      'a dismissed forced review: nothing older is carried',
      [review({ head: OLD, tree: TREE }), review({ head: OLD, tree: TREE, forced: true, state: 'DISMISSED' })],
      'post',
    ],
    [
      'a counting forced review is carried',
      [review({ head: OLD, tree: TREE }), review({ head: OLD, tree: TREE, forced: true, state: 'CHANGES_REQUESTED' })],
      'unchanged',
    ],
  ])('carry after a forced review: %s', (_n, reviews, expected) => {
    const plan = decide(facts(reviews));
    expect(plan.action === 'keep' ? plan.outcome : plan.action).toBe(expected);
  });

  // a merge of the moved base that keeps the head's tree (git merge -s ours) reverts what the base gained:
  // the tree is the reviewed one, the PR's patch against its new merge base is not
  test.each<[string, 'tree' | 'patch', string | null, string | null, string]>([
    ['tree mode: same tree, another patch (the base moved) → post', 'tree', PATCH, 'e'.repeat(64), 'post'],
    ['patch mode: same tree, another patch → post', 'patch', PATCH, 'e'.repeat(64), 'post'],
    ['tree mode: same tree, patch unknown → post', 'tree', PATCH, null, 'post'],
    ['tree mode: same tree, baseline without a patch (older marker) → post', 'tree', null, PATCH, 'post'],
    ['tree mode: same tree and patch (an empty commit) → unchanged', 'tree', PATCH, PATCH, 'unchanged'],
    ['tree mode: same patch, another tree (a rebase) → post', 'tree', PATCH, PATCH, 'post'],
  ])('%s', (n, when, basePatch, headPatch, expected) => {
    const tree = n.includes('another tree') ? OTHER_TREE : TREE;
    const plan = decide(facts([review({ head: OLD, tree, patch: basePatch })], { headPatch, unchangedWhen: when }));
    expect(plan.action === 'keep' ? plan.outcome : plan.action).toBe(expected);
  });

  test('unchanged carries the baseline verdict and names its head', () => {
    const base = review({ head: OLD, tree: TREE, verdict: 'CHANGES_REQUESTED', state: 'CHANGES_REQUESTED' });
    const plan = decide(facts([base], { verdict: 'APPROVE' }));
    expect(plan).toMatchObject({
      action: 'keep',
      outcome: 'unchanged',
      current: { marker: { verdict: 'CHANGES_REQUESTED' } },
    });
    if (plan.action === 'keep') {
      expect(plan.current.marker.head).toBe(OLD);
      // the baseline is the current opinion: never dismissed
      expect(plan.settlement.dismiss).toEqual([]);
    }
  });

  test.each<[string, string | null, Partial<Facts>, string]>([
    ['a review of this head for this base → duplicate', 'main', {}, 'duplicate'],
    ['a review of this head for another base (the PR was retargeted) → post', 'release', {}, 'post'],
    ['a marker written before base binding (no base=) → post', null, {}, 'post'],
    ['the same tree reviewed for another base is not carried → post', 'release', { head: sha('4') }, 'post'],
    ['the same tree reviewed for this base is carried → unchanged', 'main', { head: sha('4') }, 'unchanged'],
  ])('base binding: %s', (_n, base, over, expected) => {
    const plan = decide(facts([review({ head: HEAD, tree: TREE, base })], over));
    expect(plan.action === 'keep' ? plan.outcome : plan.action).toBe(expected);
  });

  test('preflight (no verdict) → review when neither duplicate nor unchanged', () => {
    expect(decide(facts([], { verdict: null }))).toMatchObject({ action: 'review' });
  });
});

describe('decide: refusals before any write', () => {
  test.each<[string, ReviewFact[], Partial<Facts>, RegExp | null]>([
    [
      "a PENDING review of the persona's account",
      [{ ...review({ head: HEAD }), state: 'PENDING' }],
      {},
      /has a PENDING review \(\d+\)/,
    ],
    [
      "another account's PENDING review does not matter",
      [{ ...review({ login: 'alice' }), state: 'PENDING' }],
      {},
      null,
    ],
    [
      "the account already holds another persona's APPROVED review",
      [review({ persona: 'marcus', state: 'APPROVED' })],
      {},
      /already holds persona marcus's APPROVED review/,
    ],
    [
      "the account already holds another persona's CHANGES_REQUESTED review",
      [review({ persona: 'marcus', state: 'CHANGES_REQUESTED' })],
      {},
      /persona marcus's CHANGES_REQUESTED review/,
    ],
    [
      'the same persona written in another case (Priya, priya) is not another persona: no refusal',
      [review({ persona: 'Priya', state: 'APPROVED', head: OLD })],
      {},
      null,
    ],
    [
      "another persona's COMMENTED review holds no state: no refusal",
      [review({ persona: 'marcus', state: 'COMMENTED' })],
      {},
      null,
    ],
    [
      "the persona's own account opened the PR (logins compare case-blind)",
      [],
      { author: 'Octo-Priya' },
      /octo-priya opened this PR, and priya posts as octo-priya: a persona never reviews its own change/,
    ],
    ['someone else opened the PR: no refusal', [], { author: 'octo-author' }, null],
    [
      'review-event: COMMENT on a shared account: no refusal',
      [review({ persona: 'marcus', state: 'APPROVED' })],
      { reviewEvent: 'COMMENT' },
      null,
    ],
  ])('%s', (_n, reviews, over, refused) => {
    const plan = decide(facts(reviews, over));
    if (refused) expect(plan).toMatchObject({ action: 'refuse', message: expect.stringMatching(refused) });
    else expect(plan.action).not.toBe('refuse');
  });
});

describe('decide: stale APPROVEs go before the create (plan.early)', () => {
  const early = (plan: ReturnType<typeof decide>) =>
    plan.action === 'post' || plan.action === 'review' ? plan.early.map((d) => [d.entry.review.id, d.why]) : null;

  test('a live APPROVE for an older head is dismissed early, in post and in preflight', () => {
    const old = review({ head: OLD, state: 'APPROVED' });
    expect(early(decide(facts([old])))).toEqual([[old.id, 'stale']]);
    expect(early(decide(facts([old], { verdict: null })))).toEqual([[old.id, 'stale']]);
  });

  // attack round 16 (E16b-2): a persona-version bump judges the head again; the older version's approval of this very
  // head must not stand meanwhile (GitHub's review state, the board)
  test.each<[string, string | undefined, string | undefined, boolean]>([
    ['v1 approval, now v2', 'v1', 'v2', true],
    ['approval without a version, now v2', undefined, 'v2', true],
    ['v2 approval, now without a version', 'v2', undefined, true],
    ['the same version: it stands (duplicate, nothing early)', 'v2', 'v2', false],
  ])('an approval of this head by another persona version: %s', (_n, was, now, dismissed) => {
    const old = review({ head: HEAD, state: 'APPROVED', ...(was ? { version: was } : {}) });
    const plan = decide(facts([old], { verdict: null, ...(now ? { version: now } : {}) }));
    expect(early(plan)).toEqual(dismissed ? [[old.id, 'stale']] : null);
  });

  test.each<[string, () => ReviewFact[], Partial<Facts>]>([
    [
      'a stale CHANGES_REQUESTED waits for the new review',
      () => [review({ head: OLD, state: 'CHANGES_REQUESTED' })],
      {},
    ],
    ['a stale COMMENTED review cannot be dismissed', () => [review({ head: OLD, state: 'COMMENTED' })], {}],
    [
      'dismiss-stale: changes-requested leaves APPROVEs',
      () => [review({ head: OLD, state: 'APPROVED' })],
      { dismissStale: 'changes-requested' },
    ],
    ['dismiss-stale: none', () => [review({ head: OLD, state: 'APPROVED' })], { dismissStale: 'none' }],
    ['an already dismissed APPROVE', () => [review({ head: OLD, state: 'DISMISSED', verdict: 'APPROVE' })], {}],
  ])('%s → nothing early', (_n, reviews, over) => {
    expect(early(decide(facts(reviews(), over)))).toEqual([]);
  });

  test('only the APPROVEs among several stale reviews, oldest first', () => {
    const a = review({ head: OLDER, state: 'APPROVED' });
    const c = review({ head: OLD, state: 'CHANGES_REQUESTED' });
    const b = review({ head: OLD, state: 'APPROVED' });
    expect(early(decide(facts([b, c, a])))).toEqual([
      [a.id, 'stale'],
      [b.id, 'stale'],
    ]);
  });
});

describe('decide: persona version and force', () => {
  const outcome = (plan: ReturnType<typeof decide>) => (plan.action === 'keep' ? plan.outcome : plan.action);

  test.each<[string, ReviewFact[], Partial<Facts>, string]>([
    ['same head, same version → duplicate', [review({ head: HEAD, version: 'v2' })], { version: 'v2' }, 'duplicate'],
    ['same head, another version → post', [review({ head: HEAD, version: 'v1' })], { version: 'v2' }, 'post'],
    ['same head, reviewed without a version, now v2 → post', [review({ head: HEAD })], { version: 'v2' }, 'post'],
    ['same head reviewed as v2, now without a version → post', [review({ head: HEAD, version: 'v2' })], {}, 'post'],
    [
      'same tree, same version → unchanged',
      [review({ head: OLD, tree: TREE, version: 'v2' })],
      { version: 'v2' },
      'unchanged',
    ],
    [
      'same tree, another version → post',
      [review({ head: OLD, tree: TREE, version: 'v1' })],
      { version: 'v2' },
      'post',
    ],
    ['force on a reviewed head → post', [review({ head: HEAD })], { force: true }, 'post'],
    ['force on an unchanged tree → post', [review({ head: OLD, tree: TREE })], { force: true }, 'post'],
    ['force in preflight → review', [review({ head: HEAD })], { force: true, verdict: null }, 'review'],
  ])('%s', (_n, reviews, over, expected) => {
    expect(outcome(decide(facts(reviews, over)))).toBe(expected);
  });

  test('a review of another version for the head is no duplicate: the new one replaces it', () => {
    const v1 = review({ head: HEAD, version: 'v1' });
    const self = review({ head: HEAD, version: 'v2' });
    const history = historyOf([v1, self], ME, 'priya');
    const s = settle(history, PR, history[1]!, 'all');
    expect(s.anchor.review.id).toBe(self.id);
    expect(s.dismiss.map((d) => [d.entry.review.id, d.why])).toEqual([[v1.id, 'duplicate']]);
  });

  test('a review of the same version for the head stands over a later copy', () => {
    const first = review({ head: HEAD, version: 'v2' });
    const self = review({ head: HEAD, version: 'v2' });
    const history = historyOf([first, self], ME, 'priya');
    expect(settle(history, PR, history[1]!, 'all').anchor.review.id).toBe(first.id);
  });

  test("force: this run's review stands, the earlier one for the head is dismissed", () => {
    const first = review({ head: HEAD });
    const self = review({ head: HEAD, forced: true });
    const history = historyOf([first, self], ME, 'priya');
    const forced = settle(history, PR, history[1]!, 'all');
    expect(forced.anchor.review.id).toBe(self.id);
    expect(forced.dismiss.map((d) => [d.entry.review.id, d.why])).toEqual([[first.id, 'duplicate']]);
    const copy = historyOf([first, review({ head: HEAD })], ME, 'priya');
    expect(settle(copy, PR, copy[1]!, 'all').anchor.review.id).toBe(first.id);
  });

  test('force, and the listing lags behind the create: the forced review stands all the same', () => {
    const first = review({ head: HEAD, state: 'CHANGES_REQUESTED' });
    const self = historyOf([review({ head: HEAD, forced: true })], ME, 'priya')[0]!;
    const s = settle(historyOf([first], ME, 'priya'), PR, self, 'all');
    expect(s.anchor.review.id).toBe(self.review.id);
    expect(s.dismiss.map((d) => [d.entry.review.id, d.why])).toEqual([[first.id, 'duplicate']]);
  });

  test('two forced runs raced for one head: both let the newer forced review stand', () => {
    const first = review({ head: HEAD, state: 'CHANGES_REQUESTED' });
    const a = review({ head: HEAD, forced: true });
    const b = review({ head: HEAD, forced: true, state: 'CHANGES_REQUESTED' });
    const history = historyOf([first, a, b], ME, 'priya');
    for (const self of [history[1]!, history[2]!]) {
      const s = settle(history, PR, self, 'all');
      expect(s.anchor.review.id).toBe(b.id);
      expect(s.dismiss.map((d) => [d.entry.review.id, d.why])).toEqual([
        [first.id, 'duplicate'],
        [a.id, 'duplicate'],
      ]);
    }
    // the newer one's run does not list its own review yet: the same
    const lagging = historyOf([first, a], ME, 'priya');
    expect(settle(lagging, PR, history[2]!, 'all').anchor.review.id).toBe(b.id);
  });

  // attack L, L2: a plain copy created just after a maintainer's forced rejection of its head, settled after the PR's
  // head moved on (nothing stands for the new head): the forced rejection stays, the copy goes as its duplicate
  test('a plain copy after a forced review of its head, the head moved since: the forced review stands', () => {
    const forced = review({ head: OLD, forced: true, state: 'CHANGES_REQUESTED' });
    const copy = review({ head: OLD, state: 'APPROVED' });
    const history = historyOf([forced, copy], ME, 'priya');
    const s = settle(history, PR, history[1]!, 'all');
    expect(s.anchor.review.id).toBe(forced.id);
    expect(s.dismiss.map((d) => [d.entry.review.id, d.why])).toEqual([[copy.id, 'duplicate']]);
    // alone, the copy is still the anchor: the gate keeps the persona's latest opinion
    const alone = historyOf([copy], ME, 'priya');
    expect(settle(alone, PR, alone[0]!, 'all').anchor.review.id).toBe(copy.id);
  });
});

describe('settle: what stands, what is dismissed', () => {
  const entry = (r: ReviewFact): HistoryEntry => historyOf([r], ME, 'priya')[0]!;
  const ids = (d: { entry: HistoryEntry; why: string }[]) => d.map((x) => [x.entry.review.id, x.why]);

  test.each<
    [
      string,
      'all' | 'changes-requested' | 'none',
      (self: ReviewFact) => ReviewFact[],
      (rs: ReviewFact[]) => (number | string)[][],
    ]
  >([
    [
      'all: APPROVED and CHANGES_REQUESTED on earlier heads are stale',
      'all',
      () => [review({ head: OLD, state: 'CHANGES_REQUESTED' }), review({ head: OLDER, state: 'APPROVED' })],
      (rs) => [
        [rs[0]!.id, 'stale'],
        [rs[1]!.id, 'stale'],
      ],
    ],
    [
      'changes-requested: only CHANGES_REQUESTED',
      'changes-requested',
      () => [review({ head: OLD, state: 'CHANGES_REQUESTED' }), review({ head: OLDER, state: 'APPROVED' })],
      (rs) => [[rs[0]!.id, 'stale']],
    ],
    ['none: nothing stale', 'none', () => [review({ head: OLD, state: 'CHANGES_REQUESTED' })], () => []],
    [
      'COMMENTED and DISMISSED are never dismissed',
      'all',
      () => [review({ head: OLD, state: 'COMMENTED' }), review({ head: OLDER, state: 'DISMISSED' })],
      () => [],
    ],
    [
      "a human's and another persona's are not history, so never touched",
      'all',
      () => [
        review({ login: 'alice', head: OLD, state: 'CHANGES_REQUESTED' }),
        review({ persona: 'marcus', head: OLD, state: 'CHANGES_REQUESTED' }),
      ],
      () => [],
    ],
  ])('%s', (_n, policy, others, expected) => {
    const rs = others(null as never);
    const self = review({ head: HEAD, state: 'APPROVED' });
    const s = settle(historyOf([...rs, self], ME, 'priya'), PR, entry(self), policy);
    expect(s.anchor.review.id).toBe(self.id);
    expect(ids(s.dismiss)).toEqual(expected(rs));
  });

  test.each(['all', 'none'] as const)(
    'two runs raced for one head: the first stands, the later copy is a duplicate (dismiss-stale %s)',
    (policy) => {
      const first = review({ head: HEAD, state: 'APPROVED' });
      const self = review({ head: HEAD, state: 'APPROVED' });
      const s = settle(historyOf([first, self], ME, 'priya'), PR, entry(self), policy);
      expect(s.anchor.review.id).toBe(first.id);
      expect(ids(s.dismiss)).toEqual([[self.id, 'duplicate']]);
    },
  );

  test('a raced COMMENTED copy cannot be dismissed (GitHub refuses): it is left, the first still stands', () => {
    const first = review({ head: HEAD, state: 'COMMENTED', verdict: 'COMMENT' });
    const self = review({ head: HEAD, state: 'COMMENTED', verdict: 'COMMENT' });
    const s = settle(historyOf([first, self], ME, 'priya'), PR, entry(self), 'all');
    expect(s.anchor.review.id).toBe(first.id);
    expect(s.dismiss).toEqual([]);
  });

  test("a review for a newer head already landed: this run's review is stale itself", () => {
    const self = review({ head: OLD, state: 'CHANGES_REQUESTED' });
    const newer = review({ head: HEAD, state: 'APPROVED' });
    const s = settle(historyOf([self, newer], ME, 'priya'), PR, entry(self), 'all');
    expect(s.anchor.review.id).toBe(newer.id);
    expect(ids(s.dismiss)).toEqual([[self.id, 'stale']]);
  });

  test("the PR moved on but nothing landed for the new head: this run's review stands", () => {
    const older = review({ head: OLDER, state: 'CHANGES_REQUESTED' });
    const self = review({ head: OLD, state: 'APPROVED' });
    const s = settle(historyOf([older, self], ME, 'priya'), PR, entry(self), 'all');
    expect(s.anchor.review.id).toBe(self.id);
    expect(ids(s.dismiss)).toEqual([[older.id, 'stale']]);
  });

  test('a review recorded against the current head is never stale', () => {
    const self = review({ head: OLD, state: 'APPROVED' }); // carried-forward baseline
    const s = settle(historyOf([self], ME, 'priya'), PR, entry(self), 'all');
    expect(s.dismiss).toEqual([]);
  });

  test('the listing may lag behind the create: self is still considered', () => {
    const older = review({ head: OLD, state: 'CHANGES_REQUESTED' });
    const self = review({ head: HEAD, state: 'APPROVED' });
    const s = settle(historyOf([older], ME, 'priya'), PR, entry(self), 'all');
    expect(s.anchor.review.id).toBe(self.id);
    expect(ids(s.dismiss)).toEqual([[older.id, 'stale']]);
  });

  test('duplicate outcome: the first review for the head is current', () => {
    const first = review({ head: HEAD, state: 'APPROVED' });
    const second = review({ head: HEAD, state: 'APPROVED' });
    const plan = decide(facts([first, second]));
    expect(plan).toMatchObject({ action: 'keep', outcome: 'duplicate', current: { review: first } });
  });
});

describe('findLanded: after an ambiguous create failure', () => {
  test.each([
    ["this run's review is there", [review({ head: HEAD, run: 'run-1' })], true],
    ["another run's review for this head", [review({ head: HEAD, run: 'run-0' })], false],
    ["this run's marker on another account", [review({ head: HEAD, run: 'run-1', login: 'mallory' })], false],
    ['nothing', [], false],
  ])('%s', (_n, reviews, found) => {
    expect(findLanded(reviews, ME, 'priya', HEAD, 'run-1') !== null).toBe(found);
  });
});

describe("adoptable: another run's review an ambiguous create may take as standing (round 15, F1)", () => {
  test.each<[string, Parameters<typeof review>[0], boolean, boolean]>([
    ['a plain run, a plain review', { head: HEAD, run: 'run-0' }, false, true],
    ['a forced run, a plain review', { head: HEAD, run: 'run-0' }, true, false],
    ['a forced run, a forced review', { head: HEAD, run: 'run-0', forced: true }, true, true],
    ['a forced run, an edited review made forced', { head: HEAD, forced: true, edited: true }, true, false],
    ['a plain run, an edited review', { head: HEAD, run: 'run-0', edited: true }, false, false],
  ])('%s', (_n, o, forced, adopted) => {
    const r = review(o);
    const got = adoptable([r], ME, { persona: 'priya', head: HEAD, ...(forced ? { forced } : {}) }, new Set());
    expect(got !== null).toBe(adopted);
    // one that existed before the create is never taken
    expect(adoptable([r], ME, { persona: 'priya', head: HEAD }, new Set([r.id]))).toBeNull();
  });
});

describe("settle after a write: the run's own review, read back edited, cuts nothing (round 15's read-through)", () => {
  test.each([
    ['edited by a writer', true],
    ['not in the edit trace yet (counted as edited)', true],
    ['not edited', false],
  ])('%s: the forced review before it stands', (_n, edited) => {
    const m = review({ head: HEAD, forced: true, state: 'CHANGES_REQUESTED' });
    const sent = review({ head: HEAD });
    const s = edited ? { ...sent, edited: true } : sent;
    const own = historyOf([sent], ME, 'priya')[0]!;
    const history = historyOf([m, s], ME, 'priya', own);
    const self = history.find((h) => h.review.id === s.id)!;
    const got = settle(history, PR, self, 'all');
    expect(got.anchor.review.id).toBe(m.id);
    expect(got.dismiss.map((d) => d.entry.review.id)).toEqual([s.id]);
    // without `own`, an edited review of the account overrules the forced one before it
    if (edited) expect(settle(historyOf([m, s], ME, 'priya'), PR, self, 'all').anchor.review.id).toBe(s.id);
  });
});

describe('standingFor: a forced review replaces every earlier opinion of its subject for good', () => {
  const SUBJECT = { head: HEAD, base: 'main', version: '' };
  const entries = (rs: ReviewFact[]): HistoryEntry[] => historyOf(rs, ME, 'priya');
  test.each<[string, () => ReviewFact[], number | null]>([
    ['one review → it', () => [review({ head: HEAD })], 0],
    ['two copies → the first', () => [review({ head: HEAD }), review({ head: HEAD })], 0],
    [
      'a forced one after → the forced one',
      () => [review({ head: HEAD }), review({ head: HEAD, forced: true, state: 'CHANGES_REQUESTED' })],
      1,
    ],
    [
      'the forced one edited → nothing (the older APPROVE never comes back)',
      () => [review({ head: HEAD }), review({ head: HEAD, forced: true, state: 'CHANGES_REQUESTED', edited: true })],
      null,
    ],
    [
      'the forced one dismissed → nothing',
      () => [review({ head: HEAD }), review({ head: HEAD, forced: true, state: 'DISMISSED', verdict: 'APPROVE' })],
      null,
    ],
    [
      'the forced one edited, a new review since → the new one',
      () => [
        review({ head: HEAD }),
        review({ head: HEAD, forced: true, state: 'CHANGES_REQUESTED', edited: true }),
        review({ head: HEAD, state: 'CHANGES_REQUESTED' }),
      ],
      2,
    ],
    [
      'the first edited, a second since → the second',
      () => [review({ head: HEAD, edited: true }), review({ head: HEAD })],
      1,
    ],
    // attack round 15, E1: an edit that takes the marker (or "forced") out of the forced review
    [
      "the forced one's marker deleted by an edit → nothing",
      () => [
        review({ head: HEAD, state: 'COMMENTED', event: 'COMMENT' }),
        { ...review({ head: HEAD, state: 'COMMENTED' }), body: 'text\n## VERDICT: CHANGES_REQUESTED', edited: true },
      ],
      null,
    ],
    [
      'only "forced" edited out → nothing',
      () => [
        review({ head: HEAD, state: 'COMMENTED', event: 'COMMENT' }),
        review({ head: HEAD, state: 'COMMENTED', event: 'COMMENT', verdict: 'CHANGES_REQUESTED', edited: true }),
      ],
      null,
    ],
    [
      'an edited review naming another persona of the account, or another head → nothing older stands',
      () => [
        review({ head: HEAD, state: 'COMMENTED', event: 'COMMENT' }),
        review({ head: OLD, persona: 'marcus', state: 'COMMENTED', event: 'COMMENT', edited: true }),
      ],
      null,
    ],
    [
      "another account's edited review cuts nothing",
      () => [review({ head: HEAD }), review({ head: HEAD, login: 'octo-marcus', edited: true })],
      0,
    ],
    [
      'an edited review older than the standing one cuts nothing after it',
      () => [review({ head: OLD, edited: true }), review({ head: HEAD })],
      1,
    ],
  ])('%s', (_n, make, want) => {
    const rs = make();
    const got = standingFor(entries(rs), SUBJECT);
    expect(got ? rs.indexOf(got.review) : null).toBe(want);
  });
});

// an unverified identity (an installation token) and a live review by another account with this persona's marker for
// the head: another bot's review may mean reviewer-login is wrong (refuse: a second post would double); a person's is
// a copy (attack round 12, B6), edited or not; a bot's blocks edited too (D3: an edit let a wrong login post twice)
describe('decide: another account carrying the persona marker for this head, identity unverified', () => {
  const ME_BOT = 'priya-app[bot]';
  test.each<[string, Parameters<typeof review>[0], boolean]>([
    ["another bot's review", { login: 'other-app[bot]', head: HEAD, state: 'APPROVED' }, true],
    ["another bot's review, edited", { login: 'other-app[bot]', head: HEAD, state: 'APPROVED', edited: true }, true],
    ["another bot's review of an older head", { login: 'other-app[bot]', head: OLD, state: 'APPROVED' }, false],
    ["a person's COMMENT with a copied marker", { login: 'mallory', head: HEAD, state: 'COMMENTED' }, false],
    ["a person's APPROVED with a copied marker", { login: 'mallory', head: HEAD, state: 'APPROVED' }, false],
    ["another bot's review, dismissed", { login: 'other-app[bot]', head: HEAD, state: 'DISMISSED' }, false],
  ])('%s: refused %s', (_n, r, refused) => {
    const plan = decide(facts([review(r)], { identity: ME_BOT, identityVerified: false }));
    expect(plan.action === 'refuse').toBe(refused);
  });
});
