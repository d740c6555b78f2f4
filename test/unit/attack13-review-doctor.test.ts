// A review of attack round 13's doctor fix (62c6bf6): false alarms on safe setups once the workflow rules graded
// their own findings, and the docs' word on them. Each test failed before its fix for the reason its describe names.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { good, fails } from './doctor-kit.js';

const SHA = 'c'.repeat(40);

describe('sanity: the fixtures alone pass', () => {
  test('no failure', () => expect(fails(good())).toEqual([]));
});

// gradedFindings treats every `on: workflow_call` file as one that runs persona-verdict (gated), and in a gated file
// "holds a persona credential (X) and runs a run: step" is now a failure. A repository's ordinary reusable deploy
// workflow — called only by its own push workflow, never by a persona's — holding its deploy key beside its deploy
// script now fails the doctor ("the gate can be walked around"); before 62c6bf6 it warned. The doctor knows the
// callers (callersOf) and could tell.
describe('R13-D1: an unrelated reusable workflow fails the doctor', () => {
  const DEPLOY = `name: deploy
on:
  workflow_call:
    secrets:
      DEPLOY_KEY:
        required: true
permissions: {}
jobs:
  deploy:
    runs-on: ubuntu-latest
    environment: production
    permissions:
      contents: read
    steps:
      - uses: actions/checkout@${SHA} # v4
        with:
          persist-credentials: false
      - env:
          DEPLOY_KEY: \${{ secrets.DEPLOY_KEY }}
        run: ./scripts/deploy
`;
  const CALLER = `name: release
on:
  push:
    branches: [main]
permissions: {}
jobs:
  deploy:
    permissions:
      contents: read
    uses: ./.github/workflows/deploy.yml
    secrets:
      DEPLOY_KEY: \${{ secrets.DEPLOY_KEY }}
`;
  test('a deploy key beside a deploy script in a reusable workflow no persona workflow calls is no failure', () => {
    const f = good();
    const workflows = [
      ...f.workflows!,
      { path: '.github/workflows/deploy.yml', text: DEPLOY },
      { path: '.github/workflows/release.yml', text: CALLER },
    ];
    expect(fails({ ...f, workflows })).toEqual([]);
  });
});

// The model's key named as its provider names it (OPENAI_API_KEY, ANTHROPIC_API_KEY) in the recipe's LLM job: the job
// holds no persona credential (the persona's key is only in preflight and post), yet the rules call any secret but
// LLM_* a persona credential, and in a gated file that is now a failure whose fix says "run the LLM ... in a job
// without persona credentials" — the job already is one. Before 62c6bf6: a warning.
describe('R13-D2: the LLM job with a model key not named LLM_* fails the doctor', () => {
  test('OPENAI_API_KEY in the LLM job is no failure', () => {
    const f = good();
    const workflows = f.workflows!.map((w) =>
      w.path.endsWith('persona-priya.yml')
        ? {
            ...w,
            text: w.text.replace(
              'LLM_API_KEY: ${{ secrets.LLM_API_KEY }}',
              'OPENAI_API_KEY: ${{ secrets.OPENAI_API_KEY }}',
            ),
          }
        : w,
    );
    expect(workflows[0]!.text).toContain('secrets.OPENAI_API_KEY');
    expect(fails({ ...f, workflows })).toEqual([]);
  });
});

// docs/RELIABILITY.md's new row (D13b-1) says "a release job's NPM_TOKEN elsewhere warns". It does not: the doctor's
// own jobIssues takes any secrets.*_TOKEN for a persona credential, in any workflow, and fails a run step beside it.
describe("R13-D3: RELIABILITY's word on a release job's NPM_TOKEN", () => {
  const RELEASE = `name: publish
on:
  push:
    tags: ['v*']
permissions: {}
jobs:
  publish:
    runs-on: ubuntu-latest
    environment: npm
    permissions:
      contents: read
    steps:
      - uses: actions/checkout@${SHA} # v4
        with:
          persist-credentials: false
      - env:
          NODE_AUTH_TOKEN: \${{ secrets.NPM_TOKEN }}
        run: npm publish
`;
  test('a release workflow (no persona-verdict in it) with NPM_TOKEN beside npm publish warns, as documented', () => {
    const f = good();
    const workflows = [...f.workflows!, { path: '.github/workflows/publish.yml', text: RELEASE }];
    expect(fails({ ...f, workflows })).toEqual([]);
  });
});

// analyseBranches analyses every file that differs on the gated branch, whatever its triggers. GitHub runs a
// workflow_run, issue_comment or schedule workflow from the default branch's file only: develop's stale copy of the
// queue report (workflow_run) never runs, yet `doctor --branch develop` fails on it ("… on develop").
describe('R13-D4: doctor --branch fails a copy of a default-branch-only workflow that never runs there', () => {
  test("develop's old copy of a workflow_run workflow is not judged as one develop's PRs run", () => {
    const f = good();
    const stale = f.workflows!.map((w) =>
      w.path.endsWith('queue-report.yml')
        ? {
            ...w,
            text: w.text.replace(
              '      - uses: persona-verdict/persona-verdict@',
              '      - run: echo "${{ github.event.workflow_run.head_branch }}"\n        env: {}\n' +
                '      - uses: persona-verdict/persona-verdict@',
            ),
          }
        : w,
    );
    expect(stale.find((w) => w.path.endsWith('queue-report.yml'))!.text).toContain('head_branch');
    const r = fails({ ...f, branch: 'develop', branchWorkflows: stale });
    expect(r.filter((s) => /on develop/.test(s))).toEqual([]);
  });
});

// The README and DESIGN still say preflight writes no pending on a new head (nothing stands there), and the outcome
// table says "a pending status only where a status already stands on the head"; since f12f027 a forced preflight
// writes its pending whatever stands (F1). Neither says a kept green can now be followed by a red put back over it
// (F3) or by an "unconfirmed" pending and a failed step (F4).
describe('R13-W1: the docs on the pending a forced preflight writes', () => {
  const flat = (p: string) => readFileSync(join(import.meta.dirname, p), 'utf8').replace(/\s+/g, ' ');
  const readme = flat('../../README.md');
  const design = flat('../../docs/DESIGN.md');
  const table = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
  test('README: "preflight writes no status there" (a new head) names the forced exception', () => {
    const at = readme.indexOf('so preflight writes no status there');
    expect(at).toBeGreaterThan(0);
    expect(readme.slice(at - 400, at + 300)).toMatch(/forced/);
  });
  test("README's outcome table: needs-review's pending names the forced exception", () => {
    const row = table.split('\n').find((l) => l.startsWith('| `needs-review` |'))!;
    expect(row).toMatch(/forced/);
  });
  test("DESIGN: pendingChanges' rule names the forced exception", () => {
    const at = design.indexOf('only where it changes what the gate shows');
    expect(design.slice(at, at + 400)).toMatch(/forced/);
  });
  test('README says what "unconfirmed (statuses unread); re-run" means', () => {
    expect(readme).toMatch(/unconfirmed/);
  });
});
