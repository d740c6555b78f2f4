// A read-through of round 19 (a helper): the doctor's forced-run check (src/core/doctor-force.ts) on realistic
// workflows. Each test asserts what the check should say; each failing one was a finding, fixed (review events, a
// reusable workflow, `||` in a condition, a narrowing force expression or step `if:`, mixed status kinds).
import { describe, expect, test } from 'vitest';
import { analyseWorkflows } from '../../src/core/doctor-workflows.js';

const PIN = 'persona-verdict/persona-verdict@6bfdbe4b99d75e878fb590ae5f3db85e0b52a058';
const step = (force: string, stepIf = '') => [
  `      - uses: ${PIN}`,
  ...(stepIf ? [`        if: ${stepIf}`] : []),
  '        with:',
  '          persona: priya',
  '          mode: preflight',
  `          force: ${force}`,
];
const workflow = (on: string, steps: string[], jobIf = '') =>
  [
    'name: persona',
    `on:\n${on}`,
    'permissions: {}',
    'jobs:',
    '  priya:',
    ...(jobIf ? [`    if: ${jobIf}`] : []),
    '    runs-on: ubuntu-latest',
    '    environment: persona-priya',
    '    steps:',
    ...steps,
  ].join('\n');
const forced = (files: Array<{ path: string; text: string }>) =>
  analyseWorkflows(files).issues.filter((i) => /runs with force/.test(i.says));
const one = (text: string) => forced([{ path: '.github/workflows/p.yml', text }]);

describe('rt19 doctor-force: false negatives (the PR author re-rolls, the doctor is silent)', () => {
  // Who: the PR's author. A forced step on pull_request_review: the author submits a COMMENT review on their own PR
  // (GitHub allows it), the event carries pull_request, the action takes the PR from it and runs forced (no asker
  // check: it checks only /review comments and labels). Each review is a new roll. Severity: medium (doctor FN).
  test('pull_request_review (submitted) with force: true fails', () => {
    expect(one(workflow('  pull_request_review:\n    types: [submitted]', step('true'))).map((i) => i.level)).toEqual([
      'fail',
    ]);
  });

  test('pull_request_review_comment with force: true fails', () => {
    expect(one(workflow('  pull_request_review_comment:', step('true'))).map((i) => i.level)).toEqual(['fail']);
  });

  // Who: the PR's author. A reusable workflow (on: workflow_call) holds the forced step; its caller runs on
  // pull_request_target (opened, synchronize, reopened). The action sees the caller's event; each reopen re-rolls.
  // The doctor reads callers elsewhere (doctor-keys callersOf) but this check looks at workflow_call alone.
  // Severity: medium (doctor FN on a common layout: one reusable persona workflow per panel).
  test('a reusable workflow with force, called from pull_request_target (default types), fails', () => {
    const reusable = [
      'name: persona',
      'on:',
      '  workflow_call:',
      '    inputs:',
      '      force: { type: boolean, default: false }',
      'permissions: {}',
      'jobs:',
      '  priya:',
      '    runs-on: ubuntu-latest',
      '    environment: persona-priya',
      '    steps:',
      ...step('${{ inputs.force }}'),
    ].join('\n');
    const caller = [
      'name: caller',
      'on:',
      '  pull_request_target:',
      'permissions: {}',
      'jobs:',
      '  call:',
      '    uses: ./.github/workflows/persona.yml',
      '    with:',
      '      force: true',
    ].join('\n');
    expect(
      forced([
        { path: '.github/workflows/persona.yml', text: reusable },
        { path: '.github/workflows/caller.yml', text: caller },
      ]),
    ).toHaveLength(1);
  });

  // Who: the PR's author (reopen). A job narrowed by `if:` to labeled OR reopened: the regex sees "== 'labeled'" and
  // drops the whole event. Severity: low (a contrived condition).
  test('if: labeled || reopened still fails on reopened', () => {
    expect(
      one(
        workflow(
          '  pull_request_target:\n    types: [labeled, reopened]',
          step('true'),
          "github.event.action == 'labeled' || github.event.action == 'reopened'",
        ),
      ),
    ).toHaveLength(1);
  });
});

