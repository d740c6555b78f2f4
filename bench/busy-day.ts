// A simulated busy day: the bundled action (dist/index.js, spawned as the runner starts it;
// the test's serial day may run in-process) driven through a stream of PR events against
// the fake GitHub, as a repository's workflows would run it — a panel of three personas
// (preflight; the LLM only when should-review; then post) and the board.
// Deterministic: the stream is a function of its size; verdicts are a hash of the judgment.
// Time: the fake's secondary limit runs on a simulated clock, SCALE real ms per simulated
// ms (the action's own waits are scaled the same, PERSONA_VERDICT_TEST_TIME_SCALE).
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { FakeGitHub, OWNER, REPO } from '../test/fake/github.js';
import { runAction, writeBody, type RunResult } from '../test/e2e/harness.js';
import { body, LOGINS, TOKENS } from '../test/e2e/world.js';
import { TIME_SCALE_ENV } from '../src/core/waits.js';

const require = createRequire(import.meta.url);
type Example = { name: string; examples: Array<Record<string, any>> };
const EXAMPLES = require('@octokit/webhooks-examples') as Example[];

export const PANEL = ['priya', 'marcus', 'lin'] as const;
type Persona = (typeof PANEL)[number];

export type Kind = 'open' | 'draft' | 'ready' | 'push' | 'rebase' | 'empty' | 'rerun' | 'label' | 'queue';
export interface DayEvent {
  /** Simulated seconds since the start of the day. */
  t: number;
  pr: number;
  kind: Kind;
}

const hash = (s: string): number => createHash('sha256').update(s).digest().readUInt32BE(0);

/**
 * The day's stream: each PR opens (one in eight as a draft, made ready later), gets pushes
 * with new patches, an identical rebase, and one of an empty commit, a re-run, a re-review
 * label; it ends in the merge queue. Even PRs merge into main (GitHub dismisses stale
 * approvals on push there), odd ones into develop (it does not).
 */
export function dayStream(prs: number): DayEvent[] {
  const out: DayEvent[] = [];
  for (let n = 1; n <= prs; n++) {
    let t = (n - 1) * 480 + (hash(`start${n}`) % 300); // a PR opens every ~8 simulated minutes
    const step = () => (t += 120 + (hash(`${n}:${t}`) % 900));
    const draft = n % 8 === 0;
    out.push({ t, pr: n, kind: draft ? 'draft' : 'open' });
    if (draft) out.push({ t: step(), pr: n, kind: 'ready' });
    const pushes = 1 + (n % 2);
    for (let i = 0; i < pushes; i++) out.push({ t: step(), pr: n, kind: 'push' });
    out.push({ t: step(), pr: n, kind: 'rebase' });
    const extra: Kind[] = ['empty', 'rerun', 'label'];
    out.push({ t: step(), pr: n, kind: extra[n % 3]! });
    if (n % 5 === 0) out.push({ t: step(), pr: n, kind: 'rebase' }); // a second identical rebase
    out.push({ t: step(), pr: n, kind: 'queue' });
  }
  return out.sort((a, b) => a.t - b.t || a.pr - b.pr);
}

interface PrState {
  base: 'main' | 'develop';
  patch: number; // the patch's version: a push with a new patch bumps it
  draft: boolean;
  head: string;
  epoch: number; // re-review requests so far (each is a judgment of its own)
  commits: number;
}

export interface DayReport {
  prs: number;
  events: number;
  triggers: number;
  llmRuns: number;
  judgments: number;
  failures: string[];
  outcomes: Record<string, { runs: number; requests: number }>;
  /** Per (push, persona): most reviews, statuses, dismissals written, over the stream (push, rebase, empty). */
  perPush: Writes;
  /** The same per event kind (a re-review label or a retarget may replace a green: pending, then the verdict). */
  perKind: Partial<Record<Kind, Writes>>;
  /** What the personas wrote over the day, all accounts together. */
  totals: Writes;
  board: { comments: number; statuses: number };
  peakPerMinute: Record<string, number>;
  rateLimited: number;
  simulatedMinutes: number;
  realSeconds: number;
}

