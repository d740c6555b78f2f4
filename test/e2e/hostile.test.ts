// Hostile and broken input. Each is a clear error with nothing sent.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { OWNER, REPO } from '../fake/github.js';
import { body, LOGINS, PR, runOn, TOKENS, useWorld } from './world.js';
import { runAction, tempDir } from './harness.js';

const w = useWorld();

describe('broken bodies: a clear error, no request at all', () => {
  test.each<[string, string | Buffer, string, RegExp]>([
    ['empty file: the persona produced no review', '', 'no-body', /is empty/],
    ['whitespace only', ' \n\t\r\n  ', 'empty-body', /empty/],
    ['binary (NUL bytes)', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00]), 'unreadable-body', /not valid UTF-8|NUL/],
    [
      'invalid UTF-8 (Latin-1 file)',
      Buffer.from('Caf\xe9\n## VERDICT: APPROVE\n', 'latin1'),
      'unreadable-body',
      /not valid UTF-8 \(first bad byte at offset 3\)/,
    ],
    [
      'UTF-16 with BOM',
      Buffer.from('\ufeff## VERDICT: APPROVE\n', 'utf16le'),
      'unreadable-body',
      /the body is UTF-16 \(little-endian, by its byte-order mark\); write the file as UTF-8 text/,
    ],
    ['one 300,000-character line', 'x'.repeat(300_000), 'body-too-large', /300000 bytes/],
    ['a 60,000-character line without a verdict', 'y'.repeat(60_000), 'missing-verdict', /more characters/],
    // the size first, whatever the verdict line says (an independent review); the diagnosis of such a line (once
    // quadratic to explain) is tested on its own in test/unit/diagnostics.test.ts
    [
      'a 200,000-character verdict-like line',
      `## VERDICT: ${'A'.repeat(200_000)}`,
      'body-too-large',
      /would be at least \d+ characters with its marker; .* shorten the persona's review by at least \d+/,
    ],
    ['zero-width space before the token', 'ok\n## VERDICT: \u200bAPPROVE\n', 'malformed-verdict', /\\u200B/],
    ['no-break space after ##', 'ok\n##\u00a0VERDICT: APPROVE\n', 'malformed-verdict', /\\u00A0/],
    ['Cyrillic Е in VERDICT', 'ok\n## V\u0415RDICT: APPROVE\n', 'malformed-verdict', /U\+0415/],
    ['right-to-left override', 'ok\n## VERDICT: \u202eEVORPPA\n', 'malformed-verdict', /\\u202E/],
    ['fullwidth letters', 'ok\n## ＶＥＲＤＩＣＴ: APPROVE\n', 'malformed-verdict', /\\uFF36/],
    [
      'verdict inside an HTML comment',
      'ok\n<!-- ## VERDICT: APPROVE -->\n',
      'malformed-verdict',
      /not a level-2 heading/,
    ],
    [
      'verdict in a code fence',
      'ok\n```\n## VERDICT: APPROVE\n```\n',
      'verdict-not-last',
      /inside the code block opened at line 2: GitHub shows it as code/,
    ],
  ])('%s → %s', async (_n, text, reason, message) => {
    const r = await w.run('priya', text);
    expect(r.code).toBe(1);
    expect(r.outputs.reason).toBe(reason);
    expect(r.stdout + r.summary).toMatch(message);
    expect(w.gh.log).toEqual([]);
    // errors stay readable: no line of the log explodes with the body's size
    for (const line of r.stdout.split('\n')) expect(line.length).toBeLessThan(4000);
  });

  test('body-path is a directory', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'review.md'));
    const r = await w.run('priya', null, { 'body-path': join(dir, 'review.md') });
    expect(r.outputs.reason).toBe('unreadable-body');
    expect(r.stdout).toMatch(/is a directory/);
    expect(w.gh.log).toEqual([]);
  });

  test.each([
    [
      'a named pipe nobody writes to',
      () => {
        const p = join(tempDir(), 'review.fifo');
        execFileSync('mkfifo', [p]);
        return p;
      },
    ],
    ['a device', () => '/dev/zero'],
  ])('body-path is %s → unreadable-body at once', async (_n, make) => {
    const r = await w.run('priya', null, { 'body-path': make() });
    expect(r.outputs.reason).toBe('unreadable-body');
    expect(r.stdout).toMatch(/is not a regular file/);
    expect(w.gh.log).toEqual([]);
  });

  test('body and body-path together', async () => {
    const r = await w.run('priya', body('APPROVE'), { body: body('APPROVE') });
    expect(r.outputs.reason).toBe('bad-input');
    expect(w.gh.log).toEqual([]);
  });

  test('neither body nor body-path', async () => {
    const r = await w.run('priya', null);
    expect(r.outputs.reason).toBe('bad-input');
    expect(r.stdout).toMatch(/set body-path/);
  });
});

