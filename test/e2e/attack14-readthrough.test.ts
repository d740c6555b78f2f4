// A read-through of attack round 14's fixes (977871a): what the board's new status reads and the alert's zero-width
// spaces break or leave open. Each test failed on 977871a for the reason its describe names.
import { describe, expect, test } from 'vitest';
import { attackKit } from './attack-kit.js';
import { runAction } from './harness.js';
import { body, LOGINS, PR, runOn, TOKENS, useWorld } from './world.js';

const w = useWorld();
const { prt, chain, status, forceReReview } = attackKit(w);
const PERSONAS = `priya=${LOGINS.priya}\nmarcus=${LOGINS.marcus}\nlin=${LOGINS.lin}`;
const BOARD_TOKEN = 'ghs_boardAppSECRETtoken0000000000000000006';

const allApprove = async () => {
  await w.run('marcus', body('APPROVE'));
  await w.run('lin', body('APPROVE'));
  await w.run('priya', body('APPROVE'));
};
const boardRow = (p: string) =>
  (w.gh.comments.get(PR) ?? [])[0]?.body.split('\n').find((l) => l.startsWith(`| ${p} `)) ?? '';

// rev14-P1a: runBoard (reReviewing) read the members' statuses through port.listStatuses, which is the port of the
// BOARD's own status-kind. A board that writes its panel status as a check run (its own App's token,
// status-kind: check-run — the way to make persona-verdict/panel something no other workflow can write) got
// checkRunsPort.listStatuses, which always rejects ("not read back"): orNull made that null, fail closed, so every
// approving member was
// "re-review under way" on every run and the panel can never go green (require-all-personas: the step fails forever).
describe('rev14-P1a: a board with status-kind: check-run counts no approval at all', () => {
  test('all three approve, no re-review anywhere: the panel check run is green', async () => {
    w.gh.user(BOARD_TOKEN, { login: 'acme-board[bot]', kind: 'app' });
    await allApprove();
    const r = await runAction({
      inputs: {
        mode: 'board',
        'github-token': BOARD_TOKEN,
        personas: PERSONAS,
        'status-kind': 'check-run',
        'commit-status': 'always',
      },
      apiUrl: w.gh.url,
      event: prt(PR, 'synchronize'),
      eventName: 'pull_request_target',
    });
    expect(r.outputs.outcome, r.stdout).toBe('reported');
    expect(boardRow('priya'), 'no forced re-review was ever asked for').not.toMatch(/re-review under way/);
    expect(r.outputs['panel-verdict'], 'three current approvals').toBe('APPROVE');
    const run = w.gh.checkRuns.filter((c) => c.sha === w.head && c.name === 'persona-verdict/panel').at(-1);
    expect(run?.conclusion, 'the panel check run').toBe('success');
  });
});