export interface Writes {
  reviews: number;
  statuses: number;
  dismissals: number;
}
/** The events that move a PR's head: a push with a new patch, an identical rebase, an empty commit. */
export const PUSHES: readonly Kind[] = ['push', 'rebase', 'empty'];

export interface DayOptions {
  prs: number;
  /** Real ms per simulated ms (the action's waits and the limiter's clock). */
  scale?: number;
  /** Workflow runs at once (a runner pool). */
  concurrency?: number;
  /**
   * One workflow run at a time: the events in turn, each persona's jobs in turn. The test of the
   * day takes it (the end-to-end harness runs one action at a time in-process, a tenth of a
   * spawn's cost); the bench runs the pool at once. The counts it checks do not depend on it.
   */
  serial?: boolean;
  /** Called after each batch of events with the events done so far. */
  progress?: (done: number, total: number) => void;
}

const files = (n: number, v: number) => [
  { filename: `src/pr${n}.ts`, status: 'modified', patch: `@@ -1,2 +1,2 @@\n-old\n+pr ${n} patch ${v}\n ctx` },
];

export async function busyDay(o: DayOptions): Promise<DayReport> {
  const scale = o.scale ?? 0.05;
  const pool = o.serial ? 1 : (o.concurrency ?? 6);
  const started = performance.now();
  const gh = await new FakeGitHub().start();
  for (const k of [...PANEL, 'app'] as const)
    gh.user(TOKENS[k], { login: LOGINS[k], kind: k === 'app' ? 'app' : 'user' });
  gh.dismissStaleOnPush.add('main');
  // the maintainer who adds the re-review label (the action reads its permission)
  gh.settings.permissions.set('keeper', { permission: 'write', role_name: 'maintain' });
  // the simulated clock: the current event's time, plus real time since it began, scaled up
  let simBase = 0;
  let realBase = performance.now();
  const simNow = () => simBase * 1000 + (performance.now() - realBase) / scale;
  gh.secondaryLimit = { perMinute: 80, now: simNow };
  const stream = dayStream(o.prs);
  const prs = new Map<number, PrState>();
  const shaToPr = new Map<string, number>();
  const commentPr = new Map<number, number>();
  const report: DayReport = {
    prs: o.prs,
    events: stream.length,
    triggers: 0,
    llmRuns: 0,
    judgments: 0,
    failures: [],
    outcomes: {},
    perPush: { reviews: 0, statuses: 0, dismissals: 0 },
    perKind: {},
    totals: { reviews: 0, statuses: 0, dismissals: 0 },
    board: { comments: 0, statuses: 0 },
    peakPerMinute: {},
    rateLimited: 0,
    simulatedMinutes: 0,
    realSeconds: 0,
  };
  const judged = new Set<string>();
  const personas = PANEL.map((p) => `${p}=${LOGINS[p]}`).join('\n');
  let runs = 0;
  /** Each run gets a token of its own for its account, so that its requests can be counted. */
  const run = async (who: Persona | 'app', inputs: Record<string, string>, eventName: string, event: unknown) => {
    const token = `${TOKENS[who]}${++runs}`;
    gh.user(token, { login: LOGINS[who], kind: who === 'app' ? 'app' : 'user' });
    const r = await runAction({
      inputs: { 'github-token': token, ...inputs },
      apiUrl: gh.url,
      event,
      eventName,
      env: { [TIME_SCALE_ENV]: String(scale) },
      // the day at once starts dist/index.js as the runner does; one at a time may run in-process
      ...(o.serial ? {} : { tier: 'spawned' as const }),
    });
    return { ...r, requests: gh.log.filter((l) => l.token === token).length };
  };
  const note = (r: RunResult & { requests: number }, what: string): void => {
    const outcome = r.outputs['outcome'] ?? 'none';
    const o = (report.outcomes[outcome] ??= { runs: 0, requests: 0 });
    o.runs++;
    o.requests += r.requests;
    if (r.code !== 0) report.failures.push(`${what}: ${outcome} ${r.outputs['reason'] ?? ''} ${r.stdout.slice(-300)}`);
  };

  function apply(e: DayEvent): PrState {
    let s = prs.get(e.pr);
    const commit = (st: PrState, filesV: number, tree?: string) => {
      st.commits++;
      const c = gh.commit(`pr${e.pr}-c${st.commits}`, tree, files(e.pr, filesV));
      shaToPr.set(c, e.pr);
      return c;
    };
    if (!s) {
      s = { base: e.pr % 2 ? 'develop' : 'main', patch: 1, draft: e.kind === 'draft', head: '', epoch: 0, commits: 0 };
      s.head = commit(s, 1);
      gh.pull({ number: e.pr, head: s.head, baseRef: s.base, base: gh.commit(`base:${s.base}`), draft: s.draft });
      prs.set(e.pr, s);
      return s;
    }
    const move = (head: string) => {
      s.head = head;
      gh.push(e.pr, head, 'octo-author');
    };
    if (e.kind === 'ready') gh.pulls.get(e.pr)!.draft = s.draft = false;
    if (e.kind === 'push') move(commit(s, ++s.patch));
    if (e.kind === 'rebase') move(commit(s, s.patch)); // a new tree, the same PR patch
    if (e.kind === 'empty') move(commit(s, s.patch, gh.commits.get(s.head)!.tree)); // the same tree
    if (e.kind === 'label') s.epoch++;
    return s;
  }

  const prEvent = (n: number, s: PrState, action: string) => ({
    action,
    number: n,
    pull_request: { number: n, draft: s.draft, head: { sha: s.head, ref: `pr${n}` }, base: { ref: s.base } },
    ...(action === 'labeled' ? { label: { name: 're-review' }, sender: { login: 'keeper' } } : {}),
  });
  const queueEvent = (n: number, s: PrState) => {
    const e = structuredClone(EXAMPLES.find((x) => x.name === 'merge_group')!.examples[0]!);
    const group = gh.commit(`group-${n}`);
    shaToPr.set(group, n);
    e.merge_group.head_sha = group;
    e.merge_group.head_ref = `refs/heads/gh-readonly-queue/${s.base}/pr-${n}-${'a'.repeat(40)}`;
    e.merge_group.base_ref = `refs/heads/${s.base}`;
    e.repository.full_name = `${OWNER}/${REPO}`;
    return e;
  };

  /** One persona's workflow for one trigger: preflight, the LLM only when asked, post. */
  async function persona(p: Persona, e: DayEvent, s: PrState): Promise<void> {
    report.triggers++;
    const common = { persona: p, restamp: 'true', 'unchanged-when': 'patch', 'review-drafts': 'false' };
    const force: Record<string, string> = e.kind === 'label' ? { force: 'true' } : {};
    if (e.kind === 'queue') {
      note(await run(p, { ...common, mode: 'preflight' }, 'merge_group', queueEvent(e.pr, s)), `${p} queue`);
      return;
    }
    const action = { open: 'opened', draft: 'opened', ready: 'ready_for_review', label: 'labeled' }[e.kind as string];
    const ev = prEvent(e.pr, s, action ?? 'synchronize');
    const pre = await run(p, { ...common, ...force, mode: 'preflight' }, 'pull_request_target', ev);
    note(pre, `${p} preflight #${e.pr} ${e.kind}`);
    if (pre.outputs['should-review'] !== 'true') return;
    report.llmRuns++;
    const key = `${p}|${e.pr}:${s.patch}|${s.base}||${s.epoch}`;
    const verdict = hash(key) % 5 === 0 ? 'CHANGES_REQUESTED' : 'APPROVE';
    const text = writeBody(body(verdict, `Persona ${p} read patch ${s.patch} of PR ${e.pr}.`));
    note(await run(p, { ...common, ...force, 'body-path': text }, 'pull_request_target', ev), `${p} post`);
  }

  // events run in batches: at most one event per PR, up to `pool` runs at once
  let i = 0;
  while (i < stream.length) {
    const batch: DayEvent[] = [];
    const seen = new Set<number>();
    while (i < stream.length && batch.length < Math.max(1, Math.floor(pool / 3)) && !seen.has(stream[i]!.pr)) {
      seen.add(stream[i]!.pr);
      batch.push(stream[i++]!);
    }
    simBase = Math.max(batch[0]!.t, simNow() / 1000);
    realBase = performance.now();
    const logFrom = gh.log.length;
    await Promise.all(
      batch.map(async (e) => {
        const s = apply(e);
        if (!s.draft && e.kind !== 'queue') judged.add(`${e.pr}:${s.patch}|${s.base}|${s.epoch}`);
        if (o.serial) for (const p of PANEL) await persona(p, e, s);
        else await Promise.all(PANEL.map((p) => persona(p, e, s)));
        if (e.kind !== 'queue') {
          const ev = prEvent(e.pr, s, 'synchronize');
          note(await run('app', { mode: 'board', personas }, 'pull_request_target', ev), `board #${e.pr}`);
        }
      }),
    );
    for (const [n, list] of gh.comments) for (const c of list) commentPr.set(c.id, n);
    const kinds = new Map(batch.map((e) => [e.pr, e.kind]));
    tally(gh.log.slice(logFrom), (l) => prOf(l.path, shaToPr, commentPr), kinds, report);
    o.progress?.(i, stream.length);
  }
  report.judgments = judged.size * PANEL.length;
  report.rateLimited = gh.log.filter((l) => l.status === 403 && l.method !== 'GET').length;
  for (const p of [...PANEL, 'app'] as const) report.peakPerMinute[LOGINS[p]] = peak(gh, LOGINS[p]);
  report.simulatedMinutes = Math.round(simNow() / 60_000);
  report.realSeconds = Math.round((performance.now() - started) / 1000);
  const violations = gh.violations();
  if (violations.length) report.failures.push(...violations.slice(0, 5));
  await gh.stop();
  return report;
}

