// The workflow rules (scripts/workflow-rules.mjs), one table row per rule, and the
// linter's command line on a workflow that breaks them (the recipes before issue 16).
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { personaCredentials, securityFindings } from '../../scripts/workflow-rules.mjs';

const SHA = 'a'.repeat(40);
const APP = `actions/create-github-app-token@${SHA} # v3`;
const PV = `persona-verdict/persona-verdict@${SHA} # v0`;
/** A workflow with one job; `job` is the YAML under the job id, indented by 4. */
const wf = (job: string, on = 'pull_request_target') =>
  `on: ${on}\npermissions: {}\njobs:\n  a:\n    runs-on: x\n${job.replace(/^/gm, '    ')}\n`;
/** The same, in a workflow that runs persona-verdict (another job of it): where the rules on what a job reads apply. */
const gated = (job: string, on = 'pull_request_target') =>
  `${wf(job, on)}  post:\n    runs-on: x\n    permissions: {}\n    steps:\n      - uses: ${PV}\n`;
const MINT =
  `- uses: ${APP}\n  id: app\n  with:\n    client-id: \${{ secrets.P_APP_CLIENT_ID }}\n` +
  '    private-key: ${{ secrets.P_APP_PRIVATE_KEY }}';
/** A step input handing over the persona's PAT. */
const PAT = '\n    with: { github-token: "${{ secrets.PRIYA_TOKEN }}" }';
const JOB = 'environment: e\npermissions: {}\nsteps:\n';

describe('personaCredentials', () => {
  test.each([
    [{ env: { T: '${{ secrets.PRIYA_TOKEN }}' } }, ['PRIYA_TOKEN']],
    [{ with: { 'private-key': '${{ vars.KEY }}' } }, ['a private-key input']],
    [{ env: { K: '${{ secrets.LLM_API_KEY }}', G: '${{ secrets.GITHUB_TOKEN }}', H: '${{ github.token }}' } }, []],
  ])('%j → %j', (node, names) => {
    expect(personaCredentials(node)).toEqual(names);
  });
});

