// The words of "did you mean" (core/intent.ts) — pure: which words and phrases name a
// verdict, and which conditions make an approval conditional. intent-line.ts owns where a
// line gives a verdict, intent.ts how a body's verdicts decide; this module owns what the words say.
import type { Verdict } from './grammar.js';

/** What a word or phrase says: a verdict, or an approval that is conditional by name. */
export type Reading = Verdict | 'conditional';

/** A token ends at a word's end; a hyphen and a letter make another word ("Fail-fast", "Block-level"), but a
 * qualifier after a hyphen leaves the token ("comment-only", "approved-with-nits"). */
const END =
  String.raw`(?![A-Z0-9_]|-(?!(?:ONLY|WITH)\b)[A-Z])` +
  // a Chinese or Japanese token negated right after it: "批准不了" (cannot approve), "通过不了"; not "通过没问题" (no
  // problem), "需要修改不少地方" (quite a few), "通過しました" (attack 28)
  String.raw`(?:(?<![\u3040-\u30ff\u3400-\u9fff])|(?!不了|不能|不可|不得|でき[なま]|出来[なま]|しな|しかね|せず|されな))`;
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
  [/^(APROBADO|APROVADO|APPROUV[EÉ]E?|GENEHMIGT|FREIGABE|FREIGEGEBEN|批准|通过|通過|同意合并|同意合併)/, 'APPROVE'],
  // Japanese "承認" (approval) only standing alone, or with です / します: not 承認待ち (awaiting approval), 承認は保留,
  // 承認をお願いします (a request), 承認フロー (held-out 27; attack 28)
  [/^承認(?=\s*(?:$|[。.!！、，,)]|です|します|とします))/, 'APPROVE'],
  [/^COMMENT(ED)?/, 'COMMENT'],
].map(([re, v]) => [new RegExp(`${(re as RegExp).source}${END}`), v as Reading]);

/**
 * Not after a negation in the same clause: "nothing is blocked", "no blocking issues remain", "0 outstanding".
 * "but", "however", "though" open a new clause: "None of the nits block, but the migration must be reverted …".
 */
const UNNEGATED = String.raw`(?<!\b(?:NO|NOT|NOTHING|NONE|ZERO|0)\b(?:(?!\b(?:BUT|HOWEVER|(?:AL)?THOUGH)\b)[^.;:—–])*)`;

/** Conditions that contradict an approval: it approves on changes it still asks for. */
const QUALIFIERS = [
  'REQUIRED',
  'CRITICAL',
  'BLOCKING',
  'MANDATORY',
  'NECESSARY',
  'OUTSTANDING',
  'PENDING',
  'MINOR',
  'SOME',
  'SMALL',
  String.raw`A\s+FEW`,
  String.raw`\d+`,
  'ONE',
  'TWO',
  'THREE',
];
const QUALIFIER = `(?:${QUALIFIERS.join('|')})`;
/** What may stand between "with" or "after" and a rework: "with the following", "after some minor". */
const REWORK_WORDS =
  String.raw`(?:(?:A|FEW|SOME|SEVERAL|MAJOR|MINOR|SIGNIFICANT|SUBSTANTIAL|NECESSARY|REQUESTED|THE|` +
  String.raw`FOLLOWING|THESE|THOSE)\s+)`;
