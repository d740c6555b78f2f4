// What to do with a head, given the facts read from GitHub — pure: facts in, plan
// out. The shell fetches the facts, executes the plan and reports; nothing here does
// I/O. docs/DESIGN.md walks through every rule with the decision diagram.
import { EVENT_OF, type ReviewEvent, type Verdict } from './grammar.js';
import {
  carriedTo,
  historyOf,
  isLive,
  markedBy,
  sameLogin,
  standingFor,
  truthful,
  type HistoryEntry,
  type ReviewFact,
  type Subject,
} from './history.js';
import { decodeMarker, samePersona, versionOf } from './marker.js';
import { keptRejection, restampable, type DismissalEvent } from './restamp.js';
import { settle, type Dismissal, type DismissPolicy, type Settlement } from './settle.js';

// the history rules are core/history.ts; what the shell and the tests import from here stays here
export {
  carriedTo,
  counts,
  historyOf,
  patchCandidates,
  isLive,
  isOf,
  markedBy,
  standingFor,
  STATE_OF_EVENT,
  type HistoryEntry,
  type ReviewFact,
  type Subject,
} from './history.js';

// what stands after a write is core/settle.ts; the shell and the tests import it from here too
export {
  adoptable,
  findLanded,
  liveForHead,
  raceWinner,
  settle,
  supersededByRefusal,
  type Dismissal,
  type DismissPolicy,
  type Race,
  type Settlement,
} from './settle.js';

export type ReviewEventPolicy = 'verdict' | 'COMMENT';

export interface PullFacts {
  number: number;
  state: string; // open | closed
  merged: boolean;
  draft: boolean;
  headSha: string;
  baseSha: string;
  /** The base branch the PR merges into (a verdict is bound to it). */
  baseRef: string;
  /** The PR's author; null when GitHub does not say (a deleted account). */
  author: string | null;
  /** How many files the PR changes, as GitHub counts them. */
  changedFiles: number;
}

/** Closed, or a head that moved on, stops a run before anything else is decided. */
/** merged: a closed PR that was merged (it cannot be reopened: nothing is recorded for it). */
export type Gate =
  | { stop: true; outcome: 'closed' | 'superseded'; message: string; merged?: boolean; movedTo?: string }
  | { stop: false };

export function gate(pull: PullFacts, reviewedSha: string, base?: string): Gate {
  if (pull.state !== 'open') {
    return {
      stop: true,
      outcome: 'closed',
      message: `PR #${pull.number} is ${pull.merged ? 'merged' : 'closed'}: nothing to review`,
      merged: pull.merged,
    };
  }
  if (pull.headSha !== reviewedSha) {
    return {
      stop: true,
      outcome: 'superseded',
      message:
        `PR #${pull.number} head moved to ${pull.headSha.slice(0, 7)} after this run was triggered for ` +
        `${reviewedSha.slice(0, 7)}: the push that moved it triggers a review of the new head`,
      movedTo: pull.headSha,
    };
  }
  if (base !== undefined && pull.baseRef !== base) {
    return {
      stop: true,
      outcome: 'superseded',
      message:
        `PR #${pull.number} now merges into ${pull.baseRef}, not ${base} as when this run was triggered: the ` +
        'base change triggers a review for the new base',
    };
  }
  return { stop: false };
}

