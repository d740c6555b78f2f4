// The doctor's checks of the branch's own rules: classic protection, the merge queue, the
// pull request rules and the code owners they rely on. Who may bypass them: core/doctor-bypass.ts. Pure (facts in
// core/doctor-facts.ts).
import { ok, type Check } from './doctor-check.js';
import { RULES_PAGE, type DoctorFacts, type PersonaFacts } from './doctor-facts.js';
import { queueBypass } from './doctor-bypass.js';
import type { Writer } from './doctor-writers.js';
import { unowned } from './doctor-codeowners.js';

export function classicCheck(f: DoctorFacts): Check {
  const c = f.classic;
  if (c.state === 'read') return ok('classic', `classic branch protection on ${f.branch} was read`);
  if (c.state === 'none') return ok('classic', `${f.branch} has no classic branch protection; rulesets apply`);
  return {
    id: 'classic',
    level: 'warn',
    unknown: true,
    says:
      `classic branch protection on ${f.branch} is unknown: GitHub answered ${c.status} to the doctor's token, ` +
      'so its review rules and admin enforcement were not checked',
    fix:
      'run the doctor with a token that may read branch protection (repository administration: read), or move ' +
      `the rules into a ruleset (${RULES_PAGE}), which read access can see`,
  };
}

/**
 * A merge group's commit holds every PR queued before it. With HEADGREEN only the newest
 * entry's checks must pass, so a PR whose persona rejected it merges with a later green one.
 */
export function groupingCheck(f: DoctorFacts): Check[] {
  if (f.mergeQueue === null || f.queueGrouping !== 'HEADGREEN') return [];
  return [
    {
      id: 'queue-grouping',
      level: 'fail',
      says:
        `the merge queue of ${f.branch} requires checks only on the newest entry of a group (HEADGREEN): a PR ` +
        'whose persona rejected it merges along with a later, green one',
      fix: `${RULES_PAGE} → the merge queue rule: "Only merge non-failing pull requests" on (ALLGREEN)`,
    },
  ];
}

/**
 * Without a merge queue the PR head's status is the last word. A status or check run is per commit and its context
 * is the same on every base, so a PR retargeted after a green carries it until the next run writes pending: a writer
 * who merges before that run starts merges a change judged for another base (attack round 12, D2: check runs do not
 * close this). With commit statuses there is more: GitHub keeps at most 1000 per sha and context, from anyone with
 * write access, deleting none, so a writer who fills the persona's context after an approval freezes its green. A
 * queue re-decides each group on a new commit, for its base, from the persona's reviews.
 */
export function noQueueCheck(f: DoctorFacts, writers: readonly Writer[], contexts: readonly string[]): Check[] {
  if (f.mergeQueue !== null) return queueBypass(f, contexts);
  // check runs of each persona's own App close the freeze (GITHUB_TOKEN's belong to GitHub Actions: any workflow)
  const own = (p: PersonaFacts) => writers.filter((w) => w.persona === p.name);
  const byItsApp = (p: PersonaFacts) =>
    p.kind === 'app' && own(p).length > 0 && own(p).every((w) => w.checkRun && w.credential.kind === 'app');
  const checkRuns = f.personas.length > 0 && f.personas.every(byItsApp);
  const retarget =
    "a PR merges on its head's verdict, the same for every base: retargeted after a green and merged before the " +
    'next run starts, it merges a change judged for another base';
  const queue =
    `${RULES_PAGE} → "Require merge queue" (organisation repositories), the contexts written on each group's ` +
    'commit (README: merge queue)';
  return [
    checkRuns
      ? {
          id: 'queue',
          level: 'warn',
          says:
            `${f.branch} has no merge queue in its rulesets: ${retarget} (the check runs, which only the persona ` +
            'Apps can write, cannot be frozen)',
          fix: `${queue}; a queue that classic branch protection requires is not visible to the doctor`,
        }
      : {
          id: 'queue',
          level: 'warn',
          says:
            `${f.branch} has no merge queue in its rulesets: ${retarget}; and anyone with write access can freeze ` +
            "the head's status by filling its context (GitHub keeps 1000 statuses per commit and context)",
          fix:
            `${queue}; short of a queue, write the verdicts as check runs, which only the persona Apps can write ` +
            '(status-kind: check-run), which closes the freeze but not the retarget; a queue that classic branch ' +
            'protection requires is not visible to the doctor',
        },
  ];
}

