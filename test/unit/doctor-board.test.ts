// The doctor's board check (core/doctor-board.ts): a board that counts App members writing check runs must be able
// to list check runs with its GITHUB_TOKEN, or every such approval is left uncounted and the panel stays red.
import { describe, expect, test } from 'vitest';
import { analyseWorkflows } from '../../src/core/doctor-workflows.js';

const PIN = 'persona-verdict/persona-verdict@6bfdbe4b99d75e878fb590ae5f3db85e0b52a058';
const persona = (kind: 'check-run' | 'commit' | 'never') =>
  [
    'name: priya',
    'on: pull_request_target',
    'permissions: {}',
    'jobs:',
    '  priya:',
    '    runs-on: ubuntu-latest',
    '    environment: persona-priya',
    '    steps:',
    '      - id: app',
    '        uses: actions/create-github-app-token@d72941d797fd3113feb6b93fd0dec494b13a2547 # v1.12.0',
    '        with:',
    '          app-id: ${{ vars.PRIYA_APP_ID }}',
    '          private-key: ${{ secrets.PRIYA_APP_KEY }}',
    `      - uses: ${PIN}`,
    '        with:',
    '          persona: priya',
    '          mode: preflight',
    '          github-token: ${{ steps.app.outputs.token }}',
    ...(kind === 'never' ? ['          commit-status: never'] : [`          status-kind: ${kind}`]),
  ].join('\n');
const board = (perms: string[], opts: { workflowPerms?: string; token?: string; member?: string; on?: string } = {}) =>
  [
    'name: board',
    `on: ${opts.on ?? 'pull_request_target'}`,
    ...(opts.workflowPerms ? [`permissions: ${opts.workflowPerms}`] : []),
    'jobs:',
    '  board:',
    '    runs-on: ubuntu-latest',
    ...perms,
    '    steps:',
    `      - uses: ${PIN}`,
    '        with:',
    '          mode: board',
    ...(opts.token ? [`          github-token: ${opts.token}`] : []),
    '          personas: |',
    `            ${opts.member ?? 'priya=acme-priya[bot]'}`,
    '            marcus=marcus-bot',
  ].join('\n');
const readsOf = (kind: 'check-run' | 'commit' | 'never', boardText: string) =>
  analyseWorkflows([
    { path: '.github/workflows/priya.yml', text: persona(kind) },
    { path: '.github/workflows/board.yml', text: boardText },
  ]).issues.filter((i) => /may rest on check runs/.test(i.says));

describe('the board can list the check runs it counts', () => {
  const withChecks = ['    permissions:', '      statuses: write', '      checks: read'];
  const without = ['    permissions:', '      statuses: write', '      pull-requests: write'];
  const JOB_FIX = 'add `checks: read` to the permissions of job board in .github/workflows/board.yml';
  const WF_FIX = 'add `checks: read` to the top-level permissions in .github/workflows/board.yml';
  const SET_FIX =
    'set the permissions of job board in .github/workflows/board.yml: `contents: read`, `pull-requests: write`, ' +
    '`statuses: write`, `checks: read`';
  test.each<[string, 'check-run' | 'commit' | 'never', string, string | null]>([
    ['checks: read granted', 'check-run', board(withChecks), null],
    ['checks: write granted', 'check-run', board(['    permissions:', '      checks: write']), null],
    ['checks left out of the job', 'check-run', board(without), JOB_FIX],
    ['checks: none', 'check-run', board(['    permissions:', '      checks: none']), JOB_FIX],
    ['permissions: {} on the workflow', 'check-run', board([], { workflowPerms: '{}' }), WF_FIX],
    ['read-all on the workflow', 'check-run', board([], { workflowPerms: 'read-all' }), null],
    // job-level permissions replace the workflow's (a review of this session)
    ['read-all on the workflow, the job narrower', 'check-run', board(without, { workflowPerms: 'read-all' }), JOB_FIX],
    ['read-all on the job', 'check-run', board(['    permissions: read-all'], { workflowPerms: '{}' }), null],
    ['no permissions anywhere: the default token decides', 'check-run', board([]), SET_FIX],
    [
      'no permissions in a reusable workflow: its caller decides',
      'check-run',
      board([], { on: 'workflow_call' }),
      null,
    ],
    ['checks left out in a reusable workflow', 'check-run', board(without, { on: 'workflow_call' }), JOB_FIX],
    ['the persona writes commit statuses', 'commit', board(without), null],
    ['the persona writes nothing (commit-status: never)', 'never', board(without), JOB_FIX],
    ['the member is no App', 'check-run', board(without, { member: 'priya=priya-bot' }), null],
    ['an App member named in another case', 'check-run', board(without, { member: 'PRIYA=acme-priya[BOT]' }), JOB_FIX],
    ['an App member with a version', 'check-run', board(without, { member: 'priya=acme-priya[bot]@v2' }), JOB_FIX],
    [
      'an App token of its own is not judged',
      'check-run',
      board(without, { token: '${{ steps.a.outputs.token }}' }),
      null,
    ],
    ['github.token is GITHUB_TOKEN', 'check-run', board(without, { token: '${{ github.token }}' }), JOB_FIX],
    [
      'secrets.github_token is GITHUB_TOKEN',
      'check-run',
      board(without, { token: '${{ secrets.github_token }}' }),
      JOB_FIX,
    ],
  ])('%s', (_n, kind, text, fix) => {
    const found = readsOf(kind, text);
    expect(found.map((i) => [i.level, i.fix])).toEqual(fix ? [['warn', fix]] : []);
  });
});