const CONDITION = new RegExp(
  [
    String.raw`WITH\s+(?:(?:THE|THESE|THOSE|ALL|ITS)\s+)?(?:${QUALIFIER}\s+){1,2}(?:FIX(?:ES)?|CHANGES?)\b`,
    String.raw`WITH\s+CHANGES\b`,
    // "APPROVE WITH RESCOPE", "Accepted with reservations", "after minor revisions": approved on something still
    // to be done or doubted; not "PASS (after revision)", a revision made. "With the rework … verified" is held back
    // too: an exception for work said done was broken by "not verified", "still to be made" (intent-attack-17.json)
    String.raw`(?:WITH\s+${REWORK_WORDS}{0,3}|AFTER\s+${REWORK_WORDS}{1,3})(?:RE-?SCOP\w*|RE-?WORK\w*|RE-?DESIGN\w*|` +
      String.raw`RESTRUCTUR\w*|REVISIONS?|MODIFICATIONS?|AMENDMENTS?|RESERVATIONS?|CAVEATS?)\b`,
    String.raw`AFTER\s+RE-?SCOP\w*`,
    // "Accept, minor revisions"
    String.raw`(?:MINOR|MAJOR)\s+REVISIONS?\b`,
    // "Recommended for merge with the fixes listed below"
    String.raw`WITH\s+(?:THE\s+)?(?:FIX(?:ES)?|CHANGES?)\s+(?:LISTED|BELOW|ABOVE|NOTED|REQUESTED)`,
    String.raw`(?:FIXES|CHANGES)\s+(?:ARE\s+)?(?:REQUIRED|NEEDED|PENDING)`,
    // "Minor improvements needed for enterprise use"; not "no further improvements needed"
    String.raw`${UNNEGATED}IMPROVEMENTS\s+(?:ARE\s+)?(?:REQUIRED|NEEDED)`,
    String.raw`CONDITION(?:S|AL|ALLY)?`,
    String.raw`AFTER\s+(?:ADDRESSING|FIXING|APPLYING|RESOLVING)`,
    String.raw`ONCE\b[^.]*\b(?:FIXED|ADDRESSED|RESOLVED)`,
    String.raw`MERGED?\s+(?:ONLY\s+)?(?:AFTER|ONCE)`,
    String.raw`PENDING\s+(?:FIXES|CHANGES)`,
    String.raw`NOT\s+(?:YET\s+)?(?:PRODUCTION[\s-]+)?READY`,
    String.raw`MUST\s+(?:BE\s+)?FIX`,
    String.raw`BEFORE\s+MERG`,
    String.raw`FIX(?:ES)?\s+FIRST`,
    String.raw`DO\s+NOT\s+(?:MERGE|SHIP)`,
    String.raw`NACK\b`,
  ]
    .map((p) => `\\b${p}`)
    .join('|'),
);

/**
 * What, on the approval's own line, makes it wait on something: "Approve — blocked by the failing job",
 * "Ready for release — not yet", "APPROVED (after the fixes below)", "LGTM — once CI is green",
 * "PASS — the remaining issue is outside my control".
 */
const TAIL_CONDITION = new RegExp(
  [
    String.raw`${UNNEGATED}BLOCKED\b`,
    String.raw`NOT\s+YET\b`,
    String.raw`ONCE\b`,
    String.raw`UNTIL\b`,
    // "after the fixes below", "after CI passes"; not "PASS (after revision)" nor "reconfirmed after the merge"
    String.raw`(?<!ED\s)AFTER\b(?=[^.]*\b(?:BELOW|FOLLOWING|LISTED|PASS(?:ES)?|GREEN)\b)`,
    String.raw`PROVIDED\b`,
    String.raw`SUBJECT\s+TO\b`,
    String.raw`CONTINGENT\b`,
    String.raw`${UNNEGATED}(?:REMAIN(?:S|ING)?|UNRESOLVED|OUTSTANDING)\b`,
    // "APPROVE, except for the migration script"; not "no changes except a typo"
    String.raw`${UNNEGATED}EXCEPT\b`,
    // "APPROVE pending the fix to …"; not "Ready for merge (pending manual verification)"
    String.raw`PENDING\b(?=[^.]*\b(?:FIX(?:ES)?|CHANGES?|RESOLUTION|REVISIONS?|REVIEWS?|VOTE|SIGN[\s-]?OFF|DECISION|` +
      String.raw`APPROVAL)\b)`,
    // "Approve, but please fix the off-by-one first", "… if the flaky test is fixed", "when CI is green"
    String.raw`(?:FIX|ADDRESS|RESOLVE|REVERT|REMOVE|UPDATE|CHANGE)\b[^.]*\bFIRST\b`,
    String.raw`IF\b`,
    String.raw`WHEN\b(?=[^.]*\b(?:FIXED|ADDRESSED|RESOLVED|DONE|GREEN|PASS(?:ES)?|LANDS?|MERGED)\b)`,
    // "but only after the license headers are added", "the token must be rotated first", "depending on legal"
    String.raw`ONLY\s+(?:AFTER|ONCE|IF|WHEN|UNTIL)\b`,
    String.raw`(?:MUST|NEEDS?\s+TO|HA(?:S|VE)\s+TO)\b[^.]*\bFIRST\b`,
    String.raw`DEPEND(?:S|ING)?\s+ON\b`,
    // "… as soon as the migration is reverted", "Recommended for merge in principle; in practice …"
    String.raw`AS\s+SOON\s+AS\b`,
    String.raw`IN\s+PRINCIPLE\b`,
    // "Aprobado con cambios menores: corregid … antes de fusionar": before merging (es, pt, fr, de)
    String.raw`(?:ANTES\s+DE|AVANT\s+(?:DE|LE)|VOR\s+DEM)\s+(?:(?:HACER|FAZER)\s+)?(?:FUSIONAR|MERGEAR|MESCLAR|` +
      String.raw`FUSIONNER|MERGER|MERGEN?)\b`,
  ]
    .map((p) => `\\b${p}`)
    .join('|'),
);

