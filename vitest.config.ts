import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 30_000,
    // Two cores here. Most end-to-end time is waiting (the action's scaled back-offs, the fake's
    // delays), not computing: four workers keep both cores busy. One module graph per worker
    // (isolate: false): the fake's OpenAPI validators and the in-process bundle (harness.ts) load
    // once per worker, not once per file. No test file mocks modules or leaves globals changed.
    maxWorkers: 4,
    isolate: false,
    reporters: ['default', 'json'],
    outputFile: { json: '.tmp/vitest-results.json' },
  },
});
