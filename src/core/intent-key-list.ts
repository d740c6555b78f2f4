// The list under a verdict heading — pure, part of "did you mean" (core/intent-key.ts reads the heading): a "Key:
// value" that opens a line ("Status: Changes requested" under "## Decision"), and whether the heading's list names a
// second verdict, or an approval's condition, beside the one its first item gives.
import type { Verdict } from './grammar.js';
import { leadingVerdict, LIST_ITEM, NOT_GIVEN, plain, TOKEN_TAIL } from './intent-token.js';
import type { Reading } from './intent-words.js';
import { type Key, keysOf, TOOL_RESULT } from './intent-key-words.js';

/** "Status: Changes requested" under a "## Decision" heading: the key that opens the line, and its value. */
export function innerKey(text: string): { key: Key; value: string; text: string } | null {
  const upper = text.toUpperCase();
  const key = keysOf(upper)[0];
  const sep = key && key.at <= 2 ? /^\s*[:：=]\s*/.exec(upper.slice(key.end)) : null;
  return key && sep ? { key, value: text.slice(key.end + sep[0].length), text } : null;
}

/**
 * "## Decision" over "- Status: Approve (frontend)" and "- Backend: Request changes": the heading's list gives two
 * verdicts (one per part, or a later one), so the heading states both, in conflict. The list runs on across blank
 * lines and indented lines; an item gives a verdict as a key's or a part's value, or whole, standing as a token
 * ("- Approve once F1 lands", "- Passed: unit, lint", "- Changes requested: F1, F2" give none). Held-out 17.
 */
export function listDisagrees(
  lines: readonly string[],
  j: number,
  verdict: Reading,
): { other?: Verdict; condition?: string } {
  const base = verdict === 'conditional' ? 'APPROVE' : verdict;
  let condition: string | undefined;
  for (let k = j + 1; k < lines.length && (LIST_ITEM.test(lines[k]!) || /^(\s|$)/.test(lines[k]!)); k++) {
    if (!LIST_ITEM.test(lines[k]!)) continue;
    const text = plain(lines[k]!);
    const labelled = /^([^:：]{1,40})[:：]\s*(.*)$/u.exec(text);
    // "- Previous round: REQUEST CHANGES", "- Previously: Request changes (resolved)": history, not a second verdict
    if (labelled && LIST_HISTORY.test(labelled[1]!.toUpperCase())) continue;
    const value = innerKey(text)?.value ?? labelled?.[2] ?? text;
    const other = leadingVerdict(value);
    if (!other || TOOL_RESULT.test(other.token) || NOT_GIVEN.test(other.rest) || /^\s*[:：]/.test(other.rest)) continue;
    if (!TOKEN_TAIL.test(other.rest)) continue;
    if (other.verdict === 'CHANGES_REQUESTED' && /\b(?:ADDRESSED|RESOLVED|FIXED)\b/.test(other.rest)) continue;
    const named = other.verdict === 'conditional' ? 'APPROVE' : other.verdict;
    // "- Frontend: Conditional approval" under "- Approve": the approval waits on it; the list goes on
    if (other.verdict === 'conditional' && verdict !== 'conditional') condition ??= text.slice(0, 60);
    if (named !== base) return { other: named, condition };
  }
  return { condition };
}

/**
 * A list item's label that reports an earlier state: "Previous round", "Previously", "Round 1". Not "Before …":
 * "- Before merge: Request changes" is a demand now, and skipping it would let the first item's approval stand.
 */
const LIST_HISTORY = /\b(?:PREVIOUS(?:LY)?|PRIOR|EARLIER|OLD|ORIGINAL|INITIAL(?:LY)?|LAST\s+ROUND|ROUND\s*\d+)\b/;
