// What stands after a write (or without one) — pure: which of a persona's reviews is its current
// opinion for the PR's head and base, which go and why; which of two racing runs won; whether an
// ambiguous create landed. core/decide.ts plans the write; this module settles what it left.
import { historyOf, isLive, speaks, standingFor, type HistoryEntry, type ReviewFact } from './history.js';
import { versionOf } from './marker.js';

export type DismissPolicy = 'all' | 'changes-requested' | 'none';

const DISMISSABLE: Record<DismissPolicy, ReadonlySet<string>> = {
  all: new Set(['APPROVED', 'CHANGES_REQUESTED']),
  'changes-requested': new Set(['CHANGES_REQUESTED']),
  none: new Set(),
};
/** GitHub dismisses only these (COMMENTED and PENDING are refused). */
const CAN_DISMISS = DISMISSABLE.all;

export interface Dismissal {
  entry: HistoryEntry;
  why: 'stale' | 'duplicate' | 'edited';
}

export interface Settlement {
  /** The review that stands as this persona's current opinion. */
  anchor: HistoryEntry;
  dismiss: Dismissal[];
}

/**
 * After the write (on facts read again), or without a write (on the facts just read):
 * which of this persona's reviews stand, which go.
 * - The anchor is the review that stands for the PR's current head and base at `self`'s
 *   version (standingFor, over the history with `self` in it: GitHub's review listing can lag
 *   behind the create, and a forced `self` the listing does not show yet still replaces the older
 *   review); when there is none (the head moved meanwhile), the review that stands for `self`'s own head and base
 *   (a forced review there, or the first racing copy), else `self` (the review this run posted or kept): the gate is
 *   never left without the persona's latest opinion. Two forced runs that raced agree: the newer
 *   forced review stands for both.
 * - Edited reviews are dismissed whatever dismiss-stale says: they speak for nobody.
 * - Other live reviews of the anchor's head and base are duplicates (two runs raced, or a
 *   forced review replaced them): dismissed whatever dismiss-stale says, where GitHub allows it.
 * - Reviews of any other head or base are stale: dismissed per dismiss-stale. That includes
 *   `self` when a review for a newer head has already landed. (A rejection dismissed so for another
 *   base is found again on a retarget back: keptRejection in restamp.ts.)
 */
export function settle(
  history: readonly HistoryEntry[],
  pr: { head: string; base: string },
  self: HistoryEntry,
  policy: DismissPolicy,
): Settlement {
  const live = history.filter((h) => isLive(h.review));
  const current = { ...pr, version: versionOf(self.marker) };
  const listed = history.some((h) => h.review.id === self.review.id);
  const known = listed ? history : [...history, self].sort((a, b) => a.review.id - b.review.id);
  // nothing stands for the PR's head yet (it moved since this run read it): what stands for self's own head and base,
  // which a forced review there outranks (attack L, L2: a plain copy that raced a maintainer's forced rejection had
  // become the anchor, and the forced review was dismissed as its duplicate)
  const own = self.marker.base === undefined ? undefined : { head: self.marker.head, base: self.marker.base };
  const anchor =
    standingFor(known, current) ?? (own && standingFor(known, { ...own, version: current.version })) ?? self;
  const dismiss: Dismissal[] = [];
  const seen = new Set<number>([anchor.review.id]);
  const candidates = live.some((h) => h.review.id === self.review.id) || !isLive(self.review) ? live : [...live, self];
  for (const entry of candidates) {
    if (seen.has(entry.review.id)) continue;
    seen.add(entry.review.id);
    const m = entry.marker;
    if (entry.review.edited) {
      if (CAN_DISMISS.has(entry.review.state)) dismiss.push({ entry, why: 'edited' });
    } else if (m.head === anchor.marker.head && m.base === anchor.marker.base) {
      if (CAN_DISMISS.has(entry.review.state)) dismiss.push({ entry, why: 'duplicate' });
    } else if ((m.head !== pr.head || m.base !== pr.base) && DISMISSABLE[policy].has(entry.review.state)) {
      dismiss.push({ entry, why: 'stale' });
    }
  }
  return { anchor, dismiss };
}

/** Which of two racing runs' reviews for one head stands, seen after the write. */
export type Race = 'ours' | 'theirs-same-head' | 'newer-head';
export function raceWinner(s: Settlement, ours: HistoryEntry): Race {
  if (s.anchor.review.id === ours.review.id) return 'ours';
  return s.anchor.marker.head === ours.marker.head ? 'theirs-same-head' : 'newer-head';
}

/** GitHub refused the create with 422 and the PR head moved meanwhile: the review was superseded. */
export const supersededByRefusal = (status: number | null, headNow: string | null, reviewed: string): boolean =>
  status === 422 && headNow !== null && headNow !== reviewed;

/** After an ambiguous create failure: did this run's review land after all? */
export function findLanded(
  reviews: readonly ReviewFact[],
  identity: string,
  persona: string,
  head: string,
  run: string,
): HistoryEntry | null {
  return liveForHead(reviews, identity, persona, head).find((h) => h.marker.run === run) ?? null;
}

/**
 * After an ambiguous create failure, another run's review of this head this run may take as the one that stands: one
 * that still speaks (not edited — a writer can add "forced" to a plain review's marker, or change its verdict — nor
 * overruled), and, for a forced run, only a forced one (a plain run racing a maintainer's /review would otherwise undo
 * it: attack round 15, F1, and its read-through).
 */
export function adoptable(
  reviews: readonly ReviewFact[],
  identity: string,
  marker: { persona: string; head: string; forced?: boolean },
  known: ReadonlySet<number>,
): HistoryEntry | null {
  const fits = (h: HistoryEntry) => !known.has(h.review.id) && speaks(h) && (!marker.forced || h.marker.forced);
  return liveForHead(reviews, identity, marker.persona, marker.head).find(fits) ?? null;
}

/** This persona's live reviews recorded against `head`, oldest first. */
export const liveForHead = (
  reviews: readonly ReviewFact[],
  identity: string,
  persona: string,
  head: string,
): HistoryEntry[] => historyOf(reviews, identity, persona).filter((h) => h.marker.head === head && isLive(h.review));
