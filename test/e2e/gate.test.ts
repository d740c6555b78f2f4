// The gate cannot be walked around: commit statuses on the reviewed head, trusted
// triggers, fail-closed history, shared accounts, secrets. Every attack ends in a
// failed step with nothing wrong written.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, test } from 'vitest';
import { decodeMarker, encodeMarker } from '../../src/core/marker.js';
import { OWNER, REPO } from '../fake/github.js';
import { tempDir } from './harness.js';
import { body, LOGINS, PR, runOn, TOKENS, useWorld } from './world.js';

const w = useWorld();
const reviews = () => w.gh.reviews.get(PR)!;
const push = (seed: string, tree?: string) => {
  const next = w.gh.commit(seed, tree);
  w.gh.push(PR, next);
  w.head = next;
  return next;
};
const CONTEXT = 'persona-verdict/priya';
/** What a recipe's post passes where the event names no base: preflight's base-ref. */
const BOUND = { 'reviewed-base': 'main' };

/** A pull_request_target event as GitHub sends it: the base branch's workflow, the PR's head. */
const target = (head = w.head) => ({
  action: 'synchronize',
  number: PR,
  pull_request: {
    number: PR,
    head: { sha: head, ref: 'feature', repo: { full_name: `${OWNER}/${REPO}` } },
    base: { ref: 'main' },
  },
});
/** The pull_request_target event of a retarget: action edited, the PR's new base. */
const retargeted = (base: string) => ({
  ...target(),
  action: 'edited',
  pull_request: { ...target().pull_request, base: { ref: base } },
});
/** A workflow_run event: the triggering run's head commit and where it came from. */
const workflowRun = (head = w.head, repo = `${OWNER}/${REPO}`, branch = 'feature') => ({
  action: 'completed',
  workflow_run: {
    head_sha: head,
    head_branch: branch,
    head_repository: { full_name: repo, owner: { login: repo.split('/')[0] } },
    pull_requests: [],
  },
});

const run = (
  persona: keyof typeof TOKENS,
  text: string | null,
  inputs: Record<string, string> = {},
  eventName = 'pull_request_target',
  event: unknown = target(),
) => runOn(w.gh, persona, text, inputs, eventName, event);

