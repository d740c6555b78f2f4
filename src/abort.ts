// The one way a run stops before its write: throw an Abort. It is caught once, in
// main.ts, and becomes an `aborted` End (core/outcome.ts). Failures after a write are
// values (End.afterWrite), never thrown.
import type { AbortReason, Target } from './core/outcome.js';
import type { Diagnosis } from './core/diagnostics.js';

export class Abort extends Error {
  constructor(
    readonly reason: AbortReason,
    message: string,
    readonly advice = '',
    readonly diagnosis?: Diagnosis,
    /** The PR and commit, when the run knew them: the failure is shown there too. */
    readonly target?: Target,
  ) {
    super(message);
  }

  /** The same abort, attributed to a target (for the commit status). */
  at(target: Target): Abort {
    return this.target ? this : new Abort(this.reason, this.message, this.advice, this.diagnosis, target);
  }
}

/** A write GitHub answered with a 5xx or a time-out: it may have landed all the same (read it again). */
export class UnconfirmedWrite extends Abort {}
