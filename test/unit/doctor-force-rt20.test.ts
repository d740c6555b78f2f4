// Attack round 20 (a helper, time-boxed, against the doctor's forced-run and mixed-kind checks): a job `if:` with
// `||` taken as narrowing, a persona named through a matrix, a negated condition, force on other events (status,
// check_suite …), and GitHub's ternary idiom. Each test asserts what the doctor should say; each failing one was a
// finding, fixed (jobEvents reads every part of an `||`, a negation narrows nothing, matrix personas are expanded,
// other events warn, the ternary is read as its condition).
import { describe, expect, test } from 'vitest';
import { analyseWorkflows } from '../../src/core/doctor-workflows.js';

const PIN = 'persona-verdict/persona-verdict@6bfdbe4b99d75e878fb590ae5f3db85e0b52a058';
const step = (force: string, persona = 'priya', extra: string[] = []) => [
  `      - uses: ${PIN}`,
  '        with:',
  `          persona: ${persona}`,
  '          mode: preflight',
  ...(force ? [`          force: ${force}`] : []),
  ...extra.map((e) => `          ${e}`),
];
const workflow = (on: string, steps: string[], jobIf = '', strategy: string[] = []) =>
  [
    'name: persona',
    `on:\n${on}`,
    'permissions: {}',
    'jobs:',
    '  priya:',
    ...(jobIf ? [`    if: ${jobIf}`] : []),
    ...strategy,
    '    runs-on: ubuntu-latest',
    '    environment: persona-priya',
    '    steps:',
    ...steps,
  ].join('\n');
const forced = (files: Array<{ path: string; text: string }>) =>
  analyseWorkflows(files).issues.filter((i) => /runs with force/.test(i.says));
const one = (text: string) => forced([{ path: '.github/workflows/p.yml', text }]);

describe('a20 doctor-force: false negatives (the PR author re-rolls, the doctor is silent)', () => {
  // Who: the PR author (reopen, or push). A job whose `if` names issue_comment in one branch of an `||` and lets
  // labelled PRs through in the other ("keep re-reviewing while the PR carries review:priya"). jobEvents() takes
  // `github.event_name == 'issue_comment'` anywhere in the condition as narrowing the job to issue_comment, so
  // forcedByAuthor never sees pull_request_target (reopened, synchronize). narrowedTo() refuses `||` since rt19,
  // jobEvents() does not. Once a writer has labelled the PR, every reopen by the author is a forced roll.
  test("job if: event_name == 'issue_comment' || the PR carries a label, on pull_request_target [labeled, reopened, synchronize]: fails", () => {
    expect(
      one(
        workflow(
          '  pull_request_target:\n    types: [labeled, reopened, synchronize]\n  issue_comment:\n    types: [created]',
          step('true'),
          "github.event_name == 'issue_comment' || contains(github.event.pull_request.labels.*.name, 'review:priya')",
        ),
      ),
    ).toHaveLength(1);
  });

  // Who: the PR author (reopen). A negated narrowing: "force unless the event is the label" reads as narrowed to the
  // label. Low (contrived).
  test("force: ${{ !(github.event.action == 'labeled') }} on pull_request_target [opened, reopened, labeled]: fails", () => {
    expect(
      one(
        workflow(
          '  pull_request_target:\n    types: [opened, reopened, labeled]',
          step("${{ !(github.event.action == 'labeled') }}"),
        ),
      ),
    ).toHaveLength(1);
  });

  // Who: the PR author through CI it can re-trigger ("/retest", a re-pushed tag, a fork CI's retry): a forced step
  // on `status` (judge again once CI is green) is not a route the action checks the asker on; the doctor says nothing
  // at all (only workflow_run, reviews and pull-request actions are graded). Low.
  test('force: true on status events is at least warned about', () => {
    const issues = one(workflow('  status:', step('true')));
    expect(issues.length).toBeGreaterThan(0);
  });
});

describe('a20 doctor-force: false positives (a safe workflow fails the doctor)', () => {
  // Who: a maintainer. GitHub expressions have no ternary; `cond && 'true' || 'false'` is the documented idiom. The
  // `||` makes narrowedTo() give up, so a force that is true only on `labeled` fails. Low.
  test("force: ${{ github.event.action == 'labeled' && 'true' || 'false' }} passes", () => {
    expect(
      one(
        workflow(
          '  pull_request_target:\n    types: [opened, synchronize, reopened, labeled]',
          step("${{ github.event.action == 'labeled' && 'true' || 'false' }}"),
        ),
      ),
    ).toEqual([]);
  });
});

describe('a20 doctor mixedKinds: a persona named through a matrix', () => {
  // Who: a maintainer (configuration). The panel's priya writes check runs (status-kind: check-run), the merge queue
  // workflow runs one job over a matrix of personas and, like merge-queue.yml as shipped, sets no status-kind. The
  // queue then reads commit statuses on the PR head (ownStateOn by its own kind): priya's forced run, a check run, is
  // never seen and a group passes on the verdict under re-review (rt19 F5 at run time). mixedKinds() compares the
  // literal `persona` input, '${{ matrix.persona }}' != 'priya': silent.
  test('check-run priya beside a matrix queue job writing commit statuses: the doctor names the mix', () => {
    const pr = workflow(
      '  pull_request_target:\n    types: [opened, synchronize, reopened]',
      step('', 'priya', ['status-kind: check-run']),
    );
    const queue = workflow('  merge_group:\n    types: [checks_requested]', step('', '${{ matrix.persona }}'), '', [
      '    strategy:',
      '      matrix:',
      '        persona: [priya, marcus]',
    ]);
    const { issues } = analyseWorkflows([
      { path: '.github/workflows/persona.yml', text: pr },
      { path: '.github/workflows/queue.yml', text: queue },
    ]);
    const said = issues.map((i) => i.says);
    expect(
      said.some((s) => /check runs in .* but commit statuses|commit statuses in .* but check runs/.test(s)),
      said.join('\n'),
    ).toBe(true);
  });

  // held (control): the same two workflows with the queue job's persona written out are named as a mix
  test('held: the same queue job with persona: priya written out is named', () => {
    const pr = workflow(
      '  pull_request_target:\n    types: [opened, synchronize, reopened]',
      step('', 'priya', ['status-kind: check-run']),
    );
    const queue = workflow('  merge_group:\n    types: [checks_requested]', step('', 'priya'));
    const { issues } = analyseWorkflows([
      { path: '.github/workflows/persona.yml', text: pr },
      { path: '.github/workflows/queue.yml', text: queue },
    ]);
    expect(issues.some((i) => /check runs in .* but commit statuses/.test(i.says))).toBe(true);
  });
});
