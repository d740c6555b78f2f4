// The doctor: is the merge gate really enforced? Facts about the repository's settings
// in (the branch's rules from every ruleset, classic protection when readable, the
// personas' Apps and permissions, the workflow files), a list of checks out — each ok,
// warn or fail with one sentence and the fix — and a bottom line. Pure.
import { environmentChecks, type EnvironmentFact } from './doctor-environments.js';
import { secretChecks, type SecretFacts } from './doctor-secrets.js';
import { analyseWorkflows, type Credential, type Level, type WorkflowFile, type Writer } from './doctor-workflows.js';
import { mdText } from './markdown.js';
import { PERSONA_PATTERN } from './marker.js';

export type { Level, WorkflowFile } from './doctor-workflows.js';

/** GitHub Actions' App id: the source of statuses written with GITHUB_TOKEN. */
export const GITHUB_ACTIONS_APP_ID = 15368;

/** A required status check; `source` is the App it must come from, null for any source. */
export interface Requirement {
  context: string;
  source: number | null;
  /** The ruleset that requires it; null for classic branch protection. */
  rulesetId: number | null;
}

export interface ReviewRules {
  rulesetId: number | null;
  approvals: number;
  dismissStale: boolean;
  lastPush: boolean;
  codeOwners: boolean;
}

export interface BypassActor {
  type: string;
  id: number | null;
  mode: string;
}

export interface RulesetFacts {
  id: number;
  name: string;
  /** null when the token may not see the bypass list. */
  bypass: BypassActor[] | null;
}

export type Classic =
  | {
      state: 'read';
      checks: Requirement[];
      reviews: ReviewRules | null;
      enforceAdmins: boolean;
      /** Who may merge without the required reviews (users, teams, apps by login, slug or slug[bot]). */
      reviewBypass?: string[];
    }
  | { state: 'none' }
  /** The full protection could not be read; `checks` from the branch summary when it showed them. */
  | { state: 'unknown'; status: number; checks: Requirement[] | null };

export interface PersonaFacts {
  name: string;
  kind: 'app' | 'account';
  /** The account's login, or the App's `<slug>[bot]`. */
  login: string;
  slug: string | null;
  /** The App's id from GET /apps/{slug}; null when there is no App by that slug (or for an account). */
  appId: number | null;
  /** The App's client ID (Iv23…), from the same read: a workflow may name the App by either. */
  clientId: string | null;
  /** admin, maintain, write, triage, read, none; 'not-collaborator'; null when it could not be read. */
  permission: string | null;
}

export interface DoctorFacts {
  repo: string;
  branch: string;
  /** Required status checks from rulesets. */
  requirements: Requirement[];
  /** Pull request rules from rulesets. */
  reviews: ReviewRules[];
  /** The ruleset that turns the merge queue on; null when it is off. */
  mergeQueue: number | null;
  /** The merge queue's grouping strategy (ALLGREEN, HEADGREEN); null when off or not said. */
  queueGrouping?: string | null;
  rulesets: RulesetFacts[];
  classic: Classic;
  personas: PersonaFacts[];
  /** The default branch's workflow files; null when they could not be read. */
  workflows: WorkflowFile[] | null;
  /** Who may deploy to each environment a status writer names (core/doctor-environments.ts). */
  environments?: EnvironmentFact[];
  /** Where the writers' keys are stored (core/doctor-secrets.ts). */
  secrets?: SecretFacts;
}

export interface Check {
  id: string;
  level: Level;
  says: string;
  /** Which setting to change, and where; '' when ok. */
  fix: string;
  /** The doctor could not see this setting: reported as a warning, never as ok. */
  unknown?: boolean;
}

export interface DoctorReport {
  repo: string;
  branch: string;
  level: Level;
  bottomLine: string;
  checks: Check[];
}

