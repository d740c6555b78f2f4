// The doctor's facts: what it reads of a repository (rulesets, classic protection, the personas'
// Apps and permissions, the workflow files), the shape of a report (a check's: core/doctor-check.ts), and the readers
// that turn GitHub's raw answers into facts. Pure; core/doctor.ts puts the checks together.
import type { CodeownersFact } from './doctor-codeowners.js';
import type { Check, Level } from './doctor-check.js';
import type { EnvironmentFact } from './doctor-environments.js';
import type { SecretFacts } from './doctor-secrets.js';
import type { WorkflowFile, Writer } from './doctor-writers.js';
import { PERSONA_PATTERN } from './marker.js';

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
  | {
      state: 'unknown';
      status: number;
      checks: Requirement[] | null;
      /** The branch summary's enforcement_level says non_admins: its checks do not bind administrators. */
      adminsExempt?: boolean;
    };

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
  /** The repository's default branch (where the workflow files are read); absent: taken to be `branch`. */
  defaultBranch?: string;
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
  /**
   * The gated branch's own workflow files when it is not the default branch (its pushes and merge groups run them);
   * null when they could not be read, undefined when the gated branch is the default one.
   */
  branchWorkflows?: WorkflowFile[] | null;
  /** The gated branch's CODEOWNERS file (core/doctor-codeowners.ts); undefined when it was not read. */
  codeowners?: CodeownersFact;
  /** Who may deploy to each environment a status writer names (core/doctor-environments.ts). */
  environments?: EnvironmentFact[];
  /** Where the writers' keys are stored (core/doctor-secrets.ts). */
  secrets?: SecretFacts;
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
  const m = /^([^=\s]+)=(@?)(\S*)$/.exec(s.trim());
  const quoted = s.length > 60 ? `${s.slice(0, 60)}…` : s;
  const bad = (why: string) =>
    new Error(`persona "${quoted}": ${why}; write NAME=APP_SLUG for an App, NAME=@LOGIN for an account`);
  if (!m) throw bad('not NAME=APP_SLUG or NAME=@LOGIN');
  const [, name, at, who] = m as unknown as [string, string, string, string];
  if (!who) throw bad(at ? 'no login after "@"' : 'no App slug after "="');
  if (!PERSONA_PATTERN.test(name)) throw bad(`"${name}" is not a persona name (A-Z a-z 0-9 . _ -)`);
  if (at) {
    if (!LOGIN.test(who)) throw bad(`"${who}" is not a GitHub login`);
    return { name, app: null, login: who };
  }
  const slug = who.replace(/\[bot\]$/, '');
  if (!SLUG.test(slug)) throw bad(`"${who}" is not an App slug`);
  return { name, app: slug, login: null };
}

export const RULES_PAGE = 'Settings → Rules → Rulesets';

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

/** Each persona's App as a workflow may write it out: its id or its client ID. */
export function appNames(personas: readonly PersonaFacts[]): Map<string, string[]> {
  return new Map(
    personas.map((p) => [p.name, [p.appId === null ? '' : String(p.appId), p.clientId ?? ''].filter((x) => x)]),
  );
}

/** Where a requirement comes from, in the doctor's words: a ruleset by name, or classic branch protection. */
export function label(f: DoctorFacts, rulesetId: number | null): string {
  if (rulesetId === null) return 'classic branch protection';
  const r = f.rulesets.find((x) => x.id === rulesetId);
  return r ? `ruleset "${r.name}"` : `ruleset ${rulesetId}`;
}
