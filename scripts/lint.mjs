// `npm run lint`: the type check, eslint (typed rules) and prettier --check, side by side, each with a cache in .tmp/
// (prettier's in node_modules/.cache). One after another and without caches they took 39–46 s on two cores
// (2026-12-02), about 57 CPU-seconds; side by side they fill both cores, and a second run reads only what changed.
// A cached eslint does not re-lint a file whose own text is unchanged when a type it uses changed elsewhere; CI runs
// on a fresh clone, with no cache, so it sees everything. A first line says what runs; each one's result (and its
// output, whole) is printed the moment it ends; then a line with each one's time. Any failure fails the command.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const modules = join(import.meta.dirname, '..', 'node_modules');
const checks = {
  typecheck: [
    join(modules, 'typescript/bin/tsc'),
    '--noEmit',
    '--incremental',
    '--tsBuildInfoFile',
    '.tmp/tsc.tsbuildinfo',
  ],
  eslint: [join(modules, 'eslint/bin/eslint.js'), '--cache', '--cache-location', '.tmp/eslintcache', '.'],
  'prettier --check': [join(modules, 'prettier/bin/prettier.cjs'), '--check', '--cache', '.', '--log-level', 'warn'],
};

/** Runs one check; resolves with its exit code, its output (stdout and stderr, in order) and its seconds. */
function run(args) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (e) => (out += `${e.message}\n`));
    child.on('close', (code) => resolve({ code: code ?? 1, out, seconds: (performance.now() - started) / 1000 }));
  });
}

const started = performance.now();
console.log(`lint: ${Object.keys(checks).join(', ')} side by side …`);
// each check's output is printed as soon as it ends, so that a run cut short still says which ended and how
const results = await Promise.all(
  Object.entries(checks).map(async ([name, args]) => {
    const r = await run(args);
    const out = r.code !== 0 || r.out.trim() ? `\n${r.out.trimEnd()}` : '';
    console.log(`── ${name}: ${r.code === 0 ? 'ok' : `exit ${r.code}`} in ${r.seconds.toFixed(1)} s${out}`);
    return [name, r];
  }),
);
const failed = results.filter(([, r]) => r.code !== 0).map(([name]) => name);
const times = results.map(([name, r]) => `${name} ${r.seconds.toFixed(1)} s`).join(', ');
const total = ((performance.now() - started) / 1000).toFixed(1);
console.log(`lint: ${total} s in all (${times})${failed.length ? `; failed: ${failed.join(', ')}` : '; all passed'}`);
process.exit(failed.length ? 1 : 0);
