// What the lines around a verdict say — pure, part of "did you mean" (core/intent.ts): an approval over a list of
// changes it must still make (intent-mustfix.ts finds the list), a later line that still asks for work before the
// merge or the next phase, or holds the merge, or says the changes asked for are made, and the verdict of an earlier
// round whose later round gives none.
import type { Verdict } from './grammar.js';
import type { Candidate } from './intent-candidate.js';
import { openMustFix } from './intent-mustfix.js';
import { leadingVerdict, LIST_ITEM, plain, TOKEN_TAIL } from './intent-token.js';
import {
  ALL_RESOLVED,
  BEFORE_MERGE,
  BEFORE_MERGE_OTHER,
  CJK_FIX_THEN_MERGE,
  holdsMerge,
  REQUIRED_KEY,
} from './intent-conditions.js';

/**
 * On the approval's own line, the must-fix list said done: "APPROVE - Every critical issue is resolved." Only of the
 * critical, blocking or must-fix issues (not "every Copilot issue", "all lint issues"), and nothing doubting it after.
 */
const SAYS_DONE = new RegExp(
  String.raw`(?<!\b(?:NOT|ALMOST|NEARLY)\s+)\b(?:ALL|EVERY)\s+` +
    String.raw`(?:(?:THE|CRITICAL|BLOCKING|MUST[\s-]?FIX|REQUIRED)\s+){0,2}(?:ISSUES?|FINDINGS?|BLOCKERS?)\s+` +
    String.raw`(?:(?:ARE|IS|HAVE|HAS|BEEN|NOW)\s+){0,3}(?:FIXED|RESOLVED|ADDRESSED)\b` +
    String.raw`(?![^]*(?:\?|N'T\b|\b(?:NOT|STILL|BUT|EXCEPT|OPEN|REMAIN\w*|YET)\b))`,
);

/**
 * The open must-fix heading an approval stands over (0-based), or -1. An approval that says the list is done
 * ("APPROVE - Every critical issue is resolved") closes the lists above it; a list written after it still opens
 * ("APPROVE — all blocking issues fixed" / "## Required Changes"). A final verdict is not held back.
 */
function openUnderApproval(decided: readonly Candidate[], lines: readonly string[], code: ReadonlySet<number>): number {
  if (decided[0]!.verdicts[0] !== 'APPROVE' || decided[0]!.final) return -1;
  const done = decided.filter((c) => SAYS_DONE.test(plain(lines[c.tokenIndex ?? c.index]!).toUpperCase()));
  const last = done.at(-1);
  return openMustFix(lines, code, last ? (last.tokenIndex ?? last.index) + 1 : 0);
}

/**
 * "- [ ] All three blockers fixed" in a sign-off checklist (held-out 21): an unticked item that is the claim and
 * nothing else is still to do. Not when anything answers it (two attacks: an aside "(fixed in 9c2d4e1)", "— yes",
 * an emoji, a line under it, ticked items nested in it) or when it is quoted (the author's list, confirmed by the
 * reviewer).
 */
