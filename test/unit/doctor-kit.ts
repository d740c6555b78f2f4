// What the doctor's attack tests share (attack round 13 and its reviews): the repository facts of a gate that holds
// (the ruleset, the merge queue, priya's App, the fixture workflows) and the failures diagnose() finds in facts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { diagnose, type DoctorFacts } from '../../src/core/doctor.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/doctor');
/** A fixture workflow file, as the doctor reads it from .github/workflows/. */
export const file = (name: string) => ({
  path: `.github/workflows/${name}`,
  text: readFileSync(join(FIXTURES, name), 'utf8'),
});
export const APP = 901;

/** The facts of a gate that holds: every check ok. */
export function good(): DoctorFacts {
  return {
    repo: 'acme/widgets',
    branch: 'main',
    requirements: [{ context: 'persona-verdict/priya', source: APP, rulesetId: 7 }],
    reviews: [{ rulesetId: 7, approvals: 1, dismissStale: true, lastPush: true, codeOwners: true }],
    mergeQueue: 7,
    rulesets: [{ id: 7, name: 'gate', bypass: [] }],
    classic: { state: 'none' },
    personas: [
      {
        name: 'priya',
        kind: 'app',
        login: 'priya-reviewer[bot]',
        slug: 'priya-reviewer',
        appId: APP,
        clientId: 'Iv23liPriyaRev1ew',
        permission: null,
      },
    ],
    workflows: ['persona-priya.yml', 'queue.yml', 'queue-report.yml'].map(file),
  };
}

/** What the doctor says fails in these facts. */
export const fails = (f: DoctorFacts): string[] =>
  diagnose(f)
    .checks.filter((c) => c.level === 'fail')
    .map((c) => c.says);