describe('the verdict as a commit status on the reviewed head', () => {
  test.each([
    ['APPROVE', 'success'],
    ['COMMENT', 'failure'],
    ['CHANGES_REQUESTED', 'failure'],
  ])('posted %s → %s, linking the review', async (verdict, state) => {
    const r = await run('priya', body(verdict));
    expect(r.outputs.outcome).toBe('posted');
    const st = w.gh.statusOf(w.head, CONTEXT)!;
    expect(st).toMatchObject({ state, login: LOGINS.priya });
    expect(st.description).toContain(verdict);
    expect(st.target_url).toBe(r.outputs['review-url']);
  });

  test('a fresh push: preflight writes no status (the absent one already blocks), the verdict is the one write', async () => {
    await run('priya', body('APPROVE'));
    const next = push('c2');
    const from = w.gh.log.length;
    const pre = await run('priya', null, { mode: 'preflight' });
    expect(pre.outputs).toMatchObject({ outcome: 'needs-review', 'should-review': 'true', 'head-sha': next });
    const read = w.gh.log.slice(from).filter((l) => l.path.endsWith(`/commits/${next}/statuses`));
    expect(read.map((l) => [l.method, l.status])).toEqual([['GET', 200]]);
    expect(w.gh.statusOf(next, CONTEXT)).toBeUndefined();
    const post = await run('priya', body('APPROVE'));
    expect(post.outputs.outcome).toBe('posted');
    const writes = w.gh.log.slice(from).filter((l) => l.method === 'POST' && l.path.includes('/statuses/'));
    expect(writes.map((l) => [l.path.endsWith(next), l.body.state])).toEqual([[true, 'success']]);
    expect(w.gh.violations()).toEqual([]);
  });

  test('a forced re-review on a green head: pending while the persona reviews again, then the verdict', async () => {
    await run('priya', body('APPROVE'));
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('success');
    const pre = await run('priya', null, { mode: 'preflight', force: 'true' });
    expect(pre.outputs).toMatchObject({ outcome: 'needs-review', 'should-review': 'true' });
    expect(w.gh.statusOf(w.head, CONTEXT)).toMatchObject({
      state: 'pending',
      description: expect.stringContaining('priya is re-reviewing'),
      login: LOGINS.priya,
    });
    await run('priya', body('CHANGES_REQUESTED'), { force: 'true' });
    const onHead = w.gh.statuses.filter((x) => x.sha === w.head && x.context === CONTEXT);
    expect(onHead.map((x) => x.state)).toEqual(['success', 'pending', 'failure']);
  });

  test('a retarget on a green head: the green is for the old base, pending replaces it at once', async () => {
    await run('priya', body('APPROVE'));
    w.gh.retarget(PR, 'develop');
    const edited = retargeted('develop');
    const pre = await run('priya', null, { mode: 'preflight' }, 'pull_request_target', edited);
    expect(pre.outputs).toMatchObject({ outcome: 'needs-review', 'should-review': 'true' });
    const onHead = w.gh.statuses.filter((x) => x.sha === w.head && x.context === CONTEXT);
    expect(onHead.map((x) => x.state)).toEqual(['success', 'pending']);
  });

  test("someone else's pending over the persona's green does not hide it: pending is written as the persona", async () => {
    await run('priya', body('APPROVE'));
    const forged = await fetch(`${w.gh.url}/repos/${OWNER}/${REPO}/statuses/${w.head}`, {
      method: 'POST',
      headers: { authorization: `token ${TOKENS.human}`, 'content-type': 'application/json' },
      body: JSON.stringify({ state: 'pending', context: CONTEXT, description: 'not the persona' }),
    });
    expect(forged.status).toBe(201);
    await run('priya', null, { mode: 'preflight', force: 'true' });
    const onHead = w.gh.statuses.filter((x) => x.sha === w.head && x.context === CONTEXT);
    expect(onHead.map((x) => [x.state, x.login])).toEqual([
      ['success', LOGINS.priya],
      ['pending', LOGINS.human],
      ['pending', LOGINS.priya],
    ]);
  });

  test("the persona's green past the first pages (150 newer statuses, another's pending on top): pending", async () => {
    await run('priya', body('APPROVE'));
    const many = Array.from({ length: 150 }, (_x, i) => ({
      id: 500_000 + i,
      sha: w.head,
      state: 'success',
      context: i === 149 ? CONTEXT : `ci/other-${i}`,
      description: '',
      target_url: null,
      login: LOGINS.human,
    }));
    many[149]!.state = 'pending';
    w.gh.statuses.push(...many);
    await run('priya', null, { mode: 'preflight', force: 'true' });
    expect(w.gh.statuses.at(-1)).toMatchObject({ context: CONTEXT, state: 'pending', login: LOGINS.priya });
  });

  /** Priya approves into main; a writer fills her context on the head to 1000 statuses; the PR goes to develop. */
  const approveFillRetarget = async () => {
    await run('priya', body('APPROVE'));
    const filler = Array.from({ length: 999 }, (_x, i) => ({
      id: 600_000 + i,
      sha: w.head,
      state: 'pending',
      context: CONTEXT,
      description: 'filler',
      target_url: null,
      login: LOGINS.human,
    }));
    w.gh.statuses.push(...filler);
    w.gh.retarget(PR, 'develop');
    return run('priya', null, { mode: 'preflight' }, 'pull_request_target', retargeted('develop'));
  };
  /** What a ruleset pinned to priya's App reads on a commit: her newest status there. */
  const priyasNewest = (sha: string) =>
    w.gh.statuses.filter((x) => x.sha === sha && x.context === CONTEXT && x.login === LOGINS.priya).at(-1)?.state;

  // GitHub keeps at most 1000 statuses per sha and context, whoever wrote them, and deletes none: a writer
  // who fills the context on an approved head leaves the persona's green there for good. Approve into one
  // base, fill, retarget: the persona cannot write pending (nor any later verdict), and a ruleset pinned
  // to its App still reads its last status, the green for the other base. Not fixed for commit statuses:
  // none can replace it. The step fails naming the cause, a merge queue holds it (next test), doctor warns,
  // and status-kind: check-run closes it (the check-run tests below).
  test.fails('a context filled to 1000 statuses keeps an old green on the head through a retarget', async () => {
    const pre = await approveFillRetarget();
    expect(pre.code).toBe(1); // the pending write was refused: the step fails, as it says
    expect(priyasNewest(w.head)).not.toBe('success');
  });

  // What holds it today: a merge queue. The group's commit is new, so no one has filled its context;
  // the persona decides it from its reviews (the marker's base), not from the frozen head status.
  test('the same fill and retarget through a merge queue: the group commit for the new base is red', async () => {
    const pre = await approveFillRetarget();
    expect(pre.code).toBe(1); // loud: the pending write was refused, the step fails and names the cause
    expect(pre.stdout).toContain('holds 1000 statuses under this context');
    expect(pre.stdout).toContain('do not merge on it');
    expect(pre.stdout).toContain('merge queue');
    const group = w.gh.commit('group-develop');
    const ref = `refs/heads/gh-readonly-queue/develop/pr-${PR}-${'b'.repeat(40)}`;
    const event = { merge_group: { head_sha: group, head_ref: ref }, repository: { full_name: `${OWNER}/${REPO}` } };
    const q = await run('priya', null, { mode: 'preflight' }, 'merge_group', event);
    expect(q.outputs.outcome).toBe('queued');
    expect(q.outputs.verdict ?? '').not.toBe('APPROVE');
    expect(w.gh.statusOf(group, CONTEXT)).toMatchObject({ state: 'failure', login: LOGINS.priya });
    // the head keeps the persona's old green: only the queue stands between it and the merge
    expect(priyasNewest(w.head)).toBe('success');
  });

  // found by an attack: the group's ref names the base it merges into, and only a verdict for that base counts
  test("a group merging into develop is red on priya's approval of the PR into main, naming both bases", async () => {
    expect((await run('priya', body('APPROVE'))).outputs.outcome).toBe('posted'); // into main
    const group = w.gh.commit('group-develop');
    const ref = `refs/heads/gh-readonly-queue/develop/pr-${PR}-${'d'.repeat(40)}`;
    const event = { merge_group: { head_sha: group, head_ref: ref }, repository: { full_name: `${OWNER}/${REPO}` } };
    const q = await run('priya', null, { mode: 'preflight' }, 'merge_group', event);
    expect(q.outputs.outcome).toBe('queued');
    expect(q.stdout).toContain(`no verdict: PR #${PR} now targets main, but this merge group merges it into develop`);
    expect(w.gh.statusOf(group, CONTEXT)).toMatchObject({ state: 'failure', login: LOGINS.priya });
    // the board on the same group agrees: no verdict for develop
    const b = await run('app', null, { mode: 'board', personas: `priya=${LOGINS.priya}` }, 'merge_group', event);
    expect(b.outputs).toMatchObject({ outcome: 'reported', 'panel-verdict': 'COMMENT' });
    expect(JSON.parse(b.outputs['missing-personas']!)).toEqual(['priya']);
  });

  test('statuses GitHub will not list: pending is written as before (fail closed)', async () => {
    await run('priya', body('APPROVE'));
    const next = push('c2');
    w.gh.faults.push({ method: 'GET', path: new RegExp(`/commits/${next}/statuses$`), kind: 'status', status: 404 });
    const pre = await run('priya', null, { mode: 'preflight' });
    expect(pre.outputs).toMatchObject({ outcome: 'needs-review', 'should-review': 'true' });
    expect(w.gh.statusOf(next, CONTEXT)!.state).toBe('pending');
  });

  test('a duplicate re-run sets the status again from the standing review', async () => {
    await run('priya', body('CHANGES_REQUESTED'));
    w.gh.statuses.length = 0;
    const again = await run('priya', body('APPROVE'));
    expect(again.outputs.outcome).toBe('duplicate');
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('failure');
  });

  test('an unchanged head gets its status without an LLM run (preflight carries the verdict)', async () => {
    await run('priya', body('APPROVE'));
    const next = push('empty', w.gh.commits.get(w.head)!.tree);
    const pre = await run('priya', null, { mode: 'preflight' }, 'pull_request_target', target(next));
    expect(pre.outputs).toMatchObject({ outcome: 'unchanged', 'should-review': 'false' });
    expect(w.gh.statusOf(next, CONTEXT)).toMatchObject({
      state: 'success',
      description: expect.stringContaining('carried'),
    });
  });

  test('a refused body fails the status on the event head, with the reason, and posts nothing', async () => {
    const r = await run('priya', 'Looks fine.\n\n**Verdict: APPROVE**\n');
    expect(r.code).toBe(1);
    expect(w.gh.statusOf(w.head, CONTEXT)).toMatchObject({
      state: 'failure',
      description: expect.stringContaining('malformed-verdict'),
    });
    expect(reviews()).toHaveLength(0);
  });

  test('an API failure once the target is known fails the status', async () => {
    w.gh.faults.push({ method: 'GET', path: /\/reviews$/, kind: 'status', status: 404, times: 10 });
    const r = await run('priya', body('APPROVE'));
    expect(r.outputs.outcome).toBe('aborted');
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('failure');
  });

  test('status-context and commit-status inputs; never on pull_request with auto', async () => {
    await run('priya', body('APPROVE'), { 'status-context': 'gate/priya' });
    expect(w.gh.statusOf(w.head, 'gate/priya')!.state).toBe('success');
    const next = push('c2');
    await run('priya', body('APPROVE'), {}, 'pull_request', target(next));
    expect(w.gh.statuses.filter((s) => s.sha === next)).toEqual([]);
    await run('priya', body('APPROVE'), { 'commit-status': 'always' }, 'pull_request', target(next));
    expect(w.gh.statusOf(next, CONTEXT)!.state).toBe('success');
  });

  test('a token without statuses: write fails the step with the permission to add; the review stands', async () => {
    w.gh.users.get(TOKENS.priya)!.canStatus = false;
    const r = await run('priya', body('APPROVE'));
    expect(r.code).toBe(1);
    expect(r.outputs.outcome).toBe('posted');
    expect(r.stdout).toMatch(/statuses: write/);
  });

  test("a long reason still fits GitHub's 140-character description", async () => {
    // a refusal once the target is known, by the longest persona name: the status names the reason
    const persona = 'p'.repeat(39);
    const r = await run('priya', 'Looks fine.\n\n**Verdict: APPROVE**\n', { persona });
    expect(r.outputs.reason).toBe('malformed-verdict');
    const refused = w.gh.statusOf(w.head, `persona-verdict/${persona}`)!;
    expect(refused).toMatchObject({ state: 'failure', description: `${persona} failed: malformed-verdict` });
    // a panel rejected by four long-named personas: over 140 characters, cut so that GitHub takes it
    const names = ['a', 'b', 'c', 'd'].map((c) => c.repeat(39));
    for (const name of names) {
      const m = encodeMarker({
        persona: name,
        head: w.head,
        tree: null,
        base: 'main',
        verdict: 'CHANGES_REQUESTED',
        run: 'r-1',
      });
      w.gh.seedReview(PR, { login: LOGINS.priya, state: 'CHANGES_REQUESTED', body: `${m}\nno`, commit_id: w.head });
    }
    const personas = names.map((n) => `${n}=${LOGINS.priya}`).join('\n');
    const panel = await run('human', null, { mode: 'board', personas });
    expect(panel.outputs['panel-verdict']).toBe('CHANGES_REQUESTED');
    const cut = w.gh.statuses.filter((x) => x.sha === w.head && x.description.startsWith('panel: '));
    expect(cut).toHaveLength(1);
    expect(cut[0]!.description).toHaveLength(140);
    expect(cut[0]!.description).toMatch(new RegExp(`^panel: changes requested by ${names[0]}, ${names[1]}, .*…$`));
  });
});

