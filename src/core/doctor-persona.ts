// The doctor's checks of each persona: its status context required, from its App, written by
// the workflows on the default branch (and on the merge queue's commits), and its access. Pure.
import { ok, type Check } from './doctor-check.js';
import {
  GITHUB_ACTIONS_APP_ID,
  label,
  personaContext,
  RULES_PAGE,
  type DoctorFacts,
  type PersonaFacts,
  type Requirement,
} from './doctor-facts.js';
import { accessCheck } from './doctor-identity.js';
import type { Credential, Writer } from './doctor-writers.js';

/** Every requirement of a context: rulesets, and classic protection as far as it is known. */
function requirementsOf(f: DoctorFacts, context: string): Requirement[] {
  const classic = f.classic.state === 'read' || f.classic.state === 'unknown' ? (f.classic.checks ?? []) : [];
  return [...f.requirements, ...classic].filter((r) => r.context === context);
}

export function personaChecks(f: DoctorFacts, p: PersonaFacts, writers: Writer[], readWorkflows: boolean): Check[] {
  const context = personaContext(p, writers);
  const reqs = requirementsOf(f, context);
  const mine = writers.filter((w) => w.context === context);
  return [
    requiredCheck(f, p, context, reqs),
    ...reqs.map((r) => sourceCheck(f, p, context, r, reqs)),
    ...(readWorkflows ? writerChecks(f, p, context, reqs, mine) : []),
    ...accessCheck(p),
  ];
}

function requiredCheck(f: DoctorFacts, p: PersonaFacts, context: string, reqs: Requirement[]): Check {
  const id = `required:${p.name}`;
  if (reqs.length)
    return ok(id, `${context} is a required status check (${reqs.map((r) => label(f, r.rulesetId)).join(', ')})`);
  const add =
    `${RULES_PAGE} → a branch ruleset targeting ${f.branch} → Require status checks to pass → add ${context}` +
    (p.kind === 'app' ? ` with the App ${p.slug} as its source` : '');
  if (f.classic.state === 'unknown' && f.classic.checks === null) {
    return {
      id,
      level: 'warn',
      unknown: true,
      says: `no ruleset requires ${context}, and whether classic branch protection does is unknown`,
      fix: `require it in a ruleset (${add}), or run the doctor with a token that may read branch protection`,
    };
  }
  return {
    id,
    level: 'fail',
    says: `${context} is not a required status check on ${f.branch}: a PR merges without ${p.name}'s verdict`,
    fix: add,
  };
}

/**
 * A requirement of the context pinned to the persona's App, in a layer that binds everyone: a ruleset nobody may
 * bypass (its bypass list read, and empty), or classic protection read with admins included. GitHub applies every
 * layer, so beside it a requirement from any source lets no one else's status through (an attack of round R found
 * leftover classic protection and an organization ruleset failed as if they stood alone); a layer with bypass actors,
 * or classic protection that skips admins, does not bind all whom the loose one lets through.
 */
function pinnedForAll(f: DoctorFacts, p: PersonaFacts, reqs: Requirement[]): Requirement | undefined {
  const binds = (r: Requirement): boolean =>
    r.rulesetId === null
      ? f.classic.state === 'read' && f.classic.enforceAdmins
      : f.rulesets.find((x) => x.id === r.rulesetId)?.bypass?.length === 0;
  return reqs.find((r) => p.kind === 'app' && p.appId !== null && r.source === p.appId && binds(r));
}

