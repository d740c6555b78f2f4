// Attack round N (a helper, against 930cf0c). Each test here fails on 930cf0c unless named a control.
import { describe, expect, test } from 'vitest';
import { attackKit, CONTEXT, rejectedAcrossAmend, reviewComment } from './attack-kit.js';
import { runAction, writeBody } from './harness.js';
import { body, LOGINS, PR, TOKENS, useWorld } from './world.js';

const w = useWorld();

// N1: "Re-run all jobs" on a maintainer's forced run. GitHub re-runs a workflow run with the ORIGINAL event payload
// (the comment's author, the label's or the dispatch's sender are the maintainer's) and sets GITHUB_TRIGGERING_ACTOR
// to whoever re-ran it; anyone with write access may re-run a run for 30 days. asker.ts reads only the payload, so
// the PR's author with write access (whom M2's fix names: "who with write access could otherwise re-run it until the
// persona approved") re-runs the maintainer's /review (or dispatch) run until the persona approves.
describe("N1: the PR's author re-runs a maintainer's forced run", () => {
  const rerun = (
    eventName: string,
    event: unknown,
    inputs: Record<string, string>,
    text: string | null,
    by = 'octo-author',
  ) =>
    runAction({
      inputs: {
        'github-token': TOKENS.priya,
        persona: 'priya',
        ...(text === null ? {} : { 'body-path': writeBody(text) }),
        ...inputs,
      },
      apiUrl: w.gh.url,
      event,
      eventName,
      // what the runner sets on "Re-run all jobs" by another account: the same event, a new attempt
      env: { GITHUB_RUN_ATTEMPT: '2', GITHUB_ACTOR: 'keeper', GITHUB_TRIGGERING_ACTOR: by },
    });

  test('/review priya re-run by the author: no second forced roll', async () => {
    const k = attackKit(w);
    w.gh.settings.permissions.set('octo-author', { permission: 'write', role_name: 'write' });
    const first = await k.chain(k.prt(PR, 'opened'), 'CHANGES_REQUESTED');
    expect(first.post!.outputs.outcome).toBe('posted');
    // the maintainer's /review priya: forced, and it rejects again
    const fpre = await k.forceReReview();
    expect(fpre.outputs['should-review']).toBe('true');
    const pinned = { 'reviewed-sha': fpre.outputs['head-sha']!, 'reviewed-base': fpre.outputs['base-ref']! };
    await k.forcedRejects(pinned);
    // the author clicks "Re-run all jobs" on that run: the event is the keeper's comment
    const pre = await rerun('issue_comment', reviewComment('keeper'), { mode: 'preflight', force: 'true' }, null);
    expect.soft(pre.outputs.reason, "the author's re-run of the maintainer's /review").toBe('command-refused');
    if (pre.outputs['should-review'] === 'true') {
      const post = await rerun('issue_comment', reviewComment('keeper'), { ...pinned, force: 'true' }, body('APPROVE'));
      expect.soft(post.outputs.outcome).toBe('posted');
    }
    expect(k.status(), 'H after the author re-rolled the forced rejection').toBe('failure');
  });

  test('a dispatch with force re-run by the author: no second forced roll', async () => {
    const k = attackKit(w);
    w.gh.settings.permissions.set('octo-author', { permission: 'write', role_name: 'write' });
    w.gh.settings.permissions.set('keeper', { permission: 'write', role_name: 'maintain' });
    const dispatch = { inputs: { pr: String(PR) }, sender: { login: 'keeper' } };
    const inputs = { force: 'true', 'pull-number': String(PR), 'reviewed-sha': w.head, 'reviewed-base': 'main' };
    const fpre = await rerun('workflow_dispatch', dispatch, { ...inputs, mode: 'preflight' }, null, 'keeper');
    expect(fpre.outputs['should-review']).toBe('true');
    const rejected = await rerun('workflow_dispatch', dispatch, inputs, body('CHANGES_REQUESTED'), 'keeper');
    expect(rejected.outputs.outcome).toBe('posted');
    expect(k.status()).toBe('failure');
    const pre = await rerun('workflow_dispatch', dispatch, { ...inputs, mode: 'preflight' }, null);
    expect.soft(pre.outputs.reason, "the author's re-run of the maintainer's dispatch").toBe('command-refused');
    if (pre.outputs['should-review'] === 'true') await rerun('workflow_dispatch', dispatch, inputs, body('APPROVE'));
    expect(k.status(), 'H after the author re-rolled the forced rejection').toBe('failure');
  });

  test('control: the maintainer re-running their own /review run is a re-review they asked for', async () => {
    await attackKit(w).chain(attackKit(w).prt(PR, 'opened'), 'APPROVE');
    w.gh.settings.permissions.set('keeper', { permission: 'write', role_name: 'maintain' });
    const pre = await rerun(
      'issue_comment',
      reviewComment('keeper'),
      { mode: 'preflight', force: 'true' },
      null,
      'keeper',
    );
    expect(pre.outputs['should-review']).toBe('true');
    void CONTEXT;
  });
});

