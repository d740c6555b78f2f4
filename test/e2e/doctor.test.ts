// `persona-verdict doctor` end to end: the bundled CLI (dist/cli/index.js) and the action
// (the bundle, mode doctor; harness.ts) against the fake GitHub, whose settings answers are
// validated against GitHub's OpenAPI description like every other answer.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { clientIdOf, FakeGitHub, type FakeSettings } from '../fake/github.js';
import { runCli } from './cli-run.js';
import { ROOT, runAction, tempDir, writeBody } from './harness.js';

const FIXTURES = join(ROOT, 'test/fixtures/doctor');
const APP = 901;
const CONTEXT = 'persona-verdict/priya';
const ADMIN = 'tok-admin';
const ACTIONS = 'tok-actions';

let fake: FakeGitHub;

/** A correct gate: the context pinned to priya's App in ruleset "gate", a merge queue, and its reporter. */
function correctGate(f: FakeGitHub): void {
  f.user(ADMIN, { login: 'octo-admin', admin: true });
  f.user(ACTIONS, { login: 'github-actions[bot]', kind: 'app' });
  f.settings.apps.set('priya-reviewer', APP);
  f.settings.apps.set('other-app', 555);
  f.settings.branches.set('main', { protected: true });
  f.settings.rulesets.set(7, { name: 'gate', bypass_actors: [] });
  f.settings.rules.set('main', [
    {
      type: 'required_status_checks',
      ruleset_id: 7,
      parameters: {
        strict_required_status_checks_policy: false,
        required_status_checks: [{ context: CONTEXT, integration_id: APP }],
      },
    },
    {
      type: 'pull_request',
      ruleset_id: 7,
      parameters: {
        required_approving_review_count: 1,
        dismiss_stale_reviews_on_push: true,
        require_last_push_approval: true,
        require_code_owner_review: true,
        required_review_thread_resolution: false,
      },
    },
    {
      type: 'merge_queue',
      ruleset_id: 7,
      parameters: {
        check_response_timeout_minutes: 60,
        grouping_strategy: 'ALLGREEN',
        max_entries_to_build: 5,
        max_entries_to_merge: 5,
        merge_method: 'SQUASH',
        min_entries_to_merge: 1,
        min_entries_to_merge_wait_minutes: 5,
      },
    },
  ]);
  for (const name of ['persona-priya.yml', 'queue.yml', 'queue-report.yml'])
    f.settings.files.set(`.github/workflows/${name}`, readFileSync(join(FIXTURES, name), 'utf8'));
  // code owners for the gate's own files (README: Hardening), which the doctor reads from the gated branch
  f.settings.files.set('.github/CODEOWNERS', '/.github/ @acme/maintainers\n');
  // the environment that holds priya's key: only main may deploy to it
  f.settings.environments.set('persona-priya', { branches: [{ name: 'main', type: 'branch' }] });
  // and the key is a secret of that environment only; the LLM key may be a repository secret
  f.settings.secrets.environments.set('persona-priya', ['PRIYA_APP_PRIVATE_KEY']);
  f.settings.secrets.repository.push('LLM_API_KEY');
}

/** A release workflow on push that mints priya's App token (the same app-id) from `key`, in `environment`. */
function releaseWorkflow(f: FakeGitHub, environment: string, key: string): void {
  const mint = 'actions/create-github-app-token@67018539274d69449ef7c02e8e71183d1719ab42 # v2.1.4';
  f.settings.files.set(
    '.github/workflows/release.yml',
    `on: push\npermissions: {}\njobs:\n  release:\n    runs-on: ubuntu-latest\n    environment: ${environment}\n` +
      `    steps:\n      - id: app\n        uses: ${mint}\n        with:\n` +
      `          app-id: \${{ vars.PRIYA_APP_ID }}\n          private-key: \${{ secrets.${key} }}\n`,
  );
}

type Env = FakeSettings['environments'] extends Map<string, infer V> ? V : never;
const rule = (type: string) => fake.settings.rules.get('main')!.find((r) => r.type === type)!;
const workflow = (name: string, edit: (t: string) => string) => {
  const path = `.github/workflows/${name}`;
  fake.settings.files.set(path, edit(fake.settings.files.get(path)!));
};

