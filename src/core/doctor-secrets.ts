// Where a persona's key is stored — pure, part of doctor (core/doctor.ts). An environment only guards a key that is
// an environment secret: a repository secret (or an organization secret shared with the repository) of the same name
// is given to every workflow of every branch, whatever environment the persona's own job names. A writer then pushes
// a branch whose workflow reads it, mints the persona App's token and writes the persona's status. GitHub resolves a
// name environment first, then repository, then organization, so an environment secret hides a repository one from
// the persona's job and the doctor is the only one to see both.
import type { Check } from './doctor-check.js';
import type { KeyUse } from './doctor-keys.js';

/** The secret names each store holds; null where the token may not list them (a 403 or 404). */
export interface SecretFacts {
  repository: string[] | null;
  organization: string[] | null;
  /** Environment name → the names of its secrets (null: not readable). */
  environments: Record<string, string[] | null>;
}

/** One persona key as one check sees it: a secret (or why none can be named) and the environment of its job. */
interface Key {
  secret: string;
  persona: string;
  environment?: string;
  environmentByExpression?: boolean;
  via?: KeyUse['via'];
  where: string;
}

/** Each key once per secret and environment (core/doctor-keys.ts finds where each is read). */
function keysOf(uses: readonly KeyUse[]): Key[] {
  const out: Key[] = [];
  for (const u of uses) {
    const where = `${u.file} job ${u.job}`;
    const names = u.via ? [u.via.expression] : u.secrets;
    for (const secret of names)
      // a key named by its secret once per environment; one given otherwise once per job that reads it
      if (
        !out.some(
          (k) =>
            k.secret === secret &&
            k.environment === u.environment &&
            same(k.via, u.via) &&
            (!u.via || k.where === where),
        )
      )
        out.push({ secret, persona: u.persona, ...pick(u), where });
  }
  return out;
}

const same = (a: KeyUse['via'], b: KeyUse['via']): boolean => a?.kind === b?.kind && a?.expression === b?.expression;

const pick = (u: KeyUse) => ({
  ...(u.environment ? { environment: u.environment } : {}),
  ...(u.environmentByExpression ? { environmentByExpression: true } : {}),
  ...(u.via ? { via: u.via } : {}),
});

/** The environments whose secrets must be listed: those the key-reading jobs name. */
export function keyEnvironments(uses: readonly KeyUse[]): string[] {
  return [...new Set(uses.flatMap((u) => (u.environment ? [u.environment] : [])))];
}

/** Secret names are case-insensitive on GitHub (stored upper-case). */
const holds = (names: readonly string[] | null | undefined, secret: string): boolean =>
  !!names?.some((n) => n.toUpperCase() === secret.toUpperCase());

/** One check per persona key: ok only when it is an environment secret and no repository or organization one. */
export function secretChecks(facts: SecretFacts | undefined, uses: readonly KeyUse[]): Check[] {
  if (!facts) return [];
  return keysOf(uses).map((k) => secretCheck(facts, k));
}

function secretCheck(f: SecretFacts, k: Key): Check {
  if (k.via) return untraced(`secret:${k.where}`, k, k.via);
  const id = `secret:${k.secret}@${k.environment ?? ''}`;
  const forge =
    `any workflow on any branch can read it: a writer can push a branch whose workflow mints ${k.persona}'s token ` +
    `with it and writes ${k.persona}'s status`;
  const into = k.environment ? `environment ${k.environment}'s secrets` : 'an environment (and name it in the job)';
  const shared = holds(f.repository, k.secret) ? 'repository' : holds(f.organization, k.secret) ? 'organization' : '';
  if (shared)
    return {
      id,
      level: 'fail',
      says: `${k.persona}'s key ${k.secret} is ${shared === 'repository' ? 'a' : 'an'} ${shared} secret: ${forge}`,
      fix:
        `keep ${k.secret} only in ${into} (Settings → Environments → … → Environment secrets) and delete the ` +
        (shared === 'repository'
          ? `repository secret (Settings → Secrets and variables → Actions → Repository secrets)`
          : `organization secret, or take this repository off its list of repositories`),
    };
  const env = k.environment ? f.environments[k.environment] : undefined;
  if (k.environmentByExpression) return byExpression(id, k);
  const unseen = [
    ...(f.repository === null ? ['repository'] : []),
    ...(f.organization === null ? ['organization'] : []),
    ...(k.environment && env === null ? [`environment ${k.environment}'s`] : []),
  ];
  if (unseen.length)
    return {
      id,
      level: 'warn',
      unknown: true,
      says:
        `where ${k.persona}'s key ${k.secret} is stored is unknown: the ${unseen.join(', ')} secrets could not ` +
        'be listed',
      fix:
        `run doctor with a token that may list secrets (an admin's), or check by hand that ${k.secret} is only ` +
        `in ${into}`,
    };
  if (k.environment && holds(env, k.secret))
    return {
      id,
      level: 'ok',
      says: `${k.persona}'s key ${k.secret} is a secret of environment ${k.environment} only`,
      fix: '',
    };
  return {
    id,
    level: 'warn',
    says:
      `${k.persona}'s key ${k.secret} is in none of the secrets this token can list` +
      (k.environment ? ` (not in environment ${k.environment})` : '') +
      ': the job would get an empty key',
    fix: `add ${k.secret} to ${into}`,
  };
}

/** A key given by a configuration variable (every workflow reads it, and anyone who can read the settings), or by an
 * expression the doctor cannot follow to a secret. */
function untraced(id: string, k: Key, via: NonNullable<KeyUse['via']>): Check {
  if (via.kind === 'literal')
    return {
      id,
      level: 'fail',
      says:
        `${k.persona}'s key is written into the workflow file (${k.where}): anyone who can read the repository ` +
        'has it',
      fix:
        "revoke that key (the App's settings → Private keys), make a new one and keep it as a secret of the " +
        "persona's environment",
    };
  if (via.kind === 'variable')
    return {
      id,
      level: 'fail',
      says:
        `${k.persona}'s key is read from a configuration variable (${via.expression.slice(0, 60)}, ${k.where}): ` +
        'variables are not secret, and every workflow of every branch reads them',
      fix: `store the key as a secret of the persona's environment and read it with secrets.<NAME> in ${k.where}`,
    };
  return {
    id,
    level: 'warn',
    unknown: true,
    says:
      `${k.persona}'s key (${k.where}) is given by "${via.expression.slice(0, 60)}", which names no secret the ` +
      'doctor can follow',
    fix:
      `give the key as \${{ secrets.<NAME> }} in ${k.where}, or check by hand that it is only in the persona's ` +
      'environment',
  };
}

function byExpression(id: string, k: Key): Check {
  return {
    id,
    level: 'warn',
    unknown: true,
    says:
      `${k.persona}'s key ${k.secret} (${k.where}): the job names its environment by an expression, so where the ` +
      'key is kept is unknown',
    fix: `name the environment as a literal in ${k.where}, or check by hand that ${k.secret} is only in it`,
  };
}
