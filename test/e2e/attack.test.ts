// Attacks on the gate found by a review after K (issue 15). Each test states the SECURE
// behaviour. Closed holes are plain tests: A1 tree carry over a moved base, A2 /review by
// anyone, A3 an edited forced review, A5 a retarget during the run, A6 the edit-trace gap.
// `test.fails` marks what is still open or accepted by design: A4 (a writer's edit or
// dismissal makes the persona review the head again — a re-roll a writer can also ask for
// with /review), A7 (HEADGREEN merge queues: doctor fails them), A8 (an edited COMMENT review
// cannot be dismissed, so the new one sits beside it). "today:" comments are from the review.
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { OWNER, REPO } from '../fake/github.js';
import { body, LOGINS, PR, runOn, TOKENS, useWorld } from './world.js';
import { runAction } from './harness.js';

const require = createRequire(import.meta.url);
type Example = { name: string; examples: Array<Record<string, any>> };
const EXAMPLES = require('@octokit/webhooks-examples') as Example[];
const example = (name: string, pick: (e: Record<string, any>) => boolean = () => true): Record<string, any> =>
  structuredClone(EXAMPLES.find((e) => e.name === name)!.examples.find(pick)!);

const w = useWorld();
const CONTEXT = 'persona-verdict/priya';
const reviews = () => w.gh.reviews.get(PR)!;
const live = (login: string) => reviews().filter((r) => r.login === login && r.state !== 'DISMISSED');
const ALWAYS = { 'commit-status': 'always' };
const run = (persona: keyof typeof TOKENS, text: string, inputs: Record<string, string> = {}) =>
  w.run(persona, text, { ...ALWAYS, ...inputs });
const status = (sha = w.head) => w.gh.statusOf(sha, CONTEXT)?.state;

describe('A1: the tree carry-forward ignores what the base did since (git merge -s ours)', () => {
  // The reviewed head c1 adds a feature on top of main@M1. main then gains M2, a security fix.
  // The attacker runs `git merge -s ours origin/main` on the branch: the new head has parents
  // (c1, M2) and exactly c1's tree. Its PR diff against main@M2 is the feature PLUS the revert
  // of the security fix — merging it undoes M2 — but its tree equals the reviewed tree.
  const FEATURE = { filename: 'src/feature.ts', status: 'added', patch: '@@ -0,0 +1 @@\n+export const f = 1;' };
  const REVERT = {
    filename: 'src/auth.ts',
    status: 'modified',
    patch: '@@ -1,3 +1,2 @@\n export function login(t) {\n-  if (!verifySignature(t)) throw new Error("forged");\n }',
  };
  const mergeOurs = () => {
    w.gh.retarget(PR, 'main', w.gh.commit('main@M2 (security fix)')); // the base branch moved; same name
    const tree = w.gh.commits.get(w.head)!.tree;
    const next = w.gh.commit('merge -s ours main', tree, [FEATURE, REVERT]);
    w.gh.push(PR, next);
    w.head = next;
  };

  test.each([['tree'], ['patch']])(
    'unchanged-when: %s — a head whose diff reverts the base is not carried',
    async (mode) => {
      w.gh.commits.get(w.head)!.files = [FEATURE];
      const a = await run('priya', body('APPROVE'), { 'unchanged-when': mode });
      expect(a.outputs.outcome).toBe('posted');
      expect(status()).toBe('success');
      mergeOurs();
      // the persona, shown the new diff, would ask for changes
      const b = await run('priya', body('CHANGES_REQUESTED'), { 'unchanged-when': mode });
      // today: outcome unchanged, carried from c1, status success on a head that reverts a security fix
      expect(b.outputs.outcome).not.toBe('unchanged');
      expect(status()).not.toBe('success');
    },
  );

  test('the board does not carry it forward', async () => {
    w.gh.commits.get(w.head)!.files = [FEATURE];
    await run('priya', body('APPROVE'));
    mergeOurs();
    const r = await runAction({
      inputs: { ...ALWAYS, mode: 'board', 'github-token': TOKENS.app, personas: `priya=${LOGINS.priya}` },
      apiUrl: w.gh.url,
      event: w.event(),
    });
    expect(r.outputs.outcome).toBe('reported');
    expect(w.gh.statusOf(w.head, 'persona-verdict/panel')?.state).not.toBe('success');
  });
});

