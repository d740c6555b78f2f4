// The regression corpus (`persona-verdict corpus <manifest>`): every case's decision under
// the strict grammar, and for refused real-shaped bodies whether the "did you mean"
// suggestion names the expected line — or, when the intent is not clear, nothing. The
// figures are measured per set: the bodies the heuristics were written from, and held-out
// bodies they were never tuned on. Reads files; the tally itself is pure.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Abort } from './abort.js';
import { checkBody } from './check.js';
import { EVENTS, parseVerdict, type ReviewEvent } from './core/grammar.js';

export type Decision = { post: ReviewEvent } | { abort: string };

export interface Case {
  name: string;
  body: string;
  'expected-event'?: ReviewEvent;
  expect: Decision;
  /** For a refused body: the suggested verdict line, or null when nothing may be suggested. */
  suggestion?: string | null;
  source?: string;
  /** Held-out bodies are measured for coverage; the rest must match exactly. */
  set?: string;
}

export interface Manifest {
  cases: Case[];
  /** Coverage a held-out set is to reach on its clear bodies (0..1); reported for every set. */
  'coverage-goal'?: number;
  /**
   * Per set, how many clear bodies were named when it was last tuned: naming fewer fails the run (a regression).
   * A held-out set without a floor must reach the goal.
   */
  'coverage-floor'?: Record<string, number>;
}

/** Which sets fail the run: under their floor, or, without one, under the goal; with the words to say so. */
export function coverageFailures(
  figures: ReadonlyArray<Pick<SetFigures, 'set' | 'clear' | 'named'>>,
  goal: number,
  floors: Readonly<Record<string, number>>,
): { failing: string[]; notes: string[] } {
  const failing: string[] = [];
  const notes: string[] = [];
  for (const f of figures) {
    const floor = floors[f.set];
    const below = f.set !== 'tuned on' && f.clear > 0 && f.named / f.clear < goal;
    if (floor !== undefined && f.named < floor) {
      failing.push(f.set);
      notes.push(`coverage on ${f.set} fell below its floor: ${f.named}/${f.clear} named, was ${floor}`);
    } else if (below) {
      if (floor === undefined) failing.push(f.set);
      const kept = floor === undefined ? '' : ` (${f.named}/${f.clear}; its floor, ${floor}, is kept)`;
      notes.push(`coverage goal ${Math.round(goal * 100)} % not reached on ${f.set}${kept}`);
    }
  }
  return { failing, notes };
}

/** What the suggestion did on one real-shaped body. */
export type SuggestionOutcome =
  | 'named' // the expected line, and applying it passes
  | 'nothing' // nothing expected, nothing suggested
  | 'missed' // a clear body, nothing suggested
  | 'wrong' // a clear body, another verdict suggested
  | 'suggested-unclear' // nothing may be suggested, something was
  | 'applied-fails'; // the expected line, but applying it does not pass

export function suggestionOutcome(expected: string | null, actual: string | null, appliedPasses: boolean) {
  if (expected === null) return actual === null ? 'nothing' : 'suggested-unclear';
  if (actual === null) return 'missed';
  if (actual !== expected) return 'wrong';
  return appliedPasses ? 'named' : 'applied-fails';
}

export interface SetFigures {
  set: string;
  bodies: number;
  clear: number;
  named: number;
  wrong: number;
  unclear: number;
  suggestedUnclear: number;
}

/** Per set: coverage on clear bodies, wrong suggestions, suggestions where the intent is unclear. */
export function tally(rows: ReadonlyArray<{ set: string; outcome: SuggestionOutcome }>): SetFigures[] {
  const sets = [...new Set(rows.map((r) => r.set))];
  return sets.map((set) => {
    const mine = rows.filter((r) => r.set === set);
    const count = (...o: SuggestionOutcome[]): number => mine.filter((r) => o.includes(r.outcome)).length;
    return {
      set,
      bodies: mine.length,
      clear: count('named', 'missed', 'wrong', 'applied-fails'),
      named: count('named'),
      wrong: count('wrong', 'applied-fails'),
      unclear: count('nothing', 'suggested-unclear'),
      suggestedUnclear: count('suggested-unclear'),
    };
  });
}

