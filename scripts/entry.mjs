// `npm run bundle` step: ncc builds the action's code (src/main.ts, which exports run) into
// dist/index.js; this moves it to dist/main.js and writes dist/index.js, the entry action.yml
// names, as the two lines of src/index.ts. The runner starts dist/index.js; the in-process
// end-to-end tier (test/e2e/harness.ts) imports dist/main.js and calls the same run().
// `node scripts/entry.mjs <dir>` does the same for a bundle built elsewhere (scripts/mutants.mjs).
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? join(import.meta.dirname, '../dist');
// only over a fresh ncc output: a second run would move the two-line entry over the bundle
if (!readFileSync(join(dir, 'index.js'), 'utf8').includes('__webpack_modules__')) {
  console.error(`${dir}/index.js is not an ncc bundle (already moved to main.js?): run ncc first`);
  process.exit(1);
}
renameSync(join(dir, 'index.js'), join(dir, 'main.js'));
// src/index.ts is the entry's source and is kept plain JavaScript (no type annotations)
const entry = readFileSync(join(import.meta.dirname, '../src/index.ts'), 'utf8');
writeFileSync(
  join(dir, 'index.js'),
  `// The action's entry (action.yml runs.main), written by scripts/entry.mjs from src/index.ts;\n` +
    `// the bundle it runs is main.js (ncc of src/main.ts).\n${entry}`,
);
