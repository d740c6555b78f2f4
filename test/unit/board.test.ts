import { describe, expect, test } from 'vitest';
import {
  buildBoard,
  mayKeepRejection,
  hasOwnStatus,
  ownStatusNotGreen,
  renderBoard,
  withReReviews,
  BOARD_MARKER,
} from '../../src/core/board.js';
import type { DismissalEvent } from '../../src/core/restamp.js';
import { encodeMarker, type Marker } from '../../src/core/marker.js';
import type { ReviewFact } from '../../src/core/decide.js';
import type { Verdict } from '../../src/core/grammar.js';

const H = '1'.repeat(40);
const OLD = '2'.repeat(40);
const T = 'a'.repeat(40);
const T2 = 'b'.repeat(40);
/** The PR patch every review recorded, and the head's by default. */
const SAME = 'e'.repeat(64);
let id = 1;
const rv = (
  login: string,
  persona: string,
  head: string,
  tree: string | null,
  verdict: Verdict,
  state: string,
  more: Partial<Marker> = {},
): ReviewFact => ({
  id: id++,
  login,
  state,
  body:
    encodeMarker({ persona, head, tree, patch: SAME, base: 'main', verdict, run: 'r', ...more }) +
    `\n## VERDICT: ${verdict}`,
  htmlUrl: `https://github.test/r/${id}`,
});
const P = [
  { persona: 'priya', login: 'octo-priya' },
  { persona: 'marcus', login: 'octo-marcus' },
];

