// A read-through of this release's changes (a helper); failed at 65ac0ef.
// bodyFindings' body-path rule is a case- and syntax-sensitive denylist.
import { expect, test } from 'vitest';
import { gradedFindings } from '../../scripts/workflow-rules.mjs';

const wf = (line: string) =>
  'on: workflow_dispatch\njobs:\n  p:\n    runs-on: ubuntu-latest\n    steps:\n' +
  `      - uses: persona-verdict/persona-verdict@${'a'.repeat(40)} # v1\n` +
  `        with:\n          mode: post\n          ${line}\n`;
test.each([
  'body-path: ${{ Inputs.path }}',
  "body-path: ${{ github['head_ref'] }}",
  "body-path: ${{ github['event']['inputs']['path'] }}",
])('%s is failed like ${{ inputs.path }}', (line) => {
  expect(
    gradedFindings(wf(line), ['main'])
      .filter((x) => x.level === 'fail')
      .map((x) => x.says),
  ).toEqual([expect.stringMatching(/body-path .* is chosen by the event/)]);
});
