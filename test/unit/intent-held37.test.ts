// Held-out 36–38 and attack 32 (core/intent-key.ts, core/intent-doubts.ts, core/intent-body.ts): a verdict key
// qualified as an earlier pass is history; a bare token amended by an afterthought is in doubt; a dash and a name
// is a sign-off, a dash and a sentence is not. And what attack 32 took out, pinned unread: a closing "Good to
// merge", a "Disposition:" key.
import { describe, expect, test } from 'vitest';
import { findIntent } from '../../src/core/intent.js';

const verdictOf = (body: string) => findIntent(body.split('\n')).suggestion?.verdict ?? null;
const REVIEW = '## Review\n\nThe change reads well and its tests pass.\n';
const FIXED = '\n\nBoth issues are fixed in the new push; I re-ran the suite.\n';

describe("an earlier pass's verdict is history, not this review's (held-out 38, attack 32)", () => {
  test.each([
    'First-pass verdict',
    'First round verdict',
    'Initial-pass verdict',
    'First review verdict',
    '1st-pass verdict',
    'Pre-rebase verdict',
    "Yesterday's verdict",
    'Original review verdict',
    'v1 verdict',
    'First-cycle verdict',
    "Earlier review's verdict",
    "Last review's verdict",
    'Before-fixes verdict',
    'Prior-round verdict',
    'Previous verdict',
  ])('**%s:** REQUEST CHANGES, then fixed → nothing (not the old refusal)', (key) => {
    expect(verdictOf(`**${key}:** REQUEST CHANGES${FIXED}`)).toBe(null);
  });

  test.each<[string, string, string | null]>([
    [
      'three branches, each with a first-pass MERGE and my own DELETE',
      [1, 2, 3].map((n) => `### Branch ${n}\n\n**First-pass verdict: MERGE**\n**My verdict: DELETE**\n`).join('\n'),
      null,
    ],
    [
      'an old verdict, then this one',
      `**Initial-pass verdict:** APPROVE\n\n**Verdict:** REJECT\n`,
      'CHANGES_REQUESTED',
    ],
    ['"Pre-merge verdict" is this review\'s', `${REVIEW}\n**Pre-merge verdict:** APPROVE\n`, 'APPROVE'],
    ['"Final verdict" is this review\'s', `${REVIEW}\n**Final verdict:** REQUEST CHANGES\n`, 'CHANGES_REQUESTED'],
  ])('%s → %s', (_n, body, verdict) => {
    expect(verdictOf(body)).toBe(verdict);
  });
});

describe('a bare token amended by an afterthought, and a sign-off (attack 32)', () => {
  test.each<[string, string, string | null]>([
    ['"— actually no, wait: …"', `${REVIEW}\nLGTM\n\n— actually no, wait: the NUL byte reaches Postgres.\n`, null],
    ['"— edit: un-approving …"', `${REVIEW}\nApproved\n\n— edit: un-approving. CI fails on Postgres 12.\n`, null],
    ['"Edit: …" on the next line', `${REVIEW}\nLGTM\nEdit: found a race, hold off.\n`, null],
    ['"P.S. …"', `${REVIEW}\nLGTM\n\nP.S. the migration is not reversible; please add a down step.\n`, null],
    ['"-- …"', `${REVIEW}\nLGTM\n\n-- scratch that, the lock order is wrong.\n`, null],
    ['a sign-off "— Dana"', `${REVIEW}\nLGTM\n\n— Dana\n`, 'APPROVE'],
    ['a sign-off "—Pi"', `${REVIEW}\nReady to merge.\n\n—Pi\n`, 'APPROVE'],
    ['a sign-off "— @dana"', `${REVIEW}\nApproved\n\n— @dana\n`, 'APPROVE'],
    ['a sign-off "– Dana Reyes"', `${REVIEW}\nLGTM\n\n– Dana Reyes\n`, 'APPROVE'],
    [
      '"— @captain (hold for the freeze)" is no sign-off',
      `${REVIEW}\nApproved\n\n— @captain (hold for the freeze)\n`,
      null,
    ],
    ['"— Never Mind" is no sign-off', `${REVIEW}\nLGTM\n\n— Never Mind\n`, null],
    ['"— Hold." is no sign-off', `${REVIEW}\nLGTM\n\n— Hold.\n`, null],
    ['"Scratch that." after a bare token', `${REVIEW}\nLGTM\n\nScratch that. The lock order is wrong.\n`, null],
    [
      '"Edited:" after a keyed verdict',
      `**Verdict:** APPROVE\n\nEdited: CI fails on Postgres 12, un-approving.\n`,
      null,
    ],
    [
      '"## Updated At" is a timestamp, not an update',
      `**Verdict:** APPROVE\n\n## Updated At\n- 2026-08-02\n`,
      'APPROVE',
    ],
    [
      'a part verdict above an earlier pass\'s ("Previous verdict: … still stands") gives way',
      'Step 1 verdict: APPROVE\n\nThe queue is still unbounded.\n\nPrevious verdict: REQUEST CHANGES — still stands.\n',
      null,
    ],
    [
      'a list after a keyed verdict is no afterthought',
      `**Verdict:** APPROVED\n\n- **Changes required:** None\n`,
      'APPROVE',
    ],
  ])('%s → %s', (_n, body, verdict) => {
    expect(verdictOf(body)).toBe(verdict);
  });
});