describe('A2: /review priya — nobody reads the commenter (README and RELIABILITY say the action does)', () => {
  const commentBy = (login: string, association = 'COLLABORATOR') => {
    const e = example('issue_comment', (x) => x.action === 'created');
    e.issue.number = PR;
    e.issue.pull_request = { url: `https://github.test/api/repos/${OWNER}/${REPO}/pulls/${PR}` };
    e.comment.body = '/review priya';
    e.comment.user.login = login;
    e.comment.author_association = association;
    e.sender.login = login;
    return e;
  };
  const reroll = async (login: string) => {
    const e = commentBy(login);
    const pre = await runOn(w.gh, 'priya', null, { ...ALWAYS, mode: 'preflight', force: 'true' }, 'issue_comment', e);
    const post = await runOn(
      w.gh,
      'priya',
      body('APPROVE'),
      { ...ALWAYS, force: 'true', 'reviewed-sha': pre.outputs['head-sha'] ?? w.head },
      'issue_comment',
      e,
    );
    return { pre, post };
  };

  test.each([
    ["the PR's own author (a collaborator with write access)", 'octo-author', 'write'],
    ['a collaborator with read access', 'reader', 'read'],
  ])('%s cannot re-roll a CHANGES_REQUESTED into an APPROVE', async (_who, login, permission) => {
    w.gh.settings.permissions.set(login, { permission, role_name: permission });
    await run('priya', body('CHANGES_REQUESTED'));
    expect(status()).toBe('failure');
    const { pre } = await reroll(login);
    // today: preflight needs-review (the LLM would run), then a forced APPROVE replaces the rejection,
    // and the commenter's permission is never read
    expect(status()).toBe('failure');
    expect(live(LOGINS.priya).map((r) => r.state)).toEqual(['CHANGES_REQUESTED']);
    expect(pre.outputs['should-review']).toBe('false');
    expect(w.gh.log.some((l) => l.path.includes('/collaborators/'))).toBe(true);
  });
});

describe('A3: an edit resurrects an overruled approval (review-event: COMMENT)', () => {
  // COMMENTED reviews cannot be dismissed, so a forced re-review leaves the older review live.
  // Editing the forced one (any edit, even one reverted at once) makes it count for nothing,
  // and standingFor falls back to the older, overruled APPROVE of the same head.
  const shared = { 'review-event': 'COMMENT' };

  test('a maintainer forced CHANGES_REQUESTED; a writer edits it; the old APPROVE never stands again', async () => {
    await run('priya', body('APPROVE'), shared);
    expect(status()).toBe('success');
    const forced = await run('priya', body('CHANGES_REQUESTED'), { ...shared, force: 'true' });
    expect(forced.outputs.outcome).toBe('posted');
    expect(status()).toBe('failure');
    const id = Number(forced.outputs['review-id']);
    const r = reviews().find((x) => x.id === id)!;
    w.gh.editReview(PR, id, r.body, LOGINS.human); // an edit reverted to the very same text
    // a plain re-run (Re-run jobs, or reopen the PR): the persona is asked again (A4), the old
    // APPROVE is not taken as standing; here the model rejects again
    const again = await run('priya', body('CHANGES_REQUESTED'), shared);
    expect(again.outputs.outcome).toBe('posted');
    expect(status()).toBe('failure');
    // the edited COMMENTED reviews cannot be dismissed (A8): drop them so the world's invariant holds
    const kept = new Set([
      id,
      ...reviews()
        .filter((x) => x.id < id)
        .map((x) => x.id),
    ]);
    w.gh.reviews.set(
      PR,
      reviews().filter((x) => !kept.has(x.id)),
    );
  });

  test('the board never shows the overruled APPROVE as current once the forced review is edited', async () => {
    await run('priya', body('APPROVE'), shared);
    const forced = await run('priya', body('CHANGES_REQUESTED'), { ...shared, force: 'true' });
    const id = Number(forced.outputs['review-id']);
    w.gh.editReview(PR, id, reviews().find((x) => x.id === id)!.body, LOGINS.human);
    await runAction({
      inputs: { ...ALWAYS, mode: 'board', 'github-token': TOKENS.app, personas: `priya=${LOGINS.priya}` },
      apiUrl: w.gh.url,
      event: w.event(),
    });
    expect(w.gh.statusOf(w.head, 'persona-verdict/panel')?.state).not.toBe('success');
  });
});