// status-kind: check-run. Only an App creates check runs, each in its own suite, and GitHub keeps the newest 1000
// of a name there: the fill that freezes a commit status (above) cannot touch the persona App's runs.
describe('the verdict as a check run of the persona App (status-kind: check-run)', () => {
  const APP = 'priya-reviewer[bot]';
  const asApp = { 'status-kind': 'check-run', 'reviewer-login': APP };
  beforeEach(() => {
    w.gh.user(TOKENS.priya, { login: APP, kind: 'app' });
  });
  /** What a ruleset pinned to priya's App reads: the newest run of the name in her App's suite. */
  const priyasRun = (sha: string) =>
    w.gh.checkRuns.filter((c) => c.sha === sha && c.name === CONTEXT && c.app === 'priya-reviewer').at(-1);

  test.each([
    ['APPROVE', 'success'],
    ['COMMENT', 'failure'],
    ['CHANGES_REQUESTED', 'failure'],
  ])('posted %s → a completed check run, %s, linking the review; no commit status', async (verdict, conclusion) => {
    const r = await run('priya', body(verdict), asApp);
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs.outcome).toBe('posted');
    expect(priyasRun(w.head)).toMatchObject({ status: 'completed', conclusion, details_url: r.outputs['review-url'] });
    expect(priyasRun(w.head)!.title).toContain(verdict);
    expect(w.gh.statuses).toEqual([]);
  });

  // The fill that freezes a commit status has no hold here: only the persona App writes its runs. Runs are read back
  // only as evidence that a closed PR's record stands (GitHub lists only the newest 1000 suites' runs, so an absent
  // run proves nothing): preflight writes pending whenever it reviews again, as a completed run that does not pass —
  // it blocks whichever run of the name GitHub counts.
  test('a retarget: pending, a completed run that does not pass, stands over the green for the old base', async () => {
    await run('priya', body('APPROVE'), asApp);
    expect(priyasRun(w.head)!.conclusion).toBe('success');
    w.gh.retarget(PR, 'develop');
    w.gh.log.length = 0;
    const pre = await run('priya', null, { ...asApp, mode: 'preflight' }, 'pull_request_target', retargeted('develop'));
    expect(pre.code, pre.stdout).toBe(0);
    expect(pre.outputs).toMatchObject({ outcome: 'needs-review', 'should-review': 'true' });
    expect(priyasRun(w.head)).toMatchObject({ status: 'completed', conclusion: 'action_required' });
    expect(priyasRun(w.head)!.title).toMatch(/priya is reviewing/);
    // read back for a record only: the green found there is not taken for what the gate shows (pending is written)
    expect(w.gh.log.some((l) => /check-runs/.test(l.path) && l.method === 'GET')).toBe(true);
  });

  test('a new head: pending first (nothing is read back), then the verdict as the newest run', async () => {
    await run('priya', body('APPROVE'), asApp);
    const next = push('c2');
    const pre = await run('priya', null, { ...asApp, mode: 'preflight' }, 'pull_request_target', target(next));
    expect(pre.outputs.outcome).toBe('needs-review');
    expect(priyasRun(next)).toMatchObject({ conclusion: 'action_required' });
    await run('priya', body('CHANGES_REQUESTED'), asApp, 'pull_request_target', target(next));
    expect(w.gh.checkRuns.filter((c) => c.sha === next)).toHaveLength(2);
    expect(priyasRun(next)).toMatchObject({ status: 'completed', conclusion: 'failure' });
  });

  test("the merge queue: the group's commit gets a run from the standing verdict, red for another base", async () => {
    await run('priya', body('APPROVE'), asApp);
    const queue = (base: string, seed: string) => {
      const group = w.gh.commit(seed);
      const ref = `refs/heads/gh-readonly-queue/${base}/pr-${PR}-${'c'.repeat(40)}`;
      return {
        group,
        event: { merge_group: { head_sha: group, head_ref: ref }, repository: { full_name: `${OWNER}/${REPO}` } },
      };
    };
    const main = queue('main', 'group-main');
    const q = await run('priya', null, { ...asApp, mode: 'preflight' }, 'merge_group', main.event);
    expect(q.outputs).toMatchObject({ outcome: 'queued', verdict: 'APPROVE' });
    expect(priyasRun(main.group)).toMatchObject({ status: 'completed', conclusion: 'success' });
    w.gh.retarget(PR, 'develop');
    const dev = queue('develop', 'group-develop');
    await run('priya', null, { ...asApp, mode: 'preflight' }, 'merge_group', dev.event);
    expect(priyasRun(dev.group)).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(w.gh.statuses).toEqual([]);
  });

  test("GITHUB_TOKEN's check runs are GitHub Actions', which any workflow writes: bad-input before any write", async () => {
    w.gh.user(TOKENS.app, { login: LOGINS.app, kind: 'app', graphqlViewer: true });
    const r = await runOn(
      w.gh,
      'app',
      body('APPROVE'),
      { persona: 'priya', 'status-kind': 'check-run' },
      'pull_request_target',
      target(),
    );
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason: 'bad-input' });
    expect(r.stdout).toContain("GITHUB_TOKEN: its check runs are GitHub Actions', which any workflow can also write");
    expect(reviews()).toEqual([]);
  });

  test("a person's token cannot create a check run: bad-input before any write, saying an App token is needed", async () => {
    w.gh.user(TOKENS.priya, { login: LOGINS.priya });
    const r = await run('priya', body('APPROVE'), { 'status-kind': 'check-run' });
    expect(r.code).toBe(1);
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason: 'bad-input' });
    expect(r.stdout).toContain(`posts as ${LOGINS.priya}, an account: only a GitHub App can create check runs`);
    expect(reviews()).toEqual([]); // nothing half-done: no review; the failure run it then tries is refused too
    expect(w.gh.writes().map((l) => `${l.method} ${l.path} ${l.status}`)).toEqual([
      `POST /repos/${OWNER}/${REPO}/check-runs 403`,
    ]);
    expect(w.gh.checkRuns).toEqual([]);
  });

  test('an App token without checks: write: the step fails naming the permission', async () => {
    w.gh.user(TOKENS.priya, { login: APP, kind: 'app', canChecks: false });
    const r = await run('priya', body('APPROVE'), asApp);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/the check run persona-verdict\/priya \(success\) could not be set/);
    expect(r.stdout).toMatch(/the persona App needs Checks: read and write/);
    expect(w.gh.checkRuns).toEqual([]);
  });
});