describe('buildBoard', () => {
  test.each<[string, ReviewFact[], string[], Verdict, string[]]>([
    ['nobody reviewed', [], ['missing', 'missing'], 'COMMENT', ['priya', 'marcus']],
    [
      'both approve the head',
      [
        rv('octo-priya', 'priya', H, T, 'APPROVE', 'APPROVED'),
        rv('octo-marcus', 'marcus', H, T, 'APPROVE', 'APPROVED'),
      ],
      ['current', 'current'],
      'APPROVE',
      [],
    ],
    [
      'a marker naming the persona in another case (Priya) is that persona’s verdict',
      [
        rv('octo-priya', 'Priya', H, T, 'APPROVE', 'APPROVED'),
        rv('octo-marcus', 'MARCUS', H, T, 'APPROVE', 'APPROVED'),
      ],
      ['current', 'current'],
      'APPROVE',
      [],
    ],
    [
      'one approves, one missing → COMMENT',
      [rv('octo-priya', 'priya', H, T, 'APPROVE', 'APPROVED')],
      ['current', 'missing'],
      'COMMENT',
      ['marcus'],
    ],
    [
      'any CHANGES_REQUESTED wins',
      [
        rv('octo-priya', 'priya', H, T, 'APPROVE', 'APPROVED'),
        rv('octo-marcus', 'marcus', H, T, 'CHANGES_REQUESTED', 'CHANGES_REQUESTED'),
      ],
      ['current', 'current'],
      'CHANGES_REQUESTED',
      [],
    ],
    [
      'same tree on an older head → carried forward',
      [
        rv('octo-priya', 'priya', OLD, T, 'APPROVE', 'APPROVED'),
        rv('octo-marcus', 'marcus', H, T, 'APPROVE', 'APPROVED'),
      ],
      ['carried-forward', 'current'],
      'APPROVE',
      [],
    ],
    [
      'another change on an older head (tree and patch) → stale, no verdict',
      [rv('octo-priya', 'priya', OLD, T2, 'APPROVE', 'APPROVED', { patch: 'f'.repeat(64) })],
      ['stale', 'missing'],
      'COMMENT',
      ['priya', 'marcus'],
    ],
    [
      'dismissed review does not count',
      [rv('octo-priya', 'priya', H, T, 'APPROVE', 'DISMISSED')],
      ['missing', 'missing'],
      'COMMENT',
      ['priya', 'marcus'],
    ],
    [
      'marker by another account is ignored',
      [rv('mallory', 'priya', H, T, 'APPROVE', 'APPROVED')],
      ['missing', 'missing'],
      'COMMENT',
      ['priya', 'marcus'],
    ],
    [
      'marker naming another persona on the account is ignored',
      [rv('octo-priya', 'marcus', H, T, 'APPROVE', 'APPROVED')],
      ['missing', 'missing'],
      'COMMENT',
      ['priya', 'marcus'],
    ],
    [
      'COMMENT verdict counts as a verdict',
      [
        rv('octo-priya', 'priya', H, T, 'COMMENT', 'COMMENTED'),
        rv('octo-marcus', 'marcus', H, T, 'APPROVE', 'APPROVED'),
      ],
      ['current', 'current'],
      'COMMENT',
      [],
    ],
  ])('%s', (_n, reviews, standings, panel, missing) => {
    const b = buildBoard(P, reviews, { head: H, base: 'main', headTree: T, headPatch: SAME });
    expect(b.rows.map((r) => r.standing)).toEqual(standings);
    expect(b.panelVerdict).toBe(panel);
    expect(b.missing).toEqual(missing);
  });

  // attack round 14, P1: an approval a forced re-review is judging again counts for nothing on the board either
  test.each<[string, Verdict, Verdict, string[], string, string[]]>([
    ['both approve, priya re-reviewed', 'APPROVE', 'APPROVE', ['priya'], 'COMMENT', ['priya']],
    ['both approve, nobody re-reviewed', 'APPROVE', 'APPROVE', [], 'APPROVE', []],
    ['a rejection under re-review still rejects', 'CHANGES_REQUESTED', 'APPROVE', ['priya'], 'CHANGES_REQUESTED', []],
    ['both re-reviewed', 'APPROVE', 'APPROVE', ['priya', 'marcus'], 'COMMENT', ['priya', 'marcus']],
  ])('withReReviews: %s', (_n, vp, vm, doubted, panel, missing) => {
    const reviews = [
      rv('octo-priya', 'priya', H, T, vp, vp === 'APPROVE' ? 'APPROVED' : 'CHANGES_REQUESTED'),
      rv('octo-marcus', 'marcus', H, T, vm, 'APPROVED'),
    ];
    const b = withReReviews(buildBoard(P, reviews, { head: H, base: 'main', headTree: T }), new Set(doubted));
    expect(b.panelVerdict).toBe(panel);
    expect(b.missing).toEqual(missing);
    for (const p of doubted)
      if (b.rows.find((r) => r.persona === p)!.standing === 're-reviewing')
        expect(renderBoard(b, '0.0.0')).toMatch(/re-review under way/);
  });

  // attack round 16: an approval whose persona's own newest status on the head is not green counts for nothing
  test.each<[string, string[], string[], string, string[]]>([
    ["priya's status red", [], ['priya'], 'COMMENT', ['priya']],
    ['both red', [], ['priya', 'marcus'], 'COMMENT', ['priya', 'marcus']],
    ['a re-review under way outranks it', ['priya'], ['priya'], 'COMMENT', ['priya']],
    ['none red', [], [], 'APPROVE', []],
  ])('withReReviews, not green: %s', (_n, doubted, notGreen, panel, missing) => {
    const reviews = [
      rv('octo-priya', 'priya', H, T, 'APPROVE', 'APPROVED'),
      rv('octo-marcus', 'marcus', H, T, 'APPROVE', 'APPROVED'),
    ];
    const built = buildBoard(P, reviews, { head: H, base: 'main', headTree: T });
    const b = withReReviews(built, new Set(doubted), new Set(), new Set(notGreen));
    expect(b.panelVerdict).toBe(panel);
    expect(b.missing).toEqual(missing);
    const standing = (p: string) => b.rows.find((r) => r.persona === p)!.standing;
    for (const p of notGreen) expect(standing(p)).toBe(doubted.includes(p) ? 're-reviewing' : 'not-green');
    if (notGreen.length && !doubted.length)
      expect(renderBoard(b, '0.0.0')).toMatch(/its own status on the head is not/);
  });

  // the persona's own newest status among its login's (newest first): the first its jobs wrote, in any case
  test.each<[string, Array<{ state: string; description: string }>, boolean]>([
    ['its green', [{ state: 'success', description: 'priya: approved for PR #7' }], false],
    ['its failure', [{ state: 'failure', description: 'Priya failed: no-body' }], true],
    ['its pending', [{ state: 'pending', description: 'priya is reviewing 1a2b3c4 for PR #7' }], true],
    [
      "another persona's on the same account first, then its green",
      [
        { state: 'failure', description: 'priyanka: CHANGES_REQUESTED for PR #7' },
        { state: 'success', description: 'priya: approved for PR #7' },
      ],
      false,
    ],
    ['none of its own', [{ state: 'failure', description: 'marcus: changes requested' }], false],
  ])('ownStatusNotGreen: %s', (_n, mine, notGreen) => {
    expect(ownStatusNotGreen(mine, 'priya')).toBe(notGreen);
  });

  // an App member with a commit status of its own on the head writes commit statuses there: its runs are not needed
  test.each<[string, Array<{ description: string }>, boolean]>([
    ['its green', [{ description: 'priya: approved for PR #7' }], true],
    ['its pending, another case', [{ description: 'Priya is reviewing 1a2b3c4 for PR #7' }], true],
    ['its failure', [{ description: 'priya failed: no-body' }], true],
    ["another persona's", [{ description: 'priyanka: approved for PR #7' }], false],
    ['none', [], false],
  ])('hasOwnStatus: %s', (_n, mine, has) => {
    expect(hasOwnStatus(mine, 'priya')).toBe(has);
  });

  test('head tree unknown: nothing is carried forward', () => {
    const b = buildBoard(P, [rv('octo-priya', 'priya', OLD, T, 'APPROVE', 'APPROVED')], {
      head: H,
      base: 'main',
      headTree: null,
    });
    expect(b.rows[0]!.standing).toBe('stale');
  });

  test.each([
    ['edited', { edited: true }, 'main'],
    ['for another base', {}, 'staging'],
  ])('an approval %s counts for nothing on the board', (_n, extra, base) => {
    const r = { ...rv('octo-priya', 'priya', H, T, 'APPROVE', 'APPROVED'), ...extra };
    const b = buildBoard([{ persona: 'priya', login: 'octo-priya' }], [r], { head: H, base, headTree: T });
    expect(b.rows[0]!.verdict).toBeNull();
    expect(b.rows[0]!.standing).toBe(_n === 'edited' ? 'edited' : 'other-base');
    expect(renderBoard(b, '1')).toMatch(/not counting/);
    expect(b.missing).toEqual(['priya']);
  });

  // the persona jobs' rules (core/decide.ts standingFor, carriedTo), row by row
  const PATCH = 'c'.repeat(64);
  const priya = [{ persona: 'priya', login: 'octo-priya' }];
  test.each<[string, ReviewFact[], { headPatch?: string | null; version?: string }, string, Verdict | null]>([
    [
      'a forced re-review stands over the earlier review of the same head',
      [
        rv('octo-priya', 'priya', H, T, 'APPROVE', 'APPROVED'),
        rv('octo-priya', 'priya', H, T, 'CHANGES_REQUESTED', 'CHANGES_REQUESTED', { forced: true }),
      ],
      {},
      'current',
      'CHANGES_REQUESTED',
    ],
    [
      'without force the first review of a head stands (a racing copy does not replace it)',
      [
        rv('octo-priya', 'priya', H, T, 'CHANGES_REQUESTED', 'CHANGES_REQUESTED'),
        rv('octo-priya', 'priya', H, T, 'APPROVE', 'APPROVED'),
      ],
      {},
      'current',
      'CHANGES_REQUESTED',
    ],
    [
      'a rebase with the same PR patch carries the verdict (as the persona job ends unchanged)',
      [rv('octo-priya', 'priya', OLD, T2, 'APPROVE', 'APPROVED', { patch: PATCH })],
      { headPatch: PATCH },
      'carried-forward',
      'APPROVE',
    ],
    [
      'another patch: stale',
      [rv('octo-priya', 'priya', OLD, T2, 'APPROVE', 'APPROVED', { patch: PATCH })],
      { headPatch: 'd'.repeat(64) },
      'stale',
      null,
    ],
    [
      'a declared version the review is not of: stale, even on the head',
      [rv('octo-priya', 'priya', H, T, 'APPROVE', 'APPROVED', { version: 'v1' })],
      { version: 'v2' },
      'stale',
      null,
    ],
    [
      'the declared version: current',
      [rv('octo-priya', 'priya', H, T, 'APPROVE', 'APPROVED', { version: 'v2' })],
      { version: 'v2' },
      'current',
      'APPROVE',
    ],
    [
      "no declared version: the newest review's version decides, an older version's tree is not carried",
      [
        rv('octo-priya', 'priya', OLD, T, 'APPROVE', 'APPROVED', { version: 'v1' }),
        rv('octo-priya', 'priya', OLD, T2, 'CHANGES_REQUESTED', 'CHANGES_REQUESTED', { version: 'v2' }),
      ],
      {},
      'stale',
      null,
    ],
  ])('%s', (_n, reviews, o, standing, verdict) => {
    const member = o.version ? [{ ...priya[0]!, version: o.version }] : priya;
    const b = buildBoard(member, reviews, { head: H, base: 'main', headTree: T, headPatch: o.headPatch });
    expect(b.rows[0]!.standing).toBe(standing);
    expect(b.rows[0]!.verdict).toBe(verdict);
  });

  test('render: marker first, one row per persona, markdown in names escaped', () => {
    const b = buildBoard([{ persona: 'a*b', login: 'x' }], [], { head: H, base: 'main', headTree: T });
    const text = renderBoard(b, '9.9.9');
    expect(text.split('\n')[0]).toBe(BOARD_MARKER);
    expect(text).toContain('| a*b (@x) |'.replace('*', '&#42;'));
    expect(text).toContain('v9.9.9');
  });
});

