// Renders a Conclusion for people: the job summary (Markdown) and plain-text lines.
import { renderDiagnosis } from './core/diagnostics.js';
import type { Conclusion } from './core/outcome.js';
import { VERSION } from './version.js';
import { renderBoard } from './core/board.js';

import { short } from './core/sha.js';
import type * as core from '@actions/core';

/** One sentence: what this run did. Used for the log, and as the summary's lead where the end says none (lead). */
export function headline(r: Conclusion, persona: string): string {
  const who = persona || 'the persona';
  const dismissed = r.dismissed.length
    ? `; dismissed ${r.dismissed.length} of ${who}'s other review(s) (${r.dismissed.join(', ')})`
    : '';
  switch (r.outcome) {
    case 'posted':
      return `${who} posted ${r.verdict} (event ${r.event}) on ${short(r.headSha)} as review ${r.reviewId}${dismissed}`;
    case 'duplicate':
      return (
        `${who} already has review ${r.reviewId} (${r.verdict}) for ${short(r.headSha)}: nothing ` +
        `posted${dismissed}`
      );
    case 'unchanged':
      return (
        `${short(r.headSha)} is unchanged since ${short(r.baselineSha)}: ${who}'s ${r.verdict} (review ` +
        `${r.reviewId}) is carried forward, nothing posted${dismissed}`
      );
    case 'restamped':
      return (
        `${who} restamped ${r.verdict} on ${short(r.headSha)} as review ${r.reviewId}: the same patch as ` +
        `${short(r.baselineSha)}, whose review GitHub dismissed on a push; no review run${dismissed}`
      );
    case 'superseded':
    case 'closed':
    case 'unposted':
      return r.lead ?? r.outcome;
    case 'needs-review':
      return `${who} should review ${short(r.headSha)} (should-review=true)`;
    case 'draft':
      return `PR #${r.pullNumber} is a draft: ${who} does not review it yet (review-drafts is false)`;
    case 'queued':
      return r.verdict
        ? `merge queue: ${who}'s standing verdict for ${short(r.headSha)} is ${r.verdict} (review ${r.reviewId})`
        : `merge queue: ${who} has no verdict for ${short(r.headSha)}`;
    case 'checked':
      return `the body is valid: ${r.verdict} → event ${r.event}; nothing was sent`;
    case 'reported': {
      const waiting = r.board?.missing.length ? `; no verdict yet from ${r.board.missing.join(', ')}` : '';
      return `panel verdict ${r.verdict} for ${short(r.headSha)}${waiting} (comment ${r.boardCommentId})`;
    }
    case 'aborted':
      return `aborted (${r.reason}): nothing was posted`;
  }
}

const ICON: Record<string, string> = {
  posted: '✅',
  duplicate: '♻️',
  unchanged: '⏭️',
  restamped: '🔁',
  superseded: '⏩',
  closed: '🔒',
  unposted: '🔒',
  checked: '✔️',
  reported: '📋',
  'needs-review': '📝',
  draft: '📝',
  queued: '🚦',
  aborted: '❌',
};

/**
 * The heading's mark follows the step's result: a step that fails is never headed with a success mark. A review
 * posted with another verdict than APPROVE is the step's success but not a pass, so it is not headed with a tick
 * either (a walkthrough: "✅ posted" over a CHANGES_REQUESTED).
 */
export const markOf = (r: Conclusion): string => {
  if (r.failure) return '❌';
  if (r.outcome === 'posted' && r.verdict !== 'APPROVE') return r.verdict === 'CHANGES_REQUESTED' ? '🔴' : '💬';
  return ICON[r.outcome] ?? '';
};

/**
 * Text inside the summary's HTML elements (heading, table, list, paragraph): only HTML
 * specials become references, so a reader sees every character as written, and a
 * newline cannot end the HTML block (after which Markdown would be read again).
 */
export const html = (s: string): string =>
  s
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)
    .replace(/\r\n?|\n/g, ' ');

/**
 * Text inside a Markdown alert (> [!CAUTION]): Markdown punctuation is backslash-escaped and
 * HTML specials become named references, and a URL scheme, www. or e-mail address gets a zero-width space where
 * GitHub would link it by itself (attack round 14, S1), so the text shows as written and cannot become a link,
 * emphasis, code or HTML; each line of the text stays inside the quote.
 */