export function reviewChecks(f: DoctorFacts): Check[] {
  const rules = [...f.reviews, ...(f.classic.state === 'read' && f.classic.reviews ? [f.classic.reviews] : [])];
  const setting = `${RULES_PAGE} → the ruleset for ${f.branch} → Require a pull request before merging`;
  if (!rules.length) {
    if (f.classic.state === 'unknown') {
      return [
        {
          id: 'reviews',
          level: 'warn',
          unknown: true,
          says: 'no ruleset requires a pull request, and classic protection (which may) could not be read',
          fix: `require it in a ruleset (${setting}), or run the doctor with a token that may read branch protection`,
        },
      ];
    }
    return [
      {
        id: 'reviews',
        level: 'warn',
        says: `no rule requires a pull request on ${f.branch}: the status checks are the only gate`,
        fix: `${setting}, with stale approvals dismissed on push`,
      },
    ];
  }
  const approvals = Math.max(...rules.map((r) => r.approvals));
  const flag = (id: string, on: boolean, good: string, says: string, option: string): Check =>
    on ? ok(id, good) : { id, level: 'warn', says, fix: `${setting} → ${option}` };
  return [
    ok('reviews', `${approvals} approving review(s) required before merging`),
    flag(
      'dismiss-stale',
      rules.some((r) => r.dismissStale),
      'stale approvals are dismissed when new commits are pushed',
      'approvals survive new pushes: a human approval of an earlier head still counts after the PR changes',
      'Dismiss stale pull request approvals when new commits are pushed',
    ),
    ...(approvals > 0
      ? [
          flag(
            'last-push',
            rules.some((r) => r.lastPush),
            'the most recent push must be approved by someone other than its pusher',
            'the most recent push need not be approved by someone else: a reviewer can push and merge on their ' +
              'own approval',
            'Require approval of the most recent reviewable push',
          ),
        ]
      : []),
    rules.some((r) => r.codeOwners)
      ? codeOwnersCheck(f)
      : flag(
          'code-owners',
          false,
          '',
          'no code owner review: a PR can change the gate itself (workflows, persona prompts) with only a persona ' +
            'approving',
          'Require review from Code Owners, and list .github/ and the persona prompts in CODEOWNERS',
        ),
  ];
}

/** Code owner review is required: does the gated branch's CODEOWNERS give the gate's own files an owner? */
function codeOwnersCheck(f: DoctorFacts): Check {
  const c = f.codeowners;
  const says = 'code owners must review changes to the files they own';
  const gate = 'the workflows, the persona prompts and run-persona under .github/';
  // facts gathered before the file was read (older callers): the setting alone, as before
  if (c === undefined) return ok('code-owners', says);
  const fix = `add "/.github/ @your-team" to CODEOWNERS on ${f.branch} (README: Hardening)`;
  if (c === null)
    return {
      id: 'code-owners',
      level: 'warn',
      unknown: true,
      says:
        `code owner review is required, but CODEOWNERS on ${f.branch} could not be read: whether it owns ${gate} ` +
        'is unknown',
      fix: `check CODEOWNERS by hand, or run the doctor with a token that has contents: read`,
    };
  if (c === 'missing')
    return {
      id: 'code-owners',
      level: 'warn',
      says:
        `code owner review is required, but ${f.branch} has no CODEOWNERS file (.github/, the root or docs/): no ` +
        `file has an owner, so a PR can change ${gate} with only a persona approving`,
      fix: `create .github/CODEOWNERS on ${f.branch} with "/.github/ @your-team" (README: Hardening)`,
    };
  const left = unowned(c);
  // owned as far as the file says, but whether GitHub accepts its owners was not said: unknown, not ok
  if (!left.length && c.errors === null)
    return {
      id: 'code-owners',
      level: 'warn',
      unknown: true,
      says:
        `${c.path} on ${f.branch} owns .github/workflows/, .github/persona-verdict/ and itself, but whether GitHub ` +
        'accepts its owners (users and teams that exist and may write) is unknown: it would not list the errors',
      fix: "check the file in the repository's CODEOWNERS view, or run the doctor with a token that has contents: read",
    };
  const errors = c.errors?.length
    ? ` (GitHub reports ${c.errors.map((e) => `line ${e.line}: ${e.kind}`).join(', ')}: such a line asks no one)`
    : c.errors === null
      ? " (whether GitHub accepts its owners is unknown: check the repository's CODEOWNERS view)"
      : '';
  if (left.length)
    return {
      id: 'code-owners',
      level: 'warn',
      says:
        `${c.path} on ${f.branch} gives no owner to ${left.join(', ')}: a PR can change them with only a persona ` +
        `approving${errors}`,
      fix,
    };
  return ok(
    'code-owners',
    `${says}, and ${c.path} on ${f.branch} owns .github/workflows/, .github/persona-verdict/ and itself`,
  );
}
