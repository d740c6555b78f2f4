import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 6885:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   F: () => (/* binding */ Abort)
/* harmony export */ });
/* unused harmony export UnconfirmedWrite */
class Abort extends Error {
    reason;
    advice;
    diagnosis;
    target;
    constructor(reason, message, advice = '', diagnosis, 
    /** The PR and commit, when the run knew them: the failure is shown there too. */
    target) {
        super(message);
        this.reason = reason;
        this.advice = advice;
        this.diagnosis = diagnosis;
        this.target = target;
    }
    /** The same abort, attributed to a target (for the commit status). */
    at(target) {
        return this.target ? this : new Abort(this.reason, this.message, this.advice, this.diagnosis, target);
    }
}
/** A write GitHub answered with a 5xx or a time-out: it may have landed all the same (read it again). */
class UnconfirmedWrite extends (/* unused pure expression or super */ null && (Abort)) {
}


/***/ }),

/***/ 3567:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   R5: () => (/* binding */ readInput),
/* harmony export */   SP: () => (/* binding */ shown),
/* harmony export */   ct: () => (/* binding */ stdinOnce),
/* harmony export */   eb: () => (/* binding */ UsageError)
/* harmony export */ });
/* harmony import */ var _read_file_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(9834);
// What a CLI command is: its options (node:util parseArgs), its help, its handler.
// src/cli/commands.ts lists them; src/cli/main.ts parses the arguments and dispatches.

/** A command line that cannot run: one line of reason; the dispatcher adds the usage, exit 2. */
class UsageError extends Error {
}
/** How a file named on the command line is called in messages. */
const shown = (file) => (file === '-' ? '<stdin>' : file);
/**
 * A file named on the command line, or standard input for `-`. Never more than `limit` bytes are read: a regular
 * file's size is checked before reading; standard input is read up to one byte past the limit, then refused.
 * Anything else (a FIFO, a device, a socket) is refused without reading: it may never end (src/read-file.ts).
 */
function readInput(file, io, limit) {
    const name = shown(file);
    const r = file === '-' ? io.stdin(limit) : (0,_read_file_js__WEBPACK_IMPORTED_MODULE_0__/* .readRegularFile */ .XF)(file, limit);
    if (r.ok)
        return r;
    switch (r.why) {
        case 'too-large':
            return r.measured
                ? { ok: false, message: `${name} is more than ${limit} bytes, the most read`, tooLarge: r.size }
                : { ok: false, message: `${name} is ${r.size} bytes, more than the ${limit} read`, tooLarge: r.size };
        case 'directory':
            return { ok: false, message: `${name} is a directory: name a file` };
        case 'not-a-file':
            return { ok: false, message: `${name} is not a regular file: name a file, or - for standard input` };
        case 'missing':
            return { ok: false, message: `${name}: no such file`, missing: true };
        case 'denied':
            return { ok: false, message: `${name}: permission denied` };
        case 'unreadable':
            return { ok: false, message: `${name}: cannot be read (${r.code})` };
    }
}
/** `-` may be named once: standard input cannot be read twice. */
function stdinOnce(files) {
    if (files.filter((f) => f === '-').length > 1)
        throw new UsageError('"-" (standard input) can be named only once');
}


/***/ }),

/***/ 4509:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  h4: () => (/* binding */ diagnose),
  sW: () => (/* binding */ renderDiagnosis)
});

// UNUSED EXPORTS: differences, renderIntent

// EXTERNAL MODULE: ./src/core/grammar.ts
var grammar = __nccwpck_require__(8726);
;// CONCATENATED MODULE: ./src/core/intent-words.ts
/** A token ends at a word's end; a hyphen and a letter make another word ("Fail-fast", "Block-level"), but a
 * qualifier after a hyphen leaves the token ("comment-only", "approved-with-nits"). */
const END = String.raw `(?![A-Z0-9_]|-(?!(?:ONLY|WITH)\b)[A-Z])` +
    // a Chinese or Japanese token negated right after it: "批准不了" (cannot approve), "通过不了"; not "通过没问题" (no
    // problem), "需要修改不少地方" (quite a few), "通過しました", "通過できました" (attack 28); a negation after 前
    // ("批准前不能合并") is of the merge, not of the approval, and leaves the conditional token standing
    String.raw `(?:(?<![\u3040-\u30ff\u3400-\u9fff])|(?<=前)|(?!不了|不能|不可|不得|でき(?:な|ませ)|出来(?:な|ませ)|しな|しかね|せず|されな))`;
/** A commit id (upper-cased): 7 to 40 hex digits, at least one a digit. */
const SHA = /(?=[0-9A-F]*\d)[0-9A-F]{7,40}(?![0-9A-Z])/;
/** Words and phrases that name a verdict, anchored at the text's start; unknown words are not guessed. */
const SYNONYMS = [
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
].map(([re, v]) => [new RegExp(`${re.source}${END}`), v]);
/**
 * Not after a negation in the same clause: "nothing is blocked", "no blocking issues remain", "0 outstanding".
 * "but", "however", "though" open a new clause: "None of the nits block, but the migration must be reverted …".
 */
