import { describe, expect, test } from 'vitest';
import { buildBoard, renderBoard, BOARD_MARKER } from '../../src/core/board.js';
import { encodeMarker } from '../../src/core/marker.js';
import type { ReviewFact } from '../../src/core/decide.js';
import type { Verdict } from '../../src/core/grammar.js';

const H = '1'.repeat(40);
const OLD = '2'.repeat(40);
const T = 'a'.repeat(40);
const T2 = 'b'.repeat(40);
let id = 1;
const rv = (
  login: string,
  persona: string,
  head: string,
  tree: string | null,
  verdict: Verdict,
  state: string,
): ReviewFact => ({
  id: id++,
  login,
  state,
  body: `${encodeMarker({ persona, head, tree, base: 'main', verdict, run: 'r' })}\n## VERDICT: ${verdict}`,
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
      'other tree on an older head → stale, no verdict',
      [rv('octo-priya', 'priya', OLD, T2, 'APPROVE', 'APPROVED')],
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
    const b = buildBoard(P, reviews, H, T, 'main');
    expect(b.rows.map((r) => r.standing)).toEqual(standings);
    expect(b.panelVerdict).toBe(panel);
    expect(b.missing).toEqual(missing);
  });

  test('head tree unknown: nothing is carried forward', () => {
    const b = buildBoard(P, [rv('octo-priya', 'priya', OLD, T, 'APPROVE', 'APPROVED')], H, null, 'main');
    expect(b.rows[0]!.standing).toBe('stale');
  });

  test.each([
    ['edited', { edited: true }, 'main'],
    ['for another base', {}, 'staging'],
  ])('an approval %s counts for nothing on the board', (_n, extra, base) => {
    const r = { ...rv('octo-priya', 'priya', H, T, 'APPROVE', 'APPROVED'), ...extra };
    const b = buildBoard([{ persona: 'priya', login: 'octo-priya' }], [r], H, T, base);
    expect(b.rows[0]!.verdict).toBeNull();
    expect(b.missing).toEqual(['priya']);
  });

  test('render: marker first, one row per persona, markdown in names escaped', () => {
    const b = buildBoard([{ persona: 'a*b', login: 'x' }], [], H, T, 'main');
    const text = renderBoard(b, '9.9.9');
    expect(text.split('\n')[0]).toBe(BOARD_MARKER);
    expect(text).toContain('| a*b (@x) |'.replace('*', '&#42;'));
    expect(text).toContain('v9.9.9');
  });
});