/** The PR a write is about: its path's number, its commit's PR, or its comment's PR. */
function prOf(path: string, shaToPr: Map<string, number>, commentPr: Map<number, number>): number {
  const n = /\/(?:pulls|issues)\/(\d+)\//.exec(path)?.[1];
  if (n) return Number(n);
  const last = path.split('/').at(-1)!;
  return shaToPr.get(last) ?? commentPr.get(Number(last)) ?? 0;
}

/** Writes of one batch, per (PR, account): each PR has one event in a batch, of the kind `kinds` says. */
function tally(
  log: FakeGitHub['log'],
  prFor: (l: FakeGitHub['log'][number]) => number,
  kinds: Map<number, Kind>,
  r: DayReport,
): void {
  const per = new Map<string, { reviews: number; statuses: number; dismissals: number; comments: number }>();
  for (const l of log) {
    if (l.method === 'GET' || l.path === '/graphql' || l.status >= 300 || l.status < 0) continue;
    const k = `${prFor(l)}|${l.login}`;
    const c = per.get(k) ?? { reviews: 0, statuses: 0, dismissals: 0, comments: 0 };
    if (l.path.endsWith('/reviews')) c.reviews++;
    else if (l.path.includes('/statuses/')) c.statuses++;
    else if (l.path.endsWith('/dismissals')) c.dismissals++;
    else c.comments++;
    per.set(k, c);
  }
  for (const [k, c] of per) {
    if (k.endsWith(`|${LOGINS.app}`)) {
      r.board.comments = Math.max(r.board.comments, c.comments);
      r.board.statuses = Math.max(r.board.statuses, c.statuses);
      continue;
    }
    const kind = kinds.get(Number(k.split('|')[0]));
    const most = (into: Writes) => {
      into.reviews = Math.max(into.reviews, c.reviews);
      into.statuses = Math.max(into.statuses, c.statuses);
      into.dismissals = Math.max(into.dismissals, c.dismissals);
    };
    if (kind) most((r.perKind[kind] ??= { reviews: 0, statuses: 0, dismissals: 0 }));
    if (kind && PUSHES.includes(kind)) most(r.perPush);
    r.totals.reviews += c.reviews;
    r.totals.statuses += c.statuses;
    r.totals.dismissals += c.dismissals;
  }
}

