// Held-out 36–38's rules (core/intent-key.ts, core/intent-line.ts): a first pass's verdict is history, a
// "Disposition" key gives a review's verdict only as an action, and a closing paragraph that is nothing but a merge
// said in words ("Good to merge") is read like a closing token — each with the cases that must stay unread.
import { describe, expect, test } from 'vitest';
import { findIntent } from '../../src/core/intent.js';

const verdictOf = (body: string) => findIntent(body.split('\n')).suggestion?.verdict ?? null;
const REVIEW = '## Review\n\nThe change reads well and its tests pass.\n';

describe("a first pass's verdict is history, not this review's (held-out 38)", () => {
  test.each<[string, string, string | null]>([
    [
      'three branches, each with a first-pass MERGE and my own DELETE',
      [1, 2, 3].map((n) => `### Branch ${n}\n\n**First-pass verdict: MERGE**\n**My verdict: DELETE**\n`).join('\n'),
      null,
    ],
    [
      'First round verdict: APPROVE, then a refusal',
      `**First round verdict:** APPROVE\n\n**Verdict:** REJECT\n`,
      'CHANGES_REQUESTED',
    ],
    ["first pass's verdict alone", `${REVIEW}\nFirst pass's verdict: APPROVE\n`, null],
    ['a verdict after "first" that is not a pass: read', `${REVIEW}\n**Verdict:** APPROVE\n`, 'APPROVE'],
  ])('%s → %s', (_n, body, verdict) => {
    expect(verdictOf(body)).toBe(verdict);
  });
});

describe('"Disposition" gives a verdict only as an action (held-out 37)', () => {
  test.each<[string, string, string | null]>([
    [
      'opening the body',
      '**Disposition: APPROVE** — reproduced at the exact head.\n\n## Measured\n\n- 29/29\n',
      'APPROVE',
    ],
    [
      'Request changes',
      `${REVIEW}\n**Disposition:** REQUEST CHANGES — the migration drops data\n`,
      'CHANGES_REQUESTED',
    ],
    ["a finding's triage: Rejected", '### 1. Race\n\n**Disposition:** Rejected (false positive)\n', null],
    ["a finding's triage: Accepted", 'Finding 2 disposition: ACCEPTED\n\nThe rest still breaks the build.\n', null],
    ['a triage word of a pass', `${REVIEW}\n**Disposition:** PASS\n`, null],
    [
      'a list item',
      'We looked at the flake.\n\n- Disposition: approved as a known flake\n- The PR breaks the build.\n',
      null,
    ],
    ['deferred', `${REVIEW}\nDisposition: deferred to #812.\n`, null],
  ])('%s → %s', (_n, body, verdict) => {
    expect(verdictOf(body)).toBe(verdict);
  });
});

describe('a closing paragraph that is only a merge in words (held-out 36)', () => {
  test.each<[string, string, string | null]>([
    ['Good to merge', `${REVIEW}\nGood to merge\n`, 'APPROVE'],
    ['**Safe to merge.**', `${REVIEW}\n**Safe to merge.**\n`, 'APPROVE'],
    ['Cleared for merge!', `${REVIEW}\nCleared for merge!\n`, 'APPROVE'],
    ['Merge when ready.', `${REVIEW}\nMerge when ready.\n`, 'APPROVE'],
    ['a question', `${REVIEW}\nGood to merge?\n`, null],
    ['a subject: "It\'s good to merge" (of what?)', `${REVIEW}\nIt's good to merge.\n`, null],
    ['another pull request named in the body', `This depends on #812.\n\nGood to merge.\n`, null],
    ['a pull request link in the body', `See https://github.com/o/r/pull/812 first.\n\nGood to merge.\n`, null],
    ['hard-wrapped: the line before goes on', `${REVIEW}\nI am not sure it is\ngood to merge.\n`, null],
    ['a tail', `${REVIEW}\nGood to merge once CI passes.\n`, null],
    ['a cross', `${REVIEW}\n❌ Good to merge\n`, null],
    ['a list item', `${REVIEW}\n- Good to merge\n`, null],
    ['a heading', `${REVIEW}\n## Good to merge\n`, null],
    ['a quote', `${REVIEW}\n> Good to merge\n`, null],
    ['not the closing line', `${REVIEW}\nGood to merge\n\nThe migration still drops a column.\n`, null],
    ['negated', `${REVIEW}\nNot good to merge.\n`, null],
    ['an open must-fix list above it', `## Must fix before merge\n\n- the race in the cache\n\nGood to merge.\n`, null],
  ])('%s → %s', (_n, body, verdict) => {
    expect(verdictOf(body)).toBe(verdict);
  });
});
