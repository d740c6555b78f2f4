// When to wait for GitHub, and for how long — pure. The shell (github/octokit.ts)
// sleeps; these rules decide, once, from GitHub's answer and the time the run has left.

/** GitHub's rate-limited answer (a 403 or 429; core/errors.ts classify() said rate-limited). */
export interface RateLimited {
  status: number;
  headers: Readonly<Record<string, string | undefined>>;
  /** Epoch ms now, and the run's deadline (run-timeout-seconds after it started). */
  now: number;
  deadline: number;
  /** Rate-limit waits this request already made. */
  waited: number;
}

export type WaitDecision =
  { wait: true; seconds: number } | { wait: false; seconds: number; leftSeconds: number; why: string };

/** At most this many rate-limit waits per request: a limit that persists is reported, not waited out. */
export const MAX_RATE_LIMIT_WAITS = 2;
/** A wait must leave this long before the deadline, or the retry could not be sent anyway. */
export const SEND_MARGIN_MS = 1000;
/** GitHub: a secondary limit without retry-after means wait at least a minute. */
const SECONDARY_FALLBACK_SECONDS = 60;

const IMF_FIXDATE =
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$/;

/**
 * retry-after read: delay-seconds, or an HTTP date (RFC 9110) as the seconds until it (`date` says which); null when
 * it is neither.
 */
function readRetryAfter(raw: string | undefined, now: number): { seconds: number; date: boolean } | null {
  const text = raw?.trim() ?? '';
  if (/^\d+(?:\.\d+)?$/.test(text)) return { seconds: Math.ceil(Number(text)), date: false };
  // an IMF-fixdate only ("Wed, 21 Oct 2026 07:28:00 GMT"): Date.parse alone takes "a 1" for a date in 2001
  const at = IMF_FIXDATE.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isFinite(at) ? { seconds: Math.max(0, Math.ceil((at - now) / 1000)), date: true } : null;
}

/**
 * How long GitHub asks us to wait: retry-after (seconds or a date), else until x-ratelimit-reset (plus a second),
 * else a minute — GitHub's rule when retry-after is missing, and for one that reads as neither.
 */
export function askedWait(headers: RateLimited['headers'], now: number): number {
  const retryAfter = readRetryAfter(headers['retry-after'], now);
  if (retryAfter !== null) return retryAfter.seconds;
  const reset = Number(headers['x-ratelimit-reset'] ?? Number.NaN);
  if (headers['x-ratelimit-remaining'] === '0' && Number.isFinite(reset) && reset > 0)
    return Math.max(0, Math.ceil(reset - now / 1000)) + 1;
  return SECONDARY_FALLBACK_SECONDS;
}

/**
 * One layer decides every rate-limit wait: wait what GitHub asks, twice at most, and
 * never past the run's deadline — when the wait would end too late, stop at once.
 */
export function rateLimitWait(r: RateLimited): WaitDecision {
  const seconds = askedWait(r.headers, r.now);
  const leftSeconds = Math.max(0, Math.floor((r.deadline - r.now) / 1000));
  if (r.waited >= MAX_RATE_LIMIT_WAITS)
    return { wait: false, seconds, leftSeconds, why: `still rate-limited after ${r.waited} waits` };
  if (r.now + seconds * 1000 + SEND_MARGIN_MS > r.deadline)
    return { wait: false, seconds, leftSeconds, why: 'the wait would pass the time limit' };
  return { wait: true, seconds };
}

/** What happened, for the failure message: the request was sent and GitHub answered; why we do not wait. */
export function rateLimitStop(r: RateLimited, d: Extract<WaitDecision, { wait: false }>): string {
  const raw = r.headers['retry-after'];
  const read = readRetryAfter(raw, r.now);
  const asked =
    raw !== undefined && read
      ? `retry-after ${read.date ? `${raw.trim()}, in ` : ''}${d.seconds} s`
      : r.headers['x-ratelimit-remaining'] === '0'
        ? `its limit resetting in ${d.seconds} s`
        : raw === undefined
          ? `no retry-after (GitHub's rule: wait ${d.seconds} s)`
          : `a retry-after that is neither seconds nor a date (${JSON.stringify(raw)}; GitHub's rule: wait ` +
            `${d.seconds} s)`;
  return (
    `the request was sent and GitHub answered HTTP ${r.status} rate-limited with ${asked}; ` +
    `the run has ${d.leftSeconds} s left (run-timeout-seconds), and ${d.why}, so it stops now without waiting`
  );
}

/** The environment variable that shortens the action's own waits in its tests; never set it in a workflow. */
export const TIME_SCALE_ENV = 'PERSONA_VERDICT_TEST_TIME_SCALE';

/**
 * The test-only time scale: unset means 1 (production). A number above 0 and at most 1
 * multiplies every wait the action chooses or GitHub asks for (looks after an ambiguous
 * create, rate-limit waits, retry back-off); decisions still use GitHub's figures.
 */
export function parseTimeScale(raw: string | undefined): number | { error: string } {
  if (raw === undefined || raw === '') return 1;
  const n = Number(raw);
  if (raw.trim() && Number.isFinite(n) && n > 0 && n <= 1) return n;
  return {
    error:
      `${TIME_SCALE_ENV} is "${raw.slice(0, 40)}": it exists only for persona-verdict's own tests; ` +
      'unset it, or give a number above 0 and at most 1',
  };
}

/** The retry plugin's base back-off (github/client.ts passes it as retryAfterBaseValue). */
export const RETRY_BASE_MS = 1000;

/** The retry plugin's back-off before retry n+1: (n + 1)² × its base (plugin-retry), scaled in tests. */
export const retryBackoffMs = (retryCount: number, timeScale: number): number =>
  (retryCount + 1) ** 2 * RETRY_BASE_MS * timeScale;

/**
 * May a failed attempt of an idempotent request be retried? Not when its back-off would end with less than a second
 * left before the run's deadline: then this answer is the last, and the run reports it (attack R, P3: a 502 storm
 * slept 4 s past a 3 s limit, then said the request "was not sent").
 */
export function retryFits(retryCount: number, now: number, deadline: number, timeScale: number): boolean {
  return now + retryBackoffMs(retryCount, timeScale) + SEND_MARGIN_MS * timeScale < deadline;
}
