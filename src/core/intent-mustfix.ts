// Must-fix lists — pure, part of "did you mean" (core/intent.ts): a heading that opens a list of changes the author
// must still make (must-fix, blocking, critical, P0, before the merge), unless the list is stated empty, every item
// in it is marked fixed. intent-around.ts holds an approval back over such a list. (A section closed by a table fixed
// on every row, or by a key saying all are resolved, was read on 2026-12-03 and taken out after attacks 41–43 got 44
// bodies wrong through it — 24 in attack 43 alone: its other columns, its cells' meaning, the sections beside it.)
import { nextLine } from './intent-candidate.js';
import { plain } from './intent-token.js';

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
export function openMustFix(lines: readonly string[], code: ReadonlySet<number>, from = 0): number {
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
