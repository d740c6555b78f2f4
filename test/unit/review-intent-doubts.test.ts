// A read-through of 0.13.0's intent-doubts (failed at 2a1cf6b, mended): laterRound took the last round marker
// ABOVE the verdict as the verdict's own round even when a
// heading that is not a round ("## Verdict") stands between them, so a verdict under its own heading after a
// newest-first history is withheld, with a message that says it "sits in" round 1.
import { expect, test } from 'vitest';
import { findIntent } from '../../src/core/intent.js';

const body = (rounds: string[]) =>
  [...rounds, '## Verdict', '', '**Verdict:** APPROVE', '', 'All findings are addressed.'].join('\n').split('\n');

test('control: rounds oldest first, the verdict under its own heading: suggested', () => {
  const r = findIntent(
    body(['## Round 1', '', '- fixed the null check', '', '## Round 2', '', '- fixed the docs', '']),
  );
  expect(r.suggestion?.verdict ?? null, r.ambiguity ?? '').toBe('APPROVE');
});

test('rounds newest first, the verdict under its own heading: a verdict in no round keeps its word', () => {
  const r = findIntent(
    body(['## Round 2', '', '- fixed the docs', '', '## Round 1', '', '- fixed the null check', '']),
  );
  expect(r.ambiguity).toBeNull();
  expect(r.suggestion?.verdict ?? null).toBe('APPROVE');
});