const pct = (n: number, d: number): string => (d ? `${Math.round((100 * n) / d)} %` : 'n/a');

export function renderFigures(f: SetFigures): string {
  return (
    `  ${f.set} (${f.bodies} bodies): coverage on clear bodies ${f.named}/${f.clear} (${pct(f.named, f.clear)}), ` +
    `wrong suggestions ${f.wrong}, suggestions where intent is unclear ${f.suggestedUnclear}/${f.unclear}`
  );
}

const show = (d: Decision): string => ('post' in d ? `post ${d.post}` : `abort ${d.abort}`);

/** Runs one body as the action would: the decision, and the suggested line when refused. */
function decide(file: string, ev: ReviewEvent | null): { decision: Decision; suggestion: string | null; from: number } {
  try {
    return {
      decision: { post: checkBody({ bodyPath: file, body: null, expectedEvent: ev }).event },
      suggestion: null,
      from: 0,
    };
  } catch (e) {
    if (!(e instanceof Abort)) throw e;
    const s = e.diagnosis?.intent.suggestion ?? null;
    return { decision: { abort: e.reason }, suggestion: s?.line ?? null, from: s?.fromLine ?? 0 };
  }
}

/** Replace the suggested line, drop what follows: does the body then pass with that verdict? */
function appliedPasses(file: string, line: string, from: number): boolean {
  const lines = readFileSync(file, 'utf8').replace(/\r\n?/g, '\n').split('\n');
  const again = parseVerdict([...lines.slice(0, from - 1), line].join('\n'));
  return again.ok && `## VERDICT: ${again.verdict}` === line;
}

const LABEL: Record<SuggestionOutcome, string> = {
  named: 'applied passes',
  nothing: 'no suggestion',
  missed: '!missed: suggested nothing',
  wrong: '!wrong',
  'suggested-unclear': '!suggested where the intent is unclear',
  'applied-fails': '!applied fails',
};

interface Row {
  cells: string[];
  /** What the action did with the body: post (or abort). */
  posted: boolean;
  ok: boolean;
  set: string | null;
  outcome: SuggestionOutcome | null;
}

function runCase(c: Case, base: string): Row {
  const ev = c['expected-event'] ?? null;
  const file = resolve(base, c.body);
  const { decision, suggestion, from } = decide(file, ev);
  let outcome: SuggestionOutcome | null = null;
  let note = '';
  if ('suggestion' in c) {
    const expected = c.suggestion ?? null;
    const applies = suggestion !== null && suggestion === expected && appliedPasses(file, suggestion, from);
    outcome = suggestionOutcome(expected, suggestion, applies);
    const what = suggestion && outcome !== 'named' ? ` ${suggestion}` : '';
    note = ` (${outcome === 'named' ? `suggests ${suggestion}, ` : ''}${LABEL[outcome]}${what})`;
  }
  // a held-out body may be missed (coverage is measured); nothing else may differ
  const tolerated =
    outcome === null || outcome === 'named' || outcome === 'nothing' || (outcome === 'missed' && !!c.set);
  const ok = show(decision) === show(c.expect) && tolerated;
  const set = 'suggestion' in c ? (c.set ?? 'tuned on') : null;
  return {
    cells: [ok ? 'ok' : 'DISAGREE', ev ?? '-', show(c.expect), show(decision) + note, c.name],
    posted: show(decision).startsWith('post'),
    ok,
    set,
    outcome,
  };
}

/** The case's name last: names run to hundreds of characters, and padded to the longest they made every row as wide. */
function table(rows: string[][], out: (s: string) => void): void {
  const head = ['result', 'expected-event', 'expected', 'actual', 'case'];
  // the last column (the case) is not padded, nor ruled wider than its heading
  const widths = head.map((h, i) =>
    i === head.length - 1 ? h.length : Math.max(h.length, ...rows.map((r) => r[i]!.length)),
  );
  const line = (r: string[]): string =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  out(line(head));
  out(line(widths.map((w) => '-'.repeat(w))));
  rows.forEach((r) => out(line(r)));
}

