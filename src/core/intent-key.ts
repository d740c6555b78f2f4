// Where a key gives a review's verdict — pure, part of "did you mean" (core/intent.ts): the verdict keys
// (strong ones give the review's verdict, weak ones may describe one item), "Key: value" on its line, a key
// heading whose token stands on the next line (or a "Key: value" under it), and the list under such a
// heading that names a second verdict. Every other form a line gives a verdict in: core/intent-line.ts.
import { skeleton, type Verdict } from './grammar.js';
import {
  candidate,
  following,
  nextLine,
  noteUnrecognised,
  setAside,
  type Candidate,
  type Reader,
} from './intent-candidate.js';
import {
  escapeRe,
  leadingVerdict,
  LIST_ITEM,
  NOT_GIVEN,
  offersAlternatives,
  plain,
  setOff,
  TOKEN_TAIL,
  unescapeU,
} from './intent-token.js';
import { proseVerdict, type Reading } from './intent-words.js';

/** Keys a verdict is introduced by: strong ones give the review's verdict, weak ones may describe one item. */
const FINAL = String.raw`FINAL|UPDATED|REVISED|CURRENT|ROUND\s*\d+|RE-?REVIEW`;
const STRONG = String.raw`VERDICT|DECISION|VEREDICTO|DECISI[OÓ]N|DECIS[AÃ]O|D[EÉ]CISION|ENTSCHEIDUNG|URTEIL`;
const WEAK =
  String.raw`RECOMMENDATION|RECOMENDACI[OÓ]N|EMPFEHLUNG|OUTCOME|RESULT|STATUS|ESTADO|OVERALL\s+ASSESSMENT|` +
  String.raw`CONCLUSION|FAZIT|SCORE|OVERALL\s+CALL|RECOMMENDED\s+ACTION|الحالة`;
export const STRONG_KEY = new RegExp(String.raw`^(?:${STRONG}|\p{Script=Han}+)$`, 'u');
const KEY = new RegExp(String.raw`(?<![A-Z0-9_])(?:(${FINAL})\s+)?(?:(${STRONG})|(${WEAK}))(?![A-Z0-9_])`, 'g');
/** The same in Chinese and Japanese (no word boundaries there). */
const CJK_KEY =
  /(?:结论|結論|建议|建議|推荐|推薦|决定|決定|决策|決策|判定|审查结果|審査結果|审查意见|審查意見|推奨|総合評価|综合评价|总体评价|總體評價)\p{Script=Han}{0,3}/gu;
