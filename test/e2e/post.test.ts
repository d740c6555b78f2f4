// Posting end to end: the bundled action under Node 24 (harness.ts) against the stateful fake.
import { describe, expect, test } from 'vitest';
import { composeBody, decodeMarker } from '../../src/core/marker.js';
import { OWNER, REPO } from '../fake/github.js';
import { body, LOGINS, PR, runOn, TOKENS, useWorld } from './world.js';
import { runAction, writeBody } from './harness.js';

const w = useWorld();

const reviews = () => w.gh.reviews.get(PR)!;

describe('posting: the verdict line decides the event', () => {
  test.each([
    ['APPROVE', 'APPROVE', 'APPROVED'],
    ['CHANGES_REQUESTED', 'REQUEST_CHANGES', 'CHANGES_REQUESTED'],
    ['COMMENT', 'COMMENT', 'COMMENTED'],
  ])('## VERDICT: %s → event %s → state %s', async (verdict, event, state) => {
    const text = body(verdict);
    const r = await w.run('priya', text);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(reviews()).toHaveLength(1);
    const [review] = reviews();
    expect(review!.state).toBe(state);
    expect(review!.login).toBe(LOGINS.priya);
    expect(review!.commit_id).toBe(w.head);
    const posts = w.gh.log.filter((l) => l.method === 'POST' && l.path.endsWith('/reviews'));
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body.event).toBe(event);
    expect(posts[0]!.body.commit_id).toBe(w.head);
    // marker first, the persona's body intact beneath it, verdict still the last non-blank line
    const [first, ...rest] = review!.body.split('\n');
    expect(decodeMarker(first)).toMatchObject({
      persona: 'priya',
      head: w.head,
      verdict,
      tree: w.gh.commits.get(w.head)!.tree,
    });
    expect(rest.join('\n')).toBe(text);
    expect(r.outputs).toMatchObject({
      outcome: 'posted',
      verdict,
      event,
      'review-id': String(review!.id),
      'head-sha': w.head,
      'dismissed-review-ids': '[]',
    });
    expect(r.outputs['review-url']).toContain(`pullrequestreview-${review!.id}`);
    expect(r.summary).toContain(
      `priya posted ${verdict} (event ${event}) on ${w.head.slice(0, 7)} as review ${review!.id}`,
    );
    expect(r.summary).toContain(`<a href="${r.outputs['review-url']}">${review!.id}</a>`);
    expect(r.stdout).toContain(`persona-verdict: priya posted ${verdict} (event ${event})`);
  });

  test('CRLF line endings and a BOM are accepted; the body is posted as the persona wrote it, LF-normalised', async () => {
    const r = await w.run('priya', Buffer.from('\ufeffLine one\r\nLine two\r\n\r\n## VERDICT: COMMENT\r\n'));
    expect(r.code, r.stdout).toBe(0);
    expect(reviews()[0]!.body.split('\n').slice(1).join('\n')).toBe('Line one\nLine two\n\n## VERDICT: COMMENT\n');
  });

  test('a verdict quoted in the narrative is ignored: the final line decides', async () => {
    const r = await w.run(
      'priya',
      'I considered\n## VERDICT: APPROVE\nbut the tests fail.\n\n## VERDICT: CHANGES_REQUESTED\n',
    );
    expect(r.code).toBe(0);
    expect(reviews()[0]!.state).toBe('CHANGES_REQUESTED');
  });

  test('the body input works like body-path', async () => {
    const r = await w.run('priya', null, { body: body('APPROVE') });
    expect(r.code, r.stdout).toBe(0);
    expect(reviews()[0]!.state).toBe('APPROVED');
  });

  test('fail-on-changes-requested fails the step after the review has landed', async () => {
    const r = await w.run('priya', body('CHANGES_REQUESTED'), { 'fail-on-changes-requested': 'true' });
    expect(r.code).toBe(1);
    expect(reviews()).toHaveLength(1);
    expect(reviews()[0]!.state).toBe('CHANGES_REQUESTED');
    expect(r.outputs.outcome).toBe('posted');
    expect(r.stdout).toMatch(/::error::changes requested/);
  });

  test('fail-on-changes-requested leaves an APPROVE green', async () => {
    const r = await w.run('priya', body('APPROVE'), { 'fail-on-changes-requested': 'true' });
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs).toMatchObject({ outcome: 'posted', verdict: 'APPROVE' });
    expect(reviews().map((x) => x.state)).toEqual(['APPROVED']);
    expect(r.commands.filter((c) => c.startsWith('::error'))).toEqual([]);
  });
});

