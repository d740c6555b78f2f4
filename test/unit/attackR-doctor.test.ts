// Attack R (2026-12-02): each test failed at 2a959b6; fixed in one case-free `with:` map (doctor-keys.ts withOf),
// another repository's reusable workflow failed at a branch or tag and warned at a SHA, toJSON(secrets) as every
// secret, a persona credential on a runner not GitHub-hosted warned (doctor-reach.ts), force's `||` read per part,
// and an any-source requirement beside one pinned in a layer that binds everyone warned, not failed.
// Attack round R on the doctor (a helper, NAME=doc, against 2a959b6): repository setups that are not an enforced gate
// for which the doctor says ok (or only a hygiene warning), and correct gates it fails with a claim that is not true.
// Each test builds on the shipped recipes (docs/recipes/) with the environment and the key where they belong, and
// changes one thing. Every test here fails on 2a959b6.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { diagnose, type DoctorFacts } from '../../src/core/doctor.js';
import { good } from './doctor-kit.js';

const recipe = (name: string) => readFileSync(join(import.meta.dirname, '../../docs/recipes', name), 'utf8');
const wf = (name: string, text = recipe(name)) => ({ path: `.github/workflows/${name}`, text });
const ONE = recipe('one-persona.yml');

/** The shipped gate (one-persona + the merge queue recipes), priya's key a secret of her environment, main only. */
function gate(files: Array<{ path: string; text: string }>): DoctorFacts {
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
    workflows: [...files, wf('merge-queue-trigger.yml'), wf('merge-queue.yml')],
  };
}
const failsOf = (f: DoctorFacts) => diagnose(f).checks.filter((c) => c.level === 'fail');
const notOk = (f: DoctorFacts) => diagnose(f).checks.filter((c) => c.level !== 'ok');
/** The shipped recipes as they are: the doctor says enforced (each test below changes one thing). */
const shippedHolds = () => expect(diagnose(gate([wf('one-persona.yml')])).level).toBe('ok');