describe('securityFindings', () => {
  const ok: Array<[string, string]> = [
    [
      'an App token job with pinned actions only',
      wf(`environment: persona-p\npermissions: {}\nsteps:\n  ${MINT.replace(/\n/g, '\n  ')}\n  - uses: ${PV}`),
    ],
    [
      'an LLM job with the model key and a run: step',
      wf(`permissions: {}\nsteps:\n  - run: ./llm\n    env: { K: "\${{ secrets.LLM_API_KEY }}" }`),
    ],
    ...['github.event.repository.default_branch'].map((expr): [string, string] => [
      `a checkout of the default branch (\${{ ${expr} }})`,
      wf(
        `permissions: {}\nsteps:\n  - uses: actions/checkout@${SHA} # v4\n` +
          `    with: { ref: "\${{ ${expr} }}", persist-credentials: false }`,
      ),
    ]),
    [
      'github.sha on pull_request_target (the default branch)',
      gated(
        `permissions: {}\nsteps:\n  - uses: actions/checkout@${SHA} # v4\n` +
          '    with: { ref: "${{ github.sha }}", persist-credentials: false }',
      ),
    ],
    [
      "a release workflow's own ref (no persona-verdict in it)",
      wf(
        `permissions: {}\nsteps:\n  - uses: actions/checkout@${SHA} # v4\n` +
          '    with: { ref: "${{ inputs.tag }}", persist-credentials: false }',
        'workflow_dispatch',
      ),
    ],
    [
      "this run's own artifact",
      wf(`permissions: {}\nsteps:\n  - uses: actions/download-artifact@${SHA} # v4\n    with: { name: diff, path: d }`),
    ],
    // the PR's number in a run step that fetches no code, and a git fetch of the base
    [
      'the PR number for gh pr comment',
      gated(
        'permissions: {}\nsteps:\n  - run: gh pr comment "$PR" -b hi\n' +
          '    env: { PR: "${{ github.event.pull_request.number }}" }',
      ),
    ],
    [
      'a git fetch of the base branch',
      gated('permissions: {}\nsteps:\n  - run: git fetch origin "$BASE"\n    env: { BASE: "${{ github.base_ref }}" }'),
    ],
  ];
  test.each(ok)('passes %s', (_n, text) => {
    expect(securityFindings(text, 'x.yml')).toEqual([]);
  });

  const bad: Array<[string, string, RegExp]> = [
    [
      'a job holding an App key that runs a run: step',
      wf(`environment: persona-p\npermissions: {}\nsteps:\n  ${MINT.replace(/\n/g, '\n  ')}\n  - run: ./llm`),
      /job a: holds a persona credential \(P_APP_CLIENT_ID, P_APP_PRIVATE_KEY, a private-key input\) and runs a run: step/,
    ],
    [
      'a job holding a PAT that runs a local action',
      wf(`environment: persona-p\npermissions: {}\nsteps:\n  - uses: ./my-llm${PAT}`),
      /holds a persona credential \(PRIYA_TOKEN\) and runs \.\/my-llm \(not a pinned action\)/,
    ],
    [
      'a job holding a credential in the workflow env and running code',
      'on: pull_request_target\npermissions: {}\nenv: { T: "${{ secrets.PRIYA_TOKEN }}" }\n' +
        'jobs:\n  a:\n    runs-on: x\n' +
        `    environment: e\n    permissions: {}\n    steps:\n      - run: echo hi\n`,
      /job a: holds a persona credential \(PRIYA_TOKEN\) and runs a run: step/,
    ],
    [
      'a persona credential without an environment',
      wf(`permissions: {}\nsteps:\n  - uses: ${PV}\n    with: { github-token: "\${{ secrets.PRIYA_TOKEN }}" }`),
      /without an environment/,
    ],
    [
      'an LLM job in a persona environment',
      `on: pull_request_target\npermissions: {}\njobs:\n  a:\n    runs-on: x\n    environment: persona-p\n` +
        `    permissions: {}\n    steps:\n      ${MINT.replace(/\n/g, '\n      ')}\n  b:\n    runs-on: x\n` +
        `    environment: persona-p\n    permissions: {}\n    steps:\n      - run: ./llm\n`,
      /job b: runs a run: step in environment persona-p, which holds persona credentials/,
    ],
    [
      'a persona credential on pull_request',
      wf(`${JOB}  - uses: ${PV}${PAT}`, 'pull_request'),
      /persona credential on a pull_request trigger/,
    ],
    [
      'a persona credential on merge_group',
      wf(`${JOB}  - uses: ${PV}${PAT}`, 'merge_group'),
      /persona credential on merge_group/,
    ],
    [
      'a persona credential handed to another pinned action',
      wf(`${JOB}  - uses: actions/github-script@${SHA} # v7${PAT}`),
      /reaches a step that is not persona-verdict/,
    ],
    [
      'an unpinned action',
      wf('permissions: {}\nsteps:\n  - uses: actions/checkout@v4\n    with: { persist-credentials: false }'),
      /not pinned/,
    ],
    [
      'secrets fan-out',
      wf('permissions: {}\nsteps:\n  - run: echo hi\n    env: { T: "${{ secrets[matrix.t] }}" }'),
      /secrets\[/,
    ],
    [
      'a checkout of the PR head',
      wf(
        `permissions: {}\nsteps:\n  - uses: actions/checkout@${SHA} # v4\n` +
          '    with: { ref: "${{ github.event.pull_request.head.sha }}", persist-credentials: false }',
      ),
      /checks out PR code/,
    ],
    ...[
      'github.event.pull_request.merge_commit_sha',
      'github.event.workflow_run.head_commit.id',
      'needs.preflight.outputs.head-sha',
    ].map((expr): [string, string, RegExp] => [
      `a checkout of \${{ ${expr} }} (found by an attack: not only the PR refs the rule named)`,
      gated(
        `permissions: {}\nsteps:\n  - uses: actions/checkout@${SHA} # v4\n` +
          `    with: { ref: "\${{ ${expr} }}", persist-credentials: false }`,
      ),
      /checks out PR code, or may: ref \$\{\{ .* \}\} is not the default branch/,
    ]),
    [
      "the triggering run's artifact (found by an attack: the fork uploads what the persona reads)",
      gated(
        `permissions: {}\nsteps:\n  - uses: actions/download-artifact@${SHA} # v4\n` +
          '    with: { name: diff, run-id: "${{ github.event.workflow_run.id }}",' +
          ' github-token: "${{ github.token }}" }',
      ),
      /reads an artifact of another workflow run \(run-id, github-token\)/,
    ],
    // a review of the docs, 2026-12-03: pull_request_target runs the default branch's workflow since 2025-12-08, and
    // the PR's author picks its base — any branch a writer may push a run-persona to
    ...['github.base_ref', 'github.event.pull_request.base.ref', 'github.event.pull_request.base.sha'].map(
      (expr): [string, string, RegExp] => [
        `a checkout of the PR's base branch (\${{ ${expr} }})`,
        gated(
          `permissions: {}\nsteps:\n  - uses: actions/checkout@${SHA} # v4\n` +
            `    with: { ref: "\${{ ${expr} }}", persist-credentials: false }`,
        ),
        /the PR's base branch, which its author picks: whoever may push to that branch writes what this job runs/,
      ],
    ),
    [
      'github.sha on pull_request (a merge ref of the PR)',
      gated(
        `permissions: {}\nsteps:\n  - uses: actions/checkout@${SHA} # v4\n` +
          '    with: { ref: "${{ github.sha }}", persist-credentials: false }',
        'pull_request',
      ),
      /checks out PR code, or may: ref \$\{\{ github.sha \}\}/,
    ],
    // found by a fourth attack: GitHub reads inputs and action names without case
    [
      'REF: and Actions/Checkout',
      wf(
        `permissions: {}\nsteps:\n  - uses: Actions/Checkout@${SHA} # v4\n` +
          '    with: { REF: "${{ github.event.pull_request.head.sha }}", persist-credentials: false }',
      ),
      /checks out PR code/,
    ],
    [
      'Run-Id: on download-artifact',
      gated(
        `permissions: {}\nsteps:\n  - uses: actions/download-artifact@${SHA} # v4\n` +
          '    with: { name: diff, Run-Id: "${{ github.event.workflow_run.id }}" }',
      ),
      /reads an artifact of another workflow run \(run-id\)/,
    ],
    [
      'gh run download in a run: step',
      gated(
        'permissions: {}\nsteps:\n  - run: gh run download "$RUN" -n diff\n' +
          '    env: { RUN: "${{ github.event.workflow_run.id }}" }',
      ),
      /reads an artifact of another workflow run \(a script fetches it\)/,
    ],
    [
      "a fork's repository by expression",
      gated(
        `permissions: {}\nsteps:\n  - uses: actions/checkout@${SHA} # v4\n` +
          '    with: { repository: "${{ github.event.pull_request.head.repo.full_name }}",' +
          ' persist-credentials: false }',
      ),
      /checks out PR code, or may: repository \$\{\{ github.event.pull_request.head.repo.full_name \}\}/,
    ],
    // found by a fifth attack: the rules on what a job reads are not skipped by a name's case or a reusable workflow
    [
      'persona-verdict named in another case',
      wf(
        `permissions: {}\nsteps:\n  - uses: actions/checkout@${SHA} # v4\n` +
          '    with: { ref: "${{ needs.pre.outputs.head-sha }}", persist-credentials: false }\n' +
          `  - uses: Persona-Verdict/persona-verdict@${SHA} # v0`,
      ),
      /checks out PR code, or may: ref/,
    ],
    [
      'a reusable workflow (its caller runs persona-verdict)',
      wf(
        `permissions: {}\nsteps:\n  - uses: actions/checkout@${SHA} # v4\n` +
          '    with: { ref: "${{ inputs.head-sha }}", persist-credentials: false }',
        'workflow_call',
      ),
      /checks out PR code, or may: ref \$\{\{ inputs.head-sha \}\}/,
    ],
    // found by a twelfth attack: a run step fetching the PR's code (the rules looked only at checkout's ref)
    [
      'a git fetch of the PR head through env',
      gated(
        'permissions: {}\nsteps:\n  - run: git fetch --depth=1 origin "$H" && git checkout --force FETCH_HEAD\n' +
          '    env: { H: "${{ github.event.pull_request.head.sha }}" }',
      ),
      /checks out PR code, or may: a run or script step is handed the PR's head/,
    ],
    [
      'gh pr checkout',
      gated(
        'permissions: {}\nsteps:\n  - run: gh pr checkout "$PR"\n' +
          '    env: { PR: "${{ github.event.pull_request.number }}" }',
      ),
      /checks out PR code \(a run step fetches the pull request by its number\)/,
    ],
    [
      'a pull ref fetched by number',
      gated(
        'permissions: {}\nsteps:\n  - run: git fetch origin "pull/$N/head"\n' +
          '    env: { N: "${{ github.event.number }}" }',
      ),
      /checks out PR code \(a run step fetches the pull request by its number\)/,
    ],
    [
      "a preflight job's head-sha output, then a worktree",
      gated(
        'permissions: {}\nsteps:\n  - run: git fetch origin "$H" && git worktree add pr "$H"\n' +
          '    env: { H: "${{ needs.preflight.outputs.head-sha }}" }',
      ),
      /checks out PR code, or may/,
    ],
    [
      'a tarball of the PR head',
      gated(
        'permissions: {}\nsteps:\n  - run: curl -sL "https://api.github.com/repos/o/r/tarball/$H" | tar xz\n' +
          '    env: { H: "${{ github.event.pull_request.head.sha }}" }',
      ),
      /checks out PR code, or may/,
    ],
    [
      'a third-party artifact downloader',
      gated(
        `permissions: {}\nsteps:\n  - uses: dawidd6/action-download-artifact@${SHA} # v6\n    with: { name: diff }`,
      ),
      /reads an artifact of another workflow run \(dawidd6\/action-download-artifact@a+\)/,
    ],
    [
      'an expression in run:',
      wf('permissions: {}\nsteps:\n  - run: echo "${{ github.event.pull_request.title }}"'),
      /expression in run:/,
    ],
  ];
  test.each(bad)('catches %s', (_n, text, finding) => {
    expect(securityFindings(text, 'x.yml').join('\n')).toMatch(finding);
  });
});

describe('scripts/lint-workflows.mjs', () => {
  // one run over the old recipe beside today's (each run starts actionlint, about 3.5 CPU-seconds)
  test('fails on the one-persona recipe of 0.2.0 (the LLM beside the persona token), passes on the recipes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pv-lint-'));
    writeFileSync(join(dir, 'old.yml'), execFileSync('git', ['show', '3540c2e:docs/recipes/one-persona.yml']));
    const recipes = readdirSync('docs/recipes').filter((f) => f.endsWith('.yml'));
    for (const f of recipes) copyFileSync(join('docs/recipes', f), join(dir, f));
    const r = spawnSync(process.execPath, ['scripts/lint-workflows.mjs', dir], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    const findings = r.stdout.split('\n').filter((l) => l.startsWith(dir));
    expect(findings.join('\n')).toMatch(
      /old\.yml: job priya: holds a persona credential \(PRIYA_TOKEN\) and runs a run: step/,
    );
    expect(
      findings.filter((l) => !l.startsWith(join(dir, 'old.yml'))),
      'findings in the recipes',
    ).toEqual([]);
    expect(r.stdout).toContain(`${recipes.length + 1} workflow file(s)`);
  }, 60_000);
});

