#!/usr/bin/env node
import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ // The require scope
/******/ var __nccwpck_require__ = {};
/******/ 
/************************************************************************/
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
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/************************************************************************/
var __webpack_exports__ = {};

// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  jY: () => (/* binding */ decideFile),
  eJ: () => (/* binding */ jsonRecord),
  iW: () => (/* binding */ main)
});

;// CONCATENATED MODULE: ./src/core/grammar.ts
// The verdict grammar — pure: bytes or text in, a decision out.
// The decision here never depends on diagnostics.ts; that module only explains.
const VERDICTS = ['APPROVE', 'CHANGES_REQUESTED', 'COMMENT'];
const EVENTS = ['APPROVE', 'REQUEST_CHANGES', 'COMMENT'];
/** Verdict token → Reviews API event (core/decide.ts STATE_OF_EVENT gives the resulting state). */
const grammar_EVENT_OF = {
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
/** Parse normalised text (see decodeBody). Only the last non-blank line decides. */
function parseVerdict(text) {
    const lines = text.split('\n');
    let last = lines.length - 1;
    while (last >= 0 && isBlank(lines[last]))
        last--;
    if (last < 0)
        return { ok: false, reason: 'empty-body', lines };
    const lineText = lines[last];
    const m = VERDICT_LINE.exec(lineText);
    if (m) {
        const verdict = m[1];
        return { ok: true, verdict, event: grammar_EVENT_OF[verdict], line: last + 1, text };
    }
    const line = last + 1;
    if (mentionsVerdict(lineText))
        return { ok: false, reason: 'malformed-verdict', line, lineText, lines };
    if (lines.slice(0, last).some((l) => VERDICT_LINE.test(l))) {
        return { ok: false, reason: 'verdict-not-last', line, lineText, lines };
    }
    return { ok: false, reason: 'missing-verdict', line, lineText, lines };
}

;// CONCATENATED MODULE: ./src/core/intent.ts
// Which verdict did the author mean? — pure, and for the human only. When a body is
// refused, this finds the line where the body gives its verdict and says what to change
// in one pass; when the intent is not clear it says so, names the lines, and suggests
// nothing. Its answer is never used to post: acceptance is the grammar alone.
//
// A verdict is read only where a body gives one: after a verdict/decision/recommendation/
// status/result key (or under such a heading), in a ticked box, or as the closing line.
// A finding's heading, a checklist item or a table cell is never read as the verdict.

const END = '(?![A-Z0-9_])';
/** Words and phrases that name a verdict, anchored at the text's start; unknown words are not guessed. */
const SYNONYMS = [
    [/^(CONDITIONAL(LY)?[\s_-]+APPROV(AL|ED|E)|APPROV(AL|ED|E)[\s_-]+CONDITIONAL(LY)?)/, 'conditional'],
    [
        /^(CHANGES[ _-]?REQUESTED|REQUEST(ED)?[ _-]?CHANGES?|NEEDS?[ _-]?(CHANGES|WORK|REVISION|FIXES))/,
        'CHANGES_REQUESTED',
    ],
    [/^(REQUIRES?[ _-]+(CHANGES|FIXES)|(CHANGES|FIXES)[ _-]+(REQUIRED|NEEDED))/, 'CHANGES_REQUESTED'],
    [/^(要求修改|请求修改|請求修改|需要修改|拒绝|拒絕|驳回|駁回)/, 'CHANGES_REQUESTED'],
    ['CHANGES_REQUESTED'],
    [/^(REJECT(ED)?|BLOCK(ED|ING)?|FAIL(ED)?|DO NOT (MERGE|SHIP)|REVISE|INCOMPLETE|FIX[ _-]FIRST)/, 'CHANGES_REQUESTED'],
    [
        /^(NOT\s+(YET\s+)?(PRODUCTION[\s-]+)?READY|NO[\s-]?GO|RECHAZADO|REJEITADO|REFUS[EÉ]E?|ABGELEHNT)/,
        'CHANGES_REQUESTED',
    ],
    [/^(APPROVE[DS]?|LGTM|PASS(ED)?|ACCEPT(ED)?|SHIP IT|READY (FOR|TO) MERGE)/, 'APPROVE'],
    [/^(APROBADO|APROVADO|APPROUV[EÉ]E?|GENEHMIGT|批准|通过|通過|同意合并|同意合併)/, 'APPROVE'],
    [/^COMMENT(ED)?/, 'COMMENT'],
].map(([re, v]) => [new RegExp(`${re.source}${END}`), v]);
/** Keys a verdict is introduced by: strong ones give the review's verdict, weak ones may describe one item. */
const FINAL = String.raw `FINAL|UPDATED|REVISED|CURRENT|ROUND\s*\d+|RE-?REVIEW`;
const STRONG = String.raw `VERDICT|DECISION|VEREDICTO|DECISI[OÓ]N|DECIS[AÃ]O|D[EÉ]CISION|ENTSCHEIDUNG|URTEIL`;
const WEAK = String.raw `RECOMMENDATION|RECOMENDACI[OÓ]N|EMPFEHLUNG|OUTCOME|RESULT|STATUS|ESTADO|OVERALL\s+ASSESSMENT`;
const KEY = new RegExp(String.raw `(?<![A-Z0-9_])(?:(${FINAL})\s+)?(?:(${STRONG})|(${WEAK}))(?![A-Z0-9_])`, 'g');
/** The same in Chinese and Japanese (no word boundaries there). */
const CJK_KEY = /(?:结论|結論|建议|建議|推荐|推薦|决定|決定|判定|审查结果|審査結果|审查意见|審查意見|推奨)\p{Script=Han}{0,3}/gu;
/** "Previous verdict: …" reports history, not this review's decision. */
const HISTORY = /\b(PREVIOUS|PRIOR|EARLIER|OLD|ORIGINAL|INITIAL|LAST ROUND'?S?)\s*$/;
const BOX = /\[( |x|X)\]/;
/**
 * What may follow a token that stands as the verdict: nothing, closing marks, a qualifier,
 * a dash or colon and a reason, a parenthetical, or punctuation and a new sentence.
 */
const TOKEN_TAIL = /^[\s)\]]*(?:$|(?:WITH\b|CON\b|—|–|-|:|\/|\||\(|(?:AND|FOR|TO)\s+(?:MERGE|PROCEED|SHIP)\b).*|[.!;,]+(?:\s.*)?$)/;
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
];
const QUALIFIER = `(?:${QUALIFIERS.join('|')})`;
const CONDITION = new RegExp([
    String.raw `WITH\s+(?:${QUALIFIER}\s+){1,2}(?:FIXES|CHANGES)`,
    String.raw `WITH\s+CHANGES\b`,
    String.raw `(?:FIXES|CHANGES)\s+(?:ARE\s+)?(?:REQUIRED|NEEDED|PENDING)`,
    String.raw `CONDITION(?:S|AL|ALLY)?`,
    String.raw `AFTER\s+(?:ADDRESSING|FIXING|APPLYING|RESOLVING)`,
    String.raw `ONCE\b[^.]*\b(?:FIXED|ADDRESSED|RESOLVED)`,
    String.raw `MERGED?\s+(?:ONLY\s+)?(?:AFTER|ONCE)`,
    String.raw `PENDING\s+(?:FIXES|CHANGES)`,
    String.raw `NOT\s+(?:YET\s+)?(?:PRODUCTION[\s-]+)?READY`,
    String.raw `MUST\s+(?:BE\s+)?FIX`,
    String.raw `BEFORE\s+MERG`,
]
    .map((p) => `\\b${p}`)
    .join('|'));
