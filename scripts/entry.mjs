// `npm run bundle` step, after each ncc build: ncc builds a module that exports what it runs
// (src/main.ts exports run, src/cli/main.ts exports runCli) into <dir>/index.js; this moves it to
// <dir>/main.js and writes <dir>/index.js, the entry (action.yml runs.main; package.json bin), as
// the few lines of its source (src/index.ts, src/cli/index.ts). The runner and a user start
// index.js; the in-process end-to-end tiers (test/e2e/harness.ts) import main.js and call the
// same code. `node scripts/entry.mjs [dir] [entry source]` (default dist/, src/index.ts) also
// serves a bundle built elsewhere (scripts/mutants.mjs).
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const dir = process.argv[2] ?? join(root, 'dist');
const source = process.argv[3] ?? join(root, 'src/index.ts');
// only over a fresh ncc output: a second run would move the entry over the bundle
if (!readFileSync(join(dir, 'index.js'), 'utf8').includes('__webpack_modules__')) {
  console.error(`${dir}/index.js is not an ncc bundle (already moved to main.js?): run ncc first`);
  process.exit(1);
}
renameSync(join(dir, 'index.js'), join(dir, 'main.js'));
// the entry's source is kept plain JavaScript (no type annotations); a #! line stays first
const entry = readFileSync(source, 'utf8');
const shebang = entry.startsWith('#!') ? entry.slice(0, entry.indexOf('\n') + 1) : '';
const name = relative(root, source);
writeFileSync(
  join(dir, 'index.js'),
  `${shebang}// The entry, written by scripts/entry.mjs from ${name}; the bundle it runs is main.js\n` +
    `// (ncc of ${name.replace(/index\.ts$/, 'main.ts')}).\n${entry.slice(shebang.length)}`,
);
