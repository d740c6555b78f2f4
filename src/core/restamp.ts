// Restamp — pure. GitHub's "dismiss stale pull request approvals when new commits are
// pushed" dismisses a persona's APPROVE on every push, an identical rebase included.
// With `restamp` on, preflight recognises that dismissal in the issue timeline and,
// when the new head's PR patch, base and persona version equal the dismissed review's,
// posts the same verdict again for the new head instead of asking for an LLM run. The timeline
// also tells a rejection this account dismissed on a retarget (keptRejection): back on its base,
// it stands again.
import { isOf, sinceForced, speaks, type HistoryEntry, type Subject } from './history.js';
import { versionOf } from './marker.js';

/**
 * A `review_dismissed` event of the issue timeline (GET /repos/{o}/{r}/issues/{n}/timeline),
 * as far as restamp needs it. GitHub records its stale-review dismissal on a push with the
 * pusher as actor, `dismissed_review.dismissal_commit_id` (the pushed commit) and no message; a
 * dismissal through the UI or the API carries the (required) message and no commit id.
 */
export interface DismissalEvent {
  reviewId: number;
  actor: string | null;
  message: string | null;
  commitId: string | null;
}

const sameLogin = (a: string | null, b: string): boolean => a !== null && a.toLowerCase() === b.toLowerCase();

/** GitHub's stale-review rule on a push: a commit id, no message, and never this account's own dismissal. */
export const byPush = (e: DismissalEvent, identity: string): boolean =>
  !!e.commitId && !e.message && !sameLogin(e.actor, identity);

/**
 * The review to restamp for a subject, or null: the persona's latest marked review (whatever
 * its state) was dismissed, every timeline record of that dismissal is GitHub's push rule,
 * it was never edited, and it recorded the same PR patch, base and persona version as now.
 */
export function restampable(
  history: readonly HistoryEntry[],
  s: Subject,
  headPatch: string | null | undefined,
  dismissals: readonly DismissalEvent[],
  identity: string,
): HistoryEntry | null {
  const latest = history.at(-1);
  if (!latest || latest.review.state !== 'DISMISSED' || !speaks(latest)) return null;
  const m = latest.marker;
  if (m.base === undefined || m.base !== s.base || versionOf(m) !== s.version) return null;
  if (!stood(history, latest, dismissals)) return null;
  if (m.patch == null || headPatch == null || m.patch !== headPatch) return null;
  const events = dismissals.filter((e) => e.reviewId === latest.review.id);
  return events.length > 0 && events.every((e) => byPush(e, identity)) ? latest : null;
}

/**
 * Whether a review stood for its subject: since the subject's newest forced review, no review that still speaks and
 * stood came before it. A later one is a racing copy — a plain approval created just after a maintainer's forced
 * rejection of the same head is never restamped (attack L, L2).
 */
function stood(history: readonly HistoryEntry[], h: HistoryEntry, dismissals: readonly DismissalEvent[]): boolean {
  const s = { head: h.marker.head, base: h.marker.base ?? '', version: versionOf(h.marker) };
  // dismissed — by a writer (a re-roll asked for), by this account (stale on a retarget, a raced duplicate) or by
  // GitHub's push (the head left, then came back: attack N, N3) — it stood no longer when what came after it was
  // posted; one whose dismissal the timeline does not show still counts (fail closed)
  const gone = (e: HistoryEntry) =>
    e.review.state === 'DISMISSED' && dismissals.some((d) => d.reviewId === e.review.id);
  return (
    sinceForced(history.filter((e) => isOf(e.marker, s))).filter((e) => e === h || (speaks(e) && !gone(e)))[0] === h
  );
}

/** This account's own stale dismissal (steps.ts dismissMessage): "Superseded: …" or "Stale: …". */
const OWN_STALE = /^(?:Superseded|Stale): [\s\S]*\[persona-verdict\]$/;

/**
 * A rejection of this very subject (head, base, version) — or of another head with the same PR patch (sameChange) —
 * that this account dismissed as stale when the PR was retargeted: back on that base it stands again, rather than a
 * new roll of the same change (attack rounds 7 to 11, attack L).
 * It was dismissed (GitHub's review state must follow the PR's current base), so it is found through the timeline.
 * Since the subject's newest forced review (only a writer's /review judges a subject again on purpose), its unedited
 * reviews are walked from the newest: one a writer dismissed is a re-roll the writer asked for, one this account
 * dismissed as a duplicate a raced copy, and an approval this account dismissed as stale no verdict that may stand
 * again — all passed over; the newest rejection this account dismissed as stale is kept. So a rejection on record
 * for the subject is never rolled again by a base round trip, whichever came first: an approval lost on an earlier
 * round trip (attack K, K2), or a racing copy that stood beside it (attack round 9). Anything else (a live review, a
 * dismissal the timeline does not show) keeps nothing: the subject is judged again.
 */