describe('A4: any writer erases a rejection and re-rolls the LLM on the same head', () => {
  test.fails(
    'an edit (reverted at once) of the CHANGES_REQUESTED review: the next plain run reviews again (today)',
    async () => {
      const a = await run('priya', body('CHANGES_REQUESTED'));
      expect(status()).toBe('failure');
      const id = Number(a.outputs['review-id']);
      w.gh.editReview(PR, id, reviews().find((x) => x.id === id)!.body, LOGINS.human);
      const b = await run('priya', body('APPROVE')); // the LLM, asked again, approves this time
      // today: the edited rejection is dismissed, a new APPROVE is posted, status success
      expect(b.outputs.outcome).not.toBe('posted');
      expect(status()).not.toBe('success');
    },
  );

  test.fails(
    'a dismissal of the CHANGES_REQUESTED review by any writer: the next plain run reviews again (today)',
    async () => {
      const a = await run('priya', body('CHANGES_REQUESTED'));
      const id = Number(a.outputs['review-id']);
      reviews().find((x) => x.id === id)!.state = 'DISMISSED'; // alice: "Dismiss review"
      const b = await run('priya', body('APPROVE'));
      expect(b.outputs.outcome).not.toBe('posted');
      expect(status()).not.toBe('success');
    },
  );
});

describe('A5: a retarget while the persona works binds its review to the new base', () => {
  // Preflight runs for base staging (which already holds the harmful commits, so the diff the
  // persona reads is harmless). While the LLM job runs, the author changes the base to main.
  // The post job pins only the head (reviewed-sha); it reads the base again and writes
  // base=main into the marker. The `edited` run for the retarget then finds that review:
  // duplicate, success on main — the K2 attack with a timing twist.
  test('the post does not record a base the persona did not review', async () => {
    w.gh.retarget(PR, 'staging');
    const event = w.event(); // preflight and post run in one workflow run: one event, naming staging
    const pre = await w.run('priya', '', { ...ALWAYS, mode: 'preflight' }, { event });
    expect(pre.outputs.outcome).toBe('needs-review');
    w.gh.retarget(PR, 'main'); // the author edits the PR while the persona job runs
    const post = await w.run(
      'priya',
      body('APPROVE'),
      { ...ALWAYS, 'reviewed-sha': pre.outputs['head-sha']! },
      { event },
    );
    // the retarget's own `edited` run (its event names main)
    const again = await run('priya', '', { mode: 'preflight' });
    expect(post.outputs.outcome).toBe('superseded');
    expect(again.outputs.outcome).toBe('needs-review');
    expect(status()).not.toBe('success');
  });
});

