// A head another open PR shares: no persona judges it here. Into another base no verdict could pass this PR alone
// (a status is per commit: the status fails); into the same base it is the same change, judged on the first of
// those PRs (the lowest number), whose status it is (attack rounds 7 to 9). Preflight refuses before the LLM runs;
// post, before a second review.
import { Abort } from '../abort.js';
import { short } from '../core/sha.js';

/** The refusal to review a head that is also another open PR's; into the same base, the status is left as it is. */
export function sharedHeadAbort(
  persona: string,
  sha: string,
  others: ReadonlyArray<{ number: number; baseRef: string }>,
  sameBase: boolean,
) {
  const list = others.map((p) => `PR #${p.number} (into ${p.baseRef})`).join(', ');
  const why = sameBase
    ? `the same change into the same base, judged on the first of them; the commit's status is that PR's`
    : `a status is per commit, so no verdict on it could pass this PR alone`;
  const advice = sameBase
    ? 'close one of the PRs (a duplicate), or push a new commit to one of them'
    : 'close one of the PRs, or push a new commit to one of them; then run the persona again on the other';
  return new Abort(
    'bad-input',
    `commit ${short(sha)} is also the head of ${list}: ${why}; ${persona} does not review it here`,
    advice,
    undefined,
    undefined,
    sameBase,
  );
}
