// Every trigger and turn of a PR's life, with real event payload shapes (GitHub's
// webhook examples from @octokit/webhooks-examples, pointed at the fake's PR): merge
// queue, re-review on demand (label, /review comment), persona versions, drafts,
// the panel's own status, rate limits whatever their wording.
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { OWNER, REPO } from '../fake/github.js';
import { decodeMarker } from '../../src/core/marker.js';
import { body, LOGINS, PR, runOn, TOKENS, useWorld } from './world.js';
import { gate, until } from './attack-kit.js';

const require = createRequire(import.meta.url);
type Example = { name: string; examples: Array<Record<string, any>> };
const EXAMPLES = require('@octokit/webhooks-examples') as Example[];
const example = (name: string, pick: (e: Record<string, any>) => boolean = () => true): Record<string, any> =>
  structuredClone(EXAMPLES.find((e) => e.name === name)!.examples.find(pick)!);

const w = useWorld();
const reviews = () => w.gh.reviews.get(PR)!;
const live = (login: string) => reviews().filter((r) => r.login === login && r.state !== 'DISMISSED');
const CONTEXT = 'persona-verdict/priya';
const push = (seed: string, tree?: string) => {
  const next = w.gh.commit(seed, tree);
  w.gh.push(PR, next);
  w.head = next;
  return next;
};

/** GitHub's merge_group example, for PR 7 stacked on `stackedOn`, with its own group commit. */
function mergeGroup(ref = `refs/heads/gh-readonly-queue/main/pr-${PR}-${'a'.repeat(40)}`) {
  const e = example('merge_group');
  const group = w.gh.commit(`group-${ref}`);
  e.merge_group.head_sha = group;
  e.merge_group.head_ref = ref;
  e.repository.full_name = `${OWNER}/${REPO}`;
  return { event: e, group };
}

/** GitHub's pull_request example of the given action, pointed at PR 7 and its head. */
function prEvent(action: string) {
  const e = example('pull_request', (x) => x.action === action);
  e.number = PR;
  e.pull_request.number = PR;
  e.pull_request.head.sha = w.head;
  e.pull_request.head.repo.full_name = `${OWNER}/${REPO}`;
  e.pull_request.base.repo.full_name = `${OWNER}/${REPO}`;
  e.pull_request.base.ref = w.gh.pulls.get(PR)!.baseRef; // the base the PR has when the event fires
  return e;
}

const run = (
  persona: keyof typeof TOKENS,
  text: string | null,
  inputs: Record<string, string>,
  eventName: string,
  event: unknown,
) => runOn(w.gh, persona, text, inputs, eventName, event);
const post = (verdict: string, inputs: Record<string, string> = {}) =>
  run('priya', body(verdict), inputs, 'pull_request_target', prEvent('synchronize'));

