// The one small port through which the shell talks to GitHub.
import type { PullFacts, ReviewFact } from '../core/decide.js';
import type { ReviewEvent } from '../core/grammar.js';
import type { DiffFile } from '../core/patch.js';

export interface CommentFact {
  id: number;
  login: string | null;
  body: string;
  htmlUrl: string;
}

export interface GitHubPort {
  getPull(pullNumber: number): Promise<PullFacts>;
  /** The commit's tree SHA; null when the commit cannot be read (gone after a force-push, refused). */
  getTree(sha: string): Promise<string | null>;
  /** The files of the three-dot comparison base...head (first page: files are listed there only); null when refused. */
  compareFiles(base: string, head: string): Promise<DiffFile[] | null>;
  /** GET /user; null when the token may not read it (403 for GITHUB_TOKEN / App tokens). */
  getUserLogin(): Promise<string | null>;
  /** GraphQL viewer { login }; null when refused. */
  getViewerLogin(): Promise<string | null>;
  /** Every review on the PR, all pages. */
  listReviews(pullNumber: number): Promise<ReviewFact[]>;
  /** Never retried by the client: the caller decides after an ambiguous failure. */
  createReview(pullNumber: number, review: { event: ReviewEvent; body: string; commitId: string }): Promise<ReviewFact>;
  /** 'already' when GitHub says it is already dismissed. */
  dismissReview(pullNumber: number, reviewId: number, message: string): Promise<'dismissed' | 'already'>;
  listComments(issueNumber: number): Promise<CommentFact[]>;
  createComment(issueNumber: number, body: string): Promise<CommentFact>;
  updateComment(commentId: number, body: string): Promise<CommentFact>;
  /** 'gone' when it was already deleted. */
  deleteComment(commentId: number): Promise<'deleted' | 'gone'>;
}

/** A failed API call, already translated into words an operator can act on. */
export class ApiError extends Error {
  constructor(
    readonly operation: string,
    /** null: no HTTP answer (see kind). */
    readonly status: number | null,
    message: string,
    readonly advice: string = '',
    /** http: GitHub answered; timeout: no answer in time; network: connection failed or reset; deadline: not sent, the run's time was up. */
    readonly kind: 'http' | 'timeout' | 'network' | 'deadline' = 'http',
  ) {
    super(message);
  }
  /** The request may have taken effect: 5xx, timeout, connection reset. */
  get ambiguous(): boolean {
    return this.kind === 'timeout' || this.kind === 'network' || (this.status !== null && this.status >= 500);
  }
}
