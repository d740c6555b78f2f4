// The corpus figures: what counts as named, missed, wrong, or suggested where nothing may be.
import { describe, expect, test } from 'vitest';
import { coverageFailures, renderFigures, suggestionOutcome, tally, type SuggestionOutcome } from '../../src/corpus.js';

const A = '## VERDICT: APPROVE';
const C = '## VERDICT: CHANGES_REQUESTED';

describe('one body', () => {
  test.each<[string, string | null, string | null, boolean, SuggestionOutcome]>([
    ['the expected line, applied passes', A, A, true, 'named'],
    ['the expected line, applied fails', A, A, false, 'applied-fails'],
    ['a clear body, nothing suggested', A, null, false, 'missed'],
    ['a clear body, another verdict', A, C, true, 'wrong'],
    ['unclear, nothing suggested', null, null, false, 'nothing'],
    ['unclear, something suggested', null, A, true, 'suggested-unclear'],
  ])('%s', (_n, expected, actual, applies, outcome) => {
    expect(suggestionOutcome(expected, actual, applies)).toBe(outcome);
  });
});

test('per set: coverage on clear bodies, wrong suggestions, suggestions where the intent is unclear', () => {
  const rows: Array<{ set: string; outcome: SuggestionOutcome }> = [
    { set: 'held-out', outcome: 'named' },
    { set: 'held-out', outcome: 'named' },
    { set: 'held-out', outcome: 'missed' },
    { set: 'held-out', outcome: 'wrong' },
    { set: 'held-out', outcome: 'nothing' },
    { set: 'held-out', outcome: 'suggested-unclear' },
    { set: 'tuned on', outcome: 'named' },
  ];
  const [held, tuned] = tally(rows);
  expect(held).toEqual({ set: 'held-out', bodies: 6, clear: 4, named: 2, wrong: 1, unclear: 2, suggestedUnclear: 1 });
  expect(tuned).toMatchObject({ set: 'tuned on', clear: 1, named: 1 });
  expect(renderFigures(held!)).toBe(
    '  held-out (6 bodies): coverage on clear bodies 2/4 (50 %), wrong suggestions 1, ' +
      'suggestions where intent is unclear 1/2',
  );
});

describe('coverage: a floor per set guards regressions, the goal is reported', () => {
  const fig = (set: string, named: number, clear: number) => ({ set, named, clear });
  test.each<[string, ReturnType<typeof fig>, Record<string, number>, boolean, string | null]>([
    ['at the goal, no floor', fig('held-out', 9, 10), {}, false, null],
    ['under the goal, no floor: fails', fig('held-out', 8, 10), {}, true, 'coverage goal 90 % not reached on held-out'],
    [
      'under the goal, at its floor: reported, passes',
      fig('held-out 9', 10, 12),
      { 'held-out 9': 10 },
      false,
      'coverage goal 90 % not reached on held-out 9 (10/12; its floor, 10, is kept)',
    ],
    [
      'under its floor: fails',
      fig('held-out 9', 9, 12),
      { 'held-out 9': 10 },
      true,
      'coverage on held-out 9 fell below its floor: 9/12 named, was 10',
    ],
    ['above the goal, under its floor: fails', fig('held-out 2', 10, 11), { 'held-out 2': 11 }, true, 'floor'],
    ['the tuned-on set is held by its floor only', fig('tuned on', 20, 28), {}, false, null],
  ])('%s', (_n, f, floors, fails, note) => {
    const r = coverageFailures([f], 0.9, floors);
    expect(r.failing.length > 0).toBe(fails);
    if (note) expect(r.notes.join('\n')).toContain(note);
    else expect(r.notes).toEqual([]);
  });
});
