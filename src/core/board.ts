// The panel's state for the current head, and which board comment is ours. Pure.
import { EVENT_OF, type Verdict } from './grammar.js';
import {
  carriedTo,
  counts,
  historyOf,
  isLive,
  patchCandidates,
  standingFor,
  type HistoryEntry,
  type ReviewFact,
} from './decide.js';
import { versionOf } from './marker.js';
import { dismissedRejection, dismissedRejectionElsewhere, keptRejection, type DismissalEvent } from './restamp.js';
import { mdText as cell } from './markdown.js';
import { short } from './sha.js';

export const BOARD_MARKER = '<!-- persona-verdict-board v1 -->';

/**
 * current: the review that stands for this head (standingFor, the persona jobs' rule);
 * carried-forward: an equal change carries the latest verdict (carriedTo: same tree or same
 * patch, same base and version); stale: the latest verdict is for another change; edited,
 * other-base: the newest review counts for nothing here; missing: no review at all.
 */
export type Standing =
  | 'current'
  | 'carried-forward'
  | 'stale'
  | 'edited'
  | 'other-base'
  | 'missing'
  | 're-reviewing'
  | 'unconfirmed'
  | 'not-green';

/**
 * An approval row a maintainer's forced re-review is judging again (the persona's own forced pending stands on the
 * head, or on the head the verdict is carried from), or whose statuses could not be read: it counts for nothing until
 * the re-review posts — the persona's own status shows no green either (attack round 14, P1). Nor does an approval
 * whose persona's own newest status on the head is not green (a twin PR's refusal of a shared head, an abort after a
 * version bump, a re-review its jobs asked for where the board carries by the patch): the board and a persona's
 * status never disagree (attack round 16, E16b-1/2, B1).
 */
export function withReReviews(
  b: Board,
  doubted: ReadonlySet<string>,
  unread: ReadonlySet<string> = new Set(),
  notGreen: ReadonlySet<string> = new Set(),
): Board {
  const held = (r: BoardRow): Standing | null =>
    r.verdict !== 'APPROVE'
      ? null
      : doubted.has(r.persona)
        ? 're-reviewing'
        : notGreen.has(r.persona)
          ? 'not-green'
          : unread.has(r.persona)
            ? 'unconfirmed'
            : null;
  if (!b.rows.some(held)) return b;
  const rows = b.rows.map((r): BoardRow => {
    const standing = held(r);
    return standing ? { ...r, standing, verdict: null } : r;
  });
  return { ...b, rows, panelVerdict: panelOf(rows), missing: rows.filter((r) => !r.verdict).map((r) => r.persona) };
}

/** A status the persona's jobs wrote: "priya: APPROVE for PR #7 …", "priya failed: …", "priya is reviewing …". */
const ownStatus = (description: string, persona: string): boolean =>
  description.toLowerCase().startsWith(`${persona.toLowerCase()}:`) ||
  description.toLowerCase().startsWith(`${persona.toLowerCase()} failed:`) ||
  description.toLowerCase().startsWith(`${persona.toLowerCase()} is `);

/** Whether its login's statuses (or runs) on the head hold one its jobs wrote, naming the persona. */
export const hasOwnStatus = (mine: ReadonlyArray<{ description: string }>, persona: string): boolean =>
  mine.some((x) => ownStatus(x.description, persona));

/**
 * Whether the persona's own newest status on the head — of its login's statuses (newest first), the first its jobs
 * wrote — is there and not green: then its approval counts for nothing on the board (attack round 16: withReReviews).
 */
export function ownStatusNotGreen(
  mine: ReadonlyArray<{ state: string; description: string }>,
  persona: string,
): boolean {
  const own = mine.find((x) => ownStatus(x.description, persona));
  return own !== undefined && own.state !== 'success';
}

const panelOf = (rows: readonly BoardRow[]): Verdict => {
  const verdicts = rows.map((r) => r.verdict);
  return verdicts.includes('CHANGES_REQUESTED')
    ? 'CHANGES_REQUESTED'
    : verdicts.length > 0 && verdicts.every((v) => v === 'APPROVE')
      ? 'APPROVE'
      : 'COMMENT';
};

