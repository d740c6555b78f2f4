// Attack round O (a helper, against d548af0). Each test here fails on d548af0 unless named a control.
import { describe, expect, test } from 'vitest';
import { attackKit, rejectedAcrossAmend } from './attack-kit.js';
import { runAction } from './harness.js';
import { body, LOGINS, PR, TOKENS, useWorld } from './world.js';

const w = useWorld();

const PERSONAS = `priya=${LOGINS.priya}\nmarcus=${LOGINS.marcus}\nlin=${LOGINS.lin}`;
const board = (k: ReturnType<typeof attackKit>) =>
  runAction({
    inputs: { mode: 'board', 'github-token': TOKENS.app, personas: PERSONAS, 'min-approvals': '2' },
    apiUrl: w.gh.url,
    event: k.prt(PR, 'synchronize', 'main'),
    eventName: 'pull_request_target',
  });

// O1: N2's fix reads the PR patch for an amend only when `dismissals === undefined`, i.e. when the timeline was not
// read already for another reason. If ANY member has a dismissed rejection of the very head (marcus rejected h2,
// a maintainer dismissed it and marcus approved on the re-roll — A4, honest), mayKeepRejection() is true before the
// patch is known, the timeline is read, `amended` is false, priya's row is 'other-base' (not 'stale'), so the patch
// is never read and keptRejection() runs with headPatch undefined: priya's rejection kept by her own job is missed.
describe('O1: N2 again when the board already read the timeline for another member', () => {
  test('priya keeps her rejection across an amend; marcus has a dismissed rejection of the head: panel not green', async () => {
    const k = await rejectedAcrossAmend(w);
    // marcus rejects the head into main; a maintainer dismisses it (a re-roll they asked for: A4), marcus approves
    expect((await w.run('marcus', body('CHANGES_REQUESTED'))).outputs.outcome).toBe('posted');
    const marcusCR = w.gh.reviews.get(PR)!.find((r) => r.state === 'CHANGES_REQUESTED' && r.login === LOGINS.marcus)!;
    w.gh.dismissAs(PR, marcusCR.id, 'keeper', 'marcus misread the change; please look again');
    expect((await w.run('marcus', body('APPROVE'))).outputs.outcome).toBe('posted');
    expect((await w.run('lin', body('APPROVE'))).outputs.outcome).toBe('posted');
    const r = await board(k);
    expect(r.outputs.outcome).toBe('reported');
    expect
      .soft(r.outputs['panel-verdict'], 'the panel verdict while priya keeps her rejection')
      .toBe('CHANGES_REQUESTED');
    expect(w.gh.statusOf(w.head, 'persona-verdict/panel')?.state, 'the panel while priya rejects').not.toBe('success');
  });
});
