// The bundled CLI (dist/cli/index.js) as a user runs it: offline check and the corpus.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { NODE, ROOT, tempDir, writeBody } from './harness.js';

const cli = (...args: string[]) =>
  spawnSync(NODE, [join(ROOT, 'dist/cli/index.js'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] },
  });

test("the end-to-end runtime is Node 24, the action's runs.using", () => {
  expect(spawnSync(NODE, ['--version'], { encoding: 'utf8' }).stdout).toMatch(/^v24\./);
});

describe('check', () => {
  test('--findings validates a findings file against the schema, with the bodies', () => {
    const dir = tempDir();
    const good = join(dir, 'good.json');
    const bad = join(dir, 'bad.json');
    writeFileSync(good, JSON.stringify([{ path: 'src/a.ts', line: 3, body: 'x', severity: 'nit' }]));
    writeFileSync(bad, JSON.stringify([{ path: '/etc/passwd', line: 3, body: 'x' }]));
    const ok = cli('check', '--findings', good, 'examples/approve.md');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('1 finding(s) match the schema');
    const no = cli('check', '--findings', bad, 'examples/approve.md');
    expect(no.status).toBe(1);
    expect(no.stdout).toMatch(/bad-findings: .*finding 1: path/);
  });

  test("the README's offline command prints the verdict of the shipped good example", () => {
    const r = cli('check', 'examples/approve.md');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('examples/approve.md: ok — verdict APPROVE → event APPROVE\n');
  });

  test('the shipped drifted example prints diagnostics and exits 1', () => {
    const r = cli('check', 'examples/drifted.md');
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('malformed-verdict');
    expect(r.stdout).toContain('examples/drifted.md:5');
    expect(r.stdout).toMatch(/not a level-2 heading/);
    expect(r.stdout).toMatch(/token written "approve"/);
    expect(r.stdout).toMatch(/trailing text after the token/);
  });

  test('several files: exit 1 when any fails, each reported', () => {
    const r = cli('check', 'examples/approve.md', 'examples/changes-requested.md', writeBody('nothing'));
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('event REQUEST_CHANGES');
    expect(r.stdout).toContain('missing-verdict');
  });

  test('usage errors exit 2', () => {
    expect(cli().status).toBe(2);
    expect(cli('frobnicate').stderr).toContain('usage:');
  });
});

describe('corpus', () => {
  test('the shipped corpus agrees with the strict grammar on every case', () => {
    const r = cli('corpus', 'corpus/manifest.json');
    expect(r.status, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/28 cases: 28 agree, 0 disagree \(8 post, 20 abort\)/);
    expect(r.stdout).not.toContain('DISAGREE');
  });

  test('a disagreeing case exits 1 and is marked', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'b.md'), '## VERDICT: approve\n');
    writeFileSync(
      join(dir, 'm.json'),
      JSON.stringify({ cases: [{ name: 'wrong expectation', body: 'b.md', expect: { post: 'APPROVE' } }] }),
    );
    const r = cli('corpus', join(dir, 'm.json'));
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/DISAGREE\s+wrong expectation\s+-\s+post APPROVE\s+abort malformed-verdict/);
  });
});