// rev14-P1b: a board whose token cannot list commit statuses. README, "Permissions per mode": "statuses: write is
// needed wherever a commit status is written (commit-status: auto on every event but pull_request)"; a board that
// writes none (commit-status: never, or a pull_request trigger) may well run without it, and GitHub answers 403 to
// GET /commits/{ref}/statuses then. Every approval is then "re-review under way": the comment says a re-review is
// under way that no one asked for, and require-all-personas fails the board for good.
describe('rev14-P1b: a board that may not read statuses says a re-review is under way for every approval', () => {
  test('commit-status: never, the statuses list refused (403): unread, said so, the permission named', async () => {
    await allApprove();
    w.gh.faults.push({
      method: 'GET',
      path: /\/commits\/[0-9a-f]{40}\/statuses$/,
      times: 100,
      kind: 'status',
      status: 403,
      body: { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest' },
    } as never);
    const r = await runAction({
      inputs: {
        mode: 'board',
        'github-token': TOKENS.app,
        personas: PERSONAS,
        'commit-status': 'never',
        'require-all-personas': 'true',
      },
      apiUrl: w.gh.url,
      event: prt(PR, 'synchronize'),
      eventName: 'pull_request_target',
    });
    // fail closed, but say what it is: not a re-review nobody asked for, an unread status, and the permission to grant
    expect(boardRow('priya'), 'no maintainer asked for a re-review').not.toMatch(/re-review under way/);
    expect(boardRow('priya')).toMatch(/could not be read/);
    expect(r.stdout).toMatch(/needs statuses: read/);
    expect(r.outputs['panel-verdict']).not.toBe('APPROVE');
  });
});

// rev14-P1c: the board reads `persona-verdict/<persona>` whatever context the persona's jobs write (input
// status-context). A persona whose status is `ci/priya`: the forced pending is there, the board reads an empty list,
// and the doubted approval counts — persona-verdict/panel turns green while priya's own status is pending (the board
// and a persona's status disagree, which README says they never do).
describe("rev14-P1c: the board ignores a persona's customised status-context", () => {
  test('status-context ci/priya, /review priya under way: persona-verdict/panel is not green', async () => {
    const ctxIn = { 'status-context': 'ci/priya' };
    await w.run('marcus', body('APPROVE'));
    await w.run('lin', body('APPROVE'));
    await chain(prt(PR, 'opened'), 'APPROVE', ctxIn);
    expect(w.gh.statusOf(w.head, 'ci/priya')?.state).toBe('success');
    w.gh.settings.permissions.set('keeper', { permission: 'write', role_name: 'maintain' });
    const forced = await runOn(w.gh, 'priya', null, { ...ctxIn, mode: 'preflight', force: 'true' }, 'issue_comment', {
      action: 'created',
      issue: { number: PR, pull_request: { url: `https://github.test/pr/${PR}` } },
      comment: { body: '/review priya', author_association: 'MEMBER', user: { login: 'keeper' } },
      sender: { login: 'keeper' },
    });
    expect(forced.outputs.outcome).toBe('needs-review');
    expect(w.gh.statusOf(w.head, 'ci/priya')?.state, "priya's own status while she re-reviews").toBe('pending');
    await runAction({
      inputs: { mode: 'board', 'github-token': TOKENS.app, personas: PERSONAS },
      apiUrl: w.gh.url,
      event: prt(PR, 'reopened', 'main'),
      eventName: 'pull_request_target',
    });
    expect(w.gh.statusOf(w.head, 'persona-verdict/panel')?.state, 'the panel during the re-review').not.toBe('success');
  });
});

// rev14-P1d: personas are matched case-insensitively everywhere else (samePersona: markers, history), so a board
// declared `Priya=octo-priya` shows priya's reviews. But the status read uses the declared spelling for the context
// (persona-verdict/Priya, compared exactly) and for the forced pending's words ("Priya is re-reviewing …"): neither
// matches what priya's job wrote, and her doubted approval counts.
describe('rev14-P1d: a board member declared in another case misses the forced re-review', () => {
  test('personas Priya=octo-priya, /review priya under way: persona-verdict/panel is not green', async () => {
    await w.run('marcus', body('APPROVE'));
    await w.run('lin', body('APPROVE'));
    await chain(prt(PR, 'opened'), 'APPROVE');
    expect(status()).toBe('success');
    expect((await forceReReview()).outputs.outcome).toBe('needs-review');
    expect(status()).toBe('pending');
    const personas = `Priya=${LOGINS.priya}\nmarcus=${LOGINS.marcus}\nlin=${LOGINS.lin}`;
    await runAction({
      inputs: { mode: 'board', 'github-token': TOKENS.app, personas },
      apiUrl: w.gh.url,
      event: prt(PR, 'reopened', 'main'),
      eventName: 'pull_request_target',
    });
    expect(boardRow('Priya'), "the board shows priya's approval (markers match in any case)").toMatch(/APPROVE/);
    expect(w.gh.statusOf(w.head, 'persona-verdict/panel')?.state, 'the panel during the re-review').not.toBe('success');
  });
});

// rev14-S1: mdLine puts a zero-width space after every `@` (and after `www` before a dot), not only in what GitHub's
// Markdown would link (an e-mail address needs a local part before the `@`; a www. link needs a space or line start
// before it). A file path with an npm scope in a warning, or the example a failure tells the user to write, then holds
// an invisible U+200B: pasted into a shell or a workflow it is another path, another login. (diffcover's show() quotes
// a path holding a format character precisely so that none reaches the reader unseen.)
describe('rev14-S1: the alert puts invisible characters into paths and examples the user copies', () => {
  const alertLines = (summary: string) => summary.split('\n').filter((l) => l.startsWith('>'));

  test('a binary file under packages/@acme/: the WARNING names the path as it is', async () => {
    const path = await import('node:path');
    const harness = await import('./harness.js');
    const TEXT = { filename: 'src/a.js', status: 'modified', patch: '@@ -1 +1 @@\n-old\n+new' };
    const head = w.gh.commit('scoped', undefined, [TEXT, { filename: 'packages/@acme/www.logo.png', status: 'added' }]);
    w.gh.push(PR, head);
    w.head = head;
    const r = await runOn(
      w.gh,
      'priya',
      null,
      { mode: 'preflight', 'diff-path': path.join(harness.tempDir(), 'pr.diff') },
      'pull_request_target',
      prt(PR, 'synchronize'),
    );
    expect(r.outputs.outcome).toBe('needs-review');
    const warning = alertLines(r.summary).join('\n');
    expect(warning).toMatch(/no text diff/);
    expect(warning, 'the path, copyable').toContain('packages/@acme/www.logo.png');
  });

  test("a bad personas input on the doctor: the CAUTION's example is copyable as written", async () => {
    const r = await runAction({
      inputs: { mode: 'doctor', 'github-token': TOKENS.app, personas: 'priya' },
      apiUrl: w.gh.url,
      event: prt(PR, 'synchronize'),
      eventName: 'pull_request_target',
    });
    const caution = alertLines(r.summary).join('\n');
    expect(caution).toMatch(/input personas/);
    expect(caution, 'the example the user is told to write').toContain('priya=@octo-priya');
  });
});

// rev14-S1b: GFM links `www.` after a space, a line start or one of `*`, `_`, `~`, `(` (the extended www autolink;
// cmark-gfm and micromark look at the raw character before the `w`). mdLine escapes `_` as `\_`, and then its
// `\b(www)` finds no word boundary between `_` and `w`: no zero-width space, and `\_www.evil.example` renders as
// `_<a href="http://www.evil.example">…` (checked with micromark-extension-gfm).
describe('rev14-S1b: `_www.` in the persona body still becomes a link in the alert', () => {
  test('a malformed verdict line with _www.: the CAUTION quotes it without a bare www.', async () => {
    const r = await w.run('priya', 'x\n\n## VERDICT: APPROVE — re-run at_www.ci-approve.example/rerun\n');
    expect(r.outputs.reason).toBe('malformed-verdict');
    const quoted = r.summary.split('\n').filter((l) => l.startsWith('>'));
    expect(quoted.join('\n')).toContain('ci-approve');
    for (const l of quoted)
      expect(l, 'a line of the alert (GFM links www. after `_`)').not.toMatch(/https?:\/\/|www\./);
  });
});
