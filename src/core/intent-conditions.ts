// What holds an approval back — pure, part of "did you mean" (core/intent.ts): the conditions on an
// approval's own line ("with required changes", "once CI is green", "blocked by …"), and after it a
// demand before the merge or the next phase, a hold of the merge, a key that says changes are still
// required, and what states a list of them done. The words that name a verdict: core/intent-words.ts.
import { UNNEGATED, type Reading } from './intent-words.js';

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
  String.raw`(?:(?:A|FEW|SOME|SEVERAL|MAJOR|MINOR|SIGNIFICANT|SUBSTANTIAL|NECESSARY|REQUESTED|THE|ONE|TWO|THREE|` +
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
    // "One hard requirement though: the down migration has to be restored" (attack 37)
    String.raw`(?:HARD|STRICT|FIRM|BLOCKING|MANDATORY)\s+REQUIREMENTS?\b`,
    String.raw`NON-?NEGOTIABLE\b`,
    String.raw`AFTER\s+(?:ADDRESSING|FIXING|APPLYING|RESOLVING)`,
    String.raw`ONCE\b[^.]*\b(?:FIXED|ADDRESSED|RESOLVED)`,
    String.raw`MERGED?\s+(?:ONLY\s+)?(?:AFTER|ONCE)`,
    String.raw`PENDING\s+(?:FIXES|CHANGES)`,
    String.raw`NOT\s+(?:YET\s+)?(?:PRODUCTION[\s-]+)?READY`,
    String.raw`MUST\s+(?:BE\s+)?FIX`,
    // "… is a must-fix for this PR"; not "No blockers or must-fix issues were found" (held-out 11)
    String.raw`${UNNEGATED}MUST-FIX`,
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
    String.raw`(?:FIX|ADDRESS|RESOLVE|REVERT|REMOVE|UPDATE|CHANGE|ADD|RESTORE|MOVE|INCLUDE|WRITE|BUMP)\b` +
      String.raw`(?:[^.]|\.(?=\w))*\bFIRST\b`,
    // "APPROVE — in an ideal world. In this one …" (attack 39)
    String.raw`IN\s+(?:AN\s+)?IDEAL\s+WORLD\b`,
    String.raw`IN\s+THEORY\b`,
    String.raw`HYPOTHETICALLY\b`,
    String.raw`IF\b`,
    String.raw`WHEN\b(?=[^.]*\b(?:FIXED|ADDRESSED|RESOLVED|DONE|GREEN|PASS(?:ES)?|LANDS?|MERGED)\b)`,
    // "but only after the license headers are added", "the token must be rotated first", "depending on legal"
    String.raw`ONLY\s+(?:AFTER|ONCE|IF|WHEN|UNTIL)\b`,
    String.raw`(?:MUST|NEEDS?\s+TO|HA(?:S|VE)\s+TO)\b[^.]*\bFIRST\b`,
    String.raw`DEPEND(?:S|ING)?\s+ON\b`,
    // "… as soon as the migration is reverted", "Recommended for merge in principle; in practice …"
    String.raw`AS\s+SOON\s+AS\b`,
    // "LGTM, assuming CI goes green", "LGTM modulo the race", "LGTM, mas falta o changelog" (attack 29); not "apart
    // from the known flake" (held-out 28)
    String.raw`(?:ASSUMING|MODULO)\b`,
    String.raw`(?:MAS|PERO|PERÒ|MAIS|ABER|ALLERDINGS|SAUF|SOBALD|CUANDO)(?![A-Z0-9À-Þ])`,
    String.raw`IN\s+PRINCIPLE\b`,
    // "APPROVE as long as …", "after you cap the backoff", and conditions in French, German, Spanish and Portuguese
    // ("sous réserve de", "une fois", "vorausgesetzt", "erst nach", "excepto", "siempre que", "desde que", "assim que")
    // (attack 38)
    String.raw`AS\s+LONG\s+AS\b`,
    String.raw`AFTER\s+(?:YOU|WE|THEY|THE\s+AUTHOR)\b`,
    String.raw`(?:SOUS\s+R[ÉE]SERVE|UNE\s+FOIS|PR[ÉE]VU\s+QUE|SAUF\s+SI)\b`,
    String.raw`(?:VORAUSGESETZT|ERST\s+NACH|SOFERN|NACHDEM|FALLS)\b`,
    String.raw`(?:EXCEPTO|SALVO|SIEMPRE\s+(?:Y\s+CUANDO\s+)?QUE|UNA\s+VEZ|CON\s+TAL\s+(?:DE|QUE))\b`,
    String.raw`(?:DESDE\s+QUE|ASSIM\s+QUE|CONTANTO\s+QUE|EXCETO|UMA\s+VEZ)\b`,
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
 * before the merge, after doing or waiting for something ("通过，但合并前需要先修复", "LGTM，但请先…", "通过，仅限文档部分",
 * "外されるのを待ってからのマージで": attack 36).
 */
const CJK_CONDITION =
  /但|不过|不過|(?<![无不無没沒])需(?!求)|必须|必須|先|仅|僅|只|之前|合并前|合併前|マージ前|ただし|ただ[、,，]|が、|けど|まで|次第|てから|待って|前提|条件是/;

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
    // "… must be resolved before this lands" (attack 38)
    String.raw`(?:THIS|IT)\s+(?:LANDS|GOES\s+IN|SHIPS)|(?:YOU|WE)\s+(?:HIT\s+|PRESS\s+|CLICK\s+)?MERG\w*|` +
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

/**
 * After an approval, a later line that asks for a change before the merge in another language: "Vor dem Merge …",
 * "Antes de fusionar …", "合并前请把…补回来", "Bitte aber noch …" (attack 38); not a maintainer's step, "合并前清理工作区"
 * (clean the workspace before merging: held-out 34).
 */
export const BEFORE_MERGE_OTHER =
  /\b(?:(?:TO\s+DO|TODO|LEFT|REMAINING)\s+BEFORE\s+(?:YOU|WE)\s+(?:HIT\s+)?MERGE|VOR\s+DEM\s+(?:MERGE|MERGEN|ZUSAMMENF[ÜU]HREN)|ANTES\s+DE\s+(?:FUSIONAR|HACER\s+MERGE|MERGEAR|INTEGRAR)|AVANT\s+(?:DE\s+)?(?:MERGER|FUSIONNER)|BITTE\s+ABER)\b|合并前[^。]{0,4}?(?:请|需|必须|务必)|合併前[^。]{0,4}?(?:請|需|必須|務必)|マージ前に[^。]*(?:ください|必要)/;

export function holdsMerge(upper: string): boolean {
  for (const m of upper.matchAll(HOLD)) {
    // the clause the hold stands in: from the last sentence, comma, colon or dash break before it, "don't" itself
    // aside ("No blockers — hold off until the branch is cut" holds)
    const clause = upper
      .slice(0, m.index)
      .split(/[.;:!?,—–]|\b(?:SO|BUT|THEREFORE|HENCE)\b/)
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
