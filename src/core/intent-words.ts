// The words of "did you mean" (core/intent.ts) — pure: which words and phrases name a verdict, at
// the start of a text, outright on a line, or in a verdict key's value. intent-line.ts owns where a
// line gives a verdict, intent.ts how a body's verdicts decide, intent-conditions.ts what holds an
// approval back; this module owns what the words say.
import type { Verdict } from './grammar.js';

/** What a word or phrase says: a verdict, or an approval that is conditional by name. */
export type Reading = Verdict | 'conditional';

/** A token ends at a word's end; a hyphen and a letter make another word ("Fail-fast", "Block-level"), but a
 * qualifier after a hyphen leaves the token ("comment-only", "approved-with-nits"). */
const END =
  String.raw`(?![A-Z0-9_]|-(?!(?:ONLY|WITH)\b)[A-Z])` +
  // a Chinese or Japanese token negated right after it: "批准不了" (cannot approve), "通过不了"; not "通过没问题" (no
  // problem), "需要修改不少地方" (quite a few), "通過しました", "通過できました" (attack 28); a negation after 前
  // ("批准前不能合并") is of the merge, not of the approval, and leaves the conditional token standing
  String.raw`(?:(?<![\u3040-\u30ff\u3400-\u9fff])|(?<=前)|(?!不了|不能|不可|不得|でき(?:な|ませ)|出来(?:な|ませ)|しな|しかね|せず|されな))`;
/** A commit id (upper-cased): 7 to 40 hex digits, at least one a digit. */
export const SHA = /(?=[0-9A-F]*\d)[0-9A-F]{7,40}(?![0-9A-Z])/;
/** Words and phrases that name a verdict, anchored at the text's start; unknown words are not guessed. */
export const SYNONYMS: ReadonlyArray<[RegExp, Reading]> = [
  [
    /^(CONDITIONAL(LY)?[\s_-]+(APPROV(AL|ED|E)|ACCEPT(ANCE|ED)?|READY)|(APPROV(AL|ED|E)|ACCEPT(ANCE|ED)?)[\s_-]+CONDITIONAL(LY)?)/,
    'conditional',
  ],
  [/^(FREIGABE\s+MIT\s+AUFLAGEN|BEDINGT\s+FREIGEGEBEN)/, 'conditional'],
  // "批准前需修改": changes are needed before an approval
  [/^(批准|通过|通過)前/, 'conditional'],
  [
    /^(CHANGES[ _-]?REQUESTED|REQUEST(ED)?[ _-]?CHANGES?|NEEDS?[ _-]?(MAJOR\s+)?(CHANGES|WORK|REVISIONS?|FIXES))/,
    'CHANGES_REQUESTED',
  ],
  [/^(REQUIRES?[ _-]+(CHANGES|FIXES)|(CHANGES|FIXES)[ _-]+(REQUIRED|NEEDED))/, 'CHANGES_REQUESTED'],
  [/^(要求修改|请求修改|請求修改|需要修改|拒绝|拒絕|驳回|駁回)/, 'CHANGES_REQUESTED'],
  [
    /^(REJECT(ED)?|BLOCK(ED|ING)?|FAIL(ED)?|DO NOT (MERGE|SHIP)|REVISE|INCOMPLETE|FIX[ _-]FIRST|NACK)/,
    'CHANGES_REQUESTED',
  ],
  [
    /^(NOT\s+(YET\s+)?(PRODUCTION[\s-]+)?READY|NOT\s+CLEAN|NO[\s-]?GO|RECHAZADO|REJEITADO|REFUS[EÉ]E?|ABGELEHNT)/,
    'CHANGES_REQUESTED',
  ],
  [/^(NACHARBEIT(\s+(ERFORDERLICH|N[OÖ]TIG))?|[AÄ]NDERUNGEN\s+ERFORDERLICH)/, 'CHANGES_REQUESTED'],
  // "Requer correções", "Requiere cambios" (Portuguese, Spanish), standing alone or before "antes …":
  // "requiere cambios en la documentación, que haré yo en otro PR" is prose
  [
    /^(REQUER(EM)?|REQUIERE(N)?|NECESSITA|NECESITA)\s+(CORRE[CÇ](?:[OÕ]ES|IONES)|ALTERA[CÇ][OÕ]ES|MUDAN[CÇ]AS|CAMBIOS)(?=\s*$|\s*[.!,;:—–-]|\s+ANTES\b)/,
    'CHANGES_REQUESTED',
  ],
  [/^(APPROVE[DS]?|LGTM|PASS(ED)?|ACCEPT(ED)?|SHIP IT)/, 'APPROVE'],
  // "Recommend merge", "Recommended for approval" (an LLM's conclusion line)
  [/^RECOMMEND(ED|S)?\s+(TO\s+|FOR\s+)?(MERGE|MERGING|APPROV(AL|E|ING))/, 'APPROVE'],
  // "merge", "clear" and "clean" only as a token: "merge conflicts remain", "clear improvement, but …" are prose
  // nor as a key or a question: "Merge: No", "Clear: no", "Merge it? No" name no approval
  [
    /^(MERGE|CLEA[RN](ED)?)(?=\s*$|\s*[()—–.,;!/|-]|\s+(IT|NOW|AS[\s-]IS|AND|TO\s+(MERGE|SHIP|LAND))\b(?!\s*\?))/,
    'APPROVE',
  ],
  // "GO", "GO for production deployment" (the counterpart of NO-GO); "go ahead and rename" is prose
  [/^GO(?=\s*$|\s*[.!—–-]|\s+FOR\s+(MERGE|PRODUCTION|DEPLOY|RELEASE|LAUNCH|SHIP))/, 'APPROVE'],
  // "Decision: SHIP" (a ship decision); "ship the fix first" is prose
  [/^SHIP(?=\s*$|\s*[.!—–])/, 'APPROVE'],
  // "ACK <commit>" / "utACK <commit>" (an approval of that commit); "Ack, will fix" is not one
  [new RegExp(`^(UT|T)?ACK(?=\\s*$|\\s+${SHA.source})`), 'APPROVE'],
  [/^(READY[\s-]+(FOR|TO)[\s-]+(MERGE|PRODUCTION|DEPLOY(MENT)?|RELEASE|SHIP)|PRODUCTION[\s-]+READY)/, 'APPROVE'],
  [/^(APROBADO|APROVADO|APPROUV[EÉ]E?|GENEHMIGT|FREIGABE|FREIGEGEBEN|批准|同意合并|同意合併)/, 'APPROVE'],
  // 通过 / 通過 (passed) only as a word of its own: not the start of a longer one — 通过率 (pass rate), "通过参数化查询"
  // (through parameterised queries), 通过配置项控制 (through a config key), 通過させる前に (before letting it pass):
  // attack 37
  // (but "通过 (得分: 8.6/10)", "通过没问题", "通過できました", "通过与否" are its word)
  [
    /^(通过|通過)(?=\s*$|\s*[。.!！,，、;；:：()（）\]」』✅👍—–/|｜-]|了|啦|没问题|沒問題|でき(?!な|ませ)|しました|です|与否|與否|审查|審查|审核|審核|评审|評審|验收|驗收)/u,
    'APPROVE',
  ],
  // Japanese "承認" (approval) only standing alone, or with です / します: not 承認待ち (awaiting approval), 承認は保留,
  // 承認をお願いします (a request), 承認フロー (held-out 27; attack 28)
  [/^承認(?=\s*(?:$|[。.!！、，,)]|です|します|とします))/, 'APPROVE'],
  [/^COMMENT(ED)?/, 'COMMENT'],
].map(([re, v]) => [new RegExp(`${(re as RegExp).source}${END}`), v as Reading]);