describe('fail-closed history', () => {
  test('a stale APPROVE is dismissed as soon as preflight sees a new head, before any LLM run', async () => {
    await run('priya', body('APPROVE'));
    const old = reviews()[0]!;
    const next = push('c2');
    const pre = await run('priya', null, { mode: 'preflight' }, 'pull_request_target', target(next));
    expect(pre.outputs['should-review']).toBe('true');
    expect(old.state).toBe('DISMISSED');
    expect(JSON.parse(pre.outputs['dismissed-review-ids']!)).toEqual([old.id]);
  });

  test('a stale CHANGES_REQUESTED stays until the new review lands', async () => {
    await run('priya', body('CHANGES_REQUESTED'));
    const old = reviews()[0]!;
    const next = push('c2');
    await run('priya', null, { mode: 'preflight' }, 'pull_request_target', target(next));
    expect(old.state).toBe('CHANGES_REQUESTED');
    await run('priya', body('APPROVE'), {}, 'pull_request_target', target(next));
    expect(old.state).toBe('DISMISSED');
  });

  test('post dismisses a stale APPROVE before it creates the new review', async () => {
    await run('priya', body('APPROVE'));
    const next = push('c2');
    w.gh.log.length = 0;
    await run('priya', body('COMMENT'), {}, 'pull_request_target', target(next));
    const writes = w.gh.writes().map((l) => l.method);
    expect(writes.slice(0, 2)).toEqual(['PUT', 'POST']);
  });

  test('a marker with text after --> is no marker: the review is not history, a new one is posted', async () => {
    const marker = encodeMarker({
      persona: 'priya',
      head: w.head,
      tree: null,
      base: 'main',
      verdict: 'APPROVE',
      run: 'old-1-x',
    });
    const body1 = `${marker} approved by hand\nlgtm\n## VERDICT: APPROVE`;
    w.gh.seedReview(PR, { login: LOGINS.priya, state: 'APPROVED', body: body1, commit_id: w.head });
    const r = await run('priya', body('CHANGES_REQUESTED'));
    expect(r.outputs).toMatchObject({ outcome: 'posted', verdict: 'CHANGES_REQUESTED' });
    expect(reviews().map((x) => x.state)).toEqual(['APPROVED', 'CHANGES_REQUESTED']);
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('failure');
  });

  test('a forged COMMENTED review carrying verdict=APPROVE is not history: preflight asks for a review, the board shows no verdict', async () => {
    const marker = encodeMarker({
      persona: 'priya',
      head: w.head,
      tree: null,
      base: 'main',
      verdict: 'APPROVE',
      run: 'forged-1-x',
    });
    const forged = `${marker}\nlgtm\n## VERDICT: APPROVE`;
    w.gh.seedReview(PR, { login: LOGINS.priya, state: 'COMMENTED', body: forged, commit_id: w.head });
    const pre = await run('priya', null, { mode: 'preflight' });
    expect(pre.outputs).toMatchObject({ outcome: 'needs-review', 'should-review': 'true' });
    const board = await run('human', null, { mode: 'board', personas: `priya=${LOGINS.priya}` });
    expect(board.outputs['missing-personas']).toBe('["priya"]');
  });

  test('reviewed-sha that is not the event head → bad-input, nothing written, even for CHANGES_REQUESTED', async () => {
    const r = await run('priya', body('CHANGES_REQUESTED'), {
      'reviewed-sha': '0000000000000000000000000000000000000bad',
      'fail-on-changes-requested': 'true',
    });
    expect(r.code).toBe(1);
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason: 'bad-input' });
    expect(r.stdout).toMatch(/not the head this pull_request_target event names/);
    expect(reviews()).toHaveLength(0);
    const pre = await run('priya', null, {
      mode: 'preflight',
      'reviewed-sha': '0000000000000000000000000000000000000bad',
    });
    expect(pre.outputs).toMatchObject({ outcome: 'aborted', 'should-review': '' });
  });

  test('an unverifiable wrong reviewer-login posts once and is refused on every re-run', async () => {
    const inputs = { 'reviewer-login': 'github-actions' }; // missing [bot]; GITHUB_TOKEN cannot read /user or viewer
    const first = await run('app', body('COMMENT'), inputs);
    expect(first.code).toBe(1);
    expect(first.stdout).toMatch(/authored as github-actions\[bot\] while reviewer-login says github-actions/);
    for (let i = 0; i < 2; i++) {
      const again = await run('app', body('COMMENT'), inputs);
      expect(again.outputs).toMatchObject({ outcome: 'aborted', reason: 'bad-input' });
      expect(again.stdout).toMatch(/set reviewer-login to github-actions\[bot\]/);
    }
    expect(reviews()).toHaveLength(1);
  });

  test('a PENDING review on the persona account: preflight refuses before the LLM runs, naming it', async () => {
    const pending = w.gh.seedReview(PR, { login: LOGINS.priya, state: 'PENDING', body: '', commit_id: w.head });
    const pre = await run('priya', null, { mode: 'preflight' });
    expect(pre.outputs).toMatchObject({ outcome: 'aborted', reason: 'bad-input' });
    expect(pre.stdout).toContain(`pending review ${pending.id}`);
    expect(w.gh.writes().filter((l) => l.method === 'POST' && l.path.endsWith('/reviews'))).toEqual([]);
  });

  test("someone else's PENDING review is invisible to the persona (GitHub shows it to its author only)", async () => {
    w.gh.seedReview(PR, { login: LOGINS.human, state: 'PENDING', body: 'draft', commit_id: w.head });
    const r = await run('priya', body('APPROVE'));
    expect(r.outputs.outcome).toBe('posted');
    expect(w.gh.log.filter((l) => l.path.endsWith('/reviews') && l.method === 'GET').length).toBeGreaterThan(0);
  });
});

