// What the lines around a verdict say — pure, part of "did you mean" (core/intent.ts): an approval
// over a list of changes it must still make (a must-fix, blocking or critical list not stated empty
// or done), a later line that still asks for work before the merge or the next phase, or holds the
// merge, or says the changes asked for are made, and the verdict of an earlier round whose later
// round gives none.
import type { Verdict } from './grammar.js';
import { nextLine, type Candidate } from './intent-candidate.js';
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
 * A heading (or bold or colon label) that opens a list of changes the author must still make; a P0 item, or what is
 * to be done before the release or the merge ("### 🔴 P0 — Before any release": held-out 22) too; not "Required Before
 * Production" under an approval of the change (a deployment's gate: held-out's h16).
 */
const MUST_FIX = new RegExp(
  // "### Action required" (attack 37)
  String.raw`\b(MUST[\s-]?FIX(?:ES)?|REQUIRED\s+(?:FIXES|CHANGES|ACTIONS)|ACTION\s+REQUIRED(?!\s*:)|BLOCKERS?|` +
    String.raw`FIX(?:ES)?\s+IMMEDIATELY|` +
    String.raw`(?:BLOCKING|CRITICAL)\s+(?:ISSUES?|CONCERNS?|FINDINGS?|CHANGES|FIXES|BUGS?|PROBLEMS?)|P0|` +
    String.raw`BEFORE\s+(?:ANY\s+|THE\s+|A\s+)?(?:RELEASE|MERG(?:E|ING)))\b`,
);
/** What says such a list is empty or done: "None", "(none)", "0", "N/A", "No issues", "all resolved". */
const EMPTY = new RegExp(
  String.raw`(^|[\s(:])(NONE|N\/A|NOTHING|0|NO\s+\w+|ALL\s+(?:RESOLVED|FIXED|ADDRESSED))(\)|\s|$|[.,:;])` +
    // in other languages only as the whole answer: "Critical Issues: **لا توجد**", not "Keine Eingabevalidierung …"
    String.raw`|[:：]\s*(?:KEINE|AUCUNE?|NINGUNA?|NENHUMA?|لا\s+(?:توجد|يوجد)|无|無|なし)[\s.)。]*$`,
);
/** A heading that says its list is closed: "(Now Resolved)", "✅ COMPLETED" at its end; not "not yet resolved". */
const CLOSED = /(?<!\b(?:NOT|YET|BE|STILL|TO)\s+)\b(?:NOW\s+)?(?:RESOLVED|FIXED|ADDRESSED|COMPLETED?|DONE)\)?\s*$/;

/**
 * The first must-fix heading from line `from` on whose list is not stated empty (0-based), or -1: an approval over it
 * is conditional.
 */
function openMustFix(lines: readonly string[], code: ReadonlySet<number>, from = 0): number {
  for (let i = from; i < lines.length; i++) {
    const line = lines[i]!;
    if (code.has(i) || line.length > 200) continue;
    const label = /^\s*(#|\*\*[^*]+\*\*\s*:?\s*$)|:\s*$/.test(line);
    const text = plain(line).toUpperCase();
    const rest = text.replace(MUST_FIX, '');
    // "No critical issues fixed yet" says the opposite of empty
    const empty = EMPTY.test(rest) && !/\b(?:YET|NOT|STILL)\b/.test(rest);
    if (!label || !MUST_FIX.test(text) || empty || CLOSED.test(rest)) continue;
    // "### No Blocking Issues (found)": the heading says there are none, once, and nothing after it
    const m = MUST_FIX.exec(text)!;
    const once = text.match(new RegExp(MUST_FIX.source, 'g'))!.length === 1;
    const after = text.slice(m.index + m[0].length);
    const none = /(?:^|\s)(?:NO|ZERO|(?<![\d.,])0)\s*$/.test(text.slice(0, m.index));
    if (none && once && /^[\s.!:)]*(?:(?:FOUND|IDENTIFIED|DETECTED)[\s.!:)]*)?$/.test(after)) continue;
    // the line under it says the list is empty ("None.", "- No issues found"), not a first item ("**No backoff**: …")
    const next = nextLine(lines, i);
    const under = next < lines.length ? plain(lines[next]!).toUpperCase() : '';
    const itemLabel = next < lines.length && /^\s*([-+*]|\d+[.)])\s+\*\*[^*]+\*\*\s*[:：—–-]/.test(lines[next]!);
    if (EMPTY.test(under.slice(0, 40)) && !itemLabel && !/^[^.]{0,40}[:：]\s*\S/.test(under)) continue;
    if (everyItemFixed(lines, code, i)) continue;
    return i;
  }
  return -1;
}

