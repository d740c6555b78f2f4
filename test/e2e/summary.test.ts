// The job summary as a reader sees it: the action writes GITHUB_STEP_SUMMARY (the
// harness points it at a temp file), and seen() renders that Markdown/HTML the way
// GitHub shows it, for the constructs the summary is built from (HTML elements from
// core.summary's builders, Markdown alerts, the board's Markdown table, <pre>).
import { describe, expect, test } from 'vitest';
import { VERSION } from '../../src/version.js';
import { runAction } from './harness.js';
import { body, LOGINS, PR, TOKENS, useWorld } from './world.js';

const w = useWorld();

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };
const decode = (s: string): string =>
  s.replace(/&(#\d+|[a-z]+);/g, (m, e: string) =>
    e.startsWith('#') ? String.fromCodePoint(Number(e.slice(1))) : (ENTITY[e] ?? m),
  );
/** Markdown inline: backslash escapes, code spans, strong emphasis, links (their text). */
const inline = (s: string): string =>
  s.replace(
    /\\([!-/:-@[-`{-~])|`([^`]*)`|\*\*|\[([^\]]*)\]\([^)]*\)/g,
    (_m, esc?: string, code?: string, text?: string) => esc ?? code ?? text ?? '',
  );

/** The text a reader sees, block by block (blocks are separated by blank lines). */
export function seen(summary: string): string {
  return summary
    .split(/\n{2,}/)
    .map((block) => {
      if (block.startsWith('<pre>')) return decode(block.replace(/<\/?pre>/g, '')); // literal: no Markdown
      if (/^<(h\d|p|table|ul|sub)>/.test(block))
        return decode(
          block
            .replace(/<\/th>/g, ': ')
            .replace(/<\/(tr|li|h\d|p)>/g, '\n')
            .replace(/<[^>]+>/g, ''),
        ).trim();
      const md = block
        .replace(/^> ?/gm, '')
        .replace(/^\[!(CAUTION|NOTE|WARNING)\]$/gm, '$1:')
        .replace(/^#+ /gm, '');
      return decode(inline(md).replace(/<[^>]+>/g, '')).trim();
    })
    .join('\n\n');
}

const headingOf = (summary: string): string => seen(summary).split('\n')[0]!;
const count = (s: string, part: string): number => s.split(part).length - 1;

/** What must never reach a reader: escapes meant for the machine, empty header rows, a second footer. */
function readable(summary: string): string {
  const text = seen(summary);
  expect(text).not.toMatch(/\\u[0-9A-F]{4}|&#\d+;|&[a-z]+;/);
  expect(summary).not.toMatch(/<th><\/th>|\| \| \|/);
  expect(count(text, `persona-verdict v${VERSION}`)).toBe(1);
  return text;
}

describe('the job summary a reader sees', () => {
  test('posted: a success mark, the review linked, a key/value table without an empty header row', async () => {
    const r = await w.run('priya', body('APPROVE'));
    expect(r.code, r.stdout).toBe(0);
    const text = readable(r.summary);
    expect(headingOf(r.summary)).toBe('✅ persona-verdict: priya — posted');
    expect(text).toContain(`Review: ${r.outputs['review-id']}`);
    expect(text).toContain(`Reviewed head: ${w.head}`);
    expect(text).toContain('Verdict: APPROVE → event APPROVE');
    expect(r.summary).toContain(`<a href="${r.outputs['review-url']}">${r.outputs['review-id']}</a>`);
  });

  test('posted CHANGES_REQUESTED or COMMENT, the step passing: headed with what was posted, never a tick', async () => {
    const rejected = await w.run('priya', body('CHANGES_REQUESTED'));
    expect(rejected.code, rejected.stdout).toBe(0);
    expect(headingOf(rejected.summary)).toBe('🔴 persona-verdict: priya — posted');
    const comment = await w.run('marcus', body('COMMENT'));
    expect(comment.code, comment.stdout).toBe(0);
    expect(headingOf(comment.summary)).toBe('💬 persona-verdict: marcus — posted');
  });

  test('unchanged: the verdict carried forward, headed as unchanged', async () => {
    await w.run('priya', body('APPROVE'));
    const next = w.gh.commit('c1-empty', w.gh.commits.get(w.head)!.tree);
    w.gh.push(PR, next);
    w.head = next;
    const r = await w.run('priya', body('APPROVE'));
    expect(r.outputs.outcome).toBe('unchanged');
    const text = readable(r.summary);
    expect(headingOf(r.summary)).toBe('⏭️ persona-verdict: priya — unchanged');
    expect(text).toMatch(/Carried forward from: [0-9a-f]{40}/);
  });

  test('a step that fails after posting (CHANGES_REQUESTED, fail-on-changes-requested) is never headed ✅', async () => {
    const r = await w.run('priya', body('CHANGES_REQUESTED'), { 'fail-on-changes-requested': 'true' });
    expect(r.code).toBe(1);
    expect(r.outputs.outcome).toBe('posted');
    const text = readable(r.summary);
    expect(headingOf(r.summary)).toBe('❌ persona-verdict: priya — posted');
    expect(text).toMatch(/CAUTION:\nchanges requested: priya's review for [0-9a-f]{7} is CHANGES_REQUESTED/);
  });

  test('posted, then the status refused: the table says the status was not written, never its colour', async () => {
    w.gh.users.get(TOKENS.priya)!.canStatus = false;
    const r = await w.run('priya', body('APPROVE'), { 'commit-status': 'always' });
    expect([r.code, r.outputs.outcome]).toEqual([1, 'posted']);
    const text = readable(r.summary);
    expect(headingOf(r.summary)).toMatch(/^❌ /);
    // a maintainer's walkthrough: the row read "success on …" for a status GitHub refused
    expect(text).toMatch(/Commit status:?\s+not written \(due: success on [0-9a-f]{7}: priya: APPROVE\)/);
    expect(text).not.toMatch(/Commit status:?\s+success/);
  });

  test('two failures (create refused, then the status refused): one heading mark, each piece of advice once', async () => {
    w.gh.users.get(TOKENS.priya)!.canReview = false;
    w.gh.users.get(TOKENS.priya)!.canStatus = false;
    const r = await w.run('priya', body('APPROVE'), { 'commit-status': 'always' });
    expect(r.code).toBe(1);
    const text = readable(r.summary);
    expect(headingOf(r.summary)).toBe('❌ persona-verdict: priya — aborted (permission-denied)');
    expect(count(text, 'What to do:')).toBe(1);
    const advice = text.slice(text.indexOf('What to do:') + 'What to do:'.length).split('\n')[0]!;
    const pieces = advice.split('. ').map((p) => p.trim());
    expect(pieces.length).toBeGreaterThan(0);
    expect(new Set(pieces).size).toBe(pieces.length);
    expect(text).toMatch(/statuses: write/);
  });

  test('aborted: the quoted line keeps its characters (—, backticks), invisible ones stay named', async () => {
    const r = await w.run('priya', 'Fine.\n\n## VERDICT: APPROVE — looks `ok`\u200b\n');
    expect(r.code).toBe(1);
    expect(r.outputs.outcome).toBe('aborted');
    const text = seen(r.summary);
    expect(headingOf(r.summary)).toBe('❌ persona-verdict: priya — aborted (malformed-verdict)');
    expect(text).toContain('## VERDICT: APPROVE — looks `ok`\\u200B');
    expect(text).toMatch(/CAUTION:\n.*"## VERDICT: APPROVE — looks `ok`\\u200B"/);
    expect(text).not.toContain('\\u2014');
    expect(text).not.toMatch(/&#\d+;/);
    expect(text).toContain('The last non-blank line of the body must be exactly one of ## VERDICT: APPROVE');
    expect(count(text, `persona-verdict v${VERSION}`)).toBe(1);
    // the failure is stated once, in the caution block; the details below do not repeat it (a walkthrough)
    expect(count(text, 'the last non-blank line looks like a verdict but does not match')).toBe(1);
  });

  test('aborted: letters outside ASCII keep their characters; a look-alike in an ASCII word is named', async () => {
    const r = await w.run('priya', 'Fine.\n\nÜberprüfung abgeschlossen — 很好, café. APPROVЕ\n');
    expect(r.outputs.reason).toBe('missing-verdict');
    const text = seen(r.summary);
    expect(text).toContain('"Überprüfung abgeschlossen — 很好, café. APPROV\\u0415"');
    expect(text).not.toMatch(/\\u00DC|\\u5F88|\\u00E9/);
  });

  // a walkthrough: the outcome was said three times (heading, lead, caution), and a whitespace-only body got an empty
  // box and the grammar's paragraph
  test('aborted: the outcome once in the heading, why once in the caution block; nothing to diagnose, no box', async () => {
    const r = await w.run('priya', '\n\n  \n');
    expect(r.outputs.reason).toBe('empty-body');
    const text = seen(r.summary);
    expect(count(text, 'aborted')).toBe(1);
    expect(text).toMatch(/CAUTION:\nempty-body: the review body is empty/);
    expect(text).not.toContain('Why the body was rejected');
    expect(r.summary).not.toContain('<pre>');
  });

  test('a suggestion keeps its backticks in the caution block (never &#96;)', async () => {
    const r = await w.run('priya', 'The change is fine.\n\n**Verdict:** APPROVE\n\nThanks.\n');
    expect(r.outputs.reason).toBe('missing-verdict');
    const text = readable(r.summary.replace(/<pre>[\s\S]*?<\/pre>/, '<pre></pre>'));
    expect(text).toMatch(/did you mean `## VERDICT: APPROVE` \(line 3\)\?/);
  });

  // an independent review, 2026-12-03: the lead and a note said the same sentence ("PR #7 is closed: nothing to
  // review"); the log's notice stays
  test('closed, duplicate, unchanged: what the run did is said once, as the lead, and noticed in the log', async () => {
    await w.run('priya', body('APPROVE'));
    const dup = await w.run('priya', body('APPROVE'));
    expect(dup.outputs.outcome).toBe('duplicate');
    const next = w.gh.commit('c1-empty', w.gh.commits.get(w.head)!.tree);
    w.gh.push(PR, next);
    w.head = next;
    const kept = await w.run('priya', body('APPROVE'));
    expect(kept.outputs.outcome).toBe('unchanged');
    w.gh.pulls.get(PR)!.state = 'closed';
    const closed = await w.run('priya', body('APPROVE'));
    expect(closed.outputs.outcome).toBe('closed');
    for (const [r, said] of [
      [dup, /priya already reviewed [0-9a-f]{7} \(review \d+, APPROVE\): nothing posted/],
      [
        kept,
        /[0-9a-f]{7} has the same tree and PR patch \(an empty commit\) as [0-9a-f]{7}, which priya reviewed \(APPROVE\)/,
      ],
      [closed, /PR #7 is closed: nothing to review/],
    ] as const) {
      const text = readable(r.summary);
      expect(text.split('\n\n')[1], 'the lead').toMatch(said);
      expect(text.match(new RegExp(said.source, 'g'))?.length, text).toBe(1);
      expect(text).not.toContain('NOTE:');
      expect(r.stdout).toMatch(new RegExp(`^::notice::${said.source}`, 'm'));
    }
  });

  // an independent review, 2026-12-03: "its pending is written there" under "the commit status … could not be set"
  test('a forced re-review whose pending cannot be written never says it is written; the table says not written', async () => {
    await w.run('priya', body('APPROVE'), { 'commit-status': 'always' });
    w.gh.pulls.get(PR)!.state = 'closed';
    w.gh.users.get(TOKENS.priya)!.canStatus = false;
    const r = await w.run('priya', null, { mode: 'preflight', force: 'true', 'commit-status': 'always' });
    expect([r.code, r.outputs.outcome]).toEqual([1, 'closed']);
    const text = readable(r.summary);
    expect(headingOf(r.summary)).toMatch(/^❌ /);
    expect(text).not.toMatch(/its pending is written/);
    expect(r.stdout).not.toMatch(/its pending is written/);
    expect(text).toMatch(/Commit status:?\s+not written \(due: pending on [0-9a-f]{7}: /);
  });

  // a read-through, 2026-12-03: written, then the draft's own status refused — the note was dropped with it
  test("a forced re-review's pending written, the status after it refused: the pending is still said", async () => {
    await w.run('priya', body('APPROVE'), { 'commit-status': 'always' });
    w.gh.pulls.get(PR)!.draft = true;
    w.gh.faults.push({ method: 'POST', path: /\/statuses\//, kind: 'status', status: 422, skip: 1 });
    const inputs = { mode: 'preflight', force: 'true', 'commit-status': 'always', 'review-drafts': 'false' };
    const r = await w.run('priya', null, inputs);
    expect([r.code, r.outputs.outcome]).toEqual([1, 'draft']);
    expect(readable(r.summary)).toMatch(
      /NOTE:\nthe forced re-review of [0-9a-f]{7} did not start \(draft\): its pending/,
    );
  });

  test('the pending of a forced re-review that stops early is noticed once it is written', async () => {
    await w.run('priya', body('APPROVE'), { 'commit-status': 'always' });
    w.gh.pulls.get(PR)!.state = 'closed';
    const r = await w.run('priya', null, { mode: 'preflight', force: 'true', 'commit-status': 'always' });
    expect([r.code, r.outputs.outcome]).toEqual([0, 'closed']);
    expect(readable(r.summary)).toMatch(
      /NOTE:\nthe forced re-review of [0-9a-f]{7} did not start \(closed\): its pending/,
    );
  });

  // an independent review, 2026-12-03: "❌ persona-verdict: aborted (bad-input)" in a panel of three named nobody
  test('bad input: the heading names the persona when its own input is well formed', async () => {
    const r = await w.run('priya', body('APPROVE'), { 'dismiss-stale': 'maybe' });
    expect(r.outputs.reason).toBe('bad-input');
    expect(headingOf(r.summary)).toBe('❌ persona-verdict: priya — aborted (bad-input)');
    const odd = await w.run('priya', body('APPROVE'), { persona: '<b>x</b>' });
    expect(headingOf(odd.summary)).toBe('❌ persona-verdict: aborted (bad-input)');
  });

  test('board: the panel table, and the version footer once', async () => {
    await w.run('priya', body('APPROVE'));
    const r = await runAction({
      inputs: { mode: 'board', 'github-token': TOKENS.app, personas: `priya=${LOGINS.priya}\nlin=${LOGINS.lin}` },
      apiUrl: w.gh.url,
      event: w.event(),
    });
    expect(r.code, r.stdout).toBe(0);
    const text = readable(r.summary);
    expect(headingOf(r.summary)).toBe('📋 persona-verdict: reported');
    expect(text).toContain('Persona panel: 💬 COMMENT');
    expect(text).toMatch(/\| priya \(@octo-priya\) \| ✅ APPROVE \(APPROVE\) \| APPROVED \| current/);
    expect(text).toContain('waiting for: lin');
    expect(count(text, 'persona-verdict v')).toBe(1);
  });
});

describe('the log a reader sees without debug', () => {
  /** The lines the runner shows inside the mode's group (::debug:: lines are hidden without debug). */
  const group = (stdout: string, name: string): string[] => {
    const lines = stdout.split('\n');
    const start = lines.indexOf(`::group::${name}`);
    expect(start, stdout).toBeGreaterThanOrEqual(0);
    const end = lines.indexOf('::endgroup::', start);
    return lines.slice(start + 1, end).filter((l) => !l.startsWith('::debug::'));
  };

  test('the mode group says what was read and what was decided, in words', async () => {
    const first = await w.run('priya', body('APPROVE'));
    expect(group(first.stdout, 'persona-verdict: post')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^facts: head ${w.head.slice(0, 7)} into main, priya as ${LOGINS.priya}; no earlier review by priya`,
        ),
      ),
      'plan: post APPROVE (event APPROVE)',
    ]);
    const next = w.gh.commit('c1-empty', w.gh.commits.get(w.head)!.tree);
    w.gh.push(PR, next);
    w.head = next;
    const again = await w.run('priya', body('APPROVE'));
    const id = first.outputs['review-id'];
    expect(group(again.stdout, 'persona-verdict: post')).toEqual([
      expect.stringMatching(new RegExp(`; 1 review by priya, the newest #${id} APPROVE for [0-9a-f]{7} into main`)),
      expect.stringMatching(new RegExp(`^plan: keep #${id} APPROVE .*: unchanged by (tree|patch)$`)),
    ]);
  });
});
