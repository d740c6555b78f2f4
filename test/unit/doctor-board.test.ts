// The doctor's board check (core/doctor-board.ts): a board that counts App members writing check runs must be able
// to list check runs with its GITHUB_TOKEN, or every such approval is left uncounted and the panel stays red.
import { describe, expect, test } from 'vitest';
import { analyseWorkflows } from '../../src/core/doctor-workflows.js';

const PIN = 'persona-verdict/persona-verdict@6bfdbe4b99d75e878fb590ae5f3db85e0b52a058';
const persona = (kind: 'check-run' | 'commit') =>
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
    `          status-kind: ${kind}`,
  ].join('\n');
const board = (perms: string[], opts: { workflowPerms?: string; token?: string; member?: string } = {}) =>
  [
    'name: board',
    'on: pull_request_target',
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
const readsOf = (kind: 'check-run' | 'commit', boardText: string) =>
  analyseWorkflows([
    { path: '.github/workflows/priya.yml', text: persona(kind) },
    { path: '.github/workflows/board.yml', text: boardText },
  ]).issues.filter((i) => /list check runs/.test(i.says));

describe('the board can list the check runs it counts', () => {
  const withChecks = ['    permissions:', '      statuses: write', '      checks: read'];
  const without = ['    permissions:', '      statuses: write', '      pull-requests: write'];
  test.each<[string, 'check-run' | 'commit', string, 'fail' | 'warn' | null]>([
    ['checks: read granted', 'check-run', board(withChecks), null],
    ['checks: write granted', 'check-run', board(['    permissions:', '      checks: write']), null],
    ['checks left out of the job', 'check-run', board(without), 'fail'],
    ['checks: none', 'check-run', board(['    permissions:', '      checks: none']), 'fail'],
    ['permissions: {} on the workflow', 'check-run', board([], { workflowPerms: '{}' }), 'fail'],
    ['read-all on the workflow', 'check-run', board([], { workflowPerms: 'read-all' }), null],
    ['no permissions anywhere: the default token decides', 'check-run', board([]), 'warn'],
    ['the persona writes commit statuses', 'commit', board(without), null],
    ['the member is no App', 'check-run', board(without, { member: 'priya=priya-bot' }), null],
    [
      'an App token of its own is not judged',
      'check-run',
      board(without, { token: '${{ steps.a.outputs.token }}' }),
      null,
    ],
    ['github.token is GITHUB_TOKEN', 'check-run', board(without, { token: '${{ github.token }}' }), 'fail'],
  ])('%s', (_n, kind, text, level) => {
    const found = readsOf(kind, text);
    expect(found.map((i) => i.level)).toEqual(level ? [level] : []);
    if (level)
      expect(found[0]!.fix).toBe('add `checks: read` to the permissions of job board in .github/workflows/board.yml');
  });
});