describe('one account, one persona', () => {
  test('a second persona on the same account is refused before writing; its APPROVE cannot mask the CHANGES_REQUESTED', async () => {
    const shared = { 'reviewer-login': LOGINS.app };
    await run('app', body('CHANGES_REQUESTED'), { ...shared, persona: 'priya' });
    const r = await run('app', body('APPROVE'), { ...shared, persona: 'marcus' });
    expect(r.code).toBe(1);
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason: 'bad-input' });
    expect(r.stdout).toMatch(/one review state per account/);
    expect(reviews().map((x) => x.state)).toEqual(['CHANGES_REQUESTED']);
  });

  test('review-event: COMMENT lets personas share an account: COMMENT reviews, the verdict in the marker, outputs and status', async () => {
    const shared = { 'reviewer-login': LOGINS.app, 'review-event': 'COMMENT' };
    const a = await run('app', body('CHANGES_REQUESTED'), {
      ...shared,
      persona: 'priya',
      'fail-on-changes-requested': 'true',
    });
    const b = await run('app', body('APPROVE'), { ...shared, persona: 'marcus' });
    expect(a.code).toBe(1);
    expect(a.outputs).toMatchObject({ outcome: 'posted', verdict: 'CHANGES_REQUESTED', event: 'COMMENT' });
    expect(b.outputs).toMatchObject({ outcome: 'posted', verdict: 'APPROVE' });
    expect(reviews().map((x) => x.state)).toEqual(['COMMENTED', 'COMMENTED']);
    expect(w.gh.statusOf(w.head, 'persona-verdict/priya')!.state).toBe('failure');
    expect(w.gh.statusOf(w.head, 'persona-verdict/marcus')!.state).toBe('success');
    const again = await run('app', body('APPROVE'), { ...shared, persona: 'priya' });
    expect(again.outputs).toMatchObject({ outcome: 'duplicate', verdict: 'CHANGES_REQUESTED' });
  });
});

