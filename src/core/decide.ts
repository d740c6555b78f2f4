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

/** Stale = dismissable state, not the current review, recorded against another head. */
export function staleOf(history: readonly HistoryEntry[], currentId: number | null, head: string, policy: DismissPolicy): HistoryEntry[] {
  return history.filter((h) => DISMISSABLE[policy].has(h.review.state) && h.review.id !== currentId && h.marker.head !== head);
}

export interface Facts {
  persona: string;
  identity: string;
  head: string; // the reviewed head, already checked equal to the PR head
  headTree: string | null; // null: could not be established
  reviews: readonly ReviewFact[];
  verdict: Verdict | null; // null in preflight
  skipUnchanged: boolean;
  dismissStale: DismissPolicy;
}

export type Plan =
  | { action: 'post'; verdict: Verdict; event: ReviewEvent; dismissAfter: HistoryEntry[]; history: HistoryEntry[] }
  | { action: 'review'; history: HistoryEntry[] } // preflight: a review is needed
  | {
      action: 'keep';
      outcome: 'duplicate' | 'unchanged';
      current: HistoryEntry;
      verdict: Verdict;
      event: ReviewEvent;
      dismiss: HistoryEntry[];
      history: HistoryEntry[];
    };

/** Steps 5–7 and what step 9 will dismiss. */
export function decide(f: Facts): Plan {
  const history = historyOf(f.reviews, f.identity, f.persona);
  const live = history.filter((h) => isLive(h.review));
  const keep = (outcome: 'duplicate' | 'unchanged', current: HistoryEntry): Plan => ({
    action: 'keep',
    outcome,
    current,
    verdict: current.marker.verdict,
    event: EVENT_OF[current.marker.verdict],
    dismiss: staleOf(history, current.review.id, f.head, f.dismissStale),
    history,
  });
  const forHead = live.filter((h) => h.marker.head === f.head);
  if (forHead.length) return keep('duplicate', forHead[forHead.length - 1]!);
  const latest = live[live.length - 1];
  if (f.skipUnchanged && latest && latest.marker.tree !== null && f.headTree !== null && latest.marker.tree === f.headTree) {
    return keep('unchanged', latest);
  }
  if (f.verdict === null) return { action: 'review', history };
  return {
    action: 'post',
    verdict: f.verdict,
    event: EVENT_OF[f.verdict],
    dismissAfter: staleOf(history, null, f.head, f.dismissStale),
    history,
  };
}

/** After an ambiguous create failure: did this run's review land after all? */
export function findLanded(reviews: readonly ReviewFact[], identity: string, persona: string, head: string, run: string): HistoryEntry | null {
  const mine = historyOf(reviews, identity, persona).filter((h) => h.marker.head === head && isLive(h.review));
  return mine.find((h) => h.marker.run === run) ?? null;
}
