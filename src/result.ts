// What a run ends in (SPEC §3), shared by the flows of every mode.
import type { Board } from './core/board.js';
import type { Diagnosis } from './core/diagnostics.js';
import type { ReviewEvent, Verdict } from './core/grammar.js';

export type Outcome = 'posted' | 'duplicate' | 'unchanged' | 'superseded' | 'closed' | 'checked' | 'needs-review' | 'reported' | 'aborted';
export type AbortReason =
  | 'missing-verdict'
  | 'verdict-not-last'
  | 'malformed-verdict'
  | 'mismatch'
  | 'empty-body'
  | 'body-too-large'
  | 'unreadable-body'
  | 'bad-input'
  | 'api-error'
  | 'permission-denied';

export interface Result {
  outcome: Outcome;
  reason?: AbortReason;
  /** Set when the step must fail; the first words are the reason when aborted. */
  failure?: string;
  advice?: string;
  verdict?: Verdict;
  event?: ReviewEvent;
  reviewId?: number;
  reviewUrl?: string;
  dismissed: number[];
  shouldReview?: boolean;
  headSha?: string;
  baselineSha?: string;
  pullNumber?: number;
  persona?: string;
  identity?: string;
  diagnosis?: Diagnosis;
  board?: Board;
  boardCommentId?: number;
  notices: string[];
  warnings: string[];
}

export interface RunContext {
  owner: string;
  repo: string;
  /** The event payload's pull request, if the workflow was triggered by one. */
  eventPull: { number: number; headSha: string; fromFork?: boolean } | null;
  /** Identifies this run in the marker: `<run id>-<attempt>-<random>`. */
  runId: string;
}

export class Abort extends Error {
  constructor(
    readonly reason: AbortReason,
    message: string,
    readonly advice = '',
    readonly diagnosis?: Diagnosis,
  ) {
    super(message);
  }
}

export const newResult = (): Result => ({ outcome: 'aborted', dismissed: [], notices: [], warnings: [] });