/**
 * Not after a negation in the same clause: "nothing is blocked", "no blocking issues remain", "0 outstanding".
 * "but", "however", "though" open a new clause: "None of the nits block, but the migration must be reverted …".
 */
export const UNNEGATED =
  String.raw`(?<!\b(?:NO|NOT|NOTHING|NONE|ZERO|0)\b` + String.raw`(?:(?!\b(?:BUT|HOWEVER|(?:AL)?THOUGH)\b)[^.;:—–])*)`;

/** Words that name a verdict outright, wherever they stand on the line. */
const OUTRIGHT: ReadonlyArray<[RegExp, Verdict]> = (
  [
    [/\b(?:APPROVE[DS]?|APPROVAL|LGTM)\b/, 'APPROVE'],
    [/\b(?:REQUEST(?:ED|ING)?\s+CHANGES|CHANGES\s+REQUESTED|REJECT(?:ED)?|DO\s+NOT\s+MERGE)\b/, 'CHANGES_REQUESTED'],
  ] as Array<[RegExp, Verdict]>
).map(([re, v]) => [new RegExp(`${UNNEGATED}${re.source}`), v]);
/** A verdict given for the time being, another one promised on a condition: "for now", "once …", "until …". */
const PROVISIONAL = /\b(?:FOR\s+NOW|FOR\s+THE\s+MOMENT|AT\s+THIS\s+POINT|ONCE|UNTIL|WHEN|IF|AFTER|PROVIDED)\b/;
/** Said of the other verdict in the same clause: "a Request changes was not available", "approval isn't possible". */
const DENIED = /^[^.;,]*\b(?:NOT|N'T|UNAVAILABLE|IMPOSSIBLE)\b/;

/**
 * A second, different verdict on a verdict's line, or undefined: an approval that also asks for changes
 * ("APPROVE, though I request changes to …"), or a verdict given for now with another promised on a condition
 * ("Comment for now, approve once #1 is handled"). A changes-requested line may promise an approval ("Request
 * changes; will approve after the fix"), a comment may say who decides ("… before this is approved"): same intent.
 */
export function otherVerdict(verdict: Verdict, tail: string): Verdict | undefined {
  const upper = tail.toUpperCase();
  for (const [re, v] of OUTRIGHT) {
    if (v === verdict || (verdict === 'CHANGES_REQUESTED' && v === 'APPROVE')) continue;
    if (verdict === 'COMMENT' && !PROVISIONAL.test(upper)) continue;
    const m = re.exec(upper);
    if (m && !DENIED.test(upper.slice(m.index + m[0].length))) return v;
  }
  return undefined;
}

/** A value that tells a state still changing: "CI in progress → then READY TO MERGE", "pending review". */
const IN_PROGRESS = /→|->|=>|\b(?:THEN|LUEGO|DANN|PUIS|DEPOIS|IN\s+PROGRESS|EN\s+PROGRESO|PENDING|WAITING)\b/;

/**
 * Prose that negates, hedges, asks, conditions or reports history anywhere in the value: then its words are not
 * read at all ("This isn't ready for production", "Almost ready to merge", "ready for production? No", "would be
 * ready if …", "was ready before the rebase", "Critical issues found: none", "the fixes required … are done").
 */
const HEDGED = new RegExp(
  String.raw`\?|N'T\b|N’T\b|\b(?:NOT|NEVER|NO|NOBODY|NONE|NOTHING|ZERO|0|ALMOST|NEARLY|MOSTLY|FAR|PARTLY|` +
    String.raw`WOULD|SHOULD|COULD|MIGHT|IF|WHEN|UNLESS|EXCEPT|BUT|THOUGH|ALTHOUGH|HOWEVER|CLAIMS?|AIMS?|GOAL|` +
    String.raw`WAS|WERE|PREVIOUSLY|EARLIER|BEFORE\s+THE|AFTER|ONCE|UNTIL|BLOCK\w*|REMAIN\w*|OPEN|` +
    String.raw`DONE|FIXED|RESOLVED|ADDRESSED|COMPLETED?|` +
    // said of an earlier round, or of code the change does not touch: "Critical issues found in round 1 — all three
    // verified gone", "… in the legacy importer are out of scope here" (attack 37)
    String.raw`GONE|SCOPE|ROUND|VERIFIED|CLOSED|CLEARED|OUTSIDE|LEGACY|UNRELATED|PRE-?EXISTING)\b`,
);

/** The same in Chinese and Japanese: before, not, but, although, if, already fixed, "was", "…, but". */
const CJK_HEDGED = /之前|以前|没有|沒有|但|不过|不過|虽然|雖然|如果|已经|已經|修复|修復|でした|が、|けど|なら|済/;
/** And what keeps a Chinese approval in words unread: any negation, "hard", "not yet", "far", a question, "after". */
const CJK_NOT_YET = /不|无|無|没|沒|未|难|難|尚|离|離|否|？|后|後/;

/** Phrases inside a verdict key's value that say the verdict in words, not negated. */
const PROSE: ReadonlyArray<[RegExp, Verdict]> = [
  [/\bREADY\s+(?:FOR|TO)\s+(?:MERGE|PRODUCTION|RELEASE|DEPLOY(?:MENT)?|SHIP)\b/, 'APPROVE'],
  [
    /\b(?:(?:FIX(?:ES)?|CHANGES)\s+(?:ARE\s+)?(?:REQUIRED|NEEDED)\s+(?:BEFORE|PRIOR\s+TO)|CRITICAL\s+ISSUES\s+FOUND)\b/,
    'CHANGES_REQUESTED',
  ],
  // Japanese and Chinese say "cannot be merged" in one word: "マージできません", "不能合并"
  // "可以安全部署和使用" (it can be deployed safely) opening the value, the phrase whole; not "建议合并 \`a\` 与 \`b\`"
  // (merge two functions), "建议上线前 …" (before going live), "修改后可以合并" (after the changes)
  [/^(?:可以|建议|建議)(?:安全)?(?:部署|合并|合併|上线|上線)(?=$|[，。,.!！和及与與并並])/, 'APPROVE'],
  [/マージ(?:でき|し)ません(?!でした)|マージ不可|不能合并|不可合并|无法合并|無法合併|不能合併/, 'CHANGES_REQUESTED'],
];

/**
 * The verdict a key's value says in words ("Status: Good architecture with critical fixes needed before
 * production use"; "Overall assessment: … ready for production"), when exactly one of them is said; else undefined.
 */
export function proseVerdict(value: string): Verdict | undefined {
  const upper = value.toUpperCase();
  if (IN_PROGRESS.test(upper) || HEDGED.test(upper) || CJK_HEDGED.test(value)) return undefined;
  // HEDGED has already refused any negation, so the phrases are read as they stand
  const said = PROSE.filter(([re]) => re.test(upper.replace(/^[^\p{L}\p{N}]+/u, ''))).map(([, v]) => v);
  if (said.includes('APPROVE') && /\p{Script=Han}/u.test(value) && CJK_NOT_YET.test(value)) return undefined;
  return said.length === 1 ? said[0] : undefined;
}
