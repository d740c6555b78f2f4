// Restamp end to end (the bundled action against the fake): GitHub's "dismiss stale approvals
// on push" dismisses the persona's APPROVE on an identical rebase; preflight with
// restamp posts the same verdict for the new head with no LLM run. After a person's
// dismissal, a different patch or with restamp off, the persona reviews again.
import { describe, expect, test } from 'vitest';
import { decodeMarker } from '../../src/core/marker.js';
import { pushKit } from './attack-kit.js';
import { body, LOGINS, PR, runOn, useWorld } from './world.js';

const w = useWorld();
const CONTEXT = 'persona-verdict/priya';
const FILES = [{ filename: 'src/a.ts', status: 'modified', patch: '@@ -1,2 +1,2 @@\n-old\n+new\n ctx' }];
const OTHER = [{ filename: 'src/a.ts', status: 'modified', patch: '@@ -1,2 +1,2 @@\n-old\n+newer\n ctx' }];
const ON = { restamp: 'true' };

const event = () => w.event();
const preflight = (inputs: Record<string, string> = ON) =>
  runOn(w.gh, 'priya', null, { mode: 'preflight', ...inputs }, 'pull_request_target', event());
const post = (verdict: string, inputs: Record<string, string> = ON) =>
  runOn(w.gh, 'priya', body(verdict), inputs, 'pull_request_target', event());
/** A push of a new head with these PR files (same files: an identical rebase, a new tree). */
const push = (
  seed: string,
  files: Array<{ filename: string; status: string; patch: string; mode?: string }> = FILES,
): string => {
  const next = w.gh.commit(seed, undefined, files);
  w.gh.push(PR, next, 'alice');
  w.head = next;
  return next;
};
const mine = () => w.gh.reviews.get(PR)!.filter((r) => r.login === LOGINS.priya);
const live = () => mine().filter((r) => r.state !== 'DISMISSED');

/** PR 7 at a head with FILES, approved by priya (restamp on: the marker records the patch). */
async function approved(): Promise<number> {
  w.gh.dismissStaleOnPush.add('main');
  push('first');
  const r = await post('APPROVE');
  expect(r.outputs['outcome'], r.stdout).toBe('posted');
  return Number(r.outputs['review-id']);
}

