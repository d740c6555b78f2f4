// The words of a verdict key — pure, part of "did you mean" (core/intent.ts): which keys introduce a verdict (strong
// ones give the review's, weak ones may describe one item), where they stand on a line, and what marks a key or its
// value as someone else's, a tool's, an earlier pass's or a part's. How a key's line is read: core/intent-key.ts.
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
export const OF_A_TOOL =
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
export const HISTORY = new RegExp(
  String.raw`\b(?:(?:${EARLIER})(?:${PASS})?|` +
    String.raw`(?:FIRST|1ST|LAST)${PASS}|(?:PRE|BEFORE)[\s-]+(?:REBASE|FIX(?:ES)?|PUSH|UPDATE|CHANGES?)|V1)\s*$`,
);
/** "Stage 1 verdict: PASS", "Part 2 status": one part of the review, outranked by any verdict after it. */
export const PART = /\b(?:STAGE|STEP|PART|SECTION)\s*\d+\s*$/;
/** "Status da Revisão:", "Status of the review:", "Estado de la revisión:": a key said of the review. */
export const OF_THE_REVIEW =
  /^\s*(?:OF\s+THE|OF|DA|DO|DE\s+LA|DEL|DE|DER|DES|DU)\s+(?:REVIEW|REVIS[ÃA]O|REVISI[OÓ]N|REVISION)\s*[:：]\s*/;
/** A pull request's metadata after a value on its line ("| Author: @x", "· Files: 14"): the line is the PR's state. */
export const PR_METADATA =
  /[|·•,;]\s*(?:AUTHOR|FILES(?:\s+CHANGED)?|COMMENTS|COMMITS|BRANCH|BASE|CREATED|UPDATED|MERGED|LABELS|REVIEWERS|ADDITIONS|DELETIONS)\s*[:：]/;
/** Tokens that are a tool's, a rubric's or a finding's result rather than a review's verdict (narrow readings). */
export const TOOL_RESULT = /^(?:PASS|FAIL|BLOCK|CLEA|GO|MERGE|ACCEPT|REJECT|SHIP)/;
/** A "Recommended action" verdict: "DO NOT MERGE"; not "**Block** requests …", "FAIL FAST", "Merge — keep one". */
export const ACTION_VERDICT = /^(?:DO NOT|APPROV|REQUEST|CHANGES|LGTM)/;
/** A Markdown heading; its level is the length of the first group. */
export const HEADING = /^\s*(#{1,6})\s/;
/** A line that opens no plain paragraph: a heading, a quote, a table row, a list item. */
export const NOT_PARAGRAPH = /^\s*(#|>|\||[-+*]\s|\d+[.)]\s)/;
export const ARABIC = /\p{Script=Arabic}/u;
/** A key given for one file or someone else: "\`utils.ts\` verdict: …", "@codebot's verdict: …". */
export const NOT_THIS_REVIEWS =
  // … or by one of several sub-reviewers this body reports: "Security persona verdict: APPROVE" (attack 37)
  // or the author's self-review, or a named reviewer's ("Security Reviewer verdict:"; not "Final reviewer verdict")
  /(?:\b[\w/.-]+\.[A-Z]{1,5}|@[\w-]+['’]S|\b[A-Z][\w-]*\s+(?:PERSONA|AGENT|BOT|LENS|LANE|SUB-?REVIEWER)['’]?S?|\bSELF-?REVIEW|\b(?:DOCS?|DOCUMENTATION|README|FRONT-?END|BACK-?END|UI|UX|INFRA)|\b(?!MY\b|OUR\b|THIS\b|ITS\b|THE\b|REVIEWER['’]S\b|TODAY['’]S\b|PR['’]S\b|PANEL['’]S\b)[A-Z][\w-]*['’]S|\b(?!FINAL\b|LEAD\b|MY\b|OUR\b|THIS\b|OVERALL\b|PANEL\b|CODE\b|PR\b)[A-Z][\w-]*\s+REVIEWER['’]?S?)\s*$/;
/** "## Urteil des Reviewers", "## Verdict of the review panel": a verdict heading said of whom gives it. */
export const OF_THE_REVIEWER =
  /^\s*(?:OF|FROM|BY|DES|DER|VON|DU|DE|DEL|DA|DO)\s+(?:THE\s+|LA\s+|EL\s+)?(?:REVIEW\w*|PANEL|COUNCIL|BOARD|COMMITTEE|TEAM|AUDITOR\w*|GUTACHTER\w*|PR[UÜ]FER\w*|RELECTEUR\w*|REVISOR\w*)(?:\s+(?:PANEL|TEAM|BOARD))?\s*$/;
export const BOX = /\[( |x|X)\]/;

/** The verdict keys on a line, in order: where each ends, and whether it is strong or final. */
export interface Key {
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
