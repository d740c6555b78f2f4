// Which verdict did the author mean? — pure, and for the human only. When a body is
// refused, this finds the line where the body gives its verdict and says what to change
// in one pass; when the intent is not clear it says so, names the lines, and suggests
// nothing. Its answer is never used to post: acceptance is the grammar alone.
//
// Where a line gives a verdict is core/intent-line.ts (after a key: core/intent-key.ts), what
// the words say core/intent-words.ts, what holds an approval back core/intent-conditions.ts, what
// the lines around a verdict say core/intent-around.ts
// (an open must-fix list, a demand before the merge, changes said to be made, a later round), what puts
// the deciding verdict in doubt and only withholds core/intent-doubts.ts (a later round or an earlier review's
// section core/intent-rounds.ts), which verdicts are items' statuses core/intent-items.ts,
// a review of a line or two that approves in words core/intent-short.ts,
// the body's shape (code, quotes, footers, its closing line) core/intent-body.ts; this module reads the
// body whole: which of its verdicts decide (rounds, parts, finals, what was set aside) and the advice.
import { isBlank, VERDICT_LINE, type Verdict } from './grammar.js';
import { type Candidate, type Reader, type Unrecognised } from './intent-candidate.js';
import { candidateAt } from './intent-line.js';
import { keyLabels, withoutItemStatuses } from './intent-items.js';
import { synonymAt } from './intent-token.js';
import { heldBack, laterLine } from './intent-around.js';
import { doubted } from './intent-doubts.js';
import { shortReview } from './intent-short.js';
import { closingLine, codeLines, FOOTERS, quotedLines, setApart, unescape } from './intent-body.js';

export { synonymAt };

export interface Suggestion {
  /** The line to write: exactly the grammar's. */
  line: string;
  verdict: Verdict;
  /** 1-based line the intent was read from. */
  fromLine: number;
  /** Read from a short review's words (core/intent-short.ts): the line stays, the verdict goes after it. */
  inWords?: true;
  /** The line is already the grammar's: only what follows it must go. */
  wellFormed?: true;
  /** Read through literal "\n" escapes: the fix is to decode them, not to replace a line of the raw body. */
  escaped?: true;
}

export interface Intent {
  suggestion: Suggestion | null;
  /** Why nothing is suggested, when the body states a verdict but its intent is not clear. */
  ambiguity: string | null;
  /** What stands after the intended line and must go (one-pass advice). */
  after: string[];
  /** Body-wide problems (literal \n escapes …). */
  notes: string[];
  /** 1-based lines that state (or offer) a verdict. */
  candidates: number[];
  /** 1-based lines where the body states its verdict (named when nothing can be suggested). */
  stated: number[];
}

/** What follows the intended line, named by shape; at most a few, with a count. */
function describeAfter(lines: readonly string[], chosen: Candidate, others: readonly Candidate[]): string[] {
  const from = chosen.tokenIndex ?? chosen.index;
  const split =
    chosen.tokenIndex !== undefined ? [`replace lines ${chosen.index + 1}–${from + 1} (heading and token)`] : [];
  const rest = lines
    .slice(from + 1)
    .map((l, k) => ({ l, n: from + 2 + k }))
    .filter((x) => !isBlank(x.l)); // the grammar's blank, not trim()'s: a no-break space is a line that must go
  if (!rest.length) return split;
  const shapes = new Set<string>();
  if (others.some((c) => c.index > from)) shapes.add('a second verdict under another name');
  for (const { l } of rest) for (const [re, name] of FOOTERS) if (re.test(l)) shapes.add(name);
  const what = shapes.size ? ` (${[...shapes].slice(0, 4).join(', ')})` : '';
  const [first, last] = [rest[0]!.n, rest.at(-1)!.n];
  const after =
    rest.length === 1
      ? `line ${first}${what} must be deleted or moved above the verdict`
      : `the ${rest.length} non-blank lines after it (lines ${first}–${last})${what} must be deleted or moved above ` +
        'the verdict';
  return [...split, `move it to the end: ${after}`];
}