export const mdLine = (s: string): string =>
  s
    .replace(/[\\`*_[\]|~!#]/g, (c) => `\\${c}`)
    .replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!)
    // GitHub's Markdown links a bare URL, www. or e-mail address by itself: a zero-width space keeps it text, only
    // where GitHub would link (a path "packages/@acme/www.x" or "priya=@octo-priya" stays as written, copyable)
    .replace(
      /[a-z][a-z0-9+.-]*(?=:\/\/)|(?<=^|[\s*_~(])www(?=\.)|(?<=[a-z0-9._+-])@(?=[a-z0-9-]+\.)/gi,
      (m) => `${m}\u200b`,
    )
    .replace(/\r\n?|\n/g, '\n> '); // a lone CR ends a line in Markdown too: it stays inside the quote

type Summary = typeof core.summary;

/** Adds the job summary for a conclusion to `s` (core.summary), built with its HTML builders. */
export function addSummary(s: Summary, r: Conclusion, persona: string, bodyFile: string | null): Summary {
  const who = persona ? `${persona} — ` : '';
  // a blank line after the heading: an HTML block runs on to the next blank line, and would swallow the alert below
  s.addHeading(html(`${markOf(r)} persona-verdict: ${who}${r.outcome}${r.reason ? ` (${r.reason})` : ''}`), 2).addEOL();
  // an abort's headline only repeats the heading ("aborted (reason)") before the caution block says why
  // what the run did, once: the end's own sentence where it says one (a closed PR, a kept review), not again as a note
  if (!(r.outcome === 'aborted' && r.failure))
    s.addRaw(`<p>${html(r.lead ?? headline(r, persona))}</p>`, true).addEOL();
  if (r.failure) {
    const advice = r.advice ? ['>', `> **What to do:** ${mdLine(r.advice)}`] : [];
    s.addRaw(['> [!CAUTION]', `> ${mdLine(r.failure)}`, ...advice].join('\n'), true).addEOL();
  }
  for (const n of r.notices) s.addRaw(`> [!NOTE]\n> ${mdLine(n)}`, true).addEOL();
  for (const w of r.warnings) s.addRaw(`> [!WARNING]\n> ${mdLine(w)}`, true).addEOL();
  const rows = facts(r);
  if (rows.length) s.addTable(rows.map(([k, v]) => [{ data: html(k), header: true }, v])).addEOL();
  if (r.findings) addFindings(s, r);
  // the board's own footer (version and the panel rule) closes a board run's summary: one footer
  let footer = `<sub>persona-verdict v${html(VERSION)}</sub>`;
  if (r.board) {
    const lines = renderBoard(r.board, VERSION).split('\n');
    footer = lines.pop()!;
    s.addRaw(lines.slice(1).join('\n'), true).addEOL();
  }
  // its first line is the failure the caution block above already states: the details follow, once; a body with
  // nothing to diagnose (empty, or whitespace only) has no details, and the caution block is all there is to say
  const detail = r.diagnosis ? renderDiagnosis(r.diagnosis, bodyFile ?? undefined).split('\n') : [];
  const details = (r.failure ? detail.slice(1) : detail).join('\n');
  if (details.trim()) {
    s.addHeading('Why the body was rejected', 3);
    s.addRaw(`<pre>${pre(details)}</pre>`, true).addEOL();
    s.addRaw(
      '<p>The last non-blank line of the body must be exactly one of <code>## VERDICT: APPROVE</code>, ' +
        '<code>## VERDICT: CHANGES_REQUESTED</code>, <code>## VERDICT: COMMENT</code>. Re-run the persona; if it ' +
        'drifts again, fix its prompt template.</p>',
      true,
    ).addEOL();
  }
  return s.addRaw(footer, true);
}

/** For <pre>: lines kept, only HTML specials escaped. */
const pre = (s: string): string => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

/** The key/value table: [label, cell HTML]. */
function facts(r: Conclusion): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  const add = (k: string, v: string | number | undefined): void => {
    if (v !== undefined && v !== '') rows.push([k, html(String(v))]);
  };
  add('Pull request', r.pullNumber ? `#${r.pullNumber}` : undefined);
  add('Reviewed head', r.headSha);
  add(r.board ? 'Panel verdict' : 'Verdict', r.verdict && `${r.verdict} → event ${r.event}`);
  if (r.reviewId !== undefined)
    rows.push(['Review', r.reviewUrl ? link(String(r.reviewId), r.reviewUrl) : html(String(r.reviewId))]);
  add('Carried forward from', r.baselineSha);
  add('Dismissed', r.dismissed.length ? r.dismissed.join(', ') : undefined);
  add('Should review', r.shouldReview === undefined ? undefined : String(r.shouldReview));
  add('Posting as', r.identity);
  // a forced re-review's pending goes first (core/outcome.ts doubtKept): unwritten, it is named, as the status is
  const shown = r.status ?? (r.statusUnwritten ? r.doubt : undefined);
  const status = shown ? `${shown.state} on ${short(shown.sha)}: ${shown.description}` : undefined;
  add('Commit status', status && (r.statusUnwritten ? `not written (due: ${status})` : status));
  add('Diff written to', r.diffPath);
  return rows;
}

const link = (text: string, url: string): string => `<a href="${html(encodeURI(url))}">${html(text)}</a>`;

const SEVERITY_ORDER = ['blocker', 'major', 'minor', 'nit', undefined] as const;

/** The findings by severity, each linking to the review (annotations are not emitted: the review is the place). */
function addFindings(s: Summary, r: Conclusion): void {
  const { inline, inBody } = r.findings!;
  const all = [
    ...inline.map((f) => ({ f, where: 'inline' })),
    ...inBody.map(({ finding: f, why }) => ({ f, where: `in the body: ${why}` })),
  ];
  if (!all.length) return;
  const items: string[] = [];
  for (const sev of SEVERITY_ORDER) {
    for (const { f, where } of all.filter((x) => x.f.severity === sev)) {
      const range = f.startLine !== undefined ? `${f.startLine}-${f.line}` : String(f.line);
      const at = `${f.path}:${range}`;
      const text = html(cut(f.body.split('\n')[0]!, 200));
      const place = r.reviewUrl ? link(at, r.reviewUrl) : html(at);
      items.push(`<strong>${sev ?? 'unrated'}</strong> ${place} — ${text} (${html(where)})`);
    }
  }
  s.addHeading(`Findings (${inline.length} inline, ${inBody.length} in the body)`, 3);
  s.addList(items).addEOL();
}

/** At most `max` characters (code points: a surrogate pair is never split), with "…" when cut. */
const cut = (s: string, max: number): string => {
  const chars = Array.from(s);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : s;
};