describe('merge queue: the standing verdict, without an LLM run', () => {
  test('an approved PR passes: queued, success on the group commit, nothing written but the status', async () => {
    await post('APPROVE');
    const { event, group } = mergeGroup();
    w.gh.log.length = 0;
    const r = await run('priya', null, { mode: 'preflight' }, 'merge_group', event);
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs).toMatchObject({ outcome: 'queued', verdict: 'APPROVE', 'should-review': 'false' });
    expect(r.stdout).toMatch(/merge queue: priya's standing verdict for \w{7} is APPROVE/);
    expect(w.gh.statusOf(group, CONTEXT)!.state).toBe('success');
    expect(w.gh.writes().map((l) => l.path)).toEqual([`/repos/${OWNER}/${REPO}/statuses/${group}`]);
  });

  test('the queued PR cannot be read (GitHub fails): a failure on the group commit, never a check left waiting', async () => {
    await post('APPROVE');
    const { event, group } = mergeGroup();
    w.gh.faults.push({ method: 'GET', path: new RegExp(`/pulls/${PR}$`), kind: 'status', status: 502, times: 10 });
    const r = await run('priya', null, { mode: 'preflight' }, 'merge_group', event);
    expect(r.code).toBe(1);
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason: 'api-error' });
    expect(w.gh.statusOf(group, CONTEXT)).toMatchObject({ state: 'failure' });
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('success'); // the PR's own status is left as it was
  });

  test.each([
    ['pull-number', '8', /pull-number 8 is not the PR this merge group was made for \(#7\)/],
    ['reviewed-sha', 'f'.repeat(40), /reviewed-sha fffffff is not this merge group's commit/],
  ])('%s disagreeing with the merge group → bad-input, a failure on the group commit', async (input, v, said) => {
    await post('APPROVE');
    const { event, group } = mergeGroup();
    const r = await run('priya', null, { mode: 'preflight', [input]: v }, 'merge_group', event);
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason: 'bad-input' });
    expect(r.stdout).toMatch(said);
    expect(w.gh.statusOf(group, CONTEXT)).toMatchObject({ state: 'failure' });
  });

  test('a rejected PR stops the queue', async () => {
    await post('CHANGES_REQUESTED', { 'fail-on-changes-requested': 'true' });
    const { event, group } = mergeGroup();
    const r = await run(
      'priya',
      null,
      { mode: 'preflight', 'fail-on-changes-requested': 'true' },
      'merge_group',
      event,
    );
    expect(r.code).toBe(1);
    expect(r.outputs).toMatchObject({ outcome: 'queued', verdict: 'CHANGES_REQUESTED' });
    expect(w.gh.statusOf(group, CONTEXT)!.state).toBe('failure');
  });

  test('a PR without a verdict for its head stops the queue', async () => {
    await post('APPROVE');
    push('c2');
    const { event, group } = mergeGroup();
    const r = await run('priya', body('APPROVE'), {}, 'merge_group', event);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/no verdict/);
    expect(w.gh.statusOf(group, CONTEXT)!.state).toBe('failure');
    expect(reviews()).toHaveLength(1); // post mode on merge_group reviews nothing
  });

  test('a verdict carried forward to an equal tree passes', async () => {
    await post('APPROVE');
    push('empty', w.gh.commits.get(w.head)!.tree);
    const { event, group } = mergeGroup();
    const r = await run('priya', null, { mode: 'preflight' }, 'merge_group', event);
    expect(r.outputs).toMatchObject({ outcome: 'queued', verdict: 'APPROVE' });
    expect(w.gh.statusOf(group, CONTEXT)!.state).toBe('success');
  });

  test("with GITHUB_TOKEN and reviewer-login (the recipes' queue job), a forged marker on another account cannot stall it", async () => {
    await post('APPROVE');
    const forged = reviews()[0]!.body.replace('run=', 'run=forged');
    w.gh.seedReview(PR, { login: LOGINS.human, state: 'APPROVED', body: forged, commit_id: w.head });
    const { event, group } = mergeGroup();
    const r = await run(
      'app',
      null,
      { mode: 'preflight', persona: 'priya', 'reviewer-login': LOGINS.priya },
      'merge_group',
      event,
    );
    expect(r.outputs).toMatchObject({ outcome: 'queued', verdict: 'APPROVE' });
    expect(w.gh.statusOf(group, CONTEXT)!.state).toBe('success');
  });

  test('an unrecognised queue ref fails closed', async () => {
    await post('APPROVE');
    const { event } = mergeGroup('refs/heads/main');
    const r = await run('priya', null, { mode: 'preflight' }, 'merge_group', event);
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason: 'bad-input' });
    expect(r.stdout).toMatch(/gh-readonly-queue/);
  });

  test('the board reports the panel on the group commit', async () => {
    await post('APPROVE');
    const { event, group } = mergeGroup();
    const r = await run('human', null, { mode: 'board', personas: `priya=${LOGINS.priya}` }, 'merge_group', event);
    expect(r.outputs).toMatchObject({ outcome: 'reported', 'panel-verdict': 'APPROVE' });
    expect(w.gh.statusOf(group, 'persona-verdict/panel')!.state).toBe('success');
  });
});

