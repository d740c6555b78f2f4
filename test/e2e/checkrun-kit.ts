// What the check-run tests share (status-kind: check-run; check-runs, attack18/19): priya as an App writing check
// runs, her newest run on a commit, a merge group for PR #7 built now, the board over a panel, marcus's approval
// posted with commit statuses, and the panel's status on the head.
import { expect } from 'vitest';
import { OWNER, REPO } from '../fake/github.js';
import { attackKit, CONTEXT } from './attack-kit.js';
import { runAction, writeBody } from './harness.js';
import { body, LOGINS, PR, TOKENS, type World } from './world.js';

export const APP = 'priya-reviewer[bot]';
export const asApp = { 'status-kind': 'check-run', 'reviewer-login': APP };

export function checkRunKit(w: World) {
  /** priya's newest check run of her context on `sha`. */
  const priyasRun = (sha: string) =>
    w.gh.checkRuns.filter((c) => c.sha === sha && c.name === CONTEXT && c.app === 'priya-reviewer').at(-1);
  /** A merge group for PR #7 into main, built now: priya's check run's conclusion on the group's commit. */
  const group = async (extra: Record<string, string> = {}) => {
    const sha = w.gh.commit(`group-main-${w.gh.log.length}`);
    const q = await runAction({
      inputs: { 'github-token': TOKENS.priya, persona: 'priya', mode: 'preflight', ...asApp, ...extra },
      apiUrl: w.gh.url,
      event: {
        merge_group: { head_sha: sha, head_ref: `refs/heads/gh-readonly-queue/main/pr-${PR}-${'a'.repeat(40)}` },
        repository: { full_name: `${OWNER}/${REPO}` },
      },
      eventName: 'merge_group',
    });
    expect(q.outputs.outcome, q.stdout).toBe('queued');
    return priyasRun(sha)?.conclusion;
  };
  /** The board over `personas` (priya the App and marcus by default), writing persona-verdict/panel. */
  const board = (personas = `priya=${APP}\nmarcus=${LOGINS.marcus}`) =>
    runAction({
      inputs: { mode: 'board', 'github-token': TOKENS.app, personas, 'commit-status': 'always' },
      apiUrl: w.gh.url,
      event: attackKit(w).prt(PR, 'synchronize'),
      eventName: 'pull_request_target',
    });
  /** marcus (an account writing commit statuses) approves PR #7's head. */
  const marcusApproves = async () => {
    const m = await runAction({
      inputs: { 'github-token': TOKENS.marcus, persona: 'marcus', 'body-path': writeBody(body('APPROVE')) },
      apiUrl: w.gh.url,
      event: attackKit(w).prt(PR, 'synchronize'),
      eventName: 'pull_request_target',
    });
    expect(m.outputs.outcome).toBe('posted');
  };
  const panel = () => w.gh.statusOf(w.head, 'persona-verdict/panel')?.state;
  return { priyasRun, group, board, marcusApproves, panel };
}