// a second attack on round 12's rule (a run step fetching the PR's code): the head named by what the rule did not
// list, git with options before its subcommand, a raw file or contents read of the head, a github-script; and a link
// to the PR taken for a fetch. Each case runs the PR's copy of a script in the LLM job.
describe("a run or script step handed the PR's head fails; a link to the PR does not", () => {
  const LLM = 'permissions: { contents: read }\nsteps:\n';
  const bad: Array<[string, string]> = [
    [
      "git fetch of the PR's test merge commit (merge_commit_sha)",
      gated(
        `${LLM}  - run: git fetch origin "$M" && git checkout --force "$M" && node .github/pv/run-persona\n` +
          '    env: { M: "${{ github.event.pull_request.merge_commit_sha }}" }',
      ),
    ],
    [
      "workflow_run's head commit (fork-safe's trigger)",
      gated(
        `${LLM}  - run: git fetch origin "$H" && git checkout --force "$H" && node .github/pv/run-persona\n` +
          '    env: { H: "${{ github.event.workflow_run.head_commit.id }}" }',
        'workflow_run',
      ),
    ],
    [
      "a clone of the fork's repository on workflow_run",
      gated(
        // the fork is the PR author's: its default branch is theirs entirely
        `${LLM}  - run: git clone --depth=1 "https://github.com/$FORK" pr && node pr/.github/persona-verdict/run-persona\n` +
          '    env: { FORK: "${{ github.event.workflow_run.head_repository.full_name }}" }',
        'workflow_run',
      ),
    ],
    [
      'git with -c before the subcommand (as actions/checkout itself runs it)',
      gated(
        `${LLM}  - run: git -c protocol.version=2 fetch origin "$H" && git -c core.quotepath=0 checkout "$H"\n` +
          '    env: { H: "${{ github.event.pull_request.head.sha }}" }',
      ),
    ],
    [
      'git -C with a quoted path',
      gated(
        `${LLM}  - run: git -C "$GITHUB_WORKSPACE" fetch origin "$H" && git -C "$GITHUB_WORKSPACE" checkout "$H"\n` +
          '    env: { H: "${{ github.event.pull_request.head.sha }}" }',
      ),
    ],
    [
      "the PR head's copy of the persona script through gh api contents",
      gated(
        `${LLM}  - run: gh api "repos/$GITHUB_REPOSITORY/contents/run-persona?ref=$H"` +
          ' -H "Accept:application/vnd.github.raw" > rp && node rp\n' +
          '    env: { H: "${{ github.event.pull_request.head.sha }}", GH_TOKEN: "${{ github.token }}" }',
      ),
    ],
    [
      "the PR head's copy of a script from raw.githubusercontent.com",
      gated(
        `${LLM}  - run: curl -sSfL "https://raw.githubusercontent.com/$GITHUB_REPOSITORY/$H/review.sh" | bash\n` +
          '    env: { H: "${{ github.event.pull_request.head.sha }}" }',
      ),
    ],
    [
      "actions/github-script fetching the PR head's script and running it",
      gated(
        `${LLM}  - uses: actions/github-script@${SHA} # v7\n    with:\n      script: |\n` +
          '        const { data } = await github.rest.repos.getContent({ ...context.repo, path: "review.js",\n' +
          '          ref: context.payload.pull_request.head.sha });\n' +
          '        eval(Buffer.from(data.content, "base64").toString());',
      ),
    ],
  ];
  test.each(bad)('catches %s', (_n, text) => {
    expect(securityFindings(text, 'x.yml').join('\n'), 'the findings').toMatch(/checks out PR code/);
  });
  test.each([
    [
      'a link to the PR in the job summary',
      'echo "Reviewed [#$PR](https://github.com/$GITHUB_REPOSITORY/pull/$PR)" >> "$GITHUB_STEP_SUMMARY"',
    ],
    ['a comment on the PR', 'gh pr comment "$PR" --body "reviewed"'],
    ['the PR diff for the model', 'gh pr diff "$PR" > pr.diff'],
  ])('passes %s', (_n, run) => {
    const text = gated(
      `${LLM}  - run: ${run}\n` +
        '    env: { PR: "${{ github.event.pull_request.number }}", GH_TOKEN: "${{ github.token }}" }',
    );
    expect(securityFindings(text, 'x.yml')).toEqual([]);
  });
});