describe('secrets in the body', () => {
  test.each([
    ['the token itself', () => `the env had ${TOKENS.priya} in it`],
    ['a classic PAT', () => `see ghp_${'A1b2'.repeat(9)}`],
    ['a fine-grained PAT', () => `github_pat_${'x9'.repeat(20)}`],
    ['a PEM key', () => `-----BEGIN RSA PRIVATE KEY-----\n${'MIIEpQ1b2C3d4E5f6G7h8'.repeat(4)}\n-----END`],
  ])('%s → secret-in-body naming the line, nothing sent, the secret never echoed', async (_n, secret) => {
    const text = `Fine.\n${secret()}\n\n## VERDICT: APPROVE\n`;
    const r = await run('priya', text, { 'commit-status': 'never' });
    expect(r.code).toBe(1);
    expect(r.outputs.reason).toBe('secret-in-body');
    expect(r.stdout).toMatch(/line 2/);
    expect(r.stdout + r.summary).not.toContain(secret().slice(4, 30));
    expect(w.gh.log).toEqual([]);
  });

  test("this run's token is refused by itself, whatever its shape (not only ghp_/ghs_)", async () => {
    const token = 'v1.0123456789abcdef0123456789abcdef01234567';
    w.gh.user(token, { login: LOGINS.priya, kind: 'user' });
    const text = `Fine.\nthe env had ${token} in it\n\n## VERDICT: APPROVE\n`;
    const r = await run('priya', text, { 'github-token': token, 'commit-status': 'never' });
    expect(r.code).toBe(1);
    expect(r.outputs.reason).toBe('secret-in-body');
    expect(r.stdout).toMatch(/line 2.*this run's github-token|this run's github-token.*line 2/);
    expect(w.gh.writes()).toEqual([]);
  });
});

describe('workflow_run finds its PR from the API, never from an artifact', () => {
  test('the open PR whose head is the run head: posted with the run head as reviewed SHA', async () => {
    const r = await run('priya', body('APPROVE'), BOUND, 'workflow_run', workflowRun());
    expect(r.outputs).toMatchObject({ outcome: 'posted', 'head-sha': w.head, 'base-ref': 'main' });
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('success');
  });

  test('a post on workflow_run without reviewed-base → bad-input before anything is written', async () => {
    const r = await run('priya', body('APPROVE'), {}, 'workflow_run', workflowRun());
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason: 'bad-input' });
    expect(r.stdout).toMatch(/names no base branch for PR #7, and reviewed-base is empty/);
    expect(r.stdout).toMatch(/needs\.preflight\.outputs\.base-ref/);
    expect(w.gh.writes()).toEqual([]);
  });

  test('a forged pull-number (from an artifact) that is not that PR → bad-input, nothing written', async () => {
    const other = w.gh.commit('other');
    w.gh.pull({ number: 8, head: other, headRef: 'victim' });
    const r = await run('priya', body('APPROVE'), { 'pull-number': '8' }, 'workflow_run', workflowRun());
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason: 'bad-input' });
    expect(r.stdout).toMatch(/pull-number 8 is not an open PR whose head is/);
    expect(w.gh.writes().filter((l) => l.path.endsWith('/reviews'))).toEqual([]);
  });

  test('two PRs from one branch share the head → bad-input naming both; pull-number picks one of them', async () => {
    w.gh.pull({ number: 9, head: w.head });
    const r = await run('priya', body('APPROVE'), {}, 'workflow_run', workflowRun());
    expect(r.outputs.reason).toBe('bad-input');
    expect(r.stdout).toMatch(/#7, #9/);
    const picked = await run('priya', body('APPROVE'), { ...BOUND, 'pull-number': '9' }, 'workflow_run', workflowRun());
    expect(picked.outputs).toMatchObject({ outcome: 'posted' });
    // a status is per commit: the approval is no green while #7 has the same head
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('failure');
  });

  test('a fork with the same branch name is a different head repository', async () => {
    const r = await run('priya', body('APPROVE'), {}, 'workflow_run', workflowRun(w.head, 'mallory/widgets'));
    expect(r.outputs.reason).toBe('bad-input');
    expect(r.stdout).toMatch(/no open PR/);
  });

  test('a workflow_run whose head moved on since → the run head is not the PR head: superseded, nothing written', async () => {
    const old = w.head;
    push('c2');
    const r = await run('priya', body('APPROVE'), BOUND, 'workflow_run', workflowRun(old));
    expect(r.code).toBe(0);
    expect(r.outputs).toMatchObject({ outcome: 'superseded' });
    expect(r.stdout).toMatch(/head moved to/);
    expect(reviews()).toHaveLength(0);
    expect(w.gh.writes()).toEqual([]);
  });
});

