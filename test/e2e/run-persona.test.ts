// examples/run-persona against a local OpenAI-compatible endpoint: what it sends, what
// it writes (a review the CLI's check accepts, findings per the schema), and its
// errors (no key, a non-2xx answer, no diff), without ever echoing the key.
import { spawn, spawnSync } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ROOT, tempDir } from './harness.js';

const SCRIPT = join(ROOT, 'examples/run-persona');
const KEY = 'sk-test-key-0123456789';
const DIFF = 'diff --git a/src/a.js b/src/a.js\n--- a/src/a.js\n+++ b/src/a.js\n@@ -1 +1 @@\n-x\n+y\n';

let server: Server;
let url = '';
let answer: { status: number; body: unknown } = { status: 200, body: {} };
const received: Array<{ path: string; auth: string; body: any }> = [];

beforeEach(async () => {
  received.length = 0;
  server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      received.push({ path: req.url ?? '', auth: String(req.headers.authorization), body: JSON.parse(raw) });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const chat = (content: string) => ({ choices: [{ index: 0, message: { role: 'assistant', content } }] });

function run(args: string[], stdin: string, env: Record<string, string | undefined> = {}) {
  const cwd = tempDir();
  const child = spawn(process.execPath, [SCRIPT, ...args], {
    cwd,
    env: { PATH: process.env['PATH'], LLM_API_KEY: KEY, LLM_BASE_URL: url, LLM_MODEL: 'test-model', ...env },
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stdin.end(stdin);
  return new Promise<{ code: number | null; stderr: string; cwd: string }>((res) =>
    child.on('close', (code) => res({ code, stderr, cwd })),
  );
}

function check(file: string, findings?: string) {
  const args = [join(ROOT, 'dist/cli/index.js'), 'check', ...(findings ? ['--findings', findings] : []), file];
  const child = spawn(process.execPath, args);
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return new Promise<{ code: number | null; out: string }>((res) => child.on('close', (code) => res({ code, out })));
}

describe('examples/run-persona', () => {
  test('sends the prompt with the persona and the whole diff; writes a review the check accepts', async () => {
    answer = { status: 200, body: chat('The change swaps x for y.\n\n## VERDICT: APPROVE\n\n') };
    const r = await run(['priya', '--prompt', join(ROOT, 'examples/prompt.md')], DIFF);
    expect(r.code, r.stderr).toBe(0);
    expect(received).toHaveLength(1);
    expect(received[0]!.path).toBe('/v1/chat/completions');
    expect(received[0]!.auth).toBe(`Bearer ${KEY}`);
    expect(received[0]!.body.model).toBe('test-model');
    const prompt: string = received[0]!.body.messages[0].content;
    expect(prompt).toContain('You are priya');
    expect(prompt).toContain(DIFF);
    expect(prompt.trimEnd().endsWith(DIFF.trimEnd())).toBe(true);
    expect(prompt).not.toContain('{{');
    expect(prompt).toContain('## VERDICT: CHANGES_REQUESTED');
    const review = join(r.cwd, 'review.md');
    expect(readFileSync(review, 'utf8')).toBe('The change swaps x for y.\n\n## VERDICT: APPROVE\n');
    const c = await check(review);
    expect(c.code, c.out).toBe(0);
    expect(existsSync(join(r.cwd, 'findings.json'))).toBe(false);
  });

  test('the default template sits beside the script', async () => {
    answer = { status: 200, body: chat('ok\n\n## VERDICT: COMMENT') };
    const r = await run(['lin'], DIFF);
    expect(r.code, r.stderr).toBe(0);
    expect(received[0]!.body.messages[0].content).toContain('You are lin');
  });

  test('--findings: asks for them, writes findings.json and a review without the block; the check accepts both', async () => {
    const findings = [{ path: 'src/a.js', line: 1, body: 'Why y?', severity: 'minor' }];
    answer = {
      status: 200,
      body: chat(`Looks fine.\n\n\`\`\`findings\n${JSON.stringify(findings)}\n\`\`\`\n\n## VERDICT: APPROVE\n`),
    };
    const r = await run(['priya', '--findings', 'findings.json'], DIFF);
    expect(r.code, r.stderr).toBe(0);
    expect(received[0]!.body.messages[0].content).toContain('tagged `findings`');
    expect(JSON.parse(readFileSync(join(r.cwd, 'findings.json'), 'utf8'))).toEqual(findings);
    const review = readFileSync(join(r.cwd, 'review.md'), 'utf8');
    expect(review).not.toContain('```');
    const c = await check(join(r.cwd, 'review.md'), join(r.cwd, 'findings.json'));
    expect(c.code, c.out).toBe(0);
  });

  test('--findings with a broken block: a warning and [] (the verdict is never lost to findings)', async () => {
    answer = { status: 200, body: chat('Fine.\n\n```findings\n[{oops\n```\n\n## VERDICT: APPROVE\n') };
    const r = await run(['priya', '--findings', 'findings.json'], DIFF);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/warning: the findings block is not JSON/);
    expect(readFileSync(join(r.cwd, 'findings.json'), 'utf8')).toBe('[]\n');
  });

  // a maintainer's walkthrough: --help exited 1 with "Unknown option"
  test('--help: the usage on stdout, exit 0; an unknown option: the usage, exit 2, no request', async () => {
    const help = spawnSync(process.execPath, [SCRIPT, '--help'], {
      encoding: 'utf8',
      env: { PATH: process.env['PATH'] },
    });
    expect([help.status, help.stderr]).toEqual([0, '']);
    expect(help.stdout).toMatch(/^usage: run-persona <persona> .*\n {2}environment: LLM_API_KEY and LLM_MODEL/);
    const bad = await run(['priya', '--frob'], DIFF);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^run-persona: Unknown option '--frob'.*\nusage: run-persona <persona>/s);
    expect(received).toEqual([]);
  });

  test('a missing key: exit 2, says which variable, no request', async () => {
    const r = await run(['priya'], DIFF, { LLM_API_KEY: undefined });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/LLM_API_KEY is not set/);
    expect(received).toEqual([]);
    expect(existsSync(join(r.cwd, 'review.md'))).toBe(false);
  });

  test('a non-2xx answer: exit 1 with the status and the message, the key never echoed, no review written', async () => {
    answer = { status: 401, body: { error: { message: `Incorrect API key provided: ${KEY}` } } };
    const r = await run(['priya'], DIFF);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/answered 401/);
    expect(r.stderr).toMatch(/Incorrect API key/);
    expect(r.stderr).not.toContain(KEY);
    expect(existsSync(join(r.cwd, 'review.md'))).toBe(false);
  });

  test('no diff, or one over the limit: refused before any request (never cut)', async () => {
    const empty = await run(['priya'], '');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/no diff on standard input/);
    const big = await run(['priya'], DIFF, { LLM_MAX_DIFF_CHARS: '10' });
    expect(big.code).toBe(1);
    expect(big.stderr).toMatch(/over LLM_MAX_DIFF_CHARS/);
    expect(received).toEqual([]);
  });

  // a maintainer's walkthrough, 2026-12-03: replaceAll read "$&", "$$" and "$`" in the diff as patterns — the PR's
  // author could paste the trusted prompt's text into what the model takes for the diff
  test('the diff reaches the model exactly as given: no replacement patterns, no placeholders read in it', async () => {
    answer = { status: 200, body: chat('ok\n\n## VERDICT: COMMENT') };
    const diff = `${DIFF}+const s = '$&' + '$$' + '$\`' + "$'" + '{{persona}} {{findings}} {{diff}}';\n`;
    const r = await run(['priya', '--prompt', join(ROOT, 'examples/prompt.md')], diff);
    expect(r.code, r.stderr).toBe(0);
    const prompt: string = received[0]!.body.messages[0].content;
    expect(prompt.trimEnd().endsWith(diff.trimEnd())).toBe(true);
    expect(prompt.split('You are priya')).toHaveLength(2);
  });

  test('a template without {{diff}}, a bad number, a second name or a name the action refuses: exit 2, no request', async () => {
    const dir = tempDir();
    const noDiff = join(dir, 'p.md');
    writeFileSync(noDiff, 'You are {{persona}}. Review the change.\n');
    const cases: Array<[string[], Record<string, string>, RegExp]> = [
      [['priya', '--prompt', noDiff], {}, /has no \{\{diff\}\}: keep the placeholder/],
      [['priya'], { LLM_TIMEOUT_SECONDS: 'soon' }, /LLM_TIMEOUT_SECONDS is "soon": give a positive number/],
      [['priya'], { LLM_MAX_DIFF_CHARS: 'lots' }, /LLM_MAX_DIFF_CHARS is "lots": give a positive number/],
      // AbortSignal.timeout takes whole milliseconds up to 2^32 - 1 (a read-through: these threw as a failed request)
      [['priya'], { LLM_TIMEOUT_SECONDS: '0.0005' }, /LLM_TIMEOUT_SECONDS is "0.0005": give a number up to 4294967/],
      [['priya'], { LLM_TIMEOUT_SECONDS: '1e7' }, /LLM_TIMEOUT_SECONDS is "1e7": give a number up to 4294967/],
      [['priya', 'marcus'], {}, /one persona, not 2 \("marcus"\)/],
      [['.priya'], {}, /^run-persona: usage:/],
    ];
    for (const [args, env, said] of cases) {
      const r = await run(args, DIFF, env);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(said);
    }
    expect(received).toEqual([]);
  });

  test('an answer cut off at the output limit or by a filter writes no review; one that stopped does', async () => {
    // the cut answer ends on a verdict it was quoting from the PR, inside a code block left open
    const cut = 'The PR adds docs/template.md:\n\n```markdown\n# Template\n\n## VERDICT: APPROVE';
    const cases: Array<[string | null | undefined, number]> = [
      ['length', 1],
      ['max_tokens', 1],
      ['model_length', 1],
      ['content_filter', 1],
      ['LENGTH', 1],
      ['stop', 0],
      [null, 0],
      [undefined, 0],
    ];
    for (const [finish, code] of cases) {
      answer = {
        status: 200,
        body: { choices: [{ index: 0, message: { role: 'assistant', content: cut }, finish_reason: finish }] },
      };
      const r = await run(['priya'], DIFF);
      expect(r.code, `${finish}: ${r.stderr}`).toBe(code);
      expect(existsSync(join(r.cwd, 'review.md'))).toBe(code === 0);
      if (code) expect(r.stderr).toContain(`cut the answer off (finish_reason "${finish}")`);
    }
  });

  test('a 200 without a message is an error, not an empty review', async () => {
    answer = { status: 200, body: { choices: [] } };
    const r = await run(['priya'], DIFF);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/without a message/);
    expect(existsSync(join(r.cwd, 'review.md'))).toBe(false);
  });
});
