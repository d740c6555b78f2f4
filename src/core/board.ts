// The panel's state for the current head, and which board comment is ours. Pure.
import { EVENT_OF, type Verdict } from './grammar.js';
import { counts, historyOf, type HistoryEntry, type ReviewFact } from './decide.js';
import { mdText as cell } from './markdown.js';
import { short } from './sha.js';

export const BOARD_MARKER = '<!-- persona-verdict-board v1 -->';

export type Standing = 'current' | 'carried-forward' | 'stale' | 'missing';

export interface BoardRow {
  persona: string;
  login: string;
  standing: Standing;
  verdict: Verdict | null; // null when missing or stale
  state: string | null; // the review's state on GitHub
  reviewedHead: string | null;
  review: ReviewFact | null;
}

export interface Board {
  head: string;
  rows: BoardRow[];
  panelVerdict: Verdict;
  missing: string[];
}

/**
 * For each declared persona, only reviews by its declared login whose marker names
 * it count (a marker on any other account is ignored). A live review recorded
 * against the head is current; else the latest live review whose recorded tree is
 * the head's tree is carried forward; else the persona has no verdict for this head.
 */
export function buildBoard(
  personas: ReadonlyArray<{ persona: string; login: string }>,
  reviews: readonly ReviewFact[],
  head: string,
  headTree: string | null,
  /** The PR's base branch: a verdict for another base (or an edited review) counts for nothing. */
  base: string,
): Board {
  const rows = personas.map(({ persona, login }): BoardRow => {
    const live = historyOf(reviews, login, persona).filter((h) => counts(h) && h.marker.base === base);
    const row = (standing: Standing, h: HistoryEntry | undefined): BoardRow => ({
      persona,
      login,
      standing,
      verdict: h && (standing === 'current' || standing === 'carried-forward') ? h.marker.verdict : null,
      state: h?.review.state ?? null,
      reviewedHead: h?.marker.head ?? null,
      review: h?.review ?? null,
    });
    const current = live.find((h) => h.marker.head === head);
    if (current) return row('current', current);
    const latest = live[live.length - 1];
    if (latest && headTree !== null && latest.marker.tree === headTree) return row('carried-forward', latest);
    return latest ? row('stale', latest) : row('missing', undefined);
  });
  const verdicts = rows.map((r) => r.verdict);
  const panelVerdict: Verdict = verdicts.includes('CHANGES_REQUESTED')
    ? 'CHANGES_REQUESTED'
    : verdicts.length > 0 && verdicts.every((v) => v === 'APPROVE')
      ? 'APPROVE'
      : 'COMMENT';
  return { head, rows, panelVerdict, missing: rows.filter((r) => r.verdict === null).map((r) => r.persona) };
}

const ICON: Record<Verdict, string> = { APPROVE: '✅', CHANGES_REQUESTED: '❌', COMMENT: '💬' };

export function renderBoard(b: Board, version: string): string {
  const out = [
    BOARD_MARKER,
    `### Persona panel: ${ICON[b.panelVerdict]} ${b.panelVerdict}`,
    '',
    `For head \`${short(b.head)}\`${b.missing.length ? ` — waiting for: ${b.missing.map(cell).join(', ')}` : ''}`,
    '',
    '| persona | verdict | review state | reviewed head | review |',
    '|---|---|---|---|---|',
  ];
  for (const r of b.rows) {
    const verdict = r.verdict ? `${ICON[r.verdict]} ${r.verdict} (${EVENT_OF[r.verdict]})` : '—';
    const head =
      r.standing === 'current'
        ? `current (\`${short(r.reviewedHead)}\`)`
        : r.standing === 'carried-forward'
          ? `carried forward from \`${short(r.reviewedHead)}\` (same tree)`
          : r.standing === 'stale'
            ? `stale: \`${short(r.reviewedHead)}\` (head changed since)`
            : 'missing';
    const link = r.review ? `[${r.review.id}](${r.review.htmlUrl})` : '—';
    out.push(`| ${cell(r.persona)} (@${cell(r.login)}) | ${verdict} | ${r.state ?? '—'} | ${head} | ${link} |`);
  }
  out.push(
    '',
    `<sub>persona-verdict v${version} · the panel verdict is CHANGES_REQUESTED if any persona requests changes, ` +
      `APPROVE if all approve, else COMMENT</sub>`,
  );
  return out.join('\n');
}

/**
 * Our sticky comments, oldest first: those that start with the board marker and are
 * authored by this token's account (any [bot] account when that is unknown).
 */
export function ownBoardComments<C extends { id: number; login: string | null; body: string }>(
  comments: readonly C[],
  identity: string | null,
): C[] {
  const ours = (c: C): boolean =>
    c.body.startsWith(BOARD_MARKER) &&
    c.login !== null &&
    (identity ? c.login.toLowerCase() === identity.toLowerCase() : c.login.endsWith('[bot]'));
  return comments.filter(ours).sort((a, b) => a.id - b.id);
}
