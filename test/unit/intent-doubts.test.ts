// What puts the deciding verdict in doubt (core/intent-doubts.ts): each rule only withholds. The rows that withhold
// are the shapes attacks got wrong through older readings (test/fixtures/intent-attack-*.json, "mended"), reduced;
// the rows that keep their suggestion are the corpus shapes each rule was narrowed against (named in each row).
import { describe, expect, test } from 'vitest';
import { findIntent } from '../../src/core/intent.js';

const intent = (body: string) => findIntent(body.split('\n'));
const FIX = 'The lock ordering in `pool.go` is fixed and a regression test covers it.';

describe('a verdict in doubt gives no suggestion, and says why', () => {
  test.each<[string, string, RegExp]>([
    [
      'a later numbered round, in words',
      `## Round one\n\n**Verdict:** LGTM\n\n## Round two\n\n${FIX}\n`,
      /later round/,
    ],
    [
      'a later round under a bold label',
      `**Round 1**\n\n**Verdict:** APPROVE\n\n**Round 2**\n\n${FIX}\n`,
      /later round/,
    ],
    [
      '"Review 2" after "Review 1"',
      `## Review 1 (a1b2c3d)\n\n**Verdict:** APPROVE\n\n## Review 2\n\n${FIX}\n`,
      /later/,
    ],
    ['"v2 review" after "v1 review"', `## v1 review\n\n**Verdict:** APPROVE\n\n## v2 review\n\n${FIX}\n`, /later/],
    [
      'a re-review after a round',
      `## Round 1\n\n**Verdict:** APPROVE\n\n## Re-review after force-push\n\n${FIX}\n`,
      /later/,
    ],
    ['the latest round above', `## Round 2 (latest)\n\n${FIX}\n\n## Round 1\n\n**Verdict:** APPROVE\n`, /later round/],
    [
      'a correction paragraph',
      `## Decision\n- Decision: APPROVE\n\nCorrection after a rerun: it races.\n`,
      /correction/,
    ],
    ['an update heading', `**Verdict:** REQUEST CHANGES\n\n## Update after 7c1e2f0\n\nBoth fixed.\n`, /update/],
    [
      'a bot quoted, no speaking verb',
      `Quoting the bot's review:\n\n> **Verdict:** REQUEST CHANGES\n\nFine.\n`,
      /someone else/,
    ],
    [
      'a follow-up review below the verdict (held-out 35)',
      '## Verdict: Request Changes\n\nTwo fixes first.\n\n## Follow-up Review: the relay\n\nBoth are fixed now.\n',
      /update or a correction/,
    ],
    [
      'a token taken back on its own line',
      '## Review\n\nRead the diff twice.\n\nLGTM (jk)\n',
      /takes its own verdict back/,
    ],
    [
      'a token over a pasted failing log',
      '## Review\n\nRead the diff twice.\n\nLGTM\n\n```\nFAIL src/api.test.ts (3 failed)\n```\n',
      /takes its own verdict back/,
    ],
    ['a tool summary', `From CodeRabbit's summary:\n\n> Status: CHANGES REQUESTED\n\nDone.\n`, /someone else/],
    ['a tab-indented block', 'The bot said:\n\n\tVerdict: REQUEST CHANGES\n\nAll good.\n', /someone else/],
    [
      'an indented block the body ends with',
      'Fine. Its output, for the record:\n\n    Status: REJECTED\n',
      /someone else/,
    ],
    [
      'a pasted line, unquoted',
      `## Bot output\n\nCodeRabbit's run ended with the line below:\n\nLGTM — no comments\n`,
      /else/,
    ],
    [
      'a self-review quoted after a period',
      `It ends with the author's self-review.\n\n> **Verdict:** APPROVE\n`,
      /else/,
    ],
    ['a part in the heading', '## Verdict (docs only)\n\n**APPROVE**\n', /part/],
    ['a part in the key', '**Verdict (final, docs only):** APPROVE\n', /part/],
    ['pending another review', "**Verdict (overall, pending the DBA's review):** APPROVE\n", /part/],
    ['round 1 in the key', '**Verdict (round 1):** APPROVE\n\nNot looked at the new head yet.\n', /part/],
    ["a bot's approval", 'Status: Approved (CodeRabbit auto-approval on the first push)\n', /part/],
    ['a test run under "## Tests"', '## Findings\n\n1. A bug.\n\n## Tests\n\n**Status:** PASS — 58 green\n', /tests/],
    ['a merge/hold label', '## Decision\n\nMerge / Hold: **Hold**\n\nWaiting on the load test.\n', /alternatives/],
    ['a merge|hold label', '## Decision\n\nMerge | Hold: **Hold**\n', /alternatives/],
    ['whether or not, in Chinese', '**结论**：通过与否取决于安全团队的评估。\n', /whether/],
  ])('%s', (_n, body, why) => {
    const got = intent(body);
    expect(got.suggestion).toBeNull();
    expect(got.ambiguity).toMatch(why);
  });
});

