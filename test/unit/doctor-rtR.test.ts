// The limits of the fixes for attack R (test/unit/attackR-doctor.test.ts): what still fails, and what stays ok.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { namesEverySecret } from '../../scripts/workflow-rules.mjs';
import { diagnose, type DoctorFacts } from '../../src/core/doctor.js';
import { good } from './doctor-kit.js';

const recipe = (name: string) => readFileSync(join(import.meta.dirname, '../../docs/recipes', name), 'utf8');
const wf = (name: string, text = recipe(name)) => ({ path: `.github/workflows/${name}`, text });
const ONE = recipe('one-persona.yml');

function gate(text = ONE): DoctorFacts {
  return {
    ...good(),
    environments: [
      { name: 'persona-priya', branches: { kind: 'custom', patterns: [{ name: 'main', type: 'branch' }] } },
    ],
    secrets: {
      repository: [],
      organization: [],
      environments: { 'persona-priya': ['PRIYA_APP_PRIVATE_KEY', 'PRIYA_APP_CLIENT_ID'] },
    },
    workflows: [wf('one-persona.yml', text), wf('merge-queue-trigger.yml'), wf('merge-queue.yml')],
  };
}
const levelsOf = (f: DoctorFacts, re: RegExp) =>
  diagnose(f)
    .checks.filter((c) => re.test(c.says))
    .map((c) => c.level);

describe('an any-source requirement beside a pinned one: the pinned layer must bind everyone', () => {
  const loose = { context: 'persona-verdict/priya', source: null, rulesetId: null };
  test.each([
    ['the pinned ruleset binds everyone, classic skips admins', [], false, 'warn'],
    ['the pinned ruleset has a bypass team', [{ type: 'Team', id: 3, mode: 'always' }], true, 'fail'],
    ["the pinned ruleset's bypass list is unknown", null, true, 'fail'],
  ] as const)('%s: %s', (_, bypass, enforceAdmins, level) => {
    const f = gate();
    f.rulesets = [{ id: 7, name: 'gate', bypass: bypass === null ? null : [...bypass] }];
    f.classic = { state: 'read', checks: [loose], reviews: null, enforceAdmins };
    expect(levelsOf(f, /classic branch protection requires persona-verdict\/priya from any source/)).toEqual([level]);
  });

  test('a ruleset from any source beside classic protection pinned but skipping admins fails', () => {
    const f = gate();
    f.requirements = [{ context: 'persona-verdict/priya', source: null, rulesetId: 7 }];
    f.classic = {
      state: 'read',
      checks: [{ context: 'persona-verdict/priya', source: 901, rulesetId: null }],
      reviews: null,
      enforceAdmins: false,
    };
    expect(levelsOf(f, /ruleset "gate" requires persona-verdict\/priya from any source/)).toEqual(['fail']);
  });
});

describe('reusable workflows and runners', () => {
  const a = ONE.indexOf('  persona:\n');
  const b = ONE.indexOf('  post:\n');
  const calling = (uses: string) =>
    ONE.slice(0, a) + `  persona:\n    needs: preflight\n    uses: ${uses}\n    secrets: inherit\n\n` + ONE.slice(b);

  test("this repository's own workflow, by its full name, is not another repository's", () => {
    const f = gate(calling('acme/widgets/.github/workflows/llm.yml@0123456789abcdef0123456789abcdef01234567 # v1'));
    expect(levelsOf(f, /another repository's workflow/)).toEqual([]);
  });

  test('a call in a workflow that does not run the action is not judged', () => {
    const text = 'on: push\npermissions: {}\njobs:\n  ci:\n    uses: acme/ci-templates/.github/workflows/ci.yml@main\n';
    const f = { ...gate(), workflows: [...gate().workflows!, wf('ci.yml', text)] };
    expect(levelsOf(f, /another repository's workflow/)).toEqual([]);
  });

  test.each([
    ['ubuntu-24.04', []],
    ['[ubuntu-latest]', []],
    ['macos-15-xlarge', []],
    ['${{ inputs.runner }}', ['warn']],
    ['{ group: ci-runners }', ['warn']],
    ['my-big-runner', ['warn']],
  ])('post job on %s', (runsOn, levels) => {
    const text = ONE.replace(/( {2}post:\n(?:.*\n)*?) {4}runs-on: ubuntu-latest/, `$1    runs-on: ${runsOn}`);
    expect(text).toContain(`runs-on: ${runsOn}`);
    expect(levelsOf(gate(text), /not a GitHub-hosted runner/)).toEqual(levels);
  });
});

describe('namesEverySecret', () => {
  test.each([
    ['${{ toJSON(secrets) }}', true],
    ['${{ secrets }}', true],
    ['${{ secrets[matrix.name] }}', true],
    ['${{ toJson( Secrets ) }}', true],
    ['${{ secrets.PRIYA_APP_PRIVATE_KEY }}', false],
    ['${{ steps.get-secrets.outputs.x }}', false],
    ['${{ inputs.secrets }}', false],
    ["${{ format('{0}', 'secrets') }}", false],
    ['secrets: inherit', false],
    ['run: echo "no secrets here"', false],
  ])('%s → %s', (text, expected) => expect(namesEverySecret(text)).toBe(expected));
});