describe('R1: force written with another case (`Force: true`) is not seen', () => {
  // Promise (README "Check your gate"): "no `force` on a trigger the PR's author causes — any pull-request action but
  // `labeled` …" fails. The runner reads a step's `with:` keys without case (INPUT_FORCE for `Force`, `FORCE`, as
  // scripts/workflow-rules.mjs's inputsOf says), so the step below runs forced on every push the PR's author makes:
  // each synchronize/reopen/edit is a new roll of the LLM on the same head until one approves. doctor-force.ts reads
  // `with.force` (and `with.persona`) with case, so the doctor says "the gate on main is enforced: all checks ok".
  const POST = '          body-path: ${{ runner.temp }}/review/review.md\n';
  const forced = (key: string) => {
    const text = ONE.replace(POST, `${POST}          ${key}: true\n`);
    expect(text).not.toBe(ONE);
    return failsOf(gate([wf('one-persona.yml', text)]))
      .filter((c) => /runs with force/.test(c.says))
      .map((c) => c.says);
  };
  test.each(['Force', 'FORCE'])('post step `%s: true` on pull_request_target opened/synchronize fails', (key) => {
    // as `force: true` does (the same finding, whatever the key's case)
    const expected = [expect.stringMatching(/pull_request_target \(opened, synchronize/)];
    expect(forced('force')).toEqual(expected);
    expect(forced(key)).toEqual(expected);
  });
});

describe("R2: another repository's reusable workflow in a gated workflow is never read", () => {
  // Promise: the doctor checks "the workflow files (no persona credential beside the LLM step …)", and "what its
  // token may not read … is reported as unknown, never as ok". A job `uses: owner/repo/.github/workflows/x.yml@ref`
  // runs that file's jobs in THIS repository's pull_request_target run: a called job that names
  // `environment: persona-priya` gets priya's App key (GitHub: an environment in a reusable workflow is the caller
  // repository's), and with the LLM beside it the key is the model's. The doctor never reads the called file: it says
  // ok for a SHA pin, and for a branch ref only a hygiene warning ("not pinned") although whoever may push to
  // acme/ci-templates' main then writes code that can mint priya's token and post her APPROVE and success status — the
  // same thing the doctor fails for a checkout of a branch named outright ("whoever may push there writes what this
  // job runs").
  const a = ONE.indexOf('  persona:\n');
  const b = ONE.indexOf('  post:\n');
  const calling = (ref: string) =>
    ONE.slice(0, a) +
    [
      '  persona:',
      '    needs: preflight',
      "    if: needs.preflight.outputs.should-review == 'true'",
      '    permissions:',
      '      contents: read',
      `    uses: acme/ci-templates/.github/workflows/llm-review.yml@${ref}`,
      '    with:',
      '      persona: priya',
      '    secrets: inherit',
      '',
      '',
    ].join('\n') +
    ONE.slice(b);

  test('called at a branch (@main): a fail, not only "not pinned"', () => {
    shippedHolds();
    const f = gate([wf('one-persona.yml', calling('main'))]);
    const about = failsOf(f).filter((c) => /ci-templates/.test(c.says));
    expect(about.length).toBeGreaterThan(0);
  });

  test('called at a SHA: unknown (a warning), never "all checks ok"', () => {
    shippedHolds();
    const f = gate([wf('one-persona.yml', calling('0123456789abcdef0123456789abcdef01234567 # v2.0.0'))]);
    expect(notOk(f).some((c) => /ci-templates/.test(c.says))).toBe(true);
    expect(diagnose(f).level).not.toBe('ok');
  });
});

describe('R3: `toJSON(secrets)` in the LLM job is not a persona credential', () => {
  // Promise: "no persona credential beside the LLM step" fails; the project's rule already fails `secrets[...]`
  // ("hands every secret to the job"). `${{ toJSON(secrets) }}` hands every secret too — in a job that names priya's
  // environment, priya's App key with them — to the step that runs the LLM (which a PR steers). The doctor sees no
  // `secrets.X`, so it only warns that the job "runs a run: step in environment persona-priya", and the bottom line
  // says the gate holds.
  test('the LLM job in persona-priya with ALL: ${{ toJSON(secrets) }} fails', () => {
    const text = ONE.replace(
      '    permissions:\n      contents: read\n    steps:',
      '    environment: persona-priya\n    permissions:\n      contents: read\n    steps:',
    ).replace('          LLM_API_KEY: ${{ secrets.LLM_API_KEY }}', '          ALL_SECRETS: ${{ toJSON(secrets) }}');
    expect(text).toContain('toJSON(secrets)');
    expect(text).toContain('    environment: persona-priya\n    permissions:\n      contents: read');
    const f = gate([wf('one-persona.yml', text)]);
    expect(failsOf(f).filter((c) => /job persona/.test(c.says)).length).toBeGreaterThan(0);
  });
});

describe('R4: a force expression that holds only on the checked routes, joined by ||, is failed', () => {
  // Misleading fail: one workflow that reviews every push and re-reviews on `/review priya` or the label, forcing only
  // there: `force: ${{ github.event_name == 'issue_comment' || github.event.action == 'labeled' }}` is false on
  // opened/synchronize/reopened, and the action checks the asker on both true routes. The doctor rejects any `||` in a
  // force expression and says "priya's step runs with force on pull_request_target (opened, synchronize, reopened): a
  // PR's author causes those runs" — which is not so. A maintainer told "not enforced" splits a correct workflow or
  // stops trusting the report (the README's narrowing rule is per `||` part: each part here names a checked route).
  test('the combined review + re-review workflow has no force failure', () => {
    const FORCE = "${{ github.event_name == 'issue_comment' || github.event.action == 'labeled' }}";
    const IF = "github.event_name != 'issue_comment' || startsWith(github.event.comment.body, '/review priya')";
    const text = recipe('re-review.yml')
      .replace('    types: [labeled]', '    types: [opened, synchronize, reopened, labeled]')
      .replaceAll('          force: true', `          force: ${FORCE}`)
      .replace(/ {2}preflight:\n {4}if: >-\n(?: {6}.*\n)+/, `  preflight:\n    if: ${IF}\n`);
    expect(text).toContain(`force: ${FORCE}`);
    expect(text).toContain('types: [opened, synchronize, reopened, labeled]');
    const f = gate([wf('re-review.yml', text)]);
    expect(
      failsOf(f)
        .filter((c) => /force/.test(c.says))
        .map((c) => c.says),
    ).toEqual([]);
  });
});

describe('R5: an any-source requirement beside a pinned one is failed as if it were the only one', () => {
  // Misleading fail: the ruleset requires persona-verdict/priya from priya's App (id 901); an older layer (classic
  // protection left from before the ruleset, or an organization ruleset) also requires the context from any source.
  // GitHub applies every layer: a writer's success on that context satisfies the loose layer but never the pinned
  // one, so no one but priya's App can make the PR mergeable. The doctor says "anyone with write access … can set it
  // to success" and "the gate on main is not enforced" — the reasoning its own bypass check already rejects for
  // layered rules ("classic protection whose persona checks a ruleset requires too leaves the gate whole").
  test('classic protection (admins enforced) requires it from any source, the ruleset from the App', () => {
    const f = gate([wf('one-persona.yml')]);
    f.classic = {
      state: 'read',
      checks: [{ context: 'persona-verdict/priya', source: null, rulesetId: null }],
      reviews: null,
      enforceAdmins: true,
    };
    expect(failsOf(f).map((c) => c.says)).toEqual([]);
  });

  test('an organization ruleset requires it from any source, the repository ruleset from the App', () => {
    const f = gate([wf('one-persona.yml')]);
    f.requirements = [...f.requirements, { context: 'persona-verdict/priya', source: null, rulesetId: 8 }];
    f.rulesets = [...f.rulesets, { id: 8, name: 'org-ci', bypass: [] }];
    expect(failsOf(f).map((c) => c.says)).toEqual([]);
  });
});

describe("R6: the persona's key on a self-hosted runner is not questioned", () => {
  // Threat model: nobody but the persona may make its status green; a writer is an adversary (the doctor's own
  // environment check: "a writer can push a branch whose own workflow names it"). A non-ephemeral self-hosted runner
  // keeps what an earlier job left: a writer's branch workflow (or a PR's pull_request job) with `runs-on:
  // self-hosted` leaves a process that reads the next job's environment, and the post job below mints priya's token
  // there. The environment's branch policy does not help: the key is handed to the runner. The doctor does not look at
  // runs-on and says "all checks ok"; it should at least warn (it cannot see whether the runner is ephemeral).
  test('post job on [self-hosted, linux]: at least a warning', () => {
    shippedHolds();
    const text = ONE.replace(
      /( {2}post:\n(?:.*\n)*?) {4}runs-on: ubuntu-latest/,
      '$1    runs-on: [self-hosted, linux]',
    );
    expect(text).toContain('runs-on: [self-hosted, linux]');
    const f = gate([wf('one-persona.yml', text)]);
    expect(diagnose(f).level).not.toBe('ok');
  });
});
