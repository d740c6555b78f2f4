// Where a persona's key is read in the workflow files — pure, part of doctor (core/doctor-secrets.ts checks where
// each is stored). The key a status writer's App token is minted from is followed through `env:` and through a
// reusable workflow's `secrets:` to the secret it names; every other step that mints a token of the same App
// (another workflow, another job, another key name) reads the persona's key too.
import { inputsOf } from '../../scripts/workflow-rules.mjs';

export type Json = Record<string, unknown>;
/** A step that runs this action, pinned or not. */
export const OUR_ACTION = /^persona-verdict\/persona-verdict@/;
export const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
export const str = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
/** A job's steps, each as an object (a job without steps, or a reusable workflow's call, has none). */
export const stepsOf = (job: Json): Json[] => (Array.isArray(job['steps']) ? (job['steps'] as unknown[]).map(obj) : []);
/** A step's `with:` as the runner reads it (keys without case): the linter's rule, scripts/workflow-rules.mjs. */
export const withOf = (step: Json): Json => inputsOf(step);

/**
 * The actions known to mint an App installation token; any other step with a private-key input (`private-key`,
 * `private_key`, `application_private_key`) is taken for one too (getsentry's, navikt's, a local composite action).
 */
export const KNOWN_MINTERS = [
  /^actions\/create-github-app-token@/i,
  /^tibdex\/github-app-token@/i,
  /^peter-murray\/workflow-application-token-action@/i,
];
const KEY_INPUT = /^(?:application[-_]?)?private[-_]?key$/i;
const APP_INPUT = /^(?:github[-_]?)?(?:app|client|application)[-_]?id$/i;

/** Is this one of the known App token actions (trusted beside a persona credential)? */
export const knownMinter = (uses: string): boolean => KNOWN_MINTERS.some((m) => m.test(uses));

/** Does this step mint an App token, as far as following a key goes: a known action, or any private-key input? */
export const mintsAppToken = (uses: string, w: Json = {}): boolean =>
  knownMinter(uses) || Object.keys(w).some((k) => KEY_INPUT.test(k));

/** One place a persona's key is read: the secrets it names, or why they cannot be named. */
export interface KeyUse {
  persona: string;
  file: string;
  job: string;
  /** The job's environment; undefined when it names none. */
  environment?: string;
  /** The job names its environment by an expression: which one cannot be read from the file. */
  environmentByExpression?: boolean;
  secrets: string[];
  /** The minting step that reads it (its id, or #n); none for a token secret passed to persona-verdict. */
  step?: string;
  /**
   * The key is a configuration variable (`vars.X`), written in the file itself, or an expression the doctor cannot
   * follow.
   */
  via?: { kind: 'variable' | 'literal' | 'untraced'; expression: string };
}

/** A job's step that mints an App token: its App (each id or client-id input as written) and its key. */
interface Minter {
  file: string;
  job: string;
  step: string;
  /** Every App input of the step as written (app-id and client-id may both be given). */
  apps: string[];
  key: string;
  env: Json[];
  environment: Pick<KeyUse, 'environment' | 'environmentByExpression'>;
}

/** The environment a job names: a literal, or one given by an expression. */
export function environmentOf(job: Json): Pick<KeyUse, 'environment' | 'environmentByExpression'> {
  const raw = job['environment'];
  const name = typeof raw === 'object' && raw !== null ? str((raw as Json)['name']) : str(raw);
  if (!name) return {};
  return name.includes('${{') ? { environmentByExpression: true } : { environment: name };
}

/** Every token-minting step of a workflow file. */
export function mintersOf(file: string, wf: Json): Minter[] {
  const out: Minter[] = [];
  for (const [job, raw] of Object.entries(obj(wf['jobs']))) {
    const j = obj(raw);
    const steps = Array.isArray(j['steps']) ? (j['steps'] as unknown[]).map(obj) : [];
    steps.forEach((s, n) => {
      const w = withOf(s);
      if (!mintsAppToken(str(s['uses']), w)) return;
      const pick = (re: RegExp) => Object.entries(w).find(([k, v]) => re.test(k) && str(v))?.[1];
      const env = [obj(s['env']), obj(j['env']), obj(wf['env'])];
      // the App as written, through env, in one case and spacing: "${{ vars.PRIYA_APP_ID }}", "901"
      const written = (v: unknown) => resolve(str(v), env).replace(/\s+/g, '').toUpperCase();
      const apps = Object.entries(w)
        .filter(([k, v]) => APP_INPUT.test(k) && str(v))
        .map(([, v]) => written(v));
      out.push({
        file,
        job,
        step: str(s['id']) || `#${n + 1}`,
        apps,
        key: str(pick(KEY_INPUT)),
        env,
        environment: environmentOf(j),
      });
    });
  }
  return out;
}

/** An expression with each `env.X` replaced by its value (step, then job, then workflow), once. */
function resolve(expression: string, env: Json[]): string {
  return expression.replace(/\$\{\{\s*env\.([A-Za-z0-9_]+)\s*\}\}|\benv\.([A-Za-z0-9_]+)/g, (whole, a, b) => {
    const value = env.map((e) => str(e[(a ?? b) as string])).find(Boolean);
    return value ?? whole;
  });
}

const SECRET = /secrets\.([A-Za-z0-9_]+)/g;