// attack round 12 (B5): the board follows the persona jobs' keptRejection — a rejection of this head and base that the
// persona's account dismissed as stale on a retarget stands again back on the base, and the panel is CHANGES_REQUESTED
describe('buildBoard: a rejection kept on a retarget back', () => {
  const stale = (reviewId: number, actor = 'octo-priya'): DismissalEvent => ({
    reviewId,
    actor,
    message: `Superseded: priya's current review is 99 for 1111111; this one was for 1111111. [persona-verdict]`,
    commitId: null,
  });
  const at = { head: H, base: 'main', headTree: T };
  const rejected = () => rv('octo-priya', 'priya', H, T, 'CHANGES_REQUESTED', 'DISMISSED');
  const approved = () => rv('octo-marcus', 'marcus', H, T, 'APPROVE', 'APPROVED');
  test.each<[string, (r: ReviewFact) => DismissalEvent[] | undefined, string, Verdict]>([
    ['dismissed as stale by the account itself: it stands', (r) => [stale(r.id)], 'current', 'CHANGES_REQUESTED'],
    ['dismissed by a writer: a re-roll, not kept', (r) => [stale(r.id, 'octo-maintainer')], 'missing', 'COMMENT'],
    ['the timeline not read', () => undefined, 'missing', 'COMMENT'],
    ['no dismissal in the timeline', () => [], 'missing', 'COMMENT'],
  ])('%s', (_n, events, standing, panel) => {
    const r = rejected();
    const b = buildBoard(P, [r, approved()], at, events(r));
    expect(b.rows[0]!.standing).toBe(standing);
    expect(b.panelVerdict).toBe(panel);
  });
  test('mayKeepRejection: only a dismissed rejection of this head and base asks for the timeline', () => {
    expect(mayKeepRejection(P, [rejected(), approved()], at)).toBe(true);
    expect(mayKeepRejection(P, [approved()], at)).toBe(false);
    expect(mayKeepRejection(P, [rv('octo-priya', 'priya', OLD, T, 'CHANGES_REQUESTED', 'DISMISSED')], at)).toBe(false);
  });
});
