import { describe, expect, test } from 'vitest';
import { buildBoard, renderBoard, BOARD_MARKER } from '../../src/core/board.js';
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
