// Which verdict did the author mean? — pure, and for the human only. When a body is
// refused, this finds the line the author most likely meant as the verdict and says
// what to change in one pass; when the intent is not clear it says so and suggests
// nothing. Its answer is never used to post: acceptance is the grammar alone.
import { skeleton, VERDICT_LINE, type Verdict } from './grammar.js';

export interface Suggestion {
  /** The line to write: exactly the grammar's. */
  line: string;
  verdict: Verdict;
  /** 1-based line the intent was read from. */
  fromLine: number;
}

export interface Intent {
  suggestion: Suggestion | null;
  /** Why nothing is suggested, when candidates were found but disagree or are only offered. */
  ambiguity: string | null;
  /** What stands after the intended line and must go (one-pass advice). */
  after: string[];
  /** Body-wide problems (literal \n escapes …). */
  notes: string[];
  /** 1-based lines that state (or offer) a verdict. */
  candidates: number[];
}

/** Words and phrases that name a verdict, longest first; unknown words are not guessed. */
const SYNONYMS: ReadonlyArray<[RegExp, Verdict]> = [
  [
    /\b(CHANGES[ _-]?REQUESTED|REQUEST(ED)?[ _-]?CHANGES?|NEEDS?[ _-]?(CHANGES|WORK)|CHANGES[ _-]REQUIRED)\b/,
    'CHANGES_REQUESTED',
  ],
  [/\b(REJECT(ED)?|BLOCK(ED|ING)?|FAIL(ED)?|DO NOT MERGE|REVISE)\b/, 'CHANGES_REQUESTED'],
  [/\b(APPROVE[DS]?|LGTM|PASS(ED)?|ACCEPT(ED)?|SHIP IT|READY (FOR|TO) MERGE)\b/, 'APPROVE'],
  [/\bCOMMENT(ED)?\b/, 'COMMENT'],
];
/** Words a verdict is introduced by. */
const KEY = /\b(FINAL\s+)?(VERDICT|DECISION|RECOMMENDATION|OUTCOME|REVIEW\s+STATUS|STATUS)\b/;
const ALTERNATIVES = /\b[A-Z_]{4,}\s*(\/|\||\bor\b)\s*[A-Z_]{4,}/;
const BOX = /\[( |x|X)\]/;

/** The verdict the text starts with (decoration and look-alikes folded), and what follows it. */
function leadingVerdict(text: string): { verdict: Verdict; rest: string } | null {
  const t = text.toUpperCase().replace(/^[^A-Z]+/, '');
  if (/^NOT\b|^NO\b/.test(t)) return null;
  for (const [re, verdict] of SYNONYMS) {
    const m = new RegExp(`^(?:${re.source})`).exec(t);
    if (m) return { verdict, rest: t.slice(m[0].length) };
  }
  return null;
}

/** A verdict word or phrase at the start of `text` that is not the grammar's token, and how long it is. */
export function synonymAt(text: string): { verdict: Verdict; length: number } | null {
  const lead = leadingVerdict(text);
  if (!lead) return null;
  return { verdict: lead.verdict, length: text.length - lead.rest.length };
}

/** What may follow a token standing alone: "APPROVE with nits", "APPROVE - ready to merge". */
const BARE_TAIL = /^[\s.!:)]*((WITH\b|—|–|-|:).*|\(.*\))?$/;