/** The most content-creating requests of one account in any simulated minute. */
function peak(gh: FakeGitHub, login: string): number {
  const at = gh.contentWrites.filter((x) => x.login === login).map((x) => x.at);
  let best = 0;
  for (let a = 0, b = 0; b < at.length; b++) {
    while (at[b]! - at[a]! >= 60_000) a++;
    best = Math.max(best, b - a + 1);
  }
  return best;
}

const writes = (w: Writes): string =>
  `${w.reviews} review${w.reviews === 1 ? '' : 's'}, ${w.statuses} status${w.statuses === 1 ? '' : 'es'}, ` +
  `${w.dismissals} dismissal${w.dismissals === 1 ? '' : 's'}`;

/** The busy day as `npm run bench` prints it: BENCH_PRS PRs (default 50), BENCH_POOL runs at once (default 12). */
export async function benchBusyDay(): Promise<DayReport> {
  const prs = Number(process.env['BENCH_PRS'] ?? 50);
  console.log(`\nbusy day: ${prs} PRs, panel of ${PANEL.length} + the board, dist/index.js against the fake`);
  let shown = 0;
  const progress = (done: number, total: number) => {
    if (done < total && done - shown < total / 20) return;
    shown = done;
    console.error(`  … ${done}/${total} events, ${new Date().toISOString().slice(11, 19)} UTC`);
  };
  const day = await busyDay({ prs, concurrency: Number(process.env['BENCH_POOL'] ?? 12), progress });
  console.log(`  events ${day.events}; persona triggers ${day.triggers} (what a wrapper without preflight would run)`);
  console.log(
    `  LLM runs ${day.llmRuns}; distinct (persona, patch, base, version, re-review) judgments ${day.judgments}`,
  );
  console.log(`  writes per push per persona, at most over the stream: ${writes(day.perPush)}`);
  for (const [kind, w] of Object.entries(day.perKind)) console.log(`    per ${kind.padEnd(6)} event: ${writes(w)}`);
  console.log(`  board per event, at most: ${day.board.comments} comment writes, ${day.board.statuses} status`);
  console.log(`  persona writes over the day: ${writes(day.totals)}`);
  console.log(`  peak content-creating requests per simulated minute: ${JSON.stringify(day.peakPerMinute)}`);
  console.log(`  secondary-limit 403s: ${day.rateLimited}; failures: ${day.failures.length}`);
  for (const [outcome, o] of Object.entries(day.outcomes))
    console.log(
      `  ${outcome.padEnd(13)} runs ${String(o.runs).padStart(4)}  requests/run ${(o.requests / o.runs).toFixed(1)}`,
    );
  console.log(`  simulated day ${day.simulatedMinutes} min; real ${day.realSeconds} s`);
  for (const f of day.failures.slice(0, 5)) console.log(`  FAILURE ${f}`);
  return day;
}

// run alone: npx tsx bench/busy-day.ts (dist/ bundled first)
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchBusyDay().then(
    (day) => (process.exitCode = day.failures.length ? 1 : 0),
    (e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