// N2: L3's fix (a rejection dismissed on a retarget is kept for any head with the same PR patch) reached priya's own
// jobs only. The board reads the timeline only when mayKeepRejection() -> dismissedRejection(history, subject) finds a
// dismissed rejection of the very head (no headPatch is passed, and none is known yet at that point), so for the
// amended head the board never runs keptRejection: priya's row is "missing", and with min-approvals 2 marcus and lin
// turn persona-verdict/panel green while priya's own jobs keep her rejection (B5 plus one no-op amend).
describe("N2: the panel and priya's rejection kept across a retarget round trip and a no-op amend", () => {
  test('main CR; develop; amend (same tree, same patch); back to main: the panel is not green', async () => {
    const k = await rejectedAcrossAmend(w);
    // marcus and lin approve the head into main
    expect((await w.run('marcus', body('APPROVE'))).outputs.outcome).toBe('posted');
    expect((await w.run('lin', body('APPROVE'))).outputs.outcome).toBe('posted');
    const PERSONAS = `priya=${LOGINS.priya}\nmarcus=${LOGINS.marcus}\nlin=${LOGINS.lin}`;
    const r = await runAction({
      inputs: { mode: 'board', 'github-token': TOKENS.app, personas: PERSONAS, 'min-approvals': '2' },
      apiUrl: w.gh.url,
      event: k.prt(PR, 'synchronize', 'main'),
      eventName: 'pull_request_target',
    });
    expect(r.outputs.outcome).toBe('reported');
    expect
      .soft(r.outputs['panel-verdict'], 'the panel verdict while priya keeps her rejection')
      .toBe('CHANGES_REQUESTED');
    expect(w.gh.statusOf(w.head, 'persona-verdict/panel')?.state, 'the panel while priya rejects').not.toBe('success');
  });
});

// N3 (a regression of a legitimate flow, LOW): stood() takes the first review of a subject that still speaks and was
// not dismissed by a writer or this account — a review GitHub's push rule dismissed "still counts". So a head judged
// twice for honest reasons (approved; a push elsewhere dismissed that approval; the author went back to the very
// head, which nothing carried to, and the persona approved it again) has the older push-dismissed approval first: the
// newer approval is taken for a racing copy, and an identical rebase of it is no longer restamped (an LLM roll of a
// patch the persona has approved twice, which may now reject it).
describe('N3: restamp after a return to an earlier head', () => {
  test('H1 approved; H2 (another patch) rejected; back to H1, approved again; identical rebase: restamped', async () => {
    const k = attackKit(w);
    const ON = { restamp: 'true' };
    w.gh.dismissStaleOnPush.add('main');
    const P1 = [{ filename: 'src/a.ts', status: 'modified', patch: '@@ -1,2 +1,2 @@\n-old\n+new\n ctx' }];
    const P2 = [{ filename: 'src/a.ts', status: 'modified', patch: '@@ -1,2 +1,2 @@\n-old\n+other\n ctx' }];
    const to = (sha: string) => {
      w.gh.push(PR, sha, 'octo-author');
      w.head = sha;
    };
    const h1 = w.gh.commit('n3-h1', undefined, P1);
    to(h1);
    expect((await k.chain(k.prt(PR, 'synchronize'), 'APPROVE', ON)).post!.outputs.outcome).toBe('posted');
    to(w.gh.commit('n3-h2', undefined, P2));
    expect((await k.chain(k.prt(PR, 'synchronize'), 'CHANGES_REQUESTED', ON)).post!.outputs.outcome).toBe('posted');
    to(h1); // the author takes the change back
    const back = await k.chain(k.prt(PR, 'synchronize'), 'APPROVE', ON);
    expect(back.post!.outputs.outcome).toBe('posted');
    expect(k.status()).toBe('success');
    to(w.gh.commit('n3-h3', undefined, P1)); // an identical rebase of h1: GitHub dismisses the approval
    const r = await k.run(null, { mode: 'preflight', ...ON }, k.prt(PR, 'synchronize'));
    expect(r.outputs.outcome, 'the identical rebase of the approved head').toBe('restamped');
  });
});