const UNNEGATED = String.raw `(?<!\b(?:NO|NOT|NOTHING|NONE|ZERO|0)\b` + String.raw `(?:(?!\b(?:BUT|HOWEVER|(?:AL)?THOUGH)\b)[^.;:—–])*)`;
/** Words that name a verdict outright, wherever they stand on the line. */
const OUTRIGHT = [
    [/\b(?:APPROVE[DS]?|APPROVAL|LGTM)\b/, 'APPROVE'],
    [/\b(?:REQUEST(?:ED|ING)?\s+CHANGES|CHANGES\s+REQUESTED|REJECT(?:ED)?|DO\s+NOT\s+MERGE)\b/, 'CHANGES_REQUESTED'],
].map(([re, v]) => [new RegExp(`${UNNEGATED}${re.source}`), v]);
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
function otherVerdict(verdict, tail) {
    const upper = tail.toUpperCase();
    for (const [re, v] of OUTRIGHT) {
        if (v === verdict || (verdict === 'CHANGES_REQUESTED' && v === 'APPROVE'))
            continue;
        if (verdict === 'COMMENT' && !PROVISIONAL.test(upper))
            continue;
        const m = re.exec(upper);
        if (m && !DENIED.test(upper.slice(m.index + m[0].length)))
            return v;
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
const HEDGED = new RegExp(String.raw `\?|N'T\b|N’T\b|\b(?:NOT|NEVER|NO|NOBODY|NONE|NOTHING|ZERO|0|ALMOST|NEARLY|MOSTLY|FAR|PARTLY|` +
    String.raw `WOULD|SHOULD|COULD|MIGHT|IF|WHEN|UNLESS|EXCEPT|BUT|THOUGH|ALTHOUGH|HOWEVER|CLAIMS?|AIMS?|GOAL|` +
    String.raw `WAS|WERE|PREVIOUSLY|EARLIER|BEFORE\s+THE|AFTER|ONCE|UNTIL|BLOCK\w*|REMAIN\w*|OPEN|` +
    String.raw `DONE|FIXED|RESOLVED|ADDRESSED|COMPLETED?|` +
    // said of an earlier round, or of code the change does not touch: "Critical issues found in round 1 — all three
    // verified gone", "… in the legacy importer are out of scope here" (attack 37)
    String.raw `GONE|SCOPE|ROUND|VERIFIED|CLOSED|CLEARED|OUTSIDE|LEGACY|UNRELATED|PRE-?EXISTING)\b`);
/** The same in Chinese and Japanese: before, not, but, although, if, already fixed, "was", "…, but". */
const CJK_HEDGED = /之前|以前|没有|沒有|但|不过|不過|虽然|雖然|如果|已经|已經|修复|修復|でした|が、|けど|なら|済/;
/** And what keeps a Chinese approval in words unread: any negation, "hard", "not yet", "far", a question, "after". */
const CJK_NOT_YET = /不|无|無|没|沒|未|难|難|尚|离|離|否|？|后|後/;
/** Phrases inside a verdict key's value that say the verdict in words, not negated. */
const PROSE = [
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
function proseVerdict(value) {
    const upper = value.toUpperCase();
    if (IN_PROGRESS.test(upper) || HEDGED.test(upper) || CJK_HEDGED.test(value))
        return undefined;
    // HEDGED has already refused any negation, so the phrases are read as they stand
    const said = PROSE.filter(([re]) => re.test(upper.replace(/^[^\p{L}\p{N}]+/u, ''))).map(([, v]) => v);
    if (said.includes('APPROVE') && /\p{Script=Han}/u.test(value) && CJK_NOT_YET.test(value))
        return undefined;
    return said.length === 1 ? said[0] : undefined;
}

;// CONCATENATED MODULE: ./src/core/intent-token.ts
// What a verdict token is — pure, part of "did you mean" (core/intent.ts): the words that name a
// verdict at the start of a text, what may follow a token that stands as one, what makes it asked
// or a label instead, template alternatives, whether it is set off from prose, and a line's plain
// text (decoration, emphasis, emoji and struck-through words taken out). Where a line gives its
// verdict is core/intent-line.ts; what the words say is core/intent-words.ts.


/**
 * What may follow a token that stands as the verdict: nothing, closing marks, a qualifier,
 * a dash or colon and a reason, a parenthetical, or punctuation and a new sentence.
 */
const TOKEN_TAIL = new RegExp(String.raw `^[\s)\]]*(?:${SHA.source}[\s)\]]*)?` + // a commit id may follow ("ACK 1a2b3c4 — …")
    String.raw `(?:$|(?:WITH\b|CON\b|MIT\b|AVEC\b|—|–|-|:|\/|\||\(|(?:AND|FOR|TO)\s+(?:MERGE|PROCEED|SHIP)\b).*|` +
    // CJK text goes on without a space: "通过，可以合并。"
    String.raw `[.!;,，。；！、]+(?:[\s\u3000-\u9fff].*)?$|(?:BEFORE\s+(?:THE\s+)?(?:MERG|APPROV|RELEASE)|ANTES)\b.*|` +
    // a Japanese copula and nothing else: "LGTM です！" (held-out 25)
    String.raw `\s*(?:です|だ|っす)[!！。.]*$)`);
/**
 * A token followed by a question mark is asked, not given ("Approve? No."); a token followed by a colon and
 * a bare no, a count or a false is a label with its value ("Approved: no", "Passed: 2, failed: 5").
 */
const NOT_GIVEN = new RegExp(String.raw `^[\s)\]*_\`]*(?:\?|[:：=]\s*(?:(?:NO|NOT|NONE|FALSE|N\/A)(?=\s*(?:$|[.,;!—–(-]))|\d)|` +
    String.raw `[—–-]+\s*NO\s*(?:[,.;!]|$))` +
    // history: "Approved before the rebase", "PASS before the refactor" (not "… before the merge")
    String.raw `|^\s*BEFORE\s+(?:THE|THIS|THAT|MY|YOUR|ITS)\s+(?!MERG|RELEASE|APPROV)` +
    // a sentence that only starts with the word: "Approve is premature", "LGTM (round 1) no longer holds",
    // "APPROVED by the bot, not by me"; or a question: "Accept the risk of …? I can't decide that"
    String.raw `|^[\s)\]*_\`]*(?:\([^)]*\)\s*)?(?:IS|WAS|WERE|WOULD|SHOULD|COULD|WILL|MIGHT|NO\s+LONGER|BY|FROM)\b` +
    // … or goes on as a sentence about the word, or says whose it is (attack 37): "Approve feels premature", "LGTM
    // doesn't hold anymore", "Ship it seems too optimistic", "Freigegeben durch das QA-Team", "Approved — by @rel-mgr"
    String.raw `|^[\s)\]*_\`]*(?:FEELS?|SEEMS?|APPEARS?|SOUNDS?|DOES|DOESN'T|DOESN’T|DID|DIDN'T|DIDN’T|DON'T|DON’T|` +
    String.raw `HOLDS?|ISN'T|ISN’T|AREN'T|AREN’T|WASN'T|WASN’T|WON'T|WON’T|DURCH|VON|VOM|PAR|POR|PELO|PELA)\b|` +
    String.raw `^[\s)\]*_\`]*(?:[—–-]+|\()\s*(?:BY|FROM|DURCH|VON|VOM)\b` +
    // "Approve #88 first, then rebase this one" (attack 38)
    String.raw `|^\s+(?:PR\s*)?#?\d+\s+(?:\([^)]*\)\s*)?(?:FIRST|INSTEAD)\b` +
    // an approval of another pull request: "APPROVE the schema PR (#88) first; this one needs a rebase"
    String.raw `|^\s+(?:THE|THAT)\s+(?:[\w-]+\s+){0,3}(?:PR|PULL\s+REQUEST)\s*\(?\s*#?\d+` +
    String.raw `|^[^.!]*\?`);
/** The verdict the text starts with (decoration and look-alikes folded), the words that name it, and what follows. */
function leadingVerdict(text) {
    const upper = text.toUpperCase();
    // a verdict in any script first ("要求修改"), then an English token after words in another script
    for (const t of [upper.replace(/^[^\p{L}\p{N}]+/u, ''), upper.replace(/^[^A-Z0-9]+/, '')]) {
        // Chinese, Japanese or Korean words before the token are a whole sentence, or they may say who or when: "ボットの
        // レビューは LGTM です" (the bot's review), "テスト追加後なら APPROVE" (once tests are added): attack 26
        const after = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30FC\uFF70]([^\p{L}]*)$/u.exec(upper.slice(0, upper.length - t.length));
        // … unless a sentence's end, a colon, a parenthesis or a slash stands between: "…ございます。LGTM", "状态: ✅
        // READY FOR PRODUCTION", "合并 (APPROVE)", "已准备好生产部署 / READY FOR PRODUCTION" (a translation)
        if (after && !/[。！!？?.：:（(/／|｜]/.test(after[1]))
            continue;
        for (const [re, verdict] of SYNONYMS) {
            const m = re.exec(t);
            if (m)
                return { verdict, token: m[0], rest: t.slice(m[0].length) };
        }
    }
    return null;
}
/** Template alternatives ("APPROVE / REQUEST_CHANGES"): two or more slash- or or-separated parts name a verdict. */
function offersAlternatives(upper) {
    const parts = upper.split(/\/|\||\bOR\b/).filter((p) => p.trim().split(/\s+/).length <= 4 && leadingVerdict(p));
    return parts.length >= 2;
}
/** A verdict word or phrase at the start of `text` that is not the grammar's token, and how long it is. */
function synonymAt(text) {
    const lead = leadingVerdict(text);
    if (!lead || lead.verdict === 'conditional')
        return null;
    return { verdict: lead.verdict, length: text.length - lead.rest.length };
}
/** Literal \uXXXX escapes (a JSON-escaped persona output) read as their characters. */
const unescapeU = (s) => s.replace(/\\u([0-9a-fA-F]{4})/g, (_m, h) => String.fromCharCode(parseInt(h, 16)));
const plain = (line) => (0,grammar/* skeleton */.qV)(unescapeU(line))
    .replace(/~~[^~]*~~/g, ' ') // struck through: withdrawn ("~~LGTM~~ NEEDS WORK")
    .replace(/[*_`~>#]|<\/?[a-z]+>/gi, ' ')
    .replace(/^\s*([-+]|\d+[.)])\s+/, ' ')
    .replace(/[\u2190-\u2BFF\u{1F300}-\u{1FAFF}]|\uFE0F|\u200D/gu, ' ')
    .trim();
const LIST_ITEM = /^\s*(>\s*)*([-+*]|\d+[.)])\s/;
const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Does the token stand set off from prose: written in capitals, or opened by emphasis or a code mark? */
function setOff(raw, token) {
    const word = escapeRe(token.trim());
    if (!word)
        return false;
    const opened = new RegExp(`(?:^|\\s)[*_\`]{1,2}(?=\\S)[^A-Za-z0-9]{0,6}${word}`, 'i').test(raw);
    const exact = new RegExp(word, 'i').exec(raw)?.[0] ?? '';
    return opened || (exact === exact.toUpperCase() && /[A-Z]/.test(exact));
}

;// CONCATENATED MODULE: ./src/core/intent-conditions.ts
// What holds an approval back — pure, part of "did you mean" (core/intent.ts): the conditions on an
// approval's own line ("with required changes", "once CI is green", "blocked by …"), and after it a
// demand before the merge or the next phase, a hold of the merge, a key that says changes are still
// required, and what states a list of them done. The words that name a verdict: core/intent-words.ts.

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
    String.raw `A\s+FEW`,
    String.raw `\d+`,
    'ONE',
    'TWO',
    'THREE',
];
const QUALIFIER = `(?:${QUALIFIERS.join('|')})`;
/** What may stand between "with" or "after" and a rework: "with the following", "after some minor". */
const REWORK_WORDS = String.raw `(?:(?:A|FEW|SOME|SEVERAL|MAJOR|MINOR|SIGNIFICANT|SUBSTANTIAL|NECESSARY|REQUESTED|THE|ONE|TWO|THREE|` +
    String.raw `FOLLOWING|THESE|THOSE)\s+)`;
const CONDITION = new RegExp([
    String.raw `WITH\s+(?:(?:THE|THESE|THOSE|ALL|ITS)\s+)?(?:${QUALIFIER}\s+){1,2}(?:FIX(?:ES)?|CHANGES?)\b`,
    String.raw `WITH\s+CHANGES\b`,
    // "APPROVE WITH RESCOPE", "Accepted with reservations", "after minor revisions": approved on something still
    // to be done or doubted; not "PASS (after revision)", a revision made. "With the rework … verified" is held back
    // too: an exception for work said done was broken by "not verified", "still to be made" (intent-attack-17.json)
    String.raw `(?:WITH\s+${REWORK_WORDS}{0,3}|AFTER\s+${REWORK_WORDS}{1,3})(?:RE-?SCOP\w*|RE-?WORK\w*|RE-?DESIGN\w*|` +
        String.raw `RESTRUCTUR\w*|REVISIONS?|MODIFICATIONS?|AMENDMENTS?|RESERVATIONS?|CAVEATS?)\b`,
    String.raw `AFTER\s+RE-?SCOP\w*`,
    // "Accept, minor revisions"
    String.raw `(?:MINOR|MAJOR)\s+REVISIONS?\b`,
    // "Recommended for merge with the fixes listed below"
    String.raw `WITH\s+(?:THE\s+)?(?:FIX(?:ES)?|CHANGES?)\s+(?:LISTED|BELOW|ABOVE|NOTED|REQUESTED)`,
    String.raw `(?:FIXES|CHANGES)\s+(?:ARE\s+)?(?:REQUIRED|NEEDED|PENDING)`,
    // "Minor improvements needed for enterprise use"; not "no further improvements needed"
    String.raw `${UNNEGATED}IMPROVEMENTS\s+(?:ARE\s+)?(?:REQUIRED|NEEDED)`,
    String.raw `CONDITION(?:S|AL|ALLY)?`,
    // "One hard requirement though: the down migration has to be restored" (attack 37)
    String.raw `(?:HARD|STRICT|FIRM|BLOCKING|MANDATORY)\s+REQUIREMENTS?\b`,
    String.raw `NON-?NEGOTIABLE\b`,
    String.raw `AFTER\s+(?:ADDRESSING|FIXING|APPLYING|RESOLVING)`,
    String.raw `ONCE\b[^.]*\b(?:FIXED|ADDRESSED|RESOLVED)`,
    String.raw `MERGED?\s+(?:ONLY\s+)?(?:AFTER|ONCE)`,
    String.raw `PENDING\s+(?:FIXES|CHANGES)`,
    String.raw `NOT\s+(?:YET\s+)?(?:PRODUCTION[\s-]+)?READY`,
    String.raw `MUST\s+(?:BE\s+)?FIX`,
    // "… is a must-fix for this PR"; not "No blockers or must-fix issues were found" (held-out 11)
    String.raw `${UNNEGATED}MUST-FIX`,
    String.raw `BEFORE\s+MERG`,
    String.raw `FIX(?:ES)?\s+FIRST`,
    String.raw `DO\s+NOT\s+(?:MERGE|SHIP)`,
    String.raw `NACK\b`,
]
    .map((p) => `\\b${p}`)
    .join('|'));
/**
 * What, on the approval's own line, makes it wait on something: "Approve — blocked by the failing job",
 * "Ready for release — not yet", "APPROVED (after the fixes below)", "LGTM — once CI is green",
 * "PASS — the remaining issue is outside my control".
 */
const TAIL_CONDITION = new RegExp([
    String.raw `${UNNEGATED}BLOCKED\b`,
    String.raw `NOT\s+YET\b`,
    String.raw `ONCE\b`,
    String.raw `UNTIL\b`,
    // "after the fixes below", "after CI passes"; not "PASS (after revision)" nor "reconfirmed after the merge"
    String.raw `(?<!ED\s)AFTER\b(?=[^.]*\b(?:BELOW|FOLLOWING|LISTED|PASS(?:ES)?|GREEN)\b)`,
    String.raw `PROVIDED\b`,
    String.raw `SUBJECT\s+TO\b`,
    String.raw `CONTINGENT\b`,
    String.raw `${UNNEGATED}(?:REMAIN(?:S|ING)?|UNRESOLVED|OUTSTANDING)\b`,
    // "APPROVE, except for the migration script"; not "no changes except a typo"
    String.raw `${UNNEGATED}EXCEPT\b`,
    // "APPROVE pending the fix to …"; not "Ready for merge (pending manual verification)"
    String.raw `PENDING\b(?=[^.]*\b(?:FIX(?:ES)?|CHANGES?|RESOLUTION|REVISIONS?|REVIEWS?|VOTE|SIGN[\s-]?OFF|DECISION|` +
        String.raw `APPROVAL)\b)`,
    // "Approve, but please fix the off-by-one first", "… if the flaky test is fixed", "when CI is green"
    String.raw `(?:FIX|ADDRESS|RESOLVE|REVERT|REMOVE|UPDATE|CHANGE|ADD|RESTORE|MOVE|INCLUDE|WRITE|BUMP)\b` +
        String.raw `(?:[^.]|\.(?=\w))*\bFIRST\b`,
    // "APPROVE — in an ideal world. In this one …" (attack 39)
    String.raw `IN\s+(?:AN\s+)?IDEAL\s+WORLD\b`,
    String.raw `IN\s+THEORY\b`,
    String.raw `HYPOTHETICALLY\b`,
    String.raw `IF\b`,
    String.raw `WHEN\b(?=[^.]*\b(?:FIXED|ADDRESSED|RESOLVED|DONE|GREEN|PASS(?:ES)?|LANDS?|MERGED)\b)`,
    // "but only after the license headers are added", "the token must be rotated first", "depending on legal"
    String.raw `ONLY\s+(?:AFTER|ONCE|IF|WHEN|UNTIL)\b`,
    String.raw `(?:MUST|NEEDS?\s+TO|HA(?:S|VE)\s+TO)\b[^.]*\bFIRST\b`,
    String.raw `DEPEND(?:S|ING)?\s+ON\b`,
    // "… as soon as the migration is reverted", "Recommended for merge in principle; in practice …"
    String.raw `AS\s+SOON\s+AS\b`,
    // "LGTM, assuming CI goes green", "LGTM modulo the race", "LGTM, mas falta o changelog" (attack 29); not "apart
    // from the known flake" (held-out 28)
    String.raw `(?:ASSUMING|MODULO)\b`,
    String.raw `(?:MAS|PERO|PERÒ|MAIS|ABER|ALLERDINGS|SAUF|SOBALD|CUANDO)(?![A-Z0-9À-Þ])`,
    String.raw `IN\s+PRINCIPLE\b`,
    // "APPROVE as long as …", "after you cap the backoff", and conditions in French, German, Spanish and Portuguese
    // ("sous réserve de", "une fois", "vorausgesetzt", "erst nach", "excepto", "siempre que", "desde que", "assim que")
    // (attack 38)
    String.raw `AS\s+LONG\s+AS\b`,
    String.raw `AFTER\s+(?:YOU|WE|THEY|THE\s+AUTHOR)\b`,
    String.raw `(?:SOUS\s+R[ÉE]SERVE|UNE\s+FOIS|PR[ÉE]VU\s+QUE|SAUF\s+SI)\b`,
    String.raw `(?:VORAUSGESETZT|ERST\s+NACH|SOFERN|NACHDEM|FALLS)\b`,
    String.raw `(?:EXCEPTO|SALVO|SIEMPRE\s+(?:Y\s+CUANDO\s+)?QUE|UNA\s+VEZ|CON\s+TAL\s+(?:DE|QUE))\b`,
    String.raw `(?:DESDE\s+QUE|ASSIM\s+QUE|CONTANTO\s+QUE|EXCETO|UMA\s+VEZ)\b`,
    // "Aprobado con cambios menores: corregid … antes de fusionar": before merging (es, pt, fr, de)
    String.raw `(?:ANTES\s+DE|AVANT\s+(?:DE|LE)|VOR\s+DEM)\s+(?:(?:HACER|FAZER)\s+)?(?:FUSIONAR|MERGEAR|MESCLAR|` +
        String.raw `FUSIONNER|MERGER|MERGEN?)\b`,
]
    .map((p) => `\\b${p}`)
    .join('|'));
/** "APPROVE with tests required for the parser"; not "no changes required" (named after any other condition). */
const STILL_REQUIRED = new RegExp(String.raw `\b${UNNEGATED}(?:REQUIRED|NEEDED)\b`);
/**
 * In Chinese and Japanese, on the approval's own line: but, must, needs (not "no need"), first, only, until,
 * before the merge, after doing or waiting for something ("通过，但合并前需要先修复", "LGTM，但请先…", "通过，仅限文档部分",
 * "外されるのを待ってからのマージで": attack 36).
 */
const CJK_CONDITION = /但|不过|不過|(?<![无不無没沒])需(?!求)|必须|必須|先|仅|僅|只|之前|合并前|合併前|マージ前|ただし|ただ[、,，]|が、|けど|まで|次第|てから|待って|前提|条件是/;
/**
 * After an approval, a line that merges only once something is fixed, in Chinese or Japanese: "P1修完後可合併"
 * (mergeable after P1 is fixed), "修复后再合并" (held-out 20).
 */
const CJK_FIX_THEN_MERGE = /(?:修[完复復改正好]|解决|解決|处理|處理|対応|修正)[^。；;！!]{0,8}(?:后|後|次第)[^。；;！!]{0,6}(?:合并|合併|マージ)/;
/** Why an approval is conditional, or undefined: the first text is the approval's own tail, the rest follow it. */
function conditionOf(verdict, tail, ...texts) {
    if (verdict === 'conditional')
        return 'a conditional approval';
    if (verdict !== 'APPROVE')
        return undefined;
    const own = TAIL_CONDITION.exec(tail);
    if (own)
        return `${own[0].toLowerCase()} …`;
    for (const t of [tail, ...texts]) {
        const m = CONDITION.exec(t);
        if (m)
            return m[0].toLowerCase().replace(/\s+/g, ' ');
    }
    const asked = STILL_REQUIRED.exec(tail) ?? CJK_CONDITION.exec(tail) ?? CJK_FIX_THEN_MERGE.exec(tail);
    return asked ? `${asked[0].toLowerCase()} …` : undefined;
}
/**
 * After an approval, a line that still asks for a change first: "address the items above before merging",
 * "must be fixed prior to merge". A step for the maintainer ("review branch protection before merge") is not one.
 */
const BEFORE_MERGE = new RegExp(
// "the repaired head needs a fresh review before merge"; not "needs a rebase", "needs another approval"
// a verb, not a word it begins ("fixtures", "handlers", "CHANGELOG", "correctly": attack 26)
String.raw `${UNNEGATED}\b(?:ADDRESS(?:ES|ED|ING)?|FIX(?:ES|ED|ING)?|RESOLV(?:E|ES|ED|ING)|CORRECT(?:S|ED|ING)?|` +
    String.raw `HANDL(?:E|ES|ED|ING)|CHANG(?:E|ES|ED|ING)|MUST|NEEDS?\s+TO|REQUIRED|` +
    String.raw `NEEDS?\s+(?:A|AN|ANOTHER)\s+(?:\w+\s+)?(?:RE-?REVIEW|REVIEW|LOOK|PASS))\b` +
    String.raw `[^.;]*\b(?:BEFORE|PRIOR\s+TO)\s+(?:(?:THIS\s+(?:PR\s+)?(?:IS\s+)?)?MERG(?:E|ED|ING)|` +
    // "… must be resolved before this lands" (attack 38)
    String.raw `(?:THIS|IT)\s+(?:LANDS|GOES\s+IN|SHIPS)|(?:YOU|WE)\s+(?:HIT\s+|PRESS\s+|CLICK\s+)?MERG\w*|` +
    // "Address H1 and H2 before starting Phase 4": a demand before the next phase the approval was for (held-out 25)
    String.raw `(?:STARTING|BEGINNING|PROCEEDING\s+(?:TO|WITH)|MOVING\s+(?:ON\s+)?TO)\s+` +
    String.raw `(?:THE\s+NEXT\b|PHASE|STAGE|MILESTONE|SPRINT))\b`);
/**
 * After an approval, a later line that holds the merge: "Hold off until that's sorted", "please don't merge yet",
 * "wait with merging". Only as a demand about the merge: not "hold off on adding flags", "don't merge with a merge
 * commit", "do not merge on the strength of this review alone", "don't merge it until …" (another PR: attack 26);
 * and not where its clause negates it, makes it a condition or tells an earlier hold ("I don't see a reason to hold
 * off", "if the canary goes red, hold off", "yesterday I said hold off …"). Who asked for it does not matter.
 */
const HOLD = new RegExp(String.raw `\b(?:HOLD\s+OFF(?:\s+(?:ON\s+)?MERG\w*)?|HOLD\s+THE\s+MERGE|` +
    String.raw `DON['’]?T\s+(?:MERGE|LAND)|DO\s+NOT\s+(?:MERGE|LAND)|` +
    String.raw `WAIT\s+(?:WITH|ON|BEFORE)\s+MERG\w*)(?:\s+(?:THIS(?:\s+PR)?|THE\s+PR))?` +
    String.raw `(?=\s*(?:$|[.!;:,—–-]|YET\b|FOR\s+NOW\b|UNTIL\b|TILL\b|BEFORE\b|JUST\s+YET\b))`, 'g');
/** What makes a hold in its clause no hold now: a negation, a condition, or a hold told as past or lifted. */
const HOLD_DENIED = /\b(?:NO|NOT|NEVER|NOTHING|IF|EARLIER|YESTERDAY|PREVIOUSLY|WAS|WERE|LIFTED)\b|N['’]T\b/;
/**
 * After an approval, a later line that asks for a change before the merge in another language: "Vor dem Merge …",
 * "Antes de fusionar …", "合并前请把…补回来", "Bitte aber noch …" (attack 38); not a maintainer's step, "合并前清理工作区"
 * (clean the workspace before merging: held-out 34).
 */
const BEFORE_MERGE_OTHER = /\b(?:(?:TO\s+DO|TODO|LEFT|REMAINING)\s+BEFORE\s+(?:YOU|WE)\s+(?:HIT\s+)?MERGE|VOR\s+DEM\s+(?:MERGE|MERGEN|ZUSAMMENF[ÜU]HREN)|ANTES\s+DE\s+(?:FUSIONAR|HACER\s+MERGE|MERGEAR|INTEGRAR)|AVANT\s+(?:DE\s+)?(?:MERGER|FUSIONNER)|BITTE\s+ABER)\b|合并前[^。]{0,4}?(?:请|需|必须|务必)|合併前[^。]{0,4}?(?:請|需|必須|務必)|マージ前に[^。]*(?:ください|必要)/;
function holdsMerge(upper) {
    for (const m of upper.matchAll(HOLD)) {
        // the clause the hold stands in: from the last sentence, comma, colon or dash break before it, "don't" itself
        // aside ("No blockers — hold off until the branch is cut" holds)
        const clause = upper
            .slice(0, m.index)
            .split(/[.;:!?,—–]|\b(?:SO|BUT|THEREFORE|HENCE)\b/)
            .at(-1);
        if (!HOLD_DENIED.test(clause))
            return true;
    }
    return false;
}
/**
 * After an approval, a key that says changes are still required: "**Modifications Required:** Minor (store name)",
 * "Required changes: 2"; not "Changes required: None", "Fixes needed: —" (held-out 19).
 */
const REQUIRED_KEY = new RegExp(String.raw `^(?:(?:CHANGES|FIXES|MODIFICATIONS|REVISIONS|AMENDMENTS)\s+(?:ARE\s+)?(?:STILL\s+)?(?:REQUIRED|NEEDED)|` +
    String.raw `REQUIRED\s+(?:CHANGES|FIXES|MODIFICATIONS|REVISIONS))\s*[:：]\s*` +
    String.raw `(?!(?:NONE|N\/A|NO|NOTHING|ZERO|0)\b|[-—–]|$)\S`);
/**
 * After a request for changes, a line that says they are all made: "the follow-up commit addresses all four
 * findings", "all blocking issues are now resolved"; not "once you address all of them" nor "not all fixed".
 */
const ALL_RESOLVED = new RegExp(String.raw `${UNNEGATED}(?<!\b(?:ONCE|IF|WHEN|UNTIL|AFTER)\b[^.;]*)` +
    String.raw `\b(?:(?:ADDRESS|FIX|RESOLV)(?:ES|ED)\s+(?:ALL|EVERY|EACH)\b|` +
    String.raw `(?:ALL\s+(?:\w+\s+){0,3}(?:FINDINGS|ISSUES|COMMENTS|BLOCKERS|ITEMS|POINTS|CONCERNS)|` +
    // "Every critical issue is resolved"
    String.raw `EVERY\s+(?:\w+\s+){0,2}(?:FINDING|ISSUE|COMMENT|BLOCKER|ITEM|POINT|CONCERN))\s+` +
    String.raw `(?:(?:ARE|IS|HAVE|HAS|BEEN|WERE|NOW|ALREADY)\s+){0,3}(?:FIXED|RESOLVED|ADDRESSED)\b)`);

;// CONCATENATED MODULE: ./src/core/intent-candidate.ts



/** Sets line `i`'s verdict word aside (see Reader.setAside); null, for a reader that gives none. */
function setAside(r, i, why) {
    r.setAside.push({ index: i, why });
    return null;
}
function candidate(index, reading, strength, offered, final, tokenIndex, tail, ...after) {
    const verdict = reading === 'conditional' ? 'APPROVE' : reading;
    const condition = conditionOf(reading, tail, ...after);
    // "Comment for now, approve once #1 is handled": the line names a second verdict
    const other = otherVerdict(verdict, tail);
    const verdicts = other ? [verdict, other] : [verdict];
    return { index, verdicts, strength, offered, final, tokenIndex, condition };
}
/** "Verdict: CORRECT": a verdict given in a word the grammar has no token for (short, not prose). */
function noteUnrecognised(r, i, strong, body) {
    const word = body.replace(/[^\p{L}\p{N} \-'’]+/gu, ' ').trim();
    const short = word.split(/\s+/).length <= 3 && word.length <= 24;
    if (strong && word && short && !/[.!?;，。；、]\s*\S/u.test(body))
        r.unrecognised.push({ index: i, word });
}
/** The first non-blank line after `i`. */
function nextLine(lines, i) {
    let j = i + 1;
    while (j < lines.length && !lines[j].trim())
        j++;
    return j;
}
/** The paragraph right after line `i` (not a heading, list item or table), upper-cased: conditions live there too. */
function following(r, i) {
    const k = nextLine(r.lines, i);
    if (k >= r.lines.length || /^\s*(#|\||[-+*]\s|\d+[.)]\s)/.test(r.lines[k]))
        return '';
    return plain(r.lines[k]).toUpperCase();
}

;// CONCATENATED MODULE: ./src/core/intent-short-words.ts
// The words of a short review in words — pure, part of "did you mean" (core/intent-short.ts reads with them): the
// phrases that are an approval said whole, the courtesies around it, what keeps a comment unread, and what an approval
// may say about after the merge.
/** A phrase that is an approval, whole ("this looks good to me", "LGTM", "I'm fine merging this in"). */
const APPROVAL = new RegExp('^(?:' +
    [
        String.raw `(?:(?:THIS|IT|ALL|EVERYTHING|THE\s+CHANGES?|CHANGES?|CODE)\s+)?(?:LOOKS?|READS?)\s+` +
            String.raw `(?:GOOD|GREAT|FINE|RIGHT|CORRECT|WELL)(?:\s+TO\s+ME)?(?:\s+NOW)?`,
        String.raw `LGTM(?:\s+TO\s+ME)?`,
        // "lgtm with the two small nits", "LGTM with one question": what it comes with is said to be small
        String.raw `LGTM\s+WITH\s+` +
            String.raw `(?:(?:A\s+FEW|SOME|ONE|TWO|THREE|A\s+COUPLE(?:\s+OF)?|THE(?:\s+(?:TWO|THREE|FEW))?)\s+)?` +
            String.raw `(?:(?:SMALL|MINOR|TINY|OPTIONAL)\s+)?(?:NITS?|NITPICKS?|QUESTIONS?)`,
        // "All of these look good", "Merged": the reviewer merged it (held-out 43, 50)
        String.raw `ALL\s+OF\s+(?:THESE|THEM|THIS)\s+LOOKS?\s+(?:GOOD|GREAT|FINE)(?:\s+TO\s+ME)?`,
        String.raw `MERGED(?:\s+(?:THIS|IT))?(?:\s+NOW)?`,
        String.raw `\+1\s+FOR\s+MERGING`,
        String.raw `MERGING(?:\s+(?:THIS|IT|NOW))?`,
        String.raw `SHIP\s+IT`,
        // "fine to rebase&merge", "happy to squash and merge" (held-out 47): GitHub's merge buttons by name
        String.raw `(?:I'M\s+|I\s+AM\s+)?(?:HAPPY|FINE|GOOD|OK(?:AY)?)\s+(?:TO|WITH)\s+` +
            String.raw `(?:(?:REBASE|SQUASH)\s*(?:&|AND|-)?\s*)?MERG(?:E|ING)` +
            String.raw `(?:\s+(?:THIS|IT))?(?:\s+IN)?`,
        String.raw `(?:I'M\s+|I\s+AM\s+)?FINE\s+MERGING\s+(?:THIS|IT)(?:\s+IN)?`,
        String.raw `HAPPY\s+TO\s+HAVE\s+(?:THIS|IT)\s+MERGED`,
        String.raw `(?:(?:THIS\s+IS|IT'S|IT\s+IS)\s+)?(?:GOOD|SAFE|OK(?:AY)?|READY)\s+TO\s+(?:GO|MERGE)`,
        // "Looks like these changes are good to go", "The changes are ready to land", "Ready for merge"
        String.raw `(?:(?:IT\s+)?LOOKS\s+LIKE\s+)?(?:(?:THIS|IT|THESE\s+CHANGES|THE\s+CHANGES)\s+(?:IS|ARE)\s+|IT'S\s+)?` +
            String.raw `(?:GOOD|READY)\s+TO\s+(?:GO|MERGE|LAND|SHIP)(?:\s+IN)?|READY\s+FOR\s+MERGE`,
        // "Changes approved", "Approving this"
        String.raw `(?:THE\s+)?CHANGES?\s+(?:ARE\s+)?APPROVED|APPROVING(?:\s+(?:THIS|IT))?`,
        // "Looking forward to merging it": the merge as the review's wish
        String.raw `(?:I'M\s+|I\s+AM\s+)?LOOKING\s+FORWARD\s+TO\s+MERGING\s+(?:THIS|IT)(?:\s+IN)?`,
        // "We can merge.", "This can go in now", "Let's merge it": the merge said as this review's decision
        String.raw `(?:WE|YOU)\s+CAN\s+MERGE(?:\s+(?:THIS|IT))?(?:\s+NOW)?`,
        String.raw `(?:THIS|IT)\s+CAN\s+GO\s+IN(?:\s+NOW)?`,
        String.raw `(?:LET'S|WE'LL|WE\s+WILL|I'LL|I\s+WILL)\s+MERGE\s+(?:THIS|IT)(?:\s+NOW)?`,
        // "Seems fine to me!", "Looks alright", "Looks fine to me overall": an approval in other words (not "works fine
        // for me", which may be a test report: attack 43)
        String.raw `SEEMS\s+(?:GOOD|FINE|OK(?:AY)?|ALRIGHT)(?:\s+TO\s+ME)?`,
        String.raw `(?:(?:THIS|IT|EVERYTHING|ALL)\s+)?LOOKS\s+(?:ALRIGHT|OK(?:AY)?)(?:\s+TO\s+ME)?`,
        String.raw `(?:(?:THIS|IT|EVERYTHING|ALL)\s+)?LOOKS\s+(?:GOOD|GREAT|FINE)(?:\s+TO\s+ME)?\s+OVERALL`,
        String.raw `(?:I'M\s+|I\s+AM\s+)?APPROVING(?:\s+(?:THIS|IT))?(?:\s+(?:TOO|AS\s+WELL))`,
        String.raw `FEEL\s+FREE\s+TO\s+MERGE(?:\s+(?:THIS|IT))?`,
        String.raw `(?:ADDING\s+)?MY\s+APPROVAL(?:\s+HERE)?|I\s+APPROVE(?:\s+(?:THIS|IT))?|APPROVED`,
        String.raw `SIEHT\s+GUT\s+AUS|ME\s+PARECE\s+BIEN|(?:内容は|コードは|変更は)?LGTM(?:です)?`,
        // the same, whole, in the languages reviews come in: Spanish, Portuguese, French, German, Italian, Korean,
        // Chinese, Japanese ("Parece bom", "C'est bon pour moi", "승인합니다"); not Cyrillic, which plain() reads
        // through its look-alike letters (attack 30's "NΟT"); not the words that also say "OK, thanks" to anything ("Va
        // bene", "Tudo bem", "Passt", "Alles gut": attack 41; "没问题", "좋습니다", "問題ありません", "C'est bon": attack 42)
        String.raw `SE\s+VE\s+BIEN|APROBADO|PARECE\s+BOM|APROVADO|C'EST\s+BON\s+POUR\s+MOI|APPROUVÉ|FREIGEGEBEN`,
        String.raw `MI\s+SEMBRA\s+(?:OK|BUONO|CORRETTO)|APPROVATO|승인(?:합니다|할게요|했습니다)|可以合并|可以合併|承認します`,
        // "このままマージしますね" (merging it as it is: held-out 50)
        String.raw `(?:このまま)?マージ(?:します|しますね|しておきます)`,
    ].join('|') +
    ')$');
/** A courtesy around it: thanks, praise, a sign-off. */
const COURTESY = new RegExp('^(?:' +
    [
        String.raw `THANKS?(?:\s+(?:A\s+LOT|SO\s+MUCH|AGAIN))?`,
        String.raw `THANK\s+YOU(?:\s+(?:SO\s+MUCH|AGAIN))?`,
        String.raw `(?:THANKS?|THANK\s+YOU)\s+FOR\s+(?:THE|THIS|YOUR)\s+` +
            String.raw `(?:FIX|PR|PATCH|WORK|CHANGES?|CONTRIBUTION|UPDATE|CLEANUP)`,
        // "thanks for going through all of these" (the review's comments, answered)
        String.raw `(?:THANKS?|THANK\s+YOU)\s+FOR\s+GOING\s+THROUGH\s+(?:ALL\s+(?:OF\s+)?)?(?:THESE|THEM|THOSE)`,
        // "thanks for tidying this up", "thanks for catching this", "thank you for picking it up"
        String.raw `(?:THANKS?|THANK\s+YOU)(?:\s+(?:SO\s+MUCH|A\s+LOT))?\s+FOR\s+` +
            String.raw `(?:TIDYING|CLEANING|FIXING|PICKING|CATCHING|DOING|WORKING\s+ON|ADDRESSING|HANDLING|UPDATING|` +
            String.raw `TACKLING|SORTING|IMPROVING|ADDING|WRITING|REVERTING)\s+(?:THIS|IT|THAT)` +
            String.raw `(?:\s+(?:UP|ON|OUT|IN))?`,
        String.raw `CHEERS|DANKE|MERCI|GRACIAS|ありがとうございます|確認しました`,
        // "特に問題なさそうなので" (no problem, so …): a reason, only beside an approval said whole (held-out 50)
        String.raw `(?:特に)?問題(?:なさそう|ない)(?:です)?(?:ので|なので)`,
        String.raw `OBRIGAD[OA]|MERCI\s+BEAUCOUP|DANKE\s+SCHÖN|GRAZIE|감사합니다|고맙습니다|谢谢|感谢|お疲れ様です`,
        String.raw `BOM\s+TRABALHO|BUEN\s+TRABAJO|BEAU\s+TRAVAIL|BON\s+TRAVAIL|GUTE\s+ARBEIT|OTTIMO\s+LAVORO`,
        String.raw `수고하셨습니다|고생하셨(?:습니다|어요)`,
        // a yes before the approval: "yep, looks good to me"
        String.raw `YES|YEP|YUP|YEAH`,
        String.raw `(?:VERY\s+|REALLY\s+)?(?:NICE|GREAT|EXCELLENT|AWESOME|NEAT)` +
            String.raw `(?:\s+(?:WORK|JOB|REFACTOR|CLEANUP|PR|PATCH|TESTS))?`,
        String.raw `GOOD\s+(?:WORK|JOB)|WELL\s+DONE`,
        String.raw `(?:I\s+)?(?:REALLY\s+)?(?:LIKE|LOVE)\s+(?:THIS|IT)`,
        // "Left a couple of optional suggestions inline." (held-out 45): said optional, whole, beside the approval
        String.raw `(?:I\s+)?LEFT\s+(?:A\s+FEW|A\s+COUPLE(?:\s+OF)?|SOME|TWO|THREE)\s+(?:OPTIONAL|NON-?BLOCKING)\s+` +
            String.raw `(?:SUGGESTIONS|COMMENTS|NITS|NOTES)(?:\s+INLINE)?`,
        // agreement, not an approval by itself: "Sounds good" answers what was said before it
        String.raw `SOUNDS\s+GOOD(?:\s+TO\s+ME)?`,
    ].join('|') +
    ')$');
/**
 * What keeps it unread even so, anywhere in the body (a second guard: the allowlist already refuses any phrase it
 * does not know): a negation with or without its apostrophe, a hedge, a condition, a hold, a report, a withdrawal.
 */
const NOT_PLAIN = new RegExp(String.raw `[?？؟‽⁇⁈⁉⸮⸘"“”]|` +
    String.raw `\b(?:IS|ARE|WAS|WERE|DO|DOES|DID|CAN|COULD|WOULD|SHOULD|WON|HAVE|HAS|HAD|AIN|MUST|NEED)N'?T\b|` +
    String.raw `\b(?:NOT|CANNOT|NEVER|NO|NOTHING|NONE|ZERO|HARDLY|BARELY|FAR|NOWHERE|MOSTLY|ALMOST|NEARLY|` +
    String.raw `BUT|EXCEPT|UNLESS|IF|ONCE|WHEN|UNTIL|TIL|AFTER|BEFORE|THEN|ASSUMING|MODULO|APART|SOON|PROVIDED|` +
    String.raw `WAIT\w*|HOLD\w*|PENDING|STILL|YET|SAID|SAYS|THINKS?|MENTIONED|RETRACT\w*|DISMISS\w*|WITHDRAW\w*|` +
    String.raw `ONLY|PART|SIDE|WOULD|COULD|SHOULD|MIGHT|MUST|NEEDS?|FAIL\w*|BREAK\w*|BROKE\w*|MISSING|LOL|WRONG|` +
    String.raw `NOPE|KIDDING|SARCASM)\b`);
/** What a reminder may be about: the changelog, the docs, the wiki, a ticket — not the code. */
const NOTES = String.raw `(?:CHANGELOG|CHANGE\s+LOG|RELEASE\s+NOTES?|DOCS|DOCUMENTATION|WIKI|README)` +
    String.raw `(?:\s+(?:ENTRY|LINE|NOTE|PAGE|SECTION))?`;
/**
 * What an approval may say about after the merge, said whole as a clause: a reminder for after it ("Don't forget
 * to update the wiki page once this is merged"), a note for the changelog or the docs, what it does not ask for. Work
 * put to a separate PR is not among them: what is put off may be part of this PR (attack 42: "the public API rename
 * should be handled in a separate PR" asks to split it).
 */
const AFTERCARE = new RegExp('^(?:' +
    [
        // "Don't forget to update the wiki page once this is merged"
        String.raw `(?:JUST\s+)?(?:PLEASE\s+)?(?:DON'T\s+FORGET|REMEMBER)\s+TO\s+` +
            String.raw `(?:UPDATE|ADD|BUMP|MENTION|TAG|ANNOUNCE|CLOSE)\s+(?:THE\s+|A\s+|AN\s+)?(?:[A-Z-]+\s+)?` +
            String.raw `(?:${NOTES}|ISSUE|TICKET|VERSION|ANNOUNCEMENT)\s+(?:ONCE|AFTER|WHEN)\s+` +
            String.raw `(?:THIS|IT)\s+(?:IS\s+|GETS\s+|'S\s+|HAS\s+BEEN\s+)?(?:MERGED|LANDED|RELEASED|IN)`,
        // "just remember to add a line to the changelog before it goes in"
        String.raw `(?:JUST\s+)?(?:PLEASE\s+)?(?:DON'T\s+FORGET|REMEMBER)\s+TO\s+(?:ADD|UPDATE|BUMP|WRITE)\s+` +
            String.raw `(?:(?:A|AN|ONE)\s+(?:LINE|NOTE|ENTRY)\s+(?:TO|IN|FOR)\s+)?(?:THE\s+|A\s+|AN\s+)?${NOTES}` +
            String.raw `(?:\s+BEFORE\s+(?:IT|THIS)\s+(?:GOES\s+IN|LANDS|IS\s+MERGED|GETS\s+MERGED))?`,
        // what the approval does not ask for: "nothing stands out as a problem", "no further comments from me"
        String.raw `NOTHING\s+(?:ELSE\s+)?STANDS\s+OUT(?:\s+AS\s+A\s+PROBLEM)?|NOTHING\s+(?:ELSE\s+)?TO\s+ADD|` +
            String.raw `NO\s+(?:FURTHER\s+|MORE\s+|OTHER\s+)?(?:COMMENTS|CONCERNS|OBJECTIONS)(?:\s+FROM\s+ME)?(?:\s+HERE)?`,
    ].join('|') +
    String.raw `)[.!,;]*$`);
/** Who presses the button, asked after the approval: "Am I allowed to merge this?", "Or do you want to do it?" */
const WHO_MERGES = new RegExp(String.raw `^(?:(?:(?:AM\s+I|ARE\s+YOU)\s+ALLOWED\s+TO|CAN\s+(?:I|YOU)|SHOULD\s+(?:I|YOU)|SHALL\s+I|` +
    String.raw `DO\s+YOU\s+WANT\s+(?:ME\s+)?TO)\s+MERGE\s+(?:THIS|IT)(?:\s+(?:MYSELF|YOURSELF|NOW))?|` +
    String.raw `OR\s+DO\s+YOU\s+WANT\s+(?:ME\s+)?TO\s+DO\s+IT)[?.!]*$`);
/** A line's text without its sentences about after the merge (AFTERCARE). */
function withoutAftercare(text) {
    const clauses = text.split(/(?<=[.!?,;])\s+/);
    return clauses
        .filter((x) => !AFTERCARE.test(x.trim()) && !WHO_MERGES.test(x.trim()))
        .join(' ')
        .replace(/[,;]\s*$/, '');
}

;// CONCATENATED MODULE: ./src/core/intent-short.ts


/** At most this many lines of prose, and this many characters of it. */
const MAX_LINES = 4;
const MAX_CHARS = 300;
/** The faces and signs a plain approval may carry: a smile, a thumbs-up, a tick, a party, a heart. */
const GOOD_SIGNS = /👍|✅|✔️?|🎉|🚀|❤️?|🙏|😊|🙂|😀|😄|👏|💯|✨|🙌|:-?\)|:D|\uFE0F/gu;
/** The same signs as GitHub's shortcodes (":shipit:", ":+1:"): taken off before the words are read. */
const GOOD_CODES = /:(?:shipit|\+1|thumbsup|tada|rocket|heart|clap|white_check_mark):/gi;
const COMMENT_LINE = /^\s*<!--.*-->\s*$/;
/**
 * A face or a sign other than the good ones, an emoji shortcode, a sarcasm tag: "🤔", "💀", ":/", ";)", "-_-",
 * ">_>", "^^;", ":thinking:", "/s" — what it adds is its meaning, and it is not an approval's (attacks 30, 31).
 */
function saysMore(raw) {
    const rest = raw.replace(GOOD_SIGNS, '').replace(GOOD_CODES, '');
    return (/[\p{Extended_Pictographic}\u2190-\u2BFF\u2E2E\u2E18]/u.test(rest) ||
        /[:;=8][-']?[/\\(|[\]pPoO3*)]|-_-|\^\^|[<>]_[<>]|:[a-z_]+:|(?:^|\s)\/s(?:arcasm)?\b/iu.test(rest) ||
        face(rest));
}
/**
 * Two or more signs together that are not a sentence's punctuation ("!", "...", "!)", "(thanks).", "--"): a face of
 * any make — "-.-", ";_;", "):", "/:", "(¬_¬)", "•_•", "._.", a full-width "(－_－)" — which the list above cannot name
 * one by one (attack 40: twenty faces through it). Emphasis around words ("**LGTM**") is markup, not a sign (a
 * read-through: it had made "**LGTM**" a face); a single sign never counts ("rebase&merge", "squash-merge").
 */
function face(text) {
    const bare = text.replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/gu, '$2');
    const runs = bare.match(/[^\p{L}\p{N}\s]{2,}/gu) ?? [];
    return runs.some((r) => !/^(?:[(]?[.!?,…。！、]*[)]?[.!?,…。！、]*|-{2,3}|&&)$/u.test(r));
}
/**
 * In a comment of a few lines (the size the short reader reads), a verdict token that opens the closing line or
 * stands alone is read only when nothing but punctuation or a good sign follows it ("LGTM!", "Approved 👍") and
 * every other line is a courtesy or an approval said whole ("Thanks for the fix!"): what a short comment adds
 * around its token — "LGTM — scratch that", "Blocked — upstream, not this PR", "Approved — the design doc, not
 * the code", "LGTM 💀", "LGTM.\n\nNot.", "LGTM\n<!-- wrong tab, this was for #812 -->" — is its whole meaning
 * (attack 31).
 */
function saysMoreThanItsToken(lines, i) {
    const prose = lines.filter((l) => l.trim() && !COMMENT_LINE.test(l));
    if (prose.length > MAX_LINES || prose.join(' ').length > MAX_CHARS || prose.some((l) => reportShape(l)))
        return false;
    const raw = lines[i];
    if (marked(raw))
        return true;
    const lead = leadingVerdict(plain(raw).toUpperCase());
    if (!lead || !/^[\s.!！。]*(?:です|だ|っす)?[\s.!！。]*$/.test(lead.rest))
        return true;
    if (NOT_PLAIN.test(hiddenText(lines)))
        return true;
    return lines.some((l, k) => k !== i && l.trim() && !COMMENT_LINE.test(l) && (marked(l) || !allowed(upper(l))));
}
/** Struck, marked up, a link, an @mention, or a face or sign other than the good ones. */
function marked(raw) {
    return saysMore(raw) || /~|<[a-z/!]|\[[^\]]*\]\(|@[\w-]/i.test(raw) || QUOTED.test(raw);
}
/**
 * Words in quotation marks other than double ones (NOT_PLAIN has those): guillemets, corner brackets, a low or an
 * opening single quote, or single quotes around a phrase — "«Looks good to me»", "「LGTM」", "'LGTM' :)" — quote
 * someone, or mock (attack 40); an apostrophe inside a word ("I'm", "it’s") is not one.
 */
const QUOTED = /[«»「」『』„‚‘‹›]|(?:^|[\s(])['’][^'’\n]*['’](?=$|[\s.,!?)])/u;
/**
 * What the body's HTML comments say, upper-cased: no prose, but they may take an approval back. Only a marker or a
 * key with a one-word value ("<!-- reviewer: dana -->") is metadata; any other comment says something the reader of
 * the review does not see ("<!-- placeholder, real review tomorrow -->", "<!-- reviewed the 2.x backport -->":
 * attack 33), and is returned as a question, which NOT_PLAIN refuses.
 */
function hiddenText(lines) {
    const comments = lines.filter((l) => COMMENT_LINE.test(l));
    // … and no marker that says the review is not finished: "<!-- draft -->", "<!-- wip -->", "<!-- todo: … -->"
    const meta = (l) => {
        const m = /^\s*<!--\s*(?:([\w.-]+)(?:\s*[:=]\s*([\w.@/-]+))?)?\s*-->\s*$/.exec(l);
        // only a key that says who or what wrote the review, or when: "<!-- reviewer: dana -->", "<!-- generated-by:
        // reviewbot -->"; any other word may take the approval back — "<!-- nack -->", "<!-- jk -->", "<!-- pr: #812 -->",
        // "<!-- scope: docs -->", "<!-- event: COMMENT -->" (attack 40: 26 of them through "any one word")
        return !!m && (!m[1] || META_KEY.test(m[1])) && !UNFINISHED.test(l.toUpperCase());
    };
    if (comments.some((l) => !meta(l)))
        return '?';
    return plain(comments.join(' ').replace(/<!--|-->/g, ' ')).toUpperCase();
}
/** HTML comment keys that are metadata: a marker, who or what wrote the review, for which run or commit, when. */
const META_KEY = /^(?:marker|persona-verdict(?:-marker)?|reviewer|review-?id|author|persona|model|agent|bot|generated(?:-by)?|auto-?generated|tool|version|run(?:-?id)?|job|build|sha|commit|head|trace(?:-?id)?|request(?:-?id)?|session|timestamp|date|time|id|lang|language|signature|sig|hash|checksum)$/i;
/** A marker of a review not finished yet (attack 37). */
const UNFINISHED = /\b(?:DRAFT|WIP|TODO|FIXME|TBD|UNFINISHED|INCOMPLETE|PLACEHOLDER|PENDING|PARTIAL|IN-?PROGRESS|ONGOING)\b/;
/** A line's plain text, upper-cased, its apostrophes one character. */
const upper = (line) => plain(line.replace(GOOD_CODES, ' '))
    .replace(/[’‘ʼ`´]/g, "'")
    .toUpperCase();
/** Is every phrase of the text an approval said whole or a courtesy? */
const allowed = (text) => phrases(text).every((p) => APPROVAL.test(p) || COURTESY.test(p));
/** A line that opens with a label and a colon ("**Status:** …", "Score: 3/10", "Fazit: …"): a report's shape. */
const LABELLED = /^[\s*_>]*[\p{L}\p{N}][\p{L}\p{N} '’-]{0,30}[*_]*\s*[:：](?=[\s*_]|$)/u;
/** A heading, a table, a list, a quote or a labelled line: a report's shape (or another's words), not a comment's. */
function reportShape(line) {
    return /^\s*(?:#|\||>|[-+*]\s|\d+[.)]\s|<!--)/.test(line) || LABELLED.test(line);
}
/** The phrases of a text: split at sentence and clause marks, @mentions and decoration taken off each. */
function phrases(text) {
    return text
        .split(/[,.!;:…。！、\n]+|\s[—–-]+\s|[()]/u)
        .map((p) => p
        .replace(/^[^\p{L}\p{N}+]+|[^\p{L}\p{N}]+$/gu, '')
        .replace(/\s+/g, ' ')
        .trim())
        .filter(Boolean);
}
/**
 * The lines with the name the comment opens on taken off ("@kiril Seems fine to me!"): it says whom the comment is
 * for, the PR's author. Only when it is the body's one mention and words follow it that are not a report of what the
 * one named did: "@alice approved", "@carol thinks this looks good", "Per @bob, LGTM" keep theirs, and are refused as
 * said about someone.
 */
function addressee(lines, skip) {
    const first = lines.findIndex((l, i) => !skip.has(i) && l.trim() && !COMMENT_LINE.test(l));
    if (first < 0 || lines.join('\n').match(/@/g)?.length !== 1)
        return lines;
    // words that say what the one named did ("@alice approved", "@bob thinks …") are about that one, not to them
    const m = /^\s*@[\w-]+[,:]?\s+(?=[\p{L}\p{N}])(?!\p{L}+ED\b|(?!(?:LOOKS|SEEMS|READS)\b)\p{L}+S\b)/iu.exec(lines[first]);
    if (m)
        return lines.map((l, i) => (i === first ? l.slice(m[0].length) : l));
    // the name alone on the first line ("@hanako-t" / "確認しました。…"), or after the closing thanks ("…, merged --
    // thanks @rverma!")
    if (/^\s*@[\w-]+[,:]?\s*$/.test(lines[first]))
        return lines.map((l, i) => (i === first ? '' : l));
    const thanks = /\b(THANKS?|THANK\s+YOU)\s+@[\w-]+(?=[\s.!]*$)/i;
    return lines.map((l) => l.replace(thanks, '$1'));
}
/** The approval a short body says in words, and the line it says it on; null when it is not short or not plain. */
function shortReview(lines, skip) {
    const prose = [];
    const shown = addressee(lines, skip);
    for (let i = 0; i < shown.length; i++) {
        const raw = shown[i];
        if (skip.has(i) || !raw.trim() || COMMENT_LINE.test(raw))
            continue;
        // a heading, a table or a list is a report's shape, not a comment's; a quote brings someone else's words
        if (reportShape(raw))
            return null;
        const text = withoutAftercare(upper(raw));
        if (text)
            prose.push({ index: i, text });
    }
    if (!prose.length || prose.length > MAX_LINES)
        return null;
    // nothing set apart (code, a quote), addressed to or about someone, struck, marked up, or said with a face
    // other than a smile or a thumbs-up: "Looks good 🤔", "Ship it :/", "<sarcasm>Looks great</sarcasm>", "@alice +1"
    if ([...skip].some((i) => lines[i]?.trim()) || shown.some((l) => !COMMENT_LINE.test(l) && marked(l)))
        return null;
    // an HTML comment is no prose, but it may take the approval back ("<!-- withdrawn: found a race -->")
    const all = prose.map((p) => p.text).join(' ');
    if (all.length > MAX_CHARS || NOT_PLAIN.test(all) || NOT_PLAIN.test(hiddenText(lines)))
        return null;
    if (!prose.every((p) => allowed(p.text)))
        return null;
    const approving = prose.filter((p) => phrases(p.text).some((x) => APPROVAL.test(x)));
    return approving.length ? { verdict: 'APPROVE', index: approving.at(-1).index } : null;
}

;// CONCATENATED MODULE: ./src/core/intent-key-words.ts
// The words of a verdict key — pure, part of "did you mean" (core/intent.ts): which keys introduce a verdict (strong
// ones give the review's, weak ones may describe one item), where they stand on a line, and what marks a key or its
// value as someone else's, a tool's, an earlier pass's or a part's. How a key's line is read: core/intent-key.ts.
/** Keys a verdict is introduced by: strong ones give the review's verdict, weak ones may describe one item. */
const FINAL = String.raw `FINAL|UPDATED|REVISED|CURRENT|ROUND\s*\d+|RE-?REVIEW`;
const STRONG = String.raw `VERDICT|DECISION|VEREDICTO|DECISI[OÓ]N|DECIS[AÃ]O|D[EÉ]CISION|ENTSCHEIDUNG|URTEIL`;
const WEAK = String.raw `RECOMMENDATION|RECOMENDACI[OÓ]N|EMPFEHLUNG|OUTCOME|RESULT|STATUS|ESTADO|OVERALL\s+ASSESSMENT|` +
    String.raw `CONCLUSION|FAZIT|SCORE|OVERALL\s+CALL|RECOMMENDED\s+ACTION|الحالة`;
const STRONG_KEY = new RegExp(String.raw `^(?:${STRONG}|\p{Script=Han}+)$`, 'u');
const KEY = new RegExp(String.raw `(?<![A-Z0-9_])(?:(${FINAL})\s+)?(?:(${STRONG})|(${WEAK}))(?![A-Z0-9_])`, 'g');
/** The same in Chinese and Japanese (no word boundaries there). */
const CJK_KEY = /(?:结论|結論|建议|建議|推荐|推薦|决定|決定|决策|決策|判定|审查结果|審査結果|审查意见|審查意見|推奨|総合評価|综合评价|总体评价|總體評價)\p{Script=Han}{0,3}/gu;
/** What may stand before a key that opens its line: decoration, a heading or list mark, a bracket. */
const OPENS = /^[\s#>*_\-+\d.)[\]]*$/;
/** A weak key qualified by a tool or a check ("Build status", "CI result", "Test outcome"). */
const OF_A_TOOL = 
// or of a document, a ticket or another team's sign-off: "Design doc status: Approved", "The ticket status is
// APPROVED" (attack 37)
/\b(?:BUILD|CI|CD|TESTS?|PIPELINE|CHECKS?|DEPLOY(?:MENT)?|LINT(?:ER)?|COVERAGE|SCAN|JOB|WORKFLOW|DOC(?:UMENT)?S?|DESIGN|TICKET|ISSUE|RFC|ADR|TASK|STORY|EPIC|BUDGET|LEGAL|QA|PM|PRODUCT|COMPLIANCE|CANARY|ROLLOUT|PR\s*\(?\s*#?\d+\s*\)?)\s*$/;
/** Words that date a pass of a review before this one ("previous", "initial", "yesterday's"); with a pass word,
 * "first", "1st" and "last" too. Shared with intent-doubts.ts, which reads them in a section's title. */
const EARLIER = String.raw `PREVIOUS|PRIOR|EARLIER|OLD|ORIGINAL|INITIAL|YESTERDAY'?S?`;
/** A pass of a review: "first-pass", "last review's", "prior-round". */
const PASS_WORDS = String.raw `PASS|ROUND|REVIEW|LOOK|CYCLE|ITERATION|ATTEMPT`;
const PASS = String.raw `[\s-]+(?:${PASS_WORDS})(?:'?S)?`;
/**
 * "Previous verdict: …", "First-pass verdict: …" (held-out 38), "Initial-pass", "1st-pass", "Pre-rebase",
 * "Before-fixes", "Yesterday's", "Original review", "Earlier review's", "Last review's", "v1" (attack 32) report
 * history, not this review's decision. Not "Pre-merge verdict" (the verdict before the merge, this one), nor
 * "Round 1 verdict" (a persona's first round is its current verdict; a later round after it: earlierRound).
 */
const HISTORY = new RegExp(String.raw `\b(?:(?:${EARLIER})(?:${PASS})?|` +
    String.raw `(?:FIRST|1ST|LAST)${PASS}|(?:PRE|BEFORE)[\s-]+(?:REBASE|FIX(?:ES)?|PUSH|UPDATE|CHANGES?)|V1)\s*$`);
/** "Stage 1 verdict: PASS", "Part 2 status": one part of the review, outranked by any verdict after it. */
const PART = /\b(?:STAGE|STEP|PART|SECTION)\s*\d+\s*$/;
/** "Status da Revisão:", "Status of the review:", "Estado de la revisión:": a key said of the review. */
const OF_THE_REVIEW = /^\s*(?:OF\s+THE|OF|DA|DO|DE\s+LA|DEL|DE|DER|DES|DU)\s+(?:REVIEW|REVIS[ÃA]O|REVISI[OÓ]N|REVISION)\s*[:：]\s*/;
/** A pull request's metadata after a value on its line ("| Author: @x", "· Files: 14"): the line is the PR's state. */
const PR_METADATA = /[|·•,;]\s*(?:AUTHOR|FILES(?:\s+CHANGED)?|COMMENTS|COMMITS|BRANCH|BASE|CREATED|UPDATED|MERGED|LABELS|REVIEWERS|ADDITIONS|DELETIONS)\s*[:：]/;
/** Tokens that are a tool's, a rubric's or a finding's result rather than a review's verdict (narrow readings). */
const TOOL_RESULT = /^(?:PASS|FAIL|BLOCK|CLEA|GO|MERGE|ACCEPT|REJECT|SHIP)/;
/** A "Recommended action" verdict: "DO NOT MERGE"; not "**Block** requests …", "FAIL FAST", "Merge — keep one". */
const ACTION_VERDICT = /^(?:DO NOT|APPROV|REQUEST|CHANGES|LGTM)/;
/** A Markdown heading; its level is the length of the first group. */
const HEADING = /^\s*(#{1,6})\s/;
/** A line that opens no plain paragraph: a heading, a quote, a table row, a list item. */
const NOT_PARAGRAPH = /^\s*(#|>|\||[-+*]\s|\d+[.)]\s)/;
const ARABIC = /\p{Script=Arabic}/u;
/** A key given for one file or someone else: "\`utils.ts\` verdict: …", "@codebot's verdict: …". */
const NOT_THIS_REVIEWS = 
// … or by one of several sub-reviewers this body reports: "Security persona verdict: APPROVE" (attack 37)
// or the author's self-review, or a named reviewer's ("Security Reviewer verdict:"; not "Final reviewer verdict")
/(?:\b[\w/.-]+\.[A-Z]{1,5}|@[\w-]+['’]S|\b[A-Z][\w-]*\s+(?:PERSONA|AGENT|BOT|LENS|LANE|SUB-?REVIEWER)['’]?S?|\bSELF-?REVIEW|\b(?:DOCS?|DOCUMENTATION|README|FRONT-?END|BACK-?END|UI|UX|INFRA)|\b(?!MY\b|OUR\b|THIS\b|ITS\b|THE\b|REVIEWER['’]S\b|TODAY['’]S\b|PR['’]S\b|PANEL['’]S\b)[A-Z][\w-]*['’]S|\b(?!FINAL\b|LEAD\b|MY\b|OUR\b|THIS\b|OVERALL\b|PANEL\b|CODE\b|PR\b)[A-Z][\w-]*\s+REVIEWER['’]?S?)\s*$/;
/** "## Urteil des Reviewers", "## Verdict of the review panel": a verdict heading said of whom gives it. */
const OF_THE_REVIEWER = /^\s*(?:OF|FROM|BY|DES|DER|VON|DU|DE|DEL|DA|DO)\s+(?:THE\s+|LA\s+|EL\s+)?(?:REVIEW\w*|PANEL|COUNCIL|BOARD|COMMITTEE|TEAM|AUDITOR\w*|GUTACHTER\w*|PR[UÜ]FER\w*|RELECTEUR\w*|REVISOR\w*)(?:\s+(?:PANEL|TEAM|BOARD))?\s*$/;
const BOX = /\[( |x|X)\]/;
function keysOf(upper) {
    const out = [];
    for (const m of upper.matchAll(KEY)) {
        const name = (m[2] ?? m[3] ?? '').replace(/\s+/g, ' ');
        out.push({ at: m.index, end: m.index + m[0].length, strong: !!m[2], final: !!m[1], name });
    }
    for (const m of upper.matchAll(CJK_KEY))
        out.push({ at: m.index, end: m.index + m[0].length, strong: true, final: false, name: m[0] });
    return out.sort((a, b) => a.at - b.at);
}

;// CONCATENATED MODULE: ./src/core/intent-key-code.ts
// A verdict key or token written as code — pure, part of "did you mean" (core/intent-key.ts): code quoted in prose
// (`DECISION="REQUEST_CHANGES"`) is not the review's key, and a token in a code span used as a noun ("`APPROVE`
// events") is not its verdict; the verdict written as code ("`## VERDICT: REQUEST_CHANGES`") is read (held-out 40,
// attack 34).


/** Code syntax in a code span: an assignment, a call, a string, a block ("`DECISION=\"REQUEST_CHANGES\"`"). */
const CODE_SYNTAX = /[=(){}"$;<>]|->/;
/**
 * The key is written inside a code span that holds code (`DECISION="REQUEST_CHANGES"`, held-out 40): code quoted in
 * prose, not the review's key. A span that holds the verdict as words ("`## VERDICT: REQUEST_CHANGES`", "**Verdict:**
 * `APPROVE`", "`VERDICT:` APPROVE") is the verdict written as code, and read (attack 34).
 */
function inCode(raw, upper, key) {
    if (!raw.includes('`'))
        return false;
    const mask = (m) => (CODE_SYNTAX.test(m) ? `\`${'\u2591'.repeat(m.length - 2)}\`` : m);
    const masked = plain(raw.replace(/`[^`]*`/g, mask)).toUpperCase();
    if (masked.length === upper.length)
        return masked.slice(key.at, key.end) !== upper.slice(key.at, key.end);
    const outside = plain(raw.replace(/`[^`]*`/g, (m) => (CODE_SYNTAX.test(m) ? ' ' : m))).toUpperCase();
    return !keysOf(outside).some((k) => k.name === key.name);
}
/** What a verdict token names when it is used as a noun: "`CHANGES_REQUESTED` reviews", "`APPROVE` events". */
const NAMED = new RegExp('^(?:REVIEWS?|EVENTS?|STATES?|STATUS(?:ES)?|LABELS?|VERDICTS?|DECISIONS?|TOKENS?|VALUES?|OUTCOMES?|' +
    'RESULTS?|LINES?|ENTRY|ENTRIES|CASES?|PATHS?|BRANCH(?:ES)?|FIELDS?|KEYS?|STRINGS?|TYPES?|HANDLERS?|COMMENTS?|' +
    'CHECKS?|RUNS?|MODES?|FLAGS?|ENUMS?|CONSTANTS?|ACTIONS?|OPTIONS?)$');
/** The token, in any case, as a pattern: its spaces may be written as "_" or "-". */
const anyCase = (token) => [...token]
    .map((ch) => (/[A-Z]/.test(ch) ? `[${ch}${ch.toLowerCase()}]` : /\s/.test(ch) ? '[\\s_-]+' : escapeRe(ch)))
    .join('');
/**
 * The verdict token in a code span is used as a noun (held-out 40; attack 34): "Decision: `CHANGES_REQUESTED`
 * reviews from advisory bots …", "``VERDICT: APPROVE`` lines are accepted anywhere", under a verdict heading
 * "`APPROVE` reviews from the bot account do not count". Not "`REQUEST_CHANGES` due to …" (a reason follows).
 */
function named(raw, token) {
    // the token's first occurrence on the line is the one read: "Request changes until `request_changes` events …"
    const first = new RegExp(anyCase(token), 'u').exec(raw);
    if (!first || !/`[^`]*$/.test(raw.slice(0, first.index)))
        return false;
    const noun = /^\s*`+\s+([\p{L}-]+)/u.exec(raw.slice(first.index + first[0].length))?.[1];
    return !!noun && NAMED.test(noun.toUpperCase());
}

;// CONCATENATED MODULE: ./src/core/intent-key-list.ts


/** "Status: Changes requested" under a "## Decision" heading: the key that opens the line, and its value. */
function innerKey(text) {
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
function listDisagrees(lines, j, verdict) {
    const base = verdict === 'conditional' ? 'APPROVE' : verdict;
    let condition;
    for (let k = j + 1; k < lines.length && (LIST_ITEM.test(lines[k]) || /^(\s|$)/.test(lines[k])); k++) {
        if (!LIST_ITEM.test(lines[k]))
            continue;
        const text = plain(lines[k]);
        const labelled = /^([^:：]{1,40})[:：]\s*(.*)$/u.exec(text);
        // "- Previous round: REQUEST CHANGES", "- Previously: Request changes (resolved)": history, not a second verdict
        if (labelled && LIST_HISTORY.test(labelled[1].toUpperCase()))
            continue;
        const value = innerKey(text)?.value ?? labelled?.[2] ?? text;
        const other = leadingVerdict(value);
        if (!other || TOOL_RESULT.test(other.token) || NOT_GIVEN.test(other.rest) || /^\s*[:：]/.test(other.rest))
            continue;
        if (!TOKEN_TAIL.test(other.rest))
            continue;
        if (other.verdict === 'CHANGES_REQUESTED' && /\b(?:ADDRESSED|RESOLVED|FIXED)\b/.test(other.rest))
            continue;
        const named = other.verdict === 'conditional' ? 'APPROVE' : other.verdict;
        // "- Frontend: Conditional approval" under "- Approve": the approval waits on it; the list goes on
        if (other.verdict === 'conditional' && verdict !== 'conditional')
            condition ??= text.slice(0, 60);
        if (named !== base)
            return { other: named, condition };
    }
    return { condition };
}
/**
 * A list item's label that reports an earlier state: "Previous round", "Previously", "Round 1". Not "Before …":
 * "- Before merge: Request changes" is a demand now, and skipping it would let the first item's approval stand.
 */
const LIST_HISTORY = /\b(?:PREVIOUS(?:LY)?|PRIOR|EARLIER|OLD|ORIGINAL|INITIAL(?:LY)?|LAST\s+ROUND|ROUND\s*\d+)\b/;

;// CONCATENATED MODULE: ./src/core/intent-key.ts
// Where a key gives a review's verdict — pure, part of "did you mean" (core/intent.ts): the verdict keys (strong ones
// give the review's verdict, weak ones may describe one item), "Key: value" on its line, a key heading whose token
// stands on the next line (or a "Key: value" under it), and the list under such a heading that names a second verdict
// (core/intent-key-list.ts). The key words themselves: core/intent-key-words.ts; a key or token written as code:
// core/intent-key-code.ts. Every other form a line gives a verdict in: core/intent-line.ts.







/** A line that gives a verdict after a key ("Verdict: X", "the verdict is X"), or a key heading. */
function keyedAt(r, i, text) {
    const upper = text.toUpperCase();
    const raw = (0,grammar/* skeleton */.qV)(unescapeU(r.lines[i]));
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
        if (inCode(raw, upper, key))
            continue;
        const c = readKey(r, i, upper, raw, key);
        if (c === STOP)
            return null;
        if (c)
            return PART.test(before) ? { ...c, part: true } : c;
    }
    return null;
}
const STOP = 'stop';
/** A program's run state, written as code: not a review's verdict. */
const RUN_STATE = /^(?:blocked|pending|running|waiting|queued|in[_-]progress|skipped|errored|error|done|completed?)$/;
/** Words that, in the sentence a set-off approval opens, take it back or narrow it. */
const SCOPED_SENTENCE = /\b(?:NOT|NEEDS?|ONLY|EXCEPT|BUT|HOWEVER|PATH|PART|DIRECTION|IDEA|APPROACH|CONCEPT)\b|N['’]T\b/;
/** "Still" before a verdict key's token, in the languages the keys are read in. */
const STILL = /^\s*[*_]*(?:STILL|TODAV[IÍ]A|A[UÚ]N|AINDA|NOCH|TOUJOURS|IMMER\s+NOCH)[*_]*\s+/;
/** "Cycle 1 result: …" in a body that goes on to a cycle 2: the verdict of an earlier round, not the review's. */
function earlierRound(lines, i, keyText) {
    const round = [...keyText.matchAll(/\b(CYCLE|ROUND|ITERATION|PASS)\s*#?(\d+)\b/g)].at(-1);
    if (!round)
        return false;
    // the later round opens its line ("### Cycle 2", "Round 3:"), not "fails on cycle 3 of the loop"
    const later = new RegExp(`^\\s*${round[1]}\\s*#?(\\d+)\\b`);
    return lines.slice(i + 1).some((l) => Number(later.exec(plain(l).toUpperCase())?.[1] ?? 0) > Number(round[2]));
}
/** The verdict one key gives on line i, null to try the line's next key, STOP when the line gives none. */
function readKey(r, i, upper, raw, key) {
    const afterKey = upper.slice(key.end);
    // "> **Status**: APPROVED | **Author**: @tmarlow | **Files**: 14": the pull request's state in its metadata
    if (!key.strong && PR_METADATA.test(afterKey))
        return STOP;
    const explicit = /^\s*(\([^)]*\)\s*)?(:|：|=|IS\b)/.test(afterKey) || OF_THE_REVIEW.test(afterKey);
    const opens = OPENS.test(upper.slice(0, key.at));
    const score = key.name === 'SCORE';
    if (key.at >= 20 && !explicit)
        return null;
    // "Build status: ready for deployment", "CI status: passed": the state of a tool, not the review's verdict
    if (!key.strong && OF_A_TOOL.test(upper.slice(0, key.at)))
        return leadingVerdict(afterKey.replace(/^[\s:：=()\-—–]*/, ''))
            ? setAside(r, i, "a tool's or another party's")
            : null;
    // "## Urteil des Reviewers": the token on the next line, standing as a token in a paragraph of its own
    if (key.strong && opens && HEADING.test(r.lines[i]) && OF_THE_REVIEWER.test(afterKey))
        return splitHeading(r, i, key, true) ?? STOP;
    // "## Verdict" alone on its line: the token is on the next non-blank line
    if (!/\p{L}/u.test(afterKey.replace(/[:：=—–-]/g, '')))
        return score ? STOP : (splitHeading(r, i, key) ?? STOP);
    const sep = OF_THE_REVIEW.exec(afterKey) ?? /^\s*(\([^)]*\)\s*)?(?:[:：=—–-]|IS\b)?\s*/.exec(afterKey);
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
        if (said)
            return { ...candidate(i, said, 'keyed', false, key.final, undefined, body), key: key.name };
        if (explicit)
            noteUnrecognised(r, i, key.strong, body);
        return null;
    }
    // "Verdict: Ready to merge? No." asks, and answers otherwise
    if (NOT_GIVEN.test(lead.rest))
        return setAside(r, i, "asked, taken back or someone else's");
    if (named(raw, lead.token))
        return null;
    // "Outcome: `blocked`" in an agent's status report: a weak key's value written as a program's lower-case state, not
    // a review's verdict (held-out 45)
    // (a strong key's only when the word is a run's state: "**Decision:** `blocked` — waiting for credentials", attack
    // 38; "**Verdict:** `merge`" is a verdict, held-out 3)
    const lowerCode = /^[^:：=]*[:：=][*_\s]*`([a-z][a-z0-9_-]*)`/.exec(raw)?.[1];
    if (lowerCode && (!key.strong || RUN_STATE.test(lowerCode)))
        return setAside(r, i, "a program's state");
    // "**Accept** only `application/json`" (a finding's recommendation); "Approved (2 of 2 required)" (a PR's state)
    // "APPROVED — the PR already had @lena's approval" (an agent's report of someone else's): attack 39
    if (lead.verdict === 'APPROVE' &&
        /^\s*(?:ONLY\b|\(\s*\d+\s+OF\s+\d+)|@[\w-]+['’]S\s+(?:APPROVAL|REVIEW|LGTM)|\bALREADY\s+HAD\b/.test(lead.rest))
        return setAside(r, i, 'scoped or counted');
    // a review bot's "**Score:** LGTM 👍" opens its line and names a review's verdict; "Lint score: FAIL" is a tool's;
    // so does what follows "REVIEW COMPLETE -", and an Arabic key's English value ("الحالة: … PRODUCTION READY")
    const narrow = score || body !== value || ARABIC.test(key.name);
    if (narrow && (!opens || key.final || TOOL_RESULT.test(lead.token) || !TOKEN_TAIL.test(lead.rest)))
        return null;
    // after "Review Complete -" a token, not a label ("Revise: a typo only") nor changes said to be made
    // ("CHANGES REQUESTED (all addressed in 3f9a1c2)")
    const made = lead.verdict === 'CHANGES_REQUESTED' && /\b(?:ADDRESSED|RESOLVED|FIXED)\b/.test(lead.rest);
    if (body !== value && (/^\s*[:：]/.test(lead.rest) || made))
        return null;
    if (changedState(raw))
        return null;
    if (ARABIC.test(body.slice(0, body.length - lead.rest.length - lead.token.length)))
        return null;
    // "Merge decision: BLOCKED — not on review content, on mechanics", "Merge status: CLEAR": the merge's state (a
    // conflict, CI), not the review's verdict; "Merge decision: DO NOT MERGE", "…: MERGE", "…: GO" still are
    // (held-out 28)
    if (/\bMERGE\s*$/.test(upper.slice(0, key.at)) && /^(?:PASS|FAIL|BLOCK|CLEA)/.test(lead.token))
        return null;
    if (key.name === 'RECOMMENDED ACTION' && !ACTION_VERDICT.test(lead.token))
        return null;
    // "**Decision**: SHIP" — a ship decision only as a strong key's whole value at the start of its line
    if (lead.token === 'SHIP' && !(key.strong && opens && /^[\s.!]*$/.test(lead.rest)))
        return null;
    // a weak key describes one item when it sits in a list, or when prose follows a plain word
    const standsAsToken = TOKEN_TAIL.test(lead.rest) || setOff(raw, lead.token);
    const item = !key.strong && LIST_ITEM.test(raw) && standsAsToken && !TOOL_RESULT.test(lead.token);
    if (item && !offersAlternatives(afterKey))
        r.items.push(i);
    if (!key.strong && (LIST_ITEM.test(raw) || !standsAsToken))
        return null;
    const offered = offersAlternatives(afterKey);
    const c = candidate(i, lead.verdict, 'keyed', offered, key.final, undefined, lead.rest, following(r, i));
    return { ...c, key: key.name, token: lead.token };
}
/**
 * A state that changed on the line: an arrow to a verdict ("APPROVED -> REVOKED", "REQUEST CHANGES → APPROVED").
 * An arrow elsewhere ("risk: medium → low", "parseConfig → loadConfig", "$this->pool") says nothing of the verdict.
 */
function changedState(raw) {
    for (const m of raw.matchAll(/(?:→|(?<!-)->|=>|⇒|⟶)/g)) {
        const next = raw.slice(m.index + m[0].length).replace(/^[\s*_`]+/, '');
        if (leadingVerdict(next) || /^(?:REVOKED|WITHDRAWN|RETRACTED)\b/i.test(next))
            return true;
    }
    return false;
}
/**
 * "## Verdict" over "**Recommendation**: REVISE": the line is read as its own key reads it (a recommended action only
 * with an action, a weak key's token standing as one; final only when its own key says so, never from the heading),
 * and under its own key's name (so a
 * "Status" repeated under every item's heading stays an item status). The heading only sets it apart from the
 * labels of that name elsewhere, and names it: a value that is no token stays unread, not a verdict.
 */
function innerUnderHeading(r, i, j, inner) {
    const text = inner.text;
    const c = readKey(r, j, text.toUpperCase(), (0,grammar/* skeleton */.qV)(unescapeU(r.lines[j])), inner.key);
    if (!c || c === STOP || TOOL_RESULT.test(c.token ?? '') || !TOKEN_TAIL.test(tailOf(text, c.token ?? '')))
        return null;
    return { ...c, index: i, tokenIndex: j, underHeading: true };
}
/** What follows a token on its line (upper-cased), for the checks a token standing as one must pass. */
function tailOf(text, token) {
    const upper = text.toUpperCase();
    const at = token ? upper.indexOf(token) : -1;
    return at < 0 ? upper : upper.slice(at + token.length);
}
/**
 * The token of a verdict heading, on its next non-blank line. A heading said of the reviewer is `strict`: its token
 * opens a paragraph (no heading, quote, list or table) and stands as a token ("REJECT was too harsh" does not).
 */
function splitHeading(r, i, key, strict = false) {
    const j = nextLine(r.lines, i);
    if (j >= r.lines.length)
        return null;
    if (strict && NOT_PARAGRAPH.test(r.lines[j]))
        return null;
    // "## Decision" over a fenced block: code or an example, never a token ("```text" is no verdict word "TEXT");
    // reading the block's first line was tried (held-out 13's "REVIEW_OUTCOME = APPROVE") and broken by an attack
    if (/^\s*(```|~~~)/.test(r.lines[j]))
        return null;
    const next = plain(r.lines[j]);
    const box = BOX.exec(next);
    const unboxed = box ? next.slice(box.index + box[0].length) : next;
    // "- Status: Changes requested" or "**Recommendation**: REVISE" under the heading: the value after a key that
    // opens the line is the token — read as that key would read it on its own line
    const inner = leadingVerdict(unboxed) ? null : innerKey(unboxed);
    if (inner && !LIST_ITEM.test(r.lines[j]))
        return innerUnderHeading(r, i, j, inner);
    const tokenText = inner ? inner.value : unboxed;
    const lead = leadingVerdict(tokenText);
    if (!lead) {
        noteUnrecognised(r, i, key.strong, tokenText.toUpperCase());
        return null;
    }
    const rest = lead.rest.replace(/[/|].*$/, '');
    if (NOT_GIVEN.test(rest) || (lead.token === 'SHIP' && !/^[\s.!]*$/.test(lead.rest)))
        return null;
    if (key.name === 'RECOMMENDED ACTION' && !ACTION_VERDICT.test(lead.token))
        return null;
    if (named((0,grammar/* skeleton */.qV)(r.lines[j]), lead.token))
        return null;
    if (strict && (!TOKEN_TAIL.test(lead.rest) || /^\s*:\s*\S/.test(lead.rest)))
        return null;
    if (!TOKEN_TAIL.test(rest) && !setOff((0,grammar/* skeleton */.qV)(r.lines[j]), lead.token))
        return null;
    // a set-off token opening a sentence that takes it back or scopes it: "**Approve** the direction, **not** this
    // implementation", "**Approved** for the happy path; the error path needs work" (attack 37)
    if (lead.verdict === 'APPROVE' && !TOKEN_TAIL.test(rest) && SCOPED_SENTENCE.test(rest))
        return setAside(r, i, 'scoped in its sentence');
    const list = LIST_ITEM.test(r.lines[j]) ? listDisagrees(r.lines, j, lead.verdict) : {};
    const offered = (box !== null && box[1] === ' ') || offersAlternatives(next.toUpperCase());
    const c = candidate(i, lead.verdict, 'keyed', offered, key.final, j, lead.rest, following(r, j));
    if (list.other)
        c.verdicts = [...new Set([...c.verdicts, list.other])];
    if (list.condition && lead.verdict === 'APPROVE')
        c.condition ??= list.condition;
    return { ...c, key: key.name, token: lead.token };
}

;// CONCATENATED MODULE: ./src/core/intent-line.ts
// Where a line of a review body gives its verdict — pure, part of "did you mean" (core/intent.ts).
// A verdict is read only where a body gives one: after a verdict/decision/recommendation/status/result
// key (core/intent-key.ts; or in a two-cell key/value table row), in a ticked box, as a heading that
// is nothing but a verdict or the body's title heading that ends in its verdict, or as the closing
// line. A finding's heading, a checklist item and any
// other table cell are never read as the verdict. What a token is: core/intent-token.ts; what the
// words say: core/intent-words.ts; what a line yields: core/intent-candidate.ts.






/**
 * A paragraph of its own that is nothing but a verdict phrase ("Recommend Merge" between the criteria and a
 * closing sentence): not a heading, a list item or a quote, blank lines around it, nothing after the phrase.
 */
function standsAlone(lines, i, text) {
    const blank = (k) => k < 0 || k >= lines.length || !lines[k].trim();
    if (!blank(i - 1) || !blank(i + 1) || /^\s*(#|>|[-+*]\s|\d+[.)]\s)/.test(lines[i]))
        return false;
    const lead = leadingVerdict(text);
    return !!lead && lead.verdict !== 'conditional' && /^[\s.!]*$/.test(lead.rest) && text.split(/\s+/).length <= 4;
}
/**
 * An approval standing alone mid-body that what follows takes back: "LGTM." after "First pass over the diff:", then
 * "… That's data loss. We need a backfill step" (attack 37). It stays a candidate (a later verdict still conflicts
 * with it), as an approval on a condition: what follows it.
 */
function overturnedAfter(lines, i) {
    const m = TAKEN_BACK.exec(plain(lines.slice(i + 1).join(' ')).toUpperCase());
    return m?.[0].trim().toLowerCase();
}
/** What, after an approval standing alone, finds a problem or asks for a change (not negated: "nothing here needs
 * to be fixed first", "no blocking concerns remain"). */
const TAKEN_BACK = new RegExp(`${UNNEGATED}\\b(?:(?:WE|YOU|IT|THIS)\\s+(?:STILL\\s+)?NEEDS?|NEEDS?\\s+TO\\s+BE|MUST\\s+BE|` +
    `HA(?:S|VE)\\s+TO\\s+BE|DATA\\s+LOSS|BUGS?|BROKEN|BREAKS|UNSAFE|REQUEST(?:ING)?\\s+CHANGES|` +
    `BLOCK(?:ING|ER|ERS|S)?|WITHDRAW\\w*|RETRACT\\w*|REVERT\\w*|NOT\\s+(?:SAFE|READY|OK(?:AY)?|MERGEABLE)|` +
    `BEFORE\\s+THIS\\s+(?:GOES\\s+IN|LANDS|MERGES|SHIPS|IS\\s+MERGED)|CHARGED\\s+TWICE)\\b`);
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
function verdictHeading(r, i, text) {
    const level = HEADING.exec(r.lines[i])?.[1]?.length;
    if (!level || !HEADING_TOKEN.test(text.toUpperCase()))
        return null;
    if (r.lines.slice(i + 1).some((l) => (HEADING.exec(l)?.[1]?.length ?? 7) <= level))
        return null;
    const j = nextLine(r.lines, i);
    const next = r.lines[j] ?? '';
    if (NOT_PARAGRAPH.test(next) || NOT_YET_GIVEN.test(plain(next).toUpperCase()))
        return null;
    return candidate(i, leadingVerdict(text).verdict, 'bare', false, false, undefined, '');
}
/** A title that names a review, a re-check or an audit: "Gate 2 round 2 — re-check at 7c41d9e", "Security review". */
const REVIEW_TITLE = /\b(?:RE-?)?(?:REVIEW|CHECK|AUDIT)\b/;
/** A title for someone else's or an earlier review: "Re: …", "@dana's review", "Previous review", "Self-review". */
const NOT_THIS_TITLE = /^\s*RE\b|@|['’]S\b|\b(?:PREVIOUS|PRIOR|EARLIER|INITIAL|FIRST|OLD|SELF-?REVIEW|FEEDBACK|(?:BASE|PARENT|UPSTREAM|OTHER)\s+PR)\b/;
/**
 * The body's title heading that ends in its verdict: "## Gate 2 round 2 — re-check at `7c41d9e`: APPROVE",
 * "# Security review: REQUEST CHANGES" (held-out 26). The title names this review (not someone else's, an earlier
 * one, or another PR's) and the token, after a colon or a dash, ends it (decoration aside; never a tool's or a
 * finding's result, nor INCOMPLETE or NOT …). It speaks for the body only when nothing after it can: no heading of
 * its level or above (parts or rounds), no update or follow-up, no verdict key, read or not, no paragraph under it
 * that defers it, and any other verdict after it outranks it (an attack on held-out 26's rules, attack 27).
 */
function titleVerdict(r, i, text) {
    if (r.lines.slice(0, i).some((l) => l.trim()))
        return null;
    const m = /^(.*?)(?:[:：]|\s[—–-])\s*([^:：—–]*)$/.exec(text);
    const title = m?.[1]?.toUpperCase() ?? '';
    if (!m || !REVIEW_TITLE.test(title) || NOT_THIS_TITLE.test(title))
        return null;
    const lead = leadingVerdict(m[2]);
    if (!lead || TOOL_RESULT.test(lead.token) || /^(?:INCOMPLETE|NOT)/.test(lead.token) || !/^[\s.!]*$/.test(lead.rest))
        return null;
    const level = HEADING.exec(r.lines[i])[1].length;
    const after = r.lines.slice(i + 1);
    if (after.some((l) => (HEADING.exec(l)?.[1]?.length ?? 7) <= level))
        return null;
    if (after.some((l) => /^\s*[*_#>\s-]*(?:UPDATE|EDIT|FOLLOW-?UP)\b/i.test(l)))
        return null;
    if (after.some((l) => keysOf(plain(l).toUpperCase()).some((k) => k.strong && k.at <= 2)))
        return null;
    const under = following(r, i);
    if (NOT_YET_GIVEN.test(under))
        return null;
    // and any verdict the body gives after it outranks it, as a part's ("**NEEDS WORK**" closing a drafted title)
    return { ...candidate(i, lead.verdict, 'keyed', false, false, undefined, lead.rest, under), part: true };
}
/**
 * A two-cell table row whose first cell is only a review's verdict key, read as "key: value": a strong key or
 * "Recommendation" ("审查结论", a review's conclusion, too), never "Status" or "Result" (a package's, a build's, a
 * finding's), never a header row or a quoted row, and never a tool's or a finding's PASS, FAIL, ACCEPT or REJECT.
 */
function keyValueRow(r, i) {
    const line = r.lines[i];
    const cells = line
        .trim()
        .replace(/^\|/, '')
        .replace(/\|\s*$/, '')
        .split('|');
    if (/^\s*>/.test(line) || cells.length !== 2 || /^\s*\|?\s*:?-{3,}/.test(r.lines[i + 1] ?? ''))
        return null;
    const key = plain(cells[0]).toUpperCase();
    const [k, ...more] = keysOf(key);
    if (!k || more.length || k.end !== key.length || !(k.strong || k.name === 'RECOMMENDATION'))
        return null;
    if (!/^(?:审查|审核|评审|審查|審核|評審|レビュー|最终|最終|综合|総合|总体|總體)?$/u.test(key.slice(0, k.at)))
        return null;
    const c = keyedAt(r, i, `${plain(cells[0])}: ${plain(cells[1])}`);
    return c && !TOOL_RESULT.test(c.token ?? '') ? c : null;
}
/** A ticked sign-off of someone else's: "[x] Approved (security team, SEC-1432)", "[x] LGTM (docs team)" (attack
 * 37). */
const SIGNED_BY_OTHERS = /^\s*(?:[(—–,-]|:)\s*[^)]*?(?:@|\b(?:TEAM|SECURITY|DESIGN|DOCS?|QA|LEGAL|PM|PRODUCT|UX|SRE|OPS|ARCH\w*|DBA|COMPLIANCE|INFRA|PLATFORM|FINANCE|OWNER|LEAD|MANAGER|DATABASE|SIGN(?:ED)?[\s-]?OFF)\b)/;
/** A line that states a verdict: keyed, a ticked box, a verdict or title heading, or the closing line (or a paragraph
 * of its own) as a token. */
function candidateAt(r, i) {
    const line = r.lines[i];
    // bounded work, and a verdict's tail read whole: on a longer line the token opens a paragraph whose end may take it
    // back, scope it or hold it ("… later: all fixed, approve", "… P.S. wrong commit"); read up to 2,000 characters for
    // held-out 43, attack 36 got 17 of 59 bodies wrong through such lines, and it was taken out
    if (line.length > 400)
        return null;
    // a table row is no verdict, except a key and its value: "| **Recommendation** | 💬 **COMMENT** |"
    if (/^\s*(>\s*)*\|/.test(line))
        return keyValueRow(r, i);
    const text = plain(line);
    if (!text)
        return null;
    // a long line gives a verdict only after a key ("**Recommendation:** REQUEST CHANGES — <a long reason>": held-out 20)
    if (text.length > 200)
        return keyedAt(r, i, text);
    const box = BOX.exec(text);
    if (box) {
        const lead = leadingVerdict(text.slice(box.index + box[0].length));
        // "[x] Approve" is a choice; "[x] Rejected items have a reason" is a checklist item
        if (!lead || box.index > 40 || !TOKEN_TAIL.test(lead.rest))
            return null;
        if (lead.verdict !== 'CHANGES_REQUESTED' && SIGNED_BY_OTHERS.test(lead.rest))
            return setAside(r, i, "another team's sign-off");
        return candidate(i, lead.verdict, 'boxed', box[1] === ' ', false, undefined, lead.rest);
    }
    const keyed = keyedAt(r, i, text);
    if (!keyed && HEADING.test(line))
        return titleVerdict(r, i, text) ?? verdictHeading(r, i, text);
    if (keyed || (i !== r.closing && !standsAlone(r.lines, i, text)))
        return keyed;
    // a comment of a few lines that says more around its token: the short reader's (core/intent-short.ts)
    if (saysMoreThanItsToken(r.lines, i))
        return null;
    // the closing line standing as a token (decoration, list marks and emoji aside); a numbered
    // heading ("## 6. ACCEPTED — …") is a finding's triage, not the review's verdict
    if (/^\s*#+\s*\d+[.)]/.test(line))
        return null;
    if (/^\s*>/.test(line))
        return null; // a quote is someone else's words ("> LGTM — @alice")
    const lead = leadingVerdict(text);
    // "Comment: nice work", "BLOCKING: the guard" — a label before text, not a verdict
    if (!lead || !TOKEN_TAIL.test(lead.rest) || /^\s*:\s*\S/.test(lead.rest) || NOT_GIVEN.test(lead.rest))
        return null;
    if (lead.token === 'SHIP')
        return null; // "Ship." alone says nothing of this review
    // "3. Merge", "- Merge" closing a list of next steps is a step, not the verdict (attacks 22 and 23)
    if (LIST_ITEM.test(line) && /^MERGE/.test(lead.token))
        return null;
    const c = candidate(i, lead.verdict, 'bare', offersAlternatives(text.toUpperCase()), false, undefined, lead.rest);
    const back = i !== r.closing && lead.verdict === 'APPROVE' ? overturnedAfter(r.lines, i) : undefined;
    return back ? { ...c, condition: c.condition ?? back } : c;
}

;// CONCATENATED MODULE: ./src/core/intent-items.ts


/** How many lines open with each weak key as a label ("**Recommendation:** CLOSE"), whatever its value says. */
function keyLabels(lines, code) {
    const count = new Map();
    for (let i = 0; i < lines.length; i++) {
        if (code.has(i))
            continue;
        const upper = plain(lines[i]).toUpperCase();
        const key = keysOf(upper)[0];
        if (!key || key.strong || key.final || !OPENS.test(upper.slice(0, key.at)))
            continue;
        if (!/^\s*(\([^)]*\)\s*)?[:：=]/.test(upper.slice(key.end)))
            continue;
        count.set(key.name, (count.get(key.name) ?? 0) + 1);
    }
    return count;
}
/** A verdict key's token that triages an item as often as it decides a review: "**Decision:** ACCEPTED". */
const TRIAGE = /^(ACCEPT|REJECT|PASS|FAIL)/;
/**
 * One key repeated for three or more items — a weak key with any token ("**Status:** Approved" under every PR,
 * "Status: BLOCKING" under every blocker), a verdict key with ACCEPTED/REJECTED/PASS/FAIL ("**Decision:** ACCEPTED"
 * under every finding): the triage of items, not the review's verdict. Dropping them never leaves a different verdict
 * standing alone, except a refusal set apart after items that disagree among themselves (refusalSetApart).
 */
function withoutItemStatuses(candidates, labels, closing, lines) {
    const items = (c) => !c.final && !!c.key && (!STRONG_KEY.test(c.key) || TRIAGE.test(c.token ?? ''));
    const count = new Map();
    for (const c of candidates)
        if (items(c))
            count.set(c.key, (count.get(c.key) ?? 0) + 1);
    // a closing line set apart from the items is counted only against other verdicts under its key, not against
    // every label of its name ("**Status**: REVIEW COMPLETED" at the top; "---", then "**Status**: ✅ APPROVED")
    // one "Key: value" under a verdict heading is set apart from the labels of its key; two or more are items' statuses
    const apart = (c) => !!c.underHeading && (count.get(c.key) ?? 0) === 1;
    const times = (c) => Math.max(count.get(c.key) ?? 0, c.index === closing || apart(c) ? 0 : (labels.get(c.key) ?? 0));
    const kept = candidates.filter((c) => !items(c) || times(c) < 3);
    // what the items said must not leave another verdict standing alone: then nothing is dropped (and they conflict),
    // unless the items disagree among themselves and a refusal set apart after them is all that is left
    const left = new Set(kept.flatMap((c) => c.verdicts));
    const gone = candidates.filter((c) => !kept.includes(c));
    const dropped = gone.flatMap((c) => c.verdicts);
    const mixed = refusalSetApart(gone, kept, lines);
    if (left.size && dropped.some((v) => !left.has(v)) && !mixed)
        return candidates;
    // verdicts each under a heading of their own ("### Verdict" / "FAIL", … / "PASS") are rounds, not one item's
    // triage: when they are all there is and they disagree, the body states conflicting verdicts, not none
    const rounds = gone.length > 0 && gone.every((c) => c.tokenIndex !== undefined);
    return !left.size && rounds && new Set(dropped).size > 1 ? { rounds: candidates } : kept;
}
/**
 * Items' statuses that disagree among themselves (gates each PASS or FAIL) are plainly each one's own: a verdict key's
 * refusal set apart after them (a rule or a top heading between, in a section not about another PR) is the review's
 * ("**Decision:** BLOCKED" after five gates' statuses: held-out 25; a follow-up PR's section: attack 27). An approval
 * left so is not read (a failed gate under it: attack 26).
 */
function refusalSetApart(gone, kept, lines) {
    if (!gone.length || new Set(gone.flatMap((c) => c.verdicts)).size < 2)
        return false;
    const last = Math.max(...gone.map((c) => c.tokenIndex ?? c.index));
    const apartAfter = (c) => c.index > last && lines.slice(last + 1, c.index).some((l) => /^\s*(-{3,}|\*{3,}|_{3,}|#{1,2}\s)/.test(l));
    const section = (c) => lines.slice(0, c.index).findLast((l) => /^\s*#/.test(l)) ?? '';
    return kept.every((c) => !!c.key &&
        STRONG_KEY.test(c.key) &&
        c.verdicts.join() === 'CHANGES_REQUESTED' &&
        apartAfter(c) &&
        !/#\d|\bPR\b|FOLLOW-?UP|STACKED|UPSTREAM/i.test(section(c)));
}

;// CONCATENATED MODULE: ./src/core/intent-mustfix.ts
// Must-fix lists — pure, part of "did you mean" (core/intent.ts): a heading that opens a list of changes the author
// must still make (must-fix, blocking, critical, P0, before the merge), unless the list is stated empty, every item
// in it is marked fixed. intent-around.ts holds an approval back over such a list. (A section closed by a table fixed
// on every row, or by a key saying all are resolved, was read on 2026-12-03 and taken out after attacks 41–43 got 44
// bodies wrong through it — 24 in attack 43 alone: its other columns, its cells' meaning, the sections beside it.)


/**
 * A heading (or bold or colon label) that opens a list of changes the author must still make; a P0 item, or what is
 * to be done before the release or the merge ("### 🔴 P0 — Before any release": held-out 22) too; not "Required Before
 * Production" under an approval of the change (a deployment's gate: held-out's h16).
 */
const MUST_FIX = new RegExp(
// "### Action required" (attack 37)
String.raw `\b(MUST[\s-]?FIX(?:ES)?|REQUIRED\s+(?:FIXES|CHANGES|ACTIONS)|ACTION\s+REQUIRED(?!\s*:)|BLOCKERS?|` +
    String.raw `FIX(?:ES)?\s+IMMEDIATELY|` +
    String.raw `(?:BLOCKING|CRITICAL)\s+(?:ISSUES?|CONCERNS?|FINDINGS?|CHANGES|FIXES|BUGS?|PROBLEMS?)|P0|` +
    String.raw `BEFORE\s+(?:ANY\s+|THE\s+|A\s+)?(?:RELEASE|MERG(?:E|ING)))\b`);
/** What says such a list is empty or done: "None", "(none)", "0", "N/A", "No issues", "all resolved". */
const EMPTY = new RegExp(String.raw `(^|[\s(:])(NONE|N\/A|NOTHING|0|NO\s+\w+|ALL\s+(?:RESOLVED|FIXED|ADDRESSED))(\)|\s|$|[.,:;])` +
    // in other languages only as the whole answer: "Critical Issues: **لا توجد**", not "Keine Eingabevalidierung …"
    String.raw `|[:：]\s*(?:KEINE|AUCUNE?|NINGUNA?|NENHUMA?|لا\s+(?:توجد|يوجد)|无|無|なし)[\s.)。]*$`);
/** A heading that says its list is closed: "(Now Resolved)", "✅ COMPLETED" at its end; not "not yet resolved". */
const CLOSED = /(?<!\b(?:NOT|YET|BE|STILL|TO)\s+)\b(?:NOW\s+)?(?:RESOLVED|FIXED|ADDRESSED|COMPLETED?|DONE)\)?\s*$/;
/**
 * The first must-fix heading from line `from` on whose list is not stated empty (0-based), or -1: an approval over it
 * is conditional.
 */
function openMustFix(lines, code, from = 0) {
    for (let i = from; i < lines.length; i++) {
        const line = lines[i];
        if (code.has(i) || line.length > 200)
            continue;
        const label = /^\s*(#|\*\*[^*]+\*\*\s*:?\s*$)|:\s*$/.test(line);
        const text = plain(line).toUpperCase();
        const rest = text.replace(MUST_FIX, '');
        // "No critical issues fixed yet" says the opposite of empty
        const empty = EMPTY.test(rest) && !/\b(?:YET|NOT|STILL)\b/.test(rest);
        if (!label || !MUST_FIX.test(text) || empty || CLOSED.test(rest))
            continue;
        // "### No Blocking Issues (found)": the heading says there are none, once, and nothing after it
        const m = MUST_FIX.exec(text);
        const once = text.match(new RegExp(MUST_FIX.source, 'g')).length === 1;
        const after = text.slice(m.index + m[0].length);
        const none = /(?:^|\s)(?:NO|ZERO|(?<![\d.,])0)\s*$/.test(text.slice(0, m.index));
        if (none && once && /^[\s.!:)]*(?:(?:FOUND|IDENTIFIED|DETECTED)[\s.!:)]*)?$/.test(after))
            continue;
        // the line under it says the list is empty ("None.", "- No issues found"), not a first item ("**No backoff**: …")
        const next = nextLine(lines, i);
        const under = next < lines.length ? plain(lines[next]).toUpperCase() : '';
        const itemLabel = next < lines.length && /^\s*([-+*]|\d+[.)])\s+\*\*[^*]+\*\*\s*[:：—–-]/.test(lines[next]);
        if (EMPTY.test(under.slice(0, 40)) && !itemLabel && !/^[^.]{0,40}[:：]\s*\S/.test(under))
            continue;
        if (everyItemFixed(lines, code, i))
            continue;
        return i;
    }
    return -1;
}
/** Marked done at the end of its own item line: "#### 1. **Render mismatch** ✅ **FIXED**". */
const ITEM_DONE = /(?<!\b(?:NOT|YET|BE|STILL|TO|UN|AS|CLAIMED|PARTLY|PARTIALLY)\s+)\b(?:FIXED|RESOLVED|ADDRESSED)[\s.!)]*$/;
/**
 * A status mark, not prose ("easily fixed", "the delay is fixed"): a tick, the word in capitals or in bold, or after a
 * dash or in parentheses.
 */
const MARKED = new RegExp(String.raw `✅|\b(?:FIXED|RESOLVED|ADDRESSED)\b|\*\*(?:[Ff]ixed|[Rr]esolved|[Aa]ddressed)\*\*|` +
    String.raw `[—–-]\s*(?:[Ff]ixed|[Rr]esolved|[Aa]ddressed)\b|\((?:[Ff]ixed|[Rr]esolved|[Aa]ddressed)\)`);
/** Anything in the section that doubts it or opens something new: then its items are not all done. */
const DOUBT = new RegExp(String.raw `\?|N'T\b|N’T\b|\b(?:NOT|NO|NONE|STILL|YET|REVERT\w*|REOPEN\w*|CLAIM\w*|ATTEMPT\w*|NEW|REMAIN\w*|` +
    String.raw `OPEN|BUT|HOWEVER|PLEASE|AGAIN|PARTIAL\w*|EXCEPT|UNLESS|TODO|PENDING|BLOCK\w*|REGRESS\w*|` +
    String.raw `REPRODUC\w*|FAIL\w*|BROKEN|BREAKS?|UNVERIFIED|VERIFY|SHOULD|MUST)\b`);
/**
 * Does every item under the heading at `i` say it is fixed (or is a ticked box)? Its items are its sub-headings, or
 * else its list items, up to the next heading of its level or above; a heading with no items is not closed by this.
 */
function everyItemFixed(lines, code, i) {
    const level = /^\s*(#{1,6})\s/.exec(lines[i])?.[1].length;
    if (!level)
        return false;
    const section = [];
    for (let k = i + 1; k < lines.length; k++) {
        const h = /^\s*(#{1,6})\s/.exec(lines[k])?.[1].length;
        if (h !== undefined && h <= level)
            break;
        if (!code.has(k))
            section.push(lines[k]);
    }
    if (section.some((l) => DOUBT.test(plain(l).toUpperCase())))
        return false;
    const subs = section.filter((l) => /^\s*#{1,6}\s/.test(l));
    const items = subs.length ? subs : section.filter((l) => /^\s*([-+*]|\d+[.)])\s/.test(l));
    // a ticked box is done too: "## Before merging" / "- [x] CI is green" (round 17's review)
    const ticked = (l) => /^\s*(?:[-+*]|\d+[.)])\s+\[[xX]\]\s/.test(l);
    return (items.length > 0 && items.every((l) => ticked(l) || (ITEM_DONE.test(plain(l).toUpperCase()) && MARKED.test(l))));
}

;// CONCATENATED MODULE: ./src/core/intent-around.ts



/**
 * On the approval's own line, the must-fix list said done: "APPROVE - Every critical issue is resolved." Only of the
 * critical, blocking or must-fix issues (not "every Copilot issue", "all lint issues"), and nothing doubting it after.
 */
const SAYS_DONE = new RegExp(String.raw `(?<!\b(?:NOT|ALMOST|NEARLY)\s+)\b(?:ALL|EVERY)\s+` +
    String.raw `(?:(?:THE|CRITICAL|BLOCKING|MUST[\s-]?FIX|REQUIRED)\s+){0,2}(?:ISSUES?|FINDINGS?|BLOCKERS?)\s+` +
    String.raw `(?:(?:ARE|IS|HAVE|HAS|BEEN|NOW)\s+){0,3}(?:FIXED|RESOLVED|ADDRESSED)\b` +
    String.raw `(?![^]*(?:\?|N'T\b|\b(?:NOT|STILL|BUT|EXCEPT|OPEN|REMAIN\w*|YET)\b))`);
/**
 * The open must-fix heading an approval stands over (0-based), or -1. An approval that says the list is done
 * ("APPROVE - Every critical issue is resolved") closes the lists above it; a list written after it still opens
 * ("APPROVE — all blocking issues fixed" / "## Required Changes"). A final verdict is not held back.
 */
function openUnderApproval(decided, lines, code) {
    if (decided[0].verdicts[0] !== 'APPROVE' || decided[0].final)
        return -1;
    const done = decided.filter((c) => SAYS_DONE.test(plain(lines[c.tokenIndex ?? c.index]).toUpperCase()));
    const last = done.at(-1);
    return openMustFix(lines, code, last ? (last.tokenIndex ?? last.index) + 1 : 0);
}
/**
 * "- [ ] All three blockers fixed" in a sign-off checklist (held-out 21): an unticked item that is the claim and
 * nothing else is still to do. Not when anything answers it (two attacks: an aside "(fixed in 9c2d4e1)", "— yes",
 * an emoji, a line under it, ticked items nested in it) or when it is quoted (the author's list, confirmed by the
 * reviewer).
 */
function stillToDo(lines, i, text) {
    const line = lines[i];
    if (!/^\s*(?:[-+*]|\d+[.)])\s+\[ \]\s/.test(line) || /[^\p{L}\p{N}\p{P}\p{Z}`*_~[\]<>|+=^$-]/u.test(line))
        return false;
    const claim = ALL_RESOLVED.exec(text);
    if (!claim || !/^[\s.!;]*$/.test(text.slice(claim.index + claim[0].length)))
        return false;
    // the next line goes on under it (indented deeper): an answer or nested items
    const indent = /^\s*/.exec(line)[0].length;
    const next = lines[i + 1] ?? '';
    return !next.trim() || /^\s*/.exec(next)[0].length <= indent;
}
/**
 * The first line after the verdict (0-based) that says otherwise, or -1: after an approval, one that still asks
 * for work before the merge or the next phase, holds the merge ("hold off until …"), or a key that says changes are
 * still required; after a request for changes, one that says they are all made.
 */
function laterLine(lines, code, from, verdict) {
    const says = verdict === 'APPROVE' ? BEFORE_MERGE : verdict === 'CHANGES_REQUESTED' ? ALL_RESOLVED : null;
    for (let i = from + 1; says && i < lines.length; i++) {
        const text = plain(lines[i]).toUpperCase();
        if (verdict === 'CHANGES_REQUESTED' && stillToDo(lines, i, text))
            continue;
        const still = verdict === 'APPROVE' &&
            (REQUIRED_KEY.test(text) || CJK_FIX_THEN_MERGE.test(text) || BEFORE_MERGE_OTHER.test(text) || holdsMerge(text));
        if (!code.has(i) && (says.test(text) || still))
            return i;
    }
    return -1;
}
/**
 * Why the lines that decide are held back by what stands around them, or null: an approval over a list of changes
 * it must still make, or the verdict of an earlier round whose later round gives none. `line` is 1-based.
 */
function heldBack(decided, lines, code, line) {
    const last = line(decided.at(-1).index);
    const open = openUnderApproval(decided, lines, code);
    if (open >= 0)
        return `the approval at line ${last} is conditional: line ${line(open)} lists changes it must still make`;
    const round = laterRoundHeading(lines, decided);
    if (round >= 0)
        return `line ${last} gives an earlier round's verdict: the later round at line ${line(round)} gives none`;
    const other = roundListed(lines, code, decided);
    if (other)
        return (`line ${last} gives ${decided.at(-1).verdicts[0]}, but line ${line(other.index)} records a round that gave ` +
            `${other.verdict}: rounds that disagree give no suggestion (keep one verdict, the final one, in the body)`);
    return null;
}
/**
 * A list item or table row that records a round's verdict ("- Pass-2 (noon, \"NO-GO\") — …", "- Round 1: REQUEST
 * CHANGES", "- R2: approve", "- Second pass: LGTM", "- **Round 2** → APPROVE", "| 2 | `8a9b0c1` | APPROVE — … |"): a
 * numbered or ordinal round, pass, cycle or iteration, with a verdict token right after its label, in a cell, quoted,
 * or after a colon, not the decided one (held-out 23 and attack 24). Two rounds that disagree give no suggestion
 * (issue 18); this rule only withholds.
 */
function roundListed(lines, code, decided) {
    const verdict = decided.at(-1).verdicts[0];
    const table = roundTable(lines);
    for (let i = 0; i < lines.length; i++) {
        if (code.has(i))
            continue;
        const values = LIST_ITEM.test(lines[i]) ? roundValues(plain(lines[i])) : table(i);
        for (const v of values) {
            const lead = leadingVerdict(v);
            const said = lead?.verdict === 'conditional' ? 'APPROVE' : lead?.verdict;
            if (lead && said !== verdict && (TOKEN_TAIL.test(lead.rest) || /^\s*[:：]/.test(lead.rest)))
                return { index: i, verdict: said };
        }
    }
    return null;
}
const ROUND_LABEL = /^(?:(?:ROUND|CYCLE|ITERATION|PASS|R)[\s#-]*\d+\b|(?:FIRST|SECOND|THIRD|FOURTH|FINAL|LAST)\s+(?:ROUND|PASS|CYCLE|ITERATION|REVIEW)\b)/i;
/** The texts a round's list item may give its verdict in: after its label, quoted, after a colon. */
function roundValues(text) {
    const label = ROUND_LABEL.exec(text);
    if (!label)
        return [];
    const after = text.slice(label[0].length).replace(/^[\s)(:：\-—–→>=]+/, '');
    const quoted = [...text.matchAll(/["“'‘]([^"”'’]{1,30})["”'’]/g)].map((m) => m[1]);
    const colon = /^[^:：]{1,30}[:：]\s*(.*)$/u.exec(text);
    return [after, ...quoted, ...(colon ? [colon[1]] : [])];
}
/** A table whose header's first cell names a round ("| Round | Commit | Result |"): each row's cells after it. */
function roundTable(lines) {
    const cells = (l) => l
        .trim()
        .replace(/^\|/, '')
        .replace(/\|\s*$/, '')
        .split('|')
        .map((c) => plain(c));
    return (i) => {
        if (!/^\s*\|/.test(lines[i]) || /^\s*\|?\s*:?-{3,}/.test(lines[i]))
            return [];
        let h = i;
        while (h > 0 && /^\s*\|/.test(lines[h - 1]))
            h--;
        if (h === i || !/^(?:ROUND|CYCLE|ITERATION|PASS)$/i.test(cells(lines[h])[0] ?? ''))
            return [];
        return cells(lines[i]).slice(1);
    };
}
/** The round a heading names ("## Round 2", "### Cycle 3 — re-review"), or null. */
const roundOf = (line) => {
    const m = /^\s*#{1,6}\s.*?\b(?:ROUND|CYCLE|ITERATION|PASS)\s*#?(\d+)\b/i.exec(line);
    return m ? Number(m[1]) : null;
};
/**
 * A later round's heading after every verdict, when they all sit under an earlier round's ("## Round 1" /
 * "**Verdict:** APPROVE" / "## Round 2" and prose only): its line (0-based), else -1. The verdict is the earlier
 * round's, and the later round gives none.
 */
function laterRoundHeading(lines, decided) {
    const last = Math.max(...decided.map((c) => c.tokenIndex ?? c.index));
    let under = null;
    for (let k = last; k >= 0 && under === null; k--)
        if (/^\s*#{1,6}\s/.test(lines[k]))
            under = roundOf(lines[k]);
    if (under === null)
        return -1;
    for (let k = last + 1; k < lines.length; k++)
        if ((roundOf(lines[k]) ?? 0) > under)
            return k;
    return -1;
}

;// CONCATENATED MODULE: ./src/core/intent-body.ts
// The shape of a review body, for "did you mean" (core/intent.ts) — pure: literal "\n" escapes
// read as lines, fenced code, quotes of someone else's words (a block quote with its source, an
// indented block), the footers a body ends with (a "generated by" line, a sign-off, a run id, a
// rule …), its closing line, and a sign-off block set apart from the review by a rule.
/**
 * Literal "\n" escapes: a JSON string written without unescaping — a long line with three or more, or a line of two or
 * more whose last piece gives a verdict ("Fine.\\n\\n## VERDICT: APPROVE": a walkthrough, where the advice was to
 * replace the whole review, line 1, with its verdict).
 */
function intent_body_unescape(lines) {
    const escaped = lines.some((l) => {
        const n = l.match(/\\n/g)?.length ?? 0;
        return (l.length > 200 && n >= 3) || (n >= 2 && /VERDICT/i.test(l.split('\\n').findLast((p) => p.trim()) ?? ''));
    });
    if (!escaped)
        return { lines: [...lines], origin: lines.map((_l, i) => i), escaped };
    const out = [];
    const origin = [];
    lines.forEach((l, i) => {
        for (const piece of l.split('\\n')) {
            out.push(piece);
            origin.push(i);
        }
    });
    return { lines: out, origin, escaped };
}
/** A word that says something, not a name: a hold, a retraction, a verdict ("— Hold", "— Never Mind": attack 33). */
const NOT_A_NAME = String.raw `(?!(?:Not|No|Never|Wait|Hold|Wrong|Blocked|Blocker|Actually|Nope|Stop|Scratch|Edit|Update|` +
    String.raw `Ignore|Cancel|Retract\p{L}*|Approved?|Reject\p{L}*|Merge|Ship|Fail\p{L}*|Pass\p{L}*|Do|Nvm|Oops|` +
    String.raw `Correction|Mind|Yet|Later|Done|Fixed|Lgtm|Sorry|Thanks)\b)`;
const NAME = String.raw `${NOT_A_NAME}\p{Lu}\p{Ll}[\p{Ll}'-]*`;
/**
 * A dash and a name, on a line of its own: "— Dana", "—Pi", "– Dana Reyes", "— @dana". One or two capitalised words
 * and nothing else: not "— Wrong PR.", "— Hold.", "— Never Mind", "— @captain (hold for the freeze)" (attack 33).
 */
const SIGN_OFF = new RegExp(String.raw `^\s*[_*]*[—–]\s*(?:@[\w-]+|${NAME}(?:\s+${NAME})?)[_*]*\s*$`, 'u');
const FOOTERS = [
    // "🤖 Generated with Claude Code", "_Posted by Reviewbot …_"
    [
        /^\s*(?:[\p{Extended_Pictographic}\uFE0F]\s*)*[_*]*(generated|written|produced|posted)\s+(by|with)\b/iu,
        'a "generated by" footer',
    ],
    [/^\s*[_*]*(reviewed by|reviewer:|signed)/i, 'a sign-off'],
    // "— Dana", "— @dana (platform)": a dash and a name; not "— scratch that: …", "— edit: un-approving …" (attack 32)
    [SIGN_OFF, 'a sign-off'],
    [/\b(run|request|trace|session)[ -]?id\b/i, 'a run id'],
    [/^\s*[_*]*reviewed\s+(head|commit|sha)\b[^:]*:\s*`?[0-9a-f]{7,40}`?\s*$/i, 'the reviewed commit'],
    [/^\s*(<!--.*-->|-{3,}|\*{3,}|_{3,})\s*$/, 'an HTML comment or a rule'],
    [/^\s*[*_#\s]*(end( of (review|report))?|done|fin)[*_.!\s]*$/i, 'an end marker'],
    [/^\s*[*_]*(recommendation|next steps?|action items?|summary|notes?)[*_]*\s*[:*]/i, 'another section'],
];
/**
 * A "generated by" line that goes on to say something ("Written by @maria after triage: F1 is real", "🤖 Generated by
 * Reviewbot — diff truncated, not a full review") is the review's own words, not a footer (attack 23).
 */
const intent_body_saysMore = (line) => FOOTERS[0][0].test(line) && /[:：]\s+\S|\s[—–]\s*\S|\s-\s+\S/u.test(line);
/** The body's closing line: the last non-blank line outside code that is not a footer, rule or sign-off. */
function closingLine(lines, code) {
    for (let i = lines.length - 1; i >= 0; i--) {
        if (!lines[i].trim() || code.has(i))
            continue;
        if (FOOTERS.slice(0, 7).some(([re]) => re.test(lines[i])) && !intent_body_saysMore(lines[i]))
            continue;
        return i;
    }
    return -1;
}
/**
 * Lines that quote someone else: a block quote introduced by a line in which someone else speaks, ending with a colon
 * ("@dana wrote:"), and an indented code block (four spaces after a blank line, not in a list, not ending the body: a
 * tool's output pasted). Their verdicts are not this review's (an attack on held-out 16's rules). A quote after
 * "Summary:" or "TL;DR:" is the review's own callout (attack 25).
 */
function quotedLines(lines) {
    const quoted = new Set();
    for (let i = 0; i < lines.length; i++) {
        const above = nextAbove(lines, i);
        const start = i === 0 || !/^\s*>/.test(lines[i - 1]);
        const intro = lines[above] ?? '';
        if (/^\s*>/.test(lines[i]) && start && QUOTES_SOURCE.test(intro) && !OWN_WORDS.test(intro)) {
            for (let k = i; k < lines.length && /^\s*>/.test(lines[k]); k++)
                quoted.add(k);
        }
        const opensBlock = i > 0 && !lines[i - 1].trim() && !/^\s*([-+*]|\d+[.)])\s|^\s{2,}/.test(lines[above] ?? '');
        if (/^ {4,}\S/.test(lines[i]) && opensBlock) {
            let k = i;
            while (k < lines.length && (/^ {4,}\S/.test(lines[k]) || !lines[k].trim()))
                k++;
            // a block the body ends with may be the review's own closing words, indented (attack 26)
            if (k < lines.length)
                for (let q = i; q < k; q++)
                    quoted.add(q);
            i = k - 1;
        }
    }
    return quoted;
}
/**
 * A line that introduces someone else's words: someone speaks in it and it ends with a colon ("@dana wrote:", "The
 * description's self-review says:"); not the reviewer ("As I said in round 1:"), nor a line that only names someone
 * ("To answer the author's question:", "My call for @dana:": attack 26).
 */
const QUOTES_SOURCE = /\b(?:WROTE|WRITES|SAID|SAYS|REPLIED|COMMENTED|POSTED|SELF-?REVIEW)\b[^:]*:\s*$/i;
const OWN_WORDS = /\b(?:I|WE|MY|OUR)\s+(?:\w+\s+)?(?:WROTE|WRITE|SAID|SAY|REPLIED|COMMENTED|POSTED|SELF-?REVIEW)\b/i;
/** Lines inside fenced code blocks. */
function codeLines(lines) {
    const code = new Set();
    let fenced = false;
    lines.forEach((l, i) => {
        const fence = /^\s*(```|~~~)/.test(l);
        if (fenced || fence)
            code.add(i);
        if (fence)
            fenced = !fenced;
    });
    return code;
}
/**
 * Is the closing line in the report's sign-off block — the lines around it, with no blank between, name the
 * reviewer or the date ("**Reviewed By**: …", "**Review Completed:** 2026-03-02") — after a rule?
 */
function setApart(lines, closing) {
    let j = closing;
    while (j > 0 && lines[j - 1].trim())
        j--;
    const block = lines.slice(j, closing);
    const signed = block.some((l) => /^\s*[*_]*(?:reviewed\s+by|reviewer|review\s+(?:completed|date)|report\s+generated|date)\b/i.test(l));
    const k = nextAbove(lines, j);
    return signed && k >= 0 && /^\s*(-{3,}|\*{3,}|_{3,})\s*$/.test(lines[k]);
}
/** The nearest non-blank line above i (0-based), or -1. */
function nextAbove(lines, i) {
    let k = i - 1;
    while (k >= 0 && !lines[k].trim())
        k--;
    return k;
}

;// CONCATENATED MODULE: ./src/core/intent-rounds.ts
// Which round a verdict sits in — pure, part of "did you mean" (core/intent.ts), read by core/intent-doubts.ts:
// an update, a correction or a retraction after the verdict; a numbered round, a re-review or a dated verdict with a
// later one in the body; a section titled as an earlier review or another reviewer's. Each only withholds: a verdict
// that may not be the last word gives no suggestion (rounds that disagree are the author's to settle: issue 18).


/** A later round, pass, review or update, by its label (upper-case, decoration gone). */
const REVISIT = /^(?:RE-?(?:REVIEW(?:ED)?|CHECK(?:ED)?|VISIT(?:ED)?)\b|(?:LATER|LATEST)\s+(?:ROUND|PASS|REVIEW|LOOK)\b)/;
/** An update or a correction amends what came before it, wherever the verdict sits (with a colon or a dash). */
const AMENDS = 
// … and in German, Spanish, Portuguese and French, or a re-check told after it ("Re-checked at 3f9a1c2: …")
// (attack 38)
/^(?:UPDATE(?:D(?!\s+(?:AT|ON|BY|DATE|TIME)\b))?|EDIT(?:ED)?|UPD|ADDENDUM|CORRECTION|ERRATUM|LATER|ETA|P\.?\s?(?:P\.?\s?)?S|NACHTRAG|ACTUALIZACI[OÓ]N|ATUALIZA[CÇ][AÃ]O|MISE\s+[ÀA]\s+JOUR|RE-?CHECKED|RE-?VERIFIED|RE-?REVIEWED)\b(?!S)/;
/** The same in Chinese and Japanese: "追記（9/14）：…", "更新：…", "补充：…" (attack 39). */
const AMENDS_CJK = /^(?:追記|追记|更新|补充|補充|订正|訂正|修正)/;
/** A retraction needs no colon: "Scratch that.", "Never mind", "On second thought", "Oh wait —" (attack 33). */
const RETRACTS = /^(?:SCRATCH\s+THAT|NEVER\s*MIND|NVM|ON\s+SECOND\s+THOUGHTS?|(?:OH\s+)?WAIT\b|ACTUALLY\b|HOLD\s+ON|HANG\s+ON|RETRACT\w*|IGNORE\s+(?:THAT|THIS|THE|MY)|UN-?APPROV\w*|TAKE\s+THAT\s+BACK|ON\s+REFLECTION|I\s+(?:HAVE\s+TO\s+|MUST\s+|NEED\s+TO\s+)?WITHDRAW|FINALEMENT\s+NON|DOCH\s+NICHT|EIGENTLICH\s+NICHT|PENS[ÁA]NDOLO\s+MEJOR)/;
/** A heading that follows a review up ("## Follow-up Review: the relay fixes re-checked", held-out 35), not a label. */
const FOLLOW_UP = /^FOLLOW[\s-]?UP\s+(?:REVIEW|RE-?CHECK|CHECK|PASS|ROUND)\b/;
const ORDINAL = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5, FIRST: 1, SECOND: 2 };
Object.assign(ORDINAL, { THIRD: 3, FOURTH: 4, FIFTH: 5, '1ST': 1, '2ND': 2, '3RD': 3, '4TH': 4, '5TH': 5 });
const WORDS = Object.keys(ORDINAL).join('|');
const NUMBERED = new RegExp(String.raw `^(?:(?:ROUND|PASS|CYCLE|ITERATION|ATTEMPT|R)\s*#?\s*(\d{1,2}|${WORDS})\b|` +
    String.raw `REVIEW\s+(\d{1,2}|${WORDS})\b(?![.,]\d)|` +
    String.raw `(${WORDS})\s+(?:ROUND|PASS|REVIEW|LOOK|CYCLE|ITERATION)\b|V(\d{1,2})\s+REVIEW\b)`);
/** A date in a verdict's key: "(Mar 3)", "(2026-03-03)", "(3 March)". */
const DATED = /\((?:(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[A-Z]*\.?\s+\d{1,2}|\d{1,2}\s+(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[A-Z]*|\d{4}-\d{2}-\d{2})(?:,[^)]*)?\)/;
/** What says a round is the latest, wherever it stands ("## Round 2 (latest)"). */
const LATEST = /\b(?:LATEST|CURRENT|MOST\s+RECENT)\b/;
/** A line that starts a section: a heading, or a bold label alone on its line. */
const SECTION = /^\s*(?:#{1,6}\s|(\*\*|__)[^*_]+\1\s*[:：]?\s*$)/;
/** A line's words as a label opens them: upper-case, decoration, brackets and a leading dash gone. */
const opening = (line) => plain(line)
    .toUpperCase()
    .replace(/^[\s#*_[(^—–-]+/, '');
/** The round or update a line opens, if it does: a heading, a bold label alone, or a paragraph "Update: …". */
function markerAt(line, index) {
    const section = SECTION.test(line);
    if (/^\s*(>|\||[-+*]\s|\d+[.)]\s)/.test(line))
        return null;
    const text = opening(line);
    const latest = LATEST.test(text);
    const numbered = NUMBERED.exec(text);
    if (numbered && section) {
        const n = numbered.slice(1).find((g) => g !== undefined);
        return { index, round: /^\d+$/.test(n) ? Number(n) : ORDINAL[n], amends: false, latest, section };
    }
    if (REVISIT.test(text) && section)
        return { index, round: Infinity, amends: false, latest, section };
    // a paragraph may open an update or a correction ("Correction after re-running the suite: …")
    const amends = ((AMENDS.test(text) || AMENDS_CJK.test(text)) && (section || /^[^:：]{0,80}(?:[:：]|\s[—–-])/.test(text))) ||
        RETRACTS.test(text);
    if (amends || (FOLLOW_UP.test(text) && /^\s*#/.test(line)))
        return { index, round: Infinity, amends: true, latest, section };
    return null;
}
/**
 * The verdict's round is not the last word: an update or a correction follows it; or it sits in a numbered round
 * and a later one (a higher number, a re-review, one that says it is the latest) stands anywhere in the body. A
 * verdict that sits in no round keeps its word over a round's history below it ("## Round 1 issues — resolution")
 * and over a re-check it sums up. Rounds that may disagree give no suggestion (issue 18); which stands is the
 * author's to say.
 */
function laterRound(lines, code, at, line) {
    const markers = lines.flatMap((l, i) => (code.has(i) ? [] : [markerAt(l, i)])).filter((m) => m !== null);
    const amended = markers.find((m) => m.amends && m.index > at);
    if (amended)
        return `line ${line(amended.index)} opens an update or a correction after it`;
    // the verdict's own section: the nearest heading or bold label above it, if that one opens a round ("## Verdict"
    // after a newest-first history sits in no round: a read-through)
    const section = lines.findLastIndex((l, i) => i <= at && !code.has(i) && SECTION.test(l));
    const own = markers.find((m) => m.index === section && m.section && !m.amends);
    // a verdict dated on its own line ("**Verdict (Mar 3):** …") with a re-review or a round after it: that day's
    // verdict, not the last word (attack 37)
    if (!own && DATED.test(plain(lines[at]).toUpperCase())) {
        // a round, or a later section dated too ("### After the force-push (March 5)")
        const after = markers.find((m) => m.index > at && !m.amends)?.index ??
            lines.findIndex((l, i) => i > at && !code.has(i) && SECTION.test(l) && DATED.test(plain(l).toUpperCase()));
        if (after >= 0)
            return `line ${line(after)} opens a later round than the dated verdict`;
    }
    if (!own || own.round === Infinity)
        return null;
    const newer = markers.find((m) => m !== own &&
        !m.amends &&
        (m.round > own.round || (m.latest && !own.latest)) &&
        (m.index > at || m.round !== Infinity));
    return newer
        ? `line ${line(newer.index)} opens a later round than the one it sits in (line ${line(own.index)})`
        : null;
}
/**
 * A section title for another reviewer's part of a panel ("## Security persona", "### Architecture agent"), or for a
 * record copied in ("## Change record (copied from ServiceNow)") (attack 38).
 */
const OTHERS_TITLE = /^(?!(?:FINAL|LEAD|MAIN|PRIMARY|CODE|THIS|MY|OUR)\b)(?:[\w-]+\s+){1,3}(?:(?:PERSONA|AGENT|SUB-?AGENT|BOT|LENS|LANE)S?\b|REVIEWER\s*$)|\b(?:COPIED|PASTED|QUOTED|CHANGE\s+RECORD)\b/;
/** A section title for an earlier review: "## Previous review (Mar 3)", "**Earlier round**", "### Last pass". */
const EARLIER_TITLE = new RegExp(
// "### Last week's review" (attack 37)
String.raw `^(?:${EARLIER}|FIRST|1ST|LAST|(?:MON|TUES|WEDNES|THURS|FRI|SATUR|SUN)DAY['’]?S?)` +
    String.raw `(?:[\s-]+(?:WEEK|MONTH|SPRINT|TIME|YEAR)['’]?S?)?` +
    String.raw `[\s-]+(?:${PASS_WORDS}|VERDICT)S?\b`);
/**
 * The verdict sits in a section titled as an earlier review (attack 33: "## Previous review (Mar 3)" / "Verdict:
 * APPROVE", then "## Today" withdraws it): its nearest heading or bold label above.
 */
function historySection(lines, code, at) {
    // a <details> summary titles what it folds too: "<summary>Previous review (at 1a2b3c4)</summary>" (attack 38)
    const k = lines.findLastIndex((l, i) => i < at && !code.has(i) && (SECTION.test(l) || /^\s*<summary>/i.test(l)));
    if (k < 0)
        return -1;
    return EARLIER_TITLE.test(opening(lines[k])) || OTHERS_TITLE.test(opening(lines[k])) ? k : -1;
}

;// CONCATENATED MODULE: ./src/core/intent-doubts.ts



/**
 * A line that introduces someone else's words (a bot's, a tool's, the author's), ending with a colon — or, above
 * a quote or an indented block, with a period: "Quoting the security bot's review:", "From CodeRabbit's summary:",
 * "The bot said:", "Its output, for the record:", "The PR description ends with the author's self-review.".
 */
const OTHERS = new RegExp(String.raw `(?:^|\s)(?:QUOTING|QUOTED|QUOTE)\b|\b(?!THIS\b|MY\b|OUR\b)[\w@.-]+['’]S\s+(?:\w+\s+){0,2}` +
    String.raw `(?:REVIEW|SELF-?REVIEW|SUMMARY|OUTPUT|RUN|COMMENT|REPORT|VERDICT|LINE|RESULT|MESSAGE|STATUS|` +
    String.raw `TAKE|OPINION|VIEW|ASSESSMENT|NOTES)S?\b|` +
    String.raw `\bITS\s+(?:OUTPUT|VERDICT|SUMMARY|REPORT|RESULT|STATUS|LAST\s+LINE)\b|` +
    // "Output from the architecture agent:" (attack 38)
    String.raw `\b(?:OUTPUT|REPORT|SUMMARY|VERDICT|REVIEW|FINDINGS|NOTES)\s+(?:FROM|OF|BY)\s+` +
    String.raw `(?:THE\s+)?(?:[\w-]+\s+){0,3}` +
    String.raw `(?:AGENT|SUB-?AGENT|BOT|TOOL|MODEL|PERSONA|REVIEWER|TEAM)\b|` +
    String.raw `\b(?:BOT|SCANNER|LINTER|TOOL|CHECKER|ANALY[SZ]ER|CODERABBIT|COPILOT|AUTHOR|DESCRIPTION)\b[^.:]*` +
    String.raw `\b(?:SAID|SAYS|WROTE|WRITES|REPORTS?|REPORTED|ENDED|ENDS|RETURNED|RETURNS|GAVE|GIVES|OUTPUTS?|` +
    String.raw `PRINTED)\b`);
function introducedByOthers(lines, at) {
    let k = at;
    const block = (l) => /^\s*>/.test(l) || /^(?: {4,}|\t)\S/.test(l);
    const inBlock = block(lines[at]);
    if (inBlock)
        while (k > 0 && block(lines[k - 1]))
            k--;
    let above = k - 1;
    while (above >= 0 && !lines[above].trim())
        above--;
    if (above < 0)
        return -1;
    const intro = plain(lines[above]).toUpperCase();
    const ends = inBlock ? /[:.]\s*$/ : /[:：]\s*$/;
    const others = OTHERS.test(intro) || (inBlock && /[:：]\s*$/.test(intro) && A_MACHINE.test(intro));
    return ends.test(intro) && others && !/\b(?:I|WE)\b/.test(intro.split(/[,:]/)[0]) ? above : -1;
}
/** A quote's introduction that names a machine and no verb: "Automated pre-review (gpt-4o):", "Copilot summary:". */
const A_MACHINE = /\b(?:AUTOMATED|AUTO-?GENERATED|GPT[\w.-]*|CLAUDE|GEMINI|CODEX|COPILOT|CODERABBIT|SOURCERY|QODO|GREPTILE|BOT|AI|LLM|AGENT|SUB-?AGENT|THREAD|SIGN-?OFF)\b|^PER\b|^ACCORDING\s+TO\b/;
/** A parenthetical on the verdict's line that makes it a part, stale, pending, or someone else's. */
const NOT_WHOLE = new RegExp(String.raw `\b(?:ONLY(?=\s*(?:$|[,;]))|` +
    String.raw `PENDING\s+(?:THE\s+)?(?:[\w@-]+['’]S\s+)?(?:REVIEW|SIGN-?OFF|APPROVAL|LOOK)|` +
    String.raw `PARTIAL(?:LY)?|EXCLUDING|EXCEPT|WITHOUT|PRELIMINARY|PROVISIONAL|TENTATIVE|` +
    // "(frontend)", "(2.x backport)", "(once the down migration is back)", "(assuming CI goes green)" (attack 38)
    String.raw `FRONT-?END|BACK-?END|BACKPORT|ONCE|ASSUMING|PROVIDED|UNLESS|UNTIL|IF|` +
    String.raw `INITIAL|SO\s+FAR|STALE|OUTDATED|PREVIOUS|EARLIER|SUPERSEDED|ROUND\s*1|FIRST\s+(?:ROUND|PASS)|` +
    String.raw `AUTO-?APPROV\w*|BOT|CODERABBIT|COPILOT|DEPENDABOT|RENOVATE|` +
    String.raw `NOT\s+(?:REVIEWED|COVERED|INCLUDED|CHECKED))\b|` +
    String.raw `\[BOT\]|@[\w-]+`);
function notWhole(lines, c) {
    // a token alone under its heading is that heading's ("## Verdict (docs only)" / "**APPROVE**")
    let above = c.index - 1;
    while (above >= 0 && !lines[above].trim())
        above--;
    const heading = above >= 0 && /^\s*#{1,6}\s/.test(lines[above]) ? [above] : [];
    for (const i of new Set([c.index, c.tokenIndex ?? c.index, ...heading])) {
        const parens = [
            ...plain(lines[i])
                .toUpperCase()
                .matchAll(/\(([^)]*)\)/g),
        ].map((m) => m[1]);
        if (parens.some((p) => NOT_WHOLE.test(p)))
            return i;
    }
    return -1;
}
const RUN_TITLE = /^(?:(?:UNIT|E2E|INTEGRATION|AUTOMATED|MANUAL)\s+)?(?:TESTS?|TESTING|CI|BUILDS?|CHECKS|LINT(?:ING)?|PIPELINE|COVERAGE|BENCHMARKS?|QA|SMOKE|UAT|CANARY|ROLLOUT)\b/;
/** "**Status:** PASS" under "## Tests": a test run's, a build's or a check's status, not the review's verdict. */
function toolStatus(lines, c) {
    // a run's word (PASS, FAIL), not a reviewer's (APPROVED under "## Checks" is the review's: issue 18)
    if (!c.key || !/^(?:STATUS|RESULTS?|OUTCOME)$/.test(c.key) || !/^(?:PASS|FAIL|GREEN|RED|SUCCESS)/.test(c.token ?? ''))
        return false;
    const heading = lines.slice(0, c.index + 1).findLast((l) => /^\s*#{2,6}\s/.test(l)) ?? '';
    const title = plain(heading)
        .toUpperCase()
        .replace(/^[\s\d.)]+/, '');
    return (RUN_TITLE.test(title) && !/\b(?:VERDICT|DECISION|SUMMARY|CONCLUSION|RECOMMENDATION|REVIEW|ASSESSMENT)\b/.test(title));
}
/** "Merge / Hold: **Hold**": the label offers alternatives and the value picks one. */
const ALTERNATIVE = String.raw `\p{L}[\p{L}'’-]*(?:\s\p{L}[\p{L}'’-]*)?`;
const OPTIONS_LABEL = new RegExp(String.raw `^\s*${ALTERNATIVE}(?:\s*[/|]\s*${ALTERNATIVE})+\s*[:：]\s*\S`, 'u');
const NAMES_KEY = /\b(?:DECISION|VERDICT|STATUS|RECOMMENDATION|RESULT|OUTCOME|CONCLUSION)\b/;
/** 通过与否 (whether it passes or not), 是否通过, 能否合并: the verdict is asked, not given. */
const WHETHER = /(?:通过|批准|合并|approve)\s*与否|(?:是否|能否|可否)\s*(?:通过|批准|合并)/iu;
/**
 * A verdict said as a bare token whose own line takes it back: sarcasm ("LGTM. /s", "LGTM (jk)", "LGTM（笑）", "Ship
 * it... straight into the sun"), another PR or a stale round ("LGTM — wrong PR", "Approved — superseded by #1290",
 * "Approved — stale, from before the rebase"), a part or a hedge ("LGTM, from a docs perspective", "LGTM, in
 * theory", "Clean, but the build is red"), a struck or grimacing token ("<s>LGTM</s>", "~LGTM~", "LGTM 😬"):
 * attack 30.
 */
const intent_doubts_TAKEN_BACK = new RegExp(String.raw `\/S\b|\bNOT[\s.!]*$|\((?:JK|NOT|KIDDING|SARCASM)\)|[（(]笑[）)]|\b(?:JK|LOL|SAID\s+NOBODY|NOT\s+REALLY|` +
    String.raw `WRONG\s+PR|MEANT\s+FOR|SUPERSEDED|STALE|EARLIER\s+REVISION|BACKPORT|IN\s+THEORY|PERS(?:PECTIVE)|PART|` +
    String.raw `OTHERWISE|INTO\s+THE\s+SUN|NOT\s+MY\s+AREA|HAVEN'?T\s+LOOKED|DUPLICATE|CLOSING|PLEASE|BUT|` +
    String.raw `NOTHING\s+TO\s+CHANGE|WAITING)\b`);
const STRUCK_OR_GRIMACING = /<\/?(?:s|del|strike)>|~|[😬🙄🤔🤡😒🙃😑😐]/u;
function takenBack(lines, c, apart) {
    if (c.strength !== 'bare')
        return false;
    const raw = lines[c.index];
    // a log or a pasted block after the bare token ("LGTM" over a failing test run) says more than the token
    const after = lines.slice(c.index + 1).some((l, k) => l.trim() && apart.has(c.index + 1 + k));
    return (after ||
        afterthought(lines, c.index) ||
        STRUCK_OR_GRIMACING.test(raw) ||
        intent_doubts_TAKEN_BACK.test(plain(raw.replace(/[’‘]/g, "'")).toUpperCase()));
}
/**
 * The paragraph after a bare token opens as an afterthought (a dash, "Edit:", "Update:", "P.S.") and amends it:
 * "LGTM" then "— actually no, wait: …", "Approved" then "— edit: un-approving …" (attack 32). A sign-off ("— Dana")
 * is a footer (intent-body.ts), and a token above it is the closing line, not this.
 */
function afterthought(lines, index) {
    const next = lines.slice(index + 1).find((l) => l.trim()) ?? '';
    if (SIGN_OFF.test(next))
        return false;
    // a list under a bare token that goes on with its sentence ("LGTM" / "- but the password is still logged")
    const item = /^\s*(?:[-+*]|\d+[.)])\s+[*_]*(\w+)/.exec(next)?.[1]?.toUpperCase() ?? '';
    if (/^(?:BUT|AND|EXCEPT|THOUGH|ALTHOUGH|HOWEVER|ONCE|IF|UNLESS|AFTER|PROVIDED|ASSUMING|MODULO|PLEASE)$/.test(item))
        return true;
    const text = opening(next);
    return /^\s*[_*]*(?:[—–]|--\s)/.test(next) || AMENDS.test(text) || RETRACTS.test(text);
}
/**
 * Why the verdict that decides is in doubt, or null; `line` maps a 0-based index to the body's 1-based line.
 * Only withholds (see the module's note).
 */
function doubted(decided, lines, code, line) {
    const last = decided.at(-1);
    const apart = new Set([...code, ...quotedLines(lines)]);
    const at = Math.max(...decided.map((c) => c.tokenIndex ?? c.index));
    const where = `the verdict at line ${line(last.index)}`;
    const round = laterRound(lines, code, at, line);
    if (round)
        return `${where} may not be the last word: ${round}`;
    for (const c of decided) {
        const k = introducedByOthers(lines, c.tokenIndex ?? c.index);
        if (k >= 0)
            return `${where} may be someone else's: line ${line(k)} introduces another's words`;
        const p = notWhole(lines, c);
        if (p >= 0)
            return `${where} is given for a part, on a condition, as stale, or as someone else's (line ${line(p)})`;
        if (toolStatus(lines, c))
            return `line ${line(c.index)} is the status of tests, a build or a check, not the review's`;
        const t = lines[c.tokenIndex ?? c.index];
        if (OPTIONS_LABEL.test(plain(t)) && !NAMES_KEY.test(plain(t).toUpperCase().split(/[:：]/)[0]))
            return `line ${line(c.tokenIndex ?? c.index)} offers alternatives and picks one`;
        if (WHETHER.test(t))
            return `line ${line(c.index)} asks whether, it does not say`;
        if (takenBack(lines, c, apart))
            return `line ${line(c.index)} takes its own verdict back (sarcasm, another PR, stale, a part)`;
        const h = historySection(lines, code, c.index);
        if (h >= 0)
            return `${where} sits under line ${line(h)}, which titles an earlier review or another reviewer's`;
    }
    return null;
}

;// CONCATENATED MODULE: ./src/core/intent.ts
// Which verdict did the author mean? — pure, and for the human only. When a body is
// refused, this finds the line where the body gives its verdict and says what to change
// in one pass; when the intent is not clear it says so, names the lines, and suggests
// nothing. Its answer is never used to post: acceptance is the grammar alone.
//
// Where a line gives a verdict is core/intent-line.ts (after a key: core/intent-key.ts), what
// the words say core/intent-words.ts, what holds an approval back core/intent-conditions.ts, what
// the lines around a verdict say core/intent-around.ts
// (an open must-fix list, a demand before the merge, changes said to be made, a later round), what puts
// the deciding verdict in doubt and only withholds core/intent-doubts.ts (a later round or an earlier review's
// section core/intent-rounds.ts), which verdicts are items' statuses core/intent-items.ts,
// a review of a line or two that approves in words core/intent-short.ts,
// the body's shape (code, quotes, footers, its closing line) core/intent-body.ts; this module reads the
// body whole: which of its verdicts decide (rounds, parts, finals, what was set aside) and the advice.









/** What follows the intended line, named by shape; at most a few, with a count. */
function describeAfter(lines, chosen, others) {
    const from = chosen.tokenIndex ?? chosen.index;
    const split = chosen.tokenIndex !== undefined ? [`replace lines ${chosen.index + 1}–${from + 1} (heading and token)`] : [];
    const rest = lines
        .slice(from + 1)
        .map((l, k) => ({ l, n: from + 2 + k }))
        .filter((x) => !(0,grammar/* isBlank */.z3)(x.l)); // the grammar's blank, not trim()'s: a no-break space is a line that must go
    if (!rest.length)
        return split;
    const shapes = new Set();
    if (others.some((c) => c.index > from))
        shapes.add('a second verdict under another name');
    for (const { l } of rest)
        for (const [re, name] of FOOTERS)
            if (re.test(l))
                shapes.add(name);
    const what = shapes.size ? ` (${[...shapes].slice(0, 4).join(', ')})` : '';
    const [first, last] = [rest[0].n, rest.at(-1).n];
    const after = rest.length === 1
        ? `line ${first}${what} must be deleted or moved above the verdict`
        : `the ${rest.length} non-blank lines after it (lines ${first}–${last})${what} must be deleted or moved above ` +
            'the verdict';
    return [...split, `move it to the end: ${after}`];
}
function collect(lines, code) {
    const r = {
        lines,
        closing: closingLine(lines, code),
        unrecognised: [],
        items: [],
        history: [],
        setAside: [],
    };
    const candidates = [];
    const tokenLines = new Set();
    for (let i = 0; i < lines.length; i++) {
        // code is not a verdict, a line in the grammar's exact form neither: GitHub shows it as code, an example of the
        // format ("Use this format:") or a file the model quoted (the grammar refuses it last in a block left open)
        if (code.has(i))
            continue;
        const wellFormed = grammar/* VERDICT_LINE */.Fg.exec(lines[i]);
        const c = wellFormed
            ? { index: i, verdicts: [wellFormed[1]], strength: 'keyed', offered: false }
            : candidateAt(r, i);
        // the token line of a "## Verdict" heading is that heading's reading, not a second verdict
        if (c && !tokenLines.has(i))
            candidates.push(c);
        if (c?.tokenIndex !== undefined)
            tokenLines.add(c.tokenIndex);
    }
    const closing = setApart(lines, r.closing) ? r.closing : null;
    const kept = withoutItemStatuses(candidates, keyLabels(lines, code), closing, lines);
    // rounds under headings of their own that disagree: every one is named, none outranks the others
    if ('rounds' in kept)
        return { candidates: kept.rounds, unrecognised: r.unrecognised, items: [], rounds: true, setAside: r.setAside };
    // what was set aside as items' statuses is named when nothing else states a verdict
    const items = [...r.items, ...candidates.filter((c) => !kept.includes(c)).map((c) => c.tokenIndex ?? c.index)].sort((a, b) => a - b);
    // a part's verdict ("Stage 1 verdict: PASS") gives way to any verdict after it, an earlier pass's too ("Previous
    // verdict: REQUEST CHANGES — still stands": attack 33); the last part's stands
    const later = (c) => kept.some((d) => !d.part && d.index > c.index) || r.history.some((h) => h > c.index);
    return {
        candidates: kept.filter((c) => !c.part || !later(c)),
        unrecognised: r.unrecognised,
        items,
        rounds: false,
        setAside: r.setAside,
    };
}
/** Every line decides and none can be suggested: "the body states conflicting verdicts (line 3: …, line 9: …)". */
function conflicting(candidates, line) {
    const where = candidates.map((c) => `line ${line(c)}: ${c.verdicts.join('/')}`).join(', ');
    return { decided: candidates, ambiguity: `the body states conflicting verdicts (${where})` };
}
/** Which lines decide, and why nothing can be suggested when they do not agree or approve on conditions. */
function decide(candidates, line) {
    const unoffered = candidates.filter((c) => !c.offered);
    const finals = unoffered.filter((c) => c.final);
    const decided = finals.length ? finals : unoffered;
    // the offered lines are named: the body gives verdicts there, as choices nobody made
    if (!decided.length)
        return {
            decided: candidates,
            ambiguity: 'the body only offers verdicts (template alternatives or unticked boxes)',
        };
    const verdicts = new Set(decided.flatMap((c) => c.verdicts));
    if (verdicts.size !== 1)
        return conflicting(decided, line);
    const conditional = decided.find((c) => c.condition);
    if (conditional)
        return {
            decided,
            ambiguity: `the approval at line ${line(conditional)} is conditional ("${conditional.condition}"): it approves on ` +
                'changes it still asks for',
        };
    return { decided, ambiguity: null };
}
/**
 * "- Recommendation: Request changes" as the last of five findings' labels: the body gives verdicts, but only as
 * labels of items (a finding's, a part's, a PR's), so which is the review's own is not clear — said, not "no verdict".
 */
function itemsOnly(lines) {
    const where = lines.length > 1 ? `lines ${lines.join(', ')} give verdicts` : `line ${lines[0]} gives a verdict`;
    return `${where} only as the label of a list item or a finding, not as the review's own`;
}
/** The suggestion a short approval said in words gives (core/intent-short.ts), or null. */
function inWords(lines, apart, origin, notes) {
    const short = shortReview(lines, apart);
    if (!short)
        return null;
    const fromLine = origin[short.index] + 1;
    const suggestion = {
        line: `## VERDICT: ${short.verdict}`,
        verdict: short.verdict,
        fromLine,
        inWords: true,
    };
    return { suggestion, ambiguity: null, after: [], notes, candidates: [fromLine], stated: [fromLine] };
}
/** The suggestion read from a line: through escapes (decode them), or a line already the grammar's (keep it). */
function suggested(verdict, fromLine, escaped, line) {
    const how = escaped ? { escaped: true } : grammar/* VERDICT_LINE */.Fg.test(line) ? { wellFormed: true } : {};
    return { line: `## VERDICT: ${verdict}`, verdict, fromLine, ...how };
}
/**
 * No line reads past this many characters: a verdict is never that long, and some readings look back along a line
 * (a negation earlier in the clause), which on a line of 100,000 characters without punctuation is quadratic.
 */
const LINE_CAP = 2000;
/**
 * A verdict word set aside as not plainly the review's own (Reader.setAside) after every verdict read: which one is
 * the review's own is not clear (attack 39), and why. With no verdict read, the body states none of its own: null.
 */
function setAsideLast(aside, candidates, line) {
    const read = candidates.filter((c) => !c.offered);
    const last = aside.find((s) => read.length && !read.some((c) => c.index > s.index));
    if (!last)
        return null;
    const why = `line ${line(last.index)} gives a verdict that is not plainly the review's own (${last.why}), after the ` +
        `verdict at line ${line(read.at(-1).index)}: which one is the review's is not clear`;
    return { line: line(last.index), why };
}
function findIntent(original) {
    const capped = original.map((l) => (l.length > LINE_CAP ? l.slice(0, LINE_CAP) : l));
    const { lines, origin, escaped } = intent_body_unescape(capped);
    const notes = escaped
        ? ['the body contains literal "\\n" escapes: the persona output was a JSON string written without unescaping']
        : [];
    const code = codeLines(lines);
    // what quotes someone else (a quote of a named source, an indented block) gives no verdict, but a hold or a demand
    // quoted there still holds one back (a quoted rule "signed off by a DBA before merge": attack 25)
    const apart = new Set([...code, ...quotedLines(lines)]);
    const { candidates, unrecognised, items, rounds, setAside } = collect(lines, apart);
    const lineOf = (c) => origin[c.index] + 1;
    const at = [...new Set(candidates.map(lineOf))];
    const none = (ambiguity, stated) => ({
        suggestion: null,
        ambiguity,
        after: [],
        notes,
        candidates: at,
        stated,
    });
    const aside = setAsideLast(setAside, candidates, (i) => origin[i] + 1);
    if (aside)
        return none(aside.why, [...new Set([...candidates.map(lineOf), aside.line])]);
    if (!candidates.length) {
        const u = unrecognised[0];
        const itemLines = [...new Set(items.map((i) => origin[i] + 1))];
        if (!u && itemLines.length)
            return none(itemsOnly(itemLines), itemLines);
        // a review of a line or two that approves in words: "Looks good! I'm fine merging this in."
        if (!u)
            return inWords(lines, apart, origin, notes) ?? none(null, []);
        const what = `line ${lineOf(u)} gives the verdict as "${u.word}", ` +
            'which names none of APPROVE, CHANGES_REQUESTED, COMMENT';
        return none(what, [...new Set(unrecognised.map(lineOf))]);
    }
    const { decided, ambiguity } = rounds ? conflicting(candidates, lineOf) : decide(candidates, lineOf);
    const stated = [...new Set(decided.map(lineOf))];
    if (ambiguity)
        return none(ambiguity, stated);
    const held = heldBack(decided, lines, code, (i) => origin[i] + 1);
    if (held)
        return none(held, stated);
    const doubt = doubted(decided, lines, code, (i) => origin[i] + 1);
    if (doubt)
        return none(doubt, stated);
    const first = decided[0].verdicts[0];
    const later = laterLine(lines, code, decided.at(-1).index, first);
    if (later >= 0)
        return none(first === 'APPROVE'
            ? `the approval at line ${lineOf(decided.at(-1))} is conditional: line ${origin[later] + 1} asks for ` +
                'changes before the merge or the next phase, or holds the merge'
            : `line ${origin[later] + 1} says the changes requested at line ${lineOf(decided.at(-1))} are made`, stated);
    const strong = decided.filter((c) => c.strength !== 'bare');
    const chosen = (strong.length ? strong : decided).at(-1);
    return {
        suggestion: suggested(chosen.verdicts[0], lineOf(chosen), escaped, lines[chosen.index]),
        ambiguity: null,
        after: escaped ? [] : describeAfter(lines, chosen, decided),
        notes,
        candidates: at,
        stated,
    };
}

;// CONCATENATED MODULE: ./src/core/visible.ts
// A line of model output made safe to quote in a log, an error or the job summary. Pure.
/** Lines are cut after this many characters. */
const MAX_SHOWN = 160;
/**
 * Punctuation and symbols outside ASCII (a dash, quotes, ✅) are shown as themselves, with an
 * emoji's presentation selector, and so are letters and digits of words a reader can read ("Überprüfung",
 * "很好", "café"); everything a reader could not see or could mistake for ASCII is shown as \uXXXX:
 * invisible and control characters, spaces other than U+0020, fullwidth forms, mathematical letters,
 * digits outside ASCII, and in a word with ASCII letters any letter or mark that is not a Latin letter
 * over an ASCII base ("\u0410PPROVE": a Cyrillic A). A backslash is doubled, so an escape is never
 * mistaken for text. Issue 18: quoted lines keep their characters.
 */
const SHOWN = /^[\p{P}\p{S}]$/u;
const PRESENTATION = /^[\uFE0E\uFE0F]$/u;
const FULLWIDTH = /^[\uFF00-\uFFEF]$/u;
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/** Latin letters with no ASCII base that are no look-alike of one. */
const LATIN_OWN = /^[ßæøœðþłÆØŒÐÞŁ]$/u;
/** Cyrillic and Greek letters a reader takes for ASCII ones: a word made of nothing else reads as ASCII ("ОК"). */
const CONFUSABLE = /^[АВЕКМНОРСТХУаеорсухіјѕԁԛԝΑΒΕΖΗΙΚΜΝΟΡΤΥΧοικνυ]$/u;
/** A word with no ASCII letter that still reads as ASCII: every letter a look-alike, or two scripts mixed. */
function looksAscii(word) {
    const letters = [...word].filter((c) => /\p{L}/u.test(c));
    if (letters.length && letters.every((c) => CONFUSABLE.test(c)))
        return true;
    const scripts = new Set(letters.map((c) => (/\p{Script=Cyrillic}/u.test(c) ? 'C' : /\p{Script=Greek}/u.test(c) ? 'G' : 'O')));
    return scripts.has('C') && scripts.has('G');
}
/** Whether a letter, mark or digit outside ASCII reads as itself in its word. */
function readsAsItself(ch, word) {
    if (FULLWIDTH.test(ch) || /^[\p{Nd}\p{M}]$/u.test(ch))
        return false;
    const cp = ch.codePointAt(0);
    if (cp >= 0x1d400 && cp <= 0x1d7ff)
        return false; // mathematical alphanumerics
    if (!/[A-Za-z0-9]/.test(word))
        return !looksAscii(word);
    const base = ch.normalize('NFD')[0];
    return /^\p{Script=Latin}$/u.test(ch) && (/^[A-Za-z]$/.test(base) || LATIN_OWN.test(ch));
}
/** For each character of `s`, whether it is a letter, mark or digit outside ASCII that reads as itself. */
function readableLetters(s) {
    const ok = new Set();
    for (const m of s.matchAll(WORD)) {
        let at = m.index;
        for (const ch of m[0]) {
            if (ch.codePointAt(0) > 0x7e && readsAsItself(ch, m[0]))
                ok.add(at);
            at += ch.length;
        }
    }
    return ok;
}
/** A line made safe to quote: see SHOWN; control characters escaped; long lines cut. */
function visible(s, max = MAX_SHOWN) {
    let out = '';
    let count = 0;
    let afterSymbol = false;
    let at = 0;
    const letters = readableLetters(s);
    for (const ch of s) {
        if (count >= max) {
            out += `… (${[...s].length - max} more characters)`;
            break;
        }
        const cp = ch.codePointAt(0);
        const symbol = SHOWN.test(ch) && !FULLWIDTH.test(ch);
        const shown = cp > 0x7e && (symbol || letters.has(at) || (afterSymbol && PRESENTATION.test(ch)));
        afterSymbol = shown && /^\p{S}$/u.test(ch);
        if (cp === 0x5c)
            out += '\\\\';
        else if (cp >= 0x20 && cp < 0x7f)
            out += ch;
        else if (cp === 0x09)
            out += '\\t';
        else if (shown)
            out += ch;
        else
            out +=
                cp > 0xffff ? `\\u{${cp.toString(16).toUpperCase()}}` : `\\u${cp.toString(16).toUpperCase().padStart(4, '0')}`;
        count++;
        at += ch.length;
    }
    return out;
}

;// CONCATENATED MODULE: ./src/core/diagnostics.ts
// Explains a grammar failure to the person who must fix the prompt. Pure; never consulted by the decision.



const MAX_NEAR = 12;
const TOKEN_ADVICE = {
    REQUEST_CHANGES: 'REQUEST_CHANGES is the API event name; the verdict token is CHANGES_REQUESTED',
    APPROVED: 'APPROVED is the review state; the verdict token is APPROVE',
    COMMENTED: 'COMMENTED is the review state; the verdict token is COMMENT',
};
/** No verdict line is longer than this; longer lines are explained from their start only (bounded work). */
const MAX_ANALYSED = 512;
/** What differs between one line and the verdict grammar. */
function differences(full, isLast) {
    if (grammar/* VERDICT_LINE */.Fg.test(full)) {
        return isLast
            ? []
            : ['a well-formed verdict line, but not the last non-blank line: only the last non-blank line decides'];
    }
    const { out, rest } = prefixDifferences(full);
    out.push(...keywordDifferences(rest));
    if (!out.length)
        out.push('does not match ^##\\s+VERDICT:\\s+(APPROVE|CHANGES_REQUESTED|COMMENT)\\s*$');
    return out;
}
/** Length, characters, and what stands before the keyword: quotes, list marks, the heading. */
function prefixDifferences(full) {
    const out = [];
    const line = full.length > MAX_ANALYSED ? full.slice(0, MAX_ANALYSED) : full;
    if (line !== full)
        out.push(`the line is ${full.length} characters long: a verdict line is "## VERDICT: " and one token`);
    // a dash between words in trailing prose is prose, named as trailing text, not a look-alike
    const odd = [...line.replace(/ [\u2013\u2014] /g, ' - ')].filter((c) => {
        const cp = c.codePointAt(0);
        return cp > 0x7e || (cp < 0x20 && cp !== 0x09);
    });
    if (odd.length) {
        const names = [...new Set(odd)]
            .slice(0, 6)
            .map((c) => `U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
        out.push(`non-ASCII or invisible character(s) ${names.join(', ')}: the verdict line must be plain ASCII (look-alikes ` +
            `do not count)`);
    }
    let rest = (0,grammar/* skeleton */.qV)(line);
    const lead = /^[ \t]+/.exec(rest);
    if (lead) {
        out.push('leading whitespace before ##');
        rest = rest.slice(lead[0].length);
    }
    const quote = /^(>\s*)+/.exec(rest);
    if (quote) {
        out.push('block-quoted (>): the verdict line is a heading, not a quote');
        rest = rest.slice(quote[0].length);
    }
    const list = /^([-+*]|\d+[.)])\s+/.exec(rest);
    if (list && !rest.startsWith('**')) {
        out.push('written as a list item');
        rest = rest.slice(list[0].length);
    }
    const hashes = /^#+/.exec(rest);
    if (!hashes)
        out.push('not a level-2 heading: the line must start with "## "');
    else {
        if (hashes[0].length !== 2)
            out.push(`heading level ${hashes[0].length} (${hashes[0]}): use exactly ##`);
        rest = rest.slice(hashes[0].length);
        if (!/^[ \t]/.test(rest))
            out.push('no space after ##');
        rest = rest.replace(/^[ \t\u00a0]+/, '');
    }
    return { out, rest };
}
/** The keyword, the colon, the token and what follows it. */
function keywordDifferences(rest) {
    const out = [];
    if (/[*_`~]/.test(rest.replace(/CHANGES_REQUESTED|REQUEST_CHANGES|[A-Z]+_[A-Z]+/g, ''))) {
        out.push('decoration (*, _, ` or ~): write the line without emphasis or code marks');
    }
    const plain = rest.replace(/[*`~]/g, '').replace(/^_+|_+$/g, '');
    const kw = /verdict/i.exec(plain);
    if (!kw) {
        out.push('no VERDICT keyword');
        return out;
    }
    if (kw.index > 0 && plain.slice(0, kw.index).trim())
        out.push(`text before VERDICT: "${visible(plain.slice(0, kw.index).trim(), 40)}"`);
    if (kw[0] !== 'VERDICT')
        out.push(`keyword written "${kw[0]}": it must be upper-case VERDICT`);
    let after = plain.slice(kw.index + kw[0].length);
    if (!after.startsWith(':')) {
        out.push(/^\s*[:：]/.test(after) ? 'space or look-alike before the colon: write "VERDICT:"' : 'no colon after VERDICT');
        after = after.replace(/^\s*[:：\-–—=]?/, '');
    }
    else {
        after = after.slice(1);
        if (!/^[ \t]/.test(after))
            out.push('no space after "VERDICT:"');
    }
    // a token in quotation marks ('"APPROVE"', '“LGTM”') is named once as quoted, then read bare, not as the unknown
    // token '"APPROVE' with a quote as trailing text (an independent review, 2026-12-03)
    const unquoted = withoutQuotes(after);
    if (unquoted !== after)
        out.push('the token is in quotation marks: write it without them');
    after = unquoted;
    // a grammar token is the token whatever follows it ("APPROVE\"", "COMMENT-", "APPROVE✅"): the rest is trailing text
    const tok = new RegExp(`^\\s*(${grammar/* VERDICTS */.bk.join('|')})(?![A-Za-z0-9_])`, 'i').exec(after) ??
        /^\s*([^\s.,;:!?()[\]]+)/u.exec(after);
    if (!tok) {
        out.push(`no verdict token: end the line with one of ${grammar/* VERDICTS */.bk.join(', ')}`);
        return out;
    }
    const token = tok[1];
    let trailing = after.slice(tok[0].length);
    const valid = grammar/* VERDICTS */.bk.includes(token);
    const upperToken = token.toUpperCase();
    const known = grammar/* VERDICTS */.bk.includes(upperToken) || TOKEN_ADVICE[upperToken];
    const synonym = valid || known ? null : synonymAt(after);
    if (synonym) {
        // "REQUEST CHANGES", "LGTM", "needs work": name the token it means, not its words one by one
        const words = after.slice(0, synonym.length).trim();
        out.push(`"${visible(words, 40)}" is not a verdict token: it means ${synonym.verdict}, so write ${synonym.verdict}`);
        trailing = after.slice(synonym.length);
    }
    else if (!valid) {
        const upper = token.toUpperCase();
        if (grammar/* VERDICTS */.bk.includes(upper))
            out.push(`token written "${token}": tokens are case-sensitive, write ${upper}`);
        else if (TOKEN_ADVICE[upper])
            out.push(TOKEN_ADVICE[upper]);
        else
            out.push(`unknown token "${visible(token, 40)}": use one of ${grammar/* VERDICTS */.bk.join(', ')}`);
    }
    if (trailing.trim())
        out.push(`trailing text after the token: "${visible(rawTail(rest, trailing).trim(), 60)}" (nothing may follow the token)`);
    return out;
}
/** What follows the colon with the quotation marks around its first word taken off (the text as it is when none). */
function withoutQuotes(after) {
    const quoted = /^(\s*)["'“”‘’«»„]/.exec(after);
    if (!quoted)
        return after;
    return (quoted[1] + after.slice(quoted[0].length)).replace(/^(\s*[^\s"'“”‘’«»„]+)["'“”‘’«»„]/, '$1');
}
/**
 * The raw end of the line whose text, decoration taken out, is `tail`: what follows the token is quoted as written,
 * its code marks too ("— LGTM `x`", not "— LGTM x": an independent review, 2026-12-03).
 */
function rawTail(rest, tail) {
    let end = rest.length;
    while (end > 0 && rest[end - 1] === '_')
        end--; // trailing underscores are decoration too (plain, above)
    let i = end;
    for (let n = 0; i > 0 && n < tail.length; i--)
        if (!/[*`~]/.test(rest[i - 1]))
            n++;
    return rest.slice(i);
}
const SUMMARY = {
    'empty-body': 'the review body is empty (only whitespace): the persona produced no review; re-run it',
    'missing-verdict': 'the last non-blank line is not a verdict line and the body has no verdict: end the body with "## VERDICT: ' +
        'APPROVE", "## VERDICT: CHANGES_REQUESTED" or "## VERDICT: COMMENT" on its own line',
    'verdict-not-last': 'a verdict line appears, but text follows it: the verdict must be the last non-blank line of the body (move it ' +
        'to the end or drop what follows)',
    'malformed-verdict': 'the last non-blank line looks like a verdict but does not match the grammar ' +
        '^##\\s+VERDICT:\\s+(APPROVE|CHANGES_REQUESTED|COMMENT)\\s*$ exactly',
};
function diagnose(parsed) {
    const { lines } = parsed;
    const lastIdx = parsed.line ? parsed.line - 1 : -1;
    const intent = unhidden(findIntent(lines), lines);
    // near misses: the lines that state a verdict, a verdict line in a code block or a comment, and a heading-like last
    // line; prose that merely mentions "verdict" is not one
    const at = new Set([...intent.candidates, ...intent.stated].map((n) => n - 1));
    lines.forEach((l, i) => grammar/* VERDICT_LINE */.Fg.test(l) && (0,grammar/* hiddenBy */.W0)(lines, i) && at.add(i));
    if (lastIdx >= 0 && /^\s*#/.test(lines[lastIdx]))
        at.add(lastIdx);
    const nearMisses = [...at]
        .filter((i) => i < lines.length && !(0,grammar/* isBlank */.z3)(lines[i]))
        .sort((a, b) => a - b)
        .slice(0, MAX_NEAR)
        .map((i) => ({
        line: i + 1,
        text: visible(lines[i]),
        differs: inBlock(lines, i) ?? differences(lines[i], i === lastIdx),
    }));
    return {
        reason: parsed.reason,
        summary: parsed.hidden ? hiddenHeadline(parsed.line, parsed.hidden) : headline(parsed.reason, intent),
        lastLine: parsed.line ? { line: parsed.line, text: visible(parsed.lineText ?? '') } : undefined,
        nearMisses,
        intent,
    };
}
/** No suggestion from a line GitHub shows as code or hides: keeping it would be refused, or quote an example. */
function unhidden(intent, lines) {
    const s = intent.suggestion;
    return s && (0,grammar/* hiddenBy */.W0)(lines, s.fromLine - 1) ? { ...intent, suggestion: null, after: [] } : intent;
}
/** A verdict line inside a code block or an HTML comment: what GitHub makes of it (whether or not the block closes). */
function inBlock(lines, i) {
    const block = grammar/* VERDICT_LINE */.Fg.test(lines[i]) ? (0,grammar/* hiddenBy */.W0)(lines, i) : null;
    if (!block)
        return null;
    const shows = block.kind === 'code block' ? 'shows it as code' : 'hides it';
    return [`a well-formed verdict line, but inside the ${block.kind} opened at line ${block.line}: GitHub ${shows}`];
}
/** The last line is a verdict line that a block left open above it shows as code or hides. */
function hiddenHeadline(line, hidden) {
    const code = hidden.kind === 'code block';
    return (`line ${line} is a verdict line, but the ${hidden.kind} opened at line ${hidden.line} is never closed, so ` +
        `GitHub ${code ? 'shows it as code' : 'hides it'} and it is not the review's verdict: if it is the persona's ` +
        `verdict, close the ${hidden.kind} above it (${code ? 'a line ```' : '-->'}); if the model was quoting it (an ` +
        'example of the format, a file of the PR, an answer cut off), re-run the persona');
}
/** One sentence; it never says "no verdict" when the body states one: it names the line. */
function headline(reason, intent) {
    if (reason !== 'missing-verdict')
        return SUMMARY[reason];
    const s = intent.suggestion;
    if (s)
        return (`the body states its verdict (line ${s.fromLine}) but not as the last line in the required form: end the ` +
            'body with the suggested line below');
    if (!intent.stated.length)
        return SUMMARY[reason];
    const where = intent.stated.length > 1 ? `lines ${intent.stated.join(', ')}` : `line ${intent.stated[0]}`;
    return (`the last non-blank line is not a verdict line; the body states a verdict (${where}) but which one it means ` +
        `is not clear (${intent.ambiguity}): decide, and end the body with that one verdict as "## VERDICT: APPROVE", ` +
        '"## VERDICT: CHANGES_REQUESTED" or "## VERDICT: COMMENT" on its own line');
}
/** The one-pass fix: the suggested line, what differs, and what must go after it. */
function renderIntent(d, where) {
    const { suggestion, ambiguity, after, notes } = d.intent;
    const out = notes.map((n) => `  note: ${n}`);
    if (suggestion) {
        out.push(suggestion.inWords
            ? `  did you mean \`${suggestion.line}\` (${where}${suggestion.fromLine} says it in words)? Add it as the ` +
                'last line, on its own,'
            : suggestion.escaped
                ? `  did you mean \`${suggestion.line}\` (${where}${suggestion.fromLine}, read through its escapes)? Write ` +
                    'the output with its "\\n" escapes decoded into line breaks, ending in that line,'
                : suggestion.wellFormed
                    ? `  \`${suggestion.line}\` (${where}${suggestion.fromLine}) is already in the required form: keep it,`
                    : `  did you mean \`${suggestion.line}\` (${where}${suggestion.fromLine})? Replace that line with it,`);
        for (const a of after)
            out.push(`    - ${a}`);
        out.push('    - then the verdict is the last line and nothing else needs to change');
    }
    else if (ambiguity) {
        out.push(`  no suggestion: ${ambiguity}; decide which verdict the persona meant and make the prompt say it once`);
    }
    return out;
}
/** Multi-line plain-text rendering for logs, CLI and error messages. */
function renderDiagnosis(d, file) {
    const where = file ? `${file}:` : 'line ';
    const out = [`${d.reason}: ${d.summary}`, ...renderIntent(d, where)];
    const last = d.lastLine ? d.nearMisses.find((n) => n.line === d.lastLine.line) : undefined;
    if (d.lastLine)
        out.push(`  last non-blank line (${where}${d.lastLine.line}): "${d.lastLine.text}"`);
    for (const x of last?.differs ?? [])
        out.push(`    - ${x}`);
    for (const n of d.nearMisses) {
        if (n === last)
            continue;
        out.push(`  near miss at ${where}${n.line}: "${n.text}"`);
        for (const x of n.differs)
            out.push(`    - ${x}`);
    }
    return out.join('\n');
}


/***/ }),

/***/ 8726:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Fg: () => (/* binding */ VERDICT_LINE),
/* harmony export */   Pn: () => (/* binding */ parseVerdict),
/* harmony export */   Vj: () => (/* binding */ decodeBody),
/* harmony export */   W0: () => (/* binding */ hiddenBy),
/* harmony export */   af: () => (/* binding */ normaliseText),
/* harmony export */   bk: () => (/* binding */ VERDICTS),
/* harmony export */   l0: () => (/* binding */ EVENT_OF),
/* harmony export */   qV: () => (/* binding */ skeleton),
/* harmony export */   qY: () => (/* binding */ EVENTS),
/* harmony export */   z3: () => (/* binding */ isBlank)
/* harmony export */ });
/* unused harmony export mentionsVerdict */
// The verdict grammar — pure: bytes or text in, a decision out.
// The decision here never depends on diagnostics.ts; that module only explains.
const VERDICTS = ['APPROVE', 'CHANGES_REQUESTED', 'COMMENT'];
const EVENTS = ['APPROVE', 'REQUEST_CHANGES', 'COMMENT'];
/** Verdict token → Reviews API event (core/decide.ts STATE_OF_EVENT gives the resulting state). */
const EVENT_OF = {
    APPROVE: 'APPROVE',
    CHANGES_REQUESTED: 'REQUEST_CHANGES',
    COMMENT: 'COMMENT',
};
/**
 * The grammar's expression. `\s` there is read as ASCII whitespace (as in PCRE and Go
 * without Unicode flags): JavaScript's `\s` would also accept NBSP, U+3000 and
 * U+FEFF, which are look-alikes a strict gate must reject, not absorb.
 */
const WS = '[ \\t\\v\\f]';
const VERDICT_LINE = new RegExp(`^##${WS}+VERDICT:${WS}+(APPROVE|CHANGES_REQUESTED|COMMENT)${WS}*$`);
const BLANK = /^[ \t\v\f]*$/;
/** Strict UTF-8 decode; NUL is unreadable; one leading BOM stripped; CRLF/CR → LF. */
function decodeBody(bytes) {
    // a UTF-16 file (a byte-order mark FF FE or FE FF) fails as UTF-8 at byte 0: say what it is
    if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
        const order = bytes[0] === 0xff ? 'little-endian' : 'big-endian';
        return {
            ok: false,
            message: `the body is UTF-16 (${order}, by its byte-order mark); write the file as UTF-8 text`,
        };
    }
    let text;
    try {
        text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    }
    catch {
        const at = firstInvalidUtf8(bytes);
        return {
            ok: false,
            message: `the body is not valid UTF-8 (first bad byte at offset ${at}); write the file as UTF-8 text`,
        };
    }
    return normaliseText(text);
}
/** The same rules for a body given as a string (the `body` input). */
function normaliseText(text) {
    const nul = text.indexOf('\u0000');
    if (nul >= 0) {
        const line = text.slice(0, nul).split(/\r\n|\r|\n/).length;
        return { ok: false, message: `the body contains a NUL byte (line ${line}): it is binary, not a Markdown review` };
    }
    if (text.charCodeAt(0) === 0xfeff)
        text = text.slice(1);
    return { ok: true, text: text.replace(/\r\n?/g, '\n') };
}
function firstInvalidUtf8(bytes) {
    const dec = new TextDecoder('utf-8', { fatal: true });
    let lo = 0;
    let hi = bytes.length;
    // binary search for the shortest invalid prefix (a truncated sequence at the end of a
    // prefix is reported invalid too, so search with stream mode)
    while (lo < hi) {
        const mid = (lo + hi) >> 1;
        try {
            dec.decode(bytes.subarray(0, mid + 1), { stream: true });
            dec.decode();
            lo = mid + 1;
        }
        catch {
            hi = mid;
        }
    }
    return lo;
}
const isBlank = (line) => BLANK.test(line);
// Look-alikes of the ASCII letters in the directive (Cyrillic, Greek).
const CONFUSABLE = Object.fromEntries([...'АВЕКМНОРСТХаеорсухІіЈјԁԛԜԝΑΒΕΖΗΙΚΜΝΟΡΤΥΧνορτ'].map((c, i) => [
    c,
    'ABEKMHOPCTXaeopcyxIiJjdqWwABEZHIKMNOPTYXvopt'[i],
]));
/**
 * A line's look-alike skeleton: compatibility forms folded (fullwidth letters),
 * Cyrillic and Greek look-alikes mapped to ASCII, invisible format characters
 * dropped, Unicode spaces made plain. Used only to explain and to name the abort
 * reason (a look-alike verdict is malformed, not missing) — never to accept a line.
 */
function skeleton(line) {
    return [...line.normalize('NFKC')]
        .map((c) => CONFUSABLE[c] ?? c)
        .join('')
        .replace(/\p{Cf}/gu, '')
        .replace(/\p{Zs}/gu, ' ');
}
/** Does this line talk about a verdict, look-alikes included? */
const mentionsVerdict = (line) => /verdict/i.test(skeleton(line));
const FENCE_OPEN = /^(`{3,})(?!.*`)|^(~{3,})/;
/**
 * The fenced code block or HTML comment, opened at the left margin above line `at` (0-based) and not closed before
 * it, that holds that line — CommonMark runs such a block to the end of the document, so GitHub shows the line as
 * code ("Use this format:", a quoted file, an answer cut off inside a code block) or hides it. Only blocks at the
 * margin count: a fence inside a list item or a quote ends with its container, and a line at the margin ends that.
 */
function hiddenBy(lines, at) {
    let open = null;
    for (let i = 0; i < at; i++) {
        const l = lines[i];
        if (open?.fence) {
            // a closing fence: up to three spaces, the same character at least as many times, nothing after it
            const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(l)?.[1];
            if (close && close[0] === open.fence[0] && close.length >= open.fence.length)
                open = null;
        }
        else if (open) {
            if (l.includes('-->'))
                open = null;
        }
        else {
            const fence = FENCE_OPEN.exec(l);
            if (fence)
                open = { kind: 'code block', line: i + 1, fence: fence[1] ?? fence[2] };
            else if (l.startsWith('<!--') && !l.slice(4).includes('-->'))
                open = { kind: 'HTML comment', line: i + 1 };
        }
    }
    return open && { kind: open.kind, line: open.line };
}
/** Parse normalised text (see decodeBody). Only the last non-blank line decides, and only as GitHub shows it. */
function parseVerdict(text) {
    const lines = text.split('\n');
    let last = lines.length - 1;
    while (last >= 0 && isBlank(lines[last]))
        last--;
    if (last < 0)
        return { ok: false, reason: 'empty-body', lines };
    const lineText = lines[last];
    const m = VERDICT_LINE.exec(lineText);
    // a verdict line inside a code block or an HTML comment left open is not a heading anyone reads: no verdict
    const hidden = m ? hiddenBy(lines, last) : null;
    if (hidden)
        return { ok: false, reason: 'missing-verdict', line: last + 1, lineText, lines, hidden };
    if (m) {
        const verdict = m[1];
        return { ok: true, verdict, event: EVENT_OF[verdict], line: last + 1, text };
    }
    const line = last + 1;
    if (mentionsVerdict(lineText))
        return { ok: false, reason: 'malformed-verdict', line, lineText, lines };
    if (lines.slice(0, last).some((l) => VERDICT_LINE.test(l))) {
        return { ok: false, reason: 'verdict-not-last', line, lineText, lines };
    }
    return { ok: false, reason: 'missing-verdict', line, lineText, lines };
}


/***/ }),

/***/ 4517:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   CX: () => (/* binding */ PERSONA_PATTERN),
/* harmony export */   NK: () => (/* binding */ samePersona),
/* harmony export */   h$: () => (/* binding */ composeBody)
/* harmony export */ });
/* unused harmony exports MARKER_NAME, MARKER_VERSION, postedEvent, RUN_PATTERN, MAX_BASE_ENCODED, encodeMarker, decodeMarker, versionOf, neutralise */
/* harmony import */ var _grammar_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(8726);
// The hidden marker that makes a review part of a persona's history (docs/DESIGN.md,
// "The marker"). Pure.

const MARKER_NAME = 'persona-verdict';
const MARKER_VERSION = 1;
/** The event a marked review was posted with: recorded, or the verdict's own. */
const postedEvent = (m) => m.event ?? EVENT_OF[m.verdict];
/** Persona names: what fits safely in a marker and a summary. */
const PERSONA_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,38}$/;
/** Persona names compare without case, as logins do: `Priya` and `priya` are one persona. */
const samePersona = (a, b) => a.toLowerCase() === b.toLowerCase();
const RUN_PATTERN = /^[A-Za-z0-9._-]{1,80}$/;
const SHA = /^[0-9a-f]{40}$/;
const PATCH = /^[0-9a-f]{64}$/;
const FREE = "[A-Za-z0-9%._~!*'()-]";
/**
 * The longest base a marker records, percent-encoded: a branch name of 1000 UTF-8 bytes (git and GitHub allow far
 * less). Encoder and decoder share it, so a persona's own review is never unreadable for its base's name.
 */
const MAX_BASE_ENCODED = 3000;
// only event=COMMENT is ever written (review-event: COMMENT); any other recorded event is not a marker
const LINE = new RegExp(`^<!-- ${MARKER_NAME} v(\\d+) persona=(\\S+) head=([0-9a-f]{40}) tree=([0-9a-f]{40}|unknown) ` +
    `patch=([0-9a-f]{64}|unknown)(?: base=(${FREE}{1,${MAX_BASE_ENCODED}}))? ` +
    `verdict=(${_grammar_js__WEBPACK_IMPORTED_MODULE_0__/* .VERDICTS */ .bk.join('|')})(?: event=(COMMENT))?` +
    `( forced)?(?: version=(${FREE}{1,800}))? run=(\\S+) -->$`);
function encodeMarker(m) {
    if (!PERSONA_PATTERN.test(m.persona))
        throw new Error(`persona ${JSON.stringify(m.persona)} cannot be written in a marker`);
    if (!SHA.test(m.head) || (m.tree !== null && !SHA.test(m.tree)))
        throw new Error('marker SHAs must be 40 lower-case hex digits');
    if (m.patch != null && !PATCH.test(m.patch))
        throw new Error('a marker patch id is 64 lower-case hex digits');
    if (!RUN_PATTERN.test(m.run))
        throw new Error(`run id ${JSON.stringify(m.run)} cannot be written in a marker`);
    if (m.event && m.event !== _grammar_js__WEBPACK_IMPORTED_MODULE_0__/* .EVENT_OF */ .l0[m.verdict] && m.event !== 'COMMENT')
        throw new Error('a marker records only event=COMMENT (review-event: COMMENT)');
    const event = m.event && m.event !== _grammar_js__WEBPACK_IMPORTED_MODULE_0__/* .EVENT_OF */ .l0[m.verdict] ? ` event=${m.event}` : '';
    // percent-encoded: free text can hold neither spaces nor "-->" inside the comment
    const version = m.version ? ` version=${encodeURIComponent(m.version)}` : '';
    const base = m.base ? ` base=${encodeURIComponent(m.base)}` : '';
    if (base.length - 6 > MAX_BASE_ENCODED)
        throw new Error('the base branch name is too long for a marker');
    const forced = m.forced ? ' forced' : '';
    return (`<!-- ${MARKER_NAME} v${MARKER_VERSION} persona=${m.persona} head=${m.head} tree=${m.tree ?? 'unknown'} ` +
        `patch=${m.patch ?? 'unknown'}${base} verdict=${m.verdict}${event}${forced}${version} run=${m.run} -->`);
}
/** Reads the marker from the first line of a review body, and only from there. */
function decodeMarker(body) {
    if (!body)
        return null;
    const nl = body.search(/\r?\n/);
    const first = nl < 0 ? body : body.slice(0, nl);
    const m = LINE.exec(first);
    if (!m || Number(m[1]) !== MARKER_VERSION || !PERSONA_PATTERN.test(m[2]) || !RUN_PATTERN.test(m[11]))
        return null;
    const version = m[10] ? decodeText(m[10]) : undefined;
    const base = m[6] ? decodeText(m[6]) : undefined;
    if (version === null || base === null || (m[8] && m[7] === 'COMMENT'))
        return null;
    return {
        persona: m[2],
        head: m[3],
        tree: m[4] === 'unknown' ? null : m[4],
        patch: m[5] === 'unknown' ? null : m[5],
        ...(base ? { base } : {}),
        verdict: m[7],
        ...(m[8] ? { event: m[8] } : {}),
        ...(m[9] ? { forced: true } : {}),
        ...(version ? { version } : {}),
        run: m[11],
    };
}
function decodeText(s) {
    try {
        return decodeURIComponent(s);
    }
    catch {
        return null;
    }
}
/** The persona version a marker records ("" for reviews posted without one). */
const versionOf = (m) => m.version ?? '';
/**
 * Marker-shaped text inside a persona's body is neutralised before posting: an HTML
 * comment opener followed by the marker name gets a visible "(quoted)" so it can
 * never read as a marker, wherever a later reader looks. Other text is untouched.
 */
function neutralise(body) {
    let count = 0;
    const out = body.replace(new RegExp(`<!--(\\s*)(${MARKER_NAME})`, 'gi'), (_m, ws, name) => {
        count++;
        return `<!--${ws}(quoted) ${name}`;
    });
    return { body: out, count };
}
/** The body as posted: marker first, then the persona's body (neutralised). */
function composeBody(marker, personaBody) {
    return `${encodeMarker(marker)}\n${neutralise(personaBody).body}`;
}


/***/ }),

/***/ 9834:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   XF: () => (/* binding */ readRegularFile),
/* harmony export */   qq: () => (/* binding */ readDescriptor)
/* harmony export */ });
/* unused harmony export readUpTo */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
// Reading a file someone named (body-path, findings-path, a CLI argument, standard input): bounded and never
// blocking. A regular file only, opened with O_NONBLOCK (a FIFO without a writer must not hang the open), checked
// with fstat before any read, and never more than one byte past the limit read (a procfs file's size reads 0, a
// file may grow). Each caller words the failure for its own readers.

/** A regular file at `path`, at most `limit` bytes; anything else (a FIFO, a device, a socket) is not read. */
function readRegularFile(path, limit) {
    let fd;
    try {
        fd = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.openSync)(path, node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_RDONLY | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NONBLOCK);
        const st = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.fstatSync)(fd);
        if (st.isDirectory())
            return { ok: false, why: 'directory' };
        if (!st.isFile())
            return { ok: false, why: 'not-a-file' };
        if (st.size > limit)
            return { ok: false, why: 'too-large', size: st.size, measured: false };
        return bounded(fd, limit);
    }
    catch (e) {
        return failed(e);
    }
    finally {
        if (fd !== undefined)
            (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.closeSync)(fd);
    }
}
/**
 * An open descriptor the caller was given (standard input: a pipe, a file, a terminal, even a FIFO or a device),
 * read to its end or one byte past `limit`; a directory is refused unread.
 */
function readDescriptor(fd, limit) {
    try {
        if ((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.fstatSync)(fd).isDirectory())
            return { ok: false, why: 'directory' };
        return bounded(fd, limit);
    }
    catch (e) {
        return failed(e);
    }
}
function bounded(fd, limit) {
    const bytes = readUpTo(fd, limit + 1);
    if (bytes.length > limit)
        return { ok: false, why: 'too-large', size: bytes.length, measured: true };
    return { ok: true, bytes };
}
function failed(e) {
    const code = e.code;
    if (code === 'ENOENT')
        return { ok: false, why: 'missing' };
    if (code === 'EACCES')
        return { ok: false, why: 'denied' };
    if (code === 'EISDIR')
        return { ok: false, why: 'directory' };
    return { ok: false, why: 'unreadable', code: code ?? e.message };
}
const PAUSE = new Int32Array(new SharedArrayBuffer(4));
/** At most `max` bytes from a file descriptor, reading until its end or `max`. Throws what readSync throws. */
function readUpTo(fd, max) {
    const buf = Buffer.alloc(Math.min(max, 64 * 1024));
    const parts = [];
    let total = 0;
    while (total < max) {
        let n;
        try {
            n = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readSync)(fd, buf, 0, Math.min(buf.length, max - total), null);
        }
        catch (e) {
            if (e.code === 'EAGAIN') {
                Atomics.wait(PAUSE, 0, 0, 10); // a non-blocking pipe with nothing yet: wait, do not spin
                continue;
            }
            if (e.code === 'EOF')
                break;
            throw e;
        }
        if (n === 0)
            break;
        parts.push(Buffer.from(buf.subarray(0, n)));
        total += n;
    }
    return Buffer.concat(parts);
}


/***/ }),

/***/ 2613:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("assert");

/***/ }),

/***/ 181:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("buffer");

/***/ }),

/***/ 5317:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("child_process");

/***/ }),

/***/ 6982:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("crypto");

/***/ }),

/***/ 4434:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("events");

/***/ }),

/***/ 9896:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs");

/***/ }),

/***/ 8611:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("http");

/***/ }),

