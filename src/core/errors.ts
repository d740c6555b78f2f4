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

/**
 * GitHub's rule: a 403 or 429 that carries `retry-after`, or says
 * `x-ratelimit-remaining: 0`, or whose message says rate limit, is a rate limit.
 */
export function classify(f: FailedRequest): ErrorClass {
  if (f.transport !== 'http') return f.transport;
  const s = f.status ?? 0;
  if (s === 403 || s === 429) {
    if (f.headers['retry-after'] !== undefined || f.headers['x-ratelimit-remaining'] === '0') return 'rate-limited';
    if (/rate limit|abuse detection/i.test(f.detail)) return 'rate-limited';
    return s === 429 ? 'rate-limited' : 'denied';
  }
  if (s === 401) return 'denied';
  if (s === 404) return 'not-found';
  if (s === 422) return 'invalid';
  if (s >= 500) return 'server';
  return 'other';
}

/** The request may have taken effect: no answer, or a server error. */
export const isAmbiguous = (c: ErrorClass): boolean => c === 'server' || c === 'timeout' || c === 'network';

/** 422s on create that mean the token can never post here (its own PR, Actions may not approve). */
export const isCreateDenial = (c: ErrorClass, detail: string): boolean =>
  c === 'denied' || (c === 'invalid' && /own pull request|not permitted to approve/i.test(detail));
