// A persona App's check runs read back (status-kind: check-run) — only as evidence that a run stands, never as proof
// that none does (GitHub lists the runs of a commit's newest 1000 check suites only): a closed PR's record (C1), a
// maintainer's forced re-review under way when a merge group is built (attack round 7's check-run exception), and the
// board's own-status rule (R18-2). Where the runs cannot be listed they are unread, as commit statuses would be: the
// queue fails the group, the board does not count the App member's approval (a warning names checks: read); only a
// closed PR's record goes on as if none were found (the head is judged again).
import { describe, expect, test } from 'vitest';
import { attackKit, pushKit } from './attack-kit.js';
import { APP, asApp, checkRunKit } from './checkrun-kit.js';
import { runAction, writeBody } from './harness.js';
import { body, LOGINS, PR, TOKENS, useWorld } from './world.js';

const w = useWorld();
const { priyasRun, group, board, marcusApproves, panel } = checkRunKit(w);
/** Every listing of check runs refused, as GitHub refuses a token without checks: read. */
const runsUnlisted = () =>
  w.gh.faults.push({
    method: 'GET',
    path: /\/check-runs/,
    kind: 'status',
    status: 403,
    body: { message: 'Resource not accessible by integration' },
    times: 1000,
  });
const listed = (from = 0) => w.gh.log.slice(from).filter((l) => l.method === 'GET' && /\/check-runs/.test(l.path));

/** priya (an App writing check runs) approves PR #7's head. */
async function approved() {
  w.gh.user(TOKENS.priya, { login: APP, kind: 'app' });
  const k = attackKit(w);
  const { post } = await k.chain(k.prt(PR, 'synchronize'), 'APPROVE', asApp);
  expect(post?.outputs.outcome).toBe('posted');
  expect(priyasRun(w.head)?.conclusion).toBe('success');
  return k;
}

describe('the merge queue with check runs: a forced re-review under way holds the group', () => {
  test('/review priya writes its forced run on H; a group built while the LLM judges fails', async () => {
    await approved();
    expect(await group(), 'before any doubt, the approval passes the group').toBe('success');
    const forced = await pushKit(w).forcedPreflight(asApp);
    expect(forced.outputs['should-review']).toBe('true');
    expect(priyasRun(w.head)).toMatchObject({ conclusion: 'action_required' });
    expect(priyasRun(w.head)?.title).toMatch(/re-reviewing .* \(forced\)/);
    expect(await group(), 'a group built while the forced re-review is under way').toBe('failure');
  });

  test('the runs cannot be listed: unread, the group fails (as with commit statuses)', async () => {
    await approved();
    runsUnlisted();
    const from = w.gh.log.length;
    expect(await group()).toBe('failure');
    expect(listed(from).length, 'the listing was asked for').toBeGreaterThan(0);
  });

  test('listed and nothing forced there: the group passes (a run not found holds nothing)', async () => {
    await approved();
    expect(await group()).toBe('success');
  });
});

describe("a closed PR's record as a check run: only evidence", () => {
  test('the runs cannot be listed on the reopen: the head is judged again (nothing held, nothing posted)', async () => {
    w.gh.user(TOKENS.priya, { login: APP, kind: 'app' });
    const k = attackKit(w);
    await k.closeBeforePost('CHANGES_REQUESTED', asApp);
    expect(priyasRun(w.head)?.conclusion, 'the record').toBe('failure');
    runsUnlisted();
    const again = await k.run(null, { mode: 'preflight', ...asApp }, k.prt(PR, 'reopened'));
    expect(again.outputs.outcome).toBe('needs-review');
    expect(again.outputs['should-review']).toBe('true');
  });

  test('a maintainer forces a re-review after the record: its forced run settles it, the reopen after it rolls', async () => {
    w.gh.user(TOKENS.priya, { login: APP, kind: 'app' });
    const k = attackKit(w);
    await k.closeBeforePost('CHANGES_REQUESTED', asApp);
    const forced = await pushKit(w).forcedPreflight(asApp);
    expect(forced.outputs['should-review']).toBe('true');
    const again = await k.run(null, { mode: 'preflight', ...asApp }, k.prt(PR, 'reopened'));
    expect(again.outputs.outcome, again.stdout).not.toBe('unposted');
  });

  test("another App's failing run of the same name is no record of priya's", async () => {
    w.gh.user(TOKENS.priya, { login: APP, kind: 'app' });
    const k = attackKit(w);
    await k.closeBeforePost('CHANGES_REQUESTED', asApp);
    // the record moved to another App's run (as a forger would write it): priya's own are gone
    for (const r of w.gh.checkRuns) if (r.app === 'priya-reviewer') r.app = 'forger';
    const again = await k.run(null, { mode: 'preflight', ...asApp }, k.prt(PR, 'reopened'));
    expect(again.outputs.outcome).toBe('needs-review');
  });
});

describe("the board: an App member's check runs", () => {
  test('both approve, every run green: the panel is green', async () => {
    await approved();
    await marcusApproves();
    const b = await board(`priya=${APP}\nmarcus=${LOGINS.marcus}`);
    expect(b.outputs['panel-verdict'], b.stdout).toBe('APPROVE');
    expect(panel()).toBe('success');
  });

  test("the App member's forced re-review under way (its forced run): its approval is not counted", async () => {
    await approved();
    await marcusApproves();
    await pushKit(w).forcedPreflight(asApp);
    const b = await board(`priya=${APP}\nmarcus=${LOGINS.marcus}`);
    expect(b.outputs['missing-personas']).toBe('["priya"]');
    expect(panel()).not.toBe('success');
  });

  test("the runs cannot be listed: the App member's approval is not counted, and the warning names checks: read", async () => {
    await approved();
    await marcusApproves();
    runsUnlisted();
    const b = await board(`priya=${APP}\nmarcus=${LOGINS.marcus}`);
    expect(b.outputs['missing-personas']).toBe('["priya"]');
    expect(b.stdout).toMatch(/check runs of \w{7} could not be read.*checks: read/);
    expect(panel()).not.toBe('success');
  });

  test('an App member writing commit statuses, runs unlisted: its own green status is read, its approval counts', async () => {
    const APPC = 'marcus-reviewer[bot]';
    w.gh.user(TOKENS.marcus, { login: APPC, kind: 'app' });
    const m = await runAction({
      inputs: {
        'github-token': TOKENS.marcus,
        persona: 'marcus',
        'reviewer-login': APPC,
        'body-path': writeBody(body('APPROVE')),
      },
      apiUrl: w.gh.url,
      event: attackKit(w).prt(PR, 'synchronize'),
      eventName: 'pull_request_target',
    });
    expect(m.outputs.outcome, m.stdout).toBe('posted');
    expect(w.gh.statusOf(w.head, 'persona-verdict/marcus')?.state).toBe('success');
    runsUnlisted();
    const b = await board(`marcus=${APPC}`);
    expect(b.outputs['panel-verdict'], b.stdout).toBe('APPROVE');
    expect(b.stdout).not.toMatch(/check runs of \w{7} could not be read/);
  });

  test('no App member: no check run is listed', async () => {
    await marcusApproves();
    const from = w.gh.log.length;
    const b = await board(`marcus=${LOGINS.marcus}`);
    expect(b.outputs['panel-verdict']).toBe('APPROVE');
    expect(listed(from)).toEqual([]);
  });
});