function stillToDo(lines: readonly string[], i: number, text: string): boolean {
  const line = lines[i]!;
  if (!/^\s*(?:[-+*]|\d+[.)])\s+\[ \]\s/.test(line) || /[^\p{L}\p{N}\p{P}\p{Z}`*_~[\]<>|+=^$-]/u.test(line))
    return false;
  const claim = ALL_RESOLVED.exec(text);
  if (!claim || !/^[\s.!;]*$/.test(text.slice(claim.index + claim[0].length))) return false;
  // the next line goes on under it (indented deeper): an answer or nested items
  const indent = /^\s*/.exec(line)![0].length;
  const next = lines[i + 1] ?? '';
  return !next.trim() || /^\s*/.exec(next)![0].length <= indent;
}

/**
 * The first line after the verdict (0-based) that says otherwise, or -1: after an approval, one that still asks
 * for work before the merge or the next phase, holds the merge ("hold off until …"), or a key that says changes are
 * still required; after a request for changes, one that says they are all made.
 */
export function laterLine(lines: readonly string[], code: ReadonlySet<number>, from: number, verdict: Verdict): number {
  const says = verdict === 'APPROVE' ? BEFORE_MERGE : verdict === 'CHANGES_REQUESTED' ? ALL_RESOLVED : null;
  for (let i = from + 1; says && i < lines.length; i++) {
    const text = plain(lines[i]!).toUpperCase();
    if (verdict === 'CHANGES_REQUESTED' && stillToDo(lines, i, text)) continue;
    const still =
      verdict === 'APPROVE' &&
      (REQUIRED_KEY.test(text) || CJK_FIX_THEN_MERGE.test(text) || BEFORE_MERGE_OTHER.test(text) || holdsMerge(text));
    if (!code.has(i) && (says.test(text) || still)) return i;
  }
  return -1;
}

/**
 * Why the lines that decide are held back by what stands around them, or null: an approval over a list of changes
 * it must still make, or the verdict of an earlier round whose later round gives none. `line` is 1-based.
 */
export function heldBack(
  decided: readonly Candidate[],
  lines: readonly string[],
  code: ReadonlySet<number>,
  line: (index: number) => number,
): string | null {
  const last = line(decided.at(-1)!.index);
  const open = openUnderApproval(decided, lines, code);
  if (open >= 0)
    return `the approval at line ${last} is conditional: line ${line(open)} lists changes it must still make`;
  const round = laterRoundHeading(lines, decided);
  if (round >= 0)
    return `line ${last} gives an earlier round's verdict: the later round at line ${line(round)} gives none`;
  const other = roundListed(lines, code, decided);
  if (other)
    return (
      `line ${last} gives ${decided.at(-1)!.verdicts[0]}, but line ${line(other.index)} records a round that gave ` +
      `${other.verdict}: rounds that disagree give no suggestion (keep one verdict, the final one, in the body)`
    );
  return null;
}

/**
 * A list item or table row that records a round's verdict ("- Pass-2 (noon, \"NO-GO\") — …", "- Round 1: REQUEST
 * CHANGES", "- R2: approve", "- Second pass: LGTM", "- **Round 2** → APPROVE", "| 2 | `8a9b0c1` | APPROVE — … |"): a
 * numbered or ordinal round, pass, cycle or iteration, with a verdict token right after its label, in a cell, quoted,
 * or after a colon, not the decided one (held-out 23 and attack 24). Two rounds that disagree give no suggestion
 * (issue 18); this rule only withholds.
 */
function roundListed(
  lines: readonly string[],
  code: ReadonlySet<number>,
  decided: readonly Candidate[],
): { index: number; verdict: string } | null {
  const verdict = decided.at(-1)!.verdicts[0];
  const table = roundTable(lines);
  for (let i = 0; i < lines.length; i++) {
    if (code.has(i)) continue;
    const values = LIST_ITEM.test(lines[i]!) ? roundValues(plain(lines[i]!)) : table(i);
    for (const v of values) {
      const lead = leadingVerdict(v);
      const said = lead?.verdict === 'conditional' ? 'APPROVE' : lead?.verdict;
      if (lead && said !== verdict && (TOKEN_TAIL.test(lead.rest) || /^\s*[:：]/.test(lead.rest)))
        return { index: i, verdict: said! };
    }
  }
  return null;
}

const ROUND_LABEL =
  /^(?:(?:ROUND|CYCLE|ITERATION|PASS|R)[\s#-]*\d+\b|(?:FIRST|SECOND|THIRD|FOURTH|FINAL|LAST)\s+(?:ROUND|PASS|CYCLE|ITERATION|REVIEW)\b)/i;

/** The texts a round's list item may give its verdict in: after its label, quoted, after a colon. */
function roundValues(text: string): string[] {
  const label = ROUND_LABEL.exec(text);
  if (!label) return [];
  const after = text.slice(label[0].length).replace(/^[\s)(:：\-—–→>=]+/, '');
  const quoted = [...text.matchAll(/["“'‘]([^"”'’]{1,30})["”'’]/g)].map((m) => m[1]!);
  const colon = /^[^:：]{1,30}[:：]\s*(.*)$/u.exec(text);
  return [after, ...quoted, ...(colon ? [colon[1]!] : [])];
}

/** A table whose header's first cell names a round ("| Round | Commit | Result |"): each row's cells after it. */
function roundTable(lines: readonly string[]): (i: number) => string[] {
  const cells = (l: string) =>
    l
      .trim()
      .replace(/^\|/, '')
      .replace(/\|\s*$/, '')
      .split('|')
      .map((c) => plain(c));
  return (i) => {
    if (!/^\s*\|/.test(lines[i]!) || /^\s*\|?\s*:?-{3,}/.test(lines[i]!)) return [];
    let h = i;
    while (h > 0 && /^\s*\|/.test(lines[h - 1]!)) h--;
    if (h === i || !/^(?:ROUND|CYCLE|ITERATION|PASS)$/i.test(cells(lines[h]!)[0] ?? '')) return [];
    return cells(lines[i]!).slice(1);
  };
}

/** The round a heading names ("## Round 2", "### Cycle 3 — re-review"), or null. */
const roundOf = (line: string): number | null => {
  const m = /^\s*#{1,6}\s.*?\b(?:ROUND|CYCLE|ITERATION|PASS)\s*#?(\d+)\b/i.exec(line);
  return m ? Number(m[1]) : null;
};

/**
 * A later round's heading after every verdict, when they all sit under an earlier round's ("## Round 1" /
 * "**Verdict:** APPROVE" / "## Round 2" and prose only): its line (0-based), else -1. The verdict is the earlier
 * round's, and the later round gives none.
 */
function laterRoundHeading(lines: readonly string[], decided: readonly Candidate[]): number {
  const last = Math.max(...decided.map((c) => c.tokenIndex ?? c.index));
  let under: number | null = null;
  for (let k = last; k >= 0 && under === null; k--) if (/^\s*#{1,6}\s/.test(lines[k]!)) under = roundOf(lines[k]!);
  if (under === null) return -1;
  for (let k = last + 1; k < lines.length; k++) if ((roundOf(lines[k]!) ?? 0) > under) return k;
  return -1;
}