describe('re-review on demand', () => {
  test('force on a duplicate head: a new review replaces the old one; exactly one live review', async () => {
    await post('CHANGES_REQUESTED');
    // a writer adds the label (the action checks who did: attack round 16)
    w.gh.settings.permissions.set('keeper', { permission: 'write', role_name: 'maintain' });
    const pre = await run('priya', null, { mode: 'preflight', force: 'true' }, 'pull_request_target', {
      ...prEvent('labeled'),
      sender: { login: 'keeper' },
    });
    expect(pre.outputs).toMatchObject({ outcome: 'needs-review', 'should-review': 'true' });
    const r = await post('APPROVE', { force: 'true' });
    expect(r.outputs.outcome).toBe('posted');
    expect(live(LOGINS.priya).map((x) => x.state)).toEqual(['APPROVED']);
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('success');
  });

  test('force while the review listing lags behind the create: the forced review stands all the same', async () => {
    await post('CHANGES_REQUESTED');
    const old = live(LOGINS.priya)[0]!;
    // the listing read right after the create (to settle) does not show the new review yet
    w.gh.reviewListingLag = 1;
    const r = await post('APPROVE', { force: 'true' });
    expect(r.outputs.outcome, r.stdout).toBe('posted');
    const forced = reviews().at(-1)!;
    expect(r.outputs['review-id']).toBe(String(forced.id));
    expect(live(LOGINS.priya).map((x) => [x.id, x.state])).toEqual([[forced.id, 'APPROVED']]);
    expect(reviews().find((x) => x.id === old.id)!.state).toBe('DISMISSED');
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('success');
    // the lag was real: the settling listing came after the create and did not show it
    const create = w.gh.log.findIndex((l) => l.method === 'POST' && l.path.endsWith(`/pulls/${PR}/reviews`));
    expect(w.gh.log.slice(create).some((l) => l.method === 'GET' && l.path.endsWith(`/pulls/${PR}/reviews`))).toBe(
      true,
    );
  });

  test('two forced runs at once for one head: both let the newer forced review stand, one live review', async () => {
    await post('APPROVE');
    // both creates land before either run reads the reviews again: each run sees both forced reviews (the answers
    // are held until both creates have arrived: an order, not a timed stall)
    const { held, release } = gate();
    const creates = new RegExp(`/pulls/${PR}/reviews$`);
    w.gh.faults.push({ method: 'POST', path: creates, kind: 'stall', until: held, times: 2 });
    const from = w.gh.log.length;
    const both = until(
      'both creates',
      () => w.gh.log.slice(from).filter((l) => l.method === 'POST' && creates.test(l.path)).length >= 2,
    );
    const [a, b] = await Promise.all([
      post('CHANGES_REQUESTED', { force: 'true' }),
      post('CHANGES_REQUESTED', { force: 'true' }),
      both.finally(release),
    ]);
    expect([a.code, b.code], a.stdout + b.stdout).toEqual([0, 0]);
    const [first, second] = w.gh.log
      .filter((l) => l.method === 'POST' && l.path.endsWith(`/pulls/${PR}/reviews`))
      .slice(-2);
    expect(second!.t, 'the race took place: both creates arrived before either was answered').toBeLessThan(first!.end);
    const forced = reviews().filter((x) => decodeMarker(x.body)?.forced);
    expect(forced).toHaveLength(2);
    const newer = forced.at(-1)!;
    expect(live(LOGINS.priya).map((x) => x.id)).toEqual([newer.id]);
    expect([a.outputs['review-id'], b.outputs['review-id']]).toEqual([String(newer.id), String(newer.id)]);
    expect([a.outputs.outcome, b.outputs.outcome].sort()).toEqual(['duplicate', 'posted']);
  });

  test('force on an unchanged head reviews again', async () => {
    await post('APPROVE');
    push('empty', w.gh.commits.get(w.head)!.tree);
    const r = await post('COMMENT', { force: 'true' });
    expect(r.outputs.outcome).toBe('posted');
    expect(live(LOGINS.priya).map((x) => x.state)).toEqual(['COMMENTED']);
  });

  test('a /review comment on the PR: the PR from issue.number, the head from the API, pinned for the post', async () => {
    await post('CHANGES_REQUESTED');
    const e = example('issue_comment', (x) => x.action === 'created');
    e.issue.number = PR;
    e.issue.pull_request = { url: `https://github.test/api/repos/${OWNER}/${REPO}/pulls/${PR}` };
    e.comment.body = '/review priya';
    w.gh.settings.permissions.set(e.comment.user.login, { permission: 'write', role_name: 'maintain' });
    const pre = await run('priya', null, { mode: 'preflight', force: 'true' }, 'issue_comment', e);
    expect(pre.outputs).toMatchObject({ outcome: 'needs-review', 'head-sha': w.head });
    const pinned = pre.outputs['head-sha']!;
    push('c2'); // a push after the comment: the review of the pinned head must not land on the new one
    const bound = { force: 'true', 'reviewed-sha': pinned, 'reviewed-base': pre.outputs['base-ref']! };
    const r = await run('priya', body('APPROVE'), bound, 'issue_comment', e);
    expect(r.outputs.outcome).toBe('superseded');
    expect(live(LOGINS.priya).map((x) => x.state)).toEqual(['CHANGES_REQUESTED']);
  });

  test('an issue_comment on a plain issue (no pull_request) names no PR', async () => {
    const e = example('issue_comment', (x) => x.action === 'created');
    const r = await run('priya', null, { mode: 'preflight' }, 'issue_comment', e);
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason: 'bad-input' });
  });
});