describe('A6: the edit trace is read before the bodies (a time-of-check gap)', () => {
  // listReviews sends the GraphQL edit-trace query first and the REST pages beside it. An edit
  // that lands after GraphQL has read the reviews and before REST reads them shows in REST's
  // body with no lastEditedAt: the K3 forgery (marker head= moved to the next commit) counts.
  // Here GraphQL's answer is slow and REST's read comes a little later, and the attacker's edit
  // falls in between; on GitHub the window is the two reads' distance in time.
  test('a marker edited between the two reads does not carry the approval to a new head', async () => {
    await run('priya', body('APPROVE'));
    const approved = reviews()[0]!;
    const c1 = w.head;
    const c2 = w.gh.commit('c2-unreviewed');
    w.gh.push(PR, c2);
    w.head = c2;
    w.gh.faults.push({ method: 'POST', path: /^\/graphql$/, kind: 'stall', delayMs: 1500, times: 5 });
    w.gh.faults.push({ method: 'GET', path: new RegExp(`/pulls/${PR}/reviews$`), kind: 'delay', delayMs: 800 });
    const from = w.gh.log.length;
    const running = run('priya', body('CHANGES_REQUESTED'));
    const seen = Date.now();
    while (!w.gh.log.slice(from).some((l) => l.path === '/graphql' && /pullRequest/.test(String(l.body?.query)))) {
      if (Date.now() - seen > 20_000) throw new Error('no GraphQL review read');
      await new Promise((r) => setTimeout(r, 20));
    }
    await new Promise((r) => setTimeout(r, 200));
    w.gh.editReview(PR, approved.id, approved.body.replace(`head=${c1}`, `head=${c2}`), LOGINS.human);
    const r = await running;
    // today: outcome duplicate of the edited review, success on c2 (never reviewed)
    expect(r.outputs.outcome).not.toBe('duplicate');
    expect(status(c2)).not.toBe('success');
  });
});

describe('A7: a merge group holds every PR queued before it, the queue check reads only the last', () => {
  // GitHub builds gh-readonly-queue/main/pr-8-<sha> on top of pr-7's group commit: the group's
  // commit holds both PRs. With the queue setting "Only merge non-failing pull requests" off,
  // GitHub merges pr-7 when pr-8's later group passes — and the check on pr-8's group reads
  // priya's verdict for PR 8 only, though PR 7 (inside that very commit) was rejected.
  test.fails("the group's commit for pr-8 is green though it contains the rejected PR 7 (today)", async () => {
    await run('priya', body('CHANGES_REQUESTED')); // PR 7: rejected
    const head8 = w.gh.commit('pr8');
    w.gh.pull({ number: 8, head: head8, headRef: 'feature-8' });
    await w.run('priya', body('APPROVE'), ALWAYS, { event: w.event(head8, 8) });
    expect(w.gh.statusOf(head8, CONTEXT)?.state).toBe('success');
    const pr7group = w.gh.commit('group pr-7');
    const e = example('merge_group');
    const group = w.gh.commit('group pr-8 (on top of pr-7)');
    e.merge_group.head_sha = group;
    e.merge_group.base_sha = pr7group; // stacked on PR 7's group commit
    e.merge_group.head_ref = `refs/heads/gh-readonly-queue/main/pr-8-${pr7group}`;
    e.repository.full_name = `${OWNER}/${REPO}`;
    const r = await runOn(w.gh, 'priya', null, { ...ALWAYS, mode: 'preflight' }, 'merge_group', e);
    expect(r.outputs.outcome).toBe('queued');
    // today: success on a commit that merges PR 7's rejected change too
    expect(w.gh.statusOf(group, CONTEXT)?.state).not.toBe('success');
  });
});

describe('A8: an edit makes the action post twice for one persona and head (review-event: COMMENT)', () => {
  // README: "it never posts twice for one persona and head". A COMMENTED review cannot be
  // dismissed, so after any edit of it (even one reverted at once) the next run posts a
  // second live review of the same head, and every edit after that a third.
  test.fails('an edited COMMENTED review: a re-run posts a second review of the same head (today)', async () => {
    const shared = { 'review-event': 'COMMENT' };
    const a = await run('priya', body('APPROVE'), shared);
    const id = Number(a.outputs['review-id']);
    w.gh.editReview(PR, id, reviews().find((x) => x.id === id)!.body, LOGINS.human);
    const b = await run('priya', body('APPROVE'), shared);
    try {
      // today: posted; two live COMMENTED reviews of priya for this head
      expect(b.outputs.outcome).not.toBe('posted');
      expect(live(LOGINS.priya)).toHaveLength(1);
    } finally {
      // the world's invariant (one live review per persona and head) would fail the file: drop the edited one
      w.gh.reviews.set(
        PR,
        reviews().filter((x) => x.id !== id),
      );
    }
  });
});
