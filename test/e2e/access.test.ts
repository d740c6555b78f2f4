// Who may do what, end to end (the bundled action, harness.ts): a /review comment forces a review
// only for someone with write access who did not open the PR (the action asks GitHub, it
// never trusts author_association); GITHUB_TOKEN (viewer github-actions[bot]) in a mode
// that only reads; no token at all.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from './harness.js';
import { body, LOGINS, PR, runOn, TOKENS, useWorld } from './world.js';

const w = useWorld();
const CONTEXT = 'persona-verdict/priya';
const live = (login: string) => w.gh.reviews.get(PR)!.filter((r) => r.login === login && r.state !== 'DISMISSED');
const prEvent = () => ({
  action: 'synchronize',
  number: PR,
  pull_request: { number: PR, head: { sha: w.head, ref: 'feature' }, base: { ref: 'main' } },
});
const comment = (login: string, text = '/review priya', association = 'MEMBER') => ({
  action: 'created',
  issue: { number: PR, pull_request: { url: `https://github.test/pr/${PR}` } },
  comment: { body: text, author_association: association, user: { login } },
  sender: { login },
});

describe('/review on an issue_comment: the action asks GitHub who may', () => {
  beforeEach(async () => {
    const p = w.gh.settings.permissions;
    p.set('reader', { permission: 'read', role_name: 'read' });
    p.set('triager', { permission: 'read', role_name: 'triage' });
    p.set('writer', { permission: 'write', role_name: 'write' });
    p.set('keeper', { permission: 'write', role_name: 'maintain' });
    p.set('octo-author', { permission: 'admin', role_name: 'admin' });
    // the standing verdict the gate shows: green
    const r = await runOn(w.gh, 'priya', body('APPROVE'), {}, 'pull_request_target', prEvent());
    expect(r.outputs.outcome).toBe('posted');
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('success');
    w.gh.log.length = 0;
  });

  test.each([
    ['a reader (MEMBER says nothing)', 'reader', '/review priya', /@reader has read access/],
    ['a triager', 'triager', '/review priya', /@triager has read access/],
    ['someone who is not a collaborator', 'stranger', '/review priya', /@stranger is not a collaborator/],
    ["the PR's author, an admin", 'octo-author', '/review priya', /@octo-author opened this PR/],
    ['a writer, for persona priyanka', 'writer', '/review priyanka', /not "\/review priya"/],
    ['a writer, with trailing words', 'writer', '/review priya please', /not "\/review priya"/],
  ])('%s: command-refused, no review, no LLM run, the status left green', async (_who, login, text, message) => {
    const before = w.gh.statuses.length;
    const pre = await runOn(
      w.gh,
      'priya',
      null,
      { mode: 'preflight', force: 'true' },
      'issue_comment',
      comment(login, text),
    );
    expect(pre.code).toBe(1);
    expect(pre.outputs).toMatchObject({ outcome: 'aborted', reason: 'command-refused', 'should-review': 'false' });
    expect(pre.stdout).toMatch(message);
    // post refuses the same comment too, whatever body it is handed
    const post = await runOn(
      w.gh,
      'priya',
      body('CHANGES_REQUESTED'),
      { force: 'true', 'reviewed-sha': w.head },
      'issue_comment',
      comment(login, text),
    );
    expect(post.outputs).toMatchObject({ outcome: 'aborted', reason: 'command-refused' });
    expect(w.gh.statuses.length).toBe(before);
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('success');
    expect(live(LOGINS.priya).map((r) => r.state)).toEqual(['APPROVED']);
    expect(w.gh.log.filter((l) => l.method !== 'GET')).toEqual([]);
  });

  test.each([
    ['a writer', 'writer', '/review priya'],
    ['a maintainer, name in another case, a note below', 'keeper', '/review Priya\nthe fix is in'],
  ])('%s: the persona reviews the head again', async (_who, login, text) => {
    const ev = comment(login, text, 'NONE');
    const pre = await runOn(w.gh, 'priya', null, { mode: 'preflight', force: 'true' }, 'issue_comment', ev);
    expect(pre.outputs).toMatchObject({ outcome: 'needs-review', 'should-review': 'true', 'head-sha': w.head });
    expect(pre.outputs['base-ref']).toBe('main');
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('pending');
    const pinned = { force: 'true', 'reviewed-sha': w.head, 'reviewed-base': pre.outputs['base-ref']! };
    const post = await runOn(w.gh, 'priya', body('CHANGES_REQUESTED'), pinned, 'issue_comment', ev);
    expect(post.outputs.outcome).toBe('posted');
    expect(live(LOGINS.priya).map((r) => r.state)).toEqual(['CHANGES_REQUESTED']);
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('failure');
  });

  test('GitHub will not say what the commenter may do: refused, nothing changes', async () => {
    w.gh.faults.push({
      method: 'GET',
      path: /collaborators\/writer\/permission/,
      kind: 'status',
      status: 403,
      body: { message: 'Forbidden' },
    });
    const pre = await runOn(
      w.gh,
      'priya',
      null,
      { mode: 'preflight', force: 'true' },
      'issue_comment',
      comment('writer'),
    );
    expect(pre.outputs).toMatchObject({ outcome: 'aborted', reason: 'command-refused', 'should-review': 'false' });
    expect(pre.stdout).toMatch(/would not say whether @writer may write/);
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('success');
  });
});

