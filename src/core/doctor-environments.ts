// Who may deploy to a persona's environment — pure, part of doctor (core/doctor.ts). A persona App's key lives in an
// environment so that only the workflows of the branch the persona jobs run on can read it: the default branch (the
// recipes' jobs run on pull_request_target, workflow_run and issue_comment, which all take the default branch's
// workflow files, and since 2025-12-08 check environment rules against it), whatever branch the ruleset gates. An
// environment every branch may deploy to (what
// GitHub makes on a job's first use of a name) lets a writer push a branch whose own workflow names it, mint the
// persona's token and write the persona's status from the very source the ruleset pins.
import type { Check } from './doctor-check.js';
import type { Writer } from './doctor-writers.js';

/**
 * An environment's deployment branches: every branch (no policy), protected branches only, or the name patterns of
 * its custom branch and tag policies.
 */
export type EnvironmentBranches =
  | { kind: 'all' }
  | { kind: 'protected' }
  | { kind: 'custom'; patterns: Array<{ name: string; type: 'branch' | 'tag' }> };

export interface EnvironmentFact {
  name: string;
  /** 'missing': GitHub has no such environment (404); null: it would not say. */
  branches: EnvironmentBranches | 'missing' | null;
}

/** The environments the status writers' jobs name, each once, in order. */
export function writerEnvironments(writers: readonly Writer[]): string[] {
  return [...new Set(writers.flatMap((w) => (w.environment ? [w.environment] : [])))];
}

const WILDCARD = /[*?[\]]/;

/**
 * One check per environment a status writer names: ok only when no branch but `branch`, the one the persona jobs run
 * on, may deploy ("protected
 * branches" warns: GitHub counts every branch a protection rule names, and every branch when there is none).
 */
export function environmentChecks(
  branch: string,
  envs: readonly EnvironmentFact[],
  writers: ReadonlyArray<Pick<Writer, 'environment' | 'persona'>>,
): Check[] {
  return envs.map((e) => {
    const who = [...new Set(writers.filter((w) => w.environment === e.name).map((w) => w.persona))].join(', ');
    return environmentCheck(branch, e, who);
  });
}

function environmentCheck(branch: string, e: EnvironmentFact, who: string): Check {
  const id = `environment:${e.name}`;
  const where = `Settings → Environments → ${e.name} → Deployment branches and tags`;
  const forge =
    `a writer can push a branch whose own workflow names ${e.name}, mint ${who}'s token there and write ` +
    `${who}'s status`;
  const b = e.branches;
  if (b === null) {
    return {
      id,
      level: 'warn',
      unknown: true,
      says: `who may deploy to environment ${e.name} (${who}'s key) is unknown: GitHub would not show it`,
      fix: `check ${where} by hand: ${branch} only`,
    };
  }
  if (b === 'missing') {
    return {
      id,
      level: 'warn',
      says:
        `environment ${e.name}, named by ${who}'s job, does not exist (or this token cannot see it): GitHub ` +
        `makes it on first use with every branch allowed, and ${who}'s key is then a repository or organization ` +
        `secret that any branch's workflow can read`,
      fix: `create environment ${e.name}, set ${where} to ${branch} only, and move ${who}'s App key into it`,
    };
  }
  if (b.kind === 'all') {
    return {
      id,
      level: 'fail',
      says: `environment ${e.name} lets every branch deploy: ${forge}`,
      fix: `set ${where} to "Selected branches and tags" with ${branch} only (or "Protected branches only")`,
    };
  }
  if (b.kind === 'protected') {
    // GitHub: "Only branches with branch protection rules enabled can deploy … If no branch protection rules are
    // defined for any branch in the repository, then all branches can deploy" — which those are, doctor cannot list
    return {
      id,
      level: 'warn',
      says:
        `environment ${e.name} lets "protected branches" deploy: every branch a branch protection rule names (a ` +
        `rule for release/* or * too), and every branch when the repository has no branch protection rule — ` +
        `then ${forge}`,
      fix: `set ${where} to "Selected branches and tags" with ${branch} only`,
    };
  }
  return customCheck(branch, e.name, b.patterns, { id, where, who });
}

/** A custom policy: ok only for the branch the persona jobs run on, alone. */
function customCheck(
  branch: string,
  name: string,
  patterns: ReadonlyArray<{ name: string; type: 'branch' | 'tag' }>,
  at: { id: string; where: string; who: string },
): Check {
  const { id, where, who } = at;
  if (!patterns.length) {
    return {
      id,
      level: 'warn',
      says: `no branch may deploy to environment ${name}: ${who}'s jobs there cannot run`,
      fix: `add ${branch} under ${where}`,
    };
  }
  const loose = patterns.filter((p) => p.type === 'tag' || p.name !== branch);
  if (!loose.length) return ok(id, `only ${branch} may deploy to environment ${name}`);
  const named = loose.map((p) => `${p.type} ${p.name}${WILDCARD.test(p.name) ? ' (a pattern)' : ''}`).join(', ');
  return {
    id,
    level: 'warn',
    says:
      `environment ${name} also lets ${named} deploy: whoever may create or push to such a ` +
      `${loose.some((p) => p.type === 'tag') ? 'branch or tag' : 'branch'} can use ${who}'s key`,
    fix: `limit ${where} to ${branch}, or protect what those patterns match from writers`,
  };
}

const ok = (id: string, says: string): Check => ({ id, level: 'ok', says, fix: '' });
