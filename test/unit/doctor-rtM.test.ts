// A review of the doctor (a helper, attack M, against 71b1bdf): settings for which the doctor said ok although the gate
// does not hold, and correct gates it failed. Each test failed there (the dispatch row: the action now checks it).
import { describe, expect, test } from 'vitest';
import { diagnose, type DoctorFacts } from '../../src/core/doctor.js';
import { gatherFacts } from '../../src/modes/doctor.js';
import type { SettingsPort } from '../../src/github/port.js';
import { APP, good } from './doctor-kit.js';

const PV = 'persona-verdict/persona-verdict@d76dc7c071ee76d962e5e0322dc6ea64e763021a # v0.3.0';
const MINT = 'actions/create-github-app-token@67018539274d69449ef7c02e8e71183d1719ab42 # v2.1.4';
const CHECKOUT = 'actions/checkout@11d5960a326750d5838078e36cf38b85af677262 # v4.4.0';

/** A workflow whose one job mints priya's App token (in her environment) and runs persona-verdict with `withs`. */
const poster = (on: string, withs: string[]) =>
  [
    'name: manual',
    `on:\n${on}`,
    'permissions: {}',
    'jobs:',
    '  post:',
    '    runs-on: ubuntu-latest',
    '    environment: persona-priya',
    '    permissions: {}',
    '    steps:',
    '      - id: app',
    `        uses: ${MINT}`,
    '        with:',
    '          app-id: ${{ vars.PRIYA_APP_ID }}',
    '          private-key: ${{ secrets.PRIYA_APP_PRIVATE_KEY }}',
    `      - uses: ${PV}`,
    '        with:',
    '          persona: priya',
    '          github-token: ${{ steps.app.outputs.token }}',
    ...withs.map((w) => `          ${w}`),
  ].join('\n');

/** The good gate, its environment and key where they belong, plus one more workflow file. */
const withFile = (name: string, text: string): DoctorFacts => {
  const f = good();
  return {
    ...f,
    environments: [
      { name: 'persona-priya', branches: { kind: 'custom', patterns: [{ name: 'main', type: 'branch' }] } },
    ],
    secrets: { repository: [], organization: [], environments: { 'persona-priya': ['PRIYA_APP_PRIVATE_KEY'] } },
    workflows: [...f.workflows!, { path: `.github/workflows/${name}`, text }],
  };
};
const failsIn = (f: DoctorFacts, file: string) =>
  diagnose(f).checks.filter((c) => c.level === 'fail' && c.id.startsWith(`workflow:.github/workflows/${file}`));

describe('rtM: the review body comes from text someone other than the persona wrote (the doctor says enforced)', () => {
  // Who: the PR's author (pull_request_target), any commenter (issue_comment), any writer (workflow_dispatch). The
  // body is the review: its last line "## VERDICT: APPROVE" makes priya's App post an APPROVE and a success status
  // from the very App the ruleset pins. The doctor reads `persona`, `github-token`, `force`, `status-*`, never `body`.
  test.each<[string, string, string[]]>([
    [
      'the PR description, on pull_request_target',
      '  pull_request_target:',
      ['body: ${{ github.event.pull_request.body }}'],
    ],
    [
      'a comment, on issue_comment',
      '  issue_comment:\n    types: [created]',
      ['body: ${{ github.event.comment.body }}', 'reviewed-base: main'],
    ],
    [
      'a dispatch input, on workflow_dispatch',
      '  workflow_dispatch:\n    inputs:\n      pr: {}\n      sha: {}\n      review: {}',
      [
        'pull-number: ${{ inputs.pr }}',
        'reviewed-sha: ${{ inputs.sha }}',
        'body: ${{ inputs.review }}',
        'reviewed-base: main',
      ],
    ],
    [
      'fixed text',
      '  workflow_dispatch:',
      ['pull-number: 7', 'reviewed-sha: x', 'body: "Fine.\\n\\n## VERDICT: APPROVE"'],
    ],
    ['an env value', '  pull_request_target:', ['body: ${{ env.REVIEW }}']],
    ['a path a dispatch input names', '  workflow_dispatch:', ['pull-number: 7', 'body-path: ${{ inputs.file }}']],
    ['a path the PR branch names', '  pull_request_target:', ['body-path: reviews/${{ github.head_ref }}.md']],
  ])('body from %s: fails', (_n, on, withs) => {
    const f = withFile('manual.yml', poster(on, withs));
    const says = failsIn(f, 'manual.yml').map((c) => c.says);
    expect(
      says.filter((x) => /body/.test(x)),
      `doctor says: ${diagnose(f).bottomLine}`,
    ).not.toEqual([]);
  });
  test.each<[string, string[]]>([
    ["the LLM job's file (the recipes')", ['body-path: ${{ runner.temp }}/review/review.md']],
    ["a step's output", ['body: ${{ steps.llm.outputs.review }}']],
    ["a needed job's output", ['body: ${{ needs.persona.outputs.body }}']],
  ])('body from %s: no body finding', (_n, withs) => {
    const f = withFile('manual.yml', poster('  pull_request_target:', withs));
    expect(failsIn(f, 'manual.yml').filter((c) => /body/.test(c.says))).toEqual([]);
  });
});

