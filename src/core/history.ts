// A persona's reviews as history — pure: which of the reviews on a PR are the persona's (authored
// by its account, a marker naming it, a state matching the marker), which one stands for a head,
// base and version (a forced re-review replaces every earlier opinion), and which verdict an equal
// change carries to a new head. core/decide.ts decides on them; docs/DESIGN.md walks through it.
import { type ReviewEvent } from './grammar.js';
import { decodeMarker, postedEvent, samePersona, versionOf, type Marker } from './marker.js';

export interface ReviewFact {
  id: number;
  login: string | null;
  state: string; // APPROVED | CHANGES_REQUESTED | COMMENTED | DISMISSED | PENDING
  body: string | null;
  htmlUrl: string;
  /**
   * The body was edited after it was posted (GraphQL PullRequestReview.lastEditedAt; REST does not
   * show edits). Anyone with write access can edit another account's review, so an edited review
   * is never the persona's opinion: it stands for nothing, carries nothing forward, and is dismissed.
   */
  edited?: boolean;
}

export interface HistoryEntry {
  review: ReviewFact;
  marker: Marker;
  /**
   * A later review of this account was edited: its marker — forced or not, of which persona, head or base, or gone
   * — can no longer be trusted, so it cuts like a forced review of every subject: nothing older speaks again.
   */
  overruled?: boolean;
}

const LIVE = new Set(['APPROVED', 'CHANGES_REQUESTED', 'COMMENTED']);
export const isLive = (r: ReviewFact): boolean => LIVE.has(r.state);
/** A review that can still speak: never edited since it was posted, and no later review of its account was. */
export const speaks = (h: HistoryEntry): boolean => !h.review.edited && !h.overruled;
/** A review that can speak for its persona: live, and it still speaks. */
export const counts = (h: HistoryEntry): boolean => isLive(h.review) && speaks(h);

/** What one judgment is of: this head, merging into this base, by this persona version. */
export interface Subject {
  head: string;
  base: string;
  version: string;
}

/** A marker written before verdicts were bound to a base (no base=) is of no subject at all. */
export const isOf = (m: Marker, s: Subject): boolean =>
  m.head === s.head && m.base !== undefined && m.base === s.base && versionOf(m) === s.version;

/**
 * The review that stands for a subject. A forced review (a re-review on demand) replaces every
 * earlier opinion of that subject for good — even once it is edited or dismissed, an older
 * review never stands again; from the newest forced one on (or from the start), the first
 * review that counts stands (later copies are racing runs'). Edited and dismissed reviews never
 * stand. The one rule for post, preflight, queue and board.
 */
export function standingFor(history: readonly HistoryEntry[], s: Subject): HistoryEntry | undefined {
  return sinceForced(history.filter((h) => isOf(h.marker, s))).find(counts);
}

/** The entries from the newest forced one on (whatever its state): nothing older may speak again. */
export const sinceForced = (history: readonly HistoryEntry[]): readonly HistoryEntry[] => {
  const newest = history.findLastIndex((h) => h.marker.forced);
  return newest < 0 ? history : history.slice(newest);
};

/**
 * The verdict an equal change carries forward: the persona's latest counting review (none older
 * than its newest forced review, even an edited or dismissed one), when it
 * is of the same version and base and recorded the same PR patch (the change the PR makes
 * against its merge base) — with `when: 'tree'` also the same tree (an empty commit). A tree
 * alone proves nothing once the base moved: a merge of the base that keeps the head's tree
 * (`git merge -s ours`) reverts whatever the base gained. An unknown patch carries nothing.
 */
export function carriedTo(
  history: readonly HistoryEntry[],
  s: Subject,
  head: { tree: string | null; patch: string | null | undefined },
  when: 'tree' | 'patch',
): { entry: HistoryEntry; by: 'tree' | 'patch' } | null {
  const latest = sinceForced(history).filter(counts).at(-1);
  if (!latest || versionOf(latest.marker) !== s.version || latest.marker.base !== s.base) return null;
  const { tree, patch } = latest.marker;
  if (patch == null || head.patch == null || patch !== head.patch) return null;
  if (tree != null && head.tree != null && tree === head.tree) return { entry: latest, by: 'tree' };
  return when === 'patch' ? { entry: latest, by: 'patch' } : null;
}

/**
 * The reviews a verdict could be carried from by the PR patch alone, for this base and version: carriedTo's (the
 * latest counting review since the newest forced one) and restamp's (the latest review). Whether a head's diff must
 * be read for its files' modes is decided on these (head-patch.ts), not on the whole history.
 */
export function patchCandidates(history: readonly HistoryEntry[], s: Subject): HistoryEntry[] {
  const counting = sinceForced(history).filter(counts).at(-1);
  return [counting, history.at(-1)].filter(
    (h): h is HistoryEntry => h !== undefined && h.marker.base === s.base && versionOf(h.marker) === s.version,
  );
}

/** The review state each posted event produces. */
export const STATE_OF_EVENT: Readonly<Record<ReviewEvent, string>> = {
  APPROVE: 'APPROVED',
  REQUEST_CHANGES: 'CHANGES_REQUESTED',
  COMMENT: 'COMMENTED',
};

export const sameLogin = (a: string | null, b: string): boolean => a !== null && a.toLowerCase() === b.toLowerCase();

/**
 * Whether a marked review is what its marker says: its state is the state of the
 * event the marker records (or it was dismissed since). A COMMENTED review carrying
 * `verdict=APPROVE` without `event=COMMENT` is forged or broken, and counts for nothing.
 */
export const truthful = (review: ReviewFact, marker: Marker): boolean =>
  review.state === 'DISMISSED' || review.state === STATE_OF_EVENT[postedEvent(marker)];

/**
 * Every truthful marked review by `identity`, whatever persona it names. Oldest first. Those older than the account's
 * newest edited review, marked or not (a writer who deletes a forced review's marker, or only its "forced", or names
 * another persona in it), are overruled (attack round 15, E1). `own`: the review this run has just posted, read back
 * with the marker it was sent with — its edit (or GraphQL's trace not listing it yet) cuts nothing, for what its
 * marker said is known; it still does not count (a read-through of round 15: a plain post's own review, taken for
 * edited, overruled the maintainer's forced rejection before it).
 */
export function markedBy(reviews: readonly ReviewFact[], identity: string, own?: HistoryEntry): HistoryEntry[] {
  const out: HistoryEntry[] = [];
  let cut = -Infinity;
  for (const review of reviews) {
    if (!sameLogin(review.login, identity)) continue;
    const mine = own?.review.id === review.id;
    if (review.edited && !mine) cut = Math.max(cut, review.id);
    const marker = mine && own ? own.marker : decodeMarker(review.body);
    if (marker && truthful(review, marker)) out.push({ review, marker });
  }
  return out.map((h) => (h.review.id < cut ? { ...h, overruled: true } : h)).sort((a, b) => a.review.id - b.review.id);
}

/**
 * A persona's history: reviews authored by `identity` whose first line is a marker
 * naming `persona` and whose state matches the marker. Nothing else counts.
 */
export const historyOf = (
  reviews: readonly ReviewFact[],
  identity: string,
  persona: string,
  own?: HistoryEntry,
): HistoryEntry[] => markedBy(reviews, identity, own).filter((h) => samePersona(h.marker.persona, persona));