/** Marked done at the end of its own item line: "#### 1. **Render mismatch** ✅ **FIXED**". */
const ITEM_DONE =
  /(?<!\b(?:NOT|YET|BE|STILL|TO|UN|AS|CLAIMED|PARTLY|PARTIALLY)\s+)\b(?:FIXED|RESOLVED|ADDRESSED)[\s.!)]*$/;
/**
 * A status mark, not prose ("easily fixed", "the delay is fixed"): a tick, the word in capitals or in bold, or after a
 * dash or in parentheses.
 */
const MARKED = new RegExp(
  String.raw`✅|\b(?:FIXED|RESOLVED|ADDRESSED)\b|\*\*(?:[Ff]ixed|[Rr]esolved|[Aa]ddressed)\*\*|` +
    String.raw`[—–-]\s*(?:[Ff]ixed|[Rr]esolved|[Aa]ddressed)\b|\((?:[Ff]ixed|[Rr]esolved|[Aa]ddressed)\)`,
);

/** Anything in the section that doubts it or opens something new: then its items are not all done. */
const DOUBT = new RegExp(
  String.raw`\?|N'T\b|N’T\b|\b(?:NOT|NO|NONE|STILL|YET|REVERT\w*|REOPEN\w*|CLAIM\w*|ATTEMPT\w*|NEW|REMAIN\w*|` +
    String.raw`OPEN|BUT|HOWEVER|PLEASE|AGAIN|PARTIAL\w*|EXCEPT|UNLESS|TODO|PENDING|BLOCK\w*|REGRESS\w*|` +
    String.raw`REPRODUC\w*|FAIL\w*|BROKEN|BREAKS?|UNVERIFIED|VERIFY|SHOULD|MUST)\b`,
);

/**
 * Does every item under the heading at `i` say it is fixed (or is a ticked box)? Its items are its sub-headings, or
 * else its list items, up to the next heading of its level or above; a heading with no items is not closed by this.
 */
function everyItemFixed(lines: readonly string[], code: ReadonlySet<number>, i: number): boolean {
  const level = /^\s*(#{1,6})\s/.exec(lines[i]!)?.[1]!.length;
  if (!level) return false;
  const section: string[] = [];
  for (let k = i + 1; k < lines.length; k++) {
    const h = /^\s*(#{1,6})\s/.exec(lines[k]!)?.[1]!.length;
    if (h !== undefined && h <= level) break;
    if (!code.has(k)) section.push(lines[k]!);
  }
  if (section.some((l) => DOUBT.test(plain(l).toUpperCase()))) return false;
  const subs = section.filter((l) => /^\s*#{1,6}\s/.test(l));
  const items = subs.length ? subs : section.filter((l) => /^\s*([-+*]|\d+[.)])\s/.test(l));
  // a ticked box is done too: "## Before merging" / "- [x] CI is green" (round 17's review)
  const ticked = (l: string) => /^\s*(?:[-+*]|\d+[.)])\s+\[[xX]\]\s/.test(l);
  return (
    items.length > 0 && items.every((l) => ticked(l) || (ITEM_DONE.test(plain(l).toUpperCase()) && MARKED.test(l)))
  );
}

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