export function keptRejection(
  history: readonly HistoryEntry[],
  s: Subject,
  dismissals: readonly DismissalEvent[],
  identity: string,
  headPatch?: string | null,
): HistoryEntry | null {
  const ours = (e: DismissalEvent) => sameLogin(e.actor, identity);
  const reviews = sinceForced(history.filter((e) => isOf(e.marker, s) || sameChange(e.marker, s, headPatch))).filter(
    speaks,
  );
  // the newest head judged: a later head of the same patch judged afresh (an "Update branch" with a new tree) is a
  // judgment of its own, not a copy, and an older head's rejection does not outlive it
  const top = reviews.at(-1)?.marker.head;
  const newestFirst = reviews.filter((e) => e.marker.head === top).reverse();
  for (const h of newestFirst) {
    const events = dismissals.filter((e) => e.reviewId === h.review.id);
    if (h.review.state !== 'DISMISSED' || !events.length) return null;
    if (events.some((e) => !ours(e)) || events.every((e) => OWN_DUPLICATE.test(e.message ?? ''))) continue;
    if (!events.every((e) => OWN_STALE.test(e.message ?? ''))) return null;
    if (h.marker.verdict === 'CHANGES_REQUESTED') return h;
  }
  return null;
}

/** This account's dismissal of a raced copy (steps.ts dismissMessage): "Duplicate: …". */
const OWN_DUPLICATE = /^Duplicate: [\s\S]*\[persona-verdict\]$/;

/**
 * Another head's review of the same change into the same base (the same PR patch, a persona version alike): an amend
 * or an identical rebase of the rejected head. A rejection keeps across it, as the carry would keep it live (attack L,
 * L3: a retarget there and back around a no-op amend re-rolled it); keeping a rejection never turns anything green.
 */
const sameChange = (m: HistoryEntry['marker'], s: Subject, headPatch: string | null | undefined): boolean =>
  headPatch != null && m.patch != null && m.patch === headPatch && m.base === s.base && versionOf(m) === s.version;

/**
 * Whether the timeline may keep a rejection for the subject (readHead reads it then): since its newest forced review,
 * an unedited CHANGES_REQUESTED of it — or, once the head's patch is known, of another head with the same patch — is
 * dismissed.
 */
export const dismissedRejection = (history: readonly HistoryEntry[], s: Subject, headPatch?: string | null): boolean =>
  sinceForced(history.filter((h) => isOf(h.marker, s) || sameChange(h.marker, s, headPatch))).some(
    (h) => speaks(h) && h.review.state === 'DISMISSED' && h.marker.verdict === 'CHANGES_REQUESTED',
  );

/**
 * Whether another head's rejection into the subject's base was dismissed (a persona version alike): once the head's
 * patch is read, it may be the same change — an amend — which dismissedRejection, given the patch, then tells.
 */
export const dismissedRejectionElsewhere = (history: readonly HistoryEntry[], s: Subject): boolean =>
  history.some(
    (h) =>
      h.marker.head !== s.head &&
      h.marker.base === s.base &&
      versionOf(h.marker) === s.version &&
      speaks(h) &&
      h.review.state === 'DISMISSED' &&
      h.marker.verdict === 'CHANGES_REQUESTED',
  );

/** Whether restamp could apply at all: the persona's latest marked review is dismissed (the timeline says by whom). */
export const latestDismissed = (history: readonly HistoryEntry[]): boolean =>
  history.at(-1)?.review.state === 'DISMISSED';

/** The restamped review's body (after the marker): where the verdict comes from, and the verdict line. */
export function restampBody(original: HistoryEntry, head: string, persona: string): string {
  const m = original.marker;
  const version = m.version ? `, persona version \`${m.version}\`` : '';
  return (
    `**Restamped.** GitHub dismissed ${persona}'s [review ${original.review.id}](${original.review.htmlUrl}) ` +
    `of ${m.head.slice(0, 7)} as stale when new commits were pushed. The PR's patch at ${head.slice(0, 7)} is ` +
    `identical to the one reviewed there (same patch id, base \`${m.base}\`${version}), so the same verdict is ` +
    `posted again for this head without a new review run.\n\n## VERDICT: ${m.verdict}\n`
  );
}
