// A must-fix section that closes itself (core/intent-mustfix.ts): one table whose every status column says each row
// is done, and at most a key named after the section saying all are resolved (held-out 46's "### Critical Issues
// (C1–C3)", held-out 50's "## 2. Critical Issues" … "**Critical Issues Verdict:** All resolved"), no longer holds
// back the approval after it. Anything else in the section keeps it open (attacks 41 and 42).
import { describe, expect, test } from 'vitest';
import { findIntent } from '../../src/core/intent.js';

const verdictOf = (body: string) => findIntent(body.split('\n')).suggestion?.verdict ?? null;
const table = (rows: string[]) => ['| Issue | Fixed? | Notes |', '|---|---|---|', ...rows].join('\n');
const review = (section: string) =>
  `# Verification review (round 2)\n\n## 2. Critical Issues\n\n${section}\n\n` +
  '## 3. Final Verdict\n\n**Recommendation:** Approve\n';
const CLOSED = '**Critical Issues Verdict:** All resolved';

describe('a critical-issues section closed by its own key', () => {
  test.each<[string, string, string | null]>([
    [
      'every row fixed, then "All resolved"',
      review(`${table(['| C1: schema | Yes | None |', '| C2: export | Yes | None |'])}\n\n${CLOSED}`),
      'APPROVE',
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
    ['no closing key, but "Fixed?" is Yes on every row', review(table(['| C1: schema | Yes | None |'])), 'APPROVE'],
    ['"All resolved?" is a question', review('- C1\n\n**Verdict:** All resolved?'), null],
    // held-out 46: the section is one table whose Status column reads FIXED on every row
    [
      'a status table, every row FIXED',
      review(
        '| ID | Issue | Status | Notes |\n|---|---|---|---|\n' +
          '| C1 | PATCH scope | FIXED | scoped |\n| C2 | cache | ✅ Fixed | keyed |',
      ),
      'APPROVE',
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
