// Renders a Result for people: the job summary (Markdown) and plain-text lines.
import { renderDiagnosis } from './core/diagnostics.js';
import type { Result } from './flow.js';
import { VERSION } from './version.js';
import { renderBoard } from './core/board.js';

const esc = (s: string): string => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const cell = (s: string): string => esc(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');

const ICON: Record<string, string> = {
  posted: '✅',
  duplicate: '♻️',
  unchanged: '⏭️',
  superseded: '⏩',
  closed: '🔒',
  checked: '✔️',
  reported: '📋',
  'needs-review': '📝',
  aborted: '❌',
};

export function summaryMarkdown(r: Result, bodyFile: string | null): string {
  const title = `${ICON[r.outcome] ?? ''} persona-verdict: ${r.persona ? `${esc(r.persona)} — ` : ''}${r.outcome}${r.reason ? ` (${r.reason})` : ''}`;
  const rows: Array<[string, string]> = [];
  const add = (k: string, v: string | number | undefined): void => {
    if (v !== undefined && v !== '') rows.push([k, String(v)]);
  };
  add('Pull request', r.pullNumber ? `#${r.pullNumber}` : undefined);
  add('Reviewed head', r.headSha);
  add(r.board ? 'Panel verdict' : 'Verdict', r.verdict && `${r.verdict} → event ${r.event}`);
  add('Review', r.reviewId ? `${r.reviewId}${r.reviewUrl ? ` ${r.reviewUrl}` : ''}` : undefined);
  add('Carried forward from', r.baselineSha);
  add('Dismissed', r.dismissed.length ? r.dismissed.join(', ') : undefined);
  add('Should review', r.shouldReview === undefined ? undefined : String(r.shouldReview));
  add('Posting as', r.identity);
  const out = [`## ${title}`, ''];
  if (r.failure) out.push(`> [!CAUTION]`, `> ${cell(r.failure)}`, ...(r.advice ? [`>`, `> **What to do:** ${cell(r.advice)}`] : []), '');
  for (const n of r.notices) out.push(`> [!NOTE]`, `> ${cell(n)}`, '');
  for (const w of r.warnings) out.push(`> [!WARNING]`, `> ${cell(w)}`, '');
  if (rows.length) {
    out.push('| | |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${cell(v)} |`), '');
  }
  if (r.board) out.push(renderBoard(r.board, VERSION).split('\n').slice(1).join('\n'), '');
  if (r.diagnosis) {
    out.push('### Why the body was rejected', '', '<pre>', esc(renderDiagnosis(r.diagnosis, bodyFile ?? undefined)), '</pre>', '');
    out.push(
      'The last non-blank line of the body must be exactly one of `## VERDICT: APPROVE`, `## VERDICT: CHANGES_REQUESTED`, `## VERDICT: COMMENT`. Re-run the persona; if it drifts again, fix its prompt template.',
      '',
    );
  }
  out.push(`<sub>persona-verdict v${VERSION}</sub>`, '');
  return out.join('\n');
}
