import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest start first (longest-processing-time first). Most of their time
 * is waiting (the fake GitHub, the action's own spaced writes and timeouts), so started first
 * their waits overlap the CPU-bound files; started last — vitest's order in a fresh clone, which
 * has no timing cache, is larger file first — they ended the run with a core idle. The order
 * is by the seconds each took in a fresh clone's `npm test` on two cores (.tmp/vitest-results.json
 * has them; 2026-12-03, after the CLI's runs went in-process, cli.test.ts (37 → 11 s) and doctor.test.ts
 * (25 → 12 s) moved down: the wait-bound files first, then the CPU-bound secret scan); files not listed follow in
 * vitest's own order.
 */
const LONGEST_FIRST = [
  'e2e/gate',
  'e2e/recipes',
  'e2e/faults',
  'e2e/limits',
  'e2e/attack15',
  'e2e/tiers',
  'e2e/attack12',
  'e2e/history',
  'e2e/busy-day',
  'e2e/lifecycle',
  'e2e/restamp',
  'unit/secrets',
  'e2e/doctor',
  'e2e/cli',
  'e2e/attack',
  'e2e/access',
  'e2e/run-persona',
  'e2e/attack8',
  'e2e/board',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((name) => f.moduleId.endsWith(`/test/${name}.test.ts`));
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    const order = await super.sort(files);
    return order
      .map((f, i) => ({ f, i }))
      .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
      .map(({ f }) => f);
  }
}

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 30_000,
    // Two cores here. Some end-to-end time is waiting (the action's scaled back-offs, the fake's
    // delays), not computing: five workers keep both cores busy (2026-12-02, an idle machine: 3 workers 97.7 s, 4 90.1,
    // 5 86.1, 6 91.9; 2026-12-03, after the client's own pacing took Bottleneck's idle ticks out: 3 workers 82.0 s,
    // 5 76.3). One module graph per worker
    // (isolate: false): the fake's OpenAPI validators and the in-process bundle (harness.ts) load
    // once per worker, not once per file. No test file mocks modules or leaves globals changed.
    maxWorkers: 5,
    isolate: false,
    sequence: { sequencer: LongestFirst },
    reporters: ['default', 'json'],
    outputFile: { json: '.tmp/vitest-results.json' },
  },
});
