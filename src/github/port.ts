// The one small port through which the shell talks to GitHub.
import { Abort } from '../abort.js';
import type { PullFacts, ReviewFact } from '../core/decide.js';
import { isAmbiguous, type ErrorClass, type Transport } from '../core/errors.js';
import type { ReviewEvent } from '../core/grammar.js';
import type { StatusFact, StatusState } from '../core/outcome.js';
import type { EnvironmentBranches } from '../core/doctor-environments.js';
import type { DiffFile } from '../core/patch.js';
import type { PrFile, toComment } from '../core/findings.js';
import type { DismissalEvent } from '../core/restamp.js';

export type ReviewComment = ReturnType<typeof toComment>;

/** How a persona's verdict is written on a commit: a commit status, or a check run of its App. */
export type StatusKind = 'commit' | 'check-run';

export interface CommentFact {
  id: number;
  login: string | null;
  body: string;
}

/** An open PR as listed: enough to match a workflow_run to it. */
export interface PullHead {
  number: number;
  headSha: string;
  headRepo: string | null;
}

/** getPermission: who may ask for a re-review (asker.ts), read as the doctor reads it. */
export interface GitHubPort extends Pick<SettingsPort, 'getPermission'> {
  getPull(pullNumber: number): Promise<PullFacts>;
  /** Open PRs whose head is `owner:branch`. */
  listPullsByHead(owner: string, branch: string): Promise<PullHead[]>;
  /** The commit's tree SHA; null when the commit cannot be read (gone after a force-push, refused). */
  getTree(sha: string): Promise<string | null>;
  /** Open PRs whose head is this commit (another PR may share it, into any base). */
  listOpenPullsWithHead(sha: string): Promise<Array<{ number: number; baseRef: string }>>;
  /** The files of the three-dot comparison base...head (first page: files are listed there only); null when refused. */
  compareFiles(base: string, head: string): Promise<DiffFile[] | null>;
  /** The unified diff of base...head (merge base to head), as GitHub renders it. */
  compareDiff(base: string, head: string): Promise<string>;
  /** GET /user; null when the token may not read it (403 for GITHUB_TOKEN / App tokens). */
  getUserLogin(): Promise<string | null>;
  /** GraphQL viewer { login }; null when refused. */
  getViewerLogin(): Promise<string | null>;
  /** Every review on the PR, all pages. */
  listReviews(pullNumber: number): Promise<ReviewFact[]>;
  /** Never retried by the client: the caller decides after an ambiguous failure. */
  createReview(
    pullNumber: number,
    review: { event: ReviewEvent; body: string; commitId: string; comments?: ReviewComment[] },
  ): Promise<ReviewFact>;
  /** The PR's files with their patches (absent for binary or too large files), all pages. */
  listPullFiles(pullNumber: number): Promise<PrFile[]>;
  /** The `review_dismissed` events of the issue timeline, all pages (restamp: who dismissed, and why). */
  listDismissals(issueNumber: number): Promise<DismissalEvent[]>;
  /** 'already' when GitHub says it is already dismissed. */
  dismissReview(pullNumber: number, reviewId: number, message: string): Promise<'dismissed' | 'already'>;
  createStatus(
    sha: string,
    s: { state: StatusState; description: string; context: string; targetUrl: string },
  ): Promise<void>;
  /** The commit's statuses of one context, newest first, all pages (GET /commits/{ref}/statuses). */
  listStatuses(sha: string, context: string): Promise<StatusFact[]>;
  /** The commit's commit statuses of every context, newest first, whatever this run's status-kind (the board). */
  listCommitStatuses(sha: string): Promise<Array<StatusFact & { context: string }>>;
  /**
   * The commit's check runs of every App, of one name when given, newest created first (creator: the App's login,
   * slug[bot]). Read as evidence that a run stands, never as proof that none does (GitHub lists the runs of the newest
   * 1000 suites only).
   */
  listCheckRuns(sha: string, name?: string): Promise<Array<StatusFact & { context: string }>>;
  listComments(issueNumber: number): Promise<CommentFact[]>;
  createComment(issueNumber: number, body: string): Promise<CommentFact>;
  updateComment(commentId: number, body: string): Promise<CommentFact>;
  /** 'gone' when it was already deleted. */
  deleteComment(commentId: number): Promise<'deleted' | 'gone'>;
  /** Waits about `ms` (GitHub's listings lag its writes): the run's one clock, never past its deadline. */
  pause(ms: number): Promise<void>;
}