export interface Facts {
  persona: string;
  identity: string;
  /** false when only reviewer-login names the identity (GitHub would not say). */
  identityVerified: boolean;
  head: string; // the reviewed head, already checked equal to the PR head
  /** The PR's base branch now: a verdict for another base is no verdict for this one. */
  base: string;
  /** The PR's author: a persona never reviews a PR its own account opened. */
  author: string | null;
  headTree: string | null; // null: could not be established
  /** The PR patch id of the head (read whenever skip-unchanged is on); null/absent: not established. */
  headPatch?: string | null;
  /** What an unchanged head must share with the reviewed one besides the PR patch: the tree too, or not. */
  unchangedWhen?: 'tree' | 'patch';
  reviews: readonly ReviewFact[];
  verdict: Verdict | null; // null in preflight
  skipUnchanged: boolean;
  dismissStale: DismissPolicy;
  reviewEvent: ReviewEventPolicy;
  /** Review even a duplicate or unchanged head (the new review replaces the old). */
  force?: boolean;
  /** The persona version of this run ('' when not given): only reviews of that version are kept. */
  version?: string;
  /**
   * restamp is on (preflight): the head's PR patch and the timeline's review dismissals; a verdict GitHub's
   * push rule dismissed is posted again for an identical patch (core/restamp.ts).
   */
  restamp?: { patch: string | null; dismissals: readonly DismissalEvent[] } | null;
  /** The timeline's review dismissals, when read (restamp, or a rejection of this head and base dismissed). */
  dismissals?: readonly DismissalEvent[];
  /**
   * Heads whose verdict a forced re-review is judging again (the persona's "reviewing" pending stands there): their
   * verdict is neither carried to an equal change nor restamped while the re-review runs.
   */
  reReviewing?: readonly string[];
}

export type Refusal = { action: 'refuse'; message: string; advice: string };

export type Plan =
  /** Post a review; `early` are stale APPROVEs to dismiss before the create. */
  | { action: 'post'; verdict: Verdict; event: ReviewEvent; early: Dismissal[] }
  /** Preflight: a review is needed; `early` as for post. */
  | { action: 'review'; early: Dismissal[] }
  /** Preflight with restamp: post `original`'s verdict again for the head, without a review run. */
  | { action: 'restamp'; original: HistoryEntry; event: ReviewEvent; early: Dismissal[] }
  | {
      action: 'keep';
      outcome: 'duplicate' | 'unchanged';
      current: HistoryEntry;
      settlement: Settlement;
      /** unchanged: what matched the baseline. */
      by?: 'tree' | 'patch';
    }
  | Refusal;

/**
 * Reasons to write nothing at all: a PENDING review blocks every new review of the
 * account (GitHub answers 422), and an account that already speaks for another
 * persona would have its one review state overwritten.
 */
/** A GitHub App's or GitHub Actions' account: what an installation token posts as. */
const isBot = (login: string | null): boolean => login !== null && /\[bot\]$/i.test(login);

function refusal(f: Facts): Refusal | null {
  if (f.author !== null && sameLogin(f.author, f.identity)) {
    return {
      action: 'refuse',
      message:
        `${f.identity} opened this PR, and ${f.persona} posts as ${f.identity}: a persona never reviews its own ` +
        'change (GitHub would not count its approval, and a COMMENT-carried verdict would approve itself)',
      advice: 'give the persona its own account or GitHub App; this PR needs its review from someone else',
    };
  }
  const pending = f.reviews.find((r) => r.state === 'PENDING' && sameLogin(r.login, f.identity));
  if (pending) {
    return {
      action: 'refuse',
      message:
        `${f.identity} has a PENDING review (${pending.id}) on this PR, and GitHub accepts no new review ` +
        `from it until that one is gone`,
      advice: `submit or delete pending review ${pending.id} (it is visible only to ${f.identity}), then re-run`,
    };
  }
  if (!f.identityVerified) {
    // a wrong reviewer-login reads no history and would post again on every re-run. Unverified, the token is an
    // installation's (an App's, GITHUB_TOKEN's), so what it posted is a bot's review: a marker in a person's review is
    // a copy and blocks nothing (a stranger's COMMENT blocked the head: attack round 12, B6); a bot's blocks, edited
    // or not (an edit let a wrong reviewer-login post twice: attack round 12, D3)
    const elsewhere = f.reviews.find((r) => {
      const m = isLive(r) && isBot(r.login) && !sameLogin(r.login, f.identity) ? decodeMarker(r.body) : null;
      return m !== null && samePersona(m.persona, f.persona) && m.head === f.head && truthful(r, m);
    });
    if (elsewhere) {
      return {
        action: 'refuse',
        message:
          `review ${elsewhere.id} by ${elsewhere.login} already carries ${f.persona}'s verdict for this head, ` +
          `but reviewer-login says ${f.identity}`,
        advice:
          `if this token posts as ${elsewhere.login}, set reviewer-login to ${elsewhere.login}; if it does not, ` +
          `review ${elsewhere.id} is another App's copy of the marker: dismiss it (or push a new commit) and re-run`,
      };
    }
  }
  return f.reviewEvent === 'verdict' ? sharedAccount(f.reviews, f.identity, f.persona) : null;
}

