// A read-through of this release's changes (a helper); failed at 65ac0ef.
// keptRejection's sameChange + newest-first walk resurrects an older head's rejection over a newer
// head's approval that superseded it. Default settings (unchanged-when: tree): H1 rejected (5); the author merges the
// base in ("Update branch": H2, the same PR patch, a new tree) and H2 is judged afresh — approved (6), which
// supersedes 5 ("Superseded: …"). A retarget to dev and back dismisses 6 as stale; back on main H2 gets 5's
// CHANGES_REQUESTED without an LLM run, and every further base merge (same patch) keeps it too.
import { expect, test } from 'vitest';
import { decide, historyOf, type Facts, type ReviewFact } from '../../src/core/decide.js';
import { encodeMarker } from '../../src/core/marker.js';
import { keptRejection, type DismissalEvent } from '../../src/core/restamp.js';

const sha = (c: string) => c.repeat(40);
const H1 = sha('1');
const H2 = sha('2');
const PATCH = 'a'.repeat(64);
const ME = 'octo-priya';
const review = (id: number, head: string, verdict: 'APPROVE' | 'CHANGES_REQUESTED', tree: string): ReviewFact => ({
  id,
  login: ME,
  state: 'DISMISSED',
  body:
    `${encodeMarker({ persona: 'priya', head, tree, patch: PATCH, base: 'main', verdict, run: `r${id}` })}` +
    `\nx\n\n## VERDICT: ${verdict}\n`,
  htmlUrl: `https://github.test/acme/widgets/pull/7#pullrequestreview-${id}`,
});
const reviews = [review(5, H1, 'CHANGES_REQUESTED', sha('c')), review(6, H2, 'APPROVE', sha('d'))];
const events: DismissalEvent[] = [
  // 5: superseded when 6 (H2) landed; 6: stale when the dev review landed
  {
    reviewId: 5,
    actor: ME,
    message: `Superseded: priya's current review is 6 for 2222222; this one was for 1111111. [persona-verdict]`,
    commitId: null,
  },
  {
    reviewId: 6,
    actor: ME,
    message: 'Stale: priya is reviewing a new head or base; this review was for 2222222. [persona-verdict]',
    commitId: null,
  },
];

test("H2's own newer approval is not displaced by H1's superseded rejection", () => {
  const kept = keptRejection(
    historyOf(reviews, ME, 'priya'),
    { head: H2, base: 'main', version: '' },
    events,
    ME,
    PATCH,
  );
  expect(kept?.review.id ?? null).toBeNull();
});

test('decide(): back on main, H2 is judged again (as before the change), not kept rejected', () => {
  const f: Facts = {
    persona: 'priya',
    identity: ME,
    identityVerified: true,
    head: H2,
    base: 'main',
    author: 'octo-author',
    headTree: sha('d'),
    headPatch: PATCH,
    reviews,
    verdict: null,
    skipUnchanged: true,
    dismissStale: 'all',
    reviewEvent: 'verdict',
    version: '',
    dismissals: events,
  };
  expect(decide(f).action).toBe('review');
});
