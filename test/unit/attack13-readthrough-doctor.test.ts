// rev13c: 090b20a narrows doctor's grading to "fail only where persona-verdict runs AND the secret's NAME looks like a
// persona's (_TOKEN, PRIVATE_KEY, _PEM)". The persona's own credential under another name, or the writer's very key in
// a workflow that does not run persona-verdict, beside other code, now only warns ("the gate holds").
import { describe, expect, test } from 'vitest';
import { diagnose } from '../../src/core/doctor.js';
import { good, fails } from './doctor-kit.js';
import { gradedFindings } from '../../scripts/workflow-rules.mjs';

const SHA = 'c'.repeat(40);

// One job runs the LLM step and then persona-verdict with the persona's own token: the LLM step (or a prompt-injected
// tool) can read the token from the runner and write the persona's green anywhere.
const oneJob = (secret: string) => `name: persona-priya-onejob
on:
  pull_request_target:
    types: [opened, synchronize]
permissions: {}
jobs:
  review:
    runs-on: ubuntu-latest
    environment: persona-priya
    permissions:
      contents: read
      pull-requests: write
      statuses: write
    steps:
      - uses: actions/checkout@${SHA} # v4
        with:
          persist-credentials: false
      - env:
          LLM_API_KEY: \${{ secrets.LLM_API_KEY }}
        run: ./scripts/run-persona priya > review.md
      - uses: persona-verdict/persona-verdict@${SHA} # v0.3.0
        with:
          persona: priya
          body-path: review.md
          github-token: \${{ secrets.${secret} }}
`;

describe('rev13c-D1: the persona-verdict step\u2019s own token secret beside the LLM step, named otherwise', () => {
  test.each(['PRIYA_TOKEN', 'PRIYA_PAT', 'PRIYA_KEY', 'PRIYA_GITHUB_PAT'])(
    '%s as persona-verdict\u2019s github-token, the LLM step in the same job: a failure',
    (secret) => {
      const graded = gradedFindings(oneJob(secret)).filter((g) => /holds a persona credential/.test(g.says));
      expect(graded.length).toBeGreaterThan(0);
      expect(
        graded.map((g) => g.level),
        `${secret}: the LLM step can read the persona's token`,
      ).toContain('fail');
    },
  );
});

// The writer's App key (the very secret its minter reads: PRIYA_APP_PRIVATE_KEY) in another pull_request_target
// workflow that does not run persona-verdict, read by a custom run step beside other code (it mints the persona's
// token itself and posts a status / a label). Before 090b20a doctor-workflows' jobIssues failed it; now it warns.
describe('rev13c-D2: the writer\u2019s App key beside other code, in a workflow without persona-verdict', () => {
  const TRIAGE = `name: triage
on:
  pull_request_target:
    types: [opened, synchronize]
permissions: {}
jobs:
  triage:
    runs-on: ubuntu-latest
    environment: persona-priya
    permissions:
      contents: read
      statuses: write
    steps:
      - uses: actions/checkout@${SHA} # v4
        with:
          persist-credentials: false
      - env:
          LLM_API_KEY: \${{ secrets.LLM_API_KEY }}
        run: ./scripts/llm-triage > labels.json
      - env:
          APP_KEY: \${{ secrets.PRIYA_APP_PRIVATE_KEY }}
          APP_ID: \${{ vars.PRIYA_APP_ID }}
        run: node scripts/mint-and-label.js labels.json
`;
  test('the doctor fails it (the gate can be walked around with the persona key)', () => {
    const f = good();
    const workflows = [...f.workflows!, { path: '.github/workflows/triage.yml', text: TRIAGE }];
    expect(fails({ ...f, workflows }).filter((s) => /PRIYA_APP_PRIVATE_KEY|persona credential/.test(s))).not.toEqual(
      [],
    );
  });
});