/** `NAME=APP_SLUG` (a GitHub App) or `NAME=@LOGIN` (an account). */
export interface DoctorPersona {
  name: string;
  app: string | null;
  login: string | null;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/i;
const LOGIN = /^[A-Za-z0-9][A-Za-z0-9-]{0,38}$/;

/** Parses one persona; throws an Error that says what is wrong and what to write instead. */
export function parseDoctorPersona(s: string): DoctorPersona {
  const m = /^([^=\s]+)=(@?)(\S+)$/.exec(s.trim());
  const bad = (why: string) =>
    new Error(`persona "${s.slice(0, 60)}": ${why}; write NAME=APP_SLUG for an App, NAME=@LOGIN for an account`);
  if (!m) throw bad('not NAME=APP_SLUG or NAME=@LOGIN');
  const [, name, at, who] = m as unknown as [string, string, string, string];
  if (!PERSONA_PATTERN.test(name)) throw bad(`"${name}" is not a persona name (A-Z a-z 0-9 . _ -)`);
  if (at) {
    if (!LOGIN.test(who)) throw bad(`"${who}" is not a GitHub login`);
    return { name, app: null, login: who };
  }
  const slug = who.replace(/\[bot\]$/, '');
  if (!SLUG.test(slug)) throw bad(`"${who}" is not an App slug`);
  return { name, app: slug, login: null };
}

const ok = (id: string, says: string): Check => ({ id, level: 'ok', says, fix: '' });
const RULES_PAGE = 'Settings → Rules → Rulesets';

/** A raw entry of GET /repos/{o}/{r}/rules/branches/{b}. */
export interface RawRule {
  type: string;
  parameters?: Record<string, unknown>;
  ruleset_id?: number;
}

/** The branch's rules from every ruleset, as the doctor needs them. */
export function fromBranchRules(rules: RawRule[]): Pick<
  DoctorFacts,
  'requirements' | 'reviews' | 'mergeQueue' | 'queueGrouping'
> & {
  rulesetIds: number[];
} {
  const requirements: Requirement[] = [];
  const reviews: ReviewRules[] = [];
  let mergeQueue: number | null = null;
  let queueGrouping: string | null = null;
  const ids = new Set<number>();
  for (const r of rules) {
    const rulesetId = r.ruleset_id ?? null;
    if (rulesetId !== null) ids.add(rulesetId);
    const p = r.parameters ?? {};
    if (r.type === 'required_status_checks') {
      const list = Array.isArray(p['required_status_checks']) ? p['required_status_checks'] : [];
      for (const c of list as Array<{ context: string; integration_id?: number }>)
        requirements.push({ context: c.context, source: c.integration_id ?? null, rulesetId });
    } else if (r.type === 'pull_request') {
      reviews.push({
        rulesetId,
        approvals: Number(p['required_approving_review_count'] ?? 0),
        dismissStale: p['dismiss_stale_reviews_on_push'] === true,
        lastPush: p['require_last_push_approval'] === true,
        codeOwners: p['require_code_owner_review'] === true,
      });
    } else if (r.type === 'merge_queue' && mergeQueue === null) {
      mergeQueue = rulesetId ?? 0;
      queueGrouping = typeof p['grouping_strategy'] === 'string' ? p['grouping_strategy'] : null;
    }
  }
  return { requirements, reviews, mergeQueue, queueGrouping, rulesetIds: [...ids] };
}

export interface RawChecks {
  contexts?: string[];
  checks?: Array<{ context: string; app_id?: number | null }>;
}

/** Classic required status checks: a context listed without an App (or app_id -1) takes any source. */
export function fromClassicChecks(rsc: RawChecks | null | undefined): Requirement[] {
  if (!rsc) return [];
  const out: Requirement[] = (rsc.checks ?? []).map((c) => ({
    context: c.context,
    source: typeof c.app_id === 'number' && c.app_id > 0 ? c.app_id : null,
    rulesetId: null,
  }));
  for (const c of rsc.contexts ?? [])
    if (!out.some((o) => o.context === c)) out.push({ context: c, source: null, rulesetId: null });
  return out;
}

/** The context a persona's status is written under: from its workflow step, else persona-verdict/<name>. */
export function personaContext(p: PersonaFacts, writers: Writer[]): string {
  return writers.find((w) => w.persona === p.name)?.context ?? `persona-verdict/${p.name}`;
}

/**
 * A merge group's commit holds every PR queued before it. With HEADGREEN only the newest
 * entry's checks must pass, so a PR whose persona rejected it merges with a later green one.
 */
function groupingCheck(f: DoctorFacts): Check[] {
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
 * Without a merge queue the PR head's status is the last word, and GitHub keeps at most 1000
 * statuses per sha and context, from anyone with write access, deleting none: a writer who fills
 * the persona's context after an approval freezes its green through a retarget or a later
 * rejection. A queue re-decides each group on a new commit, from the persona's reviews.
 */
function noQueueCheck(f: DoctorFacts, writers: readonly Writer[]): Check[] {
  if (f.mergeQueue !== null) return [];
  // closed only by check runs of each persona's own App: GITHUB_TOKEN's belong to GitHub Actions (any workflow)
  const own = (p: PersonaFacts) => writers.filter((w) => w.persona === p.name);
  const byItsApp = (p: PersonaFacts) =>
    p.kind === 'app' && own(p).length > 0 && own(p).every((w) => w.checkRun && w.credential.kind === 'app');
  if (f.personas.length && f.personas.every(byItsApp))
    return [
      ok('queue', `${f.branch} has no merge queue; every persona writes check runs, which only its App can write`),
    ];
  return [
    {
      id: 'queue',
      level: 'warn',
      says:
        `${f.branch} has no merge queue in its rulesets: a PR merges on its head's status, which anyone with ` +
        'write access can freeze by filling its context (GitHub keeps 1000 statuses per commit and context)',
      fix:
        'write the verdicts as check runs, which only the persona Apps can write (status-kind: check-run), or ' +
        `${RULES_PAGE} → "Require merge queue" (organisation repositories), the contexts written on each group's ` +
        'commit (README: merge queue); a queue that classic branch protection requires is not visible to the doctor',
    },
  ];
}

/** Each persona's App as a workflow may write it out: its id or its client ID. */
export function appNames(personas: readonly PersonaFacts[]): Map<string, string[]> {
  return new Map(
    personas.map((p) => [p.name, [p.appId === null ? '' : String(p.appId), p.clientId ?? ''].filter((x) => x)]),
  );
}

export function diagnose(f: DoctorFacts): DoctorReport {
  const wf = f.workflows ? analyseWorkflows(f.workflows, appNames(f.personas)) : null;
  const writers = wf?.writers ?? [];
  const checks: Check[] = [
    classicCheck(f),
    ...f.personas.flatMap((p) => personaChecks(f, p, writers, wf !== null)),
    ...noQueueCheck(f, writers),
    ...groupingCheck(f),
    ...reviewChecks(f),
    ...bypassChecks(f),
    ...workflowChecks(f, wf),
    // the environments of the status writers, and of every other job that reads a persona key (core/doctor-keys.ts)
    ...environmentChecks(f.branch, f.environments ?? [], [...writers, ...(wf?.keys ?? [])]),
    ...secretChecks(f.secrets, wf?.keys ?? []),
  ];
  const fails = checks.filter((c) => c.level === 'fail').length;
  const warns = checks.filter((c) => c.level === 'warn').length;
  const level: Level = fails ? 'fail' : warns ? 'warn' : 'ok';
  const bottomLine =
    level === 'fail'
      ? `the gate on ${f.branch} is not enforced: ${fails} check(s) fail, ${warns} warn — fix the failures first`
      : level === 'warn'
        ? `the gate on ${f.branch} holds as far as the doctor can see; ${warns} warning(s) to review`
        : `the gate on ${f.branch} is enforced: all ${checks.length} checks ok`;
  return { repo: f.repo, branch: f.branch, level, bottomLine, checks };
}

function label(f: DoctorFacts, rulesetId: number | null): string {
  if (rulesetId === null) return 'classic branch protection';
  const r = f.rulesets.find((x) => x.id === rulesetId);
  return r ? `ruleset "${r.name}"` : `ruleset ${rulesetId}`;
}

function classicCheck(f: DoctorFacts): Check {
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

/** Every requirement of a context: rulesets, and classic protection as far as it is known. */
function requirementsOf(f: DoctorFacts, context: string): Requirement[] {
  const classic = f.classic.state === 'read' || f.classic.state === 'unknown' ? (f.classic.checks ?? []) : [];
  return [...f.requirements, ...classic].filter((r) => r.context === context);
}

function personaChecks(f: DoctorFacts, p: PersonaFacts, writers: Writer[], readWorkflows: boolean): Check[] {
  const context = personaContext(p, writers);
  const reqs = requirementsOf(f, context);
  const mine = writers.filter((w) => w.context === context);
  return [
    requiredCheck(f, p, context, reqs),
    ...reqs.map((r) => sourceCheck(f, p, context, r)),
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

function sourceCheck(f: DoctorFacts, p: PersonaFacts, context: string, r: Requirement): Check {
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
      fix: `give the App's slug, the last part of its page https://github.com/apps/<slug>, in --persona ${p.name}=<slug>`,
    };
  }
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

const WRITE = ['admin', 'maintain', 'write'];

function accessCheck(p: PersonaFacts): Check[] {
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

function reviewChecks(f: DoctorFacts): Check[] {
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
    flag(
      'code-owners',
      rules.some((r) => r.codeOwners),
      'code owners must review changes to the files they own',
      'no code owner review: a PR can change the gate itself (workflows, persona prompts) with only a persona ' +
        'approving',
      'Require review from Code Owners, and list .github/ and the persona prompts in CODEOWNERS',
    ),
  ];
}

function bypassChecks(f: DoctorFacts): Check[] {
  const out: Check[] = [];
  for (const r of f.rulesets) {
    const id = `bypass:${r.name}`;
    const fix = `${RULES_PAGE} → ${r.name} → Bypass list`;
    if (r.bypass === null) {
      out.push({
        id,
        level: 'warn',
        unknown: true,
        says: `who may bypass ruleset "${r.name}" is unknown: GitHub shows the bypass list to admins only`,
        fix: `check ${fix}, or run the doctor with an admin token`,
      });
    } else if (!r.bypass.length) out.push(ok(id, `nobody may bypass ruleset "${r.name}"`));
    else {
      for (const a of r.bypass) {
        const deployKey = a.type === 'DeployKey';
        out.push({
          id: `${id}:${a.type}:${a.id ?? ''}`,
          level: deployKey ? 'warn' : 'fail',
          says:
            `ruleset "${r.name}" lets ${actor(a)} bypass it (${a.mode})` +
            (deployKey
              ? ': a deploy key can push past the gate'
              : ': they can open a PR and merge it without the personas'),
          fix: `${fix}: remove ${actor(a)}, or keep the list empty`,
        });
      }
    }
  }
  const c = f.classic;
  if (c.state === 'read' && c.checks.length && !c.enforceAdmins) {
    out.push({
      id: 'bypass:classic-admins',
      level: 'fail',
      says: 'classic branch protection does not apply to administrators: an admin can merge a PR without the personas',
      fix: `Settings → Branches → the rule for ${f.branch} → Do not allow bypassing the above settings`,
    });
  }
  if (c.state === 'read' && c.reviewBypass?.length) {
    out.push({
      id: 'bypass:classic-reviews',
      level: 'warn',
      says: `classic branch protection lets ${c.reviewBypass.join(', ')} merge without the required reviews`,
      fix: `Settings → Branches → the rule for ${f.branch} → Allow specified actors to bypass required pull requests`,
    });
  }
  return out;
}

const actor = (a: BypassActor): string =>
  a.type === 'OrganizationAdmin'
    ? 'organization admins'
    : `${a.type === 'RepositoryRole' ? 'repository role' : a.type} ${a.id ?? ''}`.trim();

function workflowChecks(f: DoctorFacts, wf: ReturnType<typeof analyseWorkflows> | null): Check[] {
  if (!wf) {
    return [
      {
        id: 'workflows',
        level: 'warn',
        unknown: true,
        says: 'the workflow files on the default branch could not be read',
        fix: 'run the doctor with a token that has contents: read',
      },
    ];
  }
  if (!f.workflows!.length) return [ok('workflows', 'there are no workflow files on the default branch')];
  if (!wf.issues.length) return [ok('workflows', `${f.workflows!.length} workflow file(s) keep the workflow rules`)];
  return wf.issues.map((i) => ({
    id: `workflow:${i.file}:${i.where}`,
    level: i.level,
    says: `${i.file}, ${i.where}: ${i.says}`,
    fix: i.fix,
  }));
}

const MARK: Record<Level, string> = { ok: 'ok  ', warn: 'WARN', fail: 'FAIL' };

/** Plain text for a terminal: one line per check, its fix under it. */
export function renderText(r: DoctorReport): string {
  const lines = [`persona-verdict doctor: ${r.repo}, branch ${r.branch}`, ''];
  for (const c of r.checks) {
    lines.push(`${MARK[c.level]}  ${c.says}`);
    if (c.fix) lines.push(`      fix: ${c.fix}`);
  }
  lines.push('', `${r.level === 'ok' ? 'OK' : r.level.toUpperCase()}: ${r.bottomLine}`);
  return lines.join('\n');
}

const ICON: Record<Level, string> = { ok: '✅', warn: '⚠️', fail: '❌' };

/** Markdown for the job summary. */
export function renderMarkdown(r: DoctorReport): string {
  const rows = r.checks.map((c) => `| ${ICON[c.level]} ${c.level} | ${mdText(c.says)} | ${mdText(c.fix)} |`);
  return [
    `## ${ICON[r.level]} persona-verdict doctor: ${mdText(r.repo)} (${mdText(r.branch)})`,
    '',
    `**${mdText(r.bottomLine)}**`,
    '',
    '| result | finding | fix |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
