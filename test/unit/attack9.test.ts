// Attack round 9, a helper's review of round 8 (b2434cf) and the day's CLI changes: each test failed on 4006ebd.
import { describe, expect, test } from 'vitest';
import { historyOf, type ReviewFact } from '../../src/core/decide.js';
import { encodeMarker } from '../../src/core/marker.js';
import { keptRejection, type DismissalEvent } from '../../src/core/restamp.js';
import { readInput } from '../../src/cli/command.js';
import { visible } from '../../src/core/visible.js';

const HEAD = '1'.repeat(40);
const TAG = '[persona-verdict]';
const ME = 'octo-priya';

const marker = (id: number, verdict: 'APPROVE' | 'CHANGES_REQUESTED') =>
  encodeMarker({
    persona: 'priya',
    head: HEAD,
    tree: 'c'.repeat(40),
    patch: 'a'.repeat(64),
    base: 'main',
    verdict,
    run: `r${id}`,
  });

describe('R9-5: keptRejection reads the newest review of the subject, not the one that stood', () => {
  const review = (id: number, verdict: 'APPROVE' | 'CHANGES_REQUESTED'): ReviewFact => ({
    id,
    login: ME,
    state: 'DISMISSED',
    body: `${marker(id, verdict)}\nx\n`,
    htmlUrl: `https://github.test/acme/widgets/pull/7#pullrequestreview-${id}`,
  });
  const ev = (reviewId: number, message: string): DismissalEvent => ({ reviewId, actor: ME, message, commitId: null });
  test('two runs raced (5 CHANGES_REQUESTED stood, 6 APPROVE its dismissed duplicate), then a retarget there and back', () => {
    const history = historyOf([review(5, 'CHANGES_REQUESTED'), review(6, 'APPROVE')], ME, 'priya');
    const events = [
      ev(6, `Duplicate: priya already has review 5 (…) for 1111111; two runs raced and this copy is dismissed. ${TAG}`),
      ev(5, 'Stale: priya is reviewing a new head or base; this review was for 1111111. [persona-verdict]'),
    ];
    // 4006ebd: null — the dismissed duplicate APPROVE hides the rejection that stood: the change is judged again
    expect(keptRejection(history, { head: HEAD, base: 'main', version: '' }, events, ME)?.review.id).toBe(5);
  });
});

describe('R9-6: readInput trusts fstat size for a regular file', () => {
  test('a file whose size reads 0 but holds more than the limit is refused', () => {
    const io = { out: () => {}, err: () => {}, stdin: () => ({ ok: true as const, bytes: Buffer.alloc(0) }) };
    const got = readInput('/proc/self/status', io, 10);
    // 4006ebd: { ok: true, bytes: <11 bytes> } — one byte past the limit accepted
    expect(got.ok).toBe(false);
  });
});

describe('R9-7: visible() shows a word made wholly of look-alikes as ASCII', () => {
  test('Cyrillic С + Greek ΟΜΜΕΝΤ ("COMMENT") is escaped like a Cyrillic A in APPROVE', () => {
    expect(visible('\u0410PPROVE')).toContain('\\u0410');
    // 4006ebd: "СΟΜΜΕΝΤ", indistinguishable from the ASCII word in a quoted line
    expect(visible('\u0421\u039F\u039C\u039C\u0395\u039D\u03A4')).toContain('\\u');
  });
});
