// A must-fix section (core/intent-mustfix.ts) holds back the approval after it unless its list is stated empty or
// every item is marked fixed. Reading a section closed by one table fixed on every row, or by a key saying all are
// resolved (held-out 46's "### Critical Issues (C1–C3)", held-out 50's "**Critical Issues Verdict:** All resolved"),
// was tried on 2026-12-03, narrowed after attacks 41 and 42, and taken out after attack 43 got 24 bodies wrong through
// it (a Notes column saying the fix was reverted, "Verified" meaning the finding is confirmed, an open blocker under
// the next heading): every body here stays unread.
import { describe, expect, test } from 'vitest';
import { findIntent } from '../../src/core/intent.js';

const verdictOf = (body: string) => findIntent(body.split('\n')).suggestion?.verdict ?? null;
const table = (rows: string[]) => ['| Issue | Fixed? | Notes |', '|---|---|---|', ...rows].join('\n');
const review = (section: string) =>
  `# Verification review (round 2)\n\n## 2. Critical Issues\n\n${section}\n\n` +
  '## 3. Final Verdict\n\n**Recommendation:** Approve\n';
const CLOSED = '**Critical Issues Verdict:** All resolved';

describe('a critical-issues section with a fixed table or a closing key still holds the approval back', () => {
  test.each<[string, string, string | null]>([
    [
      'every row fixed, then "All resolved"',
      review(`${table(['| C1: schema | Yes | None |', '| C2: export | Yes | None |'])}\n\n${CLOSED}`),
      null,
    ],
    [
      'a list, then "Critical issues: all fixed." (a key alone closes no list)',
      review('- C1: schema\n\nCritical issues: all fixed.'),
      null,
    ],
    [
      'a fixed table, then a key about something else',
      review(`${table(['| C1: schema | Yes | None |'])}\n\nUnit tests: All fixed`),
      null,
    ],
    // attack 41: a key about something else closes nothing; a row whose status is not fixed keeps it open
    ['a key that names no subject', review('- C1: schema\n- C2: export\n\nStatus: all fixed.'), null],
    ['a key about the tests', review('- C1: schema\n\nUnit tests: All fixed'), null],
    ['a key about an earlier round', review('- C1: schema\n\nRound 1 items: All fixed'), null],
    [
      'a row deferred',
      review('| # | Status |\n|---|---|\n| 1 | Deferred |\n| 2 | ✅ Fixed |\n\nCritical issues: All resolved'),
      null,
    ],
    ['a row open, tracked elsewhere', review('| # | Status |\n|---|---|\n| 1 | Open — tracked in #455 |\n'), null],
    [
      'a row still open',
      review(`${table(['| C1: schema | Yes | None |', '| C2: export | No | later |'])}\n\n${CLOSED}`),
      null,
    ],
    ['a row partly fixed', review(`${table(['| C1: schema | Partial | |'])}\n\n**Verdict:** All resolved`), null],
    ['prose that doubts it', review('C2 still fails on Windows.\n\n**Verdict:** All resolved'), null],
    ['the key not last', review('**Verdict:** All resolved\n\n- C3: the cache is never invalidated'), null],
    ['no closing key, a table without a status column', review('| Issue | Notes |\n|---|---|\n| C1 | ok |'), null],
    ['no closing key, but "Fixed?" is Yes on every row', review(table(['| C1: schema | Yes | None |'])), null],
    ['"All resolved?" is a question', review('- C1\n\n**Verdict:** All resolved?'), null],
    // held-out 46: the section is one table whose Status column reads FIXED on every row
    [
      'a status table, every row FIXED',
      review(
        '| ID | Issue | Status | Notes |\n|---|---|---|---|\n' +
          '| C1 | PATCH scope | FIXED | scoped |\n| C2 | cache | ✅ Fixed | keyed |',
      ),
      null,
    ],
    [
      'a status table with a row STILL OPEN',
      review('| ID | Status |\n|---|---|\n| C1 | FIXED |\n| C2 | STILL OPEN |'),
      null,
    ],
    ['a table with no status column', review('| ID | Notes |\n|---|---|\n| C1 | FIXED |'), null],
    [
      'a status table, then prose that doubts it',
      review('| ID | Status |\n|---|---|\n| C1 | FIXED |\n\nC1 still fails on ARM.'),
      null,
    ],
  ])('%s', (_n, body, verdict) => {
    expect(verdictOf(body)).toBe(verdict);
  });
});
