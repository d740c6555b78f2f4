// The transport every port request runs through: rate-limit waits (one layer, never past
// the run's deadline), spaced writes, retries for idempotent requests only, a time limit
// per attempt and a whole-run deadline; one call() translates every error.
import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import type { Octokit } from '@octokit/core';
import {
  rateLimitStop,
  rateLimitWait,
  RETRY_BASE_MS,
  retryFits,
  SEND_MARGIN_MS,
  type RateLimited,
} from '../core/waits.js';
import { DeadlineError, redactor, translate } from './errors.js';
import { pacer } from './pacing.js';
import { ApiError, type StatusKind } from './port.js';

export interface ClientOptions {
  token: string;
  owner: string;
  repo: string;
  requestTimeoutMs: number;
  /** No request starts after this moment (epoch ms): the whole-run time limit. */
  deadline: number;
  /**
   * 1 in production. Below 1 only in the action's own tests (core/waits.ts parseTimeScale):
   * multiplies every wait the client sleeps; its decisions still use GitHub's figures.
   */
  timeScale: number;
  warn: (message: string) => void;
  /** How the gate's status is written: a commit status (default) or a check run (status-kind). */
  statusKind?: StatusKind;
}

export type Octo = ReturnType<typeof getOctokit>;
/** Runs one request; `tolerate` maps GitHub refusals the caller treats as facts to a value. */
export type Call = <T>(
  operation: string,
  fn: () => Promise<T>,
  tolerate?: (status: number, message: string) => T | undefined,
) => Promise<T>;
export interface Ctx {
  octokit: Octo;
  call: Call;
  owner: string;
  repo: string;
}

/** The one place the never-retry option is set (creates that are not idempotent). */
export const once = { request: { retries: 0 } };
/** The run's one sleep: scaled (tests only), and never past the deadline. */
export const sleeper =
  (o: ClientOptions) =>
  (ms: number): Promise<void> => {
    const until = Math.max(0, Math.min(ms * o.timeScale, o.deadline - Date.now()));
    return new Promise((resolve) => setTimeout(resolve, until));
  };

export function buildOctokit(o: ClientOptions): Octo {
  const redact = redactor(o.token);
  // Registered before pacing and retry, so it wraps each attempt (theirs included):
  // every attempt gets its own time limit, and none starts after the run's deadline.
  const timeLimits = (oc: Octokit): void => {
    oc.hook.wrap('request', async (request, opts) => {
      const left = o.deadline - Date.now();
      const tries = (opts.request as { retryCount?: number }).retryCount ?? 0;
      // a retry sends only with its margin left (its pacing wait may have used it): else it is reported as not sent
      if (left <= 0 || (tries > 0 && left < SEND_MARGIN_MS * o.timeScale)) throw new DeadlineError(tries);
      // before-after-hook binds the options object to the inner hooks: mutate it, do not replace it
      opts.request = { ...opts.request, signal: AbortSignal.timeout(Math.min(o.requestTimeoutMs, left)) };
      try {
        return await request(opts);
      } catch (e) {
        // no retry whose back-off would end past the deadline: GitHub's answer to this attempt is the one reported
        // (the retry plugin reads the limit from these options when it decides: plugin-retry error-request.js)
        if (!retryFits(tries, Date.now(), o.deadline, o.timeScale))
          (opts.request as { retries?: number }).retries = tries;
        throw e;
      }
    });
  };
  // Writes spaced and requests in flight capped as GitHub advises (pacing.ts). Registered after the
  // time limits and before retry, so that each attempt waits its turn and its time limit starts after it.
  const pace = pacer({
    writeGapMs: 1000 * o.timeScale,
    notifyGapMs: 3000 * o.timeScale,
    maxInFlight: 10,
    now: Date.now,
    sleep: sleeper({ ...o, timeScale: 1 }), // the gaps are scaled already; the run's one sleep, never past the deadline
  });
  const pacing = (oc: Octokit): void => {
    oc.hook.wrap('request', (request, opts) => pace(opts.method, opts.url, async () => request(opts)));
  };
  return getOctokit(
    o.token,
    {
      // read at each run (defaults has the URL of the process's start: one run per process on a runner)
      baseUrl: process.env['GITHUB_API_URL'] || 'https://api.github.com',
      // transient failures of idempotent requests: back-off 1 s then 4 s (scaled in tests)
      retry: {
        retries: 2,
        doNotRetry: [400, 401, 403, 404, 410, 422, 451, 429],
        retryAfterBaseValue: RETRY_BASE_MS * o.timeScale,
      },
      log: { debug: () => {}, info: () => {}, warn: (m: string) => o.warn(redact(String(m))), error: () => {} },
    },
    timeLimits,
    pacing,
    retry,
  );
}

/** The page number of Link rel="last"; 1 when there is none (a single page). */
export function lastPage(link: string | undefined): number {
  const m = /<([^>]+)>;\s*rel="last"/.exec(link ?? '');
  if (!m) return 1;
  const n = Number(new URL(m[1]!).searchParams.get('page'));
  return Number.isInteger(n) && n > 1 ? Math.min(n, 1000) : 1;
}

/**
 * The one wrapper every request runs through, and the one layer that waits on a rate
 * limit. GitHub's rule is that any 403 or 429 carrying retry-after means "wait that
 * long" (x-ratelimit-reset: until then): waited here, twice at most, and never past the
 * run's deadline — a wait that would pass it fails at once, saying what GitHub answered.
 */
export function caller(o: ClientOptions): Call {
  const limits = { token: o.token, requestTimeoutMs: o.requestTimeoutMs, deadline: o.deadline };
  const sleep = sleeper(o);
  return async (operation, fn, tolerate) => {
    for (let waited = 0; ; waited++) {
      try {
        return await fn();
      } catch (e) {
        const err = e as { status?: number; message?: string; response?: { headers?: object }; errors?: unknown };
        const error = translate(operation, e, limits);
        // an answer from GitHub (a status, or GraphQL errors), never a transport failure, and never a rate limit:
        // that is waited for, not taken as the answer
        if (tolerate && (err.response || err.errors) && error.cls !== 'rate-limited') {
          const v = tolerate(typeof err.status === 'number' ? err.status : 0, String(err.message ?? ''));
          if (v !== undefined) return v;
        }
        if (error.cls !== 'rate-limited' || error.status === null) throw error;
        const limited: RateLimited = {
          status: error.status,
          headers: (err.response?.headers ?? (err as { headers?: object }).headers ?? {}) as RateLimited['headers'],
          now: Date.now(),
          deadline: o.deadline,
          waited,
        };
        const d = rateLimitWait(limited);
        if (!d.wait) throw stopped(error, rateLimitStop(limited, d));
        o.warn(`${operation}: rate limited (HTTP ${error.status}), waiting ${d.seconds}s as GitHub asks`);
        await sleep(d.seconds * 1000);
      }
    }
  };
}

/** The rate-limited error, saying why the client does not wait for GitHub's limit. */
const stopped = (e: ApiError, why: string): ApiError =>
  new ApiError(e.status, e.cls, e.transport, `${e.message}; ${why}`, e.advice);