describe("attack 33: an earlier review's section, a list that goes on, a hidden note", () => {
  test.each<[string, string, string | null]>([
    [
      'a verdict under "## Previous review"',
      '## Previous review (Mar 3)\n\nVerdict: APPROVE\n\n## Today\n\nThe force-push dropped the tenant filter.\n',
      null,
    ],
    [
      'under a bold "**Earlier round**"',
      '**Earlier round**\n\nVerdict: REQUEST CHANGES\n\n**Now**\n\nAll fixed.\n',
      null,
    ],
    ['under "## Review" it stands', '## Review\n\nVerdict: APPROVE\n', 'APPROVE'],
    ['"LGTM" then "- but …"', 'Read it.\n\nLGTM\n\n- but the password is still logged\n- and the body too\n', null],
    ['"Clean." then a list of details', '**Verdict:** APPROVED\n\nClean.\n\n- **Changes required:** None\n', 'APPROVE'],
  ])('%s → %s', (_n, body, verdict) => {
    expect(verdictOf(body)).toBe(verdict);
  });

  test.each<[string, string | null]>([
    ['LGTM\n<!-- reviewed the 2.x backport branch, see my other comment -->', null],
    ['LGTM\n<!-- placeholder so the bot stops pinging, real review tomorrow -->', null],
    ['Looks good to me.\n<!-- ignore: testing the review bot -->', null],
    ['Looks good to me.\n<!-- reviewer: dana -->', 'APPROVE'],
    ['LGTM\n<!-- persona-verdict-marker -->', 'APPROVE'],
    // a key that says something else may take the approval back (attack 40): "<!-- nack -->", "<!-- pr: #812 -->"
    ['LGTM\n<!-- nack -->', null],
    ['Looks good to me.\n<!-- scope: docs -->', null],
    ['Looks good to me.\n<!-- generated-by: reviewbot -->', 'APPROVE'],
  ])(
    'a short comment with a hidden note: %j → %s (only a marker or a key of who wrote it, or when, is metadata)',
    (body, verdict) => {
      expect(verdictOf(body)).toBe(verdict);
    },
  );
});

describe('code quoted in prose is not a verdict (held-out 40, attack 34)', () => {
  test.each<[string, string | null]>([
    ['the next line hardcodes `DECISION="REQUEST_CHANGES"`, which the agent may never replace.', null],
    ['With this patch ``VERDICT: APPROVE`` lines are accepted anywhere.', null],
    ['## Verdict\n\n`APPROVE` reviews from the bot account do not count, so this is a comment.', null],
    ['Stage 1 verdict: PASS\n\n`## VERDICT: REQUEST_CHANGES`', 'CHANGES_REQUESTED'], // the verdict written as code
    ['Part 1 verdict: APPROVE\n\n**`Verdict: REQUEST CHANGES`**', 'CHANGES_REQUESTED'],
    ['**Verdict:** `REQUEST_CHANGES` due to the non-atomic ledger write.', 'CHANGES_REQUESTED'], // a reason follows
    ['**Verdict:** Request changes until `request_changes` events are handled.', 'CHANGES_REQUESTED'],
    ['Set `DECISION=APPROVE` in the env.', null],
    ['**Decision:** `CHANGES_REQUESTED` reviews from advisory bots are not blockers.', null],
    ['**Verdict:** `APPROVE`', 'APPROVE'],
    ['**Verdict:** `APPROVE` with nits', 'APPROVE'],
    ['Verdict: `approve`', 'APPROVE'],
    ['`VERDICT:` APPROVE', 'APPROVE'], // the key written as code: a drift, read
    ['**Verdict:** `REQUEST CHANGES` — the cache is never invalidated', 'CHANGES_REQUESTED'],
  ])('%j → %s', (body, verdict) => {
    expect(verdictOf(body)).toBe(verdict);
  });
});

describe('taken out after attack 32: these are not read', () => {
  test.each<[string, string]>([
    ['a closing "Good to merge" (23 wrong: conditions above it, other PRs, quotes)', `${REVIEW}\nGood to merge\n`],
    ['a closing "Merge when ready."', `${REVIEW}\nMerge when ready.\n`],
    ['"Disposition: APPROVE" (6 wrong: it triages one item of several)', '**Disposition: APPROVE** — reproduced.\n'],
    ['"Disposition: REQUEST CHANGES"', `${REVIEW}\n**Disposition:** REQUEST CHANGES\n`],
    // attack 34: 14 wrong through these, a section label, a tool's score, a ticket's status, an approval after them
    [
      '"Needs improvement" (taken out after attack 34)',
      `${REVIEW}\n**Overall Assessment:** ⚠️ **Needs Improvement**\n`,
    ],
    ['"rework required" (taken out after attack 34)', `${REVIEW}\n**Verdict:** REWORK REQUIRED — the cache\n`],
    [
      '"Address critical issues before production deployment" (10 wrong: a release, another PR, a quote)',
      `${REVIEW}\n**Recommendation:** Address critical issues before production deployment.\n`,
    ],
  ])('%s', (_n, body) => {
    expect(verdictOf(body)).toBe(null);
  });
});