describe('restamp', () => {
  // attack round 12 (R1): the compare's file list carries no mode, so a regular file holding "../../.env" and a
  // symlink to it had one PR patch id; the diff's "new file mode 120000" says which
  test('a file turned into a symlink with the same text: reviewed again, not restamped (nor carried by patch)', async () => {
    const text = { filename: 'public/latest', status: 'added', patch: '@@ -0,0 +1 @@\n+../../.env' };
    w.gh.dismissStaleOnPush.add('main');
    push('a file', [text]);
    expect((await post('APPROVE')).outputs['outcome']).toBe('posted');
    push('a symlink', [{ ...text, mode: '120000' }]);
    const r = await preflight({ ...ON, 'unchanged-when': 'patch' });
    expect(r.outputs).toMatchObject({ outcome: 'needs-review', 'should-review': 'true' });
    expect(r.stdout).toMatch(/changes a file that is not a regular one \(public\/latest: a symlink/);
    // the same push with a regular file again: the diff is read (the patch alone would carry) and the verdict is
    // restamped — the mode check only ever withholds a carry
    push('a file again', [text]);
    const back = await preflight();
    expect(back.outputs).toMatchObject({ outcome: 'restamped', 'should-review': 'false' });
  });

  test("after GitHub's push dismissal of an identical rebase: the same verdict, no LLM run", async () => {
    const first = await approved();
    const before = w.head;
    expect(push('rebased')).not.toBe(before);
    expect(mine().find((r) => r.id === first)!.state).toBe('DISMISSED'); // the fake's push rule
    w.gh.log.length = 0;
    const r = await preflight();
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.outputs).toMatchObject({ outcome: 'restamped', 'should-review': 'false', verdict: 'APPROVE' });
    expect(r.outputs['baseline-sha']).toBe(before);
    const [now] = live();
    expect(live()).toHaveLength(1);
    expect(now!.state).toBe('APPROVED');
    expect(now!.commit_id).toBe(w.head);
    expect(decodeMarker(now!.body)).toMatchObject({ head: w.head, verdict: 'APPROVE', base: 'main' });
    expect(now!.body).toContain(`pullrequestreview-${first}`);
    expect(now!.body).toMatch(/identical/);
    expect(w.gh.statusOf(w.head, CONTEXT)).toMatchObject({ state: 'success' });
    expect(w.gh.log.some((l) => l.path.endsWith(`/issues/${PR}/timeline`))).toBe(true);
    // writes: one review and one status
    expect(w.gh.writes().map((l) => `${l.method} ${l.path.split('/').slice(-2).join('/')}`)).toEqual([
      `POST ${PR}/reviews`,
      `POST statuses/${w.head}`,
    ]);
    // a re-run restamps nothing more: the restamped review stands for the head
    const again = await preflight();
    expect(again.outputs).toMatchObject({ outcome: 'duplicate', 'should-review': 'false' });
    expect(live()).toHaveLength(1);
  });

  test('a push while restamping: GitHub refuses the old head (422) → superseded, nothing posted', async () => {
    await approved();
    push('rebased');
    const pr = w.gh.pulls.get(PR)!;
    w.gh.faults.push({ method: 'GET', path: new RegExp(`/issues/${PR}/timeline`), kind: 'stall', delayMs: 300 });
    const running = preflight();
    while (!w.gh.log.some((l) => l.path.includes(`/issues/${PR}/timeline`))) await new Promise((r) => setTimeout(r, 5));
    const forced = w.gh.commit('pushed meanwhile', undefined, FILES);
    pr.commits = [forced];
    pr.head = forced;
    const r = await running;
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs.outcome).toBe('superseded');
    expect(live()).toHaveLength(0);
  });

  test('a restamped approval is itself restamped after the next identical rebase', async () => {
    await approved();
    push('rebase-1');
    expect((await preflight()).outputs['outcome']).toBe('restamped');
    push('rebase-2');
    const r = await preflight();
    expect(r.outputs['outcome']).toBe('restamped');
    expect(live()).toHaveLength(1);
  });

  test("never after a person's dismissal: the persona reviews again", async () => {
    const first = await approved();
    w.gh.dismissAs(PR, first, LOGINS.human, 'Not what we agreed on in the design review.');
    push('rebased');
    const r = await preflight();
    expect(r.outputs).toMatchObject({ outcome: 'needs-review', 'should-review': 'true' });
    expect(live()).toHaveLength(0);
    expect(w.gh.statusOf(w.head, CONTEXT)).toBeUndefined(); // a fresh head: no pending, the verdict is its status
  });

  test('a different patch after the push dismissal: a normal review', async () => {
    await approved();
    push('changed', OTHER);
    const r = await preflight();
    expect(r.outputs).toMatchObject({ outcome: 'needs-review', 'should-review': 'true' });
    expect(live()).toHaveLength(0);
  });

  test('another base after the push dismissal: a normal review', async () => {
    await approved();
    push('rebased');
    w.gh.retarget(PR, 'release');
    const r = await preflight();
    expect(r.outputs).toMatchObject({ outcome: 'needs-review' });
  });

  test('another persona version: a normal review', async () => {
    await approved();
    push('rebased');
    const r = await preflight({ ...ON, 'persona-version': 'v2' });
    expect(r.outputs).toMatchObject({ outcome: 'needs-review' });
  });

  test('restamp off: the push-dismissed verdict is not restamped, and no timeline is read', async () => {
    await approved();
    push('rebased');
    w.gh.log.length = 0;
    const r = await preflight({});
    expect(r.outputs).toMatchObject({ outcome: 'needs-review' });
    expect(w.gh.log.some((l) => l.path.endsWith('/timeline'))).toBe(false);
  });

  test('a return to an earlier patch (A, B, A) is reviewed again: the standing verdict is about B', async () => {
    await approved(); // A, approved
    push('b', OTHER);
    expect((await preflight()).outputs['outcome']).toBe('needs-review');
    expect((await post('CHANGES_REQUESTED')).outputs['outcome']).toBe('posted'); // B, rejected
    push('back-to-a'); // the PR's patch is A's again
    const r = await preflight();
    expect(r.outputs).toMatchObject({ outcome: 'needs-review', 'should-review': 'true' });
    expect(live().map((x) => x.state)).toEqual(['CHANGES_REQUESTED']); // B's verdict stands until A's review
  });

  test('without the push rule an identical rebase is unchanged (the verdict was never dismissed)', async () => {
    await approved();
    w.gh.dismissStaleOnPush.clear();
    push('rebased');
    const r = await preflight({ ...ON, 'unchanged-when': 'patch' });
    expect(r.outputs).toMatchObject({ outcome: 'unchanged', 'should-review': 'false' });
    expect(w.gh.writes().filter((l) => l.path.endsWith('/reviews'))).toHaveLength(1);
  });
});