describe('diff-path: the diff comes from the API, pinned to the reviewed head', () => {
  test('preflight writes the PR diff at the reviewed SHA; the PR cannot swap it', async () => {
    const head = w.gh.commit('with-files', undefined, [
      { filename: 'src/a.js', status: 'modified', patch: '@@ -1 +1 @@\n-old\n+new' },
      { filename: 'logo.png', status: 'added' },
    ]);
    w.gh.push(PR, head);
    w.head = head;
    const path = join(tempDir(), 'pr.diff');
    const pre = await run('priya', null, { mode: 'preflight', 'diff-path': path }, 'pull_request_target', target(head));
    expect(pre.outputs['diff-path']).toBe(path);
    const diff = readFileSync(path, 'utf8');
    expect(diff).toContain('+++ b/src/a.js\n@@ -1 +1 @@\n-old\n+new');
    expect(pre.stdout).toMatch(/1 changed file\(s\) have no text diff.*logo\.png \(binary\)/);
    const compare = w.gh.log.find((l) => l.path.includes('/compare/'))!;
    expect(compare.path).toContain(`...${head}`);
  });

  test('no diff is written when no review is needed', async () => {
    await run('priya', body('APPROVE'));
    const path = join(tempDir(), 'pr.diff');
    const pre = await run('priya', null, { mode: 'preflight', 'diff-path': path });
    expect(pre.outputs).toMatchObject({ outcome: 'duplicate', 'diff-path': '' });
    expect(existsSync(path)).toBe(false);
  });

  test('GitHub refuses the diff (too large) → diff-unavailable, status failure, no file', async () => {
    w.gh.faults.push({
      method: 'GET',
      path: /\/compare\//,
      kind: 'status',
      status: 406,
      times: 20, // the patch read (skip-unchanged) uses compare too
      body: { message: 'Sorry, this diff is taking too long to generate.' },
    });
    const path = join(tempDir(), 'pr.diff');
    const pre = await run('priya', null, { mode: 'preflight', 'diff-path': path });
    expect(pre.code).toBe(1);
    expect(pre.outputs).toMatchObject({ outcome: 'aborted', reason: 'diff-unavailable' });
    expect(existsSync(path)).toBe(false);
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('failure');
  });
});

// Found by an attack on K: on workflow_run and issue_comment the event names no base, so the post recorded whatever
// base the PR had when it ran. Preflight now outputs the base it read the diff against, and post is bound to it.
describe('fork-safe and /review: a retarget while the persona works', () => {
  const FORK_PR = 11;
  test('workflow_run: preflight read the diff against staging, the PR now targets main → superseded, nothing', async () => {
    const head = w.gh.commit('fork-head', undefined, [
      { filename: 'src/app.js', status: 'modified', patch: '@@ -1 +1 @@\n-a\n+b' },
    ]);
    w.gh.pull({ number: FORK_PR, head, headRef: 'feature', headRepo: 'mallory/widgets', baseRef: 'staging' });
    const event = workflowRun(head, 'mallory/widgets');
    const inputs = { 'commit-status': 'always' };
    const pre = await runOn(w.gh, 'priya', null, { ...inputs, mode: 'preflight' }, 'workflow_run', event);
    expect(pre.outputs).toMatchObject({ outcome: 'needs-review', 'base-ref': 'staging' });
    w.gh.retarget(FORK_PR, 'main'); // during the LLM job
    const pinned = { ...inputs, 'reviewed-sha': pre.outputs['head-sha']!, 'reviewed-base': pre.outputs['base-ref']! };
    const post = await runOn(w.gh, 'priya', body('APPROVE'), pinned, 'workflow_run', event);
    const live = w.gh.reviews.get(FORK_PR)!.filter((r) => r.state !== 'DISMISSED');
    expect({ outcome: post.outputs.outcome, bases: live.map((r) => decodeMarker(r.body)?.base) }).toEqual({
      outcome: 'superseded',
      bases: [],
    });
    expect(w.gh.statusOf(head, CONTEXT)?.state).not.toBe('success');
    // unmoved, the same post lands, marked with the base preflight read
    w.gh.retarget(FORK_PR, 'staging');
    const again = await runOn(w.gh, 'priya', body('APPROVE'), pinned, 'workflow_run', event);
    expect(again.outputs.outcome).toBe('posted');
    expect(w.gh.reviews.get(FORK_PR)!.map((r) => decodeMarker(r.body)?.base)).toEqual(['staging']);
  });

  test("issue_comment /review: retargeted during the LLM job → superseded; the retarget's own run reviews", async () => {
    w.gh.settings.permissions.set('maintainer', { permission: 'write', role_name: 'write' });
    w.gh.retarget(PR, 'staging');
    const event = {
      action: 'created',
      issue: { number: PR, pull_request: { url: `https://github.test/api/repos/${OWNER}/${REPO}/pulls/${PR}` } },
      comment: { body: '/review priya', user: { login: 'maintainer' }, author_association: 'COLLABORATOR' },
      sender: { login: 'maintainer' },
    };
    const inputs = { 'commit-status': 'always', force: 'true' };
    const pre = await runOn(w.gh, 'priya', null, { ...inputs, mode: 'preflight' }, 'issue_comment', event);
    expect(pre.outputs).toMatchObject({ outcome: 'needs-review', 'base-ref': 'staging' });
    w.gh.retarget(PR, 'main');
    const pinned = { ...inputs, 'reviewed-sha': pre.outputs['head-sha']!, 'reviewed-base': pre.outputs['base-ref']! };
    const post = await runOn(w.gh, 'priya', body('APPROVE'), pinned, 'issue_comment', event);
    const edited = await w.run('priya', null, { 'commit-status': 'always', mode: 'preflight' });
    const live = w.gh.reviews.get(PR)!.filter((r) => r.state !== 'DISMISSED');
    expect({
      outcome: post.outputs.outcome,
      bases: live.map((r) => decodeMarker(r.body)?.base),
      edited: edited.outputs.outcome,
    }).toEqual({ outcome: 'superseded', bases: [], edited: 'needs-review' });
    // pending is written only where it changes the gate: nothing green stands on the head
    expect(w.gh.statusOf(w.head, CONTEXT)?.state).not.toBe('success');
  });
});

