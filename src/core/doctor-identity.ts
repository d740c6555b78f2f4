// The doctor's checks of who each persona is: an account's access to the repository, and no two
// personas sharing one App or account. Pure.
import { ok, type Check } from './doctor-check.js';
import type { PersonaFacts } from './doctor-facts.js';

const WRITE = ['admin', 'maintain', 'write'];

export function accessCheck(p: PersonaFacts): Check[] {
  if (p.kind === 'app') return []; // an App's access is its installation's permissions, not a collaborator role
  const id = `access:${p.name}`;
  if (p.permission !== null && WRITE.includes(p.permission))
    return [ok(id, `${p.login} has ${p.permission} access: its APPROVE counts and it can write the status`)];
  if (p.permission === null) {
    return [
      {
        id,
        level: 'warn',
        unknown: true,
        says: `${p.login}'s permission on the repository could not be read`,
        fix: `run the doctor with a token that has push access, or check Settings → Collaborators for ${p.login}`,
      },
    ];
  }
  const has = p.permission === 'not-collaborator' ? 'is not a collaborator' : `has only ${p.permission} access`;
  return [
    {
      id,
      level: 'fail',
      says:
        `${p.login} ${has}: its APPROVE does not count toward required reviews and it cannot write ` +
        `${p.name}'s status`,
      fix: `Settings → Collaborators and teams → give ${p.login} the Write role`,
    },
  ];
}

/**
 * One App per persona: two personas on one App's id can each write the other's status with their own token, and
 * GitHub keeps one review state per account — the panel is one voice (attack round 16, D16b-1): a failure. Two on one
 * account (a PAT) are the README's documented trade for `review-event: COMMENT`: a warning that says what it costs.
 */
export function distinctChecks(personas: readonly PersonaFacts[]): Check[] {
  const groups = new Map<string, PersonaFacts[]>();
  for (const p of personas) {
    // an App persona whose App could not be read (no id) is still an App: grouped by its slug
    const key =
      p.appId !== null
        ? `app ${p.appId}`
        : p.kind === 'app'
          ? `slug ${p.login.toLowerCase()}`
          : `account ${p.login.toLowerCase()}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  return [...groups.values()]
    .filter((g) => g.length > 1)
    .map((g): Check => {
      const names = g.map((p) => p.name).join(' and ');
      const id = `distinct:${g.map((p) => p.name).join('+')}`;
      const cost = "each one's token can write the others' status, and GitHub keeps one review per account";
      if (g[0]!.kind !== 'app')
        return {
          id,
          level: 'warn',
          says:
            `${names} share the account ${g[0]!.login}: ${cost} ` +
            '(only review-event: COMMENT keeps their reviews apart)',
          fix: 'give each persona its own GitHub App, or keep review-event: COMMENT and gate on each status',
        };
      return {
        id,
        level: 'fail',
        says:
          `${names} are one identity, the App ${g[0]!.slug}${idOf(g[0]!)}: ${cost}, ` +
          'so the panel speaks with one voice',
        fix:
          'create a GitHub App per persona (Settings → Developer settings → GitHub Apps), give each its own key in ' +
          "its own environment, and require each persona's status from its own App",
      };
    });
}

const idOf = (p: PersonaFacts): string => (p.appId === null ? '' : ` (id ${p.appId})`);
