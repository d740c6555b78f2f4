/** One deliberate bug: `from` occurs exactly once in `file` and is replaced by `to` (see mutants.mjs). */
export interface Mutant {
  name: string;
  what: string;
  file: string;
  from: string;
  to: string;
  /** Unit test files meant to kill it ([] where no unit test can reach the code). */
  unit: string[];
  /** End-to-end test files meant to kill it, and the test-name filter they run with. */
  e2e: string[];
  e2eFilter?: string;
}
export const MUTANTS: readonly Mutant[];