// Found by a fourth attack: a commit status is per commit, and one commit can be the head of two open PRs
describe('one head commit, two open PRs', () => {
  const prt = (number: number, action: string, repo = `${OWNER}/${REPO}`, base = 'main') => ({
    action,
    number,
    pull_request: { number, head: { sha: w.head, ref: 'feature', repo: { full_name: repo } }, base: { ref: base } },
  });

  test("an APPROVE into develop (PR #8) does not turn green PR #7's head, rejected into main: both red", async () => {
    const r7 = await runOn(w.gh, 'priya', body('CHANGES_REQUESTED'), {}, 'pull_request_target', prt(PR, 'opened'));
    expect(r7.outputs.outcome).toBe('posted');
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('failure');
    w.gh.pull({ number: 8, head: w.head, headRef: 'feature-copy', baseRef: 'develop' });
    const r8 = await runOn(
      w.gh,
      'priya',
      body('APPROVE'),
      {},
      'pull_request_target',
      prt(8, 'opened', undefined, 'develop'),
    );
    expect(r8.outputs).toMatchObject({ outcome: 'posted', verdict: 'APPROVE' });
    expect(r8.stdout).toContain(`also the head of PR #${PR} (into main)`);
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('failure');
    // once #7 is closed, #8's approval is its head's alone: a re-run writes it green
    w.gh.pulls.get(PR)!.state = 'closed';
    await runOn(
      w.gh,
      'priya',
      null,
      { mode: 'preflight' },
      'pull_request_target',
      prt(8, 'synchronize', undefined, 'develop'),
    );
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('success');
  });

  // found by a fifth attack: GitHub's commits/{sha}/pulls leaves out a head that is only in a fork; every open PR is
  // listed instead, and a list that cannot be read writes no green
  test('the other PR from a fork, into develop: both red; the open PRs unreadable: no green either', async () => {
    w.gh.pull({ number: 8, head: w.head, headRef: 'feature', headRepo: 'mallory/widgets', baseRef: 'develop' });
    const r8 = await runOn(
      w.gh,
      'priya',
      body('APPROVE'),
      {},
      'pull_request_target',
      prt(8, 'opened', 'mallory/widgets', 'develop'),
    );
    expect(r8.stdout).toContain(`also the head of PR #${PR} (into main)`);
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('failure');
    w.gh.pulls.get(8)!.state = 'closed';
    w.gh.faults.push({
      method: 'GET',
      path: /\/pulls$/,
      kind: 'status',
      status: 403,
      body: { message: 'Forbidden' },
      times: 100,
    });
    const r7 = await runOn(w.gh, 'priya', body('APPROVE'), {}, 'pull_request_target', prt(PR, 'opened'));
    expect(r7.outputs).toMatchObject({ outcome: 'posted', verdict: 'APPROVE' });
    expect(r7.stdout).toContain('could not be listed: an approval is not written green');
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('failure');
  });

  test("a stranger's PR on the same head, closed before its post, does not keep the victim's pending", async () => {
    expect(
      (await runOn(w.gh, 'priya', body('APPROVE'), {}, 'pull_request_target', prt(PR, 'opened'))).outputs.outcome,
    ).toBe('posted');
    w.gh.pull({ number: 8, head: w.head, headRepo: 'mallory/widgets', author: 'mallory' });
    const pre8 = await runOn(
      w.gh,
      'priya',
      null,
      { mode: 'preflight' },
      'pull_request_target',
      prt(8, 'opened', 'mallory/widgets'),
    );
    // a head another open PR shares is not reviewed (attack round 8): red while both are open, as a status is per
    // commit and #7's green would pass #8 too
    expect(pre8.outputs).toMatchObject({ outcome: 'aborted', reason: 'bad-input' });
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('failure');
    w.gh.pulls.get(8)!.state = 'closed';
    const again = await runOn(w.gh, 'priya', null, { mode: 'preflight' }, 'pull_request_target', prt(PR, 'reopened'));
    expect(again.outputs.outcome).toBe('duplicate');
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('success'); // PR #8's failure was not this PR's re-review
  });
});
