// Attack R (2026-12-02): each test failed at 2a959b6; fixed in one bounded, non-blocking reader for every named
// file (src/read-file.ts: findings-path, body-path, CLI files, standard input), doctor as a CLI Command, outputs
// derived from outputsOf() and described in action.yml/README, and the findings schema counted in code points.
// Attack R, "cli": issue N's non-corpus promises tried as a new user would — the CLI
// (dist/cli/index.js), the action's findings-path, action.yml/README output descriptions,
// and the findings schema as published. Every test here FAILS on 2a959b6.
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { OWNER, REPO } from '../fake/github.js';
import { runCli } from './cli-run.js';
import { NODE, ROOT, runAction, tempDir, writeBody } from './harness.js';
import { body, LOGINS, PR, runOn, TOKENS, useWorld } from './world.js';

const BIN = join(ROOT, 'dist/cli/index.js');
const cli = (args: string[], stdin: 'pipe' | number = 'pipe') =>
  spawnSync(NODE, [BIN, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] },
    stdio: [stdin, 'pipe', 'pipe'],
    timeout: 20_000,
  });

describe('R-cli-1: check - with standard input that is a directory', () => {
  // Promise (src/cli/main.ts header, README "The CLI"): exit 0 good, 1 a refused input, 2 a usage error, with a line
  // about the file; a directory named as a file is "the file (or input) is a directory: name a file". Standard input
  // redirected from a directory (`persona-verdict check - < reviews/`, an easy slip in a script) is read with
  // readSync, which throws EISDIR outside readInput's try: Node prints a stack trace (paths of the bundle,
  // `errno: -21`) and exits 1 — a crash reported as if a body had been refused.
  test.each([
    [['check', '-'], '<stdin>: unreadable-body: the input is a directory: name a file\n'],
    [['check', '--format', 'json', '-'], null],
    [['check', '--findings', '-'], '<stdin>: bad-findings: the input is a directory: name a file\n'],
  ])('%j < a directory: one line naming <stdin>, no stack trace', (args, expected) => {
    const fd = openSync(tempDir(), 'r');
    try {
      const r = cli(args, fd);
      expect(r.stderr).not.toMatch(/EISDIR|at readSync|node:fs/);
      expect(r.status).toBe(1);
      if (expected) expect(r.stdout).toBe(expected);
      else expect(JSON.parse(r.stdout)).toMatchObject({ file: '-', ok: false, reason: 'unreadable-body' });
    } finally {
      closeSync(fd);
    }
  });
});

describe("R-cli-2: doctor's arguments are parsed apart from the other commands, in node's words", () => {
  // Promise (README "The CLI and the regression corpus"): "2 a usage error — an unknown option or command, a bad
  // value … — reported as one line of reason and the usage on stderr"; the tool's --help lists --version as an
  // option and `check --version`/`corpus --version` print it. The doctor is the same program (`node
  // dist/cli/index.js doctor`, listed in `persona-verdict --help`), but it has its own parseArgs call and passes
  // node's messages through raw: three lines for a missing value ("Option '--persona' argument is ambiguous.\nDid
  // you forget…"), "Unknown option '-d'" for `-dash` (the walkthrough fixed that for check only), and
  // `doctor --version` is a usage error. Why it matters: the doctor is the first command a new user runs (Quick
  // start), and its errors are where they learn the tool's conventions.
  const doctor = (...args: string[]) =>
    runCli(['doctor', ...args], { env: { PATH: process.env['PATH'] ?? '', GITHUB_TOKEN: 'ghp_unused' } });

  test('doctor --version prints the version, as check --version and corpus --version do', async () => {
    const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
    const r = await doctor('--version');
    expect([r.status, r.stdout, r.stderr]).toEqual([0, `persona-verdict ${version}\n`, '']);
  });

  test.each([
    [['--persona', '--repo', 'acme/widgets'], /^persona-verdict doctor: --persona needs a value$/],
    [['--repo'], /^persona-verdict doctor: --repo needs a value$/],
    [['-dash'], /^persona-verdict doctor: unknown option -dash\b/],
  ])('doctor %j: exit 2, one line of reason in CLI terms, then the usage', async (args, reason) => {
    const r = await doctor(...args);
    expect(r.status).toBe(2);
    const [first, second] = r.stderr.split('\n');
    expect(first).toMatch(reason);
    expect(second).toMatch(/^usage:/);
  });
});

