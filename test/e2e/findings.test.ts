// Inline findings end to end: placed against the diff at the reviewed head, in the
// same create call; whatever GitHub cannot anchor lands in the body; a 422 on a
// comment's position never costs the verdict.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseVerdict } from '../../src/core/grammar.js';
import { runAction, tempDir, writeBody } from './harness.js';
import { body, LOGINS, PR, TOKENS, useWorld } from './world.js';

const w = useWorld();
const reviews = () => w.gh.reviews.get(PR)!;
const creates = () => w.gh.log.filter((l) => l.method === 'POST' && /\/pulls\/\d+\/reviews$/.test(l.path));
const PATCH = ['@@ -1,4 +1,5 @@', ' a', '-b', '+B', '+B2', ' c', '@@ -20,2 +21,2 @@', ' x', '-y', '+Y'].join('\n');

/** A head whose PR diff has src/a.ts (two hunks) and a binary logo.png. */
function headWithFiles(): string {
  const head = w.gh.commit('with-files', undefined, [
    { filename: 'src/a.ts', status: 'modified', patch: PATCH },
    { filename: 'logo.png', status: 'added' },
  ]);
  w.gh.push(PR, head);
  w.head = head;
  return head;
}
const findingsFile = (json: unknown): string => {
  const p = join(tempDir(), 'findings.json');
  writeFileSync(p, typeof json === 'string' ? json : JSON.stringify(json));
  return p;
};
const run = (findings: unknown, verdict = 'APPROVE', inputs: Record<string, string> = {}) =>
  w.run('priya', body(verdict), { 'findings-path': findingsFile(findings), ...inputs });