// found by an attack (round 6): a rebase with the same patch while a maintainer's forced re-review of the head runs
// carried the doubted verdict to the new head (restamped, or unchanged by patch) and the re-review's post was
// superseded: the new head went green on the verdict the maintainer had asked to be judged again
describe('a forced re-review is not escaped by a rebase with the same patch', () => {
  const comment = (login: string) => ({
    action: 'created',
    issue: { number: PR, pull_request: { url: `https://github.test/pr/${PR}` } },
    comment: { body: '/review priya', author_association: 'MEMBER', user: { login } },
    sender: { login },
  });
  test.each([
    ['restamp, the push rule on', ON, true],
    ['unchanged-when: patch', { 'unchanged-when': 'patch' }, false],
  ])('%s: the rebased head is reviewed, never green on the doubted approval', async (_n, inputs, rule) => {
    w.gh.settings.permissions.set('writer', { permission: 'write', role_name: 'write' });
    if (rule) w.gh.dismissStaleOnPush.add('main');
    const a = push('a');
    expect((await post('APPROVE', inputs)).outputs.outcome).toBe('posted');
    expect(w.gh.statusOf(a, CONTEXT)!.state).toBe('success');
    // a maintainer doubts it: /review priya (force) pins head a and writes pending while the LLM runs
    const forcedInputs = { ...inputs, mode: 'preflight', force: 'true' };
    const forced = await runOn(w.gh, 'priya', null, forcedInputs, 'issue_comment', comment('writer'));
    expect(forced.outputs['should-review']).toBe('true');
    expect(w.gh.statusOf(a, CONTEXT)!.state).toBe('pending');
    const b = push('b rebased');
    const plain = await preflight({ ...inputs });
    expect(plain.outputs).toMatchObject({ outcome: 'needs-review', 'should-review': 'true' });
    expect(w.gh.statusOf(b, CONTEXT)?.state ?? 'absent').not.toBe('success');
    // no review restamped for b (the restamp path posted the doubted APPROVE for it); the next test is the control
    expect(live().filter((r) => r.state === 'APPROVED' && decodeMarker(r.body)?.head === b)).toEqual([]);
  });

  test('a re-review that has ended (its verdict posted) no longer holds the carry back', async () => {
    w.gh.settings.permissions.set('writer', { permission: 'write', role_name: 'write' });
    const inputs = { 'unchanged-when': 'patch' };
    const a = push('a');
    await post('APPROVE', inputs);
    const forcedInputs = { ...inputs, mode: 'preflight', force: 'true' };
    await runOn(w.gh, 'priya', null, forcedInputs, 'issue_comment', comment('writer'));
    const pinned = { ...inputs, force: 'true', 'reviewed-sha': a, 'reviewed-base': 'main' };
    expect(
      (await runOn(w.gh, 'priya', body('APPROVE'), pinned, 'issue_comment', comment('writer'))).outputs.outcome,
    ).toBe('posted');
    expect(w.gh.statusOf(a, CONTEXT)!.state).toBe('success');
    const b = push('b rebased');
    expect((await preflight(inputs)).outputs.outcome).toBe('unchanged');
    expect(w.gh.statusOf(b, CONTEXT)!.state).toBe('success');
  });
});

// A probe of issue O (a helper, 2026-12-02): with restamp on and unchanged-when: tree (the default), an identical
// rebase restamped an approval but gave a rejection or a comment a new LLM roll (GitHub's push rule dismisses approvals
// only, and the tree differs); where GitHub kept the approval (the rule off, or GitHub's own measure of "the diff
// changed"), the action dismissed it itself and asked the LLM again. Restamp now carries by the PR patch too.
describe('restamp carries by the PR patch: no verdict is rolled again on an identical rebase', () => {
  test.each([
    ['CHANGES_REQUESTED', true],
    ['COMMENT', true],
    ['APPROVE, GitHub keeping it (no push rule)', false],
  ])('%s: unchanged, no LLM run', async (what, rule) => {
    if (rule) w.gh.dismissStaleOnPush.add('main');
    push('first');
    const verdict = what.split(',')[0]!;
    expect((await post(verdict)).outputs['outcome']).toBe('posted');
    push('rebased');
    const pre = await preflight();
    expect(pre.outputs).toMatchObject({ outcome: 'unchanged', 'should-review': 'false', verdict });
  });

  test('restamp off, unchanged-when: tree: a rejection is rolled again (the setting says so)', async () => {
    push('first');
    expect((await post('CHANGES_REQUESTED', {})).outputs['outcome']).toBe('posted');
    push('rebased');
    expect((await preflight({})).outputs['outcome']).toBe('needs-review');
  });

  test('restamp on, a symlink in the new head: not carried by the patch alone', async () => {
    push('first');
    expect((await post('CHANGES_REQUESTED')).outputs['outcome']).toBe('posted');
    push('linked', [{ ...FILES[0]!, mode: '120000' }]);
    expect((await preflight()).outputs['outcome']).toBe('needs-review');
  });
});