describe('R-cli-3: findings-path naming a FIFO hangs the action', () => {
  const w = useWorld();
  // Promise (docs/RELIABILITY.md row "body-path names a FIFO or a device": unreadable-body at once, opened
  // non-blocking; run-timeout-seconds: "time limit for the whole run"; the CLI's --findings refuses a FIFO
  // unread). findings-path is read with statSync + readFileSync: a FIFO (size 0) blocks in open() forever, so the
  // step hangs with no output, no summary and no status until the job's own timeout (6 h by default; /dev/zero
  // would instead read until memory runs out). The findings file is written by the persona's LLM step — the one a
  // PR author steers — so this is the same input body-path was hardened against.
  const fifo = () => {
    const p = join(tempDir(), 'findings.json');
    execFileSync('mkfifo', [p]);
    return p;
  };

  test('mode check: bad-findings at once, not a hang', async () => {
    const r = await runAction({
      inputs: { mode: 'check', 'body-path': writeBody(body('APPROVE')), 'findings-path': fifo() },
      timeoutMs: 15_000,
    });
    expect(r.code, 'the run was killed after 15 s: it hung on the FIFO').toBe(1);
    expect(r.outputs.reason).toBe('bad-findings');
  }, 30_000);

  test('mode post: bad-findings at once, nothing posted, the failure on the head', async () => {
    const r = await runAction({
      inputs: {
        persona: 'priya',
        'github-token': TOKENS.priya,
        'body-path': writeBody(body('APPROVE')),
        'findings-path': fifo(),
      },
      apiUrl: w.gh.url,
      event: w.event(w.head),
      timeoutMs: 15_000,
    });
    expect(r.code, 'the run was killed after 15 s: it hung on the FIFO').toBe(1);
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason: 'bad-findings' });
    expect(w.gh.reviews.get(PR) ?? []).toEqual([]);
  }, 30_000);
});

describe('R-cli-4: output descriptions leave out values the code gives', () => {
  const w = useWorld();
  // Promise (the brief of issue N; test/unit/action-metadata.test.ts "action.yml's descriptions name every value
  // the action can give"): a workflow author reads action.yml (or the README's output table) to know when an
  // output is set. The code sets:
  //  - should-review=false on a merge_group preflight (outcome queued): the description lists the outcomes that
  //    answer false and ends "else true" — queued is not among them;
  //  - verdict and event on mode board (outcome reported: the panel verdict): verdict's list omits reported;
  //  - review-id on outcome queued (the standing review): its description says "posted, duplicate or
  //    carried-forward baseline".
  // Why it matters: `if: steps.pre.outputs.should-review != 'false'` or a board job reading `outputs.verdict` is
  // written from these descriptions.
  const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8'));
  const desc = (name: string): string => action.outputs[name].description;
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const row = (name: string): string => readme.split('\n').find((l) => l.startsWith(`| \`${name}\` |`)) ?? '';

  test('queued (merge_group preflight): should-review false and review-id set, both described', async () => {
    expect((await w.run('priya', body('APPROVE'))).outputs.outcome).toBe('posted');
    const group = w.gh.commit('group-main');
    const ref = `refs/heads/gh-readonly-queue/main/pr-${PR}-${'b'.repeat(40)}`;
    const event = { merge_group: { head_sha: group, head_ref: ref }, repository: { full_name: `${OWNER}/${REPO}` } };
    const q = await runOn(w.gh, 'priya', null, { mode: 'preflight' }, 'merge_group', event);
    expect(q.outputs).toMatchObject({ outcome: 'queued', 'should-review': 'false' });
    expect(q.outputs['review-id']).not.toBe('');
    expect(desc('should-review')).toMatch(/\bqueued\b/);
    expect(row('should-review')).toMatch(/`queued`/);
    expect(desc('review-id')).toMatch(/\bqueued\b/);
  });

  test('reported (mode board): verdict and event set to the panel verdict, and described', async () => {
    await w.run('priya', body('APPROVE'));
    const b = await w.run('app', null, { mode: 'board', personas: `priya=${LOGINS.priya}` });
    expect(b.outputs).toMatchObject({ outcome: 'reported', verdict: 'APPROVE', event: 'APPROVE' });
    expect(desc('verdict')).toMatch(/\breported\b/);
    expect(row('verdict')).toMatch(/`reported`/);
  });
});

describe('R-cli-5: check --findings and the published schema disagree on a finding body of emoji', () => {
  // Promise (check --help: "check a findings file against schema/findings.schema.json"; src/core/findings.ts:
  // "the schema is the only statement of the shape"; README: findings-path files match the schema). The schema
  // says body maxLength 65536, which JSON Schema counts in characters (code points) — any standard validator, and
  // an LLM API's structured output given this schema, accepts 40000 emoji. The compiled validator is built with
  // Ajv's unicode: false (UTF-16 code units, scripts/build-schema.mjs), so the CLI and the action refuse the same
  // file ("body has 80000 characters"): a persona author who validates against the published schema gets a
  // bad-findings abort (no review) the schema never warned of. The published schema and the action must agree.
  test('a file the published schema accepts is accepted by check --findings (or the schema refuses it too)', async () => {
    const file = join(tempDir(), 'findings.json');
    writeFileSync(file, JSON.stringify([{ path: 'src/a.ts', line: 1, body: '😀'.repeat(40_000) }]));
    const schema = JSON.parse(readFileSync(join(ROOT, 'schema/findings.schema.json'), 'utf8'));
    const standard = new Ajv2020({ allErrors: true }).compile(schema);
    const schemaSays = standard(JSON.parse(readFileSync(file, 'utf8')));
    const r = await runCli(['check', '--findings', file]);
    expect({ cliAccepts: r.status === 0, detail: r.stdout.trim() }).toMatchObject({ cliAccepts: schemaSays });
  });
});