function collect(
  lines: readonly string[],
  code: ReadonlySet<number>,
): {
  candidates: Candidate[];
  unrecognised: Unrecognised[];
  items: number[];
  rounds: boolean;
  setAside: Reader['setAside'];
} {
  const r: Reader = {
    lines,
    closing: closingLine(lines, code),
    unrecognised: [],
    items: [],
    history: [],
    setAside: [],
  };
  const candidates: Candidate[] = [];
  const tokenLines = new Set<number>();
  for (let i = 0; i < lines.length; i++) {
    // code is not a verdict, a line in the grammar's exact form neither: GitHub shows it as code, an example of the
    // format ("Use this format:") or a file the model quoted (the grammar refuses it last in a block left open)
    if (code.has(i)) continue;
    const wellFormed = VERDICT_LINE.exec(lines[i]!);
    const c = wellFormed
      ? { index: i, verdicts: [wellFormed[1] as Verdict], strength: 'keyed' as const, offered: false }
      : candidateAt(r, i);
    // the token line of a "## Verdict" heading is that heading's reading, not a second verdict
    if (c && !tokenLines.has(i)) candidates.push(c);
    if (c?.tokenIndex !== undefined) tokenLines.add(c.tokenIndex);
  }
  const closing = setApart(lines, r.closing) ? r.closing : null;
  const kept = withoutItemStatuses(candidates, keyLabels(lines, code), closing, lines);
  // rounds under headings of their own that disagree: every one is named, none outranks the others
  if ('rounds' in kept)
    return { candidates: kept.rounds, unrecognised: r.unrecognised, items: [], rounds: true, setAside: r.setAside };
  // what was set aside as items' statuses is named when nothing else states a verdict
  const items = [...r.items, ...candidates.filter((c) => !kept.includes(c)).map((c) => c.tokenIndex ?? c.index)].sort(
    (a, b) => a - b,
  );
  // a part's verdict ("Stage 1 verdict: PASS") gives way to any verdict after it, an earlier pass's too ("Previous
  // verdict: REQUEST CHANGES — still stands": attack 33); the last part's stands
  const later = (c: Candidate) => kept.some((d) => !d.part && d.index > c.index) || r.history.some((h) => h > c.index);
  return {
    candidates: kept.filter((c) => !c.part || !later(c)),
    unrecognised: r.unrecognised,
    items,
    rounds: false,
    setAside: r.setAside,
  };
}

/** Every line decides and none can be suggested: "the body states conflicting verdicts (line 3: …, line 9: …)". */
function conflicting(candidates: readonly Candidate[], line: (c: Candidate) => number) {
  const where = candidates.map((c) => `line ${line(c)}: ${c.verdicts.join('/')}`).join(', ');
  return { decided: candidates, ambiguity: `the body states conflicting verdicts (${where})` };
}

/** Which lines decide, and why nothing can be suggested when they do not agree or approve on conditions. */
function decide(candidates: readonly Candidate[], line: (c: Candidate) => number) {
  const unoffered = candidates.filter((c) => !c.offered);
  const finals = unoffered.filter((c) => c.final);
  const decided = finals.length ? finals : unoffered;
  // the offered lines are named: the body gives verdicts there, as choices nobody made
  if (!decided.length)
    return {
      decided: candidates,
      ambiguity: 'the body only offers verdicts (template alternatives or unticked boxes)',
    };
  const verdicts = new Set(decided.flatMap((c) => c.verdicts));
  if (verdicts.size !== 1) return conflicting(decided, line);
  const conditional = decided.find((c) => c.condition);
  if (conditional)
    return {
      decided,
      ambiguity:
        `the approval at line ${line(conditional)} is conditional ("${conditional.condition}"): it approves on ` +
        'changes it still asks for',
    };
  return { decided, ambiguity: null };
}

/**
 * "- Recommendation: Request changes" as the last of five findings' labels: the body gives verdicts, but only as
 * labels of items (a finding's, a part's, a PR's), so which is the review's own is not clear — said, not "no verdict".
 */
function itemsOnly(lines: readonly number[]): string {
  const where = lines.length > 1 ? `lines ${lines.join(', ')} give verdicts` : `line ${lines[0]} gives a verdict`;
  return `${where} only as the label of a list item or a finding, not as the review's own`;
}

/** The suggestion a short approval said in words gives (core/intent-short.ts), or null. */
function inWords(lines: readonly string[], apart: ReadonlySet<number>, origin: readonly number[], notes: string[]) {
  const short = shortReview(lines, apart);
  if (!short) return null;
  const fromLine = origin[short.index]! + 1;
  const suggestion: Suggestion = {
    line: `## VERDICT: ${short.verdict}`,
    verdict: short.verdict,
    fromLine,
    inWords: true,
  };
  return { suggestion, ambiguity: null, after: [], notes, candidates: [fromLine], stated: [fromLine] } satisfies Intent;
}