// The same at the doctor's bottom line, for an App persona: the writer's minter reads secrets.PRIYA_KEY (a private-key
// input: its name is the key's own); the LLM job of that very workflow also gets PRIYA_KEY. The doctor knows PRIYA_KEY
// is priya's key (keyUses follows the writer's minter to it), yet grades it by its name: warn, "the gate holds".
describe('rev13c-D1b: the persona App key under its own name (PRIYA_KEY) in the LLM job: doctor passes as warn', () => {
  test('the doctor fails it', () => {
    const f = good();
    const workflows = f.workflows!.map((w) => {
      if (!w.path.endsWith('persona-priya.yml'))
        return { ...w, text: w.text.replaceAll('PRIYA_APP_PRIVATE_KEY', 'PRIYA_KEY') };
      return {
        ...w,
        text: w.text
          .replaceAll('PRIYA_APP_PRIVATE_KEY', 'PRIYA_KEY')
          .replace(
            'LLM_API_KEY: ${{ secrets.LLM_API_KEY }}',
            'LLM_API_KEY: ${{ secrets.LLM_API_KEY }}\n          GH_APP_KEY: ${{ secrets.PRIYA_KEY }}',
          ),
      };
    });
    expect(workflows[0]!.text).toContain('GH_APP_KEY: ${{ secrets.PRIYA_KEY }}');
    // control: the unchanged names, with the key in the LLM job, fail
    const control = f.workflows!.map((w) =>
      w.path.endsWith('persona-priya.yml')
        ? {
            ...w,
            text: w.text.replace(
              'LLM_API_KEY: ${{ secrets.LLM_API_KEY }}',
              'LLM_API_KEY: ${{ secrets.LLM_API_KEY }}\n          GH_APP_KEY: ${{ secrets.PRIYA_APP_PRIVATE_KEY }}',
            ),
          }
        : w,
    );
    expect(fails({ ...f, workflows: control }).length).toBeGreaterThan(0);
    const r = diagnose({ ...f, workflows });
    expect(r.level, r.checks.map((c) => `${c.level} ${c.says}`).join('\n')).toBe('fail');
  });
});

// analyseBranches now reads a branch's differing copy only when its own triggers are BRANCH_COPY's. A reusable
// workflow (`on: workflow_call`) called as `./.github/workflows/x.yml` runs from the caller's ref: develop's
// pull_request_target persona workflow (the same on both branches) calls develop's copy of the LLM workflow. That copy
// (on develop only) mints priya's token beside the LLM step; `doctor --branch develop` no longer reads it.
describe('rev13c-D3: doctor --branch skips a differing reusable workflow that the branch\u2019s own copy calls', () => {
  const CALLER = `name: persona-priya
on:
  pull_request_target:
    types: [opened, synchronize]
permissions: {}
jobs:
  llm:
    permissions:
      contents: read
    uses: ./.github/workflows/persona-llm.yml
    secrets: inherit
`;
  const llm = (bad: boolean) => `name: persona-llm
on:
  workflow_call: {}
permissions: {}
jobs:
  run:
    runs-on: ubuntu-latest
    environment: persona-priya
    permissions:
      contents: read
    steps:
${
  bad
    ? `      - id: app
        uses: actions/create-github-app-token@67018539274d69449ef7c02e8e71183d1719ab42 # v2.1.4
        with:
          app-id: \${{ vars.PRIYA_APP_ID }}
          private-key: \${{ secrets.PRIYA_APP_PRIVATE_KEY }}
`
    : ''
}      - env:
          LLM_API_KEY: \${{ secrets.LLM_API_KEY }}
        run: ./scripts/run-persona priya > review.md
`;
  test("develop's copy of the called LLM workflow, holding priya's key beside the LLM step, is judged", () => {
    const f = good();
    const extra = (bad: boolean) => [
      { path: '.github/workflows/persona-caller.yml', text: CALLER },
      { path: '.github/workflows/persona-llm.yml', text: llm(bad) },
    ];
    const workflows = [...f.workflows!, ...extra(false)];
    const branchWorkflows = [...f.workflows!, ...extra(true)];
    // control: the same bad file on the default branch fails
    expect(fails({ ...f, workflows: branchWorkflows }).length).toBeGreaterThan(0);
    expect(fails({ ...f, workflows })).toEqual([]);
    const r = fails({ ...f, branch: 'develop', workflows, branchWorkflows });
    expect(r.filter((s) => /persona-llm\.yml on develop/.test(s))).not.toEqual([]);
  });
});
