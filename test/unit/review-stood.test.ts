// A read-through of this release's changes (a helper); failed at 65ac0ef.
// stood() counts an earlier review of the subject this account dismissed as stale on a retarget as
// the one that "stood", so the approval rolled after the round trip is never restamped (an LLM run per identical push).
import { expect, test } from 'vitest';
import { decide, type Facts, type ReviewFact } from '../../src/core/decide.js';
import { encodeMarker } from '../../src/core/marker.js';
import type { DismissalEvent } from '../../src/core/restamp.js';

const sha = (c: string) => c.repeat(40);
const HEAD = sha('1');
const OLD = sha('2');
const PATCH = 'a'.repeat(64);
const ME = 'octo-priya';
const approval = (id: number): ReviewFact => ({
  id,
  login: ME,
  state: 'DISMISSED',
  body:
    encodeMarker({
      persona: 'priya',
      head: OLD,
      tree: sha('c'),
      patch: PATCH,
      base: 'main',
      verdict: 'APPROVE',
      run: 'r' + id,
    }) + '\nok\n\n## VERDICT: APPROVE\n',
  htmlUrl: `https://github.test/acme/widgets/pull/7#pullrequestreview-${id}`,
});
test('an approval re-rolled after a retarget round trip, then dismissed by an identical push, is restamped', () => {
  const events: DismissalEvent[] = [
    // 40: this account's, when the PR was retargeted to dev (its approval is not kept on the way back: re-rolled as 41)
    {
      reviewId: 40,
      actor: ME,
      message: 'Stale: priya is reviewing a new head or base; this review was for 2222222. [persona-verdict]',
      commitId: null,
    },
    // 41: GitHub's push rule on the identical push to HEAD
    { reviewId: 41, actor: 'alice', message: null, commitId: HEAD },
  ];
  const f = {
    persona: 'priya',
    identity: ME,
    identityVerified: true,
    head: HEAD,
    base: 'main',
    author: 'octo-author',
    headTree: sha('d'),
    headPatch: null,
    reviews: [approval(40), approval(41)],
    verdict: null,
    skipUnchanged: true,
    dismissStale: 'all',
    reviewEvent: 'verdict',
    version: '',
    restamp: { patch: PATCH, dismissals: events },
  } as Facts;
  expect(decide(f).action).toBe('restamp');
});