function sourceCheck(f: DoctorFacts, p: PersonaFacts, context: string, r: Requirement, reqs: Requirement[]): Check {
  const id = `source:${p.name}:${label(f, r.rulesetId)}`;
  const where = label(f, r.rulesetId);
  const setting =
    r.rulesetId === null
      ? `Settings → Branches → the rule for ${f.branch} → Require status checks → ${context}`
      : `${RULES_PAGE} → ${where.slice(8)} → Require status checks to pass → ${context}`;
  if (p.kind === 'app' && p.appId === null) {
    return {
      id,
      level: 'fail',
      says: `there is no GitHub App with the slug ${p.slug}, so ${p.name}'s source cannot be checked`,
      // both the CLI (--persona) and the action's doctor mode (personas) read these: the fix names neither flag
      fix:
        `give the App's slug, the last part of its page https://github.com/apps/<slug>, as ${p.name}=<slug> ` +
        "(the CLI's --persona, the action's personas input)",
    };
  }
  const layer = r.source === null ? pinnedForAll(f, p, reqs) : undefined;
  if (layer)
    return {
      id,
      level: 'warn',
      says:
        `${where} requires ${context} from any source, but ${label(f, layer.rulesetId)} requires it from ` +
        `${p.name}'s App and binds everyone: GitHub applies both, so the gate holds while that layer stands`,
      fix:
        `${setting}: set its source to the App ${p.slug} (id ${p.appId}) too, or remove it, so the gate does not ` +
        `rest on ${label(f, layer.rulesetId)} alone`,
    };
  if (r.source === null) {
    return {
      id,
      level: 'fail',
      says:
        `${where} requires ${context} from any source: anyone with write access (or any workflow with ` +
        'statuses: write or checks: write) can set it to success',
      fix:
        p.kind === 'app'
          ? `${setting}: set its source to the App ${p.slug} (id ${p.appId})`
          : `make ${p.name} a GitHub App (README: the persona's App) and pin ${context} to it in ${setting}; a ` +
            'status written with a personal token cannot be pinned',
    };
  }
  if (p.kind === 'app' && r.source === p.appId) return ok(id, `${where} requires ${context} from ${p.name}'s App`);
  const pinned = r.source === GITHUB_ACTIONS_APP_ID ? 'GitHub Actions (any workflow can write it)' : `App ${r.source}`;
  const writes = p.kind === 'app' ? `the App ${p.slug} (id ${p.appId})` : `a personal token (${p.login})`;
  return {
    id,
    level: 'fail',
    says:
      `${where} accepts ${context} only from ${pinned}, but ${p.name} writes it as ${writes}: ` +
      'its status never counts and every PR is blocked',
    fix:
      p.kind === 'app'
        ? `${setting}: set its source to the App ${p.slug}`
        : `make ${p.name} a GitHub App and pin ${context} to it in ${setting}`,
  };
}

/** The App a credential's statuses come from: an id, 'pat' for a personal token, null when not known. */
function sourceOf(c: Credential, p: PersonaFacts): number | 'pat' | null {
  if (c.kind === 'github-actions') return GITHUB_ACTIONS_APP_ID;
  if (c.kind === 'app') return p.appId; // minted in the job: taken to be the persona's App
  if (c.kind === 'secret') return 'pat';
  return null;
}

const describe = (c: Credential): string =>
  c.kind === 'github-actions'
    ? 'GITHUB_TOKEN (GitHub Actions)'
    : c.kind === 'app'
      ? `an App token (step ${c.step})`
      : c.kind === 'secret'
        ? `the secret ${c.name} (a personal token)`
        : `"${c.expression.slice(0, 40)}"`;

function writerChecks(f: DoctorFacts, p: PersonaFacts, context: string, reqs: Requirement[], mine: Writer[]): Check[] {
  const out: Check[] = [];
  const pr = mine.filter((w) => !w.queue || w.events.some((e) => e !== 'merge_group' && e !== 'workflow_run'));
  const id = `writer:${p.name}`;
  if (!pr.length) {
    out.push({
      id,
      level: reqs.length ? 'fail' : 'warn',
      says:
        `no workflow on the default branch writes ${context} for pull requests` +
        (reqs.length ? ': the required check never reports and every PR waits' : ''),
      fix: `add ${p.name}'s workflow from docs/recipes/ to .github/workflows/ on the default branch`,
    });
  } else {
    const bad = checkRunMisfit(context, mine) ?? mismatch(f, p, context, reqs, pr);
    out.push(bad ? { id, ...bad } : ok(id, `${context} is written by ${where(pr)}`));
  }
  if (f.mergeQueue !== null && reqs.length) out.push(queueCheck(f, p, context, reqs, mine));
  return out;
}

