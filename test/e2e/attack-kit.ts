// What the attack-round tests (attack7, attack8, attack9) share: pull_request_target events for a PR at the world's
// head, one recipe chain (preflight, then the post with the LLM's body when it says review), a maintainer's
// `/review priya` comment, and a wait for a request the fake has seen.
import { expect } from 'vitest';
import { OWNER, REPO } from '../fake/github.js';
import { body, PR, runOn, type World } from './world.js';

export const CONTEXT = 'persona-verdict/priya';

export function attackKit(w: World) {
  const prt = (number: number, action: string, base = 'main', headRef = 'feature', head = w.head) => ({
    action,
    number,
    pull_request: {
      number,
      head: { sha: head, ref: headRef, repo: { full_name: `${OWNER}/${REPO}` } },
      base: { ref: base },
    },
  });
  const run = (text: string | null, inputs: Record<string, string>, event: unknown) =>
    runOn(w.gh, 'priya', text, inputs, 'pull_request_target', event);
  /** One recipe chain for an event: preflight, and (when it says review) the post with the LLM's body. */
  const chain = async (event: unknown, verdict: string, extra: Record<string, string> = {}) => {
    const pre = await run(null, { mode: 'preflight', ...extra }, event);
    if (pre.outputs['should-review'] !== 'true') return { pre, post: null };
    const pinned = { 'reviewed-sha': pre.outputs['head-sha']!, 'reviewed-base': pre.outputs['base-ref']! };
    const post = await run(body(verdict), { ...pinned, ...extra }, event);
    return { pre, post };
  };
  const status = (sha = w.head) => w.gh.statusOf(sha, CONTEXT)?.state;
  /** A maintainer's `/review priya` on PR #7: the forced preflight, run from the comment. */
  const forceReReview = () => {
    w.gh.settings.permissions.set('keeper', { permission: 'write', role_name: 'maintain' });
    return runOn(w.gh, 'priya', null, { mode: 'preflight', force: 'true' }, 'issue_comment', reviewComment('keeper'));
  };
  /** The forced re-review's post (the /review chain) with the LLM's CHANGES_REQUESTED, whatever it ends in. */
  const forcedPost = (pinned: Record<string, string>) =>
    runOn(
      w.gh,
      'priya',
      body('CHANGES_REQUESTED'),
      { ...pinned, force: 'true' },
      'issue_comment',
      reviewComment('keeper'),
    );
  /** The forced re-review's post (the /review chain): CHANGES_REQUESTED, posted, red on `sha`. */
  const forcedRejects = async (pinned: Record<string, string>, sha = w.head) => {
    const forced = await forcedPost(pinned);
    expect(forced.outputs.outcome).toBe('posted');
    expect(status(sha)).toBe('failure');
    return forced;
  };
  /**
   * #7's post of APPROVE with its green held; meanwhile #8 is opened at the same head into release and its
   * preflight refuses the shared head (failure on H); `meanwhile` runs before the green is let go (a fault to add).
   * The post's run.
   */
  const twinWhileGreenHeld = async (meanwhile: () => void = () => undefined) => {
    const pre = await run(null, { mode: 'preflight' }, prt(PR, 'opened'));
    const pinned = { 'reviewed-sha': pre.outputs['head-sha']!, 'reviewed-base': pre.outputs['base-ref']! };
    const from = w.gh.log.length;
    const held = gate();
    w.gh.faults.push({
      method: 'POST',
      path: /\/statuses\//,
      kind: 'delay',
      until: held.held,
      when: (b) => (b as { state?: string })?.state === 'success',
    });
    const post = run(body('APPROVE'), pinned, prt(PR, 'opened'));
    await until('the green write', () =>
      w.gh.log.slice(from).some((l) => l.method === 'POST' && l.path.includes('/statuses/')),
    );
    try {
      w.gh.pull({ number: 8, head: w.head, headRef: 'copy', baseRef: 'release', author: 'octo-author' });
      const pre8 = await run(null, { mode: 'preflight' }, prt(8, 'opened', 'release', 'copy'));
      expect(pre8.outputs.reason).toBe('bad-input');
      expect(status()).toBe('failure');
      meanwhile();
    } finally {
      held.release();
    }
    return post;
  };
  /**
   * Preflight on the open PR, then its post after the author closed the PR (attack round 16, C1): the verdict, if it
   * does not pass, recorded on the head; the PR reopened (no run yet).
   */
  const closeBeforePost = async (verdict = 'CHANGES_REQUESTED', extra: Record<string, string> = {}) => {
    const base = w.gh.pulls.get(PR)!.baseRef;
    const pre = await run(null, { mode: 'preflight', ...extra }, prt(PR, 'opened', base));
    expect(pre.outputs['should-review'], pre.stdout).toBe('true');
    const pinned = { 'reviewed-sha': pre.outputs['head-sha']!, 'reviewed-base': pre.outputs['base-ref']! };
    w.gh.pulls.get(PR)!.state = 'closed';
    const post = await run(body(verdict), { ...pinned, ...extra }, prt(PR, 'opened', base));
    expect(post.outputs.outcome).toBe('closed');
    w.gh.pulls.get(PR)!.state = 'open'; // reopened by the author
    return { pinned, base };
  };
  return { prt, run, chain, status, forceReReview, forcedPost, forcedRejects, twinWhileGreenHeld, closeBeforePost };
}