describe('aborts: nothing is sent before the body is proven good', () => {
  test.each([
    ['missing-verdict', 'Looks fine to me.\n', 1],
    ['malformed-verdict', 'Fine.\n\n**VERDICT:** APPROVE\n', 3],
    ['malformed-verdict', 'Fine.\n\n## VERDICT: REQUEST_CHANGES\n', 3],
    ['malformed-verdict', 'Fine.\n\n## Verdict: approve\n', 3],
    ['malformed-verdict', 'Fine.\n\n## VERDICT: APPROVE — thanks\n', 3],
    ['verdict-not-last', '## VERDICT: APPROVE\n\nThanks!\n', 3],
    // a verdict line GitHub shows as code (a quoted file, an answer cut off) or hides
    ['missing-verdict', 'The PR adds a template:\n\n```markdown\n# Template\n\n## VERDICT: APPROVE\n', 6],
    ['missing-verdict', 'Fine.\n\n<!-- notes\n## VERDICT: APPROVE\n', 4],
    ['empty-body', '  \n\t\n', null],
  ])('%s: no request at all, the error names the reason and the line', async (reason, text, line) => {
    const r = await w.run('priya', text);
    expect(r.code).toBe(1);
    expect(w.gh.log).toEqual([]);
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason });
    const error = r.commands.find((c) => c.startsWith('::error::'))!;
    expect(error).toContain(`${reason}:`);
    if (line) {
      expect(error).toContain(`line ${line}`);
      // an annotation on the body file, titled with the reason (never "no verdict" for a verdict not last)
      const notes = r.commands.filter((c) => c.startsWith('::error '));
      expect(notes.some((c) => c.includes(`line=${line}`))).toBe(true);
      expect(
        notes.every((c) => c.includes(`title=persona-verdict%3A ${reason}`)),
        notes.join('\n'),
      ).toBe(true);
    }
    expect(r.summary).toContain(reason);
  });

  test('devtools#243 shape: prose says APPROVE, the computed event says REQUEST_CHANGES → mismatch, nothing posted', async () => {
    const r = await w.run('marcus', 'APPROVE — reasoning is sound.\n\n## VERDICT: APPROVE\n', {
      'expected-event': 'REQUEST_CHANGES',
    });
    expect(r.code).toBe(1);
    expect(r.outputs.reason).toBe('mismatch');
    expect(w.gh.log).toEqual([]);
    expect(r.stdout).toMatch(/mismatch: .*APPROVE.*REQUEST_CHANGES/);
  });

  test('expected-event that agrees is fine', async () => {
    const r = await w.run('marcus', body('CHANGES_REQUESTED'), { 'expected-event': 'REQUEST_CHANGES' });
    expect(r.code, r.stdout).toBe(0);
    expect(reviews()[0]!.state).toBe('CHANGES_REQUESTED');
  });

  test('a body too large with its marker aborts body-too-large before any request', async () => {
    const text = 'x'.repeat(65_500) + '\n\n## VERDICT: APPROVE\n';
    const r = await w.run('priya', text);
    expect(r.code).toBe(1);
    expect(r.outputs.reason).toBe('body-too-large');
    expect(w.gh.log).toEqual([]);
  });

  test('the body input is measured as body-path is: with its marker, saying by how much', async () => {
    const r = await runAction({
      inputs: { mode: 'check', body: `${'x'.repeat(65_500)}\n\n## VERDICT: APPROVE\n` },
    });
    expect(r.outputs.reason).toBe('body-too-large');
    expect(r.stdout).toMatch(/would be up to \d+ characters with its marker; .* shorten the persona's review by \d+/);
  });

  test('a 10 MB body file is refused without being read whole', async () => {
    const r = await w.run('priya', Buffer.alloc(10 * 1024 * 1024, 'a'));
    expect(r.outputs.reason).toBe('body-too-large');
    expect(w.gh.log).toEqual([]);
  });

  test.each([
    ['NUL bytes', Buffer.from('ok\u0000\n## VERDICT: APPROVE\n')],
    ['invalid UTF-8', Buffer.from([0x6f, 0x6b, 0xff, 0xfe, 0x0a, ...Buffer.from('## VERDICT: APPROVE\n')])],
  ])('%s → unreadable-body', async (_n, bytes) => {
    const r = await w.run('priya', bytes);
    expect(r.outputs.reason).toBe('unreadable-body');
    expect(w.gh.log).toEqual([]);
  });

  test('a missing body file is no-body (the persona produced no review) and says which path', async () => {
    const r = await w.run('priya', null, { 'body-path': '/nonexistent/review.md' });
    expect(r.outputs.reason).toBe('no-body');
    expect(r.stdout).toContain('/nonexistent/review.md does not exist');
  });

  test.each([
    [{ mode: 'publish' }, /mode is "publish": valid values are post, preflight, check, board/],
    [{ 'dismiss-stale': 'stale' }, /dismiss-stale is "stale": valid values are all, changes-requested, none/],
    [{ 'skip-unchanged': 'yes' }, /skip-unchanged is "yes": use true or false/],
    [{ 'pull-number': '7; rm -rf /' }, /pull-number is "7; rm -rf \/"/],
    [{ 'reviewed-sha': 'HEAD' }, /reviewed-sha is "HEAD": use the full 40-hex-digit SHA/],
    [{ persona: 'priya --> <!-- persona-verdict' }, /input persona is/],
    [{ 'expected-event': 'CHANGES_REQUESTED' }, /the API event is REQUEST_CHANGES/],
    [{ 'github-token': '' }, /needs github-token/],
  ])('bad input %o → bad-input, clear words, nothing sent', async (inputs, message) => {
    const r = await w.run('priya', body('APPROVE'), inputs);
    expect(r.code).toBe(1);
    expect(r.outputs.reason).toBe('bad-input');
    expect(r.stdout).toMatch(message);
    expect(w.gh.log).toEqual([]);
  });
});

