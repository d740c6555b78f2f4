// How a failed GitHub request is classified — pure, decided once where the error is
// built (github/octokit.ts), read everywhere else through ApiError's fields.

export type Transport = 'http' | 'timeout' | 'network' | 'deadline';

export interface FailedRequest {
  /** null: no HTTP answer (see transport). */
  status: number | null;
  transport: Transport;
  /** GitHub's message (and errors), already free of the token. */
  detail: string;
  headers: Readonly<Record<string, string | undefined>>;
  /**
   * GraphQL answers with HTTP 200 and an `errors` array: each error's `type` (RATE_LIMITED, NOT_FOUND, FORBIDDEN …).
   * Absent for REST and for GraphQL answers that are not 200.
   */
  graphql?: readonly string[];
}

export type ErrorClass =
  | 'rate-limited' // wait and re-run: never "lacks permission"
  | 'denied' // 401, or a 403 that is not a rate limit
  | 'not-found'
  | 'invalid' // 422
  | 'server' // 5xx
  | 'timeout'
  | 'network'
  | 'deadline'
  | 'other';

/** GitHub's words for a rate limit, the secondary one's older wording included. */
const RATE_LIMIT_WORDS = /rate limit|abuse detection/i;

/**
 * GitHub's rule: a 403 or 429 that carries `retry-after`, or says
 * `x-ratelimit-remaining: 0`, or whose message says rate limit, is a rate limit.
 */
export function classify(f: FailedRequest): ErrorClass {
  if (f.transport !== 'http') return f.transport;
  if (f.graphql) return graphqlClass(f);
  const s = f.status ?? 0;
  if (s === 403 || s === 429) {
    if (f.headers['retry-after'] !== undefined || f.headers['x-ratelimit-remaining'] === '0') return 'rate-limited';
    if (RATE_LIMIT_WORDS.test(f.detail)) return 'rate-limited';
    return s === 429 ? 'rate-limited' : 'denied';
  }
  if (s === 401) return 'denied';
  if (s === 404) return 'not-found';
  if (s === 422) return 'invalid';
  if (s >= 500) return 'server';
  return 'other';
}

/**
 * A GraphQL answer of 200 with errors. GitHub's rule ("Rate limits and query limits for the GraphQL API", Exceeding
 * the rate limit): past the primary limit "the response status will still be 200, but you will receive an error
 * message, and the value of the x-ratelimit-remaining header will be 0"; past a secondary limit, 200 or 403 with a
 * message saying so. The error's type says the rest (NOT_FOUND, FORBIDDEN).
 */
function graphqlClass(f: FailedRequest): ErrorClass {
  const types = f.graphql ?? [];
  // the error's type first: the query that spends a token's last point answers x-ratelimit-remaining 0 whatever its
  // error, so a NOT_FOUND or a FORBIDDEN then is that, not a rate limit (an independent review)
  if (types.includes('RATE_LIMITED') || RATE_LIMIT_WORDS.test(f.detail)) return 'rate-limited';
  if (types.includes('NOT_FOUND')) return 'not-found';
  if (types.includes('FORBIDDEN')) return 'denied';
  return f.headers['x-ratelimit-remaining'] === '0' ? 'rate-limited' : 'other';
}

/** The request may have taken effect: no answer, or a server error. */
export const isAmbiguous = (c: ErrorClass): boolean => c === 'server' || c === 'timeout' || c === 'network';

/** 422s on create that mean the token can never post here (its own PR, Actions may not approve). */
export const isCreateDenial = (c: ErrorClass, detail: string): boolean =>
  c === 'denied' || (c === 'invalid' && /own pull request|not permitted to approve/i.test(detail));
