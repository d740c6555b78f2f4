// Where a line of a review body gives its verdict — pure, part of "did you mean" (core/intent.ts).
// A verdict is read only where a body gives one: after a verdict/decision/recommendation/status/result
// key (core/intent-key.ts; or in a two-cell key/value table row), in a ticked box, as a heading that
// is nothing but a verdict or the body's title heading that ends in its verdict, or as the closing
// line. A finding's heading, a checklist item and any
// other table cell are never read as the verdict. What a token is: core/intent-token.ts; what the
// words say: core/intent-words.ts; what a line yields: core/intent-candidate.ts.
import { candidate, following, nextLine, setAside, type Candidate, type Reader } from './intent-candidate.js';
import { saysMoreThanItsToken } from './intent-short.js';
import { keyedAt } from './intent-key.js';
import { BOX, HEADING, keysOf, NOT_PARAGRAPH, TOOL_RESULT } from './intent-key-words.js';
import { leadingVerdict, LIST_ITEM, NOT_GIVEN, offersAlternatives, plain, TOKEN_TAIL } from './intent-token.js';
import { UNNEGATED } from './intent-words.js';

/**
 * A paragraph of its own that is nothing but a verdict phrase ("Recommend Merge" between the criteria and a
 * closing sentence): not a heading, a list item or a quote, blank lines around it, nothing after the phrase.
 */