/***/ 5692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("https");

/***/ }),

/***/ 9278:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("net");

/***/ }),

/***/ 4589:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:assert");

/***/ }),

/***/ 6698:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:async_hooks");

/***/ }),

/***/ 4573:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:buffer");

/***/ }),

/***/ 7540:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:console");

/***/ }),

/***/ 7598:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");

/***/ }),

/***/ 3053:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:diagnostics_channel");

/***/ }),

/***/ 610:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:dns");

/***/ }),

/***/ 8474:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:events");

/***/ }),

/***/ 3024:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");

/***/ }),

/***/ 7067:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http");

/***/ }),

/***/ 2467:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http2");

/***/ }),

/***/ 7030:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:net");

/***/ }),

/***/ 643:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:perf_hooks");

/***/ }),

/***/ 1792:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:querystring");

/***/ }),

/***/ 7075:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream");

/***/ }),

/***/ 1692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:tls");

/***/ }),

/***/ 3136:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");

/***/ }),

/***/ 7975:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");

/***/ }),

/***/ 3429:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util/types");

/***/ }),

/***/ 5919:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");

/***/ }),

/***/ 8522:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:zlib");

/***/ }),

/***/ 857:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("os");

/***/ }),

/***/ 6928:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("path");

/***/ }),

/***/ 932:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("process");

