// An experiment, not part of the action: could a learned fallback name the verdict where the
// rule-based reader (core/intent.ts) names none? It trains a four-class logistic regression
// (APPROVE, CHANGES_REQUESTED, COMMENT, none) on words and word pairs of the lines where a review
// gives its verdict (the closing lines, verdict-like headings and keys; the whole of a short body),
// and measures it leave-one-set-out: each held-out set of the corpus is read by a model trained on
// every other case and every attack fixture, never on that set. The model speaks only where the
// rules give neither a suggestion nor a reason to withhold one.
//
//   npx tsx bench/intent-learned.ts        (about a minute on two cores)
//
// Findings of 2026-12-03 are in corpus/MEASUREMENTS.md ("A learned fallback, measured"): it named
// more bodies, but suggested a verdict for about one unclear body per body it gained, so it is not
// in the action.
import { readFileSync, readdirSync } from 'node:fs';
import { findIntent } from '../src/core/intent.js';

const LABELS = ['APPROVE', 'CHANGES_REQUESTED', 'COMMENT', 'none'] as const;
type Label = (typeof LABELS)[number];
interface Example {
  name: string;
  group: string;
  heldOut: boolean;
  label: Label;
  rules: string | null;
  withheld: boolean;
  features: string[];
}

const VERDICT_HEADING =
  /verdict|decision|recommend|conclusion|summary|assessment|status|result|outcome|bottom line|final|overall/i;
const VERDICT_KEY = /^\W{0,4}(verdict|decision|recommendation|status|result|outcome|overall)\W{0,4}\s*[:：]/i;
const NEGATION = new Set(['not', 'no', "n't", 'never', 'without', 'nothing', 'none', 'cannot']);

