// A weak key repeated for three or more items is the items' triage (core/intent-items.ts); the one line of that key
// under the review's verdict heading is set apart only when it is the key's one verdict. Setting it apart also when
// the key's other lines all agree (held-out 16: "**Status:** ✅ **APPROVED**" at the top, "- **Status:** PASS" per
// criterion, again under "## RECOMMENDATION") was tried on 2026-12-03 and taken out after attack 42 got three bodies
// wrong through it (a base PR's status under its own heading): these stay unread.
import { describe, expect, test } from 'vitest';
import { findIntent } from '../../src/core/intent.js';

const verdictOf = (body: string) => findIntent(body.split('\n')).suggestion?.verdict ?? null;
const report = (top: string, under: string) =>
  `# Story review\n\n**Status:** ${top}\n\n## AC-1\n- **Status:** PASS\n\n## AC-2\n- **Status:** PASS\n\n` +
  `## RECOMMENDATION\n\n**Status:** ${under}\n`;

describe('the status under the verdict heading, among statuses that agree', () => {
  test.each<[string, string, string | null]>([
    ['all approve (taken out: attack 42)', report('✅ **APPROVED**', '✅ **APPROVED** — Production Ready'), null],
    ['the top one disagrees', report('❌ **CHANGES REQUESTED**', '✅ **APPROVED**'), null],
    [
      "one under each item's own verdict heading stays an item's",
      '### `axios`\n**Status:** patch\n#### Verdict\n**Status:** Approved\n\n### `jwt`\n**Status:** major\n' +
        '#### Verdict\n**Status:** Approved\n\n## Overall\n\nPlease regenerate the lockfile.\n',
      null,
    ],
  ])('%s', (_n, body, verdict) => {
    expect(verdictOf(body)).toBe(verdict);
  });
});
