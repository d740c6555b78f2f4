// What the operator is told. Explains only; the decision is in grammar.ts.
import { describe, expect, test } from 'vitest';
import { diagnose, differences } from '../../src/core/diagnostics.js';
import { visible } from '../../src/core/visible.js';
import { parseVerdict } from '../../src/core/grammar.js';

describe('what differs from the grammar, one near miss at a time', () => {
  test.each<[string, RegExp]>([
    ['### VERDICT: APPROVE', /heading level 3/],
    ['VERDICT: APPROVE', /not a level-2 heading/],
    ['## Verdict: APPROVE', /keyword written "Verdict"/],
    ['## VERDICT: approve', /token written "approve".*write APPROVE/],
    ['## **VERDICT:** APPROVE', /decoration/],
    ['## VERDICT: APPROVE — looks good', /trailing text after the token: "— looks good"/],
    // quoted as written, code marks and emphasis too (an independent review: "— LGTM x <b>" lost its backticks)
    ['**Verdict**: APPROVE — LGTM `x` <b>', /trailing text after the token: "— LGTM `x` <b>"/],
    ['## VERDICT: "APPROVE"', /^the token is in quotation marks: write it without them$/],
    ['## VERDICT: “LGTM”', /the token is in quotation marks[^]*"LGTM" is not a verdict token: it means APPROVE/],
    ['## VERDICT: APPROVE **(final)**', /trailing text after the token: "\*\*\(final\)\*\*"/],
    ['## VERDICT: REQUEST_CHANGES', /REQUEST_CHANGES is the API event name; the verdict token is CHANGES_REQUESTED/],
    ['## VERDICT: APPROVED', /APPROVED is the review state/],
    ['## VERDICT: LGTM', /"LGTM" is not a verdict token: it means APPROVE, so write APPROVE/],
    ['## VERDICT: REQUEST CHANGES', /"REQUEST CHANGES" is not a verdict token: it means CHANGES_REQUESTED/],
    ['## VERDICT: \u0410PPROVE', /non-ASCII or invisible character\(s\) U\+0410/],
    ['## VERDICT: APPROVE\u200b', /U\+200B/],
    ['##VERDICT: APPROVE', /no space after ##/],
    ['## VERDICT APPROVE', /no colon after VERDICT/],
    ['## VERDICT:', /no verdict token/],
    ['> ## VERDICT: APPROVE', /block-quoted/],
  ])('%s', (line, expected) => {
    expect(differences(line, true).join('\n')).toMatch(expected);
  });

  test('a well-formed line that is not last says so', () => {
    expect(differences('## VERDICT: APPROVE', false)).toEqual([expect.stringMatching(/not the last non-blank line/)]);
  });

  test('very long lines are explained from their start (bounded work: see npm run bench)', () => {
    const d = differences('## VERDICT: ' + 'A'.repeat(250_000), true);
    expect(d[0]).toMatch(/the line is 250012 characters long/);
    expect(d.join('\n')).toMatch(/unknown token "A{40}… \(\d+ more characters\)"/);
  });

  // a walkthrough: a mark glued to the token made it an unknown token, then "it means APPROVE, so write APPROVE"
  test.each([
    ['## VERDICT: APPROVE"', '"'],
    ["## VERDICT: APPROVE'", "'"],
    ['## VERDICT: APPROVE}', '}'],
    ['## VERDICT: COMMENT-', '-'],
    ['## VERDICT: APPROVE✅', '✅'],
    ['## VERDICT: APPROVE</p>', '</p>'],
    ['## VERDICT: CHANGES_REQUESTED/', '/'],
  ])('a grammar token with a mark glued to it: %s → only the trailing text', (line, rest) => {
    const d = differences(line, true);
    expect(d).toContain(`trailing text after the token: "${rest}" (nothing may follow the token)`);
    expect(d.join('\n')).not.toMatch(/is not a verdict token|unknown token/);
  });

  test('CHANGES_REQUESTED itself is not mistaken for decoration', () => {
    const d = differences('## VERDICT: CHANGES_REQUESTED extra', true).join('\n');
    expect(d).toMatch(/trailing text after the token: "extra"/);
    expect(d).not.toMatch(/decoration/);
  });
});

describe('visible()', () => {
  test.each([
    ['plain', 'plain'],
    ['a\u200bb', 'a\\u200Bb'],
    ['\u00a0', '\\u00A0'],
    ['tab\t', 'tab\\t'],
    // punctuation and symbols are quoted as written; what could hide or pass for ASCII is not
    ['😀', '😀'],
    ['a — b “c”', 'a — b “c”'],
    ['⚠️ ✅', '⚠️ ✅'],
    ['\uFE0FAPPROVE', '\\uFE0FAPPROVE'],
    ['\u0410PPROVE', '\\u0410PPROVE'],
    ['ＡＰＰＲＯＶＥ：', '\\uFF21\\uFF30\\uFF30\\uFF32\\uFF2F\\uFF36\\uFF25\\uFF1A'],
    ['soft\u00adhyphen', 'soft\\u00ADhyphen'],
    ['\u{1D400}', '\\u{1D400}'],
    // words a reader reads keep their characters (issue 18); look-alikes inside an ASCII word do not
    ['Überprüfung abgeschlossen, café', 'Überprüfung abgeschlossen, café'],
    ['很好 Привет', '很好 Привет'],
    ['APPROVЕ', 'APPROV\\u0415'],
    ['Straße', 'Straße'],
    ['APPROVıE', 'APPROV\\u0131E'],
    ['e\u0301', 'e\\u0301'],
    ['٣ items', '\\u0663 items'],
    ['C:\\dir', 'C:\\\\dir'],
  ])('%j → %j', (input, out) => expect(visible(input)).toBe(out));

  test('long lines are cut', () => {
    expect(visible('x'.repeat(500))).toMatch(/^x{160}… \(340 more characters\)$/);
  });
});

test('diagnose lists the last line and every near miss with line numbers', () => {
  const p = parseVerdict('Intro\n## VERDICT: APPROVE\nmore\n**Verdict:** approve.');
  if (p.ok) throw new Error('expected a failure');
  const d = diagnose(p);
  expect(d.reason).toBe('malformed-verdict');
  expect(d.lastLine).toEqual({ line: 4, text: '**Verdict:** approve.' });
  expect(d.nearMisses.map((n) => n.line)).toEqual([2, 4]);
  expect(d.nearMisses[0]!.differs[0]).toMatch(/not the last/);
});

describe('the headline names the line whenever the body states a verdict', () => {
  const REVIEW = 'Summary of the change.\n\n- one finding\n';
  test.each<[string, string, RegExp, RegExp | null]>([
    [
      'a stated verdict is suggested',
      `${REVIEW}\n**APPROVED**. The review file lists nits.\n`,
      /states its verdict \(line 5\)/,
      null,
    ],
    [
      'two rounds that disagree',
      `## Final verdict: REJECTED\n\n${REVIEW}\n## Updated verdict: ✅ APPROVED\n\nRound 2.\n`,
      /states a verdict \(lines 1, 7\) but which one it means is not clear \(the body states conflicting verdicts/,
      /has no verdict/,
    ],
    [
      'a conditional approval',
      `Recommendation: Approve with required changes\n\n${REVIEW}`,
      /states a verdict \(line 1\) .*conditional \("with required changes"\)/,
      /has no verdict/,
    ],
    [
      'a verdict in a word the grammar has no token for',
      `Verdict: CORRECT\n\n${REVIEW}`,
      /states a verdict \(line 1\) .*"CORRECT"/,
      /has no verdict/,
    ],
    [
      'a finding heading is no verdict',
      `## 6. ACCEPTED — the helper mutates its input\n\n${REVIEW}`,
      /has no verdict/,
      null,
    ],
    [
      'a checklist item is no verdict',
      `${REVIEW}\n- ✅ Blocked (404 = safe)\n- ✅ Logged\n\nThanks.\n`,
      /has no verdict/,
      null,
    ],
  ])('%s', (_n, body, says, never) => {
    const p = parseVerdict(body);
    if (p.ok) throw new Error('expected a refusal');
    const d = diagnose(p);
    expect(d.summary).toMatch(says);
    if (never) expect(d.summary).not.toMatch(never);
  });

  test('the stated lines are near misses with their differences', () => {
    const p = parseVerdict(`Verdict: CORRECT\n\n${REVIEW}`);
    if (p.ok) throw new Error('expected a refusal');
    expect(diagnose(p).nearMisses.map((n) => n.line)).toEqual([1]);
  });
});

// a verdict line GitHub shows as code or hides is not the review's: the headline says which block and where it opens,
// the line is named as a near miss, and nothing suggests keeping it (keeping it is what was refused)
describe('a verdict line inside a code block or an HTML comment', () => {
  const F = '```';
  const diag = (body: string) => {
    const p = parseVerdict(body);
    if (p.ok) throw new Error('accepted');
    return diagnose(p);
  };
  test.each<[string, string, RegExp, number]>([
    [
      'a code block left open',
      `Review.\n\n${F}markdown\n# Template\n\n## VERDICT: APPROVE\n`,
      /^line 6 is a verdict line, but the code block opened at line 3 is never closed, so GitHub shows it as code[^]*a line ```/,
      6,
    ],
    [
      'an HTML comment left open',
      'Review.\n\n<!-- notes\n## VERDICT: APPROVE',
      /^line 4 is a verdict line, but the HTML comment opened at line 3 is never closed, so GitHub hides it[^]*\(-->\)/,
      4,
    ],
    [
      'a closed code block',
      `Use this format:\n\n${F}\n## VERDICT: APPROVE\n${F}\n`,
      /^the body's only verdict line is inside a block GitHub shows as code or hides \(line 4, in the code block opened at line 3\): an example or a quote/,
      4,
    ],
    [
      'a closed HTML comment',
      'x\n<!--\n## VERDICT: COMMENT\n-->',
      /^the body's only verdict line is inside a block GitHub shows as code or hides \(line 3, in the HTML comment opened at line 2\)/,
      3,
    ],
  ])('%s', (_name, body, summary, line) => {
    const d = diag(body);
    expect(d.summary).toMatch(summary);
    expect(d.intent.suggestion).toBeNull();
    expect(d.intent.after).toEqual([]);
    const near = d.nearMisses.find((n) => n.line === line);
    expect(near?.differs).toEqual([
      expect.stringMatching(
        /^a well-formed verdict line, but inside the (code block|HTML comment) opened at line \d+: GitHub (shows it as code|hides it)$/,
      ),
    ]);
  });

  test('a verdict line outside the blocks keeps the verdict-not-last headline', () => {
    const d = diag(`## VERDICT: APPROVE\n\n${F}\n## VERDICT: COMMENT\n${F}\n\nThanks!`);
    expect(d.summary).toMatch(/^a verdict line appears, but text follows it/);
  });

  test('a verdict stated outside the block is still suggested', () => {
    const d = diag(`**Verdict:** APPROVE\n\nThe format:\n\n${F}\n## VERDICT: APPROVE\n`);
    expect(d.intent.suggestion?.line).toBe('## VERDICT: APPROVE');
    expect(d.intent.suggestion?.fromLine).toBe(1);
  });
});