/** The suggestion read from a line: through escapes (decode them), or a line already the grammar's (keep it). */
function suggested(verdict: Verdict, fromLine: number, escaped: boolean, line: string): Suggestion {
  const how = escaped ? { escaped: true as const } : VERDICT_LINE.test(line) ? { wellFormed: true as const } : {};
  return { line: `## VERDICT: ${verdict}`, verdict, fromLine, ...how };
}

/**
 * No line reads past this many characters: a verdict is never that long, and some readings look back along a line
 * (a negation earlier in the clause), which on a line of 100,000 characters without punctuation is quadratic.
 */
const LINE_CAP = 2000;

/**
 * A verdict word set aside as not plainly the review's own (Reader.setAside) after every verdict read: which one is
 * the review's own is not clear (attack 39), and why. With no verdict read, the body states none of its own: null.
 */
function setAsideLast(
  aside: ReturnType<typeof collect>['setAside'],
  candidates: readonly Candidate[],
  line: (index: number) => number,
): { line: number; why: string } | null {
  const read = candidates.filter((c) => !c.offered);
  const last = aside.find((s) => read.length && !read.some((c) => c.index > s.index));
  if (!last) return null;
  const why =
    `line ${line(last.index)} gives a verdict that is not plainly the review's own (${last.why}), after the ` +
    `verdict at line ${line(read.at(-1)!.index)}: which one is the review's is not clear`;
  return { line: line(last.index), why };
}

export function findIntent(original: readonly string[]): Intent {
  const capped = original.map((l) => (l.length > LINE_CAP ? l.slice(0, LINE_CAP) : l));
  const { lines, origin, escaped } = unescape(capped);
  const notes = escaped
    ? ['the body contains literal "\\n" escapes: the persona output was a JSON string written without unescaping']
    : [];
  const code = codeLines(lines);
  // what quotes someone else (a quote of a named source, an indented block) gives no verdict, but a hold or a demand
  // quoted there still holds one back (a quoted rule "signed off by a DBA before merge": attack 25)
  const apart = new Set([...code, ...quotedLines(lines)]);
  const { candidates, unrecognised, items, rounds, setAside } = collect(lines, apart);
  const lineOf = (c: { index: number }): number => origin[c.index]! + 1;
  const at = [...new Set(candidates.map(lineOf))];
  const none = (ambiguity: string | null, stated: number[]): Intent => ({
    suggestion: null,
    ambiguity,
    after: [],
    notes,
    candidates: at,
    stated,
  });
  const aside = setAsideLast(setAside, candidates, (i) => origin[i]! + 1);
  if (aside) return none(aside.why, [...new Set([...candidates.map(lineOf), aside.line])]);
  if (!candidates.length) {
    const u = unrecognised[0];
    const itemLines = [...new Set(items.map((i) => origin[i]! + 1))];
    if (!u && itemLines.length) return none(itemsOnly(itemLines), itemLines);
    // a review of a line or two that approves in words: "Looks good! I'm fine merging this in."
    if (!u) return inWords(lines, apart, origin, notes) ?? none(null, []);
    const what =
      `line ${lineOf(u)} gives the verdict as "${u.word}", ` +
      'which names none of APPROVE, CHANGES_REQUESTED, COMMENT';
    return none(what, [...new Set(unrecognised.map(lineOf))]);
  }
  const { decided, ambiguity } = rounds ? conflicting(candidates, lineOf) : decide(candidates, lineOf);
  const stated = [...new Set(decided.map(lineOf))];
  if (ambiguity) return none(ambiguity, stated);
  const held = heldBack(decided, lines, code, (i) => origin[i]! + 1);
  if (held) return none(held, stated);
  const doubt = doubted(decided, lines, code, (i) => origin[i]! + 1);
  if (doubt) return none(doubt, stated);
  const first = decided[0]!.verdicts[0]!;
  const later = laterLine(lines, code, decided.at(-1)!.index, first);
  if (later >= 0)
    return none(
      first === 'APPROVE'
        ? `the approval at line ${lineOf(decided.at(-1)!)} is conditional: line ${origin[later]! + 1} asks for ` +
            'changes before the merge or the next phase, or holds the merge'
        : `line ${origin[later]! + 1} says the changes requested at line ${lineOf(decided.at(-1)!)} are made`,
      stated,
    );
  const strong = decided.filter((c) => c.strength !== 'bare');
  const chosen = (strong.length ? strong : decided).at(-1)!;
  return {
    suggestion: suggested(chosen.verdicts[0]!, lineOf(chosen), escaped, lines[chosen.index]!),
    ambiguity: null,
    after: escaped ? [] : describeAfter(lines, chosen, decided),
    notes,
    candidates: at,
    stated,
  };
}