function standsAlone(lines: readonly string[], i: number, text: string): boolean {
  const blank = (k: number): boolean => k < 0 || k >= lines.length || !lines[k]!.trim();
  if (!blank(i - 1) || !blank(i + 1) || /^\s*(#|>|[-+*]\s|\d+[.)]\s)/.test(lines[i]!)) return false;
  const lead = leadingVerdict(text);
  return !!lead && lead.verdict !== 'conditional' && /^[\s.!]*$/.test(lead.rest) && text.split(/\s+/).length <= 4;
}

/**
 * An approval standing alone mid-body that what follows takes back: "LGTM." after "First pass over the diff:", then
 * "… That's data loss. We need a backfill step" (attack 37). It stays a candidate (a later verdict still conflicts
 * with it), as an approval on a condition: what follows it.
 */
function overturnedAfter(lines: readonly string[], i: number): string | undefined {
  const m = TAKEN_BACK.exec(plain(lines.slice(i + 1).join(' ')).toUpperCase());
  return m?.[0].trim().toLowerCase();
}

/** What, after an approval standing alone, finds a problem or asks for a change (not negated: "nothing here needs
 * to be fixed first", "no blocking concerns remain"). */
const TAKEN_BACK = new RegExp(
  `${UNNEGATED}\\b(?:(?:WE|YOU|IT|THIS)\\s+(?:STILL\\s+)?NEEDS?|NEEDS?\\s+TO\\s+BE|MUST\\s+BE|` +
    `HA(?:S|VE)\\s+TO\\s+BE|DATA\\s+LOSS|BUGS?|BROKEN|BREAKS|UNSAFE|REQUEST(?:ING)?\\s+CHANGES|` +
    `BLOCK(?:ING|ER|ERS|S)?|WITHDRAW\\w*|RETRACT\\w*|REVERT\\w*|NOT\\s+(?:SAFE|READY|OK(?:AY)?|MERGEABLE)|` +
    `BEFORE\\s+THIS\\s+(?:GOES\\s+IN|LANDS|MERGES|SHIPS|IS\\s+MERGED)|CHARGED\\s+TWICE)\\b`,
);

/** A heading that is nothing but a review's verdict: "## ✅ Approved", "### Changes requested". */
const HEADING_TOKEN = /^(?:APPROVED?|LGTM|CHANGES[ _-]?REQUESTED|REQUEST[ _-]?CHANGES)[\s.!]*$/;
/** What, in the paragraph under a verdict heading, says it is not given yet: "My plan is to approve this once …". */
const NOT_YET_GIVEN =
  // or that makes it conditional: "Except for the migration: … has to be reverted", "Modulo the missing index — that
  // one needs to go into this PR" (attack 37; not "needs to": "nothing here needs to change before merge")
  /\b(?:ONCE|IF|WHEN|UNTIL|AFTER|PENDING|BUT|HOWEVER|PLAN|WILL|NOT\s+YET|EXCEPT|MODULO|APART\s+FROM|SAVE\s+FOR|OTHER\s+THAN|WITH\s+THE\s+EXCEPTION|BARRING|IN\s+PRINCIPLE|THOUGH|ALTHOUGH)\b/;

/**
 * A heading that is nothing but a review's verdict, read like the closing line: it opens the body's last section
 * of its level ("## ✅ Approved" with only ### sections after it), over a paragraph that does not defer it. A
 * heading over a list ("## Approved" / "- the schema") titles items, not the review.
 */
function verdictHeading(r: Reader, i: number, text: string): Candidate | null {
  const level = HEADING.exec(r.lines[i]!)?.[1]?.length;
  if (!level || !HEADING_TOKEN.test(text.toUpperCase())) return null;
  if (r.lines.slice(i + 1).some((l) => (HEADING.exec(l)?.[1]?.length ?? 7) <= level)) return null;
  const j = nextLine(r.lines, i);
  const next = r.lines[j] ?? '';
  if (NOT_PARAGRAPH.test(next) || NOT_YET_GIVEN.test(plain(next).toUpperCase())) return null;
  return candidate(i, leadingVerdict(text)!.verdict, 'bare', false, false, undefined, '');
}

/** A title that names a review, a re-check or an audit: "Gate 2 round 2 — re-check at 7c41d9e", "Security review". */
const REVIEW_TITLE = /\b(?:RE-?)?(?:REVIEW|CHECK|AUDIT)\b/;

/** A title for someone else's or an earlier review: "Re: …", "@dana's review", "Previous review", "Self-review". */
const NOT_THIS_TITLE =
  /^\s*RE\b|@|['’]S\b|\b(?:PREVIOUS|PRIOR|EARLIER|INITIAL|FIRST|OLD|SELF-?REVIEW|FEEDBACK|(?:BASE|PARENT|UPSTREAM|OTHER)\s+PR)\b/;

/**
 * The body's title heading that ends in its verdict: "## Gate 2 round 2 — re-check at `7c41d9e`: APPROVE",
 * "# Security review: REQUEST CHANGES" (held-out 26). The title names this review (not someone else's, an earlier
 * one, or another PR's) and the token, after a colon or a dash, ends it (decoration aside; never a tool's or a
 * finding's result, nor INCOMPLETE or NOT …). It speaks for the body only when nothing after it can: no heading of
 * its level or above (parts or rounds), no update or follow-up, no verdict key, read or not, no paragraph under it
 * that defers it, and any other verdict after it outranks it (an attack on held-out 26's rules, attack 27).
 */
function titleVerdict(r: Reader, i: number, text: string): Candidate | null {
  if (r.lines.slice(0, i).some((l) => l.trim())) return null;
  const m = /^(.*?)(?:[:：]|\s[—–-])\s*([^:：—–]*)$/.exec(text);
  const title = m?.[1]?.toUpperCase() ?? '';
  if (!m || !REVIEW_TITLE.test(title) || NOT_THIS_TITLE.test(title)) return null;
  const lead = leadingVerdict(m[2]!);
  if (!lead || TOOL_RESULT.test(lead.token) || /^(?:INCOMPLETE|NOT)/.test(lead.token) || !/^[\s.!]*$/.test(lead.rest))
    return null;
  const level = HEADING.exec(r.lines[i]!)![1]!.length;
  const after = r.lines.slice(i + 1);
  if (after.some((l) => (HEADING.exec(l)?.[1]?.length ?? 7) <= level)) return null;
  if (after.some((l) => /^\s*[*_#>\s-]*(?:UPDATE|EDIT|FOLLOW-?UP)\b/i.test(l))) return null;
  if (after.some((l) => keysOf(plain(l).toUpperCase()).some((k) => k.strong && k.at <= 2))) return null;
  const under = following(r, i);
  if (NOT_YET_GIVEN.test(under)) return null;
  // and any verdict the body gives after it outranks it, as a part's ("**NEEDS WORK**" closing a drafted title)
  return { ...candidate(i, lead.verdict, 'keyed', false, false, undefined, lead.rest, under), part: true };
}

/**
 * A two-cell table row whose first cell is only a review's verdict key, read as "key: value": a strong key or
 * "Recommendation" ("审查结论", a review's conclusion, too), never "Status" or "Result" (a package's, a build's, a
 * finding's), never a header row or a quoted row, and never a tool's or a finding's PASS, FAIL, ACCEPT or REJECT.
 */
function keyValueRow(r: Reader, i: number): Candidate | null {
  const line = r.lines[i]!;
  const cells = line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|\s*$/, '')
    .split('|');
  if (/^\s*>/.test(line) || cells.length !== 2 || /^\s*\|?\s*:?-{3,}/.test(r.lines[i + 1] ?? '')) return null;
  const key = plain(cells[0]!).toUpperCase();
  const [k, ...more] = keysOf(key);
  if (!k || more.length || k.end !== key.length || !(k.strong || k.name === 'RECOMMENDATION')) return null;
  if (!/^(?:审查|审核|评审|審查|審核|評審|レビュー|最终|最終|综合|総合|总体|總體)?$/u.test(key.slice(0, k.at)))
    return null;
  const c = keyedAt(r, i, `${plain(cells[0]!)}: ${plain(cells[1]!)}`);
  return c && !TOOL_RESULT.test(c.token ?? '') ? c : null;
}

/** A ticked sign-off of someone else's: "[x] Approved (security team, SEC-1432)", "[x] LGTM (docs team)" (attack
 * 37). */
const SIGNED_BY_OTHERS =
  /^\s*(?:[(—–,-]|:)\s*[^)]*?(?:@|\b(?:TEAM|SECURITY|DESIGN|DOCS?|QA|LEGAL|PM|PRODUCT|UX|SRE|OPS|ARCH\w*|DBA|COMPLIANCE|INFRA|PLATFORM|FINANCE|OWNER|LEAD|MANAGER|DATABASE|SIGN(?:ED)?[\s-]?OFF)\b)/;

/** A line that states a verdict: keyed, a ticked box, a verdict or title heading, or the closing line (or a paragraph
 * of its own) as a token. */
export function candidateAt(r: Reader, i: number): Candidate | null {
  const line = r.lines[i]!;
  // bounded work, and a verdict's tail read whole: on a longer line the token opens a paragraph whose end may take it
  // back, scope it or hold it ("… later: all fixed, approve", "… P.S. wrong commit"); read up to 2,000 characters for
  // held-out 43, attack 36 got 17 of 59 bodies wrong through such lines, and it was taken out
  if (line.length > 400) return null;
  // a table row is no verdict, except a key and its value: "| **Recommendation** | 💬 **COMMENT** |"
  if (/^\s*(>\s*)*\|/.test(line)) return keyValueRow(r, i);
  const text = plain(line);
  if (!text) return null;
  // a long line gives a verdict only after a key ("**Recommendation:** REQUEST CHANGES — <a long reason>": held-out 20)
  if (text.length > 200) return keyedAt(r, i, text);
  const box = BOX.exec(text);
  if (box) {
    const lead = leadingVerdict(text.slice(box.index + box[0].length));
    // "[x] Approve" is a choice; "[x] Rejected items have a reason" is a checklist item
    if (!lead || box.index > 40 || !TOKEN_TAIL.test(lead.rest)) return null;
    if (lead.verdict !== 'CHANGES_REQUESTED' && SIGNED_BY_OTHERS.test(lead.rest))
      return setAside(r, i, "another team's sign-off");
    return candidate(i, lead.verdict, 'boxed', box[1] === ' ', false, undefined, lead.rest);
  }
  const keyed = keyedAt(r, i, text);
  if (!keyed && HEADING.test(line)) return titleVerdict(r, i, text) ?? verdictHeading(r, i, text);
  if (keyed || (i !== r.closing && !standsAlone(r.lines, i, text))) return keyed;
  // a comment of a few lines that says more around its token: the short reader's (core/intent-short.ts)
  if (saysMoreThanItsToken(r.lines, i)) return null;
  // the closing line standing as a token (decoration, list marks and emoji aside); a numbered
  // heading ("## 6. ACCEPTED — …") is a finding's triage, not the review's verdict
  if (/^\s*#+\s*\d+[.)]/.test(line)) return null;
  if (/^\s*>/.test(line)) return null; // a quote is someone else's words ("> LGTM — @alice")
  const lead = leadingVerdict(text);
  // "Comment: nice work", "BLOCKING: the guard" — a label before text, not a verdict
  if (!lead || !TOKEN_TAIL.test(lead.rest) || /^\s*:\s*\S/.test(lead.rest) || NOT_GIVEN.test(lead.rest)) return null;
  if (lead.token === 'SHIP') return null; // "Ship." alone says nothing of this review
  // "3. Merge", "- Merge" closing a list of next steps is a step, not the verdict (attacks 22 and 23)
  if (LIST_ITEM.test(line) && /^MERGE/.test(lead.token)) return null;
  const c = candidate(i, lead.verdict, 'bare', offersAlternatives(text.toUpperCase()), false, undefined, lead.rest);
  const back = i !== r.closing && lead.verdict === 'APPROVE' ? overturnedAfter(r.lines, i) : undefined;
  return back ? { ...c, condition: c.condition ?? back } : c;
}
