// What a green just written must give way to — pure. A green is the last thing a run writes, and what it read
// before may have changed meanwhile: the PR retargeted (the green is for a base it has left), a maintainer's forced
// re-review asked for (the green would pass a verdict being judged again). The shell (src/after-green.ts) reads once
// more after a green and writes what these return over it; conclude() (outcome.ts) decided the green itself.
import type { Conclusion, StatusFact, StatusPlan, StatusState } from './ends.js';
import { reviewing, underGreen } from './on-head.js';
import { short } from './sha.js';
import { fit } from './status-words.js';

/** Only a standing verdict's green is checked again after it is written. */
const STANDING = ['posted', 'duplicate', 'unchanged', 'restamped'];

/** A green of a standing verdict bound to a base: the PR is read again after it is written (greenForLeftBase). */
export const mayHaveLeftBase = (c: Conclusion): boolean =>
  c.status?.state === 'success' && !!c.baseRef && STANDING.includes(c.outcome);

/**
 * A green just written for a base the PR has left (retargeted between the run's last read and the write: attack
 * round 8): the status to write over it, pending until the new base's run decides, and why; null when the green
 * stands (another outcome, no base bound, the same base).
 */
export function greenForLeftBase(
  c: Conclusion,
  persona: string,
  nowBase: string,
): { status: StatusPlan; notice: string } | null {
  if (!mayHaveLeftBase(c) || !c.status || c.baseRef === nowBase) return null;
  const said = c.verdict === 'APPROVE' ? 'approved' : 'passed';
  const description = `${persona}: ${said} for ${c.baseRef}; the PR now targets ${nowBase}`;
  const notice =
    `PR #${c.pullNumber} was retargeted from ${c.baseRef} to ${nowBase} as the status was written: the status on ` +
    `${short(c.status.sha)} is pending until the run for ${nowBase} decides`;
  return { status: { ...c.status, state: 'pending', description: fit(description) }, notice };
}

/** Whether a green is read again against the head's statuses: a standing verdict's, from a run that was not forced. */
export const mayGiveWay = (c: Conclusion, forced: boolean): boolean =>
  !forced && c.status?.state === 'success' && c.pullNumber !== undefined && STANDING.includes(c.outcome);

/**
 * A green just written by a run that was not forced, while what it read of the head changed (underGreen): a forced
 * re-review asked for since (attack round 12, B3) gets its pending back over the green; a newer review's verdict
 * posted meanwhile (a forced re-review's, a second attack on round 12) gets its status back. The status to write and
 * why; null when the green stands.
 */
export function greenUnderReReview(
  c: Conclusion,
  persona: string,
  forced: boolean,
  onHead: readonly StatusFact[] | null | undefined,
): { status: StatusPlan; notice: string } | null {
  const green = c.status;
  if (!mayGiveWay(c, forced) || !green || c.pullNumber === undefined) return null;
  const target = { pullNumber: c.pullNumber, reviewedSha: green.sha };
  const under = underGreen(onHead, c.identity, persona, target, green, c.seenOnHead);
  if (under === null) return null;
  const head = short(green.sha);
  if (under === 'forced')
    return {
      status: { ...green, state: 'pending', description: fit(reviewing(persona, target, true)) },
      notice:
        `a forced re-review of ${head} was asked for as ${persona}'s green was written: its pending is written ` +
        'again over the green; the run that posts the re-review sets the status (if it failed or was cancelled, ' +
        `comment /review ${persona} again, or push)`,
    };
  const state: StatusState = under.state === 'success' || under.state === 'pending' ? under.state : 'failure';
  return {
    status: {
      sha: green.sha,
      state,
      description: fit(under.description ?? ''),
      reviewUrl: under.targetUrl ?? undefined,
    },
    notice:
      `a newer review of ${head} by ${persona} (${under.targetUrl}) was posted as this run's green was written: ` +
      'its status is written again over the green',
  };
}