/***/ }),

/***/ 3193:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("string_decoder");

/***/ }),

/***/ 3557:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("timers");

/***/ }),

/***/ 4756:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("tls");

/***/ }),

/***/ 9023:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("util");

/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId].call(module.exports, module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/******/ // expose the modules object (__webpack_modules__)
/******/ __nccwpck_require__.m = __webpack_modules__;
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/ensure chunk */
/******/ (() => {
/******/ 	__nccwpck_require__.f = {};
/******/ 	// This file contains only the entry chunk.
/******/ 	// The chunk loading function for additional chunks
/******/ 	__nccwpck_require__.e = (chunkId) => {
/******/ 		return Promise.all(Object.keys(__nccwpck_require__.f).reduce((promises, key) => {
/******/ 			__nccwpck_require__.f[key](chunkId, promises);
/******/ 			return promises;
/******/ 		}, []));
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/get javascript chunk filename */
/******/ (() => {
/******/ 	// This function allow to reference async chunks
/******/ 	__nccwpck_require__.u = (chunkId) => {
/******/ 		// return url for filenames based on template
/******/ 		return "" + chunkId + ".index.js";
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/******/ /* webpack/runtime/make namespace object */
/******/ (() => {
/******/ 	// define __esModule on exports
/******/ 	__nccwpck_require__.r = (exports) => {
/******/ 		if(typeof Symbol !== 'undefined' && Symbol.toStringTag) {
/******/ 			Object.defineProperty(exports, Symbol.toStringTag, { value: 'Module' });
/******/ 		}
/******/ 		Object.defineProperty(exports, '__esModule', { value: true });
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/import chunk loading */
/******/ (() => {
/******/ 	// no baseURI
/******/ 	
/******/ 	// object to store loaded and loading chunks
/******/ 	// undefined = chunk not loaded, null = chunk preloaded/prefetched
/******/ 	// [resolve, Promise] = chunk loading, 0 = chunk loaded
/******/ 	var installedChunks = {
/******/ 		792: 0
/******/ 	};
/******/ 	
/******/ 	var installChunk = (data) => {
/******/ 		var {ids, modules, runtime} = data;
/******/ 		// add "modules" to the modules object,
/******/ 		// then flag all "ids" as loaded and fire callback
/******/ 		var moduleId, chunkId, i = 0;
/******/ 		for(moduleId in modules) {
/******/ 			if(__nccwpck_require__.o(modules, moduleId)) {
/******/ 				__nccwpck_require__.m[moduleId] = modules[moduleId];
/******/ 			}
/******/ 		}
/******/ 		if(runtime) runtime(__nccwpck_require__);
/******/ 		for(;i < ids.length; i++) {
/******/ 			chunkId = ids[i];
/******/ 			if(__nccwpck_require__.o(installedChunks, chunkId) && installedChunks[chunkId]) {
/******/ 				installedChunks[chunkId][0]();
/******/ 			}
/******/ 			installedChunks[ids[i]] = 0;
/******/ 		}
/******/ 	
/******/ 	}
/******/ 	
/******/ 	__nccwpck_require__.f.j = (chunkId, promises) => {
/******/ 			// import() chunk loading for javascript
/******/ 			var installedChunkData = __nccwpck_require__.o(installedChunks, chunkId) ? installedChunks[chunkId] : undefined;
/******/ 			if(installedChunkData !== 0) { // 0 means "already installed".
/******/ 	
/******/ 				// a Promise means "currently loading".
/******/ 				if(installedChunkData) {
/******/ 					promises.push(installedChunkData[1]);
/******/ 				} else {
/******/ 					if(true) { // all chunks have JS
/******/ 						// setup Promise in chunk cache
/******/ 						var promise = import("./" + __nccwpck_require__.u(chunkId)).then(installChunk, (e) => {
/******/ 							if(installedChunks[chunkId] !== 0) installedChunks[chunkId] = undefined;
/******/ 							throw e;
/******/ 						});
/******/ 						var promise = Promise.race([promise, new Promise((resolve) => (installedChunkData = installedChunks[chunkId] = [resolve]))])
/******/ 						promises.push(installedChunkData[1] = promise);
/******/ 					}
/******/ 				}
/******/ 			}
/******/ 	};
/******/ 	
/******/ 	// no prefetching
/******/ 	
/******/ 	// no preloaded
/******/ 	
/******/ 	// no external install chunk
/******/ 	
/******/ 	// no on chunks loaded
/******/ })();
/******/ 
/************************************************************************/
var __webpack_exports__ = {};

// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  i: () => (/* binding */ main),
  a: () => (/* binding */ runCli)
});

// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __nccwpck_require__(7975);
// EXTERNAL MODULE: ./src/cli/command.ts
var cli_command = __nccwpck_require__(3567);
// EXTERNAL MODULE: ./src/abort.ts
var abort = __nccwpck_require__(6885);
// EXTERNAL MODULE: ./src/core/grammar.ts
var grammar = __nccwpck_require__(8726);
// EXTERNAL MODULE: ./src/core/marker.ts
var marker = __nccwpck_require__(4517);
;// CONCATENATED MODULE: ./src/config.ts
// Inputs are read once, here, into one typed config. Every default lives in
// DEFAULTS; a test keeps action.yml's defaults equal to it.


/** What persona-version may be (the CLI's check --persona-version too). */
const PERSONA_VERSION = /^[^\r\n]{1,64}$/;
/** A value quoted in a message: at most 60 characters, and an ellipsis says when it was cut. */
const cut = (v) => (v.length > 60 ? `${v.slice(0, 60)}…` : v);
const MODES = (/* unused pure expression or super */ null && (['post', 'preflight', 'check', 'board', 'doctor']));
const DISMISS_POLICIES = (/* unused pure expression or super */ null && (['all', 'changes-requested', 'none']));
/** The one place for defaults (as action.yml strings). */
const DEFAULTS = {
    // the runner expands this expression; run outside it, an empty token is refused for the modes that need one
    'github-token': '${{ github.token }}',
    mode: 'post',
    'skip-unchanged': 'true',
    'dismiss-stale': 'all',
    'unchanged-when': 'tree',
    'fail-on-changes-requested': 'false',
    'require-all-personas': 'false',
    'request-timeout-seconds': '30',
    'run-timeout-seconds': '300',
    'review-event': 'verdict',
    'commit-status': 'auto',
    'status-kind': 'commit',
    force: 'false',
    'review-drafts': 'true',
    'max-inline-findings': '50',
    'comment-passes': 'false',
    restamp: 'false',
};
/** An input that cannot be used; reported as reason bad-input. */
class InputError extends (/* unused pure expression or super */ null && (Error)) {
}
/** A GitHub login: 1-39 of A-Z a-z 0-9 and -, not starting with -; apps end in [bot]. */
const LOGIN_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{0,38}(?:\[bot\])?$/;
const TRUE = (/* unused pure expression or super */ null && (['true', 'True', 'TRUE']));
const FALSE = (/* unused pure expression or super */ null && (['false', 'False', 'FALSE']));
/** Typed readers over the raw inputs: every default comes from DEFAULTS. */
function readers(read) {
    const str = (name) => {
        const v = read(name).trim();
        return v === '' ? (DEFAULTS[name] ?? '') : v;
    };
    const bool = (name) => {
        const v = str(name);
        if (TRUE.includes(v))
            return true;
        if (FALSE.includes(v))
            return false;
        throw new InputError(`input ${name} is "${v}": use true or false (YAML 1.2 core booleans: true, True, TRUE, false, False, FALSE)`);
    };
    const oneOf = (name, valid) => {
        const v = str(name);
        if (!valid.includes(v)) {
            throw new InputError(`input ${name} is "${v}": valid values are ${valid.join(', ')}`);
        }
        return v;
    };
    /** An optional input that must match `re`; '' when unset. */
    const matching = (name, re, use) => {
        const v = read(name).trim();
        if (v && !re.test(v))
            throw new InputError(`input ${name} is "${cut(v)}": ${use}`);
        return v;
    };
    const seconds = (name) => {
        const v = str(name);
        if (!/^[1-9][0-9]{0,4}$/.test(v))
            throw new InputError(`input ${name} is "${v}": use a whole number of seconds from 1 to 99999`);
        return Number(v);
    };
    return { read, str, bool, oneOf, matching, seconds };
}
/** Which token each recipe passes, for an empty github-token (a secret this run cannot see, a failed mint). */
function noToken(mode) {
    const writes = mode === 'post' || mode === 'preflight';
    return (`mode ${mode} needs github-token, and it is empty. ` +
        (writes
            ? "Pass the persona's own token: the recipes mint the persona App's token with " +
                'actions/create-github-app-token (github-token: ${{ steps.app.outputs.token }}) from secrets kept in ' +
                "the persona's environment, or a persona PAT secret. "
            : '') +
        'Read-only modes (board, doctor, the merge_group report) can use GITHUB_TOKEN: leave github-token unset ' +
        '(it defaults to ${{ github.token }}). An empty value usually means a secret this run cannot see: ' +
        "Dependabot-triggered and fork pull_request runs get no Actions secrets, and a secret outside the job's " +
        'environment reads as empty');
}
/** `read(name)` returns the raw input ('' when unset), as core.getInput does. */
function readConfig(read) {
    const r = readers(read);
    const mode = r.oneOf('mode', MODES);
    const token = read('github-token').trim();
    if (mode !== 'check' && !token)
        throw new InputError(noToken(mode));
    const diffPath = read('diff-path').trim() || null;
    if (diffPath && mode !== 'preflight')
        throw new InputError(`input diff-path is for mode preflight, not ${mode}`);
    const personas = parsePersonas(read('personas'), mode);
    const statusContext = r.matching('status-context', /^.{1,100}$/, 'use a short name (at most 100 characters)');
    return {
        mode,
        token,
        ...bodyInputs(r, mode),
        ...targetInputs(r, mode),
        skipUnchanged: r.bool('skip-unchanged'),
        unchangedWhen: r.oneOf('unchanged-when', ['tree', 'patch']),
        dismissStale: r.oneOf('dismiss-stale', DISMISS_POLICIES),
        failOnChangesRequested: r.bool('fail-on-changes-requested'),
        personas,
        requireAllPersonas: r.bool('require-all-personas'),
        requestTimeoutSeconds: r.seconds('request-timeout-seconds'),
        runTimeoutSeconds: r.seconds('run-timeout-seconds'),
        reviewEvent: r.oneOf('review-event', ['verdict', 'COMMENT']),
        commitStatus: r.oneOf('commit-status', ['auto', 'always', 'never']),
        statusContext,
        statusKind: r.oneOf('status-kind', ['commit', 'check-run']),
        diffPath,
        force: r.bool('force'),
        personaVersion: r.matching('persona-version', PERSONA_VERSION, 'use at most 64 characters on one line'),
        reviewDrafts: r.bool('review-drafts'),
        minApprovals: minApprovals(r, personas),
        ...findingsInputs(r, mode),
        commentPasses: r.bool('comment-passes'),
        restamp: r.bool('restamp'),
    };
}
function findingsInputs(r, mode) {
    const findingsPath = r.read('findings-path').trim() || null;
    if (findingsPath && mode !== 'post' && mode !== 'check') {
        throw new InputError(`input findings-path is for modes post and check, not ${mode}`);
    }
    const max = r.str('max-inline-findings');
    if (!/^(0|[1-9][0-9]{0,2})$/.test(max)) {
        throw new InputError(`input max-inline-findings is "${max.slice(0, 20)}": use a whole number from 0 to 999`);
    }
    return { findingsPath, maxInlineFindings: Number(max) };
}
function minApprovals(r, personas) {
    const v = r.matching('min-approvals', /^[1-9][0-9]{0,2}$/, 'use a whole number of approvals, at least 1');
    if (v && personas.length && Number(v) > personas.length) {
        throw new InputError(`input min-approvals is ${v}, but personas declares ${personas.length}: the panel could never reach it; ` +
            'declare every persona or lower min-approvals');
    }
    return v ? Number(v) : null;
}
/** The body and what it is checked against. */
function bodyInputs(r, mode) {
    const expected = r.read('expected-event').trim();
    if (expected === 'CHANGES_REQUESTED') {
        throw new InputError('input expected-event is "CHANGES_REQUESTED": that is the verdict token; the API event is REQUEST_CHANGES');
    }
    const expectedEvent = expected ? r.oneOf('expected-event', EVENTS) : null;
    const bodyPath = r.read('body-path').trim() || null;
    const bodyRaw = r.read('body');
    const body = bodyRaw === '' ? null : bodyRaw;
    if (bodyPath && body !== null)
        throw new InputError('both body-path and body are set: give the review body one way only');
    if ((mode === 'post' || mode === 'check') && !bodyPath && body === null) {
        throw new InputError(`mode ${mode} needs the review body: set body-path (a file written by the persona step) or body`);
    }
    return { bodyPath, body, expectedEvent };
}
/** Who the persona is, and which PR and commit (when not taken from the event). */
function targetInputs(r, mode) {
    const persona = r.matching('persona', PERSONA_PATTERN, 'use 1-39 characters from A-Z a-z 0-9 . _ - starting with a letter or digit');
    if ((mode === 'post' || mode === 'preflight') && !persona) {
        throw new InputError(`mode ${mode} needs input persona (the persona's name, for example priya)`);
    }
    const pn = r.matching('pull-number', /^[1-9][0-9]{0,9}$/, 'use the PR number, for example 42');
    const sha = r.matching('reviewed-sha', /^[0-9a-fA-F]{40}$/, 'use the full 40-hex-digit SHA of the commit the persona reviewed');
    // a branch name, roughly as git allows it (no spaces, ~ ^ : ? * [ \ or "..", not ending in "/" or ".lock")
    const baseRef = r.matching('reviewed-base', /^(?!.*\.\.)(?!.*\/$)(?!.*\.lock$)[^\s~^:?*[\\]{1,255}$/, 'use the base branch name preflight output as base-ref, for example main');
    // the marker records up to 1000 bytes of a base's name (core/marker.ts MAX_BASE_ENCODED): preflight's base-ref fits
    if (Buffer.byteLength(baseRef, 'utf8') > 1000)
        throw new InputError('reviewed-base is longer than 1000 bytes: use the base-ref preflight output');
    const login = r.matching('reviewer-login', LOGIN_PATTERN, 'use the GitHub login the token posts as, for example octo-priya');
    return {
        persona,
        pullNumber: pn ? Number(pn) : null,
        reviewedSha: sha ? sha.toLowerCase() : null,
        reviewedBase: baseRef || null,
        reviewerLogin: login || null,
    };
}
/**
 * `persona=login` pairs, one per line or comma-separated (mode board, where `persona=login@version`
 * also names the persona version its job runs); doctor: persona=app-slug or persona=@login.
 */
function parsePersonas(raw, mode = 'board') {
    const out = [];
    for (const item of raw
        .split(/[\n,]/)
        .map((s) => s.trim())
        .filter(Boolean)) {
        const m = /^([^=\s]+)\s*=\s*(\S+)$/.exec(item);
        const at = mode === 'doctor' ? null : /^([^@]+)@(.{1,64})$/.exec(m?.[2] ?? '');
        const who = mode === 'doctor' ? m?.[2]?.replace(/^@/, '') : (at?.[1] ?? m?.[2]);
        if (!m || !PERSONA_PATTERN.test(m[1]) || !LOGIN_PATTERN.test(who)) {
            throw new InputError(`input personas has "${cut(item)}": ` +
                (mode === 'doctor'
                    ? 'write persona=app-slug for an App or persona=@login for an account, for example priya=@octo-priya'
                    : 'write persona=login or persona=login@version, for example priya=octo-priya'));
        }
        const persona = m[1];
        if (out.some((p) => samePersona(p.persona, persona))) {
            throw new InputError(`input personas names ${persona} twice`);
        }
        out.push(at ? { persona, login: at[1], version: at[2] } : { persona, login: m[2] });
    }
    if (mode === 'doctor' && !out.length)
        throw new InputError('mode doctor needs input personas: persona=app-slug for an App, persona=@login for an account');
    return out;
}

// EXTERNAL MODULE: ./src/read-file.ts
var read_file = __nccwpck_require__(9834);
;// CONCATENATED MODULE: ./src/body.ts
// Reading the persona's body: every way it can be missing, too large or unreadable.


/** GitHub's limit on a review body, in characters, marker included. */
const MAX_BODY_CHARS = 65536;
/** No UTF-8 text of MAX_BODY_CHARS characters needs more bytes than this. */
const MAX_BODY_BYTES = MAX_BODY_CHARS * 4;
function loadBody(bodyPath, body) {
    if (bodyPath === null) {
        if (body === null)
            return { ok: false, reason: 'unreadable-body', message: 'no body given' };
        // measured with its marker when it is checked (src/check.ts), which says by how much to shorten it; only a body
        // no review could hold is refused here, unread
        if (body.length > MAX_BODY_BYTES)
            return tooLarge(`the body input has ${body.length} characters`);
        const n = (0,grammar/* normaliseText */.af)(body);
        return n.ok ? n : { ok: false, reason: 'unreadable-body', message: n.message };
    }
    const r = (0,read_file/* readRegularFile */.XF)(bodyPath, MAX_BODY_BYTES);
    const name = `body-path ${bodyPath}`;
    if (r.ok) {
        if (r.bytes.length === 0)
            return noBody(`${name} is empty`);
        const d = (0,grammar/* decodeBody */.Vj)(r.bytes);
        return d.ok ? d : { ok: false, reason: 'unreadable-body', message: `${name}: ${d.message}` };
    }
    switch (r.why) {
        case 'missing':
            return noBody(`${name} does not exist: did the persona step write it, and is body-path relative to the workspace?`);
        case 'too-large':
            return tooLarge(r.measured ? `${name} is more than ${MAX_BODY_BYTES} bytes` : `${name} is ${r.size} bytes`);
        case 'directory':
            return unreadable(`${name} is a directory: point it at the review body file`);
        case 'not-a-file':
            return unreadable(`${name} is not a regular file`);
        case 'denied':
            return unreadable(`${name} cannot be read (permission denied)`);
        case 'unreadable':
            return unreadable(`${name} cannot be read (${r.code})`);
    }
}
const unreadable = (message) => ({ ok: false, reason: 'unreadable-body', message });
function tooLarge(what) {
    return {
        ok: false,
        reason: 'body-too-large',
        message: `${what}; GitHub accepts at most ${MAX_BODY_CHARS} characters per review, its marker included, and ` +
            `truncating would cut the verdict line: shorten the persona's review`,
    };
}
/** The persona step produced nothing (it failed, or was skipped): the run ends without a review, red. */
const noBody = (message) => ({
    ok: false,
    reason: 'no-body',
    message: `the persona produced no review: ${message}`,
});

// EXTERNAL MODULE: ./src/core/diagnostics.ts + 19 modules
var diagnostics = __nccwpck_require__(4509);
;// CONCATENATED MODULE: ./src/core/rendered.ts
// What a reader will see — pure. GitHub renders a review body as Markdown with inline
// HTML, so the raw text and the text on screen differ: `ghp\_x` shows as `ghp_x`,
// `gh<!-- -->p_x` and `gh<b></b>p_x` as `ghp_x`, `ghp&#95;x` as `ghp_x`, a
// zero-width space shows as nothing, `ｇｈｐ` as `ghp`. A scan of the raw text alone
// misses all of these. Here the text is rewritten the way a reader sees it, keeping
// for every character the offset in the original it came from (so a finding names the
// original line). Where rendering depends on context (a code span shows markup
// literally, a comment hides its content, a tag's attribute shows on hover), both
// readings are produced: the scan is over-eager, never blind.
function splice(v, hits) {
    const text = [];
    let at = new Int32Array(v.text.length + 16);
    let n = 0;
    const room = (k) => {
        if (n + k <= at.length)
            return;
        const bigger = new Int32Array(Math.max(at.length * 2, n + k));
        bigger.set(at.subarray(0, n));
        at = bigger;
    };
    const keep = (from, to) => {
        if (to <= from)
            return;
        text.push(v.text.slice(from, to));
        room(to - from);
        if (to - from > 64)
            at.set(v.at.subarray(from, to), n);
        else
            for (let i = from; i < to; i++)
                at[n + i - from] = v.at[i];
        n += to - from;
    };
    let last = 0;
    for (const h of hits) {
        keep(last, h.index);
        const origin = v.at[Math.min(h.index, v.at.length - 1)] ?? 0;
        for (const p of h.pieces) {
            if (typeof p !== 'string')
                keep(h.index + p[0], h.index + p[1]);
            else {
                text.push(p);
                room(p.length);
                at.fill(origin, n, n + p.length);
                n += p.length;
            }
        }
        last = h.index + h.length;
    }
    if (last === 0)
        return v; // nothing matched
    keep(last, v.text.length);
    return { text: text.join(''), at: at.subarray(0, n) };
}
function* regexHits(text, re, f) {
    for (const m of text.matchAll(re))
        yield { index: m.index, length: m[0].length, pieces: f(m) };
}
const replace = (v, re, f) => splice(v, regexHits(v.text, re, f));
const NONE = [];
/** Line breaks as Markdown reads them: CRLF and a lone CR are breaks too. */
const breaks = (v) => replace(v, /\r\n?/g, () => ['\n']);
/** Zero-width, bidi and other format characters, variation selectors, soft hyphens: rendered as nothing. */
const invisible = (v) => replace(v, /[\p{Cf}\p{Default_Ignorable_Code_Point}]+/gu, () => NONE);
/** Letters that look like ASCII ones (Cyrillic, Greek, a few Latin) and dashes that look like a hyphen. */
const LOOKALIKES = Object.fromEntries([
    ['аa', 'еe', 'оo', 'рp', 'сc', 'уy', 'хx', 'ѕs', 'іi', 'јj', 'һh', 'ԁd', 'ԛq', 'ԝw', 'ɡg', 'ıi', 'ȷj', 'ɑa'],
    ['АA', 'ВB', 'ЕE', 'КK', 'МM', 'НH', 'ОO', 'РP', 'СC', 'ТT', 'ХX', 'ҮY', 'ЅS', 'ІI', 'ЈJ', 'ԚQ', 'ԜW'],
    ['ΑA', 'ΒB', 'ΕE', 'ΖZ', 'ΗH', 'ΙI', 'ΚK', 'ΜM', 'ΝN', 'ΟO', 'ΡP', 'ΤT', 'ΥY', 'ΧX', 'οo', 'νv', 'ιi', 'κk'],
    ['ρp', 'αa', 'սu', 'օo', '‐-', '‑-', '‒-', '–-', '−-', '⁃-'],
]
    .flat()
    .map((pair) => [pair[0], pair[1]]));
/** Compatibility forms (fullwidth, mathematical, ligatures) to their plain letters, then look-alikes. */
const fold = (v) => replace(v, /[\u0080-\u{10ffff}]/gu, (m) => {
    const n = m[0].normalize('NFKC');
    let out = '';
    for (const c of n)
        out += LOOKALIKES[c] ?? c;
    return [out];
});
/** A backslash before ASCII punctuation is a Markdown escape: the reader sees the punctuation alone. */
const rendered_unescape = (v) => replace(v, /\\([!-/:-@[-`{-~])/g, () => [[1, 2]]);
/** HTML comments: hidden (their content gone), or shown (only the delimiters gone: inside a code span). */
function comments(v, show) {
    if (show)
        return replace(v, /<!---?>|<!--|-->/g, () => NONE);
    // linear: once no `-->` follows, no later `<!--` can close either
    function* hits() {
        let from = 0;
        for (;;) {
            const open = v.text.indexOf('<!--', from);
            if (open < 0)
                return;
            // `<!-->` and `<!--->` are whole (empty) comments to HTML
            const empty = /^<!---?>/.exec(v.text.slice(open, open + 6));
            if (empty) {
                yield { index: open, length: empty[0].length, pieces: NONE };
                from = open + empty[0].length;
                continue;
            }
            const close = v.text.indexOf('-->', open + 4);
            if (close < 0)
                return;
            yield { index: open, length: close + 3 - open, pieces: NONE };
            from = close + 3;
        }
    }
    return splice(v, hits());
}
const ATTRIBUTE = /=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g;
/**
 * HTML tags: gone (`gh<b></b>p_` reads `ghp_`), or replaced by their attribute values (a title shows on
 * hover). `<?…>` and `<!…>` (processing instructions, CDATA, declarations) are hidden by HTML too.
 */
function tags(v, show) {
    return replace(v, /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>|<[?!][^<>]*>/g, (m) => {
        if (!show)
            return NONE;
        const pieces = [' '];
        for (const a of m[0].matchAll(ATTRIBUTE)) {
            const value = a[1] ?? a[2] ?? a[3] ?? '';
            const start = a.index + a[0].length - value.length - (a[3] === undefined ? 1 : 0);
            pieces.push([start, start + value.length], ' ');
        }
        return pieces;
    });
}
/** Named references that can stand for characters of a token, or hide one. */
const NAMED = {
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    lowbar: '_',
    UnderBar: '_',
    hyphen: '-',
    dash: '-',
    minus: '-',
    plus: '+',
    equals: '=',
    sol: '/',
    bsol: '\\',
    period: '.',
    colon: ':',
    ast: '*',
    midast: '*',
    lsqb: '[',
    lbrack: '[',
    rsqb: ']',
    rbrack: ']',
    grave: '`',
    DiacriticalGrave: '`',
    excl: '!',
    num: '#',
    commat: '@',
    NewLine: '\n',
    nbsp: ' ',
    shy: '',
    zwj: '',
    zwnj: '',
    lrm: '',
    rlm: '',
    NoBreak: '',
    ZeroWidthSpace: '',
    NegativeVeryThinSpace: '',
    NegativeThinSpace: '',
    NegativeMediumSpace: '',
    NegativeThickSpace: '',
    InvisibleTimes: '',
    it: '',
    InvisibleComma: '',
    ic: '',
    ApplyFunction: '',
    af: '',
};
function decodeReference(m) {
    const [, dec, hex, name] = m;
    if (name !== undefined) {
        const letter = /^([A-Za-z])(?:scr|fr|opf)$/.exec(name); // &gscr; &hfr; &popf;: script, fraktur, double-struck
        const c = letter ? letter[1] : NAMED[name];
        return c === undefined ? [[0, m[0].length]] : [c];
    }
    const code = parseInt((dec ?? hex).slice(0, 8), dec !== undefined ? 10 : 16);
    const ok = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
    return [ok ? String.fromCodePoint(code) : '\ufffd'];
}
/** Character references, decimal and hex (the `;` is optional to a browser), and the named ones above. */
const entities = (v) => replace(v, /&#(?:(\d+)|[xX]([0-9a-fA-F]+));?|&([A-Za-z][A-Za-z0-9]*);/g, decodeReference);
/** Emphasis, code spans, strikethrough and link brackets render as nothing between two halves of a token. */
function markdown(v, show) {
    const linked = replace(v, /\]\(([^()\s]*)\)|\]\[[^\]\n]*\]/g, (m) => show && m[1] !== undefined ? [' ', [2, 2 + m[1].length], ' '] : NONE);
    return replace(math(linked), /[*`~[\]$]+/g, () => NONE);
}
/** Inside `$…$` GitHub renders LaTeX: spaces, braces and commands (`\mathtt`) show as nothing between letters. */
const math = (v) => replace(v, /\$[^$\n]+\$/g, (m) => {
    const kept = [];
    for (const part of m[0].matchAll(/\\[A-Za-z]+|[\s{}$]+|[^\s{}$\\]+|\\./g)) {
        if (!/^(?:\\[A-Za-z]+|[\s{}$]+)$/.test(part[0]))
            kept.push([part.index, part.index + part[0].length]);
    }
    return kept;
});
/** A token broken over two lines (a hard break, a quote's `>`, indentation), joined again. */
const TOKEN_CHAR = '[A-Za-z0-9_+/=-]';
const join = (v) => replace(v, new RegExp(`(?<=${TOKEN_CHAR})(?:\\\\|[ \\t])*\\n[ \\t>]*(?=${TOKEN_CHAR})`, 'g'), () => NONE);
function render(raw, show) {
    let v = breaks(raw);
    // until nothing changes: `&amp;#95;`, an entity that spells `<b>`, an escape inside a comment
    for (let round = 0; round < 6; round++) {
        const before = v.text;
        v = markdown(rendered_unescape(entities(tags(comments(fold(invisible(v)), show), show))), show);
        if (v.text === before)
            break;
    }
    return v;
}
/**
 * Every way the text may read: the raw text, rendered with hidden parts removed, rendered
 * with hidden parts shown, and each rendering with lines joined where a token was broken.
 */
function readings(text) {
    const at = new Int32Array(text.length);
    for (let i = 0; i < at.length; i++)
        at[i] = i;
    const raw = { text, at };
    const hidden = render(raw, false);
    const shown = render(raw, true);
    return [
        { ...raw, rendered: false },
        ...[hidden, join(hidden), shown, join(shown)].map((v) => ({ ...v, rendered: true })),
    ];
}
/** The 1-based line of the original text that holds an offset (CRLF, CR and LF end a line). */
function lineFinder(text) {
    const starts = [0];
    for (const m of text.matchAll(/\r\n?|\n/g))
        starts.push(m.index + m[0].length);
    return (offset) => {
        let lo = 0;
        let hi = starts.length - 1;
        while (lo < hi) {
            const mid = (lo + hi + 1) >> 1;
            if (starts[mid] <= offset)
                lo = mid;
            else
                hi = mid - 1;
        }
        return lo + 1;
    };
}

;// CONCATENATED MODULE: ./src/core/secrets.ts
// Secrets in a review body or a finding — pure. A persona that saw a token (in a diff,
// a log, its own environment, where the recipes also keep the LLM key) can be steered
// into quoting it, and whatever the review says is published. Log masking does not reach
// what is sent to the API, so text that carries one is refused before anything is sent.
//
// The scan reads the text as readers will see it (core/rendered.ts: Markdown escapes,
// HTML comments, tags and entities, invisible characters, look-alike letters, a token
// broken over two lines) as well as the raw text, and reports each line and kind, never
// the secret. Placeholders (`ghp_XXXX…`, `<your-token>`, AWS's documented example key)
// and mentions (a PEM header with no key material after it) are not secrets.

// a shape starts a word: scan() checks the character before it (see startsWord)
const shape = (source, what, flags = '') => ({ re: new RegExp(source, `g${flags}`), what });
const SHAPES = [
    shape('gh[pousr]_(?<s>[A-Za-z0-9]{30,})', 'a GitHub token (ghp_/gho_/ghu_/ghs_/ghr_)'),
    shape('github_pat_(?<s>[A-Za-z0-9_]{30,})', 'a fine-grained GitHub token (github_pat_)'),
    shape('sk-ant-(?<s>[A-Za-z0-9_-]{20,})', 'an Anthropic API key (sk-ant-)'),
    shape('sk-(?:proj|svcacct|admin|None)-(?<s>[A-Za-z0-9_-]{20,})', 'an OpenAI API key (sk-proj-/sk-svcacct-/sk-admin-)'),
    shape('sk-or-v1-(?<s>[0-9a-f]{32,})', 'an OpenRouter API key (sk-or-v1-)'),
    shape('sk-(?<s>[A-Za-z0-9]{32,})', 'an OpenAI-style API key (sk-)'),
    shape('(?:AKIA|ASIA)(?<s>[A-Z0-9]{16})', 'an AWS access key id (AKIA/ASIA)'),
    shape(`(?:aws_?)?secret_?access_?key["']?\\s*[:=]\\s*["']?(?<s>[A-Za-z0-9/+]{40})`, 'an AWS secret access key', 'i'),
    shape('xox[abprs]-(?<s>[A-Za-z0-9-]{10,})', 'a Slack token (xoxb-/xoxp-/xoxa-/xoxr-/xoxs-)'),
    shape('xapp-\\d+-(?<s>[A-Za-z0-9-]{10,})', 'a Slack app token (xapp-)'),
    shape('hooks\\.slack\\.com/services/(?<s>T[A-Za-z0-9_]+/B[A-Za-z0-9_]+/[A-Za-z0-9_]{20,})', 'a Slack webhook URL'),
    shape('AIza(?<s>[0-9A-Za-z_-]{35})', 'a Google API key (AIza)'),
    shape('glpat-(?<s>[A-Za-z0-9_-]{20,})', 'a GitLab token (glpat-)'),
    shape('npm_(?<s>[A-Za-z0-9]{36})', 'an npm token (npm_)'),
    shape('[rs]k_live_(?<s>[A-Za-z0-9]{20,})', 'a Stripe live key (sk_live_/rk_live_)'),
    // "openssh-key-v1" in base64: an OpenSSH private key's material, even without its header line
    shape('b3BlbnNzaC1rZXktdjE(?<s>[A-Za-z0-9+/=]{100,})', 'an OpenSSH private key'),
];
/** The header of a private key (PEM, PKCS#8, OpenSSH, PGP armour), or PuTTY's private part. */
const KEY_HEADER = /(?<!-)-{2,}[ \t]*BEGIN[ \t]+((?:[A-Z0-9]+[ \t]+){0,4}?)PRIVATE[ \t]+KEY(?:[ \t]+BLOCK)?[ \t]*-{2,}|Private-Lines:[ \t]*\d+/g;
const keyKind = (header) => header.startsWith('Private-Lines')
    ? 'a PuTTY private key'
    : /\bPGP\b/.test(header)
        ? 'a PGP private key block'
        : /\bOPENSSH\b/.test(header)
            ? 'an OpenSSH private key'
            : 'a PEM private key';
/**
 * Key material after a header: past armour headers (`Version: …`, `Proc-Type: …`) and blank
 * lines, a base64 run of 40 characters or more (a key's lines are 64 or 70). A header
 * named in prose, in a code span or followed by `…` or `-----END` is a mention.
 */
function keyMaterialFollows(text, end) {
    const after = text.slice(end, end + 4096).replace(/\\[nr]/g, '\n'); // a key quoted in JSON: "…-----\nMIIE…"
    let headers = 0;
    for (const raw of after.split('\n')) {
        const line = raw.replace(/^[\s>"'`|]+/, '');
        if (!line)
            continue;
        if (/^[A-Za-z][A-Za-z0-9-]*:\s/.test(line) && headers++ < 8)
            continue;
        const run = /^[A-Za-z0-9+/=]*/.exec(line)[0];
        return run.length >= 40 && !isPlaceholder(run);
    }
    return false;
}
/** Published examples that are not anyone's secret (AWS's documentation keys). */
const KNOWN_EXAMPLES = new Set(['IOSFODNN7EXAMPLE', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY']);
const WORDS = [
    'example',
    'your',
    'token',
    'secret',
    'key',
    'redacted',
    'placeholder',
    'fake',
    'dummy',
    'sample',
    'test',
    'here',
    'insert',
    'replace',
];
const FILLER = new RegExp([
    '(.)\\1{3,}', // a run of one character: XXXX, 0000, ****
    ...WORDS.flatMap((w) => [w, w.toUpperCase(), w[0].toUpperCase() + w.slice(1)]),
].join('|'), 'g');
/** Runs of 5 or more characters counting up or down (`12345`, `abcdef`, `zyxwv`). */
function withoutSequences(s) {
    let out = '';
    let i = 0;
    while (i < s.length) {
        const step = s.charCodeAt(i + 1) - s.charCodeAt(i);
        let j = i + 1;
        if (step === 1 || step === -1)
            while (j < s.length && s.charCodeAt(j) - s.charCodeAt(j - 1) === step)
                j++;
        if (j - i >= 5)
            i = j;
        else
            out += s[i++];
    }
    return out;
}
/**
 * A placeholder: what is left once filler (runs of one character, counting sequences,
 * words like `your`/`EXAMPLE`/`token`) is taken out is too short to be a secret (under 12
 * characters). A real token with filler added before or after keeps its random part, so
 * it is still caught.
 */
function isPlaceholder(s) {
    if (KNOWN_EXAMPLES.has(s))
        return true;
    return withoutSequences(s.replace(FILLER, '')).replace(/[-_/+=]/g, '').length < 12;
}
const RUN_TOKEN = "this run's github-token";
/**
 * A shape must start a word: no letter or digit before it, unless that character came
 * from another line of the original (a reading that joined a token broken over two
 * lines also joins the word before it: `see\nghp_…` reads `seeghp_…`).
 */
const startsWord = (r, i, lineOf) => i === 0 || !/[A-Za-z0-9]/.test(r.text[i - 1]) || lineOf(r.at[i - 1]) !== lineOf(r.at[i]);
function scan(r, token, lineOf, add) {
    if (token && token.length >= 8) {
        for (let i = r.text.indexOf(token); i >= 0; i = r.text.indexOf(token, i + 1))
            add(i, RUN_TOKEN);
    }
    for (const { re, what } of SHAPES) {
        for (const m of r.text.matchAll(re)) {
            if (startsWord(r, m.index, lineOf) && !isPlaceholder(m.groups['s']))
                add(m.index, what);
        }
    }
    for (const m of r.text.matchAll(KEY_HEADER)) {
        if (keyMaterialFollows(r.text, m.index + m[0].length))
            add(m.index, keyKind(m[0]));
    }
}
/** The lines that carry a secret, raw or as rendered, with what kind; never the secret itself. */
function findSecrets(text, token) {
    const lineOf = lineFinder(text);
    const found = new Map();
    for (const r of readings(text)) {
        scan(r, token, lineOf, (index, what) => {
            const line = lineOf(r.at[index] ?? 0);
            const key = `${line} ${what}`;
            const seen = found.get(key);
            if (!seen)
                found.set(key, { line, what, hidden: r.rendered });
            else if (!r.rendered)
                seen.hidden = false;
        });
    }
    const all = [...found.values()];
    // the run's own token is named as such, not also as "a GitHub token" on the same line
    const ownToken = new Set(all.filter((f) => f.what === RUN_TOKEN).map((f) => f.line));
    return all
        .filter((f) => !(ownToken.has(f.line) && f.what === SHAPES[0].what))
        .sort((a, b) => a.line - b.line || a.what.localeCompare(b.what));
}

;// CONCATENATED MODULE: ./src/generated/findings-schema.ts
/* eslint-disable */
// @ts-nocheck
// GENERATED by scripts/build-schema.mjs from schema/findings.schema.json: do not edit.
// `npm run bundle` (or `node scripts/build-schema.mjs`) rebuilds it; a unit test fails when it is stale.

const validate = validate20;
/* harmony default export */ const findings_schema = ((/* unused pure expression or super */ null && (validate20)));
const schema31 = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://github.com/persona-verdict/persona-verdict/schema/findings.schema.json',
    title: 'persona-verdict findings',
    description: "Line findings a persona writes beside its review body (input findings-path). They never change the verdict: the body's last line alone decides it.",
    type: 'array',
    items: {
        type: 'object',
        additionalProperties: false,
        required: ['path', 'line', 'body'],
        properties: {
            path: {
                type: 'string',
                minLength: 1,
                description: "The file, relative to the repository root, as the pull request's diff names it: one line, no control characters.",
                pattern: '^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029]*$',
                not: { type: 'string', pattern: '(^/|(^|/)\\.\\.(/|$)|//|/$)' },
            },
            line: {
                type: 'integer',
                minimum: 1,
                description: 'The line the finding is about (the last line of a range), in the file on that side of the diff.',
            },
            side: {
                enum: ['RIGHT', 'LEFT'],
                description: 'RIGHT (default): the line in the new file. LEFT: the line in the old file (a removed line).',
            },
            start_line: { type: 'integer', minimum: 1, description: 'The first line of a multi-line range; below line.' },
            body: {
                type: 'string',
                minLength: 1,
                maxLength: 65536,
                pattern: '^(?=[\\s\\S]*\\S)(?:[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u2028\\u2029]|\\r\\n)*$',
                description: "The finding, in Markdown: not blank; at most 65536 characters (code points, as JSON Schema counts them), GitHub's limit for a comment; line breaks are \\n (or \\r\\n); no other control characters (tab is allowed).",
            },
            severity: { enum: ['blocker', 'major', 'minor', 'nit'] },
        },
    },
};
const pattern4 = new RegExp('(^/|(^|/)\\.\\.(/|$)|//|/$)', 'u');
const pattern5 = new RegExp('^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029]*$', 'u');
const pattern6 = new RegExp('^(?=[\\s\\S]*\\S)(?:[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u2028\\u2029]|\\r\\n)*$', 'u');
const func1 = (s) => Array.from(s).length;
function validate20(data, { instancePath = '', parentData, parentDataProperty, rootData = data, dynamicAnchors = {} } = {}) {
    /*# sourceURL="https://github.com/persona-verdict/persona-verdict/schema/findings.schema.json" */ let vErrors = null;
    let errors = 0;
    const evaluated0 = validate20.evaluated;
    if (evaluated0.dynamicProps) {
        evaluated0.props = undefined;
    }
    if (evaluated0.dynamicItems) {
        evaluated0.items = undefined;
    }
    if (Array.isArray(data)) {
        const len0 = data.length;
        for (let i0 = 0; i0 < len0; i0++) {
            let data0 = data[i0];
            if (data0 && typeof data0 == 'object' && !Array.isArray(data0)) {
                if (data0.path === undefined) {
                    const err0 = {
                        instancePath: instancePath + '/' + i0,
                        schemaPath: '#/items/required',
                        keyword: 'required',
                        params: { missingProperty: 'path' },
                        message: "must have required property '" + 'path' + "'",
                    };
                    if (vErrors === null) {
                        vErrors = [err0];
                    }
                    else {
                        vErrors.push(err0);
                    }
                    errors++;
                }
                if (data0.line === undefined) {
                    const err1 = {
                        instancePath: instancePath + '/' + i0,
                        schemaPath: '#/items/required',
                        keyword: 'required',
                        params: { missingProperty: 'line' },
                        message: "must have required property '" + 'line' + "'",
                    };
                    if (vErrors === null) {
                        vErrors = [err1];
                    }
                    else {
                        vErrors.push(err1);
                    }
                    errors++;
                }
                if (data0.body === undefined) {
                    const err2 = {
                        instancePath: instancePath + '/' + i0,
                        schemaPath: '#/items/required',
                        keyword: 'required',
                        params: { missingProperty: 'body' },
                        message: "must have required property '" + 'body' + "'",
                    };
                    if (vErrors === null) {
                        vErrors = [err2];
                    }
                    else {
                        vErrors.push(err2);
                    }
                    errors++;
                }
                for (const key0 in data0) {
                    if (!(key0 === 'path' ||
                        key0 === 'line' ||
                        key0 === 'side' ||
                        key0 === 'start_line' ||
                        key0 === 'body' ||
                        key0 === 'severity')) {
                        const err3 = {
                            instancePath: instancePath + '/' + i0,
                            schemaPath: '#/items/additionalProperties',
                            keyword: 'additionalProperties',
                            params: { additionalProperty: key0 },
                            message: 'must NOT have additional properties',
                        };
                        if (vErrors === null) {
                            vErrors = [err3];
                        }
                        else {
                            vErrors.push(err3);
                        }
                        errors++;
                    }
                }
                if (data0.path !== undefined) {
                    let data1 = data0.path;
                    const _errs6 = errors;
                    const _errs7 = errors;
                    if (errors === _errs7) {
                        if (typeof data1 === 'string') {
                            if (!pattern4.test(data1)) {
                                const err4 = {};
                                if (vErrors === null) {
                                    vErrors = [err4];
                                }
                                else {
                                    vErrors.push(err4);
                                }
                                errors++;
                            }
                        }
                        else {
                            const err5 = {};
                            if (vErrors === null) {
                                vErrors = [err5];
                            }
                            else {
                                vErrors.push(err5);
                            }
                            errors++;
                        }
                    }
                    var valid3 = _errs7 === errors;
                    if (valid3) {
                        const err6 = {
                            instancePath: instancePath + '/' + i0 + '/path',
                            schemaPath: '#/items/properties/path/not',
                            keyword: 'not',
                            params: {},
                            message: 'must NOT be valid',
                        };
                        if (vErrors === null) {
                            vErrors = [err6];
                        }
                        else {
                            vErrors.push(err6);
                        }
                        errors++;
                    }
                    else {
                        errors = _errs6;
                        if (vErrors !== null) {
                            if (_errs6) {
                                vErrors.length = _errs6;
                            }
                            else {
                                vErrors = null;
                            }
                        }
                    }
                    if (typeof data1 === 'string') {
                        if (func1(data1) < 1) {
                            const err7 = {
                                instancePath: instancePath + '/' + i0 + '/path',
                                schemaPath: '#/items/properties/path/minLength',
                                keyword: 'minLength',
                                params: { limit: 1 },
                                message: 'must NOT have fewer than 1 characters',
                            };
                            if (vErrors === null) {
                                vErrors = [err7];
                            }
                            else {
                                vErrors.push(err7);
                            }
                            errors++;
                        }
                        if (!pattern5.test(data1)) {
                            const err8 = {
                                instancePath: instancePath + '/' + i0 + '/path',
                                schemaPath: '#/items/properties/path/pattern',
                                keyword: 'pattern',
                                params: { pattern: '^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029]*$' },
                                message: 'must match pattern "' + '^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029]*$' + '"',
                            };
                            if (vErrors === null) {
                                vErrors = [err8];
                            }
                            else {
                                vErrors.push(err8);
                            }
                            errors++;
                        }
                    }
                    else {
                        const err9 = {
                            instancePath: instancePath + '/' + i0 + '/path',
                            schemaPath: '#/items/properties/path/type',
                            keyword: 'type',
                            params: { type: 'string' },
                            message: 'must be string',
                        };
                        if (vErrors === null) {
                            vErrors = [err9];
                        }
                        else {
                            vErrors.push(err9);
                        }
                        errors++;
                    }
                }
                if (data0.line !== undefined) {
                    let data2 = data0.line;
                    if (!(typeof data2 == 'number' && !(data2 % 1) && !isNaN(data2) && isFinite(data2))) {
                        const err10 = {
                            instancePath: instancePath + '/' + i0 + '/line',
                            schemaPath: '#/items/properties/line/type',
                            keyword: 'type',
                            params: { type: 'integer' },
                            message: 'must be integer',
                        };
                        if (vErrors === null) {
                            vErrors = [err10];
                        }
                        else {
                            vErrors.push(err10);
                        }
                        errors++;
                    }
                    if (typeof data2 == 'number' && isFinite(data2)) {
                        if (data2 < 1 || isNaN(data2)) {
                            const err11 = {
                                instancePath: instancePath + '/' + i0 + '/line',
                                schemaPath: '#/items/properties/line/minimum',
                                keyword: 'minimum',
                                params: { comparison: '>=', limit: 1 },
                                message: 'must be >= 1',
                            };
                            if (vErrors === null) {
                                vErrors = [err11];
                            }
                            else {
                                vErrors.push(err11);
                            }
                            errors++;
                        }
                    }
                }
                if (data0.side !== undefined) {
                    let data3 = data0.side;
                    if (!(data3 === 'RIGHT' || data3 === 'LEFT')) {
                        const err12 = {
                            instancePath: instancePath + '/' + i0 + '/side',
                            schemaPath: '#/items/properties/side/enum',
                            keyword: 'enum',
                            params: { allowedValues: schema31.items.properties.side.enum },
                            message: 'must be equal to one of the allowed values',
                        };
                        if (vErrors === null) {
                            vErrors = [err12];
                        }
                        else {
                            vErrors.push(err12);
                        }
                        errors++;
                    }
                }
                if (data0.start_line !== undefined) {
                    let data4 = data0.start_line;
                    if (!(typeof data4 == 'number' && !(data4 % 1) && !isNaN(data4) && isFinite(data4))) {
                        const err13 = {
                            instancePath: instancePath + '/' + i0 + '/start_line',
                            schemaPath: '#/items/properties/start_line/type',
                            keyword: 'type',
                            params: { type: 'integer' },
                            message: 'must be integer',
                        };
                        if (vErrors === null) {
                            vErrors = [err13];
                        }
                        else {
                            vErrors.push(err13);
                        }
                        errors++;
                    }
                    if (typeof data4 == 'number' && isFinite(data4)) {
                        if (data4 < 1 || isNaN(data4)) {
                            const err14 = {
                                instancePath: instancePath + '/' + i0 + '/start_line',
                                schemaPath: '#/items/properties/start_line/minimum',
                                keyword: 'minimum',
                                params: { comparison: '>=', limit: 1 },
                                message: 'must be >= 1',
                            };
                            if (vErrors === null) {
                                vErrors = [err14];
                            }
                            else {
                                vErrors.push(err14);
                            }
                            errors++;
                        }
                    }
                }
                if (data0.body !== undefined) {
                    let data5 = data0.body;
                    if (typeof data5 === 'string') {
                        if (func1(data5) > 65536) {
                            const err15 = {
                                instancePath: instancePath + '/' + i0 + '/body',
                                schemaPath: '#/items/properties/body/maxLength',
                                keyword: 'maxLength',
                                params: { limit: 65536 },
                                message: 'must NOT have more than 65536 characters',
                            };
                            if (vErrors === null) {
                                vErrors = [err15];
                            }
                            else {
                                vErrors.push(err15);
                            }
                            errors++;
                        }
                        if (func1(data5) < 1) {
                            const err16 = {
                                instancePath: instancePath + '/' + i0 + '/body',
                                schemaPath: '#/items/properties/body/minLength',
                                keyword: 'minLength',
                                params: { limit: 1 },
                                message: 'must NOT have fewer than 1 characters',
                            };
                            if (vErrors === null) {
                                vErrors = [err16];
                            }
                            else {
                                vErrors.push(err16);
                            }
                            errors++;
                        }
                        if (!pattern6.test(data5)) {
                            const err17 = {
                                instancePath: instancePath + '/' + i0 + '/body',
                                schemaPath: '#/items/properties/body/pattern',
                                keyword: 'pattern',
                                params: {
                                    pattern: '^(?=[\\s\\S]*\\S)(?:[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u2028\\u2029]|\\r\\n)*$',
                                },
                                message: 'must match pattern "' +
                                    '^(?=[\\s\\S]*\\S)(?:[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u2028\\u2029]|\\r\\n)*$' +
                                    '"',
                            };
                            if (vErrors === null) {
                                vErrors = [err17];
                            }
                            else {
                                vErrors.push(err17);
                            }
                            errors++;
                        }
                    }
                    else {
                        const err18 = {
                            instancePath: instancePath + '/' + i0 + '/body',
                            schemaPath: '#/items/properties/body/type',
                            keyword: 'type',
                            params: { type: 'string' },
                            message: 'must be string',
                        };
                        if (vErrors === null) {
                            vErrors = [err18];
                        }
                        else {
                            vErrors.push(err18);
                        }
                        errors++;
                    }
                }
                if (data0.severity !== undefined) {
                    let data6 = data0.severity;
                    if (!(data6 === 'blocker' || data6 === 'major' || data6 === 'minor' || data6 === 'nit')) {
                        const err19 = {
                            instancePath: instancePath + '/' + i0 + '/severity',
                            schemaPath: '#/items/properties/severity/enum',
                            keyword: 'enum',
                            params: { allowedValues: schema31.items.properties.severity.enum },
                            message: 'must be equal to one of the allowed values',
                        };
                        if (vErrors === null) {
                            vErrors = [err19];
                        }
                        else {
                            vErrors.push(err19);
                        }
                        errors++;
                    }
                }
            }
            else {
                const err20 = {
                    instancePath: instancePath + '/' + i0,
                    schemaPath: '#/items/type',
                    keyword: 'type',
                    params: { type: 'object' },
                    message: 'must be object',
                };
                if (vErrors === null) {
                    vErrors = [err20];
                }
                else {
                    vErrors.push(err20);
                }
                errors++;
            }
        }
    }
    else {
        const err21 = {
            instancePath,
            schemaPath: '#/type',
            keyword: 'type',
            params: { type: 'array' },
            message: 'must be array',
        };
        if (vErrors === null) {
            vErrors = [err21];
        }
        else {
            vErrors.push(err21);
        }
        errors++;
    }
    validate20.errors = vErrors;
    return errors === 0;
}
validate20.evaluated = { items: true, dynamicProps: false, dynamicItems: false };
/** Validates a parsed findings file against the schema; every violation is left in `.errors`. */
const validateFindingsSchema = validate;

;// CONCATENATED MODULE: ./src/core/findings.ts
// Inline findings — pure. A persona may write line findings beside its body; they
// never change the verdict. Validated by schema/findings.schema.json itself (compiled
// at build time into src/generated/), placed against the PR's diff hunks, and whatever
// cannot be placed goes into the body, above the verdict line.

const SEVERITIES = ['blocker', 'major', 'minor', 'nit'];
/** The file's size limit, and the largest comment GitHub takes, in characters (code points: the schema's count). */
const findings_MAX_FINDINGS_BYTES = 1024 * 1024;
const MAX_FINDING_BODY = 65536;
const FIELDS = 'path, line, side, start_line, body and severity';
/** At most this many problems in one message (the CLI lists them all). */
const SHOWN = 50;
/**
 * Checks a parsed findings file against schema/findings.schema.json (compiled at build time, so the
 * schema is the only statement of the shape) and what a schema cannot say (start_line below line).
 * Every problem is reported, each with the finding, its JSON pointer and what to write instead.
 */
function validateFindings(json) {
    const errors = validateFindingsSchema(json)
        ? []
        : [...new Set((validateFindingsSchema.errors ?? []).map((e) => describe(e, json)))];
    if (Array.isArray(json)) {
        json.forEach((item, i) => {
            const line = item?.['line'];
            const start = item?.['start_line'];
            if (Number.isInteger(line) && Number.isInteger(start) && start >= line)
                errors.push(`${where(`/${i}/start_line`)}: start_line ${String(start)} must be below line ${String(line)}`);
        });
    }
    if (errors.length) {
        const more = errors.length > SHOWN ? `; … and ${errors.length - SHOWN} more` : '';
        const count = errors.length === 1 ? '' : `${errors.length} problems: `;
        return { ok: false, errors, message: count + errors.slice(0, SHOWN).join('; ') + more };
    }
    return { ok: true, findings: json.map(toFinding) };
}
const toFinding = (item) => ({
    path: item['path'],
    line: item['line'],
    side: item['side'] ?? 'RIGHT',
    ...(item['start_line'] !== undefined ? { startLine: item['start_line'] } : {}),
    body: item['body'].replace(/\r\n/g, '\n'),
    ...(item['severity'] !== undefined ? { severity: item['severity'] } : {}),
});
/** "finding 2 (/1/severity)", or "the whole file" for the root. */
function where(pointer) {
    const index = /^\/(\d+)/.exec(pointer);
    return index ? `finding ${Number(index[1]) + 1} (${pointer})` : 'the whole file';
}
const escapePointer = (key) => key.replace(/~/g, '~0').replace(/\//g, '~1');
/** A value as it can be shown on one line of a log: quoted, escaped, cut. */
const shown = (v) => {
    const s = JSON.stringify(v) ?? String(v);
    return s.length > 60 ? `${s.slice(0, 60)}…` : s;
};
const kind = (v) => v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `a ${typeof v}`;
function valueAt(root, pointer) {
    let v = root;
    for (const part of pointer.split('/').slice(1)) {
        const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
        v = v && typeof v === 'object' ? v[key] : undefined;
    }
    return v;
}
/** One schema error in words a persona's author can act on. */
function describe(e, root) {
    const field = e.instancePath.split('/')[2] ?? '';
    const value = valueAt(root, e.instancePath);
    const key = String(e.params['missingProperty'] ?? e.params['additionalProperty']);
    const at = where(e.instancePath + (e.keyword === 'required' || e.keyword === 'additionalProperties' ? '/' + escapePointer(key) : ''));
    if (e.keyword === 'required')
        return `${at}: has no ${key} (every finding needs path, line and body)`;
    if (e.keyword === 'additionalProperties')
        return `${at}: unknown field ${shown(key)} (a finding has only ${FIELDS})`;
    if (!e.instancePath)
        return `${at}: must be a JSON array of findings ([{ "path", "line", "body" }]), not ${kind(value)}`;
    if (!field)
        return `${at}: is ${kind(value)}, not an object { "path", "line", "body" }`;
    return `${at}: ${fieldProblem(field, e.keyword, value)}`;
}
function fieldProblem(field, keyword, value) {
    if (keyword === 'type' || (keyword === 'minLength' && field !== 'body')) {
        const want = field.endsWith('line') ? 'a whole number from 1' : 'a non-empty string';
        return `${field} must be ${want}, not ${shown(value)}`;
    }
    switch (`${field}/${keyword}`) {
        case 'line/minimum':
        case 'start_line/minimum':
            return `${field} must be a whole number from 1, not ${shown(value)}`;
        case 'side/enum':
            return `side must be RIGHT or LEFT, not ${shown(value)}`;
        case 'severity/enum':
            return `severity must be one of ${SEVERITIES.join(', ')}, not ${shown(value)}`;
        case 'path/not':
            return `path ${shown(value)} must be relative to the repository, without "..", a leading or trailing "/" or "//"`;
        case 'path/pattern':
            return `path ${controlAt(value, false)}: a path is one line of printable characters`;
        case 'body/minLength':
        case 'body/pattern':
            return !value.trim()
                ? 'body is blank: write the finding'
                : `body ${controlAt(value, true)}: line breaks are \\n, no other control characters`;
        case 'body/maxLength':
            return (`body has ${Array.from(value).length} characters; GitHub takes at most ${MAX_FINDING_BODY}: ` +
                'shorten it');
    }
    return `${field} ${keyword}: ${shown(value)} does not match the schema`;
}
/** Names the first character that would break a line or hide what follows it. */
function controlAt(s, inBody) {
    /* eslint-disable no-control-regex -- naming control characters is the point */
    const bad = inBody
        ? /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]|\r(?!\n)/u
        : /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
    /* eslint-enable no-control-regex */
    const m = bad.exec(s);
    if (!m)
        return 'does not match the schema';
    const c = m[0].codePointAt(0);
    const name = CONTROL_NAMES[c] ?? 'a control character';
    return `contains U+${c.toString(16).toUpperCase().padStart(4, '0')} (${name}) at character ${m.index + 1}`;
}
const CONTROL_NAMES = {
    0x0a: 'a line feed',
    0x0d: 'a carriage return without a line feed',
    0x09: 'a tab',
    0x85: 'NEL, a next-line character',
    0x2028: 'a line separator',
    0x2029: 'a paragraph separator',
    0x1b: 'an escape character',
    0x00: 'a NUL',
};
/** Parses a unified-diff patch (as GitHub's PR files list gives it) into the lines of each hunk. */
function hunkLines(patch) {
    const out = { right: [], left: [] };
    let oldLine = 0;
    let newLine = 0;
    for (const line of patch.split('\n')) {
        const h = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(line);
        if (h) {
            oldLine = Number(h[1]);
            newLine = Number(h[2]);
            out.left.push(new Set());
            out.right.push(new Set());
            continue;
        }
        const left = out.left.at(-1);
        const right = out.right.at(-1);
        if (!left || !right || line.startsWith('\\'))
            continue; // "\ No newline at end of file"
        if (line.startsWith('+'))
            right.add(newLine++);
        else if (line.startsWith('-'))
            left.add(oldLine++);
        else {
            left.add(oldLine++);
            right.add(newLine++);
        }
    }
    return out;
}
/** Which findings GitHub can anchor in the diff at the reviewed head, up to `cap`; the rest go in the body. */
function place(findings, files, cap) {
    const byPath = new Map(files.map((f) => [f.filename, f]));
    const parsed = new Map();
    const placement = { inline: [], inBody: [] };
    for (const finding of findings) {
        const why = unplaceable(finding, byPath.get(finding.path), parsed);
        if (why)
            placement.inBody.push({ finding, why });
        else if (placement.inline.length >= cap)
            placement.inBody.push({ finding, why: `over ${cap} inline findings` });
        else
            placement.inline.push(finding);
    }
    return placement;
}
function unplaceable(f, file, parsed) {
    if (!file)
        return 'file not in this pull request';
    if (typeof file.patch !== 'string')
        return 'GitHub shows no diff for this file (binary or too large)';
    const lines = parsed.get(f.path) ?? hunkLines(file.patch);
    parsed.set(f.path, lines);
    const hunks = f.side === 'RIGHT' ? lines.right : lines.left;
    const first = f.startLine ?? f.line;
    const hunk = hunks.find((h) => h.has(f.line));
    if (!hunk)
        return 'line outside the diff';
    for (let n = first; n <= f.line; n++)
        if (!hunk.has(n))
            return 'range leaves the diff hunk';
    return null;
}
/** A review comment as the Reviews API takes it. */
function toComment(f) {
    const range = f.startLine !== undefined ? { start_line: f.startLine, start_side: f.side } : {};
    return { path: f.path, line: f.line, side: f.side, ...range, body: label(f) };
}
const label = (f) => (f.severity ? `**${f.severity}:** ${f.body}` : f.body);
/** The body section for findings outside the diff (or over the cap). */
function bodySection(inBody) {
    if (!inBody.length)
        return '';
    const lines = ['### Findings outside the diff', ''];
    for (const { finding: f, why } of inBody) {
        const where = f.startLine !== undefined ? `${f.path}:${f.startLine}-${f.line}` : `${f.path}:${f.line}`;
        const side = f.side === 'LEFT' ? ' (old side)' : '';
        // one list item per finding: its line breaks become spaces, and an HTML comment it opens is shown, not
        // opened (an unclosed one would hide every line below it, the verdict included)
        const text = label(f).replace(/\r?\n/g, ' ').replace(/<!--/g, '&lt;!--');
        lines.push(`- \`${where.replace(/`/g, "'")}\`${side} — ${text} _(${why})_`);
    }
    return lines.join('\n');
}
/**
 * Inserts the section just above the verdict line (the body's last non-blank line),
 * so the verdict stays last and the marker first.
 */
function withSection(body, section) {
    if (!section)
        return body;
    const lines = body.split('\n');
    let last = lines.length - 1;
    while (last >= 0 && !lines[last].trim())
        last--;
    return [...lines.slice(0, last), '', section, '', ...lines.slice(last)].join('\n');
}

;// CONCATENATED MODULE: ./src/check.ts
// The body step of every mode that has a body: read it, parse the verdict, compare
// with expected-event, look for secrets, count the posted size — all before any
// network request. Shared by the action and the CLI.








/**
 * The longest marker a post usually adds: every field at its longest, forced, a base name of 100 characters (a
 * longer one is measured when the review is composed, before any write).
 */
const worstCase = (verdict, text, version) => (0,marker/* composeBody */.h$)({
    version: version || undefined,
    persona: 'p'.repeat(39),
    head: 'f'.repeat(40),
    tree: 'f'.repeat(40),
    patch: 'f'.repeat(64),
    verdict,
    event: 'COMMENT',
    base: 'b'.repeat(100),
    forced: true,
    run: 'r'.repeat(80),
}, text).length;
function checkBody(cfg, token = null) {
    const loaded = loadBody(cfg.bodyPath, cfg.body);
    if (!loaded.ok)
        throw new abort/* Abort */.F(loaded.reason, loaded.message);
    const parsed = (0,grammar/* parseVerdict */.Pn)(loaded.text);
    const version = cfg.personaVersion ?? '';
    // size first: a body no review can hold is refused as such, whatever its verdict line says, so the advice for a
    // drifted line never ends "nothing else needs to change" over a body that cannot be posted (an independent review)
    if (!parsed.ok)
        check_tooLarge(worstCase('APPROVE', loaded.text, version), 'at least ');
    if (!parsed.ok) {
        const d = (0,diagnostics/* diagnose */.h4)(parsed);
        const where = d.lastLine ? ` (line ${d.lastLine.line}: "${d.lastLine.text}")` : '';
        const s = d.intent.suggestion;
        // a line already the grammar's is kept, not suggested to itself (an independent review, 2026-12-03)
        const hint = !s
            ? ''
            : s.wellFormed
                ? `; keep \`${s.line}\` (line ${s.fromLine}) and make it the last line`
                : `; did you mean \`${s.line}\` (line ${s.fromLine})?`;
        throw new abort/* Abort */.F(parsed.reason, `${d.summary}${where}${hint}`, '', d);
    }
    if (cfg.expectedEvent && cfg.expectedEvent !== parsed.event) {
        throw new abort/* Abort */.F('mismatch', `the body's verdict line (line ${parsed.line}) says ${parsed.verdict}, which maps to event ${parsed.event}, ` +
            `but expected-event is ${cfg.expectedEvent}: the two sources disagree, so nothing is posted; ` +
            "fix the persona's body or the step that computed expected-event");
    }
    const secrets = findSecrets(parsed.text, token);
    if (secrets.length) {
        const where = secrets.map((s) => `line ${s.line} (${secretWhat(s)})`).join(', ');
        throw new abort/* Abort */.F('secret-in-body', `the body contains what looks like a secret: ${where}; it would be published with the review, so nothing is sent`, 'find out how the persona saw the secret (a diff, a log, its environment) and revoke it if it is real; then ' +
            're-run');
    }
    check_tooLarge(worstCase(parsed.verdict, parsed.text, version));
    return { verdict: parsed.verdict, event: parsed.event, text: parsed.text, line: parsed.line };
}
/**
 * Throws body-too-large when the review would be over GitHub's limit with its marker. `atLeast` when the verdict
 * line is not yet the grammar's: measured with the shortest verdict, so it is too large whichever it becomes.
 */
function check_tooLarge(size, atLeast = '') {
    if (size <= MAX_BODY_CHARS)
        return;
    throw new abort/* Abort */.F('body-too-large', `the review would be ${atLeast || 'up to '}${size} characters with its marker; GitHub accepts at most ` +
        `${MAX_BODY_CHARS}: shorten the persona's review by ${atLeast}${size - MAX_BODY_CHARS} (truncating would cut ` +
        'the verdict line)');
}
/** The findings file the action reads (findings-path): UTF-8 JSON of the schema, no secrets; else bad-findings. */
function loadFindings(path, token = null) {
    const name = `findings-path ${path}`;
    // as body-path is read (src/read-file.ts): a FIFO or a device must not hang the step or fill the memory
    const r = readRegularFile(path, MAX_FINDINGS_BYTES);
    if (r.ok)
        return parseFindings(r.bytes, name, token);
    switch (r.why) {
        case 'missing':
            return findingsFail(name, 'does not exist: the persona was asked for findings and wrote none (a broken run)');
        case 'too-large':
            return findingsFail(name, `larger than ${MAX_FINDINGS_BYTES} bytes`);
        case 'directory':
            return findingsFail(name, 'is a directory: point it at the findings file');
        case 'not-a-file':
            return findingsFail(name, 'is not a regular file (a FIFO, a device or a socket is not read)');
        case 'denied':
            return findingsFail(name, 'cannot be read (permission denied)');
        case 'unreadable':
            return findingsFail(name, `cannot be read (${r.code})`);
    }
}
const findingsFail = (name, why) => {
    throw new abort/* Abort */.F('bad-findings', `${name}: ${why}`, FINDINGS_ADVICE);
};
/**
 * A findings file's bytes, already read, checked: `name` is how messages call it (the action's
 * `findings-path x.json`, the CLI's file name). Every schema problem is in `FindingsError.problems`.
 */
function parseFindings(bytes, name, token = null) {
    if (bytes.length > findings_MAX_FINDINGS_BYTES)
        findingsFail(name, `larger than ${findings_MAX_FINDINGS_BYTES} bytes`);
    let json;
    try {
        json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    }
    catch (e) {
        return findingsFail(name, e instanceof SyntaxError ? `not JSON (${e.message.replace(/\s+/g, ' ')})` : 'not valid UTF-8');
    }
    const v = validateFindings(json);
    if (!v.ok)
        throw new FindingsError(`${name}: ${v.message}`, v.errors);
    const leaks = v.findings.flatMap((f, i) => findingSecrets(f, i + 1, token));
    if (leaks.length) {
        throw new abort/* Abort */.F('secret-in-body', `${name}: ${leaks.join(', ')} looks like a secret; it would be published with the review, so ` +
            'nothing is sent', 'find out how the persona saw the secret and revoke it if it is real; then re-run');
    }
    return v.findings;
}
/** A finding's kind, and whether only the rendered Markdown shows it; never the secret. */
const secretWhat = (s) => s.hidden ? `${s.what}, hidden in the Markdown/HTML but shown once rendered` : s.what;
/** Every text field of a finding (path, body, and any added later), scanned like a body. */
function findingSecrets(f, n, token) {
    return Object.entries(f).flatMap(([field, value]) => typeof value === 'string'
        ? findSecrets(value, token).map((s) => `finding ${n}'s ${field}, line ${s.line} (${secretWhat(s)})`)
        : []);
}
/** bad-findings from the schema, with every problem (the message shows the first few). */
class FindingsError extends abort/* Abort */.F {
    problems;
    constructor(message, problems) {
        super('bad-findings', message, FINDINGS_ADVICE);
        this.problems = problems;
    }
}
const FINDINGS_ADVICE = 'make the persona write findings that match schema/findings.schema.json (an array of { path, line, body })';

;// CONCATENATED MODULE: ./src/cli/check.ts
// `persona-verdict check`: review bodies (and a findings file) checked offline exactly as
// `post` checks them before any request. Text for people, --format json for tools.








/** A body named on the command line (`-`: standard input), checked as post checks it; throws Abort. */
function checkFile(file, expectedEvent, io, personaVersion = '') {
    const name = (0,cli_command/* shown */.SP)(file);
    const input = (0,cli_command/* readInput */.R5)(file, io, MAX_BODY_BYTES);
    if (!input.ok && input.tooLarge !== undefined)
        throw new abort/* Abort */.F('body-too-large', tooLong(input.message));
    // as post reads body-path: a file that is not there, or is empty, is no body (the persona step wrote none)
    if (!input.ok && input.missing)
        throw new abort/* Abort */.F('no-body', `${input.message}, so there is no review to check`);
    if (!input.ok)
        throw new abort/* Abort */.F('unreadable-body', input.message);
    if (input.bytes.length === 0)
        throw new abort/* Abort */.F('no-body', `${name}: the file is empty, so there is no review to check`);
    const decoded = (0,grammar/* decodeBody */.Vj)(input.bytes);
    if (!decoded.ok)
        throw new abort/* Abort */.F('unreadable-body', `${name}: ${decoded.message}`);
    // a body over the limit is measured with its marker, as post measures it, and told by how much (src/check.ts)
    return checkBody({ bodyPath: null, body: decoded.text, expectedEvent, personaVersion });
}
const tooLong = (what) => `${what}; GitHub accepts at most ${MAX_BODY_CHARS} characters per review, its marker included, and truncating ` +
    `would cut the verdict line: shorten the review`;
/** One body as a JSON record (check --format json): what a tool or a prompt author's script reads. */
function jsonRecord(file, io, personaVersion = '') {
    try {
        const v = checkFile(file, null, io, personaVersion);
        return {
            file,
            ok: true,
            reason: null,
            verdict: v.verdict,
            event: v.event,
            line: v.line,
            suggestion: null,
            message: null,
            differences: [],
        };
    }
    catch (e) {
        if (!(e instanceof abort/* Abort */.F))
            throw e;
        const d = e.diagnosis;
        const s = d?.intent.suggestion ?? null;
        const at = s?.fromLine ?? d?.lastLine?.line ?? null;
        const differences = [
            ...(d?.nearMisses.find((n) => n.line === at)?.differs ?? []),
            ...(d?.intent.after ?? []),
            ...(d?.intent.notes ?? []),
            ...(d?.intent.ambiguity ? [`no suggestion: ${d.intent.ambiguity}`] : []),
        ];
        const suggestion = s ? { line: s.line, from_line: s.fromLine } : null;
        // every refusal says why in `message`; `differences` holds what differs from the grammar, when a line does
        const message = e.advice ? `${e.message}; what to do: ${e.advice}` : e.message;
        return {
            file,
            ok: false,
            reason: e.reason,
            verdict: null,
            event: null,
            line: at,
            suggestion,
            message,
            differences,
        };
    }
}
/** What post would do with a body, and the lines a person reads about it. */
function decideFile(file, expectedEvent, io, personaVersion = '') {
    try {
        const v = checkFile(file, expectedEvent, io, personaVersion);
        return { decision: { post: v.event }, detail: `verdict ${v.verdict} → event ${v.event}` };
    }
    catch (e) {
        if (!(e instanceof abort/* Abort */.F))
            throw e;
        return {
            decision: { abort: e.reason },
            detail: e.diagnosis
                ? (0,diagnostics/* renderDiagnosis */.sW)(e.diagnosis, (0,cli_command/* shown */.SP)(file))
                : `${e.reason}: ${unnamed(e.message, file)}${e.advice ? `\n  What to do: ${e.advice}` : ''}`,
        };
    }
}
/**
 * A message without the file name it starts with (the line already names the file): "x.md: no such file" → "no such
 * file"; a sentence the name was the subject of keeps one ("x.md is a directory" → "the file is a directory").
 */
const unnamed = (message, file) => {
    const name = (0,cli_command/* shown */.SP)(file);
    if (message.startsWith(`${name}: `))
        return message.slice(name.length + 2);
    return message.startsWith(`${name} `)
        ? `the ${file === '-' ? 'input' : 'file'} ${message.slice(name.length + 1)}`
        : message;
};
/** A findings file as the CLI reports it: the count, or every problem. */
function findingsResult(file, io) {
    const name = (0,cli_command/* shown */.SP)(file);
    const input = (0,cli_command/* readInput */.R5)(file, io, findings_MAX_FINDINGS_BYTES);
    if (!input.ok) {
        const over = input.tooLarge !== undefined ? ': a findings file is at most 1 MiB, so have the persona write fewer' : '';
        return { ok: false, reason: 'bad-findings', count: 0, problems: [unnamed(input.message, file) + over] };
    }
    try {
        return { ok: true, reason: null, count: parseFindings(input.bytes, name).length, problems: [] };
    }
    catch (e) {
        if (!(e instanceof abort/* Abort */.F))
            throw e;
        const problems = e instanceof FindingsError ? e.problems : [unnamed(e.message, file)];
        return { ok: false, reason: e.reason, count: 0, problems, ...(e.advice && { advice: e.advice }) };
    }
}
function runCheck(values, files, io) {
    const format = values['format'] ?? 'text';
    if (format !== 'text' && format !== 'json')
        throw new cli_command/* UsageError */.eb(`--format must be text or json, not "${format}"`);
    const findings = values['findings'];
    // the marker records the persona's version: a post with persona-version counts it, and so does check
    const version = values['persona-version'] ?? '';
    // as the action reads the input: a version post would refuse is a usage error here
    if (version && !PERSONA_VERSION.test(version))
        throw new cli_command/* UsageError */.eb('--persona-version: use at most 64 characters on one line (as the action input)');
    if (!files.length && findings === undefined)
        throw new cli_command/* UsageError */.eb('name a review body file (or --findings <file>)');
    (0,cli_command/* stdinOnce */.ct)([...files, ...(findings !== undefined ? [findings] : [])]);
    let bad = 0;
    if (findings !== undefined) {
        const { advice, ...r } = findingsResult(findings, io);
        if (!r.ok)
            bad++;
        // what to do follows the problems, as it follows a refused body's (the action's summary says it too)
        const todo = advice ? [`  What to do: ${advice}`] : [];
        if (format === 'json')
            io.out(JSON.stringify({ file: findings, kind: 'findings', ...r }));
        else if (r.ok)
            io.out(`${(0,cli_command/* shown */.SP)(findings)}: ok — ${r.count} finding(s) match the schema`);
        else if (r.problems.length === 1)
            io.out([`${(0,cli_command/* shown */.SP)(findings)}: ${r.reason}: ${r.problems[0]}`, ...todo].join('\n'));
        else
            io.out([
                `${(0,cli_command/* shown */.SP)(findings)}: ${r.reason}: ${r.problems.length} problems`,
                ...r.problems.map((p) => `  ${p}`),
                ...todo,
            ].join('\n'));
    }
    for (const f of files) {
        if (format === 'json') {
            const r = jsonRecord(f, io, version);
            if (!r['ok'])
                bad++;
            io.out(JSON.stringify(r));
            continue;
        }
        const { decision, detail } = decideFile(f, null, io, version);
        if (!('post' in decision))
            bad++;
        io.out('post' in decision ? `${(0,cli_command/* shown */.SP)(f)}: ok — ${detail}` : `${(0,cli_command/* shown */.SP)(f)}: ${detail}`);
    }
    return bad ? 1 : 0;
}
const check = {
    summary: 'check review bodies (and a findings file) offline, as post would before posting',
    help: `usage: persona-verdict check [--format text|json] [--findings <findings.json>] [--persona-version <v>]
                             <body.md>...

Checks each review body as the action's post mode does before any request: the verdict line,
secrets, the size with the marker. A file named - is read from standard input.
Exit 0 when every body (and the findings file) is accepted, 1 when any is refused, 2 on a usage error.

options:
  --format text|json      text (default): a line per file, diagnostics for a refused body;
                          json: one JSON object per file, per line
  --findings <file>       also check a findings file against schema/findings.schema.json,
                          reporting every problem with its JSON pointer
  --persona-version <v>   the persona-version the post will record in its marker (its length
                          counts toward GitHub's size limit, as in post)
  -h, --help              this help`,
    options: { format: { type: 'string' }, findings: { type: 'string' }, 'persona-version': { type: 'string' } },
    run: runCheck,
};

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __nccwpck_require__(3024);
;// CONCATENATED MODULE: external "node:path"
const external_node_path_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");
;// CONCATENATED MODULE: ./src/corpus.ts
// The regression corpus (`persona-verdict corpus <manifest>`): every case's decision under
// the strict grammar, and for refused real-shaped bodies whether the "did you mean"
// suggestion names the expected line — or, when the intent is not clear, nothing. The
// figures are measured per set: the bodies the heuristics were written from, and held-out
// bodies they were never tuned on. Reads files; the tally itself is pure.





/** Which sets fail the run: under their floor, or, without one, under the goal; with the words to say so. */
function coverageFailures(figures, goal, floors) {
    const failing = [];
    const notes = [];
    for (const f of figures) {
        const floor = floors[f.set];
        const below = f.set !== 'tuned on' && f.clear > 0 && f.named / f.clear < goal;
        if (floor !== undefined && f.named < floor) {
            failing.push(f.set);
            notes.push(`coverage on ${f.set} fell below its floor: ${f.named}/${f.clear} named, was ${floor}`);
        }
        else if (below) {
            if (floor === undefined)
                failing.push(f.set);
            const kept = floor === undefined ? '' : ` (${f.named}/${f.clear}; its floor, ${floor}, is kept)`;
            notes.push(`coverage goal ${Math.round(goal * 100)} % not reached on ${f.set}${kept}`);
        }
    }
    return { failing, notes };
}
function suggestionOutcome(expected, actual, appliedPasses) {
    if (expected === null)
        return actual === null ? 'nothing' : 'suggested-unclear';
    if (actual === null)
        return 'missed';
    if (actual !== expected)
        return 'wrong';
    return appliedPasses ? 'named' : 'applied-fails';
}
/** Per set: coverage on clear bodies, wrong suggestions, suggestions where the intent is unclear. */
function tally(rows) {
    const sets = [...new Set(rows.map((r) => r.set))];
    return sets.map((set) => {
        const mine = rows.filter((r) => r.set === set);
        const count = (...o) => mine.filter((r) => o.includes(r.outcome)).length;
        return {
            set,
            bodies: mine.length,
            clear: count('named', 'missed', 'wrong', 'applied-fails'),
            named: count('named'),
            wrong: count('wrong', 'applied-fails'),
            unclear: count('nothing', 'suggested-unclear'),
            suggestedUnclear: count('suggested-unclear'),
        };
    });
}
const pct = (n, d) => (d ? `${Math.round((100 * n) / d)} %` : 'n/a');
function renderFigures(f) {
    return (`  ${f.set} (${f.bodies} bodies): coverage on clear bodies ${f.named}/${f.clear} (${pct(f.named, f.clear)}), ` +
        `wrong suggestions ${f.wrong}, suggestions where intent is unclear ${f.suggestedUnclear}/${f.unclear}`);
}
const show = (d) => ('post' in d ? `post ${d.post}` : `abort ${d.abort}`);
/** Runs one body as the action would: the decision, and the suggested line when refused. */
function decide(file, ev) {
    try {
        return {
            decision: { post: checkBody({ bodyPath: file, body: null, expectedEvent: ev }).event },
            suggestion: null,
            from: 0,
        };
    }
    catch (e) {
        if (!(e instanceof abort/* Abort */.F))
            throw e;
        const s = e.diagnosis?.intent.suggestion ?? null;
        return { decision: { abort: e.reason }, suggestion: s?.line ?? null, from: s?.fromLine ?? 0 };
    }
}
/** Replace the suggested line, drop what follows: does the body then pass with that verdict? */
function appliedPasses(file, line, from) {
    const lines = (0,external_node_fs_.readFileSync)(file, 'utf8').replace(/\r\n?/g, '\n').split('\n');
    const again = (0,grammar/* parseVerdict */.Pn)([...lines.slice(0, from - 1), line].join('\n'));
    return again.ok && `## VERDICT: ${again.verdict}` === line;
}
const LABEL = {
    named: 'applied passes',
    nothing: 'no suggestion',
    missed: '!missed: suggested nothing',
    wrong: '!wrong',
    'suggested-unclear': '!suggested where the intent is unclear',
    'applied-fails': '!applied fails',
};
function runCase(c, base) {
    const ev = c['expected-event'] ?? null;
    const file = (0,external_node_path_namespaceObject.resolve)(base, c.body);
    const { decision, suggestion, from } = decide(file, ev);
    let outcome = null;
    let note = '';
    if ('suggestion' in c) {
        const expected = c.suggestion ?? null;
        const applies = suggestion !== null && suggestion === expected && appliedPasses(file, suggestion, from);
        outcome = suggestionOutcome(expected, suggestion, applies);
        const what = suggestion && outcome !== 'named' ? ` ${suggestion}` : '';
        note = ` (${outcome === 'named' ? `suggests ${suggestion}, ` : ''}${LABEL[outcome]}${what})`;
    }
    // a held-out body may be missed (coverage is measured); nothing else may differ
    const tolerated = outcome === null || outcome === 'named' || outcome === 'nothing' || (outcome === 'missed' && !!c.set);
    const ok = show(decision) === show(c.expect) && tolerated;
    const set = 'suggestion' in c ? (c.set ?? 'tuned on') : null;
    return {
        cells: [ok ? 'ok' : 'DISAGREE', ev ?? '-', show(c.expect), show(decision) + note, c.name],
        posted: show(decision).startsWith('post'),
        ok,
        set,
        outcome,
    };
}
/** The case's name last: names run to hundreds of characters, and padded to the longest they made every row as wide. */
function table(rows, out) {
    const head = ['result', 'expected-event', 'expected', 'actual', 'case'];
    // the last column (the case) is not padded, nor ruled wider than its heading
    const widths = head.map((h, i) => i === head.length - 1 ? h.length : Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (r) => r
        .map((c, i) => c.padEnd(widths[i]))
        .join('  ')
        .trimEnd();
    out(line(head));
    out(line(widths.map((w) => '-'.repeat(w))));
    rows.forEach((r) => out(line(r)));
}
/** Runs the manifest; 0 when every case agrees and no set falls below its floor (or, without one, the goal). */
/** The manifest, or an Error saying what is wrong with it in one line. */
function readManifest(path) {
    let text;
    try {
        text = (0,external_node_fs_.readFileSync)(path, 'utf8');
    }
    catch (e) {
        const code = e.code;
        const cause = { cause: e };
        if (code === 'ENOENT')
            throw new Error(`${path}: no such file`, cause);
        if (code === 'EISDIR')
            throw new Error(`${path} is a directory: name the manifest file (corpus/manifest.json)`, cause);
        throw new Error(`${path} cannot be read (${code ?? e.message})`, cause);
    }
    let manifest;
    try {
        manifest = JSON.parse(text);
    }
    catch (e) {
        throw new Error(`${path} is not JSON: ${e.message.replace(/\s+/g, ' ')}`, { cause: e });
    }
    const cases = manifest?.cases;
    if (!Array.isArray(cases))
        throw new Error(`${path} has no "cases" array: see corpus/manifest.json for the shape`);
    cases.forEach((c, i) => checkCase(c, i, path));
    return manifest;
}
/**
 * Every case's body file exists: a missing one would be read as the action reads it, "no-body", and pass a case
 * that expects that (a mistyped path: an independent review, 2026-12-03). Throws naming the first that does not.
 */
function checkBodies(m, path) {
    m.cases.forEach((c, i) => {
        if ((0,external_node_fs_.existsSync)((0,external_node_path_namespaceObject.resolve)((0,external_node_path_namespaceObject.dirname)(path), c.body)))
            return;
        throw new Error(`${path}: case ${i + 1} ("${c.name.slice(0, 60)}") names body ${c.body}, which does not exist: bodies are ` +
            'named relative to the manifest');
    });
}
/** Throws an Error naming the case (its number, and its name when it has one) and what is wrong with it. */
function checkCase(c, i, path) {
    const o = (typeof c === 'object' && c !== null && !Array.isArray(c) ? c : {});
    const named = typeof o['name'] === 'string' ? ` ("${o['name'].slice(0, 60)}")` : '';
    const bad = (why) => {
        throw new Error(`${path}: case ${i + 1}${named} ${why}: see corpus/manifest.json for the shape`);
    };
    if (o !== c)
        bad('is not an object');
    if (!named)
        bad('has no "name" string');
    if (typeof o['body'] !== 'string')
        bad('has no "body" string (the body file, relative to the manifest)');
    const e = o['expect'];
    const post = typeof e === 'object' && e !== null && grammar/* EVENTS */.qY.includes(e['post']);
    if (!post && !(typeof e === 'object' && e !== null && typeof e['abort'] === 'string'))
        bad('has no "expect" of {"post": an API event} or {"abort": a reason}');
    const ev = o['expected-event'];
    if (ev !== undefined && !grammar/* EVENTS */.qY.includes(ev))
        bad(`has expected-event ${JSON.stringify(ev)}, not an API event (${grammar/* EVENTS */.qY.join(', ')})`);
    if (o['suggestion'] !== undefined && o['suggestion'] !== null && typeof o['suggestion'] !== 'string')
        bad('has a "suggestion" that is neither a verdict line nor null');
    if (o['set'] !== undefined && typeof o['set'] !== 'string')
        bad('has a "set" that is not a string');
}
function runCorpus(manifestPath, out) {
    const manifest = readManifest(manifestPath);
    checkBodies(manifest, manifestPath);
    const goal = manifest['coverage-goal'] ?? 1;
    const rows = manifest.cases.map((c) => runCase(c, (0,external_node_path_namespaceObject.dirname)(manifestPath)));
    table(rows.map((r) => r.cells), out);
    const agree = rows.filter((r) => r.ok).length;
    const posts = rows.filter((r) => r.posted).length;
    const n = rows.length;
    out(`\n${n} cases: ${agree} agree, ${n - agree} disagree (${posts} post, ${n - posts} abort)`);
    const measured = rows.flatMap((r) => (r.set && r.outcome ? [{ set: r.set, outcome: r.outcome }] : []));
    const figures = tally(measured);
    if (figures.length) {
        out('suggestion on refused real-shaped bodies (clear: the body states one verdict):');
        figures.forEach((f) => out(renderFigures(f)));
    }
    const { failing, notes } = coverageFailures(figures, goal, manifest['coverage-floor'] ?? {});
    notes.forEach((n) => out(n));
    return agree === rows.length && !failing.length ? 0 : 1;
}

;// CONCATENATED MODULE: ./src/cli/corpus.ts
// `persona-verdict corpus <manifest.json>`: the regression corpus, a table of every case.


const corpus = {
    summary: 'run a regression corpus of review bodies; exit 1 on any disagreement',
    help: `usage: persona-verdict corpus <manifest.json>

Runs every case of a corpus manifest (corpus/manifest.json in the repository) through the
strict grammar, and checks each suggestion a refused body gets; prints a table and a tally.
Exit 0 when every case agrees, 1 on any disagreement, 2 on a usage error or an unreadable manifest.

options:
  -h, --help              this help`,
    options: {},
    run(_values, positionals, io) {
        if (positionals.length !== 1)
            throw new cli_command/* UsageError */.eb('name exactly one manifest file');
        if (positionals[0] === '-')
            throw new cli_command/* UsageError */.eb('the manifest is a file (its bodies are named relative to it)');
        try {
            return runCorpus(positionals[0], io.out);
        }
        catch (e) {
            io.err(`persona-verdict corpus: ${e.message}`);
            return 2;
        }
    },
};

;// CONCATENATED MODULE: ./src/cli/doctor.ts
// `persona-verdict doctor`: is the merge gate really enforced? Its options are parsed as every command's are
// (src/cli/main.ts); the checks (src/doctor-cli.ts, which loads the GitHub client) are loaded only when it runs, so the
// offline commands, `doctor --help` and a bad GITHUB_API_URL never load them.

/** A GITHUB_API_URL that is set but no URL: the GitHub client would throw on load. The usage error, or null. */
function badApiUrl(env) {
    const api = env['GITHUB_API_URL'];
    if (!api || URL.canParse(api))
        return null;
    return `GITHUB_API_URL "${api.slice(0, 100)}" is not a URL: unset it, or give https://HOST/api/v3`;
}
const doctor = {
    summary: "is the merge gate enforced? reads the repository's settings (needs a token)",
    help: `usage:
  persona-verdict doctor --repo OWNER/NAME [--branch BRANCH] --persona NAME=APP_SLUG [--persona NAME=@LOGIN ...]
                         [--format text|json]

Checks that the persona gate on BRANCH is enforced: required status checks and their source App,
the merge queue, review rules, bypass lists, the personas' access and the workflow files.
Token from GH_TOKEN, else GITHUB_TOKEN (as gh reads them); API from GITHUB_API_URL (GitHub Enterprise: https://HOST/api/v3).
Exit 0 when no check fails, 1 when one fails, 2 on a usage error.

options:
  --repo OWNER/NAME         the repository
  --branch BRANCH           the branch the gate protects (default: the repository's default branch)
  --persona NAME=APP_SLUG   a persona and the GitHub App it posts as (NAME=@LOGIN: a user account);
                            once per persona
  --format text|json        text (default): one line per check; json: the report as JSON
  -h, --help                this help`,
    options: {
        repo: { type: 'string' },
        branch: { type: 'string' },
        persona: { type: 'string', multiple: true },
        format: { type: 'string' },
    },
    async run(values, positionals, io) {
        const bad = badApiUrl(process.env);
        if (bad)
            throw new cli_command/* UsageError */.eb(bad);
        if (positionals.length)
            throw new cli_command/* UsageError */.eb(`takes only options, not "${positionals[0]}"`);
        return (await loadChecks()).runDoctorCli(values, io, process.env);
    },
};
/**
 * The doctor's checks, loaded. They load @actions/github, whose unused `context` reads the file GITHUB_EVENT_PATH
 * names as the module loads: a path left set from elsewhere printed a line on stdout ("… does not exist", which
 * broke --format json), and a file that is not JSON crashed the doctor with a stack trace. The doctor has no
 * event, so the variable is set aside while the module loads, and put back.
 */
async function loadChecks() {
    const event = process.env['GITHUB_EVENT_PATH'];
    delete process.env['GITHUB_EVENT_PATH'];
    try {
        return await Promise.all(/* import() */[__nccwpck_require__.e(148), __nccwpck_require__.e(733)]).then(__nccwpck_require__.bind(__nccwpck_require__, 7733));
    }
    finally {
        if (event !== undefined)
            process.env['GITHUB_EVENT_PATH'] = event;
    }
}

;// CONCATENATED MODULE: ./src/cli/commands.ts
// The CLI's commands, by name: src/cli/main.ts parses the arguments with each command's options
// and calls its run(). To add a command, write src/cli/<name>.ts exporting a Command (see
// src/cli/command.ts) and add it here; the tool's --help lists it in this order. A command that needs
// more than the offline core (doctor: the GitHub client) loads it in its run(), with import().



const COMMANDS = { check: check, corpus: corpus, doctor: doctor };

;// CONCATENATED MODULE: ./src/version.ts
/** Kept equal to package.json's version by a test. */
const VERSION = '0.16.10';

;// CONCATENATED MODULE: ./src/cli/main.ts
// The offline CLI, `persona-verdict <command> [options] [files]`: no token, no network.
// Arguments are parsed with node:util parseArgs against the command's own options
// (src/cli/commands.ts is the table of commands), so options go anywhere after the command.
// Exit 0 good, 1 a refused input, 2 a usage error (one line of reason and the usage, on stderr).
// The bundle (dist/cli/main.js) exports main() and runCli(); dist/cli/index.js, the bin, is
// src/cli/index.ts and calls runCli(). The in-process tests (test/e2e/cli-run.ts) call main().





const TOOL = 'persona-verdict';
/** Options whose empty value means "not set", as the action input of the same name. */
const UNSET_WHEN_EMPTY = new Set(['persona-version']);
function toolHelp() {
    const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length));
    return [
        `usage: ${TOOL} <command> [options] [files]`,
        '',
        `Checks LLM review bodies offline, as the ${TOOL} GitHub Action does before it posts.`,
        '',
        'commands:',
        ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
        '',
        'options:',
        "  -h, --help     this help; with a command, that command's help",
        '  --version      print the version',
        '',
        `${TOOL} <command> --help shows a command's options.`,
    ].join('\n');
}
/** parseArgs' own messages, in one short line each, naming the argument as it was written. */
function argError(e, args) {
    const { code, message } = e;
    const option = /'([^']+)'/.exec(message)?.[1] ?? '';
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
        // parseArgs names one letter of "-dash.md" or "-h=1" ("-d", "-="): name the whole argument
        const whole = args.find((a) => /^-[^-]/.test(a) && a.length > 2 && a.includes(option.slice(1)));
        if (!whole)
            return new cli_command/* UsageError */.eb(`unknown option ${option}`);
        return new cli_command/* UsageError */.eb(`unknown option ${whole}: a short option takes no value and is not combined; a file whose name starts ` +
            `with "-" is written ./${whole}`);
    }
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
        if (/does not take an argument/.test(message))
            return new cli_command/* UsageError */.eb(`${option} takes no value`);
        return new cli_command/* UsageError */.eb(`${option.replace(/ <value>$/, '')} needs a value`);
    }
    return new cli_command/* UsageError */.eb(message.split('\n')[0]);
}
async function runCommand(name, command, args, io) {
    const options = {
        ...command.options,
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean' },
    };
    let parsed;
    try {
        parsed = (0,external_node_util_.parseArgs)({ args, options, allowPositionals: true, strict: true, tokens: true });
    }
    catch (e) {
        return usage(io, `${TOOL} ${name}`, argError(e, args).message, command.help);
    }
    // parseArgs keeps the last of an option given twice: "--findings bad.json --findings good.json" would check
    // only good.json, and exit 0 — an option that takes one value is refused when given again
    const seen = new Set();
    for (const t of parsed.tokens) {
        if (t.kind !== 'option' || options[t.name]?.multiple)
            continue;
        if (seen.has(t.name) && options[t.name]?.type === 'string')
            return usage(io, `${TOOL} ${name}`, `--${t.name} is given more than once: give it once`, command.help);
        seen.add(t.name);
    }
    if (parsed.values['help'])
        return printed(io, command.help);
    if (parsed.values['version'])
        return printed(io, `${TOOL} ${VERSION}`);
    // "--findings=" or "--findings ''": an option's value, or a file named, is never empty — but an empty
    // --persona-version is unset, as the action's optional input is (a workflow forwards an unset input as '')
    const empty = Object.entries(parsed.values).find(([k, v]) => (v === '' && !UNSET_WHEN_EMPTY.has(k)) || (Array.isArray(v) && v.includes('')));
    if (empty)
        return usage(io, `${TOOL} ${name}`, `--${empty[0]} needs a value, not an empty one`, command.help);
    if (parsed.positionals.includes(''))
        return usage(io, `${TOOL} ${name}`, 'an empty file name: name a file, or - for standard input', command.help);
    try {
        return await command.run(parsed.values, parsed.positionals, io);
    }
    catch (e) {
        if (e instanceof cli_command/* UsageError */.eb)
            return usage(io, `${TOOL} ${name}`, e.message, command.help);
        throw e;
    }
}
const printed = (io, text) => {
    io.out(text);
    return 0;
};
/** A usage error: the reason, the usage lines (help's first paragraph) and where the rest is. */
const usage = (io, who, reason, help) => {
    io.err(`${who}: ${reason}`);
    io.err(help.split('\n\n')[0]);
    io.err(`(${who} --help for more)`);
    return 2;
};
async function main(argv, io) {
    const [first, ...rest] = argv;
    if (first === undefined)
        return usage(io, TOOL, 'name a command', toolHelp());
    if (first === '--help' || first === '-h' || first === 'help') {
        const named = rest[0] !== undefined ? COMMANDS[rest[0]] : undefined;
        if (rest[0] !== undefined && !named)
            return usage(io, TOOL, `unknown command "${rest[0]}"`, toolHelp());
        return printed(io, named ? named.help : toolHelp());
    }
    if (first === '--version')
        return printed(io, `${TOOL} ${VERSION}`);
    const command = Object.hasOwn(COMMANDS, first) ? COMMANDS[first] : undefined;
    if (command)
        return runCommand(first, command, rest, io);
    // only --help and --version come before a command; "--" ends the options of one
    const known = Object.values(COMMANDS).some((c) => Object.hasOwn(c.options, first.replace(/^--?|=.*$/g, '')));
    const why = first === '--'
        ? '"--" comes after a command (persona-verdict check -- -file.md)'
        : first.startsWith('-')
            ? `unknown option ${first.split('=')[0]}${known ? ' (it goes after the command)' : ''}`
            : `unknown command "${first}"`;
    return usage(io, TOOL, why, toolHelp());
}
/** The CLI as a process: its arguments, its standard streams, its exit code. */
async function runCli() {
    // A reader that stops early (`| head`, `2>&1 | head`) is not an error: what is left unwritten to that stream is
    // dropped, and the exit code is still the command's (a usage error is 2 even when no one reads the usage)
    const writer = (stream) => {
        let closed = false;
        stream.on('error', (e) => {
            if (e.code !== 'EPIPE' && e.code !== 'ERR_STREAM_DESTROYED')
                throw e;
            closed = true;
        });
        return (s) => {
            if (!closed)
                stream.write(s + '\n');
        };
    };
    process.exitCode = await main(process.argv.slice(2), {
        out: writer(process.stdout),
        err: writer(process.stderr),
        stdin: (max) => (0,read_file/* readDescriptor */.qq)(0, max),
    });
}

var __webpack_exports__main = __webpack_exports__.i;
var __webpack_exports__runCli = __webpack_exports__.a;
export { __webpack_exports__main as main, __webpack_exports__runCli as runCli };
