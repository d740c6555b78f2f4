// What a green just written must give way to — pure. A green is the last thing a run writes, and what it read
// before may have changed meanwhile: the PR retargeted (the green is for a base it has left), a maintainer's forced
// re-review asked for (the green would pass a verdict being judged again). The shell (src/after-green.ts) reads once
// more after a green and writes what these return over it; conclude() (outcome.ts) decided the green itself.
import type { Conclusion, StatusFact, StatusPlan } from './ends.js';
import { forcedUnderGreen, reviewing } from './on-head.js';
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

/**
 * A green just written by a run that was not forced, while a maintainer's forced re-review of the head was asked for
 * after the run read the head's statuses (attack round 12, B3: the kept green landed over the forced pending): the
 * forced pending is written again over it, and why; null when the green stands.
 */
export function greenUnderReReview(
  c: Conclusion,
  persona: string,
  forced: boolean,
  onHead: readonly StatusFact[] | null | undefined,
): { status: StatusPlan; notice: string } | null {
  const green = c.status;
  if (forced || green?.state !== 'success' || c.pullNumber === undefined || !STANDING.includes(c.outcome)) return null;
  const target = { pullNumber: c.pullNumber, reviewedSha: green.sha };
  if (!forcedUnderGreen(onHead, c.identity, persona, target, green)) return null;
  const notice =
    `a forced re-review of ${short(green.sha)} was asked for as ${persona}'s green was written: its pending is ` +
    'written again over the green; the run that posts the re-review sets the status';
  return { status: { ...green, state: 'pending', description: fit(reviewing(persona, target, true)) }, notice };
}