/**
 * GitHub keeps one review state per account: an account that already holds another
 * persona's APPROVED or CHANGES_REQUESTED review cannot speak for this one too.
 */
export function sharedAccount(reviews: readonly ReviewFact[], identity: string, persona: string): Refusal | null {
  const other = markedBy(reviews, identity).find(
    (h) =>
      !samePersona(h.marker.persona, persona) &&
      (h.review.state === 'APPROVED' || h.review.state === 'CHANGES_REQUESTED'),
  );
  if (!other) return null;
  return {
    action: 'refuse',
    message:
      `${identity} already holds persona ${other.marker.persona}'s ${other.review.state} review ${other.review.id} ` +
      `on this PR; ` +
      `GitHub keeps one review state per account, so ${persona}'s verdict would silently replace it`,
    advice:
      'give every persona its own account or GitHub App, or set review-event: COMMENT and gate on the commit status',
  };
}

/**
 * Live APPROVEs of this persona that approve nothing now (another head or base, another persona version, or edited):
 * they go before anything else happens. Edited ones go whatever dismiss-stale says. An older version's approval of
 * this very head is stale too: the persona's jobs judge the head again, and it must not stand on GitHub meanwhile
 * (attack round 16, E16b-2).
 */
function staleApprovals(live: readonly HistoryEntry[], s: Subject, policy: DismissPolicy): Dismissal[] {
  return live
    .filter((h) => h.review.state === 'APPROVED')
    .flatMap((entry): Dismissal[] => {
      if (entry.review.edited) return [{ entry, why: 'edited' }];
      const other =
        entry.marker.head !== s.head || entry.marker.base !== s.base || versionOf(entry.marker) !== s.version;
      return other && policy === 'all' ? [{ entry, why: 'stale' }] : [];
    });
}

/** Post, review, keep the review that already stands, or refuse. */
export function decide(f: Facts): Plan {
  const refused = refusal(f);
  if (refused) return refused;
  const history = historyOf(f.reviews, f.identity, f.persona);
  const live = history.filter((h) => isLive(h.review));
  const pr = { head: f.head, base: f.base };
  const keep = (outcome: 'duplicate' | 'unchanged', current: HistoryEntry, by?: 'tree' | 'patch'): Plan => ({
    action: 'keep',
    outcome,
    current,
    settlement: settle(history, pr, current, f.dismissStale),
    by,
  });
  const subject = { ...pr, version: f.version ?? '' };
  const forHead = f.force ? undefined : standingFor(history, subject);
  if (forHead) return keep('duplicate', forHead);
  // back on a base whose rejection of this head this account dismissed as stale on a retarget: it stands again
  const kept = f.force || !f.dismissals ? null : keptRejection(history, subject, f.dismissals, f.identity, f.headPatch);
  if (kept) return keep('duplicate', kept);
  const head = { tree: f.headTree, patch: f.headPatch };
  const carried = f.skipUnchanged && !f.force ? carriedTo(history, subject, head, f.unchangedWhen ?? 'tree') : null;
  const doubted = (e: HistoryEntry) => f.reReviewing?.includes(e.marker.head) ?? false;
  if (carried && !doubted(carried.entry)) return keep('unchanged', carried.entry, carried.by);
  const early = staleApprovals(live, subject, f.dismissStale);
  const restamp = f.verdict === null && f.restamp && !f.force ? f.restamp : null;
  const original = restamp && restampable(history, subject, restamp.patch, restamp.dismissals, f.identity);
  if (original && !doubted(original)) {
    const event = f.reviewEvent === 'COMMENT' ? 'COMMENT' : EVENT_OF[original.marker.verdict];
    return { action: 'restamp', original, event, early };
  }
  if (f.verdict === null) return { action: 'review', early };
  return {
    action: 'post',
    verdict: f.verdict,
    event: f.reviewEvent === 'COMMENT' ? 'COMMENT' : EVENT_OF[f.verdict],
    early,
  };
}