const where = (ws: Writer[]): string => [...new Set(ws.map((w) => `${w.file} (job ${w.job})`))].join(', ');

/**
 * status-kind: check-run that cannot work: an App token narrowed without permission-checks, a personal token (GitHub
 * lets only Apps create check runs) or GITHUB_TOKEN (the action refuses both before writing).
 */
function checkRunMisfit(context: string, ws: Writer[]): Omit<Check, 'id'> | null {
  const narrowed = ws.find((x) => x.checksNarrowedOut);
  if (narrowed)
    return {
      level: 'fail',
      says:
        `job ${narrowed.job} in ${narrowed.file} writes ${context} as a check run with ` +
        `${describe(narrowed.credential)}, whose permission-* inputs leave out checks: every check run it writes is ` +
        'refused',
      fix: 'add permission-checks: write to that create-github-app-token step (and Checks: Read and write to the App)',
    };
  const w = ws.find((x) => x.checkRun && (x.credential.kind === 'secret' || x.credential.kind === 'github-actions'));
  if (!w) return null;
  const why =
    w.credential.kind === 'secret'
      ? 'only a GitHub App can create check runs'
      : "GITHUB_TOKEN's runs are GitHub Actions', which any workflow can write, and the action refuses them";
  return {
    level: 'fail',
    says:
      `job ${w.job} in ${w.file} writes ${context} as a check run with ${describe(w.credential)}: ${why}, so ` +
      'every run of it fails',
    fix: "mint the persona App's token in that job (actions/create-github-app-token), or set status-kind: commit",
  };
}

/** A writer whose statuses a pinned requirement does not accept. */
function mismatch(
  f: DoctorFacts,
  p: PersonaFacts,
  context: string,
  reqs: Requirement[],
  ws: Writer[],
): Omit<Check, 'id'> | null {
  for (const r of reqs) {
    if (r.source === null) continue; // already a failure of its own
    // a writer with the persona's own App is right; a pin to another App is sourceCheck's finding
    const own = (w: Writer) => p.kind === 'app' && w.credential.kind === 'app';
    const wrong = ws.filter((w) => !own(w) && sourceOf(w.credential, p) !== r.source);
    if (!wrong.length) continue;
    const w = wrong[0]!;
    return {
      level: 'fail',
      says:
        `job ${w.job} in ${w.file} writes ${context} with ${describe(w.credential)}, but ${label(f, r.rulesetId)} ` +
        `accepts it only from App ${r.source}: that status never counts`,
      fix:
        `in ${w.file}, job ${w.job}: pass the persona App's token (actions/create-github-app-token with ` +
        `${p.name}'s App id and private key) as github-token`,
    };
  }
  return null;
}

function queueCheck(f: DoctorFacts, p: PersonaFacts, context: string, reqs: Requirement[], mine: Writer[]): Check {
  const id = `queue:${p.name}`;
  const q = mine.filter((w) => w.queue);
  const queue = label(f, f.mergeQueue || null);
  if (!q.length) {
    return {
      id,
      level: 'fail',
      says:
        `the merge queue (${queue}) requires ${context} on each group's commit, but no workflow writes it on ` +
        'merge_group or on a workflow_run after one: every queued PR waits and is ejected',
      fix:
        `add a queue reporter on the default branch: a workflow_run workflow after the merge_group one that ` +
        `writes ${context} with ${p.name}'s App token (docs/recipes/)`,
    };
  }
  const bad = mismatch(f, p, context, reqs, q);
  if (bad) {
    return {
      id,
      ...bad,
      says: `merge queue: ${bad.says}, so every merge group is ejected`,
    };
  }
  return ok(id, `the merge queue gets ${context} from ${where(q)}`);
}
