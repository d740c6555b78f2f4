// The log group's lines at info level: facts and plan in words (core/narrate.ts).
import { describe, expect, test } from 'vitest';
import { decide, type Facts, type ReviewFact } from '../../src/core/decide.js';
import { encodeMarker } from '../../src/core/marker.js';
import { describeFacts, describePlan } from '../../src/core/narrate.js';

const HEAD = '1'.repeat(40);
const OLD = '2'.repeat(40);
const PATCH = 'c'.repeat(64);
let id = 100;
const review = (o: { head?: string; state?: string; login?: string; persona?: string; edited?: boolean }) =>
  ({
    id: ++id,
    login: o.login ?? 'octo-priya',
    state: o.state ?? 'APPROVED',
    htmlUrl: 'https://github.test/r',
    edited: o.edited,
    body: `${encodeMarker({
      persona: o.persona ?? 'priya',
      head: o.head ?? OLD,
      tree: 'a'.repeat(40),
      patch: PATCH,
      base: 'main',
      verdict: o.state === 'CHANGES_REQUESTED' ? 'CHANGES_REQUESTED' : 'APPROVE',
      run: '1-1',
    })}\nbody\n\n## VERDICT: APPROVE`,
  }) satisfies ReviewFact;

const facts = (o: Partial<Facts>): Facts => ({
  persona: 'priya',
  identity: 'octo-priya',
  identityVerified: true,
  head: HEAD,
  base: 'main',
  author: 'someone',
  headTree: 'b'.repeat(40),
  headPatch: 'd'.repeat(64),
  reviews: [],
  verdict: null,
  skipUnchanged: true,
  dismissStale: 'all',
  reviewEvent: 'verdict',
  ...o,
});

describe('describeFacts: the head, the base, who reviews, and the persona history', () => {
  const rows: [string, Partial<Facts>, RegExp[]][] = [
    [
      'first review',
      { reviews: [review({ login: 'someone-else', persona: 'other' })] },
      [/^facts: head 1111111 into main, priya as octo-priya; /, /no earlier review by priya among the PR's 1 review$/],
    ],
    [
      'a history: count and newest',
      { reviews: [review({}), review({ state: 'CHANGES_REQUESTED', edited: true })] },
      [/2 reviews by priya, the newest #\d+ CHANGES_REQUESTED for 2222222 into main \(changes_requested, edited\)/],
    ],
    ['one review, singular', { reviews: [review({})] }, [/; 1 review by priya, the newest #\d+ APPROVE for 2222222/]],
    [
      'version, reviewer-login, force',
      { version: 'v2', identityVerified: false, force: true },
      [/priya v2 as octo-priya \(reviewer-login\);/, /; re-review requested \(force\)$/],
    ],
    [
      "another persona's reviews on the same account are not this persona's",
      { reviews: [review({ persona: 'omar' })] },
      [/no earlier review by priya/],
    ],
  ];
  test.each(rows)('%s', (_name, o, expected) => {
    const line = describeFacts(facts(o));
    for (const re of expected) expect(line).toMatch(re);
    expect(line).not.toContain('\n');
  });
});

describe('describePlan: each action of decide() in words', () => {
  const stale = review({ state: 'APPROVED' });
  const same = review({ head: HEAD });
  const rows: [string, Partial<Facts>, RegExp][] = [
    [
      'preflight, a stale APPROVE',
      { reviews: [stale] },
      new RegExp(`^plan: the persona reviews this head; dismiss #${stale.id} \\(stale\\) now$`),
    ],
    ['post', { verdict: 'CHANGES_REQUESTED' }, /^plan: post CHANGES_REQUESTED \(event REQUEST_CHANGES\)$/],
    [
      'duplicate',
      { verdict: 'APPROVE', reviews: [same] },
      new RegExp(`^plan: keep #${same.id} APPROVE for 1111111 into main \\(approved\\): duplicate$`),
    ],
    ['refusal', { author: 'octo-priya' }, /^plan: refuse: /],
  ];
  test.each(rows)('%s', (_name, o, expected) => {
    expect(describePlan(decide(facts(o)))).toMatch(expected);
  });
});

describe('narrated lines: text from an edited review can never start a line (workflow commands)', () => {
  // Anyone with write access may edit the persona's review body, marker included; the marker's base is
  // percent-decoded, so an edited `base=main%0A%3A%3Aerror%3A%3A…` decodes to a line break and a command.
  const forged = (base: string): ReviewFact => ({
    id: 900,
    login: 'octo-priya',
    state: 'APPROVED',
    htmlUrl: 'https://github.test/r',
    edited: true,
    body: `${encodeMarker({ persona: 'priya', head: OLD, tree: null, base, verdict: 'APPROVE', run: '1-1' })}\nx`,
  });
  const attacks = ['main\n::error::forged annotation', 'main\r::stop-commands::x', 'main\u2028::notice::y'];
  test.each(attacks)('base %j', (base) => {
    const f = facts({ reviews: [forged(base)] });
    for (const line of [describeFacts(f), describePlan(decide(f))]) {
      expect([...line].some((c) => c < ' ' || '\u007f\u0085\u2028\u2029'.includes(c))).toBe(false);
    }
  });
});
