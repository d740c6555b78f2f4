// One review create, safe under ambiguity: after a failure that may have taken
// effect (5xx, reset, timeout) the review may exist, so the reviews are listed and
// this run's marker looked for before the single retry. A timed-out create is never
// re-sent: GitHub may still be processing it.
import { Abort } from '../abort.js';
import { adoptable, findLanded, type HistoryEntry } from '../core/decide.js';
import { isCreateDenial } from '../core/errors.js';
import type { ReviewEvent } from '../core/grammar.js';
import type { Marker } from '../core/marker.js';
import { RERUN } from '../github/errors.js';
import { ApiError, type GitHubPort, type ReviewComment } from '../github/port.js';

export interface Created {
  entry: HistoryEntry;
  /** false: another run's review for the head was found instead (this run posted nothing). */
  ours: boolean;
  notices: string[];
  warnings: string[];
}

/**
 * How long to wait before each look for a review that may have landed despite an
 * error: about 15 s in all, since GitHub's review listing can lag behind a create.
 * The port's clock sleeps them (shortened in the action's own tests, never past the deadline).
 */
export const LOOK_AFTER_MS = [1000, 2000, 4000, 8000];
const RERUN_ADVICE = `Re-run the job: ${RERUN}.`;

export async function create(
  port: GitHubPort,
  pullNumber: number,
  event: ReviewEvent,
  body: string,
  marker: Marker,
  identity: string,
  /** Reviews that existed before this create: never taken for another run's. */
  known: ReadonlySet<number>,
  comments: ReviewComment[] = [],
): Promise<Created> {
  const warnings: string[] = [];
  for (let attempt = 1; ; attempt++) {
    let error: ApiError;
    try {
      const review = await port.createReview(pullNumber, { event, body, commitId: marker.head, comments });
      return { entry: { review, marker }, ours: true, notices: [], warnings };
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (isCreateDenial(e.cls, e.message)) throw new Abort('permission-denied', e.message, e.advice);
      if (!e.ambiguous) throw e;
      error = e;
    }
    warnings.push(`${error.message}: the review may have been created; looking for it before any retry`);
    const found = await lookForLanded(port, pullNumber, marker, identity, error, known);
    if (found) return { ...found, warnings };
    // a COMMENT review can never be dismissed: a late-landing copy would stay for good, so it is never re-sent
    if (attempt >= 2 || error.transport === 'timeout' || event === 'COMMENT') {
      const after = attempt >= 2 ? ' after the retry' : '';
      const why =
        event === 'COMMENT' && attempt < 2
          ? ' (a COMMENT review is never re-sent: a copy could never be dismissed)'
          : '';
      const message = `${error.message}; no review from this run is visible${after}, so nothing more is sent${why}`;
      throw new Abort('api-error', message, RERUN_ADVICE);
    }
  }
}

async function lookForLanded(
  port: GitHubPort,
  pullNumber: number,
  marker: Marker,
  identity: string,
  error: ApiError,
  known: ReadonlySet<number>,
): Promise<Omit<Created, 'warnings'> | null> {
  for (const wait of LOOK_AFTER_MS) {
    await port.pause(wait);
    let reviews;
    try {
      reviews = await port.listReviews(pullNumber);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      throw new Abort(
        'api-error',
        `${error.message}; the review may have been created, and listing the reviews to check failed too ` +
          `(${e.message}), so nothing more is sent`,
        RERUN_ADVICE,
      );
    }
    const landed = findLanded(reviews, identity, marker.persona, marker.head, marker.run);
    // with the marker this run sent: the listing's may have been edited since
    if (landed)
      return {
        entry: { ...landed, marker },
        ours: true,
        notices: [`review ${landed.review.id} landed despite the error: not posting again`],
      };
    const other = adoptable(reviews, identity, marker, known);
    if (other)
      return {
        entry: other,
        ours: false,
        notices: [`another run's review ${other.review.id} exists for this head: not posting`],
      };
  }
  return null;
}