/** The lines where a review gives its verdict, each tagged with where it stands. */
function verdictLines(lines: string[]): string[] {
  const text = lines.map((l) => l.trim()).filter((l) => l && !/^(-{3,}|\*{3,}|_{3,}|```.*)$/.test(l));
  if (text.length <= 6) return text.map((l) => `short ${l}`);
  const out = [...text.slice(-4).map((l) => `end ${l}`), ...text.slice(0, 2).map((l) => `start ${l}`)];
  text.forEach((l, i) => {
    if (/^#{1,6}\s/.test(l) && VERDICT_HEADING.test(l)) {
      out.push(`heading ${l}`);
      for (const next of text.slice(i + 1, i + 4)) {
        if (/^#{1,6}\s/.test(next)) break;
        out.push(`under ${next}`);
      }
    }
    if (VERDICT_KEY.test(l)) out.push(`key ${l}`);
  });
  return out;
}

function features(lines: string[]): string[] {
  const found = new Set<string>();
  for (const tagged of verdictLines(lines)) {
    const [tag, ...rest] = tagged.split(' ');
    const words =
      rest
        .join(' ')
        .toLowerCase()
        .replace(/n't/g, " n't")
        .match(/[\p{L}\p{N}']+|[?!✅❌👍🚫]/gu) ?? [];
    let negated = 0;
    words.forEach((w, i) => {
      const word = (negated > 0 ? 'not:' : '') + w;
      found.add(`${tag}:${word}`).add(`*:${word}`);
      if (i > 0) found.add(`*:${words[i - 1]}_${w}`);
      negated = NEGATION.has(w) ? 3 : Math.max(0, negated - 1);
    });
  }
  return [...found];
}

function example(name: string, group: string, heldOut: boolean, body: string, label: Label): Example {
  const lines = body
    .replace(/^\uFEFF/, '')
    .replace(/\r\n/g, '\n')
    .split('\n');
  const read = findIntent(lines);
  const rules = read.suggestion?.verdict ?? null;
  return { name, group, heldOut, label, rules, withheld: Boolean(read.ambiguity), features: features(lines) };
}

function load(): Example[] {
  const manifest = JSON.parse(readFileSync('corpus/manifest.json', 'utf8'));
  const out: Example[] = [];
  for (const c of manifest.cases) {
    if (!('suggestion' in c)) continue;
    const set = String(c.set ?? 'tuned');
    const label: Label = c.suggestion === null ? 'none' : c.suggestion.slice('## VERDICT: '.length);
    out.push(example(c.body, set, set.startsWith('held-out'), readFileSync(`corpus/${c.body}`, 'utf8'), label));
  }
  for (const file of readdirSync('test/fixtures').filter((f) => /^intent-(attack|review)-.*\.json$/.test(f))) {
    for (const c of JSON.parse(readFileSync(`test/fixtures/${file}`, 'utf8')).cases) {
      const meant = c.meant !== undefined ? c.meant : c.suggestion === null ? null : c.suggestion.slice(12);
      out.push(example(c.name, file, false, c.body, meant ?? 'none'));
    }
  }
  return out;
}

type Model = (features: string[]) => number[];

function softmax(z: number[]): number[] {
  const top = Math.max(...z);
  const e = z.map((v) => Math.exp(v - top));
  const sum = e.reduce((a, v) => a + v, 0);
  return e.map((v) => v / sum);
}

/** Multinomial logistic regression by stochastic gradient descent, in a fixed order. */
function train(data: Example[], epochs = 5, rate = 0.2, l2 = 1e-3): Model {
  const weights = new Map<string, number[]>();
  const bias = [0, 0, 0, 0];
  const w = (f: string): number[] => weights.get(f) ?? weights.set(f, [0, 0, 0, 0]).get(f)!;
  const score = (fs: string[]): number[] =>
    softmax(bias.map((b, c) => fs.reduce((s, f) => s + (weights.get(f)?.[c] ?? 0), b)));
  for (let e = 0; e < epochs; e++) {
    for (const d of data) {
      const p = score(d.features);
      const y = LABELS.indexOf(d.label);
      for (let c = 0; c < 4; c++) {
        const g = p[c]! - (c === y ? 1 : 0);
        bias[c]! -= rate * g;
        for (const f of d.features) w(f)[c]! -= rate * (g + l2 * w(f)[c]!);
      }
    }
  }
  return score;
}

const RULES = {
  'any verdict': (label: Label) => label !== 'none',
  'APPROVE only': (label: Label) => label === 'APPROVE',
} as const;
const THRESHOLDS = [0.5, 0.8, 0.95];

const all = load();
const order = (i: number) => (i * 2654435761) % 1000;
const tally = new Map<string, { named: number; wrong: number; unclear: number; clear: number; none: number }>();
const count = (key: string) =>
  tally.get(key) ?? tally.set(key, { named: 0, wrong: 0, unclear: 0, clear: 0, none: 0 }).get(key)!;
for (const group of new Set(all.filter((e) => e.heldOut).map((e) => e.group))) {
  const training = all.map((e, i) => [e, order(i)] as const).filter(([e]) => e.group !== group);
  const model = train(training.sort((a, b) => a[1] - b[1]).map(([e]) => e));
  for (const e of all.filter((x) => x.group === group)) {
    const p = model(e.features);
    const best = LABELS[p.indexOf(Math.max(...p))]!;
    const tell = (key: string, got: string | null) => {
      const t = count(key);
      const clear = e.label !== 'none';
      t.clear += clear ? 1 : 0;
      t.none += clear ? 0 : 1;
      t.unclear += !clear && got ? 1 : 0;
      t.named += clear && got === e.label ? 1 : 0;
      t.wrong += clear && got && got !== e.label ? 1 : 0;
    };
    tell('rules alone', e.rules);
    for (const [name, speaks] of Object.entries(RULES)) {
      for (const threshold of THRESHOLDS) {
        const learned = !e.rules && !e.withheld && speaks(best) && Math.max(...p) >= threshold;
        tell(`rules, then ${name} learned at p ≥ ${threshold}`, e.rules ?? (learned ? best : null));
        // SHOW=1 lists what the strictest fallback gained and what it misread
        if (process.env.SHOW && learned && name === 'any verdict' && threshold === 0.95)
          console.log(`${best === e.label ? 'gained' : e.label === 'none' ? 'unclear' : 'wrong'}\t${best}\t${e.name}`);
        if (name === 'any verdict')
          tell(`learned alone at p ≥ ${threshold}`, speaks(best) && Math.max(...p) >= threshold ? best : null);
      }
    }
  }
}
console.log('| reader | named (clear bodies) | wrong | suggested where unclear |\n|---|---|---|---|');
for (const [key, t] of tally) console.log(`| ${key} | ${t.named}/${t.clear} | ${t.wrong} | ${t.unclear}/${t.none} |`);