describe('persona-version', () => {
  test('a new prompt or model re-reviews an unchanged tree; the same version carries forward', async () => {
    await post('APPROVE', { 'persona-version': 'prompt v1 · model x' });
    const first = reviews()[0]!;
    push('empty', w.gh.commits.get(w.head)!.tree);
    const same = await post('CHANGES_REQUESTED', { 'persona-version': 'prompt v1 · model x' });
    expect(same.outputs.outcome).toBe('unchanged');
    const changed = await post('CHANGES_REQUESTED', { 'persona-version': 'prompt v2 · model x' });
    expect(changed.outputs.outcome).toBe('posted');
    expect(first.state).toBe('DISMISSED');
    expect(live(LOGINS.priya).map((x) => x.state)).toEqual(['CHANGES_REQUESTED']);
  });

  test('a version change on the same head is not a duplicate, and the old review is replaced', async () => {
    await post('APPROVE');
    const r = await post('CHANGES_REQUESTED', { 'persona-version': 'v2' });
    expect(r.outputs.outcome).toBe('posted');
    expect(live(LOGINS.priya).map((x) => x.state)).toEqual(['CHANGES_REQUESTED']);
    const again = await post('APPROVE', { 'persona-version': 'v2' });
    expect(again.outputs).toMatchObject({ outcome: 'duplicate', verdict: 'CHANGES_REQUESTED' });
  });

  test('a version longer than 64 characters is bad input', async () => {
    const r = await post('APPROVE', { 'persona-version': 'x'.repeat(65) });
    expect(r.outputs.reason).toBe('bad-input');
    expect(w.gh.log).toEqual([]);
  });
});