const plain = (line: string): string =>
  skeleton(line)
    .replace(/[*_`~>#]|<\/?[a-z]+>/gi, ' ')
    .replace(/^\s*([-+]|\d+[.)])\s+/, ' ')
    .replace(/[\u2190-\u2BFF\u{1F300}-\u{1FAFF}]/gu, ' ')
    .trim();

interface Candidate {
  index: number;
  verdicts: Verdict[];
  strength: 'keyed' | 'boxed' | 'bare';
  /** Keyed "Final verdict": it outranks the rest. */
  final?: boolean;
  /** A "## Verdict" heading whose token stands on this later line. */
  tokenIndex?: number;
  offered: boolean; // alternatives or unticked boxes: a template, not a decision
}

/** A line that states a verdict: keyed ("Verdict: X"), a ticked box, or a token standing alone. */
function candidateAt(lines: readonly string[], i: number): Candidate | null {
  if (lines[i]!.length > 400) return null; // bounded work: no verdict line is that long
  const text = plain(lines[i]!);
  if (!text || text.length > 200) return null;
  const upper = text.toUpperCase();
  const box = BOX.exec(text);
  if (box) {
    const lead = leadingVerdict(text.slice(box.index + box[0].length));
    if (!lead || box.index > 40) return null;
    return { index: i, verdicts: [lead.verdict], strength: 'boxed', offered: box[1] === ' ' };
  }
  const key = KEY.exec(upper);
  // "Previous verdict: …" reports history, not this review's decision
  if (key && /\b(PREVIOUS|PRIOR|EARLIER|OLD|LAST ROUND'?S?)\s+$/.test(upper.slice(0, key.index))) return null;
  if (key && key.index < 20) {
    const afterKey = upper.slice(key.index + key[0].length);
    // "## Verdict" alone on its line: the token is on the next non-blank line
    if (!/[A-Z]/.test(afterKey.replace(/[:=—–-]/g, ''))) return splitHeading(lines, i);
    const sep = /^\s*(\([^)]*\)\s*)?[:=—–-]?\s*/.exec(afterKey)!;
    const lead = leadingVerdict(afterKey.slice(sep[0].length));
    if (!lead) return null;
    const final = Boolean(key[1]);
    return { index: i, verdicts: [lead.verdict], strength: 'keyed', offered: ALTERNATIVES.test(afterKey), final };
  }
  // a token standing alone on its line (decoration, list marks and emoji aside)
  const lead = leadingVerdict(text);
  if (lead && BARE_TAIL.test(lead.rest) && upper.replace(/^[^A-Z]+/, '').length <= 60) {
    return { index: i, verdicts: [lead.verdict], strength: 'bare', offered: ALTERNATIVES.test(upper) };
  }
  return null;
}

function splitHeading(lines: readonly string[], i: number): Candidate | null {
  let j = i + 1;
  while (j < lines.length && !lines[j]!.trim()) j++;
  if (j >= lines.length) return null;
  const next = plain(lines[j]!);
  const box = BOX.exec(next);
  const lead = leadingVerdict(box ? next.slice(box.index + box[0].length) : next);
  if (!lead || !BARE_TAIL.test(lead.rest.replace(/[/|].*$/, ''))) return null;
  const offered = (box !== null && box[1] === ' ') || ALTERNATIVES.test(next.toUpperCase());
  return { index: i, verdicts: [lead.verdict], strength: 'keyed', offered, tokenIndex: j };
}

/** Literal "\n" escapes in long lines: a JSON string written without unescaping. */
function unescape(lines: readonly string[]): { lines: string[]; origin: number[]; escaped: boolean } {
  const escaped = lines.some((l) => l.length > 200 && (l.match(/\\n/g)?.length ?? 0) >= 3);
  if (!escaped) return { lines: [...lines], origin: lines.map((_l, i) => i), escaped };
  const out: string[] = [];
  const origin: number[] = [];
  lines.forEach((l, i) => {
    for (const piece of l.split('\\n')) {
      out.push(piece);
      origin.push(i);
    }
  });
  return { lines: out, origin, escaped };
}

const FOOTERS: ReadonlyArray<[RegExp, string]> = [
  [/^\s*[_*]*(generated|written|produced|posted)\s+(by|with)\b/i, 'a "generated by" footer'],
  [/^\s*[_*]*(reviewed by|reviewer:|signed|—\s*\w+)/i, 'a sign-off'],
  [/\b(run|request|trace|session)[ -]?id\b/i, 'a run id'],
  [/^\s*(<!--.*-->|-{3,}|\*{3,}|_{3,})\s*$/, 'an HTML comment or a rule'],
  [/^\s*[*_#\s]*(end( of (review|report))?|done|fin)[*_.!\s]*$/i, 'an end marker'],
  [/^\s*[*_]*(recommendation|next steps?|action items?|summary|notes?)[*_]*\s*[:*]/i, 'another section'],
];

/** What follows the intended line, named by shape; at most a few, with a count. */
function describeAfter(lines: readonly string[], chosen: Candidate, others: readonly Candidate[]): string[] {
  const from = chosen.tokenIndex ?? chosen.index;
  const split =
    chosen.tokenIndex !== undefined ? [`replace lines ${chosen.index + 1}–${from + 1} (heading and token)`] : [];
  const rest = lines
    .slice(from + 1)
    .map((l, k) => ({ l, n: from + 2 + k }))
    .filter((x) => x.l.trim());
  if (!rest.length) return split;
  const shapes = new Set<string>();
  if (others.some((c) => c.index > from)) shapes.add('a second verdict under another name');
  for (const { l } of rest) for (const [re, name] of FOOTERS) if (re.test(l)) shapes.add(name);
  const what = shapes.size ? ` (${[...shapes].slice(0, 4).join(', ')})` : '';
  return [
    ...split,
    `move it to the end: the ${rest.length} non-blank line(s) after it (lines ${rest[0]!.n}–${rest.at(-1)!.n})` +
      `${what} must go, or move above it`,
  ];
}

export function findIntent(original: readonly string[]): Intent {
  const { lines, origin, escaped } = unescape(original);
  const notes = escaped
    ? ['the body contains literal "\\n" escapes: the persona output was a JSON string written without unescaping']
    : [];
  const candidates: Candidate[] = [];
  let fenced = false;
  for (let i = 0; i < lines.length; i++) {
    if (/^\s*(```|~~~)/.test(lines[i]!)) fenced = !fenced;
    // code is not a verdict, except a line in the grammar's exact form (a model that fenced its output)
    const wellFormed = VERDICT_LINE.exec(lines[i]!);
    if (fenced && !wellFormed) continue;
    const c = wellFormed
      ? { index: i, verdicts: [wellFormed[1] as Verdict], strength: 'keyed' as const, offered: false }
      : candidateAt(lines, i);
    if (c) candidates.push(c);
  }
  const at = [...new Set(candidates.map((c) => origin[c.index]! + 1))];
  const none = (ambiguity: string | null): Intent => ({
    suggestion: null,
    ambiguity,
    after: [],
    notes,
    candidates: at,
  });
  if (!candidates.length) return none(null);
  const unoffered = candidates.filter((c) => !c.offered);
  const finals = unoffered.filter((c) => c.final);
  const decided = finals.length ? finals : unoffered;
  if (!decided.length) return none('the body only offers verdicts (template alternatives or unticked boxes)');
  const verdicts = new Set(decided.flatMap((c) => c.verdicts));
  if (verdicts.size !== 1) {
    const where = decided.map((c) => `line ${c.index + 1}: ${c.verdicts.join('/')}`).join(', ');
    return none(`the body states conflicting verdicts (${where})`);
  }
  const strong = decided.filter((c) => c.strength !== 'bare');
  const chosen = (strong.length ? strong : decided).at(-1)!;
  const verdict = [...verdicts][0]!;
  return {
    suggestion: { line: `## VERDICT: ${verdict}`, verdict, fromLine: origin[chosen.index]! + 1 },
    ambiguity: null,
    after: escaped ? [] : describeAfter(lines, chosen, decided),
    notes,
    candidates: at,
  };
}
