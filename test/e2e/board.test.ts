// Mode board end to end — the panel's state for the current head in one sticky comment.
import { describe, expect, test } from 'vitest';
import { encodeMarker } from '../../src/core/marker.js';
import { BOARD_MARKER } from '../../src/core/board.js';
import { body, LOGINS, PR, TOKENS, useWorld } from './world.js';
import { gate, until } from './attack-kit.js';
import { runAction } from './harness.js';

const w = useWorld();

const PERSONAS = `priya=${LOGINS.priya}\nmarcus=${LOGINS.marcus}\nlin=${LOGINS.lin}\nkai=octo-kai`;
const board = (inputs: Record<string, string> = {}, token: string = TOKENS.app) =>
  runAction({
    inputs: { mode: 'board', 'github-token': token, personas: PERSONAS, ...inputs },
    apiUrl: w.gh.url,
    event: w.event(),
  });
const comments = () => w.gh.comments.get(PR) ?? [];
const push = (seed: string, sameTree = false) => {
  // a real change changes the PR's patch too; an empty commit keeps tree and patch
  const now = w.gh.commits.get(w.head)!;
  const next = sameTree
    ? w.gh.commit(seed, now.tree, now.files)
    : w.gh.commit(seed, undefined, [{ filename: `${seed}.ts`, status: 'added', patch: '@@ -0,0 +1 @@\n+x' }]);
  w.gh.push(PR, next);
  w.head = next;
};

async function panel() {
  await w.run('lin', body('APPROVE')); // lin reviews c1 ...
  push('c2'); // ... which a real change supersedes: lin is stale
  await w.run('marcus', body('CHANGES_REQUESTED')); // marcus reviews c2
  push('c2-empty', true); // an empty commit: marcus's verdict is carried forward
  await w.run('priya', body('APPROVE')); // priya reviews the current head
  // kai never reviewed; alice forges a kai marker on the current head: ignored
  const forged = encodeMarker({ persona: 'kai', head: w.head, tree: null, base: 'main', verdict: 'APPROVE', run: 'f' });
  w.gh.seedReview(PR, {
    login: LOGINS.human,
    state: 'APPROVED',
    body: `${forged}\n## VERDICT: APPROVE`,
    commit_id: w.head,
  });
}

