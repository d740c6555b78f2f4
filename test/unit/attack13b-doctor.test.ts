// Attack round 13 (a helper attacking doctor, the recipes and the CLI): what the doctor said ok for an unsafe
// setup. Each test failed before the fix; the comments say what was wrong then (docs/RELIABILITY.md has a row each).
import { describe, expect, test } from 'vitest';
import { diagnose } from '../../src/core/doctor.js';
import { file, APP, good } from './doctor-kit.js';

const SHA = 'b'.repeat(40);

describe('D13b-1: the LLM step in the job that holds the persona key', () => {
  // One job: a third-party minter (taken for a minter because of its private_key input: README/doctor-keys say
  // getsentry's is followed) with the key in a secret named PRIYA_APP_KEY, and the LLM step beside it. The
  // project's rules see it ("holds a persona credential … and runs a run: step") but the grading maps that
  // wording to warn, and jobIssues does not recognise the secret name nor the minter: the bottom line says the
  // gate holds and the doctor step passes.
  const ONE_JOB = `name: persona-priya
on:
  pull_request_target:
    types: [opened, synchronize, reopened, ready_for_review]
permissions: {}
jobs:
  review:
    runs-on: ubuntu-latest
    environment: persona-priya
    permissions:
      contents: read
    steps:
      - uses: actions/checkout@11d5960a326750d5838078e36cf38b85af677262 # v4.4.0
        with:
          persist-credentials: false
      - id: app
        uses: getsentry/action-github-app-token@${SHA} # v3
        with:
          app_id: \${{ vars.PRIYA_APP_ID }}
          private_key: \${{ secrets.PRIYA_APP_KEY }}
      - id: pre
        uses: persona-verdict/persona-verdict@d76dc7c071ee76d962e5e0322dc6ea64e763021a # v0.3.0
        with:
          mode: preflight
          persona: priya
          diff-path: pr.diff
          github-token: \${{ steps.app.outputs.token }}
      - env:
          LLM_API_KEY: \${{ secrets.LLM_API_KEY }}
        run: ./scripts/run-persona priya < pr.diff > review.md
      - uses: persona-verdict/persona-verdict@d76dc7c071ee76d962e5e0322dc6ea64e763021a # v0.3.0
        with:
          persona: priya
          body-path: review.md
          github-token: \${{ steps.app.outputs.token }}
`;
  test('doctor fails a job that holds the persona key and runs the LLM step', () => {
    const f = good();
    const r = diagnose({
      ...f,
      workflows: f.workflows!.map((w) => (w.path.endsWith('persona-priya.yml') ? { ...w, text: ONE_JOB } : w)),
    });
    const about = r.checks.filter((c) => /review/.test(c.id) && /persona credential/.test(c.says));
    // the doctor sees it…
    expect(about.length).toBeGreaterThan(0);
    // …but must grade it as a failure, as it does for a secret named *_PRIVATE_KEY
    expect(r.level).toBe('fail');
  });
  test('control (passes today): the same job with actions/create-github-app-token and *_PRIVATE_KEY fails', () => {
    const f = good();
    const known = ONE_JOB.replace(
      `getsentry/action-github-app-token@${SHA} # v3`,
      'actions/create-github-app-token@67018539274d69449ef7c02e8e71183d1719ab42 # v2.1.4',
    )
      .replace('app_id:', 'app-id:')
      .replace('private_key: ${{ secrets.PRIYA_APP_KEY }}', 'private-key: ${{ secrets.PRIYA_APP_PRIVATE_KEY }}');
    const r = diagnose({
      ...f,
      workflows: f.workflows!.map((w) => (w.path.endsWith('persona-priya.yml') ? { ...w, text: known } : w)),
    });
    expect(r.level).toBe('fail');
  });
});

