import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Conclusion } from '../../src/core/outcome.js';
import { html, markOf, mdLine } from '../../src/report.js';

// a maintainer's walkthrough: a lone CR in an input value ended the quote (a rule, a list item, a live mention)
describe('text from inputs stays inside its quote or cell', () => {
  test.each([
    ['a\nb', 'a\n> b'],
    ['a\r\nb', 'a\n> b'],
    ['a\rb', 'a\n> b'],
    ['x\r\r---\r- @octocat', 'x\n> \n> ---\n> - @octocat'],
    // GitHub links a bare URL, www. or e-mail address by itself (attack round 14, S1): a zero-width space after them
    ['re-run at https://x.example/r', 're-run at https\u200b://x.example/r'],
    ['or www.x.example', 'or www\u200b.x.example'],
    ['mail a@b.example', 'mail a@\u200bb.example'],
    ['at\\_www. after an escaped underscore', 'at\\\\\\_www\u200b. after an escaped underscore'],
    ['packages/@acme/www.logo.png and priya=@octo-priya', 'packages/@acme/www.logo.png and priya=@octo-priya'],
    ['**bold** `code` <b>', '\\*\\*bold\\*\\* \\`code\\` &lt;b&gt;'],
  ])('mdLine(%j)', (input, out) => expect(mdLine(input)).toBe(out));

  test.each([
    ['a\rb', 'a b'],
    ['a\r\nb\nc', 'a b c'],
    ['<"&>', '&lt;&quot;&amp;&gt;'],
  ])('html(%j)', (input, out) => expect(html(input)).toBe(out));
});

// an independent review: a restamped run's heading had no mark (and a leading space)
describe("every outcome action.yml lists has a heading mark; a failing step's is ❌", () => {
  const yml = readFileSync(join(import.meta.dirname, '../../action.yml'), 'utf8');
  const listed = /^ {2}outcome:\n {4}description: "What the run did: (.*)"$/m.exec(yml)![1]!;
  const outcomes = listed
    .replace(/\([^)]*\)/g, '')
    .split(/,\s*|\s+or\s+/)
    .map((o) => o.trim().split(/[\s.]/)[0]!)
    .filter(Boolean);
  test('action.yml lists them', () => expect(outcomes.length).toBeGreaterThanOrEqual(12));
  test.each(outcomes)('%s', (outcome) => {
    const r = { outcome, verdict: 'APPROVE' } as unknown as Conclusion;
    expect(markOf(r)).toMatch(/^\p{Extended_Pictographic}/u);
    expect(markOf({ ...r, failure: 'x' })).toBe('❌');
  });
});
