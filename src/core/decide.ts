// The decision of SPEC §3–§5 — pure: facts in, plan out. The shell fetches the
// facts, executes the plan and reports; nothing here does I/O.
import { EVENT_OF, type ReviewEvent, type Verdict } from './grammar.js';
import { decodeMarker, type Marker } from './marker.js';

export type DismissPolicy = 'all' | 'changes-requested' | 'none';

export interface ReviewFact {
  id: number;
  login: string | null;
  state: string; // APPROVED | CHANGES_REQUESTED | COMMENTED | DISMISSED | PENDING
  body: string | null;
  commitId: string | null;
  submittedAt: string | null;
  htmlUrl: string;
}

export interface HistoryEntry {
  review: ReviewFact;
  marker: Marker;
}

export interface PullFacts {
  number: number;
  state: string; // open | closed
  merged: boolean;
  headSha: string;
  baseSha: string;
  htmlUrl: string;
}

const LIVE = new Set(['APPROVED', 'CHANGES_REQUESTED', 'COMMENTED']);
export const isLive = (r: ReviewFact): boolean => LIVE.has(r.state);

const sameLogin = (a: string | null, b: string): boolean => a !== null && a.toLowerCase() === b.toLowerCase();

/**
 * A persona's history: reviews authored by `identity` whose first line is a marker
 * naming `persona`. Nothing else counts, whatever its body says. Oldest first.
 */
export function historyOf(reviews: readonly ReviewFact[], identity: string, persona: string): HistoryEntry[] {
  const out: HistoryEntry[] = [];
  for (const review of reviews) {
    if (!sameLogin(review.login, identity)) continue;
    const marker = decodeMarker(review.body);
    if (marker && marker.persona === persona) out.push({ review, marker });
  }
  return out.sort((a, b) => a.review.id - b.review.id);
}

/** Step 3: closed or superseded before anything else is read. */
export type Gate = { stop: true; outcome: 'closed' | 'superseded'; message: string } | { stop: false };

export function gate(pull: PullFacts, reviewedSha: string): Gate {
  if (pull.state !== 'open') {
    return { stop: true, outcome: 'closed', message: `PR #${pull.number} is ${pull.merged ? 'merged' : 'closed'}: nothing to review` };
  }
  if (pull.headSha !== reviewedSha) {
    return {
      stop: true,
      outcome: 'superseded',
      message: `PR #${pull.number} head is now ${pull.headSha.slice(0, 7)}, not the reviewed ${reviewedSha.slice(0, 7)}: a newer run reviews the new head`,
    };
  }
  return { stop: false };
}

const DISMISSABLE: Record<DismissPolicy, ReadonlySet<string>> = {
  all: new Set(['APPROVED', 'CHANGES_REQUESTED']),
  'changes-requested': new Set(['CHANGES_REQUESTED']),
  none: new Set(),
};
/** GitHub dismisses only these (COMMENTED and PENDING are refused). */
const CAN_DISMISS = DISMISSABLE.all;

export interface Dismissal {
  entry: HistoryEntry;
  why: 'stale' | 'duplicate';
}

export interface Settlement {
  /** The review that stands as this persona's current opinion. */
  anchor: HistoryEntry;
  dismiss: Dismissal[];
}

/**
 * Step 9, on facts read after the write (or, without a write, on the facts just
 * read): which of this persona's reviews stand, which go.
 * - The anchor is the first live review recorded against the PR's current head;
 *   when there is none yet, it is `self` (the review this run posted or kept): the
 *   gate is never left without the persona's latest opinion.
 * - Other live reviews recorded against the anchor's head are duplicates (two runs
 *   raced): dismissed whatever dismiss-stale says, where GitHub allows it.
 * - Reviews recorded against any other head are stale: dismissed per dismiss-stale.
 *   That includes `self` when a review for a newer head has already landed.
 */
export function settle(history: readonly HistoryEntry[], prHead: string, self: HistoryEntry, policy: DismissPolicy): Settlement {
  const live = history.filter((h) => isLive(h.review));
  const anchor = live.find((h) => h.marker.head === prHead) ?? self;
  const dismiss: Dismissal[] = [];
  const seen = new Set<number>([anchor.review.id]);
  const candidates = live.some((h) => h.review.id === self.review.id) || !isLive(self.review) ? live : [...live, self];
  for (const entry of candidates) {
    if (seen.has(entry.review.id)) continue;
    seen.add(entry.review.id);
    if (entry.marker.head === anchor.marker.head) {
      if (CAN_DISMISS.has(entry.review.state)) dismiss.push({ entry, why: 'duplicate' });
    } else if (entry.marker.head !== prHead && DISMISSABLE[policy].has(entry.review.state)) {
      dismiss.push({ entry, why: 'stale' });
    }
  }
  return { anchor, dismiss };
}

export interface Facts {
  persona: string;
  identity: string;
  head: string; // the reviewed head, already checked equal to the PR head
  headTree: string | null; // null: could not be established
  /** The PR patch id of the head (unchanged-when: patch); null/absent: not established. */
  headPatch?: string | null;
  reviews: readonly ReviewFact[];
  verdict: Verdict | null; // null in preflight
  skipUnchanged: boolean;
}

export type Plan =
  | { action: 'post'; verdict: Verdict; event: ReviewEvent; history: HistoryEntry[] }
  | { action: 'review'; history: HistoryEntry[] } // preflight: a review is needed
  | {
      action: 'keep';
      outcome: 'duplicate' | 'unchanged';
      current: HistoryEntry;
      verdict: Verdict;
      event: ReviewEvent;
      history: HistoryEntry[];
      /** unchanged: what matched the baseline. */
      by?: 'tree' | 'patch';
    };

/** Steps 5–7: post, or keep the review that already stands. */
export function decide(f: Facts): Plan {
  const history = historyOf(f.reviews, f.identity, f.persona);
  const live = history.filter((h) => isLive(h.review));
  const keep = (outcome: 'duplicate' | 'unchanged', current: HistoryEntry, by?: 'tree' | 'patch'): Plan => ({
    action: 'keep',
    outcome,
    current,
    verdict: current.marker.verdict,
    event: EVENT_OF[current.marker.verdict],
    history,
    by,
  });
  const forHead = live.find((h) => h.marker.head === f.head); // the first that landed stands
  if (forHead) return keep('duplicate', forHead);
  const latest = live[live.length - 1];
  if (f.skipUnchanged && latest) {
    if (latest.marker.tree != null && f.headTree != null && latest.marker.tree === f.headTree) return keep('unchanged', latest, 'tree');
    if (latest.marker.patch != null && f.headPatch != null && latest.marker.patch === f.headPatch) return keep('unchanged', latest, 'patch');
  }
  if (f.verdict === null) return { action: 'review', history };
  return { action: 'post', verdict: f.verdict, event: EVENT_OF[f.verdict], history };
}

/** After an ambiguous create failure: did this run's review land after all? */
export function findLanded(reviews: readonly ReviewFact[], identity: string, persona: string, head: string, run: string): HistoryEntry | null {
  const mine = historyOf(reviews, identity, persona).filter((h) => h.marker.head === head && isLive(h.review));
  return mine.find((h) => h.marker.run === run) ?? null;
}