describe('board', () => {
  test('current, carried forward, stale, missing and a forged marker: one sticky comment, outputs, summary', async () => {
    await panel();
    const r = await board();
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs).toMatchObject({ outcome: 'reported', 'panel-verdict': 'CHANGES_REQUESTED', 'head-sha': w.head });
    expect(JSON.parse(r.outputs['missing-personas']!)).toEqual(['lin', 'kai']);
    expect(comments()).toHaveLength(1);
    const c = comments()[0]!;
    expect(String(c.id)).toBe(r.outputs['board-comment-id']);
    expect(c.body.startsWith(BOARD_MARKER)).toBe(true);
    const row = (p: string) => c.body.split('\n').find((l) => l.startsWith(`| ${p} `))!;
    expect(row('priya')).toMatch(/APPROVE.*APPROVED.*current/);
    expect(row('marcus')).toMatch(/CHANGES_REQUESTED.*carried forward from/);
    expect(row('lin')).toMatch(/— \| APPROVED \| stale/);
    expect(row('kai')).toMatch(/— \| — \| missing/);
    expect(r.summary).toContain('| priya ');
    expect(r.summary).toContain('carried forward');
  });

  test('a later run edits the same comment in place: never a new comment per push', async () => {
    await panel();
    const first = await board();
    await w.run('lin', body('APPROVE')); // lin catches up on the current head
    const second = await board();
    expect(second.outputs['board-comment-id']).toBe(first.outputs['board-comment-id']);
    expect(comments()).toHaveLength(1);
    expect(
      comments()[0]!
        .body.split('\n')
        .find((l) => l.startsWith('| lin ')),
    ).toMatch(/current/);
    expect(JSON.parse(second.outputs['missing-personas']!)).toEqual(['kai']);
    const third = await board();
    expect(w.gh.log.filter((l) => l.method === 'PATCH').length).toBe(1); // unchanged content: no edit at all
    expect(third.outputs['board-comment-id']).toBe(first.outputs['board-comment-id']);
  });

  test('two board runs racing leave one comment', async () => {
    await panel();
    // both listings are answered from their own moment once both have arrived: the second run (a spawned process,
    // the first is in-process) sends its listing before the first run's comment exists (a timed stall of 1 s once
    // let a loaded machine's spawn come late: its listing saw the comment, one POST, not the race tested here)
    const { held, release } = gate();
    const listing = /\/issues\/7\/comments$/;
    w.gh.faults.push({ method: 'GET', path: listing, kind: 'stall', until: held, times: 2 });
    const listings = () => w.gh.log.filter((l) => l.method === 'GET' && listing.test(l.path)).length;
    const before = listings();
    const both = until('both listings', () => listings() >= before + 2).finally(release);
    const [a, b] = await Promise.all([board(), board(), both]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(w.gh.log.filter((l) => l.method === 'POST' && l.path.endsWith('/comments'))).toHaveLength(2);
    expect(comments()).toHaveLength(1);
    expect([a.outputs['board-comment-id'], b.outputs['board-comment-id']]).toEqual([
      String(comments()[0]!.id),
      String(comments()[0]!.id),
    ]);
  });

  test('require-all-personas fails the step while a persona has no verdict for the head, after updating the board', async () => {
    await panel();
    const r = await board({ 'require-all-personas': 'true' });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/::error::missing verdicts: lin, kai have no verdict/);
    expect(comments()).toHaveLength(1);
  });

  test('all approve → APPROVE; require-all-personas passes', async () => {
    const r0 = await w.run('priya', body('APPROVE'));
    const r1 = await w.run('marcus', body('APPROVE'));
    expect([r0.code, r1.code]).toEqual([0, 0]);
    const r = await runAction({
      inputs: {
        mode: 'board',
        'github-token': TOKENS.app,
        personas: `priya=${LOGINS.priya}, marcus=${LOGINS.marcus}`,
        'require-all-personas': 'true',
      },
      apiUrl: w.gh.url,
      event: w.event(),
    });
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs['panel-verdict']).toBe('APPROVE');
    expect(r.outputs['missing-personas']).toBe('[]');
  });

  test("another account's comment carrying the board marker is not taken over", async () => {
    w.gh.comments.set(PR, [{ id: 1, login: LOGINS.human, body: `${BOARD_MARKER}\nfake board` }]);
    const r = await board();
    expect(r.code, r.stdout).toBe(0);
    expect(comments()).toHaveLength(2);
    expect(comments()[0]!.body).toBe(`${BOARD_MARKER}\nfake board`);
  });

  // P6: one rule for the board and the persona jobs (core/decide.ts standingFor, carriedTo)
  const priyaBoard = () => board({ personas: `priya=${LOGINS.priya}` });
  const priyaRow = () =>
    comments()[0]!
      .body.split('\n')
      .find((l) => l.startsWith('| priya '))!;

  test('after a rebase with the same PR patch the persona job ends unchanged, and the board carries the verdict', async () => {
    const files = [{ filename: 'src/a.ts', status: 'modified', patch: '@@ -1 +1,2 @@\n x\n+y' }];
    w.gh.commits.get(w.head)!.files = files;
    expect((await w.run('priya', body('APPROVE'), { 'unchanged-when': 'patch' })).outputs.outcome).toBe('posted');
    const rebased = w.gh.commit('rebased', undefined, files); // a new tree, the PR's lines where they were
    w.gh.push(PR, rebased);
    w.head = rebased;
    const job = await w.run('priya', body('CHANGES_REQUESTED'), { 'unchanged-when': 'patch' });
    expect(job.outputs).toMatchObject({ outcome: 'unchanged', verdict: 'APPROVE' });
    const r = await priyaBoard();
    expect(r.outputs).toMatchObject({ outcome: 'reported', 'panel-verdict': 'APPROVE', 'missing-personas': '[]' });
    expect(priyaRow()).toMatch(/carried forward from .* \(same patch\)/);
  });

  test('a forced re-review stands on the board as in the persona job', async () => {
    await w.run('priya', body('APPROVE'));
    await w.run('priya', body('CHANGES_REQUESTED'), { force: 'true' });
    const r = await priyaBoard();
    expect(r.outputs['panel-verdict']).toBe('CHANGES_REQUESTED');
    expect(priyaRow()).toMatch(/CHANGES_REQUESTED.*current/);
  });

  test('an edited review shows as not counting, and the persona is missing', async () => {
    await w.run('priya', body('APPROVE'));
    const own = w.gh.reviews.get(PR)![0]!;
    w.gh.editReview(PR, own.id, own.body.replace('I read the diff', 'I skimmed the diff'), LOGINS.human);
    const r = await priyaBoard();
    expect(r.outputs).toMatchObject({ 'panel-verdict': 'COMMENT', 'missing-personas': '["priya"]' });
    expect(priyaRow()).toMatch(/not counting: review of .* edited after it was posted/);
  });

  test('a declared persona version the review is not of: the verdict is stale on the board', async () => {
    await w.run('priya', body('APPROVE'), { 'persona-version': 'v1' });
    const r = await board({ personas: `priya=${LOGINS.priya}@v2` });
    expect(r.outputs['missing-personas']).toBe('["priya"]');
    const same = await board({ personas: `priya=${LOGINS.priya}@v1` });
    expect(same.outputs).toMatchObject({ 'panel-verdict': 'APPROVE', 'missing-personas': '[]' });
  });

  test('P5: the PR cannot be read (GitHub fails) → a failure status on the event head, not a missing check', async () => {
    w.gh.faults.push({ method: 'GET', path: new RegExp(`/pulls/${PR}$`), kind: 'status', status: 502, times: 10 });
    const r = await board({ 'commit-status': 'always' });
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason: 'api-error' });
    expect(w.gh.statusOf(w.head, 'persona-verdict/panel')).toMatchObject({ state: 'failure' });
  });

  test('personas missing or malformed → bad-input, nothing sent', async () => {
    for (const personas of ['', 'priya', 'priya=a=b', 'priya=x\npriya=y']) {
      const r = await runAction({
        inputs: { mode: 'board', 'github-token': TOKENS.app, personas },
        apiUrl: w.gh.url,
        event: w.event(),
      });
      expect(r.outputs.reason, personas).toBe('bad-input');
    }
    expect(w.gh.log).toEqual([]);
  });
});