// a read-through of round 12: naming the head's branch or repository fetches nothing by itself
describe("the head's branch or repository, named without a fetch", () => {
  test.each([
    [
      'a fork check on the head repository',
      'permissions: {}\nsteps:\n  - env: { HEAD_REPO: "${{ github.event.pull_request.head.repo.full_name }}" }\n' +
        '    run: test "$HEAD_REPO" = "$GITHUB_REPOSITORY" || echo "::notice::a fork"',
      false,
    ],
    [
      'a log line naming the branch',
      'permissions: {}\nsteps:\n  - env: { BRANCH: "${{ github.head_ref }}" }\n    run: echo "reviewing $BRANCH"',
      false,
    ],
    [
      'the branch fetched',
      'permissions: {}\nsteps:\n  - env: { BRANCH: "${{ github.head_ref }}" }\n    run: git fetch origin "$BRANCH"',
      true,
    ],
    [
      'the head commit only echoed (a commit is fail closed)',
      'permissions: {}\nsteps:\n  - env: { H: "${{ github.event.pull_request.head.sha }}" }\n    run: echo "$H"',
      true,
    ],
  ])('%s', (_n, job, flagged) => {
    const found = securityFindings(gated(job), 'w.yml').filter((f) => /checks out PR code/.test(f));
    expect(found.length > 0).toBe(flagged);
  });
});