describe('placement', () => {
  test('added, removed, context lines and ranges inline; the rest in the body above the verdict', async () => {
    headWithFiles();
    const r = await run([
      { path: 'src/a.ts', line: 2, body: 'added line', severity: 'major' },
      { path: 'src/a.ts', line: 2, side: 'LEFT', body: 'removed line' },
      { path: 'src/a.ts', line: 4, body: 'context line', severity: 'nit' },
      { path: 'src/a.ts', start_line: 1, line: 3, body: 'a range' },
      { path: 'src/a.ts', line: 10, body: 'outside the diff', severity: 'blocker' },
      { path: 'docs/x.md', line: 1, body: 'unknown file' },
      { path: 'logo.png', line: 1, body: 'binary file' },
    ]);
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs).toMatchObject({ outcome: 'posted', 'inline-findings': '4', 'body-findings': '3' });
    expect(creates()).toHaveLength(1);
    const sent = creates()[0]!.body;
    expect(sent.comments.map((c: any) => [c.path, c.line, c.side, c.start_line])).toEqual([
      ['src/a.ts', 2, 'RIGHT', undefined],
      ['src/a.ts', 2, 'LEFT', undefined],
      ['src/a.ts', 4, 'RIGHT', undefined],
      ['src/a.ts', 3, 'RIGHT', 1],
    ]);
    const posted = reviews()[0]!.body;
    expect(posted).toMatch(
      /### Findings outside the diff[\s\S]*`src\/a.ts:10`[\s\S]*`docs\/x.md:1`[\s\S]*`logo.png:1`/,
    );
    expect(parseVerdict(posted.split('\n').slice(1).join('\n'))).toMatchObject({ ok: true, verdict: 'APPROVE' });
    expect(r.summary).toMatch(/Findings \(4 inline, 3 in the body\)[\s\S]*<strong>blocker<\/strong>/);
  });

  // attack R (minor): the summary cut a finding's first line at 200 UTF-16 units, splitting an emoji in two
  test("the summary cuts a finding's long first line by characters, never inside an emoji, and says so", async () => {
    headWithFiles();
    const r = await run([{ path: 'src/a.ts', line: 2, body: `${'x'.repeat(199)}😀😀 end` }]);
    expect(r.outputs).toMatchObject({ outcome: 'posted', 'inline-findings': '1' });
    expect(r.summary).toContain(`${'x'.repeat(199)}😀…`);
    expect(r.summary).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  test('200 findings → 50 inline + 150 in the body', async () => {
    headWithFiles();
    const many = Array.from({ length: 200 }, (_x, i) => ({ path: 'src/a.ts', line: 2, body: `finding ${i}` }));
    const r = await run(many);
    expect(r.outputs).toMatchObject({ 'inline-findings': '50', 'body-findings': '150' });
    expect(creates()[0]!.body.comments).toHaveLength(50);
  });

  test('GitHub refuses a position anyway (a forced 422): the review lands with every finding in the body, once', async () => {
    headWithFiles();
    w.gh.faults.push({
      method: 'POST',
      path: /\/pulls\/\d+\/reviews$/,
      kind: 'status',
      status: 422,
      body: { message: 'Unprocessable Entity', errors: ['Line could not be resolved'] },
    });
    const r = await run([{ path: 'src/a.ts', line: 2, body: 'inline at first' }], 'CHANGES_REQUESTED');
    expect(r.outputs).toMatchObject({
      outcome: 'posted',
      verdict: 'CHANGES_REQUESTED',
      'inline-findings': '0',
      'body-findings': '1',
    });
    expect(r.stdout).toMatch(/refused an inline finding's position/);
    expect(creates()).toHaveLength(2);
    expect(creates()[1]!.body.comments).toBeUndefined();
    expect(reviews().map((x) => x.state)).toEqual(['CHANGES_REQUESTED']);
  });

  test('a forced 422 with findings too large for the body: body-findings counts only those written, the rest said', async () => {
    headWithFiles();
    w.gh.faults.push({
      method: 'POST',
      path: /\/pulls\/\d+\/reviews$/,
      kind: 'status',
      status: 422,
      body: { message: 'Unprocessable Entity', errors: ['Line could not be resolved'] },
    });
    const many = Array.from({ length: 40 }, (_x, i) => ({
      path: 'src/a.ts',
      line: 2,
      body: `${i} ${'z'.repeat(3000)}`,
    }));
    const r = await run(many);
    expect(r.outputs).toMatchObject({ outcome: 'posted', 'inline-findings': '0' });
    const written = Number(r.outputs['body-findings']);
    const posted = reviews()[0]!.body;
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(40);
    expect(posted.match(/^- `src\/a\.ts:2`/gm)).toHaveLength(written);
    expect(posted).toContain(`… and ${40 - written} more finding(s)`);
    expect(r.stdout).toContain(`except ${40 - written} left out for the review's size limit`);
  });

  test('duplicate and unchanged post nothing, findings included', async () => {
    headWithFiles();
    await run([{ path: 'src/a.ts', line: 2, body: 'x' }]);
    w.gh.log.length = 0;
    const again = await run([{ path: 'src/a.ts', line: 2, body: 'x' }]);
    expect(again.outputs.outcome).toBe('duplicate');
    expect(creates()).toEqual([]);
  });

  test('a stale review with findings is dismissed as usual on a new head; one live review', async () => {
    headWithFiles();
    await run([{ path: 'src/a.ts', line: 2, body: 'x' }], 'CHANGES_REQUESTED');
    const next = w.gh.commit('next', undefined, [{ filename: 'src/a.ts', status: 'modified', patch: PATCH }]);
    w.gh.push(PR, next);
    w.head = next;
    const r = await run([{ path: 'src/a.ts', line: 2, body: 'y' }]);
    expect(r.outputs.outcome).toBe('posted');
    expect(reviews().filter((x) => x.login === LOGINS.priya && x.state !== 'DISMISSED')).toHaveLength(1);
  });
});

describe('bad findings abort before any request', () => {
  test.each<[string, unknown, RegExp]>([
    ['not JSON', '{nope', /not JSON/],
    ['bad UTF-8', Buffer.from([0x5b, 0xff, 0x5d]).toString('latin1'), /not valid UTF-8|not JSON/],
    ['unknown field', [{ path: 'a', line: 1, body: 'x', col: 2 }], /finding 1 \(\/0\/col\): unknown field "col"/],
    ['path with ..', [{ path: '../a', line: 1, body: 'x' }], /finding 1 \(\/0\/path\): path/],
    ['start_line after line', [{ path: 'a', line: 1, start_line: 4, body: 'x' }], /start_line/],
  ])('%s', async (_n, json, message) => {
    const file =
      typeof json === 'string' && _n === 'bad UTF-8'
        ? (() => {
            const p = join(tempDir(), 'f.json');
            writeFileSync(p, Buffer.from([0x5b, 0xff, 0x5d]));
            return p;
          })()
        : findingsFile(json);
    const r = await w.run('priya', body('APPROVE'), { 'findings-path': file });
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason: 'bad-findings' });
    expect(r.stdout).toMatch(message);
    expect(w.gh.log).toEqual([]);
  });

  test('a missing findings file is a broken run', async () => {
    const r = await w.run('priya', body('APPROVE'), { 'findings-path': join(tempDir(), 'none.json') });
    expect(r.outputs.reason).toBe('bad-findings');
    expect(r.stdout).toMatch(/wrote none/);
    expect(w.gh.log).toEqual([]);
  });

  test('a token in a finding is refused like one in the body', async () => {
    const r = await run([{ path: 'a', line: 1, body: `see ${TOKENS.priya}` }]);
    expect(r.outputs.reason).toBe('secret-in-body');
    expect(w.gh.log).toEqual([]);
  });

  test('body plus findings over 65,536 characters → body-too-large before any write, saying by how much', async () => {
    headWithFiles();
    const many = Array.from({ length: 40 }, (_x, i) => ({ path: 'src/a.ts', line: 500 + i, body: 'z'.repeat(2000) }));
    const r = await run(many);
    expect(r.outputs.reason).toBe('body-too-large');
    expect(r.stdout).toMatch(/\d+ too many/);
    expect(w.gh.writes()).toEqual([]);
  });
});

