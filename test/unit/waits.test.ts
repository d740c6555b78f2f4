// The rate-limit wait rule (one layer, capped by the run's time left) and the test-only time scale.
import { describe, expect, test } from 'vitest';
import {
  askedWait,
  parseTimeScale,
  rateLimitStop,
  rateLimitWait,
  retryBackoffMs,
  retryFits,
  TIME_SCALE_ENV,
  type RateLimited,
} from '../../src/core/waits.js';

const NOW = 1_750_000_000_000; // epoch ms, a whole second
const at = (o: Partial<RateLimited>): RateLimited => ({
  status: 403,
  headers: {},
  now: NOW,
  deadline: NOW + 300_000,
  waited: 0,
  ...o,
});

describe('askedWait: how long GitHub asks to wait', () => {
  test.each<[string, RateLimited['headers'], number]>([
    ['retry-after in seconds', { 'retry-after': '20' }, 20],
    ['retry-after 0', { 'retry-after': '0' }, 0],
    ['retry-after with a fraction rounds up', { 'retry-after': '1.2' }, 2],
    [
      'retry-after wins over the reset',
      { 'retry-after': '3', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '0' },
      3,
    ],
    [
      'primary: until the reset, plus a second',
      { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': `${NOW / 1000 + 30}` },
      31,
    ],
    [
      'primary: a reset already past → one second',
      { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': `${NOW / 1000 - 5}` },
      1,
    ],
    [
      'a reset with requests remaining is not a primary limit',
      { 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': `${NOW / 1000 + 30}` },
      60,
    ],
    ['secondary without retry-after → GitHub says a minute', {}, 60],
    // RFC 9110: retry-after is delay-seconds or an HTTP date (attack R, P2: a date an hour ahead was read as
    // GitHub's one-minute fallback and the create re-sent into the limit)
    [
      'retry-after an HTTP date → the seconds until it',
      { 'retry-after': new Date(NOW + 3600_000).toUTCString() },
      3600,
    ],
    ['retry-after a date already past → 0', { 'retry-after': new Date(NOW - 5000).toUTCString() }, 0],
    ['retry-after neither seconds nor a date → a minute', { 'retry-after': 'soon' }, 60],
    // a read-through: Date.parse alone reads "a 1" as a date in 2001 (0 s: re-sent at once into the limit)
    ['retry-after that only Date.parse takes for a date → a minute', { 'retry-after': 'a 1' }, 60],
    ['retry-after negative → a minute', { 'retry-after': '-4' }, 60],
    ['retry-after blank → a minute', { 'retry-after': ' ' }, 60],
  ])('%s', (_name, headers, seconds) => {
    expect(askedWait(headers, NOW)).toBe(seconds);
  });
});

describe('rateLimitWait: one layer, twice at most, never past the deadline', () => {
  test.each<[string, Partial<RateLimited>, boolean, string?]>([
    ['retry-after 1 s, 300 s left → wait', { headers: { 'retry-after': '1' } }, true],
    ['429 retry-after 1 s → wait', { status: 429, headers: { 'retry-after': '1' } }, true],
    ['second wait allowed', { headers: { 'retry-after': '1' }, waited: 1 }, true],
    ['third wait refused', { headers: { 'retry-after': '1' }, waited: 2 }, false, 'still rate-limited after 2 waits'],
    [
      'retry-after 20 s with 3 s left → stop now',
      { headers: { 'retry-after': '20' }, deadline: NOW + 3000 },
      false,
      'the wait would pass the time limit',
    ],
    [
      'a wait ending exactly one second before the deadline → wait',
      { headers: { 'retry-after': '2' }, deadline: NOW + 3000 },
      true,
    ],
    [
      'a wait leaving less than a second to send → stop',
      { headers: { 'retry-after': '2' }, deadline: NOW + 2999 },
      false,
      'the wait would pass the time limit',
    ],
    [
      'primary limit resetting in an hour, 300 s left → stop',
      { headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': `${NOW / 1000 + 3600}` } },
      false,
      'the wait would pass the time limit',
    ],
    ['secondary without retry-after, 300 s left → wait the minute', { headers: {}, deadline: NOW + 300_000 }, true],
    [
      'secondary without retry-after, 30 s left → stop',
      { headers: {}, deadline: NOW + 30_000 },
      false,
      'the wait would pass the time limit',
    ],
    ['deadline already passed → stop', { headers: { 'retry-after': '0' }, deadline: NOW - 1 }, false],
  ])('%s', (_name, o, wait, why) => {
    const d = rateLimitWait(at(o));
    expect(d.wait).toBe(wait);
    if (!d.wait && why) expect(d.why).toBe(why);
    if (d.wait) expect(d.seconds).toBe(askedWait(at(o).headers, NOW));
  });

  test('the stop message says the request was sent, what GitHub answered, and the time left', () => {
    const r = at({ headers: { 'retry-after': '20' }, deadline: NOW + 3000 });
    const d = rateLimitWait(r);
    if (d.wait) throw new Error('expected a stop');
    expect(d.leftSeconds).toBe(3);
    expect(rateLimitStop(r, d)).toBe(
      'the request was sent and GitHub answered HTTP 403 rate-limited with retry-after 20 s; the run has 3 s left ' +
        '(run-timeout-seconds), and the wait would pass the time limit, so it stops now without waiting',
    );
  });

  test.each<[string, Partial<RateLimited>, RegExp]>([
    [
      'a primary limit names its reset',
      { status: 429, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': `${NOW / 1000 + 600}` } },
      /HTTP 429 rate-limited with its limit resetting in 601 s; the run has 300 s left/,
    ],
    [
      "no retry-after names GitHub's minute",
      { headers: {}, deadline: NOW + 10_500 },
      /no retry-after \(GitHub's rule: wait 60 s\); the run has 10 s left/,
    ],
    [
      'an HTTP date names the date and the seconds',
      { headers: { 'retry-after': new Date(NOW + 3600_000).toUTCString() } },
      /rate-limited with retry-after \w{3}, \d\d \w{3} \d{4} [\d:]{8} GMT, in 3600 s; the run has 300 s left/,
    ],
    [
      'an unreadable retry-after is shown as sent',
      { headers: { 'retry-after': 'soon' }, deadline: NOW + 10_500 },
      /a retry-after that is neither seconds nor a date \("soon"; GitHub's rule: wait 60 s\)/,
    ],
    [
      'after two waits',
      { headers: { 'retry-after': '1' }, waited: 2 },
      /and still rate-limited after 2 waits, so it stops now/,
    ],
  ])('%s', (_name, o, message) => {
    const d = rateLimitWait(at(o));
    if (d.wait) throw new Error('expected a stop');
    expect(rateLimitStop(at(o), d)).toMatch(message);
  });
});

describe('parseTimeScale: test-only, 1 unless set', () => {
  test.each<[string | undefined, number]>([
    [undefined, 1],
    ['', 1],
    ['1', 1],
    ['0.05', 0.05],
    ['0.5', 0.5],
  ])('%s → %s', (raw, scale) => {
    expect(parseTimeScale(raw)).toBe(scale);
  });

  test.each(['0', '-1', '2', '1.5', 'fast', ' ', 'NaN', 'Infinity'])('%j → an error naming the variable', (raw) => {
    const r = parseTimeScale(raw);
    expect(r).toEqual({ error: expect.stringContaining(`${TIME_SCALE_ENV} is "${raw}"`) });
  });
});

describe('retryFits: a 5xx back-off never sleeps past the deadline (attack R, P3)', () => {
  test.each<[string, number, number, number, boolean]>([
    ['first retry, 1 s back-off, 300 s left', 0, 300_000, 1, true],
    ['second retry, 4 s back-off, 300 s left', 1, 300_000, 1, true],
    ['first retry with 2.001 s left: the 1 s back-off and 1 s to send fit', 0, 2_001, 1, true],
    ['first retry with exactly 2 s left: no room to send', 0, 2_000, 1, false],
    ['second retry with 3 s left: the 4 s back-off would pass it', 1, 3_000, 1, false],
    ['scaled (tests): 4 ms back-off and 1 ms margin in 6 ms', 1, 6, 0.001, true],
    ['deadline already passed', 0, -1, 1, false],
  ])('%s', (_n, retryCount, left, scale, fits) => {
    expect(retryFits(retryCount, NOW, NOW + left, scale)).toBe(fits);
    // the plugin's back-offs, as client.ts configures it: 1 s, then 4 s (scaled in tests)
    expect(retryBackoffMs(retryCount, scale)).toBe([1000, 4000][retryCount]! * scale);
  });
});