// attack M: a workflow run by hand with force: true is a re-review on demand too — the PR's author, who may have
// write access, re-rolled their own PR's verdict with it at will
describe('force on a workflow run by hand (workflow_dispatch): the same people as a /review', () => {
  const dispatch = (login: string) => ({ inputs: { pr: String(PR) }, sender: { login } });
  beforeEach(async () => {
    const p = w.gh.settings.permissions;
    p.set('writer', { permission: 'write', role_name: 'write' });
    p.set('triager', { permission: 'read', role_name: 'triage' });
    p.set('octo-author', { permission: 'write', role_name: 'write' });
    const r = await runOn(w.gh, 'priya', body('APPROVE'), {}, 'pull_request_target', prEvent());
    expect(r.outputs.outcome).toBe('posted');
    w.gh.log.length = 0;
  });
  test.each([
    ["the PR's author, a writer", 'octo-author', /@octo-author opened this PR/],
    ['a triager', 'triager', /@triager has read access/],
    ['a bot', 'deploy-bot[bot]', /is a bot account/],
  ])('%s: command-refused, nothing written', async (_who, login, message) => {
    const inputs = { mode: 'preflight', force: 'true', 'pull-number': String(PR), 'reviewed-sha': w.head };
    const pre = await runOn(w.gh, 'priya', null, inputs, 'workflow_dispatch', dispatch(login));
    expect(pre.outputs).toMatchObject({ outcome: 'aborted', reason: 'command-refused', 'should-review': 'false' });
    expect(pre.stdout).toMatch(message);
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('success');
    expect(w.gh.log.filter((l) => l.method !== 'GET')).toEqual([]);
  });
  test('a writer who did not open the PR: the persona reviews the head again', async () => {
    const inputs = { mode: 'preflight', force: 'true', 'pull-number': String(PR), 'reviewed-sha': w.head };
    const pre = await runOn(w.gh, 'priya', null, inputs, 'workflow_dispatch', dispatch('writer'));
    expect(pre.outputs).toMatchObject({ outcome: 'needs-review', 'should-review': 'true' });
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('pending');
  });
  test('without force a dispatch asks nothing of its sender', async () => {
    const inputs = { mode: 'preflight', 'pull-number': String(PR), 'reviewed-sha': w.head };
    const pre = await runOn(w.gh, 'priya', null, inputs, 'workflow_dispatch', dispatch('octo-author'));
    expect(pre.outputs.outcome).toBe('duplicate');
  });
});

describe('GITHUB_TOKEN, whose GraphQL viewer is github-actions[bot]', () => {
  beforeEach(() => {
    w.gh.user(TOKENS.app, { login: LOGINS.app, kind: 'app', graphqlViewer: true });
  });
  const queueEvent = (group: string) => ({
    merge_group: { head_sha: group, head_ref: `refs/heads/gh-readonly-queue/main/pr-${PR}-${'a'.repeat(40)}` },
  });

  test("the merge-queue report only reads: reviewer-login names whose verdict, the token's account does not matter", async () => {
    await runOn(w.gh, 'priya', body('APPROVE'), {}, 'pull_request_target', prEvent());
    const group = w.gh.commit('group');
    const r = await runOn(
      w.gh,
      'app',
      null,
      { mode: 'preflight', persona: 'priya', 'reviewer-login': LOGINS.priya },
      'merge_group',
      queueEvent(group),
    );
    expect(r.outputs).toMatchObject({ outcome: 'queued', verdict: 'APPROVE' });
    expect(w.gh.statusOf(group, CONTEXT)).toMatchObject({ state: 'success', login: LOGINS.app });
  });

  test('the board (GITHUB_TOKEN, as panel.yml runs it) reports, its sticky comment as github-actions[bot]', async () => {
    await runOn(w.gh, 'priya', body('APPROVE'), {}, 'pull_request_target', prEvent());
    const r = await runOn(
      w.gh,
      'app',
      null,
      { mode: 'board', personas: `priya=${LOGINS.priya}` },
      'pull_request_target',
      prEvent(),
    );
    expect(r.outputs).toMatchObject({ outcome: 'reported', 'panel-verdict': 'APPROVE' });
    expect(w.gh.statusOf(w.head, 'persona-verdict/panel')!.state).toBe('success');
    expect(w.gh.comments.get(PR)!.map((c) => c.login)).toEqual([LOGINS.app]);
  });

  test('a mode that writes a review still refuses a reviewer-login that is not the token', async () => {
    const r = await runOn(
      w.gh,
      'app',
      body('APPROVE'),
      { persona: 'priya', 'reviewer-login': LOGINS.priya },
      'pull_request_target',
      prEvent(),
    );
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason: 'bad-input' });
    expect(r.stdout).toMatch(/reviewer-login is octo-priya, but this token posts as github-actions\[bot\]/);
    expect(w.gh.reviews.get(PR)).toEqual([]);
  });
});

