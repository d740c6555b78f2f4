// The corpus figures: what counts as named, missed, wrong, or suggested where nothing may be.
import { describe, expect, test } from 'vitest';
import { renderFigures, suggestionOutcome, tally, type SuggestionOutcome } from '../../src/corpus.js';

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