/** The secrets a key expression names, followed through `env.X` (step, then job, then workflow) once. */
function follow(expression: string, env: Json[]): Pick<KeyUse, 'secrets' | 'via'> {
  const value = resolve(expression, env);
  const secrets = [...new Set([...value.matchAll(SECRET)].map((m) => m[1]!))];
  if (/\bvars\./.test(value)) return { secrets, via: { kind: 'variable', expression: value } };
  // a key written into the file ("-----BEGIN RSA PRIVATE KEY-----…"): anyone who can read the repository has it
  if (value.trim() && !value.includes('${{')) return { secrets: [], via: { kind: 'literal', expression: '(the key)' } };
  if (!secrets.length) return { secrets: [], via: { kind: 'untraced', expression: value || '(no private-key)' } };
  return { secrets };
}

/** By the path of a reusable workflow: each job that calls it, by its file, and the `secrets:` it passes. */
export type Callers = Map<string, Array<{ from: string; secrets: Record<string, string> | 'inherit' }>>;

/** A status writer whose token is minted by step `step` of its job, or given as a secret. */
export interface KeyedWriter {
  persona: string;
  file: string;
  job: string;
  environment?: string;
  environmentByExpression?: boolean;
  credential: { kind: 'app'; step: string } | { kind: 'secret'; name: string } | { kind: string };
}

/**
 * Where each writer's key is read: the minting step of its own job, and every other step that mints a token of the
 * same App; a token secret where it is passed. A secret a reusable workflow gets through its caller's `secrets:`
 * is named as the caller names it (`callers`: called file → the caller's mapping, or 'inherit').
 */
export function keyUses(
  writers: readonly KeyedWriter[],
  minters: readonly Minter[],
  callers: Callers,
  appIds: ReadonlyMap<string, readonly string[]> = new Map(),
): KeyUse[] {
  const out: KeyUse[] = [];
  const keyOf = new Map(minters.map((m) => [m, traced(m, callers)]));
  const add = (u: KeyUse) => {
    if (!out.some((o) => o.file === u.file && o.job === u.job && o.step === u.step && o.persona === u.persona))
      out.push(u);
  };
  for (const w of writers) {
    const c = w.credential;
    if ('name' in c && c.kind === 'secret') {
      const where = { environment: w.environment, environmentByExpression: w.environmentByExpression };
      add({ persona: w.persona, file: w.file, job: w.job, ...where, secrets: [c.name] });
      continue;
    }
    if (!('step' in c)) continue;
    const own = minters.find((m) => m.file === w.file && m.job === w.job && m.step === c.step);
    if (!own) continue;
    const named = new Set(keyOf.get(own)!.secrets.map((x) => x.toUpperCase()));
    // the same App: the same App expression, the persona App's id or client ID written out, or a key kept under a
    // same name
    const ids = (appIds.get(w.persona) ?? []).map((x) => x.toUpperCase()); // apps are upper-cased
    const same = minters.filter((m) => {
      if (m === own || own.apps.some((a) => m.apps.includes(a)) || m.apps.some((a) => ids.includes(a))) return true;
      return keyOf.get(m)!.secrets.some((x) => named.has(x.toUpperCase()));
    });
    for (const m of same)
      add({ persona: w.persona, file: m.file, job: m.job, step: m.step, ...m.environment, ...keyOf.get(m)! });
  }
  return out;
}

/**
 * A minter's key, followed through env; in a reusable workflow also under the names its callers give it (and their
 * callers', up to five levels): a caller's job cannot name an environment, so those are repository or organization
 * secrets. The called workflow's own names stay (its environment's secret of that name, or a run by another trigger).
 */
function traced(m: Minter, callers: Callers): Pick<KeyUse, 'secrets' | 'via'> {
  const own = follow(m.key, m.env);
  if (own.via) return own;
  const names = new Set(own.secrets);
  let level = new Set(own.secrets.map((x) => `${m.file}\u0000${x}`));
  for (let depth = 0; depth < 5 && level.size; depth++) {
    const next = new Set<string>();
    for (const at of level) {
      const [file, name] = at.split('\u0000') as [string, string];
      for (const call of callers.get(file) ?? []) {
        const given =
          call.secrets === 'inherit'
            ? [name]
            : [
                ...(
                  Object.entries(call.secrets).find(([k]) => k.toUpperCase() === name.toUpperCase())?.[1] ?? ''
                ).matchAll(SECRET),
              ].map((x) => x[1]!);
        for (const g of given) {
          names.add(g);
          next.add(`${call.from}\u0000${g}`);
        }
      }
    }
    level = next;
  }
  return { secrets: [...names] };
}

/**
 * The `secrets:` each job that calls a reusable workflow of this repository passes it, by the called file: called
 * as `./.github/workflows/x.yml`, or by a full `owner/repo/.github/workflows/x.yml@ref` naming a file this
 * repository has (`paths`).
 */
export function callersOf(file: string, wf: Json, into: Callers, paths: ReadonlySet<string>): void {
  for (const raw of Object.values(obj(wf['jobs']))) {
    const j = obj(raw);
    const uses = str(j['uses']);
    const called =
      /^\.\/(\.github\/workflows\/[^@]+)$/.exec(uses)?.[1] ??
      /^[^/.][^/]*\/[^/]+\/(\.github\/workflows\/[^@]+)@\S+$/.exec(uses)?.[1];
    if (!called || (!uses.startsWith('./') && !paths.has(called))) continue;
    const given = j['secrets'];
    const secrets: Record<string, string> | 'inherit' =
      given === 'inherit' ? 'inherit' : Object.fromEntries(Object.entries(obj(given)).map(([k, v]) => [k, str(v)]));
    into.set(called, [...(into.get(called) ?? []), { from: file, secrets }]);
  }
}
