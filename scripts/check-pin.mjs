// The recipes always run what the README documents: every
// `uses: persona-verdict/persona-verdict@<sha> # vX.Y.Z` in README.md and docs/recipes/
// must name a commit of this repository whose dist/ and action.yml are identical to
// HEAD's, with the version comment of package.json. Exit 1 on any mismatch.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const git = (...args) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
const objectOf = (rev) => {
  try {
    return git('rev-parse', '--verify', '--quiet', rev);
  } catch {
    return null;
  }
};

const version = JSON.parse(readFileSync('package.json', 'utf8')).version;
const files = ['README.md', ...readdirSync('docs/recipes').map((f) => join('docs/recipes', f))].filter(existsSync);
const head = { dist: objectOf('HEAD:dist'), action: objectOf('HEAD:action.yml') };
const problems = [];
const checked = new Map();
let pins = 0;
for (const file of files) {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      const m = /uses:\s*persona-verdict\/persona-verdict@(\S+)(?:\s*#\s*(\S+))?/.exec(line);
      if (!m) return;
      pins++;
      const [, ref, comment] = m;
      const where = `${file}:${i + 1}`;
      if (!/^[0-9a-f]{40}$/.test(ref)) return problems.push(`${where}: @${ref} is not a full commit SHA`);
      if (comment !== `v${version}`)
        problems.push(`${where}: the comment says ${comment ?? 'nothing'}, package.json says v${version}`);
      if (!checked.has(ref)) {
        if (!objectOf(`${ref}^{commit}`)) checked.set(ref, `${ref} is not a commit here (a shallow clone? fetch it)`);
        else if (objectOf(`${ref}:dist`) !== head.dist) checked.set(ref, `${ref}'s dist/ differs from HEAD's`);
        else if (objectOf(`${ref}:action.yml`) !== head.action)
          checked.set(ref, `${ref}'s action.yml differs from HEAD's`);
        else checked.set(ref, null);
      }
      if (checked.get(ref)) problems.push(`${where}: ${checked.get(ref)}`);
    });
}
for (const p of problems) console.log(p);
if (!pins) problems.push('no persona-verdict pin found');
console.log(`check-pin: ${pins} pin(s) in ${files.length} file(s), ${problems.length} problem(s)`);
process.exitCode = problems.length ? 1 : 0;