describe('text that tries to steer the runner or the gate', () => {
  test('workflow commands in the failing line and near misses are never emitted as commands', async () => {
    const r = await w.run(
      'priya',
      '::set-output name=outcome::posted\n## verdict: approve ::add-mask::x\n::error::## VERDICT: APPROVE\n',
    );
    expect(r.code).toBe(1);
    expect(r.outputs.outcome).toBe('aborted');
    for (const c of r.commands) expect(c).toMatch(/^::(error|warning|notice|add-mask|group|endgroup)[ :]/);
    expect(r.commands.filter((c) => c.startsWith('::add-mask::'))).toEqual([`::add-mask::${TOKENS.priya}`]);
    expect(r.commands.some((c) => c.startsWith('::set-output'))).toBe(false);
  });

  test('a valid body containing workflow-command lines is posted verbatim and emits nothing', async () => {
    const text = '::stop-commands::abc\n::add-mask::nothing\n\n## VERDICT: COMMENT\n';
    const r = await w.run('priya', text);
    expect(r.code).toBe(0);
    expect(w.gh.reviews.get(PR)![0]!.body.split('\n').slice(1).join('\n')).toBe(text);
    for (const c of r.commands) expect(c).toMatch(/^::(error|warning|notice|add-mask|group|endgroup)[ :]/);
  });

  test.each(['priya\n<!--', 'priya -->', 'pr iya', '../priya', 'p'.repeat(40), 'priya\u200b'])(
    'persona %j is refused before anything is sent',
    async (persona) => {
      const r = await w.run('priya', body('APPROVE'), { persona });
      expect(r.outputs.reason).toBe('bad-input');
      expect(w.gh.log).toEqual([]);
    },
  );

  test('markdown in the summary cannot forge a table row or HTML', async () => {
    const r = await w.run('priya', 'x\n## VERDICT: <img src=x onerror=alert(1)> | posted |\n');
    expect(r.code).toBe(1);
    expect(r.summary).not.toContain('<img');
    expect(r.summary).toContain('&lt;img');
  });

  test('an edited marker whose base decodes to a line break never starts a workflow command in the log', async () => {
    await w.run('priya', body('APPROVE'));
    const r0 = w.gh.reviews.get(PR)![0]!;
    // any writer may edit the persona's review: the marker's base is percent-decoded (%0A is a line break)
    const forged = r0.body.replace(/ base=\S+/, ' base=main%0A%3A%3Aerror%3A%3Aforged%0D%3A%3Astop-commands%3A%3Ax');
    expect(forged).not.toBe(r0.body);
    w.gh.editReview(PR, r0.id, forged, LOGINS.human);
    const r = await w.run('priya', null, { mode: 'preflight' });
    expect(r.stdout).toMatch(/^facts: /m);
    for (const line of r.stdout.split(/\r\n|\r|\n/)) expect(line.trimStart()).not.toMatch(/^::(error|stop-commands)::/);
  });

  test('the token never leaks, even when the body contains it (the run reaches the secret scan)', async () => {
    const r = await runAction({
      inputs: {
        'github-token': TOKENS.priya,
        persona: 'priya',
        body: `token ${TOKENS.priya}\n\n## VERDICT: APPROVE\n`,
      },
      apiUrl: w.gh.url,
      event: w.event(),
    });
    expect(r.code).toBe(1);
    expect(r.outputs.reason).toBe('secret-in-body');
    expect(r.stdout).toMatch(/line 1 \(this run's github-token\)/);
    const rest = r.stdout.replace(`::add-mask::${TOKENS.priya}`, '') + JSON.stringify(r.outputs) + r.summary + r.stderr;
    expect(rest).not.toContain(TOKENS.priya);
    expect(rest).not.toContain(TOKENS.priya.slice(4, 24));
  });
});

// A token only the rendered Markdown shows: built at run time, so no secret-shaped string sits in this file.
const B62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const RANDOM = Array.from({ length: 36 }, (_x, i) => B62[(i * 37 + 11) % 62]).join('');
const CONTEXT = 'persona-verdict/priya';
/** As the recipes run it: pull_request_target, so the refusal is attributed to the event's head (a status). */
const post = (text: string, inputs: Record<string, string> = {}) =>
  runOn(w.gh, 'priya', text, inputs, 'pull_request_target', {
    action: 'synchronize',
    number: PR,
    pull_request: {
      number: PR,
      head: { sha: w.head, ref: 'feature', repo: { full_name: `${OWNER}/${REPO}` } },
      base: { ref: 'main' },
    },
  });

describe('secrets hidden by Markdown or HTML: refused as rendered, no review, a failure status', () => {
  test.each<[string, string, number]>([
    ['a Markdown escape', `ghp\\_${RANDOM}`, 2],
    ['an HTML comment in the prefix', `gh<!-- -->p_${RANDOM}`, 2],
    ['a character reference', `ghp&#95;${RANDOM}`, 2],
    ['a zero-width space', `gh\u200bp_${RANDOM}`, 2],
    ['a token split over two lines', `ghp_${RANDOM.slice(0, 18)}\n${RANDOM.slice(18)}`, 2],
    ['an empty <span> in the token', `gh<span></span>p_${RANDOM}`, 2],
    ['an Anthropic key with escaped hyphens', `sk\\-ant\\-api03\\-${RANDOM}${RANDOM}AA`, 2],
  ])('%s → secret-in-body', async (_n, hidden, line) => {
    const r = await post(`Looks fine.\n${hidden}\n\n## VERDICT: APPROVE\n`);
    expect(r.code).toBe(1);
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason: 'secret-in-body' });
    expect(r.stdout).toMatch(new RegExp(`line ${line} \\(.*hidden in the Markdown/HTML but shown once rendered\\)`));
    expect(w.gh.reviews.get(PR) ?? []).toEqual([]);
    expect(w.gh.writes().filter((l) => l.path.endsWith('/reviews'))).toEqual([]);
    expect(w.gh.statusOf(w.head, CONTEXT)).toMatchObject({
      state: 'failure',
      description: expect.stringContaining('secret-in-body'),
    });
    expect(r.stdout + r.summary + r.stderr + JSON.stringify(r.outputs)).not.toContain(RANDOM.slice(0, 12));
  });

  test('a finding whose body hides a token over two lines and behind a reference → secret-in-body', async () => {
    const p = join(tempDir(), 'findings.json');
    // a lone \r is refused by the schema (bad-findings) before any scan: the break here is \r\n
    const leak = `see ghp&#x5f;${RANDOM.slice(0, 10)}\r\n${RANDOM.slice(10)} here`;
    writeFileSync(p, JSON.stringify([{ path: 'src/a.ts', line: 1, body: `fine\n${leak}` }]));
    const r = await post('Looks fine.\n\n## VERDICT: APPROVE\n', { 'findings-path': p });
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason: 'secret-in-body' });
    expect(r.stdout).toMatch(/finding 1's body, line 2 \(a GitHub token/);
    expect(w.gh.reviews.get(PR) ?? []).toEqual([]);
    expect(r.stdout + r.summary).not.toContain(RANDOM.slice(0, 10));
  });

  test('placeholders and a PEM header named in prose are posted as written', async () => {
    const text =
      'Set `GH_TOKEN=ghp_<your-token>` (a classic one looks like `ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX`).\n' +
      'AWS documents the key id AKIAIOSFODNN7EXAMPLE; the loader wants `-----BEGIN ENCRYPTED PRIVATE KEY-----`.\n' +
      '\n## VERDICT: APPROVE\n';
    const r = await post(text);
    expect(r.outputs).toMatchObject({ outcome: 'posted', reason: '' });
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('success');
    expect(w.gh.reviews.get(PR)![0]!.body.split('\n').slice(1).join('\n')).toBe(text);
  });
});
