// A head another open PR shares, into any base: no persona judges it. A status is per commit, so no verdict on it
// could pass one PR alone (the status fails: outcome.ts sharedWith); preflight refuses before the LLM runs. Judging
// one of the twins was tried and left an older twin, a draft or a squatting fork deciding the other's status
// (attack rounds 9 and 10).
import { Abort } from '../abort.js';
import { short } from '../core/sha.js';

/** The refusal to review a head that is also another open PR's. */
export function sharedHeadAbort(
  persona: string,
  sha: string,
  others: ReadonlyArray<{ number: number; baseRef: string }>,
): Abort {
  const list = others.map((p) => `PR #${p.number} (into ${p.baseRef})`).join(', ');
  return new Abort(
    'bad-input',
    `commit ${short(sha)} is also the head of ${list}: a status is per commit, so no verdict on it could pass this ` +
      `PR alone, and ${persona} does not review it while both are open`,
    'close one of the PRs, or push a new commit to one of them; then run the persona again on the other',
  );
}
