// The doctor's forced-run rule as a table: `force` on a trigger the PR's author causes fails; on the two routes the
// action checks itself (a /review comment, a label) it is fine; and no shipped recipe trips it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { analyseWorkflows } from '../../src/core/doctor-workflows.js';

const PIN = 'persona-verdict/persona-verdict@6bfdbe4b99d75e878fb590ae5f3db85e0b52a058';
const workflow = (on: string, force = 'true', condition = '') =>
  [
    'name: re-review',
    `on:\n${on}`,
    'permissions: {}',
    'jobs:',
    '  priya:',
    ...(condition ? [`    if: ${condition}`] : []),
    '    runs-on: ubuntu-latest',
    '    environment: persona-priya',
    '    steps:',
    `      - uses: ${PIN}`,
    '        with:',
    '          persona: priya',
    '          mode: preflight',
    `          force: ${force}`,
  ].join('\n');
const forcedIssues = (text: string) =>
  analyseWorkflows([{ path: '.github/workflows/re-review.yml', text }]).issues.filter((i) =>
    /runs with force/.test(i.says),
  );

describe('doctor: who can cause a forced run', () => {
  test.each<[string, string, string, string, string | null]>([
    ['a /review comment', '  issue_comment:\n    types: [created]', 'true', '', null],
    ['a label', '  pull_request_target:\n    types: [labeled]', 'true', '', null],
    ['a label, on pull_request', '  pull_request:\n    types: [labeled]', 'true', '', null],
    ['a manual dispatch', '  workflow_dispatch:', 'true', '', null],
    ['a PR event with no types (opened, synchronize, reopened)', '  pull_request_target:', 'true', '', 'reopened'],
    ['reopened among the types', '  pull_request_target:\n    types: [labeled, reopened]', 'true', '', 'reopened'],
    ['edited', '  pull_request_target:\n    types: [edited]', 'true', '', 'edited'],
    ['a list of events', '  [pull_request_target, issue_comment]', 'true', '', 'synchronize'],
    [
      'after another workflow',
      '  workflow_run:\n    workflows: [ci]\n    types: [completed]',
      'true',
      '',
      'workflow_run',
    ],
    ['an expression that may be true', '  pull_request_target:', "${{ github.event.label.name != '' }}", '', 'opened'],
    ['force false', '  pull_request_target:', 'false', '', null],
    [
      'a job narrowed to the label',
      '  pull_request_target:\n    types: [labeled, opened]',
      'true',
      "github.event.action == 'labeled'",
      null,
    ],
    [
      'a job narrowed to the comment',
      '  pull_request_target:\n  issue_comment:',
      'true',
      "github.event_name == 'issue_comment'",
      null,
    ],
  ])('%s', (_n, on, force, condition, named) => {
    const issues = forcedIssues(workflow(on, force, condition));
    if (named === null) expect(issues).toEqual([]);
    else {
      expect(issues).toHaveLength(1);
      expect(issues[0]!.level).toBe('fail');
      expect(issues[0]!.says).toContain(named);
      expect(issues[0]!.fix).toMatch(/issue_comment|labeled/);
    }
  });

  test('no shipped recipe forces a run its PR author can cause', () => {
    const dir = join(import.meta.dirname, '../../docs/recipes');
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.yml'))
      .map((f) => ({ path: f, text: readFileSync(join(dir, f), 'utf8') }));
    expect(
      files.some((f) => /force: true/.test(f.text)),
      're-review.yml forces',
    ).toBe(true);
    expect(analyseWorkflows(files).issues.filter((i) => /runs with force/.test(i.says))).toEqual([]);
  });
});