describe('drafts', () => {
  test('review-drafts: false → draft, should-review false, status pending; ready_for_review then reviews', async () => {
    w.gh.pulls.get(PR)!.draft = true;
    const pre = await run(
      'priya',
      null,
      { mode: 'preflight', 'review-drafts': 'false' },
      'pull_request_target',
      prEvent('opened'),
    );
    expect(pre.outputs).toMatchObject({ outcome: 'draft', 'should-review': 'false' });
    expect(pre.stdout).toMatch(/is a draft: priya does not review it yet/);
    expect(w.gh.statusOf(w.head, CONTEXT)).toMatchObject({
      state: 'pending',
      description: expect.stringContaining('draft'),
    });
    w.gh.pulls.get(PR)!.draft = false;
    const ready = await run(
      'priya',
      null,
      { mode: 'preflight', 'review-drafts': 'false' },
      'pull_request_target',
      prEvent('ready_for_review'),
    );
    expect(ready.outputs).toMatchObject({ outcome: 'needs-review', 'should-review': 'true' });
    // the draft's pending already stands on the head: preflight adds no second one, the verdict is the event's one
    const onHead = () => w.gh.statuses.filter((s) => s.sha === w.head && s.context === CONTEXT).map((s) => s.state);
    expect(onHead()).toEqual(['pending']);
    const posted = await run('priya', body('APPROVE'), {}, 'pull_request_target', prEvent('ready_for_review'));
    expect(posted.outputs.outcome).toBe('posted');
    expect(onHead()).toEqual(['pending', 'success']);
  });

  test("a draft keeps the facts' warnings (an unreadable head tree is still said), in preflight and post", async () => {
    w.gh.pulls.get(PR)!.draft = true;
    w.gh.commits.delete(w.head);
    const inputs = { 'review-drafts': 'false' };
    const pre = await run('priya', null, { mode: 'preflight', ...inputs }, 'pull_request_target', prEvent('opened'));
    expect(pre.outputs.outcome).toBe('draft');
    expect(pre.commands).toContainEqual(expect.stringMatching(/^::warning::the tree of [0-9a-f]{7} could not be read/));
    const post = await run('priya', body('APPROVE'), inputs, 'pull_request_target', prEvent('opened'));
    expect(post.outputs.outcome).toBe('draft');
    expect(post.commands).toContainEqual(
      expect.stringMatching(/^::warning::the tree of [0-9a-f]{7} could not be read/),
    );
  });

  test('drafts are reviewed by default', async () => {
    w.gh.pulls.get(PR)!.draft = true;
    const pre = await run('priya', null, { mode: 'preflight' }, 'pull_request_target', prEvent('opened'));
    expect(pre.outputs['should-review']).toBe('true');
  });
});

describe("the panel's own status", () => {
  const board = (inputs: Record<string, string> = {}) =>
    run(
      'human',
      null,
      { mode: 'board', personas: `priya=${LOGINS.priya}\nmarcus=${LOGINS.marcus}\nlin=${LOGINS.lin}`, ...inputs },
      'pull_request_target',
      prEvent('synchronize'),
    );
  const panel = () => w.gh.statusOf(w.head, 'persona-verdict/panel');

  test('pending until every persona approves, failure on any rejection, success when all approve', async () => {
    await post('APPROVE');
    await board();
    expect(panel()).toMatchObject({ state: 'pending', description: 'panel: 1 of 3 required approvals' });
    await run('marcus', body('CHANGES_REQUESTED'), {}, 'pull_request_target', prEvent('synchronize'));
    await board();
    expect(panel()).toMatchObject({ state: 'failure', description: 'panel: changes requested by marcus' });
    await run('marcus', body('APPROVE'), { force: 'true' }, 'pull_request_target', prEvent('synchronize'));
    await run('lin', body('APPROVE'), {}, 'pull_request_target', prEvent('synchronize'));
    await board();
    expect(panel()!.state).toBe('success');
  });

  test('min-approvals: k of n; status-context overrides the name', async () => {
    await post('APPROVE');
    await run('lin', body('COMMENT'), {}, 'pull_request_target', prEvent('synchronize'));
    await board({ 'min-approvals': '1', 'status-context': 'review-panel' });
    expect(w.gh.statusOf(w.head, 'review-panel')!.state).toBe('success');
  });
});

describe('rate limits, whatever their wording', () => {
  const POST_REVIEW = /\/pulls\/\d+\/reviews$/;
  test.each([
    [429, 'Too Many Requests'],
    [403, 'You have triggered an abuse detection mechanism. Please wait a few minutes before you try again.'],
  ])('%s with retry-after ("%s") is waited, then the request succeeds', async (status, message) => {
    w.gh.faults.push({
      method: 'GET',
      path: POST_REVIEW,
      kind: 'status',
      status,
      headers: { 'retry-after': '1' },
      body: { message },
    });
    const r = await post('APPROVE');
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs.outcome).toBe('posted');
  });

  test('a rate limit that outlasts the wait names the limit, never "lacks permission"', async () => {
    w.gh.faults.push({
      method: 'GET',
      path: POST_REVIEW,
      kind: 'status',
      status: 403,
      times: 10,
      headers: { 'retry-after': '3600' },
      body: { message: 'You have triggered an abuse detection mechanism.' },
    });
    const r = await post('APPROVE');
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason: 'api-error' });
    expect(r.stdout).toMatch(/rate-limited/);
    expect(r.stdout).not.toMatch(/lacks permission/);
  });
});
