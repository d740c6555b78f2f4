// The vocabulary of a run's end — types and lists only: what a mode returns (`End`), what
// a run concludes (`Conclusion`: outcome, reason, step result, commit status) and the rules
// conclude() applies. The decisions are in outcome.ts (conclude()).
import type { Board } from './board.js';
import type { HistoryEntry } from './decide.js';
import type { Placement } from './findings.js';
import type { Diagnosis } from './diagnostics.js';
import type { ReviewEvent, Verdict } from './grammar.js';

export const OUTCOMES = [
  'posted',
  'duplicate',
  'unchanged',
  'restamped',
  'superseded',
  'closed',
  'unposted',
  'needs-review',
  'draft',
  'queued',
  'checked',
  'reported',
  'aborted',
] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const ABORT_REASONS = [
  'missing-verdict',
  'verdict-not-last',
  'malformed-verdict',
  'mismatch',
  'empty-body',
  'body-too-large',
  'unreadable-body',
  'no-body',
  'secret-in-body',
  'bad-input',
  'diff-unavailable',
  'bad-findings',
  'api-error',
  'permission-denied',
  'command-refused',
] as const;
export type AbortReason = (typeof ABORT_REASONS)[number];

/** The PR and commit a run is about, once known. */
export interface Target {
  /** null: only the commit is known (a body refused before the PR was read). */
  pullNumber: number | null;
  reviewedSha: string;
}

/** A target whose PR is known. */
/** `base`: the base branch the event named; a PR retargeted since is not this run's to review. */
export type PullTarget = Target & { pullNumber: number; base?: string };

/** A failure after the review is in place: the review stands, the step still fails. */
export interface AfterWrite {
  reason: AbortReason;
  message: string;
}

interface Common {
  target?: Target;
  identity?: string;
  dismissed?: readonly number[];
  /** What the run did, in one sentence, when the end says it itself (a review kept): Conclusion.lead. */
  lead?: string;
  notices?: readonly string[];
  warnings?: readonly string[];
}

export type End = Common &
  (
    | { kind: 'checked'; verdict: Verdict }
    | {
        kind: 'closed' | 'superseded';
        message: string;
        /** closed: the PR was merged (nothing can re-review it). */
        merged?: boolean;
        /** superseded: the PR's head now, when it moved on (a forced run's doubt follows a carry there). */
        movedTo?: string;
        /** closed: a post bound to a preflight's answer whose verdict could not be posted (recorded on the head). */
        unposted?: { verdict: Verdict; base: string; version: string };
      }
    /** preflight: the head was judged while the PR was closed, and that verdict is not rolled again. */
    | { kind: 'unposted'; verdict: Verdict; message: string; base: string; version: string }
    /** onHead: this context's statuses on the head, newest first; null when unread (fail closed: pending). */
    | { kind: 'needs-review'; diffPath?: string; onHead?: readonly StatusFact[] | null }
    | { kind: 'draft' }
    /** merge_group: the standing verdict for the queued PR's head, shown on the group's commit. */
    | {
        kind: 'queued';
        standing: HistoryEntry | null;
        statusSha: string;
        /** The base the group merges into, when the PR now targets another: no verdict counts for it. */
        otherBase?: { group: string; pull: string };
        /** Commit statuses: this context's statuses on the PR's head, newest first (a forced re-review under way
         * there holds the group); null when unread (fail closed). With check runs, its own runs there (a run found
         * holds; null when they cannot be listed: own-runs.ts). */
        onHead?: readonly StatusFact[] | null;
        /** A verdict carried from another head: that head and its statuses of this context (read as onHead). */
        source?: { sha: string; onHead: readonly StatusFact[] | null };
        /** The ids of the persona's reviews the run listed (a status linking another is a review posted since). */
        listed?: readonly number[];
      }
    | {
        /** restamped: the verdict GitHub's push rule dismissed, posted again for an identical patch. */
        kind: 'posted' | 'duplicate' | 'unchanged' | 'restamped';
        standing: HistoryEntry;
        /** restamped: the dismissed review whose verdict was posted again. */
        original?: HistoryEntry;
        afterWrite?: AfterWrite;
        /** posted: where the persona's findings went. */
        findings?: Placement;
        /** duplicate, unchanged, restamped: this context's statuses on the head, newest first; null when unread. */
        onHead?: readonly StatusFact[] | null;
        /** posted, duplicate: the base the PR was retargeted to while the review was made (its verdict is for
         * the old one). */
        retargeted?: string;
        /** Other open PRs whose head is this commit, into any base: one status cannot stand for both. */
        sharedHead?: ReadonlyArray<{ number: number; baseRef: string }> | null;
      }
    | { kind: 'reported'; board: Board; commentId: number; statusSha?: string }
    | { kind: 'aborted'; reason: AbortReason; message: string; advice?: string; diagnosis?: Diagnosis }
  );

