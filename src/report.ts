// Renders a Conclusion for people: the job summary (Markdown) and plain-text lines.
import { renderDiagnosis } from './core/diagnostics.js';
import type { Conclusion } from './core/outcome.js';
import { VERSION } from './version.js';
import { renderBoard } from './core/board.js';

import { mdText as cell } from './core/markdown.js';

/** For <pre>: only HTML needs escaping there. */
const esc = (s: string): string =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const short = (sha: string | undefined): string => (sha ? sha.slice(0, 7) : '?');

/** One sentence: what this run did. Used for the log and as the summary's lead. */
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
      return r.notices[0] ?? r.outcome;
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
  superseded: '⏩',
  closed: '🔒',
  checked: '✔️',
  reported: '📋',
  'needs-review': '📝',
  draft: '📝',
  queued: '🚦',
  aborted: '❌',
};

export function summaryMarkdown(r: Conclusion, persona: string, bodyFile: string | null): string {
  const who = persona ? `${cell(persona)} — ` : '';
  const title = `${ICON[r.outcome] ?? ''} persona-verdict: ${who}${r.outcome}${r.reason ? ` (${r.reason})` : ''}`;
  const rows: Array<[string, string]> = [];
  const add = (k: string, v: string | number | undefined): void => {
    if (v !== undefined && v !== '') rows.push([k, String(v)]);
  };
  add('Pull request', r.pullNumber ? `#${r.pullNumber}` : undefined);
  add('Reviewed head', r.headSha);
  add(r.board ? 'Panel verdict' : 'Verdict', r.verdict && `${r.verdict} → event ${r.event}`);
  add('Review', r.reviewId);
  add('Carried forward from', r.baselineSha);
  add('Dismissed', r.dismissed.length ? r.dismissed.join(', ') : undefined);
  add('Should review', r.shouldReview === undefined ? undefined : String(r.shouldReview));
  add('Posting as', r.identity);
  add('Commit status', r.status ? `${r.status.state} on ${short(r.status.sha)}: ${r.status.description}` : undefined);
  add('Diff written to', r.diffPath);
  const out = [`## ${title}`, '', cell(headline(r, persona)), ''];
  if (r.failure)
    out.push(
      `> [!CAUTION]`,
      `> ${cell(r.failure)}`,
      ...(r.advice ? [`>`, `> **What to do:** ${cell(r.advice)}`] : []),
      '',
    );
  for (const n of r.notices) out.push(`> [!NOTE]`, `> ${cell(n)}`, '');
  for (const w of r.warnings) out.push(`> [!WARNING]`, `> ${cell(w)}`, '');
  if (rows.length) {
    const link = (k: string, v: string): string =>
      k === 'Review' && r.reviewUrl ? `[${cell(v)}](${encodeURI(r.reviewUrl)})` : cell(v);
    out.push('| | |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${link(k, v)} |`), '');
  }
  if (r.findings) out.push(...findingsMarkdown(r));
  if (r.board) out.push(renderBoard(r.board, VERSION).split('\n').slice(1).join('\n'), '');
  if (r.diagnosis) {
    out.push(
      '### Why the body was rejected',
      '',
      '<pre>',
      esc(renderDiagnosis(r.diagnosis, bodyFile ?? undefined)),
      '</pre>',
      '',
    );
    out.push(
      'The last non-blank line of the body must be exactly one of `## VERDICT: APPROVE`, `## VERDICT: ' +
        'CHANGES_REQUESTED`, `## VERDICT: COMMENT`. Re-run the persona; if it drifts again, fix its prompt template.',
      '',
    );
  }
  out.push(`<sub>persona-verdict v${VERSION}</sub>`, '');
  return out.join('\n');
}

const SEVERITY_ORDER = ['blocker', 'major', 'minor', 'nit', undefined] as const;

/** The findings by severity, each linking to the review (annotations are not emitted: the review is the place). */
function findingsMarkdown(r: Conclusion): string[] {
  const { inline, inBody } = r.findings!;
  const all = [
    ...inline.map((f) => ({ f, where: 'inline' })),
    ...inBody.map(({ finding: f, why }) => ({ f, where: `in the body: ${why}` })),
  ];
  if (!all.length) return [];
  const link = (s: string): string => (r.reviewUrl ? `[${s}](${encodeURI(r.reviewUrl)})` : s);
  const out = [`### Findings (${inline.length} inline, ${inBody.length} in the body)`, ''];
  for (const sev of SEVERITY_ORDER) {
    for (const { f, where } of all.filter((x) => x.f.severity === sev)) {
      const range = f.startLine !== undefined ? `${f.startLine}-${f.line}` : String(f.line);
      const text = cell(f.body.split('\n')[0]!.slice(0, 200));
      out.push(`- **${sev ?? 'unrated'}** ${link(`${cell(f.path)}:${range}`)} — ${text} (${where})`);
    }
  }
  return [...out, ''];
}