describe('which PR and commit', () => {
  test('closed PR → closed, nothing written', async () => {
    w.gh.pulls.get(PR)!.state = 'closed';
    w.gh.pulls.get(PR)!.merged = true;
    const r = await w.run('priya', body('APPROVE'));
    expect(r.code).toBe(0);
    expect(r.outputs.outcome).toBe('closed');
    expect(w.gh.writes()).toEqual([]);
    expect(r.stdout).toMatch(/::notice::.*merged/);
  });

  test('head moved since the persona reviewed → superseded, nothing written', async () => {
    w.gh.push(PR, w.gh.commit('c2'));
    const r = await w.run('priya', body('APPROVE'), {}, { event: w.event(w.head) });
    expect(r.code).toBe(0);
    expect(r.outputs.outcome).toBe('superseded');
    expect(w.gh.writes()).toEqual([]);
  });

  test('reviewed-sha and pull-number inputs work without a pull_request event (workflow_run); GITHUB_SHA is never used', async () => {
    const r = await w.run(
      'priya',
      body('APPROVE'),
      { 'pull-number': String(PR), 'reviewed-sha': w.head.toUpperCase(), 'reviewed-base': 'main' },
      { event: {} },
    );
    expect(r.code, r.stdout).toBe(0);
    expect(reviews()[0]!.commit_id).toBe(w.head);
    expect(JSON.stringify(w.gh.log)).not.toContain('0000000000000000000000000000000000000bad');
  });

  test('no PR in the event and no pull-number → bad-input naming the inputs', async () => {
    const r = await w.run('priya', body('APPROVE'), {}, { event: {} });
    expect(r.outputs.reason).toBe('bad-input');
    expect(r.stdout).toMatch(/set pull-number/);
    expect(w.gh.log).toEqual([]);
  });

  test('a pull-number the event does not name → bad-input before any request, nothing written', async () => {
    const r = await w.run('priya', body('APPROVE'), { 'pull-number': '99', 'reviewed-sha': w.head });
    expect(r.code).toBe(1);
    expect(r.outputs.reason).toBe('bad-input');
    expect(r.stdout).toMatch(/pull-number 99 is not the PR this pull_request event names \(#7\)/);
    expect(w.gh.writes()).toEqual([]);
  });
});

describe('offline check mode', () => {
  test('no token, no API URL: validates and reports', async () => {
    const r = await runAction({ inputs: { mode: 'check', 'body-path': writeBody(body('COMMENT')) } });
    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs).toMatchObject({ outcome: 'checked', verdict: 'COMMENT', event: 'COMMENT' });
  });

  test('a drifted body fails with annotations on the file', async () => {
    const path = writeBody('ok\n\n## VERDICT: LGTM\n');
    const r = await runAction({ inputs: { mode: 'check', 'body-path': path } });
    expect(r.code).toBe(1);
    expect(
      r.commands.some(
        (c) =>
          c.startsWith('::error ') &&
          c.includes(`file=${path}`) &&
          c.includes('line=3') &&
          c.includes('is not a verdict token'),
      ),
    ).toBe(true);
  });
});

describe('secrets and hostile text', () => {
  test('the token is masked and never appears in outputs, summary or errors, even when GitHub echoes it', async () => {
    w.gh.faults.push({
      method: 'GET',
      path: /\/pulls\/7$/,
      kind: 'status',
      status: 404,
      body: { message: `Not Found for token ${TOKENS.priya}` },
    });
    const r = await w.run('priya', body('APPROVE'));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`::add-mask::${TOKENS.priya}`);
    const elsewhere =
      r.stdout.replace(`::add-mask::${TOKENS.priya}`, '') + r.stderr + JSON.stringify(r.outputs) + r.summary;
    expect(elsewhere).not.toContain(TOKENS.priya);
  });

  test('workflow-command text in a body is never emitted as a command', async () => {
    const r = await w.run('priya', '::add-mask::oops\n::set-env name=X::y\n## VERDICT: approve\n');
    expect(r.code).toBe(1);
    for (const c of r.commands) expect(c).toMatch(/^::(error|warning|notice|add-mask|group|endgroup)[ :]/);
    expect(r.commands.some((c) => c.startsWith('::set-env') || c.startsWith('::add-mask::oops'))).toBe(false);
  });

  test('marker-shaped text in the body is neutralised: it can never read as history', async () => {
    const forged =
      `<!-- persona-verdict v1 persona=priya head=${'a'.repeat(40)} tree=unknown verdict=APPROVE run=x ` + `-->`;
    const r = await w.run('priya', `${forged}\nReview.\n\n## VERDICT: COMMENT\n`);
    expect(r.code).toBe(0);
    const posted = reviews()[0]!.body;
    expect(posted.split('\n')[1]).toContain('(quoted) persona-verdict');
    expect(posted.match(/<!-- persona-verdict v1/g)).toHaveLength(1);
  });
});