/**
 * A failed API call, already translated into words an operator can act on, and
 * classified once (core/errors.ts). It aborts the run as permission-denied when the
 * token was refused, else api-error. Every port method fails with an ApiError and nothing
 * else (client.ts call() translates every failure): where the shell calls the port and handles
 * a failure, it catches ApiError, never Abort, so that a step's own Abort is never taken for a
 * refusal from GitHub. Abort is caught only around whole steps (main.ts, steps.ts attributed).
 */
export class ApiError extends Abort {
  constructor(
    readonly status: number | null,
    readonly cls: ErrorClass,
    readonly transport: Transport,
    message: string,
    advice = '',
  ) {
    super(cls === 'denied' ? 'permission-denied' : 'api-error', message, advice);
  }
  /** The request may have taken effect: 5xx, timeout, connection reset. */
  get ambiguous(): boolean {
    return isAmbiguous(this.cls);
  }
}

/** A rule that applies to a branch, as GET /repos/{o}/{r}/rules/branches/{b} lists it. */
export interface BranchRuleFact {
  type: string;
  parameters?: Record<string, unknown>;
  ruleset_id?: number;
}

/** Reads of the repository's settings, for the doctor. Refusals GitHub uses to hide a setting answer null. */
export interface SettingsPort {
  /** GET /repos/{o}/{r}: the default branch. */
  getDefaultBranch(): Promise<string>;
  /** Every ruleset's rules for the branch (all pages). */
  getBranchRules(branch: string): Promise<BranchRuleFact[]>;
  /** A ruleset's name and bypass list (null when hidden from this token); null when it cannot be read. */
  getRuleset(
    id: number,
  ): Promise<{ name: string; bypass: Array<{ type: string; id: number | null; mode: string }> | null } | null>;
  /**
   * The branch summary: protected (by anything), whether classic protection is enabled and its required checks
   * (null when not shown); null when there is no such branch.
   */
  getBranch(branch: string): Promise<{ protected: boolean; classic: boolean | null; requiredChecks: unknown } | null>;
  /** Classic protection; `{ refused: status }` for 403/404 (admins only, or none). */
  getBranchProtection(branch: string): Promise<{ protection: Record<string, unknown> } | { refused: number }>;
  /** GET /apps/{slug}: the App's id and client ID; null when there is no such App. */
  getApp(slug: string): Promise<{ id: number; clientId: string | null } | null>;
  /** The account's permission; 'not-collaborator' on 404; null when this token may not read it. */
  getPermission(login: string): Promise<string | null>;
  /** The workflow files at .github/workflows on a ref ([] when there is none); null when they cannot be read. */
  listWorkflowFiles(ref: string): Promise<Array<{ path: string; text: string }> | null>;
  /**
   * The CODEOWNERS file GitHub uses on a ref — the first of .github/CODEOWNERS, CODEOWNERS, docs/CODEOWNERS — with its
   * path; 'missing' when there is none; null when it cannot be read.
   */
  getCodeowners(ref: string): Promise<{ path: string; text: string } | 'missing' | null>;
  /** The lines of that file GitHub reports as errors (an unknown owner, a bad pattern); null when it would not say. */
  getCodeownersErrors(ref: string): Promise<Array<{ line: number; kind: string }> | null>;
  /** Which branches may deploy to an environment (and so read its secrets); 'missing' on 404; null when hidden. */
  getEnvironmentBranches(name: string): Promise<EnvironmentBranches | 'missing' | null>;
  /** The names of the Actions secrets of the repository, those an organization shares with it, or an environment's. */
  listSecretNames(store: 'repository' | 'organization' | { environment: string }): Promise<string[] | null>;
}

/** A port call the caller can do without: its ApiError answers null; anything else (a bug) is thrown. */
export const orNull = <T>(call: Promise<T>): Promise<T | null> =>
  call.catch((e: unknown) => {
    if (e instanceof ApiError) return null;
    throw e;
  });