describe('rtM: force on workflow_dispatch (the PR author, a writer, re-rolled the LLM on their own PR)', () => {
  // The action checked the asker only for a /review comment and a label; since 0.12.0 it checks whoever ran a
  // workflow by hand the same way (asker.ts; e2e access › force on a workflow run by hand), so the doctor is right to
  // count workflow_dispatch as a checked route.
  test('preflight with force: true and pull-number from a dispatch input: the action checks who ran it', () => {
    const f = withFile(
      'manual.yml',
      poster('  workflow_dispatch:\n    inputs:\n      pr: {}\n      sha: {}', [
        'mode: preflight',
        'pull-number: ${{ inputs.pr }}',
        'reviewed-sha: ${{ inputs.sha }}',
        'force: true',
      ]),
    );
    expect(failsIn(f, 'manual.yml').filter((c) => /force/.test(c.says))).toEqual([]);
  });
});

describe('rtM: the LLM job checks out a branch that is not the base (a writer writes run-persona there)', () => {
  // A literal ref is never read: only refs written as ${{ }} expressions are. The LLM job then runs the writer's
  // run-persona, which writes "## VERDICT: APPROVE" into review.md for the post job.
  test('checkout ref: develop in the persona (LLM) job, gate on main: fails', () => {
    const f = good();
    const edited: DoctorFacts = {
      ...f,
      workflows: f.workflows!.map((w) =>
        w.path.endsWith('persona-priya.yml')
          ? {
              ...w,
              text: w.text.replace(
                `      - uses: ${CHECKOUT}\n        with:\n          persist-credentials: false`,
                `      - uses: ${CHECKOUT}\n        with:\n          ref: develop\n` +
                  '          persist-credentials: false',
              ),
            }
          : w,
      ),
    };
    expect(edited.workflows![0]!.text).toContain('ref: develop');
    expect(failsIn(edited, 'persona-priya.yml'), `doctor says: ${diagnose(edited).bottomLine}`).not.toEqual([]);
  });
});

describe('rtM: a correct gate the doctor fails', () => {
  // The persona is required and pinned in ruleset "gate", which nobody may bypass. Classic protection on main
  // requires only CI, without admins: an admin skips CI, never the ruleset, which applies to admins too.
  test('classic protection (admins not included) requires only ci/build; the ruleset pins the persona: no fail', () => {
    const f: DoctorFacts = {
      ...good(),
      classic: {
        state: 'read',
        checks: [{ context: 'ci/build', source: null, rulesetId: null }],
        reviews: null,
        enforceAdmins: false,
      },
    };
    const fails = diagnose(f).checks.filter((c) => c.level === 'fail');
    expect(fails.map((c) => c.says)).toEqual([]);
  });

  // An organization's "ci" ruleset (required CI checks, a maintainers team may bypass) beside the repository's
  // "gate" (the persona, pinned, nobody may bypass): bypassing "ci" leaves "gate" in force.
  test('a bypass actor on a ruleset that requires no persona context: no fail', () => {
    const f: DoctorFacts = {
      ...good(),
      requirements: [...good().requirements, { context: 'ci/build', source: null, rulesetId: 8 }],
      rulesets: [
        { id: 7, name: 'gate', bypass: [] },
        { id: 8, name: 'ci', bypass: [{ type: 'Team', id: 42, mode: 'always' }] },
      ],
    };
    const fails = diagnose(f).checks.filter((c) => c.level === 'fail');
    expect(fails.map((c) => c.says)).toEqual([]);
  });
});

describe('rtM: a known hole graded as unknown', () => {
  // A token that may not read classic protection (the recipe's GITHUB_TOKEN) still sees the branch summary:
  // required_status_checks.enforcement_level "non_admins" says admins skip the classic checks. With the persona
  // required only there, an admin merges without it: that is known, not unknown.
  test('classic unreadable, the summary shows enforcement_level non_admins for the persona context: fails', async () => {
    const port: SettingsPort = {
      getDefaultBranch: async () => 'main',
      getBranchRules: async () => [],
      getRuleset: async () => null,
      getBranch: async () => ({
        protected: true,
        classic: true,
        requiredChecks: {
          enforcement_level: 'non_admins',
          contexts: ['persona-verdict/priya'],
          checks: [{ context: 'persona-verdict/priya', app_id: APP }],
        },
      }),
      getBranchProtection: async () => ({ refused: 403 }),
      getApp: async () => ({ id: APP, clientId: 'Iv23liPriyaRev1ew' }),
      getPermission: async () => null,
      listWorkflowFiles: async () => good().workflows!,
      getEnvironmentBranches: async () => ({ kind: 'custom', patterns: [{ name: 'main', type: 'branch' }] }),
      listSecretNames: async () => null,
      getCodeowners: async () => null,
      getCodeownersErrors: async () => null,
    };
    const facts = await gatherFacts(port, 'acme/widgets', null, [
      { name: 'priya', app: 'priya-reviewer', login: null },
    ]);
    const r = diagnose(facts);
    expect(
      r.checks.filter((c) => c.level === 'fail').map((c) => c.says),
      JSON.stringify(r.checks.map((c) => [c.id, c.level])),
    ).toEqual([expect.stringMatching(/administrators|admin/)]);
  });
});