/**
 * What attack round 13's tests share: a pull_request_target synchronize (or another action) for PR #7 at the world's
 * head, a push of a new head with the same patch (an identical rebase), a maintainer's forced preflight and a plain
 * one with given inputs, and the status a merge group for PR #7 gets when built now.
 */
export function pushKit(w: World) {
  const { status } = attackKit(w);
  const FILES = [{ filename: 'src/a.ts', status: 'modified', patch: '@@ -1,2 +1,2 @@\n-old\n+new\n ctx' }];
  const prtEvent = (action = 'synchronize') => attackKit(w).prt(PR, action);
  const push = (seed: string): string => {
    const next = w.gh.commit(seed, undefined, FILES);
    w.gh.push(PR, next, 'octo-author');
    w.head = next;
    return next;
  };
  const forcedPreflight = (inputs: Record<string, string>) => {
    w.gh.settings.permissions.set('keeper', { permission: 'write', role_name: 'maintain' });
    return runOn(
      w.gh,
      'priya',
      null,
      { ...inputs, mode: 'preflight', force: 'true' },
      'issue_comment',
      reviewComment('keeper'),
    );
  };
  const plainPreflight = (inputs: Record<string, string>) =>
    runOn(w.gh, 'priya', null, { ...inputs, mode: 'preflight' }, 'pull_request_target', prtEvent());
  /** A merge group for PR #7 into main, built now: its status on the group's commit. */
  const group = async (inputs: Record<string, string> = {}): Promise<string | undefined> => {
    const sha = w.gh.commit(`group-main-${w.gh.log.length}`);
    const q = await runOn(w.gh, 'priya', null, { ...inputs, mode: 'preflight' }, 'merge_group', {
      merge_group: { head_sha: sha, head_ref: `refs/heads/gh-readonly-queue/main/pr-${PR}-${'a'.repeat(40)}` },
      repository: { full_name: `${OWNER}/${REPO}` },
    });
    if (q.outputs.outcome !== 'queued') throw new Error(`the merge group run ended ${q.outputs.outcome}`);
    return status(sha);
  };
  return { prtEvent, push, forcedPreflight, plainPreflight, group };
}

/** A maintainer's `/review priya` comment on PR #7. */
export const reviewComment = (login: string) => ({
  action: 'created',
  issue: { number: PR, pull_request: { url: `https://github.test/pr/${PR}` } },
  comment: { body: '/review priya', author_association: 'MEMBER', user: { login } },
  sender: { login },
});

/** Waits (real time, bounded) until `ok()`: a request the fake has logged. */
export async function until(what: string, ok: () => boolean, ms = 20_000): Promise<void> {
  const start = Date.now();
  while (!ok()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * A request held in the fake (Fault.until) until release(): the order a race test needs, not a timed delay that a
 * loaded machine can overrun.
 */
export function gate(): { held: Promise<void>; release: () => void } {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  return { held, release };
}

/**
 * A merge group's run for the world's PR whose green on the group commit is held in the fake until release(): it
 * resolves once the run has read the PR head and asked for the write (attacks K and L: what happens meanwhile).
 */
export async function heldGroupGreen(w: World, name: string) {
  const groupSha = w.gh.commit(name);
  const from = w.gh.log.length;
  const held = gate();
  w.gh.faults.push({
    method: 'POST',
    path: new RegExp(`/statuses/${groupSha}$`),
    kind: 'delay',
    until: held.held,
    when: (b) => (b as { state?: string })?.state === 'success',
  });
  const run = runOn(w.gh, 'priya', null, { mode: 'preflight' }, 'merge_group', {
    merge_group: { head_sha: groupSha, head_ref: `refs/heads/gh-readonly-queue/main/pr-${PR}-${'a'.repeat(40)}` },
    repository: { full_name: `${OWNER}/${REPO}` },
  });
  await until('the group green write', () =>
    w.gh.log.slice(from).some((l) => l.method === 'POST' && l.path.includes(`/statuses/${groupSha}`)),
  );
  return { groupSha, run, release: held.release };
}

/**
 * The PR rejected into main, retargeted to develop, amended with no change (the same tree and PR patch), back into
 * main: priya's own jobs keep her rejection (attack L, L3). What attacks N and O then ask of the board.
 */
export async function rejectedAcrossAmend(w: World) {
  const k = attackKit(w);
  const FILES = [{ filename: 'src/a.ts', status: 'modified', patch: '@@ -1,2 +1,2 @@\n-old\n+new\n ctx' }];
  const TREE = 'd'.repeat(40);
  const amend = (seed: string) => {
    const next = w.gh.commit(seed, TREE, FILES);
    w.gh.push(PR, next, 'octo-author');
    w.head = next;
  };
  const edited = (base: string, from: string) => ({
    ...k.prt(PR, 'edited', base),
    changes: { base: { ref: { from } } },
  });
  amend('first');
  const first = await k.chain(k.prt(PR, 'opened', 'main'), 'CHANGES_REQUESTED');
  expect(first.post!.outputs.outcome).toBe('posted');
  const mainBase = w.gh.pulls.get(PR)!.base;
  w.gh.retarget(PR, 'develop');
  await k.chain(edited('develop', 'main'), 'APPROVE');
  amend('amended');
  await k.chain(k.prt(PR, 'synchronize', 'develop'), 'APPROVE');
  w.gh.retarget(PR, 'main', mainBase);
  const back = await k.chain(edited('main', 'develop'), 'APPROVE');
  // priya's own jobs keep her rejection (the L3 fix)
  expect(back.pre.outputs['should-review']).toBe('false');
  expect(k.status()).toBe('failure');
  return k;
}