describe('what each rule was narrowed against keeps its suggestion', () => {
  test.each<[string, string, string]>([
    // held-out 11: a round-2 review's verdict at the top, round 1's history below
    ['a lower round below', `**Verdict:** APPROVE\n\n## Round 1 Issues — Resolution Status\n\n${FIX}\n`, 'APPROVE'],
    // held-out 8: a follow-up review named as a label with its date, not a section that follows the review up
    [
      'a "Follow-up Review:" label',
      `**Verdict:** REQUEST CHANGES\n\n**Follow-up Review:** Scheduled after the fixes\n`,
      'CHANGES_REQUESTED',
    ],
    ['"Round 1 Follow-Up" below', `**Verdict**: APPROVE\n\n---\n\n## Round 1 Follow-Up\n\n${FIX}\n`, 'APPROVE'],
    // held-out 2, 8, 11, 19, 25: a schedule, not a round
    [
      '"Next Review:" below',
      `**Decision**: REJECTED\n\n**Next Review**: after all issues are resolved\n`,
      'CHANGES_REQUESTED',
    ],
    [
      '"Follow-up Review:" below',
      `**Verdict:** REQUEST CHANGES\n\n**Follow-up Review:** after the fixes\n`,
      'CHANGES_REQUESTED',
    ],
    // held-out 16 and 19: the verdict sums up the re-check below it
    ['a re-check it sums up', `**Verdict**: COMMENT\n\n## Recheck Delta (vs iter1)\n\n${FIX}\n`, 'COMMENT'],
    // held-out: a condition of the approval's own, read elsewhere
    [
      'pending a verification',
      '**Status**: Ready for Merge (pending manual verification of the roll mode).\n',
      'APPROVE',
    ],
    // held-out 16: the review's method, not a part
    [
      '"source-only" in the key',
      '**Status: APPROVED AFTER FIXES** (source-only review; each fix checked again)\n',
      'APPROVE',
    ],
    // held-out 4 and 7: a key with a slash, a table row
    ['a Go/No-Go decision', 'Final Go/No-Go decision: **GO FOR PRODUCTION DEPLOYMENT**\n', 'APPROVE'],
    // held-out 22 and 26: a review-status heading after a test-count one; a build report's title
    [
      'a review status heading',
      '### Tests to add\n\nMore.\n\n### PR Review Status\n\n**REQUEST CHANGES**\n',
      'CHANGES_REQUESTED',
    ],
    ['a title that names a build', '# Cockpit: QUICK SAFE-BUILD\n**Status**: ❌ FAIL\n', 'CHANGES_REQUESTED'],
  ])('%s', (_n, body, verdict) => {
    expect(intent(body).suggestion?.verdict ?? intent(body).ambiguity).toBe(verdict);
  });
});