export type StatusState = 'pending' | 'success' | 'failure';
/** A commit status of one context as GitHub lists it (state: also `error` when another tool wrote it). */
export interface StatusFact {
  /** GitHub's id of the status (absent in tables written by hand). */
  id?: number;
  state: string;
  /** The account that wrote it; null when GitHub does not say. */
  creator: string | null;
  /** What it says ("priya is reviewing 1a2b3c4"); '' when GitHub gives none. */
  description?: string;
  /** Where it links: the review a verdict's status stands for (…/pull/N#pullrequestreview-ID), else a run. */
  targetUrl?: string | null;
}
export interface StatusPlan {
  sha: string;
  state: StatusState;
  description: string;
  /** The review, when there is one; else the run. */
  reviewUrl?: string;
}

/** What a run ended in, as reported: outputs, summary, step result, commit status. */
/** What every outcome's conclusion starts from (conclude() fills in the outcome and the status). */
export type ConclusionBase = Omit<Conclusion, 'outcome' | 'status'>;

export interface Conclusion {
  outcome: Outcome;
  reason?: AbortReason;
  /** Set when the step must fail; starts with the reason when there is one. */
  failure?: string;
  advice?: string;
  verdict?: Verdict;
  event?: ReviewEvent;
  reviewId?: number;
  reviewUrl?: string;
  baselineSha?: string;
  shouldReview?: boolean;
  headSha?: string;
  /** queued: the head the standing verdict was given for (another than headSha when carried to it). */
  verdictHead?: string;
  /** The base branch the run was bound to (preflight: the one the diff was read against). */
  baseRef?: string;
  pullNumber?: number;
  identity?: string;
  /** The head's statuses the run read before it wrote (a kept verdict's): what a green is read again against. */
  seenOnHead?: readonly StatusFact[] | null;
  /** queued: the statuses the run read on the head its verdict is carried from (what a group's green is dated by). */
  seenOnSource?: readonly StatusFact[] | null;
  diffPath?: string;
  diagnosis?: Diagnosis;
  board?: Board;
  boardCommentId?: number;
  findings?: Placement;
  dismissed: readonly number[];
  /**
   * What the run did, in one sentence, where the end says it (a closed PR, a draft, a kept review): the summary's
   * lead and a notice in the log, said once — not again among `notices`, which are what else there is to know.
   */
  lead?: string;
  notices: readonly string[];
  warnings: readonly string[];
  status: StatusPlan | null;
  /** The status above was due but could not be written (the step fails; the gate shows what it showed). */
  statusUnwritten?: boolean;
  /** A forced re-review that stopped early: its pending, written before `status` (core/outcome.ts doubtKept). */
  doubt?: StatusPlan;
  /** What the doubt's pending means, said once it is written (src/main.ts withStatus): not when its write fails. */
  doubtNotice?: string;
}

export interface Rules {
  mode: 'check' | 'preflight' | 'post' | 'board';
  persona: string;
  failOnChangesRequested: boolean;
  requireAllPersonas: boolean;
  /** Whether this run writes a commit status (commit-status and the event). */
  commitStatus: boolean;
  /** board: approvals the panel status needs; null for every declared persona. */
  minApprovals?: number | null;
  /** An effective COMMENT is a green status (comment-passes); by default only an APPROVE is. */
  commentPasses?: boolean;
  /** A forced re-review (force): its pending says so. */
  forced?: boolean;
}