/** The verdict the text starts with (decoration and look-alikes folded), the words that name it, and what follows. */
function leadingVerdict(text) {
    const upper = text.toUpperCase();
    // a verdict in any script first ("要求修改"), then an English token after words in another script
    for (const t of [upper.replace(/^[^\p{L}\p{N}]+/u, ''), upper.replace(/^[^A-Z0-9]+/, '')]) {
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
const plain = (line) => skeleton(unescapeU(line))
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
function conditionOf(verdict, ...texts) {
    if (verdict === 'conditional')
        return 'a conditional approval';
    if (verdict !== 'APPROVE')
        return undefined;
    for (const t of texts) {
        const m = CONDITION.exec(t);
        if (m)
            return m[0].toLowerCase().replace(/\s+/g, ' ');
    }
    return undefined;
}
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
/** A line that gives a verdict after a key ("Verdict: X", "the verdict is X"), or a key heading. */
function keyedAt(r, i, text) {
    const upper = text.toUpperCase();
    const raw = skeleton(unescapeU(r.lines[i]));
    for (const key of keysOf(upper)) {
        if (HISTORY.test(upper.slice(0, key.at)))
            return null;
        const afterKey = upper.slice(key.end);
        const explicit = /^\s*(\([^)]*\)\s*)?(:|：|=|IS\b)/.test(afterKey);
        if (key.at >= 20 && !explicit)
            continue;
        // "## Verdict" alone on its line: the token is on the next non-blank line
        if (!/\p{L}/u.test(afterKey.replace(/[:：=—–-]/g, '')))
            return splitHeading(r, i, key);
        const sep = /^\s*(\([^)]*\)\s*)?(?:[:：=—–-]|IS\b)?\s*/.exec(afterKey);
        const body = afterKey.slice(sep[0].length);
        const lead = leadingVerdict(body);
        if (!lead) {
            if (explicit)
                noteUnrecognised(r, i, key.strong, body);
            continue;
        }
        // a weak key describes one item when it sits in a list, or when prose follows a plain word
        const standsAsToken = TOKEN_TAIL.test(lead.rest) || setOff(raw, lead.token);
        if (!key.strong && (LIST_ITEM.test(raw) || !standsAsToken))
            continue;
        const offered = offersAlternatives(afterKey);
        const c = candidate(i, lead.verdict, 'keyed', offered, key.final, undefined, lead.rest, following(r, i));
        return { ...c, key: key.name, token: lead.token };
    }
    return null;
}
function candidate(index, reading, strength, offered, final, tokenIndex, ...conditionTexts) {
    const verdict = reading === 'conditional' ? 'APPROVE' : reading;
    const condition = conditionOf(reading, ...conditionTexts);
    return { index, verdicts: [verdict], strength, offered, final, tokenIndex, condition };
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
function splitHeading(r, i, key) {
    const j = nextLine(r.lines, i);
    if (j >= r.lines.length)
        return null;
    const next = plain(r.lines[j]);
    const box = BOX.exec(next);
    const tokenText = box ? next.slice(box.index + box[0].length) : next;
    const lead = leadingVerdict(tokenText);
    if (!lead) {
        noteUnrecognised(r, i, key.strong, tokenText.toUpperCase());
        return null;
    }
    const rest = lead.rest.replace(/[/|].*$/, '');
    if (!TOKEN_TAIL.test(rest) && !setOff(skeleton(r.lines[j]), lead.token))
        return null;
    const offered = (box !== null && box[1] === ' ') || offersAlternatives(next.toUpperCase());
    const c = candidate(i, lead.verdict, 'keyed', offered, key.final, j, lead.rest, following(r, j));
    return { ...c, key: key.name, token: lead.token };
}
/** A line that states a verdict: keyed, a ticked box, or the closing line standing as a token. */
function candidateAt(r, i) {
    const line = r.lines[i];
    if (line.length > 400 || /^\s*(>\s*)*\|/.test(line))
        return null; // bounded work; a table row is no verdict
    const text = plain(line);
    if (!text || text.length > 200)
        return null;
    const box = BOX.exec(text);
    if (box) {
        const lead = leadingVerdict(text.slice(box.index + box[0].length));
        if (!lead || box.index > 40)
            return null;
        return candidate(i, lead.verdict, 'boxed', box[1] === ' ', false, undefined, lead.rest);
    }
    const keyed = keyedAt(r, i, text);
    if (keyed || i !== r.closing)
        return keyed;
    // the closing line standing as a token (decoration, list marks and emoji aside); a numbered
    // heading ("## 6. ACCEPTED — …") is a finding's triage, not the review's verdict
    if (/^\s*#+\s*\d+[.)]/.test(line))
        return null;
    const lead = leadingVerdict(text);
    // "Comment: nice work", "BLOCKING: the guard" — a label before text, not a verdict
    if (!lead || !TOKEN_TAIL.test(lead.rest) || /^\s*:\s*\S/.test(lead.rest))
        return null;
    return candidate(i, lead.verdict, 'bare', offersAlternatives(text.toUpperCase()), false, undefined, lead.rest);
}
/** Literal "\n" escapes in long lines: a JSON string written without unescaping. */
function intent_unescape(lines) {
    const escaped = lines.some((l) => l.length > 200 && (l.match(/\\n/g)?.length ?? 0) >= 3);
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
const FOOTERS = [
    [/^\s*[_*]*(generated|written|produced|posted)\s+(by|with)\b/i, 'a "generated by" footer'],
    [/^\s*[_*]*(reviewed by|reviewer:|signed|—\s*\w+)/i, 'a sign-off'],
    [/\b(run|request|trace|session)[ -]?id\b/i, 'a run id'],
    [/^\s*(<!--.*-->|-{3,}|\*{3,}|_{3,})\s*$/, 'an HTML comment or a rule'],
    [/^\s*[*_#\s]*(end( of (review|report))?|done|fin)[*_.!\s]*$/i, 'an end marker'],
    [/^\s*[*_]*(recommendation|next steps?|action items?|summary|notes?)[*_]*\s*[:*]/i, 'another section'],
];
/** The body's closing line: the last non-blank line outside code that is not a footer, rule or sign-off. */
function closingLine(lines, code) {
    for (let i = lines.length - 1; i >= 0; i--) {
        if (!lines[i].trim() || code.has(i))
            continue;
        if (FOOTERS.slice(0, 5).some(([re]) => re.test(lines[i])))
            continue;
        return i;
    }
    return -1;
}
/** What follows the intended line, named by shape; at most a few, with a count. */
function describeAfter(lines, chosen, others) {
    const from = chosen.tokenIndex ?? chosen.index;
    const split = chosen.tokenIndex !== undefined ? [`replace lines ${chosen.index + 1}–${from + 1} (heading and token)`] : [];
    const rest = lines
        .slice(from + 1)
        .map((l, k) => ({ l, n: from + 2 + k }))
        .filter((x) => x.l.trim());
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
    return [
        ...split,
        `move it to the end: the ${rest.length} non-blank line(s) after it (lines ${rest[0].n}–${rest.at(-1).n})` +
            `${what} must go, or move above it`,
    ];
}
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
function collect(lines) {
    const code = codeLines(lines);
    const r = { lines, closing: closingLine(lines, code), unrecognised: [] };
    const candidates = [];
    const tokenLines = new Set();
    for (let i = 0; i < lines.length; i++) {
        // code is not a verdict, except a line in the grammar's exact form (a model that fenced its output)
        const wellFormed = VERDICT_LINE.exec(lines[i]);
        if (code.has(i) && !wellFormed)
            continue;
        const c = wellFormed
            ? { index: i, verdicts: [wellFormed[1]], strength: 'keyed', offered: false }
            : candidateAt(r, i);
        // the token line of a "## Verdict" heading is that heading's reading, not a second verdict
        if (c && !tokenLines.has(i))
            candidates.push(c);
        if (c?.tokenIndex !== undefined)
            tokenLines.add(c.tokenIndex);
    }
    return { candidates: withoutItemStatuses(candidates), unrecognised: r.unrecognised };
}
/**
 * One key repeated for three or more items, each ACCEPTED/REJECTED/PASS/FAIL ("**Decision:** ACCEPTED" under every
 * finding, "Result: PASS" under every test): the triage of items, not the review's verdict.
 */
function withoutItemStatuses(candidates) {
    const items = (c) => !c.final && !!c.key && /^(ACCEPT|REJECT|PASS|FAIL)/.test(c.token ?? '');
    const count = new Map();
    for (const c of candidates)
        if (items(c))
            count.set(c.key, (count.get(c.key) ?? 0) + 1);
    return candidates.filter((c) => !items(c) || (count.get(c.key) ?? 0) < 3);
}
/** Which lines decide, and why nothing can be suggested when they do not agree or approve on conditions. */
function decide(candidates, line) {
    const unoffered = candidates.filter((c) => !c.offered);
    const finals = unoffered.filter((c) => c.final);
    const decided = finals.length ? finals : unoffered;
    if (!decided.length)
        return { decided, ambiguity: 'the body only offers verdicts (template alternatives or unticked boxes)' };
    const verdicts = new Set(decided.flatMap((c) => c.verdicts));
    if (verdicts.size !== 1) {
        const where = decided.map((c) => `line ${line(c)}: ${c.verdicts.join('/')}`).join(', ');
        return { decided, ambiguity: `the body states conflicting verdicts (${where})` };
    }
    const conditional = decided.find((c) => c.condition);
    if (conditional)
        return {
            decided,
            ambiguity: `the approval at line ${line(conditional)} is conditional ("${conditional.condition}"): it approves on ` +
                'changes it still asks for',
        };
    return { decided, ambiguity: null };
}
function findIntent(original) {
    const { lines, origin, escaped } = intent_unescape(original);
    const notes = escaped
        ? ['the body contains literal "\\n" escapes: the persona output was a JSON string written without unescaping']
        : [];
    const { candidates, unrecognised } = collect(lines);
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
    if (!candidates.length) {
        const u = unrecognised[0];
        if (!u)
            return none(null, []);
        const what = `line ${lineOf(u)} gives the verdict as "${u.word}", ` +
            'which names none of APPROVE, CHANGES_REQUESTED, COMMENT';
        return none(what, [...new Set(unrecognised.map(lineOf))]);
    }
    const { decided, ambiguity } = decide(candidates, lineOf);
    const stated = [...new Set(decided.map(lineOf))];
    if (ambiguity)
        return none(ambiguity, stated);
    const strong = decided.filter((c) => c.strength !== 'bare');
    const chosen = (strong.length ? strong : decided).at(-1);
    const verdict = chosen.verdicts[0];
    return {
        suggestion: { line: `## VERDICT: ${verdict}`, verdict, fromLine: lineOf(chosen) },
        ambiguity: null,
        after: escaped ? [] : describeAfter(lines, chosen, decided),
        notes,
        candidates: at,
        stated,
    };
}

;// CONCATENATED MODULE: ./src/core/diagnostics.ts
// Explains a grammar failure to the person who must fix the prompt. Pure; never consulted by the decision.


const MAX_SHOWN = 160;
const MAX_NEAR = 12;
/** Invisible and non-ASCII characters as \uXXXX; control characters too; long lines cut. */
function visible(s, max = MAX_SHOWN) {
    let out = '';
    let count = 0;
    for (const ch of s) {
        if (count >= max) {
            out += `… (${[...s].length - max} more characters)`;
            break;
        }
        const cp = ch.codePointAt(0);
        if (cp === 0x5c)
            out += '\\\\';
        else if (cp >= 0x20 && cp < 0x7f)
            out += ch;
        else if (cp === 0x09)
            out += '\\t';
        else
            out +=
                cp > 0xffff ? `\\u{${cp.toString(16).toUpperCase()}}` : `\\u${cp.toString(16).toUpperCase().padStart(4, '0')}`;
        count++;
    }
    return out;
}
const TOKEN_ADVICE = {
    REQUEST_CHANGES: 'REQUEST_CHANGES is the API event name; the verdict token is CHANGES_REQUESTED',
    APPROVED: 'APPROVED is the review state; the verdict token is APPROVE',
    COMMENTED: 'COMMENTED is the review state; the verdict token is COMMENT',
};
/** No verdict line is longer than this; longer lines are explained from their start only (bounded work). */
const MAX_ANALYSED = 512;
/** What differs between one line and the verdict grammar. */
function differences(full, isLast) {
    if (VERDICT_LINE.test(full)) {
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
    let rest = skeleton(line);
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
    const tok = /^\s*([^\s.,;:!?()[\]]+)/u.exec(after);
    if (!tok) {
        out.push(`no verdict token: end the line with one of ${VERDICTS.join(', ')}`);
        return out;
    }
    const token = tok[1];
    let trailing = after.slice(tok[0].length);
    const valid = VERDICTS.includes(token);
    const upperToken = token.toUpperCase();
    const known = VERDICTS.includes(upperToken) || TOKEN_ADVICE[upperToken];
    const synonym = valid || known ? null : synonymAt(after);
    if (synonym) {
        // "REQUEST CHANGES", "LGTM", "needs work": name the token it means, not its words one by one
        const words = after.slice(0, synonym.length).trim();
        out.push(`"${visible(words, 40)}" is not a verdict token: it means ${synonym.verdict}, so write ${synonym.verdict}`);
        trailing = after.slice(synonym.length);
    }
    else if (!valid) {
        const upper = token.toUpperCase();
        if (VERDICTS.includes(upper))
            out.push(`token written "${token}": tokens are case-sensitive, write ${upper}`);
        else if (TOKEN_ADVICE[upper])
            out.push(TOKEN_ADVICE[upper]);
        else
            out.push(`unknown token "${visible(token, 40)}": use one of ${VERDICTS.join(', ')}`);
    }
    if (trailing.trim())
        out.push(`trailing text after the token: "${visible(trailing.trim(), 60)}" (nothing may follow the token)`);
    return out;
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
    const intent = findIntent(lines);
    // near misses: the lines that state a verdict, and a heading-like last line; prose that
    // merely mentions "verdict" is not one
    const at = new Set([...intent.candidates, ...intent.stated].map((n) => n - 1));
    if (lastIdx >= 0 && /^\s*#/.test(lines[lastIdx]))
        at.add(lastIdx);
    const nearMisses = [...at]
        .filter((i) => i < lines.length && !isBlank(lines[i]))
        .sort((a, b) => a - b)
        .slice(0, MAX_NEAR)
        .map((i) => ({ line: i + 1, text: visible(lines[i]), differs: differences(lines[i], i === lastIdx) }));
    return {
        reason: parsed.reason,
        summary: headline(parsed.reason, intent),
        lastLine: parsed.line ? { line: parsed.line, text: visible(parsed.lineText ?? '') } : undefined,
        nearMisses,
        intent,
    };
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
        out.push(`  did you mean \`${suggestion.line}\` (${where}${suggestion.fromLine})? Replace that line with it,`);
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

;// CONCATENATED MODULE: ./src/abort.ts
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

;// CONCATENATED MODULE: external "node:fs"
const external_node_fs_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");
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
        if (body.length > MAX_BODY_CHARS)
            return tooLarge(`the body input has ${body.length} characters`);
        const n = normaliseText(body);
        return n.ok ? n : { ok: false, reason: 'unreadable-body', message: n.message };
    }
    let fd;
    try {
        // O_NONBLOCK: a FIFO or device named as body-path must not hang the step before fstat rejects it
        fd = (0,external_node_fs_namespaceObject.openSync)(bodyPath, external_node_fs_namespaceObject.constants.O_RDONLY | external_node_fs_namespaceObject.constants.O_NONBLOCK);
    }
    catch (e) {
        const code = e.code;
        const why = code === 'ENOENT'
            ? 'does not exist: did the persona step write it, and is body-path relative to the workspace?'
            : code === 'EACCES'
                ? 'cannot be read (permission denied)'
                : `cannot be opened (${code ?? String(e)})`;
        return { ok: false, reason: 'unreadable-body', message: `body-path ${bodyPath} ${why}` };
    }
    try {
        const st = (0,external_node_fs_namespaceObject.fstatSync)(fd);
        if (st.isDirectory())
            return {
                ok: false,
                reason: 'unreadable-body',
                message: `body-path ${bodyPath} is a directory: point it at the review body file`,
            };
        if (!st.isFile())
            return { ok: false, reason: 'unreadable-body', message: `body-path ${bodyPath} is not a regular file` };
        if (st.size > MAX_BODY_BYTES)
            return tooLarge(`body-path ${bodyPath} is ${st.size} bytes`);
        const buf = Buffer.alloc(st.size);
        let off = 0;
        while (off < st.size) {
            const n = (0,external_node_fs_namespaceObject.readSync)(fd, buf, off, st.size - off, off);
            if (n === 0)
                break;
            off += n;
        }
        const d = decodeBody(buf.subarray(0, off));
        if (!d.ok)
            return { ok: false, reason: 'unreadable-body', message: `body-path ${bodyPath}: ${d.message}` };
        return d;
    }
    catch (e) {
        return {
            ok: false,
            reason: 'unreadable-body',
            message: `body-path ${bodyPath} cannot be read (${e.message})`,
        };
    }
    finally {
        (0,external_node_fs_namespaceObject.closeSync)(fd);
    }
}
function tooLarge(what) {
    return {
        ok: false,
        reason: 'body-too-large',
        message: `${what}; GitHub accepts at most ${MAX_BODY_CHARS} characters per review (marker included), and ` +
            `truncating would cut the verdict line: shorten the persona's review`,
    };
}

;// CONCATENATED MODULE: ./src/core/marker.ts
// The hidden marker that makes a review part of a persona's history (docs/DESIGN.md,
// "The marker"). Pure.

const MARKER_NAME = 'persona-verdict';
const MARKER_VERSION = 1;
/** The event a marked review was posted with: recorded, or the verdict's own. */
const postedEvent = (m) => m.event ?? EVENT_OF[m.verdict];
/** Persona names: what fits safely in a marker and a summary. */
const PERSONA_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,38}$/;
const RUN_PATTERN = /^[A-Za-z0-9._-]{1,80}$/;
const SHA = /^[0-9a-f]{40}$/;
const PATCH = /^[0-9a-f]{64}$/;
const LINE = new RegExp(`^<!-- ${MARKER_NAME} v(\\d+) persona=(\\S+) head=([0-9a-f]{40}) tree=([0-9a-f]{40}|unknown) ` +
    `patch=([0-9a-f]{64}|unknown) verdict=(${VERDICTS.join('|')})(?: event=(${EVENTS.join('|')}))?` +
    "(?: version=([A-Za-z0-9%._~!*'()-]{1,800}))? run=(\\S+) -->$");
function encodeMarker(m) {
    if (!PERSONA_PATTERN.test(m.persona))
        throw new Error(`persona ${JSON.stringify(m.persona)} cannot be written in a marker`);
    if (!SHA.test(m.head) || (m.tree !== null && !SHA.test(m.tree)))
        throw new Error('marker SHAs must be 40 lower-case hex digits');
    if (m.patch != null && !PATCH.test(m.patch))
        throw new Error('a marker patch id is 64 lower-case hex digits');
    if (!RUN_PATTERN.test(m.run))
        throw new Error(`run id ${JSON.stringify(m.run)} cannot be written in a marker`);
    const event = m.event && m.event !== grammar_EVENT_OF[m.verdict] ? ` event=${m.event}` : '';
    // percent-encoded: free text can hold neither spaces nor "-->" inside the comment
    const version = m.version ? ` version=${encodeURIComponent(m.version)}` : '';
    return (`<!-- ${MARKER_NAME} v${MARKER_VERSION} persona=${m.persona} head=${m.head} tree=${m.tree ?? 'unknown'} ` +
        `patch=${m.patch ?? 'unknown'} verdict=${m.verdict}${event}${version} run=${m.run} -->`);
}
/** Reads the marker from the first line of a review body, and only from there. */
function decodeMarker(body) {
    if (!body)
        return null;
    const nl = body.search(/\r?\n/);
    const first = nl < 0 ? body : body.slice(0, nl);
    const m = LINE.exec(first);
    if (!m || Number(m[1]) !== MARKER_VERSION || !PERSONA_PATTERN.test(m[2]) || !RUN_PATTERN.test(m[9]))
        return null;
    const version = m[8] ? decodeVersion(m[8]) : undefined;
    if (version === null)
        return null;
    return {
        persona: m[2],
        head: m[3],
        tree: m[4] === 'unknown' ? null : m[4],
        patch: m[5] === 'unknown' ? null : m[5],
        verdict: m[6],
        ...(m[7] ? { event: m[7] } : {}),
        ...(version ? { version } : {}),
        run: m[9],
    };
}
function decodeVersion(s) {
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

;// CONCATENATED MODULE: ./src/core/secrets.ts
// Secrets in a review body — pure. A persona that saw a token (in a diff, a log, its
// own environment) can be steered into quoting it, and whatever the review says is
// published. Log masking does not reach what is sent to the API, so a body that
// carries one is refused before anything is sent.
const SHAPES = [
    [/\bgh[pousr]_[A-Za-z0-9]{30,}/, 'a GitHub token (ghp_/gho_/ghu_/ghs_/ghr_)'],
    [/\bgithub_pat_[A-Za-z0-9_]{30,}/, 'a fine-grained GitHub token (github_pat_)'],
    [/-----BEGIN ([A-Z0-9]+ )*PRIVATE KEY-----/, 'a PEM private key'],
];
/** The lines that carry a secret, with what kind; never the secret itself. */
function findSecrets(text, token) {
    const out = [];
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
        const line = lines[i];
        if (token && token.length >= 8 && line.includes(token))
            out.push({ line: i + 1, what: "this run's github-token" });
        else {
            const hit = SHAPES.find(([re]) => re.test(line));
            if (hit)
                out.push({ line: i + 1, what: hit[1] });
        }
    }
    return out;
}

;// CONCATENATED MODULE: ./src/core/findings.ts
// Inline findings — pure. A persona may write line findings beside its body; they
// never change the verdict. Validated here (schema/findings.schema.json says the same
// for structured-output modes), placed against the PR's diff hunks, and whatever
// cannot be placed goes into the body, above the verdict line.
const SEVERITIES = ['blocker', 'major', 'minor', 'nit'];
/** The file's size limit, and the largest comment GitHub takes. */
const MAX_FINDINGS_BYTES = 1024 * 1024;
const MAX_FINDING_BODY = 65536;
const KEYS = new Set(['path', 'line', 'side', 'start_line', 'body', 'severity']);
const isLine = (v) => Number.isInteger(v) && v >= 1;
/** Every problem is named by item and field; the first one is reported. */
function validateFindings(json) {
    if (!Array.isArray(json))
        return { ok: false, message: 'the findings file must hold a JSON array of findings' };
    const findings = [];
    for (const [i, raw] of json.entries()) {
        const where = `finding ${i + 1}`;
        if (!raw || typeof raw !== 'object' || Array.isArray(raw))
            return { ok: false, message: `${where} is not an object` };
        const item = raw;
        const unknown = Object.keys(item).find((k) => !KEYS.has(k));
        if (unknown)
            return { ok: false, message: `${where}: unknown field "${unknown.slice(0, 40)}"` };
        const problem = fieldProblem(item);
        if (problem)
            return { ok: false, message: `${where}: ${problem}` };
        findings.push({
            path: item['path'],
            line: item['line'],
            side: item['side'] ?? 'RIGHT',
            ...(item['start_line'] !== undefined ? { startLine: item['start_line'] } : {}),
            body: item['body'],
            ...(item['severity'] !== undefined ? { severity: item['severity'] } : {}),
        });
    }
    return { ok: true, findings };
}
function fieldProblem(item) {
    const path = item['path'];
    if (typeof path !== 'string' || !path)
        return 'path must be a non-empty string';
    if (path.startsWith('/') || path.split('/').some((seg) => seg === '..' || seg === '')) {
        return `path "${path.slice(0, 80)}" must be relative to the repository, without "..", a leading "/" or empty parts`;
    }
    if (!isLine(item['line']))
        return 'line must be a whole number from 1';
    if (item['side'] !== undefined && item['side'] !== 'RIGHT' && item['side'] !== 'LEFT') {
        return 'side must be RIGHT or LEFT';
    }
    const start = item['start_line'];
    if (start !== undefined && (!isLine(start) || start >= item['line'])) {
        return 'start_line must be a whole number from 1, below line';
    }
    const body = item['body'];
    if (typeof body !== 'string' || !body.trim())
        return 'body must be a non-empty string';
    if (body.length > MAX_FINDING_BODY)
        return `body is longer than ${MAX_FINDING_BODY} characters`;
    if (item['severity'] !== undefined && !SEVERITIES.includes(item['severity'])) {
        return `severity must be one of ${SEVERITIES.join(', ')}`;
    }
    return null;
}
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
        const text = label(f).replace(/\r?\n/g, ' ');
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








/** The longest marker a post can add: every field at its longest. */
const worstCase = (verdict, text, version) => composeBody({
    version: version || undefined,
    persona: 'p'.repeat(39),
    head: 'f'.repeat(40),
    tree: 'f'.repeat(40),
    patch: 'f'.repeat(64),
    verdict,
    event: 'COMMENT',
    run: 'r'.repeat(80),
}, text).length;
function checkBody(cfg, token = null) {
    const loaded = loadBody(cfg.bodyPath, cfg.body);
    if (!loaded.ok)
        throw new Abort(loaded.reason, loaded.message);
    const parsed = parseVerdict(loaded.text);
    if (!parsed.ok) {
        const d = diagnose(parsed);
        const where = d.lastLine ? ` (line ${d.lastLine.line}: "${d.lastLine.text}")` : '';
        const s = d.intent.suggestion;
        const hint = s ? `; did you mean \`${s.line}\` (line ${s.fromLine})?` : '';
        throw new Abort(parsed.reason, `${d.summary}${where}${hint}`, '', d);
    }
    if (cfg.expectedEvent && cfg.expectedEvent !== parsed.event) {
        throw new Abort('mismatch', `the body's verdict line (line ${parsed.line}) says ${parsed.verdict}, which maps to event ${parsed.event}, ` +
            `but expected-event is ${cfg.expectedEvent}: the two sources disagree, so nothing is posted; ` +
            "fix the persona's body or the step that computed expected-event");
    }
    const secrets = findSecrets(parsed.text, token);
    if (secrets.length) {
        const where = secrets.map((s) => `line ${s.line} (${s.what})`).join(', ');
        throw new Abort('secret-in-body', `the body contains what looks like a secret: ${where}; it would be published with the review, so nothing is sent`, 'find out how the persona saw the secret (a diff, a log, its environment) and revoke it if it is real; then ' +
            're-run');
    }
    const size = worstCase(parsed.verdict, parsed.text, cfg.personaVersion ?? '');
    if (size > MAX_BODY_CHARS) {
        throw new Abort('body-too-large', `the review would be up to ${size} characters with its marker; GitHub accepts at most ${MAX_BODY_CHARS}: ` +
            `shorten the persona's review by ${size - MAX_BODY_CHARS} (truncating would cut the verdict line)`);
    }
    return { verdict: parsed.verdict, event: parsed.event, text: parsed.text, line: parsed.line };
}
/** The persona's findings file: whole, valid UTF-8 JSON of the schema, no secrets; else bad-findings. */
function loadFindings(path, token = null) {
    const fail = (why) => {
        throw new Abort('bad-findings', `findings-path ${path}: ${why}`, FINDINGS_ADVICE);
    };
    let bytes;
    try {
        if ((0,external_node_fs_namespaceObject.statSync)(path).size > MAX_FINDINGS_BYTES)
            fail(`larger than ${MAX_FINDINGS_BYTES} bytes`);
        bytes = (0,external_node_fs_namespaceObject.readFileSync)(path);
    }
    catch (e) {
        if (e instanceof Abort)
            throw e;
        const code = e.code;
        return fail(code === 'ENOENT'
            ? 'does not exist: the persona was asked for findings and wrote none (a broken run)'
            : `cannot be read (${code ?? String(e)})`);
    }
    let json;
    try {
        json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    }
    catch (e) {
        return fail(e instanceof SyntaxError ? `not JSON (${e.message})` : 'not valid UTF-8');
    }
    const v = validateFindings(json);
    if (!v.ok)
        return fail(v.message);
    const leaked = v.findings.findIndex((f) => findSecrets(`${f.path}\n${f.body}`, token).length > 0);
    if (leaked >= 0) {
        throw new Abort('secret-in-body', `finding ${leaked + 1} contains what looks like a secret; it would be published with the review, so nothing ` +
            `is sent`, 'find out how the persona saw the secret and revoke it if it is real; then re-run');
    }
    return v.findings;
}
const FINDINGS_ADVICE = 'make the persona write findings that match schema/findings.schema.json (an array of { path, line, body })';

;// CONCATENATED MODULE: external "node:path"
const external_node_path_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");
;// CONCATENATED MODULE: ./src/corpus.ts
// The regression corpus (`persona-verdict corpus <manifest>`): every case's decision under
// the strict grammar, and for refused real-shaped bodies whether the "did you mean"
// suggestion names the expected line — or, when the intent is not clear, nothing. The
// figures are measured per set: the bodies the heuristics were written from, and held-out
// bodies they were never tuned on. Reads files; the tally itself is pure.





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
function corpus_decide(file, ev) {
    try {
        return {
            decision: { post: checkBody({ bodyPath: file, body: null, expectedEvent: ev }).event },
            suggestion: null,
            from: 0,
        };
    }
    catch (e) {
        if (!(e instanceof Abort))
            throw e;
        const s = e.diagnosis?.intent.suggestion ?? null;
        return { decision: { abort: e.reason }, suggestion: s?.line ?? null, from: s?.fromLine ?? 0 };
    }
}
/** Replace the suggested line, drop what follows: does the body then pass with that verdict? */
function appliedPasses(file, line, from) {
    const lines = (0,external_node_fs_namespaceObject.readFileSync)(file, 'utf8').replace(/\r\n?/g, '\n').split('\n');
    const again = parseVerdict([...lines.slice(0, from - 1), line].join('\n'));
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
    if (ev !== null && !EVENTS.includes(ev))
        throw new Error(`case ${c.name}: expected-event ${ev} is not an API event`);
    const file = (0,external_node_path_namespaceObject.resolve)(base, c.body);
    const { decision, suggestion, from } = corpus_decide(file, ev);
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
        cells: [ok ? 'ok' : 'DISAGREE', c.name, ev ?? '-', show(c.expect), show(decision) + note],
        ok,
        set,
        outcome,
    };
}
function table(rows, out) {
    const head = ['result', 'case', 'expected-event', 'expected', 'actual'];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (r) => r
        .map((c, i) => c.padEnd(widths[i]))
        .join('  ')
        .trimEnd();
    out(line(head));
    out(line(widths.map((w) => '-'.repeat(w))));
    rows.forEach((r) => out(line(r)));
}
/** Runs the manifest; 0 when every case agrees and every held-out set reaches its coverage goal. */
function runCorpus(manifestPath, out) {
    const manifest = JSON.parse((0,external_node_fs_namespaceObject.readFileSync)(manifestPath, 'utf8'));
    const goal = manifest['coverage-goal'] ?? 1;
    const rows = manifest.cases.map((c) => runCase(c, (0,external_node_path_namespaceObject.dirname)(manifestPath)));
    table(rows.map((r) => r.cells), out);
    const agree = rows.filter((r) => r.ok).length;
    const posts = rows.filter((r) => r.cells[4].startsWith('post')).length;
    const n = rows.length;
    out(`\n${n} cases: ${agree} agree, ${n - agree} disagree (${posts} post, ${n - posts} abort)`);
    const measured = rows.flatMap((r) => (r.set && r.outcome ? [{ set: r.set, outcome: r.outcome }] : []));
    const figures = tally(measured);
    if (figures.length) {
        out('suggestion on refused real-shaped bodies (clear: the body states one verdict):');
        figures.forEach((f) => out(renderFigures(f)));
    }
    const short = figures.filter((f) => f.set !== 'tuned on' && f.clear && f.named / f.clear < goal);
    short.forEach((f) => out(`coverage goal ${Math.round(goal * 100)} % not reached on ${f.set}`));
    return agree === rows.length && !short.length ? 0 : 1;
}

;// CONCATENATED MODULE: ./src/cli.ts
// The offline CLI: `persona-verdict check <file...>` and `persona-verdict corpus <manifest>`.
// No token, no network.




/** One body as a JSON record (check --format json): what a tool or a prompt author's script reads. */
function jsonRecord(file) {
    try {
        const v = checkBody({ bodyPath: file, body: null, expectedEvent: null });
        return {
            file,
            ok: true,
            reason: null,
            verdict: v.verdict,
            event: v.event,
            line: v.line,
            suggestion: null,
            differences: [],
        };
    }
    catch (e) {
        if (!(e instanceof Abort))
            throw e;
        const d = e.diagnosis;
        const s = d?.intent.suggestion ?? null;
        const at = s?.fromLine ?? d?.lastLine?.line ?? null;
        const differences = [
            ...(d?.nearMisses.find((n) => n.line === at)?.differs ?? (d ? [] : [e.message])),
            ...(d?.intent.after ?? []),
            ...(d?.intent.notes ?? []),
            ...(d?.intent.ambiguity ? [`no suggestion: ${d.intent.ambiguity}`] : []),
        ];
        const suggestion = s ? { line: s.line, from_line: s.fromLine } : null;
        return { file, ok: false, reason: e.reason, verdict: null, event: null, line: at, suggestion, differences };
    }
}
function decideFile(bodyPath, expectedEvent) {
    try {
        const v = checkBody({ bodyPath, body: null, expectedEvent });
        return { decision: { post: v.event }, detail: `verdict ${v.verdict} → event ${v.event}` };
    }
    catch (e) {
        if (!(e instanceof Abort))
            throw e;
        return {
            decision: { abort: e.reason },
            detail: e.diagnosis ? renderDiagnosis(e.diagnosis, bodyPath) : `${e.reason}: ${e.message}`,
        };
    }
}
function check(files, out) {
    let bad = 0;
    for (const f of files) {
        const { decision, detail } = decideFile(f, null);
        if ('post' in decision)
            out(`${f}: ok — ${detail}`);
        else {
            bad++;
            out(`${f}: ${detail}`);
        }
    }
    return bad ? 1 : 0;
}
/** Validates a findings file against the schema offline; 1 when it does not match. */
function checkFindings(path, out) {
    try {
        out(`${path}: ok — ${loadFindings(path).length} finding(s) match the schema`);
        return 0;
    }
    catch (e) {
        if (!(e instanceof Abort))
            throw e;
        out(`${path}: ${e.reason}: ${e.message}`);
        return 1;
    }
}
const USAGE = `usage:
  persona-verdict check [--format json] [--findings <findings.json>] <body-file...>
                                         validate review bodies (and a findings file) offline;
                                         exit 1 if any has no valid verdict or the findings break the schema
  persona-verdict corpus <manifest.json> run a regression corpus; exit 1 on any disagreement`;
function main(argv, out, err) {
    const [cmd, ...args] = argv;
    if (cmd === 'check' && args[0] === '--format' && args[1] === 'json' && args.length > 2) {
        const records = args.slice(2).map(jsonRecord);
        for (const r of records)
            out(JSON.stringify(r));
        return records.every((r) => r['ok']) ? 0 : 1;
    }
    if (cmd === 'check' && args[0] === '--findings' && args.length >= 2) {
        const bad = checkFindings(args[1], out);
        return args.length > 2 ? Math.max(bad, check(args.slice(2), out)) : bad;
    }
    if (cmd === 'check' && args.length)
        return check(args, out);
    if (cmd === 'corpus' && args.length === 1) {
        try {
            return runCorpus(args[0], out);
        }
        catch (e) {
            err(`corpus: ${e.message}`);
            return 2;
        }
    }
    err(USAGE);
    return 2;
}
process.exitCode = main(process.argv.slice(2), (s) => process.stdout.write(s + '\n'), (s) => process.stderr.write(s + '\n'));

var __webpack_exports__decideFile = __webpack_exports__.jY;
var __webpack_exports__jsonRecord = __webpack_exports__.eJ;
var __webpack_exports__main = __webpack_exports__.iW;
export { __webpack_exports__decideFile as decideFile, __webpack_exports__jsonRecord as jsonRecord, __webpack_exports__main as main };