/** "APPROVE with tests required for the parser"; not "no changes required" (named after any other condition). */
const STILL_REQUIRED = new RegExp(String.raw`\b${UNNEGATED}(?:REQUIRED|NEEDED)\b`);

/**
 * In Chinese and Japanese, on the approval's own line: but, must, needs (not "no need"), first, only, until,
 * before the merge ("通过，但合并前需要先修复", "LGTM，但请先…", "通过，仅限文档部分").
 */
const CJK_CONDITION =
  /但|不过|不過|(?<![无不無没沒])需(?!求)|必须|必須|先|仅|僅|只|之前|合并前|合併前|マージ前|ただし|が、|けど|まで|次第/;

/**
 * After an approval, a line that merges only once something is fixed, in Chinese or Japanese: "P1修完後可合併"
 * (mergeable after P1 is fixed), "修复后再合并" (held-out 20).
 */
export const CJK_FIX_THEN_MERGE =
  /(?:修[完复復改正好]|解决|解決|处理|處理|対応|修正)[^。；;！!]{0,8}(?:后|後|次第)[^。；;！!]{0,6}(?:合并|合併|マージ)/;

/** Why an approval is conditional, or undefined: the first text is the approval's own tail, the rest follow it. */
export function conditionOf(verdict: Reading, tail: string, ...texts: string[]): string | undefined {
  if (verdict === 'conditional') return 'a conditional approval';
  if (verdict !== 'APPROVE') return undefined;
  const own = TAIL_CONDITION.exec(tail);
  if (own) return `${own[0].toLowerCase()} …`;
  for (const t of [tail, ...texts]) {
    const m = CONDITION.exec(t);
    if (m) return m[0].toLowerCase().replace(/\s+/g, ' ');
  }
  const asked = STILL_REQUIRED.exec(tail) ?? CJK_CONDITION.exec(tail) ?? CJK_FIX_THEN_MERGE.exec(tail);
  return asked ? `${asked[0].toLowerCase()} …` : undefined;
}

/**
 * After an approval, a line that still asks for a change first: "address the items above before merging",
 * "must be fixed prior to merge". A step for the maintainer ("review branch protection before merge") is not one.
 */
export const BEFORE_MERGE = new RegExp(
  // "the repaired head needs a fresh review before merge"; not "needs a rebase", "needs another approval"
  // a verb, not a word it begins ("fixtures", "handlers", "CHANGELOG", "correctly": attack 26)
  String.raw`${UNNEGATED}\b(?:ADDRESS(?:ES|ED|ING)?|FIX(?:ES|ED|ING)?|RESOLV(?:E|ES|ED|ING)|CORRECT(?:S|ED|ING)?|` +
    String.raw`HANDL(?:E|ES|ED|ING)|CHANG(?:E|ES|ED|ING)|MUST|NEEDS?\s+TO|REQUIRED|` +
    String.raw`NEEDS?\s+(?:A|AN|ANOTHER)\s+(?:\w+\s+)?(?:RE-?REVIEW|REVIEW|LOOK|PASS))\b` +
    String.raw`[^.;]*\b(?:BEFORE|PRIOR\s+TO)\s+(?:(?:THIS\s+(?:PR\s+)?(?:IS\s+)?)?MERG(?:E|ED|ING)|` +
    // "Address H1 and H2 before starting Phase 4": a demand before the next phase the approval was for (held-out 25)
    String.raw`(?:STARTING|BEGINNING|PROCEEDING\s+(?:TO|WITH)|MOVING\s+(?:ON\s+)?TO)\s+` +
    String.raw`(?:THE\s+NEXT\b|PHASE|STAGE|MILESTONE|SPRINT))\b`,
);