describe('D13b-2: doctor --branch reads the default branch\u2019s workflow files', () => {
  // `doctor --branch develop` checked develop's rules and develop's environment, but read the workflow files of the
  // default branch (main) only: develop's own copy was never read. When this was found, pull_request_target ran the
  // PR base branch's copy; since 2025-12-08 it runs the default branch's (GitHub's changelog), and develop's own copy
  // runs on what it triggers on there: its pushes, its merge groups, the PRs into it (pull_request).
  test.each([
    ['on push, develop\u2019s own copy runs: it fails', 'push:\n    branches: [develop]', 'fail'],
    ['on pull_request_target, main\u2019s copy runs: develop\u2019s is not what fails', null, 'not-on-develop'],
  ])('the gate on develop, a bad persona workflow on develop %s', async (_n, trigger, want) => {
    const { runDoctor } = await import('../../src/modes/doctor.js');
    const good = file('persona-priya.yml').text;
    // develop's copy: one job holds priya's key and runs the LLM step
    const bad = `name: persona-priya
on:
  ${trigger ?? 'pull_request_target:\n    types: [opened, synchronize, reopened, ready_for_review]'}
permissions: {}
jobs:
  review:
    runs-on: ubuntu-latest
    environment: persona-priya
    permissions: {}
    steps:
      - id: app
        uses: actions/create-github-app-token@67018539274d69449ef7c02e8e71183d1719ab42 # v2.1.4
        with:
          app-id: \${{ vars.PRIYA_APP_ID }}
          private-key: \${{ secrets.PRIYA_APP_PRIVATE_KEY }}
      - env:
          LLM_API_KEY: \${{ secrets.LLM_API_KEY }}
        run: ./scripts/run-persona priya > review.md
      - uses: persona-verdict/persona-verdict@d76dc7c071ee76d962e5e0322dc6ea64e763021a # v0.3.0
        with:
          persona: priya
          body-path: review.md
          github-token: \${{ steps.app.outputs.token }}
`;
    const refs: string[] = [];
    const rules = [
      {
        type: 'required_status_checks',
        ruleset_id: 7,
        parameters: { required_status_checks: [{ context: 'persona-verdict/priya', integration_id: APP }] },
      },
      {
        type: 'pull_request',
        ruleset_id: 7,
        parameters: {
          required_approving_review_count: 1,
          dismiss_stale_reviews_on_push: true,
          require_last_push_approval: true,
          require_code_owner_review: true,
        },
      },
      { type: 'merge_queue', ruleset_id: 7, parameters: { grouping_strategy: 'ALLGREEN' } },
    ];
    const port = {
      getDefaultBranch: async () => 'main',
      getBranchRules: async () => rules,
      getRuleset: async () => ({ name: 'gate', bypass: [] }),
      getBranch: async () => ({ protected: true, classic: false, requiredChecks: null }),
      getBranchProtection: async () => ({ refused: 404 }),
      getApp: async () => ({ id: APP, clientId: 'Iv23liPriyaRev1ew' }),
      getPermission: async () => null,
      listWorkflowFiles: async (ref: string) => {
        refs.push(ref);
        return [
          { path: '.github/workflows/persona-priya.yml', text: ref === 'develop' ? bad : good },
          file('queue.yml'),
          file('queue-report.yml'),
        ];
      },
      getEnvironmentBranches: async () => ({
        kind: 'custom' as const,
        patterns: [{ name: 'develop', type: 'branch' as const }],
      }),
      listSecretNames: async (s: unknown) => (typeof s === 'object' ? ['PRIYA_APP_PRIVATE_KEY'] : []),
      getCodeowners: async () => ({ path: '.github/CODEOWNERS', text: '/.github/ @acme/maintainers\n' }),
      getCodeownersErrors: async () => [],
    };
    const r = await runDoctor(port, 'acme/widgets', 'develop', [{ name: 'priya', app: 'priya-reviewer', login: null }]);
    // before the fix: read from main's files only, every check was ok and the bottom line said the gate is enforced
    expect(refs).toContain('develop');
    const onDevelop = r.checks.filter((c) => c.level === 'fail' && / on develop/.test(c.says));
    if (want === 'fail') expect(onDevelop.map((c) => c.says)).not.toEqual([]);
    else expect(onDevelop.map((c) => c.says)).toEqual([]);
  });
});