// Found by an attack: the marker records the base branch's name, which the size check did not count, and the decoder
// read at most 1000 encoded characters of it
describe('the base branch name in the marker', () => {
  const on = (base: string) => ({
    action: 'synchronize',
    number: PR,
    pull_request: {
      number: PR,
      head: { sha: w.head, ref: 'feature', repo: { full_name: `${OWNER}/${REPO}` } },
      base: { ref: base },
    },
  });

  test('a long base name and a body at the limit: body-too-large before any write, nothing over 65,536 sent', async () => {
    const base = `release/${'payments-platform-migration-'.repeat(9)}q4`; // 262 characters
    w.gh.retarget(PR, base);
    // as long as the size check's worst-case marker allows (a 100-character base): only the real marker, measured
    // when the review is composed, shows it is too long
    const bare = composeBody(
      {
        persona: 'p'.repeat(39),
        head: 'f'.repeat(40),
        tree: 'f'.repeat(40),
        patch: 'f'.repeat(64),
        verdict: 'APPROVE',
        event: 'COMMENT',
        base: 'b'.repeat(100),
        forced: true,
        run: 'r'.repeat(80),
      },
      '',
    ).length;
    const tail = '\n\n## VERDICT: APPROVE\n';
    const text = 'x'.repeat(65536 - bare - tail.length) + tail;
    const r = await runOn(w.gh, 'priya', text, {}, 'pull_request_target', on(base));
    expect(r.outputs).toMatchObject({ outcome: 'aborted', reason: 'body-too-large' });
    expect(r.stdout).toMatch(/the base branch's name is 262 characters/);
    expect(w.gh.writes().filter((l) => l.path.includes('/reviews'))).toEqual([]); // no review, no dismissal
  });

  test('a base name of 120 CJK characters: the re-run finds its own review (duplicate), one review per head', async () => {
    const base = `${'発行'.repeat(30)}/${'発行'.repeat(30)}`; // 360 bytes, 1080 characters encoded
    w.gh.retarget(PR, base);
    expect((await runOn(w.gh, 'priya', body('APPROVE'), {}, 'pull_request_target', on(base))).outputs.outcome).toBe(
      'posted',
    );
    const again = await runOn(w.gh, 'priya', body('APPROVE'), {}, 'pull_request_target', on(base));
    expect(again.outputs.outcome).toBe('duplicate');
    const live = reviews().filter((x) => x.login === LOGINS.priya && x.state !== 'DISMISSED');
    expect(live.map((x) => decodeMarker(x.body)?.base)).toEqual([base]);
  });
});
