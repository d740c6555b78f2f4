// Where a persona's key is read in the workflow files — pure, part of doctor (core/doctor-secrets.ts checks where
// each is stored). The key a status writer's App token is minted from is followed through `env:` and through a
// reusable workflow's `secrets:` to the secret it names; every other step that mints a token of the same App
// (another workflow, another job, another key name) reads the persona's key too.

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';

/** The actions that mint an App installation token, with their private-key and App-id inputs. */
const MINTERS: ReadonlyArray<{ uses: RegExp; key: string[]; app: string[] }> = [
  { uses: /^actions\/create-github-app-token@/i, key: ['private-key'], app: ['app-id', 'client-id'] },
  { uses: /^tibdex\/github-app-token@/i, key: ['private_key'], app: ['app_id'] },
  {
    uses: /^peter-murray\/workflow-application-token-action@/i,
    key: ['application_private_key'],
    app: ['application_id'],
  },
];

/** Does this `uses:` mint an App token? */
export const mintsAppToken = (uses: string): boolean => MINTERS.some((m) => m.uses.test(uses));

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
  /** The key is a configuration variable (`vars.X`), or an expression the doctor cannot follow. */
  via?: { kind: 'variable' | 'untraced'; expression: string };
}

/** A job's step that mints an App token: its App (the id or client-id expression as written) and its key. */
interface Minter {
  file: string;
  job: string;
  step: string;
  app: string;
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
      const m = MINTERS.find((x) => x.uses.test(str(s['uses'])));
      if (!m) return;
      const w = obj(s['with']);
      const pick = (names: string[]) => names.map((k) => str(w[k])).find(Boolean) ?? '';
      const env = [obj(s['env']), obj(j['env']), obj(wf['env'])];
      out.push({
        file,
        job,
        step: str(s['id']) || `#${n + 1}`,
        app: pick(m.app).replace(/\s+/g, ''),
        key: pick(m.key),
        env,
        environment: environmentOf(j),
      });
    });
  }
  return out;
}

/** The secrets a key expression names, followed through `env.X` (step, then job, then workflow) once. */
function follow(expression: string, env: Json[]): Pick<KeyUse, 'secrets' | 'via'> {
  const secrets = new Set([...expression.matchAll(/secrets\.([A-Za-z0-9_]+)/g)].map((m) => m[1]!));
  for (const m of expression.matchAll(/\benv\.([A-Za-z0-9_]+)/g)) {
    const value = env.map((e) => str(e[m[1]!])).find(Boolean) ?? '';
    for (const s of value.matchAll(/secrets\.([A-Za-z0-9_]+)/g)) secrets.add(s[1]!);
    if (/\bvars\./.test(value)) return { secrets: [...secrets], via: { kind: 'variable', expression: value } };
  }
  if (/\bvars\./.test(expression)) return { secrets: [...secrets], via: { kind: 'variable', expression } };
  if (!secrets.size) return { secrets: [], via: { kind: 'untraced', expression } };
  return { secrets: [...secrets] };
}

/** By the path of a reusable workflow: the `secrets:` each job that calls it passes (a mapping, or 'inherit'). */
export type Callers = Map<string, Array<Record<string, string> | 'inherit'>>;

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
export function keyUses(writers: readonly KeyedWriter[], minters: readonly Minter[], callers: Callers): KeyUse[] {
  const out: KeyUse[] = [];
  const add = (u: KeyUse) => {
    const same = out.find((o) => o.file === u.file && o.job === u.job && o.persona === u.persona);
    if (!same) out.push(u);
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
    const same = minters.filter((m) => m === own || (own.app !== '' && m.app === own.app));
    for (const m of same)
      add({ persona: w.persona, file: m.file, job: m.job, ...m.environment, ...traced(m, callers) });
  }
  return out;
}

/** A minter's key, followed through env, then mapped to its callers' names when its workflow is a reusable one. */
function traced(m: Minter, callers: Callers) {
  const own = follow(m.key, m.env);
  const calls = callers.get(m.file);
  if (!calls?.length || own.via) return own;
  const secrets = new Set<string>();
  for (const call of calls)
    for (const s of own.secrets)
      if (call === 'inherit') secrets.add(s);
      else for (const x of (call[s] ?? '').matchAll(/secrets\.([A-Za-z0-9_]+)/g)) secrets.add(x[1]!);
  return secrets.size
    ? { secrets: [...secrets] }
    : { secrets: [], via: { kind: 'untraced' as const, expression: m.key } };
}

/** The `secrets:` each job that calls a reusable workflow of this repository passes it, by the called file. */
export function callersOf(wf: Json, into: Callers): void {
  for (const raw of Object.values(obj(wf['jobs']))) {
    const j = obj(raw);
    const called = /^\.\/(\.github\/workflows\/[^@]+)$/.exec(str(j['uses']))?.[1];
    if (!called) continue;
    const given = j['secrets'];
    const mapping: Record<string, string> | 'inherit' =
      given === 'inherit' ? 'inherit' : Object.fromEntries(Object.entries(obj(given)).map(([k, v]) => [k, str(v)]));
    into.set(called, [...(into.get(called) ?? []), mapping]);
  }
}
