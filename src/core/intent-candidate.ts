// What "did you mean" collects from a line — pure, part of core/intent.ts: a candidate verdict (where, how
// strongly given, on what condition), a verdict key given with a word that names none, and the reader that
// carries the body through core/intent-key.ts (a key's verdict) and core/intent-line.ts (every other form).
import type { Verdict } from './grammar.js';
import { plain } from './intent-token.js';
import { conditionOf } from './intent-conditions.js';
import { otherVerdict, type Reading } from './intent-words.js';

export interface Candidate {
  index: number;
  verdicts: Verdict[];
  strength: 'keyed' | 'boxed' | 'bare';
  /** "Final verdict", "Updated verdict", "Round 2 verdict": it outranks the rest. */
  final?: boolean;
  /** A "## Verdict" heading whose token stands on this later line. */
  tokenIndex?: number;
  offered: boolean; // alternatives or unticked boxes: a template, not a decision
  /** An approval that names conditions it still asks for ("with required changes", "conditional"). */
  condition?: string;
  /** Given for one part of the review ("Stage 1 verdict"): a later verdict outranks it. */
  part?: boolean;
  /** Read from "Key: value" on the line under a verdict heading: set apart from that key's labels elsewhere. */
  underHeading?: boolean;
  /** The key it was read after ("DECISION") and the words that named the verdict ("ACCEPTED"). */
  key?: string;
  token?: string;
}

/** A verdict key given with a word that names no verdict ("Verdict: CORRECT"). */
export interface Unrecognised {
  index: number;
  word: string;
}

export interface Reader {
  lines: readonly string[];
  closing: number;
  unrecognised: Unrecognised[];
  /** Lines where a list item's label gives a verdict ("- Recommendation: Request changes"): an item's, not read. */
  items: number[];
  /** Lines whose verdict key is an earlier pass's ("Previous verdict:"): not read, but a part above gives way. */
  history: number[];
  /**
   * Lines whose verdict word is set aside as not plainly the review's own (another reviewer's, a part's, a tool's, a
   * program's state, asked or scoped): not read, and no verdict before them is read either — setting one aside must
   * not leave an earlier one (a scan's PASS, round 1's verdict) standing as if it were the last word (attack 39).
   */
  setAside: Array<{ index: number; why: string }>;
}

/** Sets line `i`'s verdict word aside (see Reader.setAside); null, for a reader that gives none. */
export function setAside(r: Reader, i: number, why: string): null {
  r.setAside.push({ index: i, why });
  return null;
}

export function candidate(
  index: number,
  reading: Reading,
  strength: Candidate['strength'],
  offered: boolean,
  final: boolean,
  tokenIndex: number | undefined,
  tail: string,
  ...after: string[]
): Candidate {
  const verdict: Verdict = reading === 'conditional' ? 'APPROVE' : reading;
  const condition = conditionOf(reading, tail, ...after);
  // "Comment for now, approve once #1 is handled": the line names a second verdict
  const other = otherVerdict(verdict, tail);
  const verdicts = other ? [verdict, other] : [verdict];
  return { index, verdicts, strength, offered, final, tokenIndex, condition };
}

/** "Verdict: CORRECT": a verdict given in a word the grammar has no token for (short, not prose). */
export function noteUnrecognised(r: Reader, i: number, strong: boolean, body: string): void {
  const word = body.replace(/[^\p{L}\p{N} \-'’]+/gu, ' ').trim();
  const short = word.split(/\s+/).length <= 3 && word.length <= 24;
  if (strong && word && short && !/[.!?;，。；、]\s*\S/u.test(body)) r.unrecognised.push({ index: i, word });
}

/** The first non-blank line after `i`. */
export function nextLine(lines: readonly string[], i: number): number {
  let j = i + 1;
  while (j < lines.length && !lines[j]!.trim()) j++;
  return j;
}

/** The paragraph right after line `i` (not a heading, list item or table), upper-cased: conditions live there too. */
export function following(r: Reader, i: number): string {
  const k = nextLine(r.lines, i);
  if (k >= r.lines.length || /^\s*(#|\||[-+*]\s|\d+[.)]\s)/.test(r.lines[k]!)) return '';
  return plain(r.lines[k]!).toUpperCase();
}
