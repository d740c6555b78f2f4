// A weak key repeated for three or more items is the items' triage (core/intent-items.ts), but the one line of that
// key right under the review's verdict heading is set apart: also when the key's other lines in the body all give the
// same verdict (held-out 16: "**Status:** ✅ **APPROVED**" at the top, "- **Status:** PASS" per acceptance criterion,
// and "**Status:** ✅ **APPROVED** — Production Ready" under "## RECOMMENDATION").
import { describe, expect, test } from 'vitest';
import { findIntent } from '../../src/core/intent.js';

const verdictOf = (body: string) => findIntent(body.split('\n')).suggestion?.verdict ?? null;
const report = (top: string, under: string) =>
  `# Story review\n\n**Status:** ${top}\n\n## AC-1\n- **Status:** PASS\n\n## AC-2\n- **Status:** PASS\n\n` +
  `## RECOMMENDATION\n\n**Status:** ${under}\n`;

describe('the status under the verdict heading, among statuses that agree', () => {
  test.each<[string, string, string | null]>([
    ['all approve', report('✅ **APPROVED**', '✅ **APPROVED** — Production Ready'), 'APPROVE'],
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