describe('rt19 doctor-force: false positives (a safe workflow fails the doctor)', () => {
  // Who: a maintainer merging one-persona.yml and re-review.yml into one workflow; force only where the action checks
  // the asker. The doctor fails it (level fail). Severity: low (a false fail; the fix text sends them to
  // re-review.yml).
  test('force: ${{ github.event_name == issue_comment }} on [pull_request_target, issue_comment] passes', () => {
    expect(
      one(
        workflow(
          '  pull_request_target:\n  issue_comment:\n    types: [created]',
          step("${{ github.event_name == 'issue_comment' }}"),
        ),
      ),
    ).toEqual([]);
  });

  test("force: ${{ github.event.action == 'labeled' }} on pull_request_target [opened, synchronize, labeled] passes", () => {
    expect(
      one(
        workflow(
          '  pull_request_target:\n    types: [opened, synchronize, reopened, labeled]',
          step("${{ github.event.action == 'labeled' }}"),
        ),
      ),
    ).toEqual([]);
  });

  test("a forced step narrowed by its own if: github.event.action == 'labeled' passes", () => {
    expect(
      one(
        workflow('  pull_request_target:\n    types: [opened, synchronize, reopened, labeled]', [
          ...step('true', "github.event.action == 'labeled'"),
          ...step('false', "github.event.action != 'labeled'"),
        ]),
      ),
    ).toEqual([]);
  });
});

describe('rt19 doctor-force: held', () => {
  test('types as a string (reopened) fails; (labeled) passes', () => {
    expect(one(workflow('  pull_request_target:\n    types: reopened', step('true')))).toHaveLength(1);
    expect(one(workflow('  pull_request_target:\n    types: labeled', step('true')))).toEqual([]);
  });
  test('issue_comment beside pull_request_target [labeled] passes; beside default pull_request_target fails', () => {
    expect(one(workflow('  pull_request_target:\n    types: [labeled]\n  issue_comment:', step('true')))).toEqual([]);
    expect(one(workflow('  pull_request_target:\n  issue_comment:', step('true')))).toHaveLength(1);
  });
  test('on: pull_request_target as a bare string or list fails', () => {
    expect(
      one(
        workflow(' pull_request_target', step('true')).replace('on:\n pull_request_target', 'on: pull_request_target'),
      ),
    ).toHaveLength(1);
    expect(one(workflow('  [pull_request_target]', step('true')))).toHaveLength(1);
  });
  test("force: 'False' and force: FALSE are not forced", () => {
    expect(one(workflow('  pull_request_target:', step("'False'")))).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { diagnose } from '../../src/core/doctor.js';
import { good } from './doctor-kit.js';

// Who: a maintainer following the README ("add status-kind: check-run on the persona steps") in one-persona's
// workflow, with docs/recipes/re-review.yml copied as shipped (no status-kind: commit statuses). Severity: MEDIUM-LOW
// (configuration; but the recipes ship without the input, so a mix is the likely result). The forced re-review's
// pending and verdict are then commit statuses, while every plain run — and the merge queue — lists only check runs
// (own-runs.ts: ownStateOn reads one kind): a kept verdict is not held, a post's green is not given back its forced
// run, and a merge group passes on the verdict under re-review (A19-Q1–Q3 again). The doctor reads status-kind per
// writer but says nothing of a persona written with both kinds.
describe('rt19 doctor: one persona written as check runs in one workflow and commit statuses in another', () => {
  test('check-run persona workflow + re-review.yml as shipped: the doctor names the mix', () => {
    const f = good();
    const recipe = readFileSync(join(import.meta.dirname, '../../docs/recipes/re-review.yml'), 'utf8');
    const workflows = [
      ...f.workflows!.map((w) => ({
        ...w,
        text: w.text.replace(/(\n\s+)persona: (\w+)/g, '$1persona: $2$1status-kind: check-run'),
      })),
      { path: '.github/workflows/re-review.yml', text: recipe },
    ];
    expect(workflows.map((w) => w.text).join('\n')).toContain('status-kind: check-run');
    const r = diagnose({ ...f, workflows });
    const said = r.checks.filter((c) => c.level !== 'ok').map((c) => c.says);
    expect(
      said.some((s) => /status-kind|check run.*commit status|commit status.*check run/i.test(s)),
      said.join('\n'),
    ).toBe(true);
  });
});