/** What may stand before a key that opens its line: decoration, a heading or list mark, a bracket. */
export const OPENS = /^[\s#>*_\-+\d.)[\]]*$/;
/** A weak key qualified by a tool or a check ("Build status", "CI result", "Test outcome"). */
const OF_A_TOOL =
  // or of a document, a ticket or another team's sign-off: "Design doc status: Approved", "The ticket status is
  // APPROVED" (attack 37)
  /\b(?:BUILD|CI|CD|TESTS?|PIPELINE|CHECKS?|DEPLOY(?:MENT)?|LINT(?:ER)?|COVERAGE|SCAN|JOB|WORKFLOW|DOC(?:UMENT)?S?|DESIGN|TICKET|ISSUE|RFC|ADR|TASK|STORY|EPIC|BUDGET|LEGAL|QA|PM|PRODUCT|COMPLIANCE|CANARY|ROLLOUT|PR\s*\(?\s*#?\d+\s*\)?)\s*$/;
/** Words that date a pass of a review before this one ("previous", "initial", "yesterday's"); with a pass word,
 * "first", "1st" and "last" too. Shared with intent-doubts.ts, which reads them in a section's title. */
export const EARLIER = String.raw`PREVIOUS|PRIOR|EARLIER|OLD|ORIGINAL|INITIAL|YESTERDAY'?S?`;
/** A pass of a review: "first-pass", "last review's", "prior-round". */
export const PASS_WORDS = String.raw`PASS|ROUND|REVIEW|LOOK|CYCLE|ITERATION|ATTEMPT`;
const PASS = String.raw`[\s-]+(?:${PASS_WORDS})(?:'?S)?`;
/**
 * "Previous verdict: …", "First-pass verdict: …" (held-out 38), "Initial-pass", "1st-pass", "Pre-rebase",
 * "Before-fixes", "Yesterday's", "Original review", "Earlier review's", "Last review's", "v1" (attack 32) report
 * history, not this review's decision. Not "Pre-merge verdict" (the verdict before the merge, this one), nor
 * "Round 1 verdict" (a persona's first round is its current verdict; a later round after it: earlierRound).
 */
const HISTORY = new RegExp(
  String.raw`\b(?:(?:${EARLIER})(?:${PASS})?|` +
    String.raw`(?:FIRST|1ST|LAST)${PASS}|(?:PRE|BEFORE)[\s-]+(?:REBASE|FIX(?:ES)?|PUSH|UPDATE|CHANGES?)|V1)\s*$`,
);
/** "Stage 1 verdict: PASS", "Part 2 status": one part of the review, outranked by any verdict after it. */
const PART = /\b(?:STAGE|STEP|PART|SECTION)\s*\d+\s*$/;
/** "Status da Revisão:", "Status of the review:", "Estado de la revisión:": a key said of the review. */
const OF_THE_REVIEW =
  /^\s*(?:OF\s+THE|OF|DA|DO|DE\s+LA|DEL|DE|DER|DES|DU)\s+(?:REVIEW|REVIS[ÃA]O|REVISI[OÓ]N|REVISION)\s*[:：]\s*/;
/** A pull request's metadata after a value on its line ("| Author: @x", "· Files: 14"): the line is the PR's state. */
const PR_METADATA =
  /[|·•,;]\s*(?:AUTHOR|FILES(?:\s+CHANGED)?|COMMENTS|COMMITS|BRANCH|BASE|CREATED|UPDATED|MERGED|LABELS|REVIEWERS|ADDITIONS|DELETIONS)\s*[:：]/;
/** Tokens that are a tool's, a rubric's or a finding's result rather than a review's verdict (narrow readings). */
export const TOOL_RESULT = /^(?:PASS|FAIL|BLOCK|CLEA|GO|MERGE|ACCEPT|REJECT|SHIP)/;
/** A "Recommended action" verdict: "DO NOT MERGE"; not "**Block** requests …", "FAIL FAST", "Merge — keep one". */
const ACTION_VERDICT = /^(?:DO NOT|APPROV|REQUEST|CHANGES|LGTM)/;
/** A Markdown heading; its level is the length of the first group. */
export const HEADING = /^\s*(#{1,6})\s/;
/** A line that opens no plain paragraph: a heading, a quote, a table row, a list item. */
export const NOT_PARAGRAPH = /^\s*(#|>|\||[-+*]\s|\d+[.)]\s)/;
const ARABIC = /\p{Script=Arabic}/u;
/** A key given for one file or someone else: "\`utils.ts\` verdict: …", "@codebot's verdict: …". */
const NOT_THIS_REVIEWS =
  // … or by one of several sub-reviewers this body reports: "Security persona verdict: APPROVE" (attack 37)
  // or the author's self-review, or a named reviewer's ("Security Reviewer verdict:"; not "Final reviewer verdict")
  /(?:\b[\w/.-]+\.[A-Z]{1,5}|@[\w-]+['’]S|\b[A-Z][\w-]*\s+(?:PERSONA|AGENT|BOT|LENS|LANE|SUB-?REVIEWER)['’]?S?|\bSELF-?REVIEW|\b(?:DOCS?|DOCUMENTATION|README|FRONT-?END|BACK-?END|UI|UX|INFRA)|\b(?!MY\b|OUR\b|THIS\b|ITS\b|THE\b|REVIEWER['’]S\b|TODAY['’]S\b|PR['’]S\b|PANEL['’]S\b)[A-Z][\w-]*['’]S|\b(?!FINAL\b|LEAD\b|MY\b|OUR\b|THIS\b|OVERALL\b|PANEL\b|CODE\b|PR\b)[A-Z][\w-]*\s+REVIEWER['’]?S?)\s*$/;
/** "## Urteil des Reviewers", "## Verdict of the review panel": a verdict heading said of whom gives it. */
const OF_THE_REVIEWER =
  /^\s*(?:OF|FROM|BY|DES|DER|VON|DU|DE|DEL|DA|DO)\s+(?:THE\s+|LA\s+|EL\s+)?(?:REVIEW\w*|PANEL|COUNCIL|BOARD|COMMITTEE|TEAM|AUDITOR\w*|GUTACHTER\w*|PR[UÜ]FER\w*|RELECTEUR\w*|REVISOR\w*)(?:\s+(?:PANEL|TEAM|BOARD))?\s*$/;
export const BOX = /\[( |x|X)\]/;

/** The verdict keys on a line, in order: where each ends, and whether it is strong or final. */
interface Key {
  at: number;
  end: number;
  strong: boolean;
  final: boolean;
  name: string;
}

export function keysOf(upper: string): Key[] {
  const out: Key[] = [];
  for (const m of upper.matchAll(KEY)) {
    const name = (m[2] ?? m[3] ?? '').replace(/\s+/g, ' ');
    out.push({ at: m.index, end: m.index + m[0].length, strong: !!m[2], final: !!m[1], name });
  }
  for (const m of upper.matchAll(CJK_KEY))
    out.push({ at: m.index, end: m.index + m[0].length, strong: true, final: false, name: m[0] });
  return out.sort((a, b) => a.at - b.at);
}

/** A line that gives a verdict after a key ("Verdict: X", "the verdict is X"), or a key heading. */
export function keyedAt(r: Reader, i: number, text: string): Candidate | null {
  const upper = text.toUpperCase();
  const raw = skeleton(unescapeU(r.lines[i]!));
  for (const key of keysOf(upper)) {
    const before = upper.slice(0, key.at);
    if (HISTORY.test(before) || earlierRound(r.lines, i, upper.slice(0, key.end))) {
      r.history.push(i);
      return null;
    }
    if (NOT_THIS_REVIEWS.test(before)) {
      if (leadingVerdict(upper.slice(key.end).replace(/^[\s:：=()\-—–]*/, '')))
        setAside(r, i, "another reviewer's or a part's");
      continue;
    }
    if (inCode(raw, upper, key)) continue;
    const c = readKey(r, i, upper, raw, key);
    if (c === STOP) return null;
    if (c) return PART.test(before) ? { ...c, part: true } : c;
  }
  return null;
}

/** Code syntax in a code span: an assignment, a call, a string, a block ("`DECISION=\"REQUEST_CHANGES\"`"). */
const CODE_SYNTAX = /[=(){}"$;<>]|->/;

/**
 * The key is written inside a code span that holds code (`DECISION="REQUEST_CHANGES"`, held-out 40): code quoted in
 * prose, not the review's key. A span that holds the verdict as words ("`## VERDICT: REQUEST_CHANGES`", "**Verdict:**
 * `APPROVE`", "`VERDICT:` APPROVE") is the verdict written as code, and read (attack 34).
 */
function inCode(raw: string, upper: string, key: Key): boolean {
  if (!raw.includes('`')) return false;
  const mask = (m: string) => (CODE_SYNTAX.test(m) ? `\`${'\u2591'.repeat(m.length - 2)}\`` : m);
  const masked = plain(raw.replace(/`[^`]*`/g, mask)).toUpperCase();
  if (masked.length === upper.length) return masked.slice(key.at, key.end) !== upper.slice(key.at, key.end);
  const outside = plain(raw.replace(/`[^`]*`/g, (m) => (CODE_SYNTAX.test(m) ? ' ' : m))).toUpperCase();
  return !keysOf(outside).some((k) => k.name === key.name);
}

/** What a verdict token names when it is used as a noun: "`CHANGES_REQUESTED` reviews", "`APPROVE` events". */
const NAMED = new RegExp(
  '^(?:REVIEWS?|EVENTS?|STATES?|STATUS(?:ES)?|LABELS?|VERDICTS?|DECISIONS?|TOKENS?|VALUES?|OUTCOMES?|' +
    'RESULTS?|LINES?|ENTRY|ENTRIES|CASES?|PATHS?|BRANCH(?:ES)?|FIELDS?|KEYS?|STRINGS?|TYPES?|HANDLERS?|COMMENTS?|' +
    'CHECKS?|RUNS?|MODES?|FLAGS?|ENUMS?|CONSTANTS?|ACTIONS?|OPTIONS?)$',
);

/** The token, in any case, as a pattern: its spaces may be written as "_" or "-". */
const anyCase = (token: string): string =>
  [...token]
    .map((ch) => (/[A-Z]/.test(ch) ? `[${ch}${ch.toLowerCase()}]` : /\s/.test(ch) ? '[\\s_-]+' : escapeRe(ch)))
    .join('');

/**
 * The verdict token in a code span is used as a noun (held-out 40; attack 34): "Decision: `CHANGES_REQUESTED`
 * reviews from advisory bots …", "``VERDICT: APPROVE`` lines are accepted anywhere", under a verdict heading
 * "`APPROVE` reviews from the bot account do not count". Not "`REQUEST_CHANGES` due to …" (a reason follows).
 */
export function named(raw: string, token: string): boolean {
  // the token's first occurrence on the line is the one read: "Request changes until `request_changes` events …"
  const first = new RegExp(anyCase(token), 'u').exec(raw);
  if (!first || !/`[^`]*$/.test(raw.slice(0, first.index))) return false;
  const noun = /^\s*`+\s+([\p{L}-]+)/u.exec(raw.slice(first.index + first[0].length))?.[1];
  return !!noun && NAMED.test(noun.toUpperCase());
}

const STOP = 'stop';
/** A program's run state, written as code: not a review's verdict. */
const RUN_STATE = /^(?:blocked|pending|running|waiting|queued|in[_-]progress|skipped|errored|error|done|completed?)$/;
/** Words that, in the sentence a set-off approval opens, take it back or narrow it. */
const SCOPED_SENTENCE = /\b(?:NOT|NEEDS?|ONLY|EXCEPT|BUT|HOWEVER|PATH|PART|DIRECTION|IDEA|APPROACH|CONCEPT)\b|N['’]T\b/;
/** "Still" before a verdict key's token, in the languages the keys are read in. */
const STILL = /^\s*[*_]*(?:STILL|TODAV[IÍ]A|A[UÚ]N|AINDA|NOCH|TOUJOURS|IMMER\s+NOCH)[*_]*\s+/;

/** "Cycle 1 result: …" in a body that goes on to a cycle 2: the verdict of an earlier round, not the review's. */
function earlierRound(lines: readonly string[], i: number, keyText: string): boolean {
  const round = [...keyText.matchAll(/\b(CYCLE|ROUND|ITERATION|PASS)\s*#?(\d+)\b/g)].at(-1);
  if (!round) return false;
  // the later round opens its line ("### Cycle 2", "Round 3:"), not "fails on cycle 3 of the loop"
  const later = new RegExp(`^\\s*${round[1]}\\s*#?(\\d+)\\b`);
  return lines.slice(i + 1).some((l) => Number(later.exec(plain(l).toUpperCase())?.[1] ?? 0) > Number(round[2]));
}

/** The verdict one key gives on line i, null to try the line's next key, STOP when the line gives none. */
function readKey(r: Reader, i: number, upper: string, raw: string, key: Key): Candidate | null | typeof STOP {
  const afterKey = upper.slice(key.end);
  // "> **Status**: APPROVED | **Author**: @tmarlow | **Files**: 14": the pull request's state in its metadata
  if (!key.strong && PR_METADATA.test(afterKey)) return STOP;
  const explicit = /^\s*(\([^)]*\)\s*)?(:|：|=|IS\b)/.test(afterKey) || OF_THE_REVIEW.test(afterKey);
  const opens = OPENS.test(upper.slice(0, key.at));
  const score = key.name === 'SCORE';
  if (key.at >= 20 && !explicit) return null;
  // "Build status: ready for deployment", "CI status: passed": the state of a tool, not the review's verdict
  if (!key.strong && OF_A_TOOL.test(upper.slice(0, key.at)))
    return leadingVerdict(afterKey.replace(/^[\s:：=()\-—–]*/, ''))
      ? setAside(r, i, "a tool's or another party's")
      : null;
  // "## Urteil des Reviewers": the token on the next line, standing as a token in a paragraph of its own
  if (key.strong && opens && HEADING.test(r.lines[i]!) && OF_THE_REVIEWER.test(afterKey))
    return splitHeading(r, i, key, true) ?? STOP;
  // "## Verdict" alone on its line: the token is on the next non-blank line
  if (!/\p{L}/u.test(afterKey.replace(/[:：=—–-]/g, ''))) return score ? STOP : (splitHeading(r, i, key) ?? STOP);
  const sep = OF_THE_REVIEW.exec(afterKey) ?? /^\s*(\([^)]*\)\s*)?(?:[:：=—–-]|IS\b)?\s*/.exec(afterKey)!;
  // "Status: REVIEW COMPLETE - PRODUCTION READY": the review's own completion is not its verdict; what follows is
  const value = afterKey.slice(sep[0].length);
  const body = value.replace(/^(?:CODE\s+)?REVIEW\s+(?:IS\s+)?COMPLETED?\s*[-—–:/|]\s*/, '');
  // "Veredicto: TODAVÍA RECHAZADO.", "Verdict: still REQUEST CHANGES": the verdict stands, as it did (held-out 26) —
  // only where the token then ends the value or its sentence ("still APPROVED — by @dana, not by me": attack 27)
  const bare = leadingVerdict(body);
  const still = bare ? null : leadingVerdict(body.replace(STILL, ''));
  const lead = bare ?? (still && /^[\s.!]*$|^\s*[.!]\s/.test(still.rest) ? still : null);
  if (!lead) {
    // "Status: Critical issues found - fix required before production use": a verdict in the value's words
    const said = explicit && opens && !score && !LIST_ITEM.test(raw) ? proseVerdict(body) : undefined;
    if (said) return { ...candidate(i, said, 'keyed', false, key.final, undefined, body), key: key.name };
    if (explicit) noteUnrecognised(r, i, key.strong, body);
    return null;
  }
  // "Verdict: Ready to merge? No." asks, and answers otherwise
  if (NOT_GIVEN.test(lead.rest)) return setAside(r, i, "asked, taken back or someone else's");
  if (named(raw, lead.token)) return null;
  // "Outcome: `blocked`" in an agent's status report: a weak key's value written as a program's lower-case state, not
  // a review's verdict (held-out 45)
  // (a strong key's only when the word is a run's state: "**Decision:** `blocked` — waiting for credentials", attack
  // 38; "**Verdict:** `merge`" is a verdict, held-out 3)
  const lowerCode = /^[^:：=]*[:：=][*_\s]*`([a-z][a-z0-9_-]*)`/.exec(raw)?.[1];
  if (lowerCode && (!key.strong || RUN_STATE.test(lowerCode))) return setAside(r, i, "a program's state");
  // "**Accept** only `application/json`" (a finding's recommendation); "Approved (2 of 2 required)" (a PR's state)
  // "APPROVED — the PR already had @lena's approval" (an agent's report of someone else's): attack 39
  if (
    lead.verdict === 'APPROVE' &&
    /^\s*(?:ONLY\b|\(\s*\d+\s+OF\s+\d+)|@[\w-]+['’]S\s+(?:APPROVAL|REVIEW|LGTM)|\bALREADY\s+HAD\b/.test(lead.rest)
  )
    return setAside(r, i, 'scoped or counted');
  // a review bot's "**Score:** LGTM 👍" opens its line and names a review's verdict; "Lint score: FAIL" is a tool's;
  // so does what follows "REVIEW COMPLETE -", and an Arabic key's English value ("الحالة: … PRODUCTION READY")
  const narrow = score || body !== value || ARABIC.test(key.name);
  if (narrow && (!opens || key.final || TOOL_RESULT.test(lead.token) || !TOKEN_TAIL.test(lead.rest))) return null;
  // after "Review Complete -" a token, not a label ("Revise: a typo only") nor changes said to be made
  // ("CHANGES REQUESTED (all addressed in 3f9a1c2)")
  const made = lead.verdict === 'CHANGES_REQUESTED' && /\b(?:ADDRESSED|RESOLVED|FIXED)\b/.test(lead.rest);
  if (body !== value && (/^\s*[:：]/.test(lead.rest) || made)) return null;
  if (changedState(raw)) return null;
  if (ARABIC.test(body.slice(0, body.length - lead.rest.length - lead.token.length))) return null;
  // "Merge decision: BLOCKED — not on review content, on mechanics", "Merge status: CLEAR": the merge's state (a
  // conflict, CI), not the review's verdict; "Merge decision: DO NOT MERGE", "…: MERGE", "…: GO" still are
  // (held-out 28)
  if (/\bMERGE\s*$/.test(upper.slice(0, key.at)) && /^(?:PASS|FAIL|BLOCK|CLEA)/.test(lead.token)) return null;
  if (key.name === 'RECOMMENDED ACTION' && !ACTION_VERDICT.test(lead.token)) return null;
  // "**Decision**: SHIP" — a ship decision only as a strong key's whole value at the start of its line
  if (lead.token === 'SHIP' && !(key.strong && opens && /^[\s.!]*$/.test(lead.rest))) return null;
  // a weak key describes one item when it sits in a list, or when prose follows a plain word
  const standsAsToken = TOKEN_TAIL.test(lead.rest) || setOff(raw, lead.token);
  const item = !key.strong && LIST_ITEM.test(raw) && standsAsToken && !TOOL_RESULT.test(lead.token);
  if (item && !offersAlternatives(afterKey)) r.items.push(i);
  if (!key.strong && (LIST_ITEM.test(raw) || !standsAsToken)) return null;
  const offered = offersAlternatives(afterKey);
  const c = candidate(i, lead.verdict, 'keyed', offered, key.final, undefined, lead.rest, following(r, i));
  return { ...c, key: key.name, token: lead.token };
}

/**
 * A state that changed on the line: an arrow to a verdict ("APPROVED -> REVOKED", "REQUEST CHANGES → APPROVED").
 * An arrow elsewhere ("risk: medium → low", "parseConfig → loadConfig", "$this->pool") says nothing of the verdict.
 */
function changedState(raw: string): boolean {
  for (const m of raw.matchAll(/(?:→|(?<!-)->|=>|⇒|⟶)/g)) {
    const next = raw.slice(m.index + m[0].length).replace(/^[\s*_`]+/, '');
    if (leadingVerdict(next) || /^(?:REVOKED|WITHDRAWN|RETRACTED)\b/i.test(next)) return true;
  }
  return false;
}

/** "Status: Changes requested" under a "## Decision" heading: the key that opens the line, and its value. */
function innerKey(text: string): { key: Key; value: string; text: string } | null {
  const upper = text.toUpperCase();
  const key = keysOf(upper)[0];
  const sep = key && key.at <= 2 ? /^\s*[:：=]\s*/.exec(upper.slice(key.end)) : null;
  return key && sep ? { key, value: text.slice(key.end + sep[0].length), text } : null;
}

/**
 * "## Verdict" over "**Recommendation**: REVISE": the line is read as its own key reads it (a recommended action only
 * with an action, a weak key's token standing as one; final only when its own key says so, never from the heading),
 * and under its own key's name (so a
 * "Status" repeated under every item's heading stays an item status). The heading only sets it apart from the
 * labels of that name elsewhere, and names it: a value that is no token stays unread, not a verdict.
 */
function innerUnderHeading(r: Reader, i: number, j: number, inner: NonNullable<ReturnType<typeof innerKey>>) {
  const text = inner.text;
  const c = readKey(r, j, text.toUpperCase(), skeleton(unescapeU(r.lines[j]!)), inner.key);
  if (!c || c === STOP || TOOL_RESULT.test(c.token ?? '') || !TOKEN_TAIL.test(tailOf(text, c.token ?? ''))) return null;
  return { ...c, index: i, tokenIndex: j, underHeading: true };
}

/** What follows a token on its line (upper-cased), for the checks a token standing as one must pass. */
function tailOf(text: string, token: string): string {
  const upper = text.toUpperCase();
  const at = token ? upper.indexOf(token) : -1;
  return at < 0 ? upper : upper.slice(at + token.length);
}

/**
 * The token of a verdict heading, on its next non-blank line. A heading said of the reviewer is `strict`: its token
 * opens a paragraph (no heading, quote, list or table) and stands as a token ("REJECT was too harsh" does not).
 */
function splitHeading(r: Reader, i: number, key: Key, strict = false): Candidate | null {
  const j = nextLine(r.lines, i);
  if (j >= r.lines.length) return null;
  if (strict && NOT_PARAGRAPH.test(r.lines[j]!)) return null;
  // "## Decision" over a fenced block: code or an example, never a token ("```text" is no verdict word "TEXT");
  // reading the block's first line was tried (held-out 13's "REVIEW_OUTCOME = APPROVE") and broken by an attack
  if (/^\s*(```|~~~)/.test(r.lines[j]!)) return null;
  const next = plain(r.lines[j]!);
  const box = BOX.exec(next);
  const unboxed = box ? next.slice(box.index + box[0].length) : next;
  // "- Status: Changes requested" or "**Recommendation**: REVISE" under the heading: the value after a key that
  // opens the line is the token — read as that key would read it on its own line
  const inner = leadingVerdict(unboxed) ? null : innerKey(unboxed);
  if (inner && !LIST_ITEM.test(r.lines[j]!)) return innerUnderHeading(r, i, j, inner);
  const tokenText = inner ? inner.value : unboxed;
  const lead = leadingVerdict(tokenText);
  if (!lead) {
    noteUnrecognised(r, i, key.strong, tokenText.toUpperCase());
    return null;
  }
  const rest = lead.rest.replace(/[/|].*$/, '');
  if (NOT_GIVEN.test(rest) || (lead.token === 'SHIP' && !/^[\s.!]*$/.test(lead.rest))) return null;
  if (key.name === 'RECOMMENDED ACTION' && !ACTION_VERDICT.test(lead.token)) return null;
  if (named(skeleton(r.lines[j]!), lead.token)) return null;
  if (strict && (!TOKEN_TAIL.test(lead.rest) || /^\s*:\s*\S/.test(lead.rest))) return null;
  if (!TOKEN_TAIL.test(rest) && !setOff(skeleton(r.lines[j]!), lead.token)) return null;
  // a set-off token opening a sentence that takes it back or scopes it: "**Approve** the direction, **not** this
  // implementation", "**Approved** for the happy path; the error path needs work" (attack 37)
  if (lead.verdict === 'APPROVE' && !TOKEN_TAIL.test(rest) && SCOPED_SENTENCE.test(rest))
    return setAside(r, i, 'scoped in its sentence');
  const list = LIST_ITEM.test(r.lines[j]!) ? listDisagrees(r.lines, j, lead.verdict) : {};
  const offered = (box !== null && box[1] === ' ') || offersAlternatives(next.toUpperCase());
  const c = candidate(i, lead.verdict, 'keyed', offered, key.final, j, lead.rest, following(r, j));
  if (list.other) c.verdicts = [...new Set([...c.verdicts, list.other])];
  if (list.condition && lead.verdict === 'APPROVE') c.condition ??= list.condition;
  return { ...c, key: key.name, token: lead.token };
}

/**
 * "## Decision" over "- Status: Approve (frontend)" and "- Backend: Request changes": the heading's list gives two
 * verdicts (one per part, or a later one), so the heading states both, in conflict. The list runs on across blank
 * lines and indented lines; an item gives a verdict as a key's or a part's value, or whole, standing as a token
 * ("- Approve once F1 lands", "- Passed: unit, lint", "- Changes requested: F1, F2" give none). Held-out 17.
 */
function listDisagrees(lines: readonly string[], j: number, verdict: Reading): { other?: Verdict; condition?: string } {
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