/** Runs the manifest; 0 when every case agrees and no set falls below its floor (or, without one, the goal). */
/** The manifest, or an Error saying what is wrong with it in one line. */
function readManifest(path: string): Manifest {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const cause = { cause: e };
    if (code === 'ENOENT') throw new Error(`${path}: no such file`, cause);
    if (code === 'EISDIR')
      throw new Error(`${path} is a directory: name the manifest file (corpus/manifest.json)`, cause);
    throw new Error(`${path} cannot be read (${code ?? (e as Error).message})`, cause);
  }
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch (e) {
    throw new Error(`${path} is not JSON: ${(e as Error).message.replace(/\s+/g, ' ')}`, { cause: e });
  }
  const cases = (manifest as { cases?: unknown } | null)?.cases;
  if (!Array.isArray(cases)) throw new Error(`${path} has no "cases" array: see corpus/manifest.json for the shape`);
  cases.forEach((c, i) => checkCase(c, i, path));
  return manifest as Manifest;
}

/**
 * Every case's body file exists: a missing one would be read as the action reads it, "no-body", and pass a case
 * that expects that (a mistyped path: an independent review, 2026-12-03). Throws naming the first that does not.
 */
function checkBodies(m: Manifest, path: string): void {
  m.cases.forEach((c, i) => {
    if (existsSync(resolve(dirname(path), c.body))) return;
    throw new Error(
      `${path}: case ${i + 1} ("${c.name.slice(0, 60)}") names body ${c.body}, which does not exist: bodies are ` +
        'named relative to the manifest',
    );
  });
}

/** Throws an Error naming the case (its number, and its name when it has one) and what is wrong with it. */
function checkCase(c: unknown, i: number, path: string): void {
  const o = (typeof c === 'object' && c !== null && !Array.isArray(c) ? c : {}) as Record<string, unknown>;
  const named = typeof o['name'] === 'string' ? ` ("${o['name'].slice(0, 60)}")` : '';
  const bad = (why: string): never => {
    throw new Error(`${path}: case ${i + 1}${named} ${why}: see corpus/manifest.json for the shape`);
  };
  if (o !== c) bad('is not an object');
  if (!named) bad('has no "name" string');
  if (typeof o['body'] !== 'string') bad('has no "body" string (the body file, relative to the manifest)');
  const e = o['expect'] as Record<string, unknown> | null | undefined;
  const post = typeof e === 'object' && e !== null && (EVENTS as readonly unknown[]).includes(e['post']);
  if (!post && !(typeof e === 'object' && e !== null && typeof e['abort'] === 'string'))
    bad('has no "expect" of {"post": an API event} or {"abort": a reason}');
  const ev = o['expected-event'];
  if (ev !== undefined && !(EVENTS as readonly unknown[]).includes(ev))
    bad(`has expected-event ${JSON.stringify(ev)}, not an API event (${EVENTS.join(', ')})`);
  if (o['suggestion'] !== undefined && o['suggestion'] !== null && typeof o['suggestion'] !== 'string')
    bad('has a "suggestion" that is neither a verdict line nor null');
  if (o['set'] !== undefined && typeof o['set'] !== 'string') bad('has a "set" that is not a string');
}

export function runCorpus(manifestPath: string, out: (s: string) => void): number {
  const manifest = readManifest(manifestPath);
  checkBodies(manifest, manifestPath);
  const goal = manifest['coverage-goal'] ?? 1;
  const rows = manifest.cases.map((c) => runCase(c, dirname(manifestPath)));
  table(
    rows.map((r) => r.cells),
    out,
  );
  const agree = rows.filter((r) => r.ok).length;
  const posts = rows.filter((r) => r.posted).length;
  const n = rows.length;
  out(`\n${n} cases: ${agree} agree, ${n - agree} disagree (${posts} post, ${n - posts} abort)`);
  const measured = rows.flatMap((r) => (r.set && r.outcome ? [{ set: r.set, outcome: r.outcome }] : []));
  const figures = tally(measured);
  if (figures.length) {
    out('suggestion on refused real-shaped bodies (clear: the body states one verdict):');
    figures.forEach((f) => out(renderFigures(f)));
  }
  const { failing, notes } = coverageFailures(figures, goal, manifest['coverage-floor'] ?? {});
  notes.forEach((n) => out(n));
  return agree === rows.length && !failing.length ? 0 : 1;
}
