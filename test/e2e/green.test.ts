// Issue K: a green status means "this persona approved this exact change, into this base".
// Each attack below used to leave persona-verdict/<persona> green; now it cannot.
import { describe, expect, test } from 'vitest';
import { decodeMarker, encodeMarker } from '../../src/core/marker.js';
import { OWNER, REPO } from '../fake/github.js';
import { body, LOGINS, PR, runOn, useWorld } from './world.js';

const w = useWorld();
const CONTEXT = 'persona-verdict/priya';
const reviews = () => w.gh.reviews.get(PR)!;
const target = (head = w.head, number = PR) => ({
  action: 'synchronize',
  number,
  pull_request: {
    number,
    head: { sha: head, ref: 'feature', repo: { full_name: `${OWNER}/${REPO}` } },
    base: { ref: w.gh.pulls.get(PR)!.baseRef },
  },
});
const run = (text: string | null, inputs: Record<string, string> = {}, event: unknown = target()) =>
  runOn(w.gh, 'priya', text, inputs, 'pull_request_target', event);

describe('K: green means approved', () => {
  test('an effective COMMENT is a red status; comment-passes: true makes it green', async () => {
    const r = await run(body('COMMENT'));
    expect(r.outputs.outcome).toBe('posted');
    expect(w.gh.statusOf(w.head, CONTEXT)).toMatchObject({ state: 'failure' });
    expect(w.gh.statusOf(w.head, CONTEXT)!.description).toContain('commented without approving');
    const again = await run(body('COMMENT'), { 'comment-passes': 'true' });
    expect(again.outputs.outcome).toBe('duplicate');
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('success');
  });

  test('retargeting the base: the APPROVE for the old base is no verdict for the new one', async () => {
    w.gh.retarget(PR, 'staging');
    const first = await run(body('APPROVE'));
    expect(first.outputs.outcome).toBe('posted');
    expect(decodeMarker(reviews()[0]!.body)!.base).toBe('staging');
    w.gh.retarget(PR, 'main');
    const pre = await run(null, { mode: 'preflight' });
    expect(pre.outputs).toMatchObject({ outcome: 'needs-review', 'should-review': 'true' });
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('pending');
    // the approval for staging went before the persona ran again
    expect(reviews()[0]!.state).toBe('DISMISSED');
    const post = await run(body('CHANGES_REQUESTED'));
    expect(post.outputs.outcome).toBe('posted');
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('failure');
  });

  test('the base changes while the persona works: the run is superseded, nothing posted for either base', async () => {
    w.gh.retarget(PR, 'staging');
    const event = target(); // names staging, as the synchronize event did
    const pre = await run(null, { mode: 'preflight' }, event);
    expect(pre.outputs.outcome).toBe('needs-review');
    w.gh.retarget(PR, 'main'); // during the LLM job
    const post = await run(body('APPROVE'), {}, event);
    expect(post.outputs.outcome).toBe('superseded');
    expect(post.stdout).toMatch(/now merges into main, not staging/);
    expect(reviews() ?? []).toHaveLength(0);
    // nothing stood on the head, so preflight wrote nothing (an absent status blocks); the edited event's run decides
    expect(w.gh.statusOf(w.head, CONTEXT)).toBeUndefined();
  });

  test('an edited marker counts for nothing: no duplicate, a new review, the edited one dismissed', async () => {
    await run(body('APPROVE'));
    const old = reviews()[0]!;
    const next = w.gh.commit('c2');
    const forged = old.body.replace(`head=${w.head}`, `head=${next}`);
    w.gh.editReview(PR, old.id, forged, LOGINS.human);
    w.gh.push(PR, next);
    w.head = next;
    const pre = await run(null, { mode: 'preflight' });
    expect(pre.outputs.outcome).toBe('needs-review');
    expect(w.gh.statusOf(next, CONTEXT)).toBeUndefined(); // a fresh head: its one status is the verdict
    expect(reviews()[0]!.state).toBe('DISMISSED');
    const graphql = w.gh.log.filter((l) => l.path === '/graphql');
    expect(graphql.length).toBeGreaterThan(0);
    expect(w.gh.violations()).toEqual([]);
  });

  test('a forced re-review stands: a plain re-run neither outranks nor dismisses it', async () => {
    await run(body('COMMENT'));
    const forced = await run(body('CHANGES_REQUESTED'), { force: 'true' });
    expect(forced.outputs.outcome).toBe('posted');
    const again = await run(body('APPROVE'));
    expect(again.outputs).toMatchObject({ outcome: 'duplicate', verdict: 'CHANGES_REQUESTED' });
    expect(reviews().map((r) => r.state)).toEqual(['COMMENTED', 'CHANGES_REQUESTED']);
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('failure');
  });

  test('pull-number disagreeing with the event is refused before any write', async () => {
    const other = w.gh.commit('other');
    w.gh.pull({ number: 8, head: other });
    const r = await run(body('APPROVE'), { 'pull-number': '8', 'reviewed-sha': other });
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason: 'bad-input' });
    expect(r.stdout).toMatch(/pull-number 8 is not the PR this pull_request_target event names \(#7\)/);
    expect(w.gh.reviews.get(8)).toEqual([]);
    expect(w.gh.statusOf(other, CONTEXT)).toBeUndefined();
  });

  test('a persona never reviews its own PR: bad-input, no review, a red status', async () => {
    w.gh.pulls.get(PR)!.author = LOGINS.priya;
    const r = await run(body('COMMENT'), { 'review-event': 'COMMENT' });
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason: 'bad-input' });
    expect(reviews()).toEqual([]);
    expect(w.gh.statusOf(w.head, CONTEXT)!.state).toBe('failure');
  });

  test('a marker written before base binding (no base=) is no duplicate', async () => {
    const legacy = encodeMarker({ persona: 'priya', head: w.head, tree: null, verdict: 'APPROVE', run: 'r' });
    w.gh.seedReview(PR, {
      login: LOGINS.priya,
      state: 'APPROVED',
      body: `${legacy}\n## VERDICT: APPROVE`,
      commit_id: w.head,
    });
    const pre = await run(null, { mode: 'preflight' });
    expect(pre.outputs.outcome).toBe('needs-review');
  });
});