export interface BoardRow {
  persona: string;
  login: string;
  standing: Standing;
  /** carried-forward: what matched (the head's tree or its PR patch). */
  by?: 'tree' | 'patch';
  verdict: Verdict | null; // null unless current or carried forward
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

/** A declared panel member: the persona, its account, and (optionally) the persona version its job runs. */
export interface PanelMember {
  persona: string;
  login: string;
  version?: string;
}

/** What the board is for: the PR's head and base now, and the head's tree and PR patch (null: unknown). */
export interface BoardSubject {
  head: string;
  base: string;
  headTree: string | null;
  headPatch?: string | null;
}

/**
 * For each declared persona, only reviews by its declared login whose marker names it
 * count (a marker on any other account is ignored), and the rules are the persona jobs'
 * own (core/decide.ts): the review standing for this head, base and version, else a
 * verdict an equal change carries forward, else none. Without a declared version, the
 * version of the persona's newest counting review is taken as the one its job runs.
 */
export function buildBoard(
  panel: readonly PanelMember[],
  reviews: readonly ReviewFact[],
  at: BoardSubject,
  dismissals?: readonly DismissalEvent[],
): Board {
  const rows = panel.map((member) =>
    boardRow(member, historyOf(reviews, member.login, member.persona), at, dismissals),
  );
  const panelVerdict = panelOf(rows);
  return { head: at.head, rows, panelVerdict, missing: rows.filter((r) => r.verdict === null).map((r) => r.persona) };
}

/** The subject a member's row is for: the board's head and base, at the member's version. */
function subjectOf(member: PanelMember, history: readonly HistoryEntry[], at: BoardSubject) {
  const latest = history.filter(counts).at(-1);
  return { head: at.head, base: at.base, version: member.version ?? (latest ? versionOf(latest.marker) : '') };
}

/**
 * Whether a member's rejection of this head and base may stand again after a retarget back (keptRejection, the
 * persona jobs' rule): the board then reads the PR's timeline, as they do (attack round 12, B5).
 */
export const mayKeepRejection = (panel: readonly PanelMember[], reviews: readonly ReviewFact[], at: BoardSubject) =>
  panel.some((m) => {
    const history = historyOf(reviews, m.login, m.persona);
    return dismissedRejection(history, subjectOf(m, history, at), at.headPatch);
  });

/**
 * Whether a member has a dismissed rejection of another head into this base: the PR patch, read then, says whether it
 * is the same change (an amend), which keeps it as the member's own job keeps it (attack N, N2; keptRejection).
 */
export const rejectedElsewhere = (panel: readonly PanelMember[], reviews: readonly ReviewFact[], at: BoardSubject) =>
  panel.some((m) => {
    const history = historyOf(reviews, m.login, m.persona);
    return dismissedRejectionElsewhere(history, subjectOf(m, history, at));
  });

/** The reviews the board could carry a member's verdict from by the PR patch alone (head-patch.ts reads modes then). */
export const boardPatchCandidates = (panel: readonly PanelMember[], reviews: readonly ReviewFact[], at: BoardSubject) =>
  panel.flatMap((m) => {
    const history = historyOf(reviews, m.login, m.persona);
    return patchCandidates(history, subjectOf(m, history, at));
  });

function boardRow(
  member: PanelMember,
  history: readonly HistoryEntry[],
  at: BoardSubject,
  dismissals: readonly DismissalEvent[] | undefined,
): BoardRow {
  const row = (standing: Standing, h: HistoryEntry | undefined, by?: 'tree' | 'patch'): BoardRow => ({
    persona: member.persona,
    login: member.login,
    standing,
    ...(by ? { by } : {}),
    verdict: h && (standing === 'current' || standing === 'carried-forward') ? h.marker.verdict : null,
    state: h?.review.state ?? null,
    reviewedHead: h?.marker.head ?? null,
    review: h?.review ?? null,
  });
  const latest = history.filter(counts).at(-1);
  const subject = subjectOf(member, history, at);
  const standing = standingFor(history, subject);
  if (standing) return row('current', standing);
  // back on a base whose rejection the persona's account dismissed on a retarget: it stands again
  const kept = dismissals ? keptRejection(history, subject, dismissals, member.login, at.headPatch) : null;
  if (kept) return row('current', kept);
  const carried = carriedTo(history, subject, { tree: at.headTree, patch: at.headPatch }, 'patch');
  if (carried) return row('carried-forward', carried.entry, carried.by);
  // the newest review the persona left, counting or not, says why there is no verdict
  const newest = history.filter((h) => isLive(h.review)).at(-1);
  if (newest?.review.edited) return row('edited', newest);
  if (newest && newest.marker.base !== at.base) return row('other-base', newest);
  return latest ? row('stale', latest) : row('missing', undefined);
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
    const head = standingText(r);
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

function standingText(r: BoardRow): string {
  const at = r.reviewedHead ? `\`${r.reviewedHead.slice(0, 7)}\`` : '';
  switch (r.standing) {
    case 'current':
      return `current (${at})`;
    case 'carried-forward':
      return `carried forward from ${at} (same ${r.by === 'patch' ? 'patch' : 'tree and patch'})`;
    case 'stale':
      return `stale: ${at} (head changed since)`;
    case 'edited':
      return `not counting: review of ${at} edited after it was posted`;
    case 'other-base':
      return `not counting: ${at} was reviewed for another base branch`;
    case 'missing':
      return 'missing';
    case 're-reviewing':
      return `re-review under way (its verdict on ${at} does not count meanwhile)`;
    case 'unconfirmed':
      return `not counting: its status on the head could not be read (a re-review may be under way)`;
    case 'not-green':
      return `not counting: its own status on the head is not green (a failure, or a review still to come)`;
  }
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
