// Turns a failed Octokit request into an ApiError: GitHub's words (token redacted),
// the class (core/errors.ts) and advice an operator can act on.
import { classify, type ErrorClass } from '../core/errors.js';
import { ApiError } from './port.js';

/** Thrown by the time-limit hook when the run's deadline has passed: this attempt was not sent (earlier ones were). */
export class DeadlineError extends Error {
  constructor(readonly retries = 0) {
    super("the run's time limit ran out");
  }
}

const ADVICE_422: Array<[RegExp, string]> = [
  [
    /approve your own pull request/i,
    'the token belongs to the PR author, who cannot approve their own PR: give the persona its own account and token',
  ],
  [
    /request changes on your own pull request/i,
    'the token belongs to the PR author, who cannot request changes on their own PR: ' +
      'give the persona its own account and token',
  ],
  [
    /not permitted to approve pull requests/i,
    'enable "Allow GitHub Actions to create and approve pull requests" (Settings → Actions → General), ' +
      'or post with a persona PAT',
  ],
  [/lock prevents review/i, 'the PR conversation is locked: unlock it, or review after the lock is lifted'],
  [/pending review/i, 'this account has a PENDING review on the PR: submit or delete it, then re-run'],
  [
    // GitHub keeps 1000 statuses per sha and context, whoever wrote them, and deletes none
    /maximum number of statuses/i,
    'this commit holds 1000 statuses under this context (GitHub keeps at most that many, deleting none): its ' +
      'colour can no longer change, so do not merge on it. Push a new commit (a new sha starts empty), and find who ' +
      'filled the context (anyone with write access may set statuses). A merge queue re-decides on each group commit',
  ],
];

/** Why a re-run is safe after a failure that may have taken effect: said the same way everywhere. */
export const RERUN = 'a re-run lists the reviews first and never posts a second review for this head';

interface Limits {
  token: string;
  requestTimeoutMs: number;
  deadline: number;
}

type OctokitError = {
  status?: number;
  message?: string;
  response?: { data?: unknown; headers?: Record<string, string> };
  name?: string;
  /** @octokit/graphql's GraphqlResponseError: an HTTP 200 whose body carries errors, with that answer's headers. */
  errors?: Array<{ type?: string; message?: string }>;
  headers?: Record<string, string>;
};

/** A GraphQL answer of HTTP 200 that carries errors (thrown by @octokit/graphql as a GraphqlResponseError). */
const graphqlAnswer = (err: OctokitError): boolean => err.name === 'GraphqlResponseError' && Array.isArray(err.errors);

export const redactor =
  (token: string) =>
  (s: string): string =>
    token ? s.split(token).join('***') : s;

/** GitHub's message, with the errors array it may carry, and never the token. */
function detailOf(err: OctokitError, e: unknown, redact: (s: string) => string): string {
  let detail = String(err.message ?? e);
  const data = err.response?.data as { message?: string; errors?: unknown[] } | undefined;
  if (data && typeof data === 'object') {
    const extra = Array.isArray(data.errors)
      ? data.errors.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join('; ')
      : '';
    detail = [data.message, extra].filter(Boolean).join(': ') || detail;
  }
  return redact(detail).slice(0, 500);
}

export function translate(operation: string, e: unknown, limits: Limits): ApiError {
  if (e instanceof DeadlineError) {
    const message =
      e.retries > 0
        ? `${operation} failed ${e.retries + (e.retries > 1 ? ' times' : ' time')} (an error from GitHub, or no ` +
          'answer in time), ' +
          "and the run's time limit ran out before it could be sent again"
        : `${operation} was not sent: the run's time limit ran out`;
    return new ApiError(null, 'deadline', 'deadline', message, `raise run-timeout-seconds, or re-run: ${RERUN}`);
  }
  const err = e as OctokitError;
  const gql = graphqlAnswer(err);
  const answered = Boolean(err.response);
  const status = gql ? 200 : answered && typeof err.status === 'number' ? err.status : null;
  const detail = gql
    ? redactor(limits.token)(err.errors!.map((x) => x.message ?? x.type ?? '').join('; ')).slice(0, 500)
    : detailOf(err, e, redactor(limits.token));
  const timedOut = /abort|timeout|timed out/i.test(`${String(err.message ?? e)} ${err.name ?? ''}`);
  const transport = answered ? 'http' : timedOut ? 'timeout' : 'network';
  const headers = (gql ? err.headers : err.response?.headers) ?? {};
  const graphql = gql ? err.errors!.map((x) => String(x.type ?? '')) : undefined;
  const cls = classify({ status, transport, detail, headers, ...(graphql ? { graphql } : {}) });
  const types = graphql?.filter(Boolean).join(', ');
  const what = gql
    ? ` (HTTP 200, GraphQL errors${types ? `: ${types}` : ''})`
    : status
      ? ` (HTTP ${status})`
      : transport === 'timeout'
        ? ' (timed out)'
        : ' (no answer)';
  const advice = adviceFor(cls, status, detail, headers, limits);
  return new ApiError(status, cls, transport, `${operation} failed${what}: ${detail}`, advice);
}

function adviceFor(
  cls: ErrorClass,
  status: number | null,
  detail: string,
  headers: Record<string, string>,
  limits: Limits,
): string {
  switch (cls) {
    case 'rate-limited': {
      const reset = Number(headers['x-ratelimit-reset']);
      const until = reset ? ` (the limit resets at ${new Date(reset * 1000).toISOString()})` : '';
      return `GitHub rate-limited this token${until}: re-run later or space the persona jobs; ${RERUN}`;
    }
    case 'denied':
      return status === 401
        ? 'the token was rejected (expired, revoked or malformed): check the secret passed as github-token'
        : 'the token lacks permission: it needs pull-requests: write (and contents: read) on this repository';
    case 'not-found':
      return 'not found, or the token cannot see it: check the repository, the PR number and that the token has access';
    case 'invalid':
      return (
        ADVICE_422.find(([re]) => re.test(detail))?.[1] ??
        'GitHub refused the request as invalid (the message says why); if the PR changed meanwhile, re-run the job'
      );
    case 'timeout':
      return Date.now() >= limits.deadline - 100
        ? `the run's time limit (run-timeout-seconds) ran out while waiting for GitHub: re-run the job, ` +
            `or raise the limit; ${RERUN}`
        : `no answer from GitHub within the time limit (${limits.requestTimeoutMs / 1000}s per request, ` +
            `request-timeout-seconds): re-run the job; ${RERUN}`;
    case 'network':
      return `the connection to GitHub failed: re-run the job; ${RERUN}`;
    case 'server':
      return 'GitHub failed (server error): re-run the job';
    default:
      return '';
  }
}