/**
 * After an approval, a later line that holds the merge: "Hold off until that's sorted", "please don't merge yet",
 * "wait with merging". Only as a demand about the merge: not "hold off on adding flags", "don't merge with a merge
 * commit", "do not merge on the strength of this review alone", "don't merge it until …" (another PR: attack 26);
 * and not where its clause negates it, makes it a condition or tells an earlier hold ("I don't see a reason to hold
 * off", "if the canary goes red, hold off", "yesterday I said hold off …"). Who asked for it does not matter.
 */
const HOLD = new RegExp(
  String.raw`\b(?:HOLD\s+OFF(?:\s+(?:ON\s+)?MERG\w*)?|HOLD\s+THE\s+MERGE|` +
    String.raw`DON['’]?T\s+(?:MERGE|LAND)|DO\s+NOT\s+(?:MERGE|LAND)|` +
    String.raw`WAIT\s+(?:WITH|ON|BEFORE)\s+MERG\w*)(?:\s+(?:THIS(?:\s+PR)?|THE\s+PR))?` +
    String.raw`(?=\s*(?:$|[.!;:,—–-]|YET\b|FOR\s+NOW\b|UNTIL\b|TILL\b|BEFORE\b|JUST\s+YET\b))`,
  'g',
);
/** What makes a hold in its clause no hold now: a negation, a condition, or a hold told as past or lifted. */
const HOLD_DENIED = /\b(?:NO|NOT|NEVER|NOTHING|IF|EARLIER|YESTERDAY|PREVIOUSLY|WAS|WERE|LIFTED)\b|N['’]T\b/;

export function holdsMerge(upper: string): boolean {
  for (const m of upper.matchAll(HOLD)) {
    // the clause the hold stands in: from the last sentence or comma break before it, "don't" itself aside
    const clause = upper
      .slice(0, m.index)
      .split(/[.;!?,]/)
      .at(-1)!;
    if (!HOLD_DENIED.test(clause)) return true;
  }
  return false;
}

/**
 * After an approval, a key that says changes are still required: "**Modifications Required:** Minor (store name)",
 * "Required changes: 2"; not "Changes required: None", "Fixes needed: —" (held-out 19).
 */
export const REQUIRED_KEY = new RegExp(
  String.raw`^(?:(?:CHANGES|FIXES|MODIFICATIONS|REVISIONS|AMENDMENTS)\s+(?:ARE\s+)?(?:STILL\s+)?(?:REQUIRED|NEEDED)|` +
    String.raw`REQUIRED\s+(?:CHANGES|FIXES|MODIFICATIONS|REVISIONS))\s*[:：]\s*` +
    String.raw`(?!(?:NONE|N\/A|NO|NOTHING|ZERO|0)\b|[-—–]|$)\S`,
);

/**
 * After a request for changes, a line that says they are all made: "the follow-up commit addresses all four
 * findings", "all blocking issues are now resolved"; not "once you address all of them" nor "not all fixed".
 */
export const ALL_RESOLVED = new RegExp(
  String.raw`${UNNEGATED}(?<!\b(?:ONCE|IF|WHEN|UNTIL|AFTER)\b[^.;]*)` +
    String.raw`\b(?:(?:ADDRESS|FIX|RESOLV)(?:ES|ED)\s+(?:ALL|EVERY|EACH)\b|` +
    String.raw`(?:ALL\s+(?:\w+\s+){0,3}(?:FINDINGS|ISSUES|COMMENTS|BLOCKERS|ITEMS|POINTS|CONCERNS)|` +
    // "Every critical issue is resolved"
    String.raw`EVERY\s+(?:\w+\s+){0,2}(?:FINDING|ISSUE|COMMENT|BLOCKER|ITEM|POINT|CONCERN))\s+` +
    String.raw`(?:(?:ARE|IS|HAVE|HAS|BEEN|WERE|NOW|ALREADY)\s+){0,3}(?:FIXED|RESOLVED|ADDRESSED)\b)`,
);

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
    String.raw`DONE|FIXED|RESOLVED|ADDRESSED|COMPLETED?)\b`,
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
