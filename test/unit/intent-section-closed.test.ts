// A must-fix section that closes itself (core/intent-around.ts): a table or list of the round's critical issues,
// then a key that says all of them are resolved as the section's last line, no longer holds back the approval after
// it (held-out 50: "## 2. Critical Issues" … "**Critical Issues Verdict:** All resolved" … "**Recommendation:**
// Approve"). Anything in the section that leaves an item open keeps it open.
import { describe, expect, test } from 'vitest';
import { findIntent } from '../../src/core/intent.js';

const verdictOf = (body: string) => findIntent(body.split('\n')).suggestion?.verdict ?? null;
const table = (rows: string[]) => ['| Issue | Fixed? | Notes |', '|---|---|---|', ...rows].join('\n');
const review = (section: string) =>
  `# Verification review (round 2)\n\n## 2. Critical Issues\n\n${section}\n\n## 3. Final Verdict\n\n**Recommendation:** Approve\n`;

describe('a critical-issues section closed by its own key', () => {
  test.each<[string, string, string | null]>([
    [
      'every row fixed, then "All resolved"',
      review(
        `${table(['| C1: schema | Yes | None |', '| C2: export | Yes | None |'])}\n\n**Critical Issues Verdict:** All resolved`,
      ),
      'APPROVE',
    ],
    ['a list, then "Status: all fixed."', review('- C1: schema\n- C2: export\n\nStatus: all fixed.'), 'APPROVE'],
    [
      'a row still open',
      review(
        `${table(['| C1: schema | Yes | None |', '| C2: export | No | later |'])}\n\n**Critical Issues Verdict:** All resolved`,
      ),
      null,
    ],
    ['a row partly fixed', review(`${table(['| C1: schema | Partial | |'])}\n\n**Verdict:** All resolved`), null],
    ['prose that doubts it', review('C2 still fails on Windows.\n\n**Verdict:** All resolved'), null],
    ['the key not last', review('**Verdict:** All resolved\n\n- C3: the cache is never invalidated'), null],
    ['no closing key', review(table(['| C1: schema | Yes | None |'])), null],
    ['"All resolved?" is a question', review('- C1\n\n**Verdict:** All resolved?'), null],
  ])('%s', (_n, body, verdict) => {
    expect(verdictOf(body)).toBe(verdict);
  });
});
