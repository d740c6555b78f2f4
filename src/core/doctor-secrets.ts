// Where a persona's key is stored — pure, part of doctor (core/doctor.ts). An environment only guards a key that is
// an environment secret: a repository secret (or an organization secret shared with the repository) of the same name
// is given to every workflow of every branch, whatever environment the persona's own job names. A writer then pushes
// a branch whose workflow reads it, mints the persona App's token and writes the persona's status. GitHub resolves a
// name environment first, then repository, then organization, so an environment secret hides a repository one from
// the persona's job and the doctor is the only one to see both.
import type { Check } from './doctor.js';
import type { Writer } from './doctor-workflows.js';

/** The secret names each store holds; null where the token may not list them (a 403 or 404). */
export interface SecretFacts {
  repository: string[] | null;
  organization: string[] | null;
  /** Environment name → the names of its secrets (null: not readable). */
  environments: Record<string, string[] | null>;
}

/** A persona key a status writer reads, and the environment its job names. */
interface KeyUse {
  secret: string;
  persona: string;
  environment?: string;
}

/** The persona keys the writers read (the App key, or a token secret), each secret and environment once. */
export function writerKeys(writers: readonly Writer[]): KeyUse[] {
  const out: KeyUse[] = [];
  for (const w of writers)
    for (const secret of w.secrets ?? [])
      if (!out.some((k) => k.secret === secret && k.environment === w.environment))
        out.push({ secret, persona: w.persona, ...(w.environment ? { environment: w.environment } : {}) });
  return out;
}

/** Secret names are case-insensitive on GitHub (stored upper-case). */
const holds = (names: readonly string[] | null | undefined, secret: string): boolean =>
  !!names?.some((n) => n.toUpperCase() === secret.toUpperCase());

/** One check per persona key: ok only when it is an environment secret and no repository or organization one. */
export function secretChecks(facts: SecretFacts | undefined, writers: readonly Writer[]): Check[] {
  if (!facts) return [];
  return writerKeys(writers).map((k) => secretCheck(facts, k));
}

function secretCheck(f: SecretFacts, k: KeyUse): Check {
  const id = `secret:${k.secret}`;
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
