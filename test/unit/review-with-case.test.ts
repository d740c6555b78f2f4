// A read-through of attack R (failed at 2a1cf6b, mended): "with: keys read without case everywhere"
// (commit 8f294c1) — runFetchFindings still read
// a github-script's script as `step.with?.script` (scripts/workflow-rules.mjs:168), so `Script:` (INPUT_SCRIPT to the
// runner, the same input) that fetches the PR's code by its number is not found.
import { expect, test } from 'vitest';
import { securityFindings } from '../../scripts/workflow-rules.mjs';

const SHA = 'a'.repeat(40);
const PV = `persona-verdict/persona-verdict@${SHA} # v0`;
const gated = (key: string) =>
  'on: pull_request_target\npermissions: {}\njobs:\n  a:\n    runs-on: x\n    permissions: {}\n    steps:\n' +
  `      - uses: actions/github-script@${SHA} # v7\n` +
  '        env: { N: "${{ github.event.pull_request.number }}" }\n' +
  `        with:\n          ${key}: |\n` +
  "            await exec.exec('git', ['fetch', 'origin', `refs/pull/${process.env.N}/head`])\n" +
  `  post:\n    runs-on: x\n    permissions: {}\n    steps:\n      - uses: ${PV}\n`;

test.each(['script', 'Script'])('a github-script fetching the PR by number, key %s', (key) => {
  expect(securityFindings(gated(key), 'w.yml').join('\n')).toMatch(/fetches the pull request by its number/);
});