/** The bundled CLI as a user runs it (cli-run.ts: in-process unless PV_E2E=spawn); the fake answers meanwhile. */
async function doctor(args: string[], token: string | null = ADMIN): Promise<CliResult> {
  const env: Record<string, string> = { PATH: process.env['PATH'] ?? '', GITHUB_API_URL: fake.url };
  if (token) env['GH_TOKEN'] = token;
  const r = await runCli(['doctor', ...args], { env });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

const PRIYA = ['--repo', 'acme/widgets', '--persona', 'priya=priya-reviewer'];
const CHECKED = 'priya=priya-reviewer';

/**
 * The doctor's checks as the action runs them (mode: doctor; dist/main.js in-process, harness.ts): the report is
 * the CLI's, without the CLI's argument parsing. What only the CLI has (its arguments, exit 2, --format json,
 * --branch, the rounds of reads, stderr) is tested through the bundled CLI (cli-run.ts).
 */
async function diagnose(personas = CHECKED, token = ADMIN): Promise<CliResult> {
  const r = await runAction({ apiUrl: fake.url, inputs: { mode: 'doctor', 'github-token': token, personas } });
  return { code: r.code, stdout: r.stdout, stderr: r.stderr };
}

beforeEach(async () => {
  fake = await new FakeGitHub().start();
  correctGate(fake);
});

afterEach(async () => {
  expect(fake.violations()).toEqual([]);
  expect(fake.writes()).toEqual([]); // the doctor only reads
  await fake.stop();
});

describe('doctor: the bundled CLI and its checks (the action bundle in-process, the same report)', () => {
  test('a correct App-pinned gate with a merge queue: every check ok, exit 0, 17 reads in 4 rounds', async () => {
    // Every answer waits 500 ms: reads sent together are one round, and a read sent after an answer is the next.
    // The count can only come out too high when the CLI stalls as long as an answer takes (150 ms did, once, on a
    // loaded CI machine: one round more); a doctor that read one thing after another would show 12. The environment
    // and its branch policies are read together once the workflow files name it, with the secret names of the
    // repository, the organization and that environment (where the key is kept): the fourth round. The gated
    // branch's CODEOWNERS is read beside the rules and the workflow files, the errors GitHub reports in it after it.
    fake.latencyMs = 500;
    const r = await doctor(PRIYA);
    expect(fake.log).toHaveLength(17);
    expect(fake.roundsBeforeFirstWrite()).toBe(4);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/^(FAIL|WARN)/m);
    expect(r.stdout).toMatch(/^ok {4}ruleset "gate" requires persona-verdict\/priya from priya's App$/m);
    expect(r.stdout).toMatch(/^ok {4}the merge queue gets persona-verdict\/priya from .*queue-report\.yml/m);
    expect(r.stdout).toMatch(/^ok {4}classic branch protection on main was read|^ok {4}main has no classic/m);
    expect(r.stdout.trim().split('\n').at(-1)).toMatch(/^OK: the gate on main is enforced: all \d+ checks ok$/);
    const ops = new Set(fake.log.map((l) => l.operationId));
    for (const op of [
      'repos/get',
      'repos/get-branch-rules',
      'repos/get-repo-ruleset',
      'repos/get-branch',
      'repos/get-branch-protection',
      'apps/get-by-slug',
      'repos/get-content',
      'repos/codeowners-errors',
      'repos/get-environment',
      'actions/list-repo-secrets',
      'actions/list-repo-organization-secrets',
      'actions/list-environment-secrets',
    ])
      expect(ops).toContain(op);
    expect(r.stdout).toMatch(/^ok {4}only main may deploy to environment persona-priya$/m);
    expect(r.stdout).toMatch(
      /^ok {4}priya's key PRIYA_APP_PRIVATE_KEY is a secret of environment persona-priya only$/m,
    );
    expect(r.stdout).toMatch(
      /^ok {4}code owners must review .*\.github\/CODEOWNERS on main owns \.github\/workflows\//m,
    );
  });

  // a review of the doctor, 2026-12-03: with code owner review on, "ok" was said without reading CODEOWNERS
  test.each([
    ['no CODEOWNERS file', null, /main has no CODEOWNERS file \(\.github\/, the root or docs\/\)/],
    [
      'one that owns src/ only',
      '/src/ @acme/core\n',
      /\.github\/CODEOWNERS on main gives no owner to \.github\/workflows\/, \.github\/persona-verdict\/, \.github\/CODEOWNERS/,
    ],
    // GitHub's codeowners/errors names the unknown owner: the line asks no one (a review of the doctor, 2026-12-03)
    [
      'one whose owner GitHub does not know',
      '/.github/ @acme/no-such-team\n',
      /gives no owner to .*\(GitHub reports line 1: Unknown owner: such a line asks no one\)/,
    ],
    [
      'one that leaves the prompts without an owner',
      '* @acme/maintainers\n/.github/persona-verdict/\n',
      /gives no owner to \.github\/persona-verdict\/:/,
    ],
  ])('code owner review on, %s: WARN naming what has no owner, exit 0', async (_n, text, says) => {
    if (text === null) fake.settings.files.delete('.github/CODEOWNERS');
    else fake.settings.files.set('.github/CODEOWNERS', text);
    const r = await doctor(PRIYA);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^WARN {2}.*${says.source}`, 'm'));
  });

  // found by an attack on L/M: an LLM job that checks out the PR's own code (and so runs its run-persona) through a
  // ref the rules did not know passed as "enforced: all checks ok"
  test.each([
    ['pull_request_target: the PR merge commit', '${{ github.event.pull_request.merge_commit_sha }}'],
    ['workflow_run: the triggering run head commit', '${{ github.event.workflow_run.head_commit.id }}'],
    ['the head preflight pinned (its output)', '${{ needs.preflight.outputs.head-sha }}'],
  ])('an LLM job checking out %s: FAIL, exit 1', async (_n, ref) => {
    const next = '\n      - uses: actions/download-artifact';
    workflow('persona-priya.yml', (t) => {
      const edited = t.replace(
        `        with:\n          persist-credentials: false${next}`,
        `        with:\n          ref: ${ref}\n          persist-credentials: false${next}`,
      );
      expect(edited).not.toBe(t);
      return edited;
    });
    const r = await diagnose();
    expect(r.stdout).toMatch(/^FAIL .*checks out PR code, or may: ref \$\{\{ .* \}\} is not the default branch/m);
    expect(r.code).toBe(1);
  });

  // found by a third attack: a fork's own repository (its copy of the base branch, or its default branch) and an
  // artifact of the triggering run are the PR's code and the PR's diff
  test.each([
    ['the fork, at the base branch name', '${{ github.event.pull_request.base.ref }}'],
    ['the fork, its default branch', null],
  ])('an LLM job checking out %s: FAIL, exit 1', async (_n, ref) => {
    workflow('persona-priya.yml', (t) => {
      const edited = t.replace(
        '        with:\n          persist-credentials: false\n',
        '        with:\n          repository: ${{ github.event.pull_request.head.repo.full_name }}\n' +
          (ref ? `          ref: ${ref}\n` : '') +
          '          persist-credentials: false\n',
      );
      expect(edited).not.toBe(t);
      return edited;
    });
    const r = await diagnose();
    expect(r.stdout).toMatch(/^FAIL .*checks out PR code, or may: repository \$\{\{ github.event.pull_request/m);
    expect(r.code).toBe(1);
  });

  // found by a twelfth attack: a run step that fetches the PR's head (named through env) or runs gh pr checkout, then
  // the persona script — the PR's copy of it writes the body. The rules looked only at actions/checkout's ref.
  test.each([
    [
      'a git fetch of the PR head sha given through env',
      '        env:\n          HEAD_SHA: ${{ github.event.pull_request.head.sha }}\n' +
        '        run: git fetch --depth=1 origin "$HEAD_SHA" && git checkout --force FETCH_HEAD\n',
      /checks out PR code, or may: a run or script step is handed the PR's head/,
    ],
    [
      'gh pr checkout',
      '        env:\n          GH_TOKEN: ${{ github.token }}\n          PR: ${{ github.event.pull_request.number }}\n' +
        '        run: gh pr checkout "$PR"\n',
      /checks out PR code \(a run step fetches the pull request by its number\)/,
    ],
  ])('an LLM job with %s before the persona script: FAIL, exit 1', async (_n, step, finding) => {
    workflow('persona-priya.yml', (t) => {
      const anchor =
        '      - env:\n          LLM_API_KEY: ${{ secrets.LLM_API_KEY }}\n        run: ./scripts/run-persona';
      const edited = t.replace(anchor, `      - name: The PR head\n${step}${anchor}`);
      expect(edited).not.toBe(t);
      return edited;
    });
    const r = await diagnose();
    expect(r.stdout).not.toMatch(/enforced: all \d+ checks ok/);
    expect(r.stdout).toMatch(new RegExp(`^FAIL .*${finding.source}`, 'm'));
    expect(r.code).toBe(1);
  });

  test("an LLM job reading the triggering run's artifact (run-id): FAIL, exit 1", async () => {
    workflow('persona-priya.yml', (t) => {
      const download = /(uses: actions\/download-artifact@\w+ # v[\d.]+\n {8}with:\n {10}name: diff\n)/;
      const edited = t.replace(
        download,
        '$1          run-id: ${{ github.event.workflow_run.id }}\n          github-token: ${{ github.token }}\n',
      );
      expect(edited).not.toBe(t);
      return edited;
    });
    const r = await diagnose();
    expect(r.stdout).toMatch(/^FAIL .*reads an artifact of another workflow run \(run-id, github-token\)/m);
    expect(r.code).toBe(1);
  });

  // found by an attack on L/M: doctor said "enforced" without reading who may deploy to the environment holding the
  // App key; GitHub makes an environment on first use with every branch allowed
  test.each<[string, Env | null, number, RegExp]>([
    [
      'every branch (no policy)',
      { branches: null },
      1,
      /^FAIL {2}environment persona-priya lets every branch deploy: a writer can push a branch whose own workflow names persona-priya, mint priya's token/m,
    ],
    [
      'protected branches (all of them, or every branch with no protection rule)',
      { branches: 'protected' },
      0,
      /^WARN {2}environment persona-priya lets "protected branches" deploy/m,
    ],
    [
      'a branch pattern and a tag',
      {
        branches: [
          { name: 'main', type: 'branch' },
          { name: 'release/*', type: 'branch' },
          { name: 'v*', type: 'tag' },
        ],
      },
      0,
      /^WARN {2}environment persona-priya also lets branch release\/\* \(a pattern\), tag v\* \(a pattern\) deploy/m,
    ],
    ['no such environment', null, 0, /^WARN {2}environment persona-priya, named by priya's job, does not exist/m],
  ])('the persona environment allows %s: exit %i', async (_n, env, code, line) => {
    if (env) fake.settings.environments.set('persona-priya', env);
    else fake.settings.environments.delete('persona-priya');
    const r = await diagnose();
    expect(r.stdout).toMatch(line);
    expect(r.code).toBe(code);
    expect(fake.log.some((l) => l.path.endsWith('/environments/persona-priya'))).toBe(true);
  });

  // found by a read-through of L/M: an environment guards only its own secrets. The persona's key kept (also) as a
  // repository or organization secret is given to every workflow of every branch, whatever the job's environment.
  test.each<[string, (f: FakeGitHub) => void, number, RegExp]>([
    [
      'a repository secret beside the environment one: FAIL',
      (f) => f.settings.secrets.repository.push('PRIYA_APP_PRIVATE_KEY'),
      1,
      /^FAIL {2}priya's key PRIYA_APP_PRIVATE_KEY is a repository secret: any workflow on any branch can read it: a writer can push a branch whose workflow mints priya's token with it and writes priya's status\n {6}fix: keep PRIYA_APP_PRIVATE_KEY only in environment persona-priya's secrets .* and delete the repository secret/m,
    ],
    [
      'an organization secret shared with the repository (names are case-insensitive): FAIL',
      (f) => {
        f.settings.secrets.environments.set('persona-priya', []);
        f.settings.secrets.organization.push('priya_app_private_key');
      },
      1,
      /^FAIL {2}priya's key PRIYA_APP_PRIVATE_KEY is an organization secret: .*\n {6}fix: .*delete the organization secret, or take this repository off its list of repositories$/m,
    ],
    [
      // found by a review: the same App's token minted in another workflow, from a key kept under another name
      "a release workflow minting priya's App token from a repository secret: FAIL",
      (f) => {
        releaseWorkflow(f, 'persona-priya', 'PRIYA_PEM');
        f.settings.secrets.repository.push('PRIYA_PEM');
      },
      1,
      /^FAIL {2}priya's key PRIYA_PEM is a repository secret: any workflow on any branch can read it/m,
    ],
    [
      // GET /apps/{slug} gives the client ID as well: a workflow naming the App by it mints the same App's token
      "a workflow naming priya's App by its client ID, its key a repository secret: FAIL",
      (f) => {
        releaseWorkflow(f, 'release', 'PRIYA_PEM');
        f.settings.environments.set('release', { branches: [{ name: 'main', type: 'branch' }] });
        const file = f.settings.files.get('.github/workflows/release.yml')!;
        const byClientId = `client-id: ${clientIdOf(APP)}`;
        f.settings.files.set(
          '.github/workflows/release.yml',
          file.replace('app-id: ${{ vars.PRIYA_APP_ID }}', byClientId),
        );
        f.settings.secrets.repository.push('PRIYA_PEM');
      },
      1,
      /^FAIL {2}priya's key PRIYA_PEM is a repository secret: any workflow on any branch can read it/m,
    ],
    [
      'the same App minted in a job whose environment every branch may deploy to: FAIL on that environment',
      (f) => {
        releaseWorkflow(f, 'staging', 'PRIYA_APP_PRIVATE_KEY');
        f.settings.environments.set('staging', { branches: null });
        f.settings.secrets.environments.set('staging', ['PRIYA_APP_PRIVATE_KEY']);
      },
      1,
      /^FAIL {2}environment staging lets every branch deploy: a writer can push a branch whose own workflow names staging, mint priya's token/m,
    ],
    [
      'in none of the stores: WARN, the job would get an empty key',
      (f) => f.settings.secrets.environments.set('persona-priya', ['OTHER_KEY']),
      0,
      /^WARN {2}priya's key PRIYA_APP_PRIVATE_KEY is in none of the secrets this token can list \(not in environment persona-priya\)/m,
    ],
  ])('where the persona key is kept: %s', async (_name, setUp, code, line) => {
    setUp(fake);
    const r = await diagnose();
    expect(r.code).toBe(code);
    expect(r.stdout).toMatch(line);
  });

  test('GitHub pages the secrets list: a persona key listed 125th of 130 repository secrets is found (page 2)', async () => {
    const names = Array.from({ length: 129 }, (_v, i) => `DEPLOY_KEY_${String(i).padStart(3, '0')}`);
    names.splice(124, 0, 'PRIYA_APP_PRIVATE_KEY');
    fake.settings.secrets.repository.push(...names);
    const r = await diagnose();
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^FAIL {2}priya's key PRIYA_APP_PRIVATE_KEY is a repository secret/m);
    const pages = fake.log.filter((l) => l.path.endsWith('/actions/secrets')).map((l) => l.query['page'] ?? '1');
    expect(pages).toEqual(['1', '2']);
  });

  test('a merge queue that checks only the newest entry of a group (HEADGREEN): FAIL, a rejected PR could merge', async () => {
    const queue = fake.settings.rules.get('main')!.find((r) => r.type === 'merge_queue')!;
    queue.parameters = { ...queue.parameters, grouping_strategy: 'HEADGREEN' };
    const r = await diagnose();
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^FAIL {2}the merge queue of main requires checks only on the newest entry/m);
    expect(r.stdout).toMatch(/Only merge non-failing pull requests/);
  });

  test('--format json: the report for machines, same verdicts', async () => {
    const r = await doctor([...PRIYA, '--format', 'json', '--branch', 'main']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ repo: 'acme/widgets', branch: 'main', level: 'ok' });
    expect(report.checks.every((c: { level: string }) => c.level === 'ok')).toBe(true);
  });

  // an independent review (2026-12-03): @actions/github read the event file as the doctor's checks loaded — a stale
  // path printed "… does not exist" on stdout before the JSON, a file that is not JSON crashed the doctor. Spawned:
  // the checks load once per process, so only a process of its own shows what loading them does.
  test.each([
    ['names no file', join(tempDir(), 'gone.json')],
    ['names a file that is not JSON', writeBody('not json', 'event.json')],
  ])('GITHUB_EVENT_PATH left set, %s: the report is the same, on stdout alone', async (_why, path) => {
    const args = ['doctor', ...PRIYA, '--format', 'json'];
    const env = { PATH: process.env['PATH'] ?? '', GH_TOKEN: ADMIN, GITHUB_API_URL: fake.url };
    const clean = await runCli(args, { env, tier: 'spawned' });
    const stale = await runCli(args, { env: { ...env, GITHUB_EVENT_PATH: path }, tier: 'spawned' });
    expect(clean.status).toBe(0);
    expect(JSON.parse(clean.stdout)).toMatchObject({ level: 'ok' });
    expect(stale).toEqual(clean);
  });

  // a maintainer's walkthrough, 2026-12-03: GH_TOKEN=$(gh auth token) was passed over for a GITHUB_TOKEN in the shell
  test('GH_TOKEN before GITHUB_TOKEN, as gh reads them', async () => {
    const args = ['doctor', ...PRIYA, '--format', 'json'];
    const env = { PATH: process.env['PATH'] ?? '', GITHUB_API_URL: fake.url };
    const both = await runCli(args, { env: { ...env, GH_TOKEN: ADMIN, GITHUB_TOKEN: 'ghs_not-this-one' } });
    expect(both.status, both.stderr).toBe(0);
    expect(JSON.parse(both.stdout)).toMatchObject({ level: 'ok' });
  });

  test('context not required: FAIL with the ruleset setting to add it, exit 1', async () => {
    fake.settings.rules.set(
      'main',
      fake.settings.rules.get('main')!.filter((r) => r.type !== 'required_status_checks'),
    );
    const r = await doctor(PRIYA);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^FAIL {2}persona-verdict\/priya is not a required status check on main: a PR merges without priya's verdict\n {6}fix: Settings → Rules → Rulesets → a branch ruleset targeting main → Require status checks to pass → add persona-verdict\/priya with the App priya-reviewer as its source$/m,
    );
    expect(r.stdout.trim().split('\n').at(-1)).toMatch(/^FAIL: the gate on main is not enforced/);
  });

  test('required from any source while the persona writes with a PAT: FAIL, forgeable by any writer', async () => {
    delete rule('required_status_checks').parameters.required_status_checks[0].integration_id;
    fake.settings.permissions.set('octo-priya', { permission: 'write', role_name: 'write' });
    workflow('persona-priya.yml', (t) => t.replaceAll('${{ steps.app.outputs.token }}', '${{ secrets.PRIYA_TOKEN }}'));
    const r = await diagnose('priya=@octo-priya');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^FAIL {2}ruleset "gate" requires persona-verdict\/priya from any source: anyone with write access \(or any workflow with statuses: write or checks: write\) can set it to success\n {6}fix: make priya a GitHub App/m,
    );
    expect(r.stdout).toMatch(/^ok {4}octo-priya has write access/m);
  });

  test('source pinned to another App: FAIL, every PR blocked, fix names the App to pick', async () => {
    rule('required_status_checks').parameters.required_status_checks[0].integration_id = 555;
    const r = await diagnose();
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^FAIL {2}ruleset "gate" accepts persona-verdict\/priya only from App 555, but priya writes it as the App priya-reviewer \(id 901\): its status never counts and every PR is blocked\n {6}fix: .*set its source to the App priya-reviewer$/m,
    );
  });

  test('the merge queue requires a context nobody writes on merge_group or workflow_run: FAIL', async () => {
    fake.settings.files.delete('.github/workflows/queue-report.yml');
    const r = await diagnose();
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^FAIL {2}the merge queue \(ruleset "gate"\) requires persona-verdict\/priya on each group's commit, but no workflow writes it on merge_group or on a workflow_run after one: every queued PR waits and is ejected\n {6}fix: add a queue reporter/m,
    );
  });

  test("the merge queue's status comes from GITHUB_TOKEN while the rule pins the App: FAIL", async () => {
    workflow('queue-report.yml', (t) => t.replace('${{ steps.app.outputs.token }}', '${{ github.token }}'));
    const r = await diagnose();
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^FAIL {2}merge queue: job priya .* GITHUB_TOKEN \(GitHub Actions\).*ejected$/m);
  });

  test('persona account without write access: FAIL with the collaborator setting', async () => {
    fake.settings.permissions.set('octo-priya', { permission: 'read', role_name: 'read' });
    const r = await diagnose('priya=@octo-priya');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^FAIL {2}octo-priya has only read access: its APPROVE does not count toward required reviews and it cannot write priya's status\n {6}fix: Settings → Collaborators and teams → give octo-priya the Write role$/m,
    );
    expect(fake.log.some((l) => l.operationId === 'repos/get-collaborator-permission-level')).toBe(true);
  });

  test('dismiss-stale off: WARN with the exact option, nothing fails (exit 0)', async () => {
    rule('pull_request').parameters.dismiss_stale_reviews_on_push = false;
    const r = await diagnose();
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^WARN {2}approvals survive new pushes.*\n {6}fix: .*Require a pull request before merging → Dismiss stale pull request approvals when new commits are pushed$/m,
    );
    expect(r.stdout.trim().split('\n').at(-1)).toMatch(/^WARN: .*1 warning/);
  });

  test('a bypass actor that can open PRs: FAIL for an admin token; unknown (WARN) for one that cannot see it', async () => {
    fake.settings.rulesets.set(7, {
      name: 'gate',
      bypass_actors: [{ actor_id: 5, actor_type: 'RepositoryRole', bypass_mode: 'always' }],
    });
    const r = await diagnose();
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^FAIL {2}ruleset "gate" lets repository role 5 bypass it \(always\): they can open a PR and merge it without the personas\n {6}fix: Settings → Rules → Rulesets → gate → Bypass list: remove repository role 5/m,
    );
    const hidden = await diagnose(CHECKED, ACTIONS);
    expect(hidden.stdout).toMatch(/^WARN {2}who may bypass ruleset "gate" is unknown/m);
    expect(hidden.stdout).not.toMatch(/^ok {4}nobody may bypass/m);
  });

  test('a persona credential in the LLM job: FAIL naming the job and the step', async () => {
    const upload = '      - uses: actions/upload-artifact@ea165f8d65b6e75b540449e92b4886f43607fa02 # v4.6.2\n';
    const llm =
      '      - name: Run the priya persona\n        env:\n          LLM_API_KEY: ${{ secrets.LLM_API_KEY }}\n' +
      '        run: ./scripts/run-persona priya\n';
    workflow('persona-priya.yml', (t) => t.replace(upload, llm + upload));
    const r = await diagnose();
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^FAIL {2}\.github\/workflows\/persona-priya\.yml, job preflight: the job holds a persona credential beside step 3 \("Run the priya persona"\), which runs other code/m,
    );
    expect(r.stdout).toMatch(/fix: in \.github\/workflows\/persona-priya\.yml, split job preflight/);
  });

  test('a token that cannot read classic protection: reported as unknown, never as ok', async () => {
    fake.settings.classic.set('main', {
      url: 'https://github.test/p',
      required_status_checks: {
        url: 'https://github.test/p/rsc',
        contexts_url: 'https://github.test/p/rsc/contexts',
        strict: false,
        contexts: ['ci'],
        checks: [{ context: 'ci', app_id: null }],
      },
      enforce_admins: { url: 'https://github.test/p/ea', enabled: true },
    });
    const r = await diagnose(CHECKED, ACTIONS);
    expect(r.stdout).toMatch(
      /^WARN {2}classic branch protection on main is unknown: GitHub answered 403 to the doctor's token, so its review rules and admin enforcement were not checked\n {6}fix: run the doctor with a token that may read branch protection \(repository administration: read\)/m,
    );
    expect(r.stdout).not.toMatch(/^ok {4}.*classic/m);
    expect(fake.log.find((l) => l.operationId === 'repos/get-branch-protection')?.status).toBe(403);
    expect(r.code).toBe(0); // nothing fails: the rest of the gate is right
    const admin = await diagnose();
    expect(admin.stdout).toMatch(/^ok {4}classic branch protection on main was read$/m);
  });

  test('usage errors exit 2 and say what to give', async () => {
    const none = await doctor(['--repo', 'acme/widgets']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/give at least one --persona NAME=APP_SLUG or NAME=@LOGIN/);
    const bad = await doctor(['--repo', 'acme/widgets', '--persona', 'priya']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/persona "priya": not NAME=APP_SLUG or NAME=@LOGIN/);
    const token = await doctor(PRIYA, null);
    expect(token.code).toBe(2);
    expect(token.stderr).toMatch(/set GH_TOKEN or GITHUB_TOKEN/);
    // the command line before the environment: a malformed or doubled persona is named even with no token
    const first = await doctor(['--repo', 'acme/widgets', '--persona', 'priya'], null);
    expect([first.code, first.stderr]).toEqual([2, expect.stringMatching(/persona "priya": not NAME=APP_SLUG/)]);
    const twice = await doctor([...PRIYA, '--persona', 'priya=other-app']);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/persona "priya" is given twice: give each persona once/);
    // a --repo given but malformed is named as such, not as missing (a walkthrough); --format as check says it
    const repo = await doctor(['--repo', 'widgets', '--persona', 'priya=x']);
    expect([repo.code, repo.stderr]).toEqual([2, expect.stringMatching(/--repo "widgets" is not OWNER\/NAME/)]);
    const format = await doctor([...PRIYA, '--format', 'yaml']);
    expect(format.stderr).toMatch(/--format must be text or json, not "yaml"/);
    expect(fake.log).toHaveLength(0);
    const branch = await doctor([...PRIYA, '--branch', 'no-such-branch']);
    expect(branch.code).toBe(2);
    expect(branch.stderr).toMatch(
      /^persona-verdict doctor: there is no branch no-such-branch\nWhat to do: give an existing branch/,
    );
    const denied = await doctor(PRIYA, 'tok-unknown');
    expect(denied.code).toBe(1);
    expect(denied.stderr).toMatch(/^persona-verdict doctor: .*401/);
    // in doctor's terms: it only reads, there is no job or review to speak of
    expect(denied.stderr).toMatch(/\nWhat to do: the token was rejected .*check GH_TOKEN or GITHUB_TOKEN/);
    expect(denied.stderr).not.toMatch(/re-run|review/i);
    // a maintainer's walkthrough: a GITHUB_API_URL that is no URL crashed with a stack trace
    const env = { PATH: process.env['PATH'] ?? '', GH_TOKEN: ADMIN, GITHUB_API_URL: 'notaurl' };
    const url = await runCli(['doctor', ...PRIYA], { env });
    expect([url.status, url.stdout]).toEqual([2, '']);
    expect(url.stderr).toMatch(
      /^persona-verdict doctor: GITHUB_API_URL "notaurl" is not a URL: unset it, or give https:\/\/HOST\/api\/v3\n/,
    );
    expect(url.stderr).not.toMatch(/TypeError|\n {4}at /);
    const help = await doctor(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage:\n {2}persona-verdict doctor --repo OWNER\/NAME/);
  });

  test('no .github/workflows at all: nothing writes the required context (FAIL), not "could not read"', async () => {
    fake.settings.files.clear();
    const r = await doctor(PRIYA);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^FAIL {2}no workflow on the default branch writes persona-verdict\/priya for pull requests/m,
    );
    expect(r.stdout).toMatch(/^ok {4}no workflow file breaks the workflow rules: the default branch has none$/m);
  });

  test('a slug with no App: FAIL telling where the slug is', async () => {
    const r = await doctor(['--repo', 'acme/widgets', '--persona', 'priya=priya-reviewr']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^FAIL {2}there is no GitHub App with the slug priya-reviewr/m);
  });
});

describe('doctor (action, mode doctor)', () => {
  test('a correct gate: the report in the job summary, the step succeeds', async () => {
    const r = await runAction({
      apiUrl: fake.url,
      eventName: 'schedule',
      inputs: { mode: 'doctor', 'github-token': ADMIN, personas: 'priya=priya-reviewer' },
    });
    expect(r.code).toBe(0);
    expect(r.summary).toMatch(/## ✅ persona-verdict doctor: acme\/widgets \(main\)/);
    expect(r.summary).toMatch(/\| ✅ ok \| ruleset &#34;gate&#34; requires persona-verdict\/priya from priya's App \|/);
    expect(r.commands.filter((c) => c.startsWith('::error'))).toEqual([]);
  });

  test('a failing check fails the step, with the finding and its fix in the summary', async () => {
    rule('required_status_checks').parameters.required_status_checks[0].integration_id = 555;
    const r = await runAction({
      apiUrl: fake.url,
      eventName: 'push',
      inputs: { mode: 'doctor', 'github-token': ACTIONS, personas: 'priya=priya-reviewer' },
    });
    expect(r.code).toBe(1);
    expect(r.summary).toMatch(/## ❌ persona-verdict doctor/);
    expect(r.summary.match(/<sub>persona-verdict v/g)).toHaveLength(1);
    expect(r.summary).toMatch(/\*\*the gate on main is not enforced: 1 check\(s\) fail, 2 warn/);
    expect(r.summary).toMatch(/\| ❌ fail \| ruleset &#34;gate&#34; accepts persona-verdict\/priya only from App 555/);
    expect(r.summary).toMatch(/\| ⚠️ warn \| who may bypass ruleset &#34;gate&#34; is unknown/);
    // GITHUB_TOKEN may not list secrets: where the key is kept is unknown, never ok
    expect(r.summary).toMatch(
      /\| ⚠️ warn \| where priya's key PRIYA_APP_PRIVATE_KEY is stored is unknown: the repository, organization, environment persona-priya's secrets could not be listed/,
    );
    expect(r.commands.some((c) => /^::error::doctor: the gate on main is not enforced/.test(c))).toBe(true);
  });

  // a maintainer's walkthrough: a doctor that could not run left an empty summary
  test('a doctor that cannot read the repository says so in the job summary, with what to do', async () => {
    const r = await runAction({
      apiUrl: fake.url,
      eventName: 'schedule',
      inputs: { mode: 'doctor', 'github-token': 'tok-unknown', personas: 'priya=priya-reviewer' },
    });
    expect(r.code).toBe(1);
    // headed and signed as the report is (and every other mode's summary)
    expect(r.summary).toMatch(/^## ❌ persona-verdict doctor: could not check the gate\n\n> \[!CAUTION\]\n> .*401/);
    expect(r.summary).toMatch(/\*\*What to do:\*\* the token was rejected/);
    expect(r.summary).toMatch(/<sub>persona-verdict v\d+\.\d+\.\d+<\/sub>\n$/);
  });

  test('personas for mode doctor: app-slug or @login; anything else is bad input', async () => {
    const r = await runAction({
      apiUrl: fake.url,
      inputs: { mode: 'doctor', 'github-token': ADMIN, personas: 'priya=@octo priya' },
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/persona=app-slug for an App or persona=@login for an account/);
  });
});

test('GitHub Enterprise: GITHUB_API_URL with /api/v3 is where every read goes', async () => {
  fake.ghes = true;
  const url = fake.url;
  fake.url = `${url}/api/v3`;
  try {
    const r = await doctor(PRIYA);
    expect(r.code).toBe(0);
    expect(fake.log.every((l) => !l.path.startsWith('/not-ghes'))).toBe(true);
  } finally {
    fake.url = url;
  }
});