// A review of the patch carry above (a helper, 2026-12-02): a maintainer's /review on a, then an identical rebase b;
// b's preflight saw the re-review and asked for a review, but b's post carried a's doubted verdict by the patch and
// dropped the LLM's rejection (post had no re-review check; unchanged-when: patch had the same gap). Now post reads
// both heads' statuses before keeping a carried verdict, as preflight does (modes/rereview.ts).
describe('the post after a carry a forced re-review holds back: b gets the verdict it was reviewed for', () => {
  const kit = pushKit(w);
  const CP = { 'comment-passes': 'true' };
  const KEEP = { 'dismiss-stale': 'changes-requested' };
  test.each([
    ['COMMENT', 'restamp, comment-passes, the push rule on', { ...ON, ...CP }, true],
    ['COMMENT', 'restamp, comment-passes', { ...ON, ...CP }, false],
    ['APPROVE', 'restamp, dismiss-stale: changes-requested', { ...ON, ...KEEP }, false],
    ['COMMENT', 'unchanged-when: patch, comment-passes', { 'unchanged-when': 'patch', ...CP }, false],
    ['APPROVE', 'restamp off, dismiss-stale: changes-requested', { ...KEEP }, false],
  ])('%s, %s', async (first, _n, inputs: Record<string, string>, rule) => {
    if (rule) w.gh.dismissStaleOnPush.add('main');
    const a = kit.push('a');
    expect(
      (await runOn(w.gh, 'priya', body(first), inputs, 'pull_request_target', kit.prtEvent())).outputs.outcome,
    ).toBe('posted');
    expect((await kit.forcedPreflight(inputs)).outputs['should-review']).toBe('true'); // /review priya on a
    expect(w.gh.statusOf(a, CONTEXT)?.state).toBe('pending');
    const b = kit.push('b rebased');
    expect((await kit.plainPreflight(inputs)).outputs).toMatchObject({ outcome: 'needs-review' });
    // the LLM job runs for b and rejects it; the recipe's post, pinned to b
    const pinned = { ...inputs, 'reviewed-sha': b, 'reviewed-base': 'main' };
    const r = await runOn(w.gh, 'priya', body('CHANGES_REQUESTED'), pinned, 'pull_request_target', kit.prtEvent());
    expect({ post: r.outputs.outcome, b: w.gh.statusOf(b, CONTEXT)?.state, queue: await kit.group(inputs) }).toEqual({
      post: 'posted',
      b: 'failure',
      queue: 'failure',
    });
    const forB = mine().filter((x) => decodeMarker(x.body)?.head === b);
    expect(forB.map((x) => x.state)).toEqual(['CHANGES_REQUESTED']);
  });
});

// A read-through of the post's re-review check (a helper): a kept carry in post read the head's statuses twice in a
// row (the check's read, then keepStanding's); it passes its read on, as preflight does.
test("post keeping a carried verdict reads the source head's statuses and its own head's once before its green, once after", async () => {
  const kit = pushKit(w);
  const reads = (sha: string) =>
    w.gh.log.filter((l) => l.method === 'GET' && l.path.endsWith(`/commits/${sha}/statuses`)).length;
  const P = { 'unchanged-when': 'patch' };
  const postOn = (verdict: string, sha: string) =>
    runOn(
      w.gh,
      'priya',
      body(verdict),
      { ...P, 'reviewed-sha': sha, 'reviewed-base': 'main' },
      'pull_request_target',
      kit.prtEvent(),
    );
  const a = kit.push('a');
  expect((await postOn('APPROVE', a)).outputs.outcome).toBe('posted');
  const before = reads(a);
  const b = kit.push('b');
  const r = await postOn('CHANGES_REQUESTED', b);
  expect(r.outputs.outcome).toBe('unchanged');
  // each: the check's read (passed on to the green), then the read-back after the green (the source's since attack R2:
  // a forced re-review of it asked for meanwhile puts its pending over the carried green)
  expect({ a: reads(a) - before, b: reads(b) }).toEqual({ a: 2, b: 2 });
});