describe('no token at all', () => {
  test.each([
    ['preflight', /actions\/create-github-app-token/],
    ['post', /steps\.app\.outputs\.token/],
    ['board', /GITHUB_TOKEN/],
    ['doctor', /GITHUB_TOKEN/],
  ])('mode %s: bad-input naming which token to pass, nothing sent', async (mode, advice) => {
    const inputs = { mode, 'github-token': '', ...(mode === 'board' ? { personas: 'priya=octo-priya' } : {}) };
    const r = await runOn(
      w.gh,
      'priya',
      mode === 'post' ? body('APPROVE') : null,
      inputs,
      'pull_request_target',
      prEvent(),
    );
    expect(r.code).toBe(1);
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason: 'bad-input' });
    expect(r.stdout).toMatch(/needs github-token, and it is empty/);
    expect(r.stdout).toMatch(advice);
    expect(r.stdout).toMatch(/Dependabot/);
    expect(w.gh.log).toEqual([]);
  });
});

// Found by an attack: a re-review asked for is not undone by the PR's author editing or reopening the PR
describe('a forced re-review under way', () => {
  beforeEach(() => w.gh.settings.permissions.set('writer', { permission: 'write', role_name: 'write' }));

  test('a plain run meanwhile (the PR reopened) keeps the old approval but leaves the pending: never green', async () => {
    expect((await runOn(w.gh, 'priya', body('APPROVE'), {}, 'pull_request_target', prEvent())).outputs.outcome).toBe(
      'posted',
    );
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('success');
    const forced = await runOn(
      w.gh,
      'priya',
      null,
      { mode: 'preflight', force: 'true' },
      'issue_comment',
      comment('writer'),
    );
    expect(forced.outputs['should-review']).toBe('true');
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('pending');
    const reopened = { ...prEvent(), action: 'reopened' };
    const plain = await runOn(w.gh, 'priya', null, { mode: 'preflight' }, 'pull_request_target', reopened);
    expect(plain.outputs).toMatchObject({ outcome: 'duplicate', 'should-review': 'false' });
    expect(plain.stdout).toContain(
      'is not written green: a forced re-review of this head (or of a verdict carried from it',
    );
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('pending');
    // the re-review lands and sets the status
    const pinned = { force: 'true', 'reviewed-sha': w.head, 'reviewed-base': forced.outputs['base-ref']! };
    const post = await runOn(w.gh, 'priya', body('CHANGES_REQUESTED'), pinned, 'issue_comment', comment('writer'));
    expect(post.outputs.outcome).toBe('posted');
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('failure');
  });

  test('the recipes: nothing can cancel or replace a /review run (re-review.yml joins no concurrency group), nor a judged run', () => {
    const recipe = (name: string) => parse(readFileSync(join(ROOT, 'docs/recipes', name), 'utf8'));
    // cancels in progress on a push or a retarget only: never on a title or description edit (a retarget's run must
    // finish: attack round 6), a reopen or a draft made ready (a judged verdict must post: attack round 7)
    const onPushOrRetarget =
      "${{ github.event.action == 'synchronize' || " +
      "(github.event.action == 'edited' && github.event.changes.base != null) }}";
    for (const name of ['one-persona.yml', 'panel.yml'])
      expect(recipe(name).concurrency['cancel-in-progress']).toBe(onPushOrRetarget);
    // on workflow_run the payload does not say what fired the fork's trigger (a title edit, a reopen): never
    // cancelled in progress (attack round 12: the author read review.md, edited the title and rolled again)
    expect(recipe('fork-safe.yml').concurrency['cancel-in-progress']).toBe(false);
    const re = recipe('re-review.yml') as { concurrency?: unknown; jobs: Record<string, { concurrency?: unknown }> };
    expect(re.concurrency).toBeUndefined();
    for (const job of Object.values(re.jobs)) expect(job.concurrency).toBeUndefined();
  });
});