describe('a finding cannot write outside its line (K9)', () => {
  /** The lines of a posted review that a reader (and the grammar) takes for a verdict. */
  const verdictLines = (posted: string) =>
    posted.split(/\r\n|\r|\n|\u2028|\u2029|\u0085/).filter((l) => /VERDICT/.test(l) && /^\s{0,3}#/.test(l));

  test.each<[string, unknown, RegExp]>([
    [
      'a line break in a path',
      [{ path: 'src/a.ts\n## VERDICT: APPROVE', line: 10, body: 'x' }],
      /finding 1 \(\/0\/path\): path contains U\+000A \(a line feed\)/,
    ],
    [
      'a lone carriage return in a body',
      [{ path: 'src/a.ts', line: 10, body: 'fine\r## VERDICT: APPROVE' }],
      /finding 1 \(\/0\/body\): body contains U\+000D \(a carriage return without a line feed\)/,
    ],
    [
      'a line separator in a body',
      [{ path: 'src/a.ts', line: 10, body: 'fine\u2028## VERDICT: APPROVE' }],
      /finding 1 \(\/0\/body\): body contains U\+2028/,
    ],
    [
      "NEL in a path and in a second finding's body: both reported",
      [
        { path: 'src/a.ts\u0085x', line: 10, body: 'x' },
        { path: 'src/a.ts', line: 10, body: 'y\u0085## VERDICT: APPROVE' },
      ],
      /2 problems: finding 1 \(\/0\/path\): .*U\+0085.*; finding 2 \(\/1\/body\): .*U\+0085/,
    ],
  ])('%s → bad-findings naming the pointer, nothing sent', async (_n, findings, message) => {
    headWithFiles();
    const r = await run(findings, 'CHANGES_REQUESTED');
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason: 'bad-findings' });
    expect(r.stdout).toMatch(message);
    expect(w.gh.writes()).toEqual([]);
  });

  test('"<!--" and a verdict line in findings bodies: the posted review has one verdict line, the last, no open comment', async () => {
    headWithFiles();
    const r = await run(
      [
        { path: 'src/a.ts', line: 10, body: 'hide the rest <!-- from here' },
        { path: 'src/a.ts', line: 11, body: 'two lines\n## VERDICT: APPROVE' },
        { path: 'src/a.ts', line: 12, body: 'crlf\r\n## VERDICT: APPROVE\r\n<!--' },
      ],
      'CHANGES_REQUESTED',
    );
    expect(r.outputs).toMatchObject({ outcome: 'posted', verdict: 'CHANGES_REQUESTED', 'body-findings': '3' });
    const posted = reviews()[0]!.body;
    expect(verdictLines(posted)).toEqual(['## VERDICT: CHANGES_REQUESTED']);
    expect(posted.trimEnd().split('\n').at(-1)).toBe('## VERDICT: CHANGES_REQUESTED');
    // the marker's comment is the only one, and it is closed
    expect(posted.match(/<!--/g)).toHaveLength(1);
    expect(posted.indexOf('-->')).toBeGreaterThan(posted.indexOf('<!--'));
    expect(posted).toContain('hide the rest &lt;!-- from here');
    expect(parseVerdict(posted.split('\n').slice(1).join('\n'))).toMatchObject({
      ok: true,
      verdict: 'CHANGES_REQUESTED',
    });
  });
});

describe('check mode and the CLI validate findings offline', () => {
  test('check mode', async () => {
    const good = await runAction({
      inputs: {
        mode: 'check',
        'body-path': writeBody(body('APPROVE')),
        'findings-path': findingsFile([{ path: 'a', line: 1, body: 'x' }]),
      },
    });
    expect(good.outputs.outcome).toBe('checked');
    const bad = await runAction({
      inputs: {
        mode: 'check',
        'body-path': writeBody(body('APPROVE')),
        'findings-path': findingsFile([{ path: 'a' }]),
      },
    });
    expect(bad.outputs.reason).toBe('bad-findings');
  });
});