describe('D13b-3: an expression spliced into a github-script in the LLM job', () => {
  // `${{ github.event.pull_request.title }}` in a run: step is a failure ("expression in run: pass it through env
  // instead"). The same expression in actions/github-script's `script:` is spliced into JavaScript the same way
  // (a title like `"); require('fs').writeFileSync(…)//` runs as code in the LLM job, which then writes review.md
  // — or the persona script it runs next — and so the verdict), but neither the rules nor the doctor see it.
  const GS = `actions/github-script@${SHA} # v7`;
  const withScript = (text: string) =>
    text.replace(
      '      - env:\n          LLM_API_KEY: ${{ secrets.LLM_API_KEY }}\n',
      `      - uses: ${GS}\n        with:\n          script: |\n` +
        '            core.info("reviewing: ${{ github.event.pull_request.title }}")\n' +
        '      - env:\n          LLM_API_KEY: ${{ secrets.LLM_API_KEY }}\n',
    );
  test('doctor fails a github-script whose script splices in the PR title', () => {
    const f = good();
    const workflows = f.workflows!.map((w) =>
      w.path.endsWith('persona-priya.yml') ? { ...w, text: withScript(w.text) } : w,
    );
    expect(workflows[0]!.text).toContain('github.event.pull_request.title');
    const r = diagnose({ ...f, workflows });
    expect(r.level).toBe('fail');
  });
  test('the workflow rules (lint-workflows) flag it as they flag the same expression in run:', async () => {
    const { securityFindings } = await import('../../scripts/workflow-rules.mjs');
    const text = withScript(file('persona-priya.yml').text);
    const asRun = text.replace(
      `      - uses: ${GS}\n        with:\n          script: |\n` +
        '            core.info("reviewing: ${{ github.event.pull_request.title }}")\n',
      '      - run: echo "reviewing ${{ github.event.pull_request.title }}"\n',
    );
    expect(securityFindings(asRun, 'w.yml').join('\n')).toMatch(/expression in run/);
    expect(securityFindings(text, 'w.yml').join('\n')).toMatch(/expression/);
  });
});

describe('D13b-1b: a persona credential on merge_group (the queued commit\u2019s workflow file) only warns', () => {
  // The README and the recipes: a merge_group workflow runs the queued commit's file, which the PR can change, so it
  // must hold no persona credential; the queue's status comes from workflow_run. The project's rule says so
  // ("persona credential on merge_group, whose workflow file is the queued commit's"), but its wording is graded
  // warn, and jobIssues has no merge_group test: the doctor's bottom line is "the gate holds".
  const QUEUE_WITH_KEY = `name: queue
on:
  merge_group:
permissions: {}
jobs:
  priya:
    runs-on: ubuntu-latest
    environment: persona-priya
    permissions: {}
    steps:
      - id: app
        uses: actions/create-github-app-token@67018539274d69449ef7c02e8e71183d1719ab42 # v2.1.4
        with:
          app-id: \${{ vars.PRIYA_APP_ID }}
          private-key: \${{ secrets.PRIYA_APP_PRIVATE_KEY }}
      - uses: persona-verdict/persona-verdict@d76dc7c071ee76d962e5e0322dc6ea64e763021a # v0.3.0
        with:
          mode: preflight
          persona: priya
          reviewer-login: priya-reviewer[bot]
          github-token: \${{ steps.app.outputs.token }}
`;
  test('doctor fails priya\u2019s key in a merge_group job', () => {
    const f = good();
    const workflows = [file('persona-priya.yml'), { path: '.github/workflows/queue.yml', text: QUEUE_WITH_KEY }];
    const r = diagnose({
      ...f,
      workflows,
      // the merge groups' branches may deploy, or the job could not read the key at all
      environments: [
        {
          name: 'persona-priya',
          branches: {
            kind: 'custom',
            patterns: [
              { name: 'main', type: 'branch' },
              { name: 'gh-readonly-queue/main/*', type: 'branch' },
            ],
          },
        },
      ],
    });
    expect(r.checks.some((c) => /merge_group/.test(c.says))).toBe(true);
    expect(r.level).toBe('fail');
  });
});
