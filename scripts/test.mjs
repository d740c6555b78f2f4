// `npm test`: the type check and the lint run side by side (two processes, one core each),
// then vitest over every test file. Each phase's output is printed whole once it ends, and the
// last line gives each phase's time, so a CI log shows where the minutes went.
// Arguments are passed to vitest (`npm test -- test/e2e/post.test.ts`).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const bin = (name) => join(import.meta.dirname, '../node_modules/.bin', name);

/** Runs a command; resolves with its exit code, its output (stdout and stderr, in order) and its seconds. */
function run(cmd, args, { inherit = false } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
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
const [typecheck, eslint, prettier] = await Promise.all([
  run(bin('tsc'), ['--noEmit']),
  run(bin('eslint'), ['.']),
  run(bin('prettier'), ['--check', '.', '--log-level', 'warn']),
]);
const checks = { typecheck, eslint, 'prettier --check': prettier };
for (const [name, r] of Object.entries(checks)) {
  if (r.code !== 0 || r.out.trim()) console.log(`── ${name} (exit ${r.code})\n${r.out.trimEnd()}`);
}
const checksTime = (performance.now() - started) / 1000;
const failed = Object.entries(checks).filter(([, r]) => r.code !== 0);
const times = Object.entries(checks).map(([name, r]) => `${name} ${secs(r.seconds)}`);
if (failed.length) {
  console.log(`npm test: ${failed.map(([n]) => n).join(', ')} failed; vitest not run (${times.join(', ')})`);
  process.exit(1);
}
const vitest = await run(bin('vitest'), ['run', ...process.argv.slice(2)], { inherit: true });
const total = (performance.now() - started) / 1000;
console.log(
  `npm test: ${secs(total)} in all — checks side by side ${secs(checksTime)} (${times.join(', ')}), ` +
    `vitest ${secs(vitest.seconds)}${vitest.code === 0 ? '' : ` (exit ${vitest.code})`}`,
);
process.exit(vitest.code);
