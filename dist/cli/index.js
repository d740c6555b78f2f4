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
  iW: () => (/* binding */ main),
  qR: () => (/* binding */ runCorpus)
});

;// CONCATENATED MODULE: external "node:fs"
const external_node_fs_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");
;// CONCATENATED MODULE: external "node:path"
const external_node_path_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");
;// CONCATENATED MODULE: ./src/core/grammar.ts
// The verdict grammar of SPEC §2 — pure: bytes or text in, a decision out.
// The decision here never depends on diagnostics.ts; that module only explains.
const VERDICTS = ['APPROVE', 'CHANGES_REQUESTED', 'COMMENT'];
const EVENTS = ['APPROVE', 'REQUEST_CHANGES', 'COMMENT'];
/** SPEC §2 table: verdict token → Reviews API event → resulting review state. */
const grammar_EVENT_OF = {
    APPROVE: 'APPROVE',
    CHANGES_REQUESTED: 'REQUEST_CHANGES',
    COMMENT: 'COMMENT',
};
const STATE_OF = {
    APPROVE: 'APPROVED',
    CHANGES_REQUESTED: 'CHANGES_REQUESTED',
    COMMENT: 'COMMENTED',
};
const VERDICT_OF_STATE = {
    APPROVED: 'APPROVE',
    CHANGES_REQUESTED: 'CHANGES_REQUESTED',
    COMMENTED: 'COMMENT',
};
/**
 * ADR-151's expression. `\s` there is read as ASCII whitespace (as in PCRE and Go
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
        return { ok: false, message: `the body is not valid UTF-8 (first bad byte at offset ${at}); write the file as UTF-8 text` };
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
const CONFUSABLE = Object.fromEntries([...'АВЕКМНОРСТХаеорсухІіЈјԁԛԜԝΑΒΕΖΗΙΚΜΝΟΡΤΥΧνορτ'].map((c, i) => [c, 'ABEKMHOPCTXaeopcyxIiJjdqWwABEZHIKMNOPTYXvopt'[i]]));
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

;// CONCATENATED MODULE: ./src/core/diagnostics.ts
// SPEC §6: explain a grammar failure. Pure; never consulted by the decision.

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
            out += cp > 0xffff ? `\\u{${cp.toString(16).toUpperCase()}}` : `\\u${cp.toString(16).toUpperCase().padStart(4, '0')}`;
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
        return isLast ? [] : ['a well-formed verdict line, but not the last non-blank line: only the last non-blank line decides'];
    }
    const out = [];
    const line = full.length > MAX_ANALYSED ? full.slice(0, MAX_ANALYSED) : full;
    if (line !== full)
        out.push(`the line is ${full.length} characters long: a verdict line is "## VERDICT: " and one token`);
    const odd = [...line].filter((c) => {
        const cp = c.codePointAt(0);
        return cp > 0x7e || (cp < 0x20 && cp !== 0x09);
    });
    if (odd.length) {
        const names = [...new Set(odd)].slice(0, 6).map((c) => `U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
        out.push(`non-ASCII or invisible character(s) ${names.join(', ')}: the verdict line must be plain ASCII (look-alikes do not count)`);
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
    const trailing = after.slice(tok[0].length);
    const valid = VERDICTS.includes(token);
    if (!valid) {
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
    if (!out.length)
        out.push('does not match ^##\\s+VERDICT:\\s+(APPROVE|CHANGES_REQUESTED|COMMENT)\\s*$');
    return out;
}
const SUMMARY = {
    'empty-body': 'the review body is empty (only whitespace): the persona produced no review; re-run it',
    'missing-verdict': 'the last non-blank line is not a verdict line and the body has no verdict: end the body with "## VERDICT: APPROVE", "## VERDICT: CHANGES_REQUESTED" or "## VERDICT: COMMENT" on its own line',
    'verdict-not-last': 'a verdict line appears, but text follows it: the verdict must be the last non-blank line of the body (move it to the end or drop what follows)',
    'malformed-verdict': 'the last non-blank line looks like a verdict but does not match the grammar ^##\\s+VERDICT:\\s+(APPROVE|CHANGES_REQUESTED|COMMENT)\\s*$ exactly',
};
function diagnose(parsed) {
    const { lines } = parsed;
    const lastIdx = parsed.line ? parsed.line - 1 : -1;
    const nearMisses = [];
    for (let i = 0; i < lines.length && nearMisses.length < MAX_NEAR; i++) {
        const l = lines[i];
        if (isBlank(l))
            continue;
        if (!mentionsVerdict(l) && !(i === lastIdx && /^\s*#/.test(l)))
            continue;
        nearMisses.push({ line: i + 1, text: visible(l), differs: differences(l, i === lastIdx) });
    }
    return {
        reason: parsed.reason,
        summary: SUMMARY[parsed.reason],
        lastLine: parsed.line ? { line: parsed.line, text: visible(parsed.lineText ?? '') } : undefined,
        nearMisses,
    };
}
/** Multi-line plain-text rendering for logs, CLI and error messages. */
function renderDiagnosis(d, file) {
    const where = file ? `${file}:` : 'line ';
    const out = [`${d.reason}: ${d.summary}`];
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

;// CONCATENATED MODULE: ./src/body.ts
// Reading the persona's body: every way it can be missing, too large or unreadable.


/** GitHub's limit on a review body, in characters, marker included (SPEC §8). */
const body_MAX_BODY_CHARS = 65536;
/** No UTF-8 text of MAX_BODY_CHARS characters needs more bytes than this. */
const MAX_BODY_BYTES = body_MAX_BODY_CHARS * 4;
function loadBody(bodyPath, body) {
    if (bodyPath === null) {
        if (body === null)
            return { ok: false, reason: 'unreadable-body', message: 'no body given' };
        if (body.length > body_MAX_BODY_CHARS)
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
            return { ok: false, reason: 'unreadable-body', message: `body-path ${bodyPath} is a directory: point it at the review body file` };
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
        return { ok: false, reason: 'unreadable-body', message: `body-path ${bodyPath} cannot be read (${e.message})` };
    }
    finally {
        (0,external_node_fs_namespaceObject.closeSync)(fd);
    }
}
function tooLarge(what) {
    return {
        ok: false,
        reason: 'body-too-large',
        message: `${what}; GitHub accepts at most ${body_MAX_BODY_CHARS} characters per review (marker included), and truncating would cut the verdict line: shorten the persona's review`,
    };
}

;// CONCATENATED MODULE: ./src/core/marker.ts
// SPEC §5: the hidden marker that makes a review part of a persona's history. Pure.

const MARKER_NAME = 'persona-verdict';
const MARKER_VERSION = 1;
/** Persona names: what fits safely in a marker and a summary. */
const PERSONA_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,38}$/;
const RUN_PATTERN = /^[A-Za-z0-9._-]{1,80}$/;
const SHA = /^[0-9a-f]{40}$/;
const PATCH = /^[0-9a-f]{64}$/;
const LINE = new RegExp(`^<!-- ${MARKER_NAME} v(\\d+) persona=(\\S+) head=([0-9a-f]{40}) tree=([0-9a-f]{40}|unknown) patch=([0-9a-f]{64}|unknown) verdict=(${VERDICTS.join('|')}) run=(\\S+) -->$`);
function encodeMarker(m) {
    if (!PERSONA_PATTERN.test(m.persona))
        throw new Error(`persona ${JSON.stringify(m.persona)} cannot be written in a marker`);
    if (!SHA.test(m.head) || (m.tree !== null && !SHA.test(m.tree)))
        throw new Error('marker SHAs must be 40 lower-case hex digits');
    if (m.patch != null && !PATCH.test(m.patch))
        throw new Error('a marker patch id is 64 lower-case hex digits');
    if (!RUN_PATTERN.test(m.run))
        throw new Error(`run id ${JSON.stringify(m.run)} cannot be written in a marker`);
    return `<!-- ${MARKER_NAME} v${MARKER_VERSION} persona=${m.persona} head=${m.head} tree=${m.tree ?? 'unknown'} patch=${m.patch ?? 'unknown'} verdict=${m.verdict} run=${m.run} -->`;
}
/** Reads the marker from the first line of a review body, and only from there. */
function marker_decodeMarker(body) {
    if (!body)
        return null;
    const nl = body.search(/\r?\n/);
    const first = nl < 0 ? body : body.slice(0, nl);
    const m = LINE.exec(first);
    if (!m || Number(m[1]) !== MARKER_VERSION || !PERSONA_PATTERN.test(m[2]) || !RUN_PATTERN.test(m[7]))
        return null;
    return {
        persona: m[2],
        head: m[3],
        tree: m[4] === 'unknown' ? null : m[4],
        patch: m[5] === 'unknown' ? null : m[5],
        verdict: m[6],
        run: m[7],
    };
}
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
function marker_composeBody(marker, personaBody) {
    return `${encodeMarker(marker)}\n${neutralise(personaBody).body}`;
}

;// CONCATENATED MODULE: ./src/core/decide.ts
// The decision of SPEC §3–§5 — pure: facts in, plan out. The shell fetches the
// facts, executes the plan and reports; nothing here does I/O.


const LIVE = new Set(['APPROVED', 'CHANGES_REQUESTED', 'COMMENTED']);
const decide_isLive = (r) => LIVE.has(r.state);
const sameLogin = (a, b) => a !== null && a.toLowerCase() === b.toLowerCase();
/**
 * A persona's history: reviews authored by `identity` whose first line is a marker
 * naming `persona`. Nothing else counts, whatever its body says. Oldest first.
 */
function decide_historyOf(reviews, identity, persona) {
    const out = [];
    for (const review of reviews) {
        if (!sameLogin(review.login, identity))
            continue;
        const marker = decodeMarker(review.body);
        if (marker && marker.persona === persona)
            out.push({ review, marker });
    }
    return out.sort((a, b) => a.review.id - b.review.id);
}
function decide_gate(pull, reviewedSha) {
    if (pull.state !== 'open') {
        return { stop: true, outcome: 'closed', message: `PR #${pull.number} is ${pull.merged ? 'merged' : 'closed'}: nothing to review` };
    }
    if (pull.headSha !== reviewedSha) {
        return {
            stop: true,
            outcome: 'superseded',
            message: `PR #${pull.number} head is now ${pull.headSha.slice(0, 7)}, not the reviewed ${reviewedSha.slice(0, 7)}: a newer run reviews the new head`,
        };
    }
    return { stop: false };
}
const DISMISSABLE = {
    all: new Set(['APPROVED', 'CHANGES_REQUESTED']),
    'changes-requested': new Set(['CHANGES_REQUESTED']),
    none: new Set(),
};
/** GitHub dismisses only these (COMMENTED and PENDING are refused). */
const CAN_DISMISS = DISMISSABLE.all;
/**
 * Step 9, on facts read after the write (or, without a write, on the facts just
 * read): which of this persona's reviews stand, which go.
 * - The anchor is the first live review recorded against the PR's current head;
 *   when there is none yet, it is `self` (the review this run posted or kept): the
 *   gate is never left without the persona's latest opinion.
 * - Other live reviews recorded against the anchor's head are duplicates (two runs
 *   raced): dismissed whatever dismiss-stale says, where GitHub allows it.
 * - Reviews recorded against any other head are stale: dismissed per dismiss-stale.
 *   That includes `self` when a review for a newer head has already landed.
 */
function decide_settle(history, prHead, self, policy) {
    const live = history.filter((h) => decide_isLive(h.review));
    const anchor = live.find((h) => h.marker.head === prHead) ?? self;
    const dismiss = [];
    const seen = new Set([anchor.review.id]);
    const candidates = live.some((h) => h.review.id === self.review.id) || !decide_isLive(self.review) ? live : [...live, self];
    for (const entry of candidates) {
        if (seen.has(entry.review.id))
            continue;
        seen.add(entry.review.id);
        if (entry.marker.head === anchor.marker.head) {
            if (CAN_DISMISS.has(entry.review.state))
                dismiss.push({ entry, why: 'duplicate' });
        }
        else if (entry.marker.head !== prHead && DISMISSABLE[policy].has(entry.review.state)) {
            dismiss.push({ entry, why: 'stale' });
        }
    }
    return { anchor, dismiss };
}
/** Steps 5–7: post, or keep the review that already stands. */
function decide_decide(f) {
    const history = decide_historyOf(f.reviews, f.identity, f.persona);
    const live = history.filter((h) => decide_isLive(h.review));
    const keep = (outcome, current, by) => ({
        action: 'keep',
        outcome,
        current,
        verdict: current.marker.verdict,
        event: EVENT_OF[current.marker.verdict],
        history,
        by,
    });
    const forHead = live.find((h) => h.marker.head === f.head); // the first that landed stands
    if (forHead)
        return keep('duplicate', forHead);
    const latest = live[live.length - 1];
    if (f.skipUnchanged && latest) {
        if (latest.marker.tree != null && f.headTree != null && latest.marker.tree === f.headTree)
            return keep('unchanged', latest, 'tree');
        if (latest.marker.patch != null && f.headPatch != null && latest.marker.patch === f.headPatch)
            return keep('unchanged', latest, 'patch');
    }
    if (f.verdict === null)
        return { action: 'review', history };
    return { action: 'post', verdict: f.verdict, event: EVENT_OF[f.verdict], history };
}
/** After an ambiguous create failure: did this run's review land after all? */
function decide_findLanded(reviews, identity, persona, head, run) {
    const mine = decide_historyOf(reviews, identity, persona).filter((h) => h.marker.head === head && decide_isLive(h.review));
    return mine.find((h) => h.marker.run === run) ?? null;
}

;// CONCATENATED MODULE: external "node:crypto"
const external_node_crypto_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");
;// CONCATENATED MODULE: ./src/core/patch.ts
// A patch identity for `unchanged-when: patch` — pure. Two heads whose PR patches
// (against their merge bases) are the same text, ignoring hunk line numbers, share
// an id: a rebase or a base-branch merge that changes nothing in the PR.

/** GitHub's compare lists at most this many files; a list that long may be cut. */
const patch_COMPARE_FILE_CAP = 300;
/** null when the patch cannot be read whole: the file cap, or a file without a textual patch. */
function patch_patchId(files) {
    if (files === null || files.length >= patch_COMPARE_FILE_CAP)
        return null;
    const h = createHash('sha256');
    for (const f of [...files].sort((a, b) => (a.filename < b.filename ? -1 : a.filename > b.filename ? 1 : 0))) {
        if (typeof f.patch !== 'string')
            return null; // binary or too large: not comparable
        const body = f.patch
            .split('\n')
            .map((l) => (l.startsWith('@@') ? l.replace(/^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@/, '@@') : l))
            .join('\n');
        h.update(`${f.status}\0${f.previous_filename ?? ''}\0${f.filename}\0${body.length}\0${body}\0`);
    }
    return h.digest('hex');
}

;// CONCATENATED MODULE: ./src/github/port.ts
/** A failed API call, already translated into words an operator can act on. */
class port_ApiError extends Error {
    operation;
    status;
    advice;
    kind;
    constructor(operation, 
    /** null: no HTTP answer (see kind). */
    status, message, advice = '', 
    /** http: GitHub answered; timeout: no answer in time; network: connection failed or reset; deadline: not sent, the run's time was up. */
    kind = 'http') {
        super(message);
        this.operation = operation;
        this.status = status;
        this.advice = advice;
        this.kind = kind;
    }
    /** The request may have taken effect: 5xx, timeout, connection reset. */
    get ambiguous() {
        return this.kind === 'timeout' || this.kind === 'network' || (this.status !== null && this.status >= 500);
    }
}

;// CONCATENATED MODULE: ./src/core/board.ts
// Mode board (SPEC §7): the panel's state for the current head. Pure.



const board_BOARD_MARKER = '<!-- persona-verdict-board v1 -->';
/**
 * For each declared persona, only reviews by its declared login whose marker names
 * it count (a marker on any other account is ignored). A live review recorded
 * against the head is current; else the latest live review whose recorded tree is
 * the head's tree is carried forward; else the persona has no verdict for this head.
 */
function board_buildBoard(personas, reviews, head, headTree) {
    const rows = personas.map(({ persona, login }) => {
        const live = historyOf(reviews, login, persona).filter((h) => isLive(h.review));
        const row = (standing, h) => ({
            persona,
            login,
            standing,
            verdict: h && (standing === 'current' || standing === 'carried-forward') ? h.marker.verdict : null,
            state: h?.review.state ?? null,
            reviewedHead: h?.marker.head ?? null,
            review: h?.review ?? null,
        });
        const current = live.find((h) => h.marker.head === head);
        if (current)
            return row('current', current);
        const latest = live[live.length - 1];
        if (latest && headTree !== null && latest.marker.tree === headTree)
            return row('carried-forward', latest);
        return latest ? row('stale', latest) : row('missing', undefined);
    });
    const verdicts = rows.map((r) => r.verdict);
    const panelVerdict = verdicts.includes('CHANGES_REQUESTED')
        ? 'CHANGES_REQUESTED'
        : verdicts.length > 0 && verdicts.every((v) => v === 'APPROVE')
            ? 'APPROVE'
            : 'COMMENT';
    return { head, rows, panelVerdict, missing: rows.filter((r) => r.verdict === null).map((r) => r.persona) };
}
const ICON = { APPROVE: '✅', CHANGES_REQUESTED: '❌', COMMENT: '💬' };
function board_renderBoard(b, version) {
    const short = (s) => s.slice(0, 7);
    const out = [
        board_BOARD_MARKER,
        `### Persona panel: ${ICON[b.panelVerdict]} ${b.panelVerdict}`,
        '',
        `For head \`${short(b.head)}\`${b.missing.length ? ` — waiting for: ${b.missing.map(cell).join(', ')}` : ''}`,
        '',
        '| persona | verdict | review state | reviewed head | review |',
        '|---|---|---|---|---|',
    ];
    for (const r of b.rows) {
        const verdict = r.verdict ? `${ICON[r.verdict]} ${r.verdict} (${EVENT_OF[r.verdict]})` : '—';
        const head = r.standing === 'current'
            ? `current (\`${short(r.reviewedHead)}\`)`
            : r.standing === 'carried-forward'
                ? `carried forward from \`${short(r.reviewedHead)}\` (same tree)`
                : r.standing === 'stale'
                    ? `stale: \`${short(r.reviewedHead)}\` (head changed since)`
                    : 'missing';
        const link = r.review ? `[${r.review.id}](${r.review.htmlUrl})` : '—';
        out.push(`| ${cell(r.persona)} (@${cell(r.login)}) | ${verdict} | ${r.state ?? '—'} | ${head} | ${link} |`);
    }
    out.push('', `<sub>persona-verdict v${version} · the panel verdict is CHANGES_REQUESTED if any persona requests changes, APPROVE if all approve, else COMMENT</sub>`);
    return out.join('\n');
}

;// CONCATENATED MODULE: ./src/result.ts
class result_Abort extends Error {
    reason;
    advice;
    diagnosis;
    constructor(reason, message, advice = '', diagnosis) {
        super(message);
        this.reason = reason;
        this.advice = advice;
        this.diagnosis = diagnosis;
    }
}
const result_newResult = () => ({ outcome: 'aborted', dismissed: [], notices: [], warnings: [] });

;// CONCATENATED MODULE: ./src/board-mode.ts
// Mode board (SPEC §7): the panel's status for the current head, kept in one sticky
// PR comment and the job summary.




/** Mode board: the panel's status for the current head, in one sticky comment. */
async function board_mode_runBoard(cfg, ctx, port, r) {
    if (!cfg.personas.length) {
        throw new Abort('bad-input', 'mode board needs input personas: one persona=login pair per line, for example "priya=octo-priya"');
    }
    const pullNumber = cfg.pullNumber ?? ctx.eventPull?.number ?? null;
    if (pullNumber === null)
        throw new Abort('bad-input', 'no pull request: this event carries none; set pull-number');
    r.pullNumber = pullNumber;
    const pull = await port.getPull(pullNumber);
    r.headSha = pull.headSha;
    if (pull.state !== 'open') {
        r.outcome = 'closed';
        r.notices.push(`PR #${pullNumber} is ${pull.merged ? 'merged' : 'closed'}: the board is left as it was`);
        return r;
    }
    const [reviews, headTree, comments, identity] = await Promise.all([
        port.listReviews(pullNumber),
        port.getTree(pull.headSha),
        port.listComments(pullNumber),
        cfg.reviewerLogin ? Promise.resolve(cfg.reviewerLogin) : port.getUserLogin().then((l) => l ?? port.getViewerLogin()),
    ]);
    const board = buildBoard(cfg.personas, reviews, pull.headSha, headTree);
    const text = renderBoard(board, VERSION);
    Object.assign(r, { outcome: 'reported', board, verdict: board.panelVerdict, event: EVENT_OF[board.panelVerdict] });
    // The sticky comment: ours is the oldest comment that starts with the board marker
    // and is authored by this token's account (any [bot] account when that is unknown).
    const ours = (login) => (c) => c.body.startsWith(BOARD_MARKER) && c.login !== null && (login ? c.login.toLowerCase() === login.toLowerCase() : c.login.endsWith('[bot]'));
    const existing = comments.filter(ours(identity)).sort((a, b) => a.id - b.id);
    let kept;
    if (existing.length) {
        kept = existing[0].id;
        if (existing[0].body !== text)
            await port.updateComment(kept, text);
        for (const extra of existing.slice(1))
            await port.deleteComment(extra.id);
    }
    else {
        const created = await port.createComment(pullNumber, text);
        // two board runs may have raced: the oldest comment stands, newer copies go
        const now = (await port.listComments(pullNumber)).filter(ours(created.login ?? identity)).sort((a, b) => a.id - b.id);
        kept = now[0]?.id ?? created.id;
        if (kept !== created.id) {
            await port.deleteComment(created.id);
            await port.updateComment(kept, text);
        }
    }
    r.boardCommentId = kept;
    if (cfg.requireAllPersonas && board.missing.length) {
        r.failure = `missing verdicts: ${board.missing.join(', ')} ha${board.missing.length === 1 ? 's' : 've'} no verdict for ${pull.headSha.slice(0, 7)} (require-all-personas is on)`;
    }
    return r;
}

;// CONCATENATED MODULE: ./src/flow.ts
// The imperative shell's flow (SPEC §4): fetch facts, ask the pure core for a plan,
// execute it, and return what happened. No @actions/core here: main.ts reports.









/** Step 1: body → verdict, before any network request. */
function checkBody(cfg) {
    const loaded = loadBody(cfg.bodyPath, cfg.body);
    if (!loaded.ok)
        throw new result_Abort(loaded.reason, loaded.message);
    const parsed = parseVerdict(loaded.text);
    if (!parsed.ok) {
        const d = diagnose(parsed);
        const where = d.lastLine ? ` (line ${d.lastLine.line}: "${d.lastLine.text}")` : '';
        throw new result_Abort(parsed.reason, `${d.summary}${where}`, '', d);
    }
    if (cfg.expectedEvent && cfg.expectedEvent !== parsed.event) {
        throw new result_Abort('mismatch', `the body's verdict line (line ${parsed.line}) says ${parsed.verdict}, which maps to event ${parsed.event}, but expected-event is ${cfg.expectedEvent}: the two sources disagree, so nothing is posted (ADR-151 §4); fix the persona's body or the step that computed expected-event`);
    }
    return { verdict: parsed.verdict, event: parsed.event, text: parsed.text };
}
function resolveTarget(cfg, ctx) {
    const pullNumber = cfg.pullNumber ?? ctx.eventPull?.number ?? null;
    if (pullNumber === null) {
        throw new Abort('bad-input', 'no pull request: this event carries none; set pull-number (and reviewed-sha) explicitly, for example from workflow_run');
    }
    let reviewedSha = cfg.reviewedSha;
    if (!reviewedSha && ctx.eventPull && ctx.eventPull.number === pullNumber)
        reviewedSha = ctx.eventPull.headSha.toLowerCase();
    if (!reviewedSha) {
        throw new Abort('bad-input', `no reviewed commit for PR #${pullNumber}: set reviewed-sha to the head SHA the persona reviewed (GITHUB_SHA is a merge commit and is never used)`);
    }
    return { pullNumber, reviewedSha };
}
async function identify(cfg, port) {
    if (cfg.reviewerLogin)
        return cfg.reviewerLogin;
    const login = (await port.getUserLogin()) ?? (await port.getViewerLogin());
    if (!login) {
        throw new Abort('permission-denied', "could not establish which account this token posts as: GET /user and GraphQL viewer were both refused (as they are for GITHUB_TOKEN and GitHub App tokens); set input reviewer-login to the token's login, for example github-actions[bot]");
    }
    return login;
}
async function runFlow(cfg, ctx, port) {
    const r = newResult();
    r.persona = cfg.persona || undefined;
    try {
        if (cfg.mode === 'check') {
            const v = checkBody(cfg);
            Object.assign(r, { outcome: 'checked', verdict: v.verdict, event: v.event });
            return r;
        }
        if (!port)
            throw new Error('a GitHub client is needed for mode ' + cfg.mode);
        if (cfg.mode === 'board')
            return await runBoard(cfg, ctx, port, r);
        return await postOrPreflight(cfg, ctx, port, r);
    }
    catch (e) {
        if (e instanceof Abort) {
            Object.assign(r, { outcome: 'aborted', reason: e.reason, failure: `${e.reason}: ${e.message}`, advice: forkAdvice(e.reason, e.advice, ctx), diagnosis: e.diagnosis });
            return r;
        }
        if (e instanceof ApiError) {
            const reason = e.status === 401 || (e.status === 403 && !/rate limit/i.test(e.message)) ? 'permission-denied' : 'api-error';
            Object.assign(r, { outcome: 'aborted', reason, failure: `${reason}: ${e.message}`, advice: forkAdvice(reason, e.advice, ctx) });
            return r;
        }
        throw e;
    }
}
/** A pull request from a fork gets a read-only token on `pull_request`: say so. */
function forkAdvice(reason, advice, ctx) {
    if (reason !== 'permission-denied' || !ctx.eventPull?.fromFork)
        return advice;
    const fork = "this pull request comes from a fork, and on pull_request GitHub gives fork PRs a read-only token and no secrets: run the personas from workflow_run as in docs/recipes/fork-safe.yml";
    return advice ? `${advice}. Also: ${fork}` : fork;
}
async function postOrPreflight(cfg, ctx, port, r) {
    const post = cfg.mode === 'post';
    const body = post ? checkBody(cfg) : null;
    const { pullNumber, reviewedSha } = resolveTarget(cfg, ctx);
    Object.assign(r, { pullNumber, headSha: reviewedSha });
    if (body) {
        // worst-case marker length: a tree SHA is longer than "unknown"
        const probe = composeBody({ persona: cfg.persona, head: reviewedSha, tree: reviewedSha, patch: '0'.repeat(64), verdict: body.verdict, run: ctx.runId }, body.text);
        if (probe.length > MAX_BODY_CHARS) {
            throw new Abort('body-too-large', `the review would be ${probe.length} characters with its marker; GitHub accepts at most ${MAX_BODY_CHARS}: shorten the persona's review (truncating would cut the verdict line)`);
        }
    }
    const pull = await port.getPull(pullNumber);
    const g = gate(pull, reviewedSha);
    if (g.stop) {
        Object.assign(r, { outcome: g.outcome, shouldReview: post ? undefined : false });
        r.notices.push(g.message);
        return r;
    }
    const wantPatch = cfg.skipUnchanged && cfg.unchangedWhen === 'patch';
    const [identity, reviews, headTree, files] = await Promise.all([
        identify(cfg, port),
        port.listReviews(pullNumber),
        port.getTree(reviewedSha),
        wantPatch ? port.compareFiles(pull.baseSha, reviewedSha) : Promise.resolve(null),
    ]);
    r.identity = identity;
    if (headTree === null)
        r.warnings.push(`the tree of ${reviewedSha.slice(0, 7)} could not be read: the no-diff skip by tree is off for this run`);
    const headPatch = wantPatch ? patchId(files) : null;
    if (wantPatch && headPatch === null) {
        r.warnings.push(`the PR's patch at ${reviewedSha.slice(0, 7)} could not be read whole (compare refused, ${COMPARE_FILE_CAP}+ files, or a binary file): the patch skip is off for this run`);
    }
    const plan = decide({
        persona: cfg.persona,
        identity,
        head: reviewedSha,
        headTree,
        headPatch,
        reviews,
        verdict: body?.verdict ?? null,
        skipUnchanged: cfg.skipUnchanged,
    });
    if (plan.action === 'review') {
        Object.assign(r, { outcome: 'needs-review', shouldReview: true });
        return r;
    }
    if (plan.action === 'keep')
        return keepExisting(cfg, port, pullNumber, reviewedSha, plan, body?.verdict ?? null, r);
    const marker = { persona: cfg.persona, head: reviewedSha, tree: headTree, patch: headPatch, verdict: plan.verdict, run: ctx.runId };
    return postNew(cfg, port, pullNumber, marker, composeBody(marker, body.text), identity, r);
}
/** Steps 6–7 ended in duplicate or unchanged: nothing is posted; tidy, report the standing verdict. */
async function keepExisting(cfg, port, pullNumber, reviewedSha, plan, bodyVerdict, r) {
    keep(r, plan.outcome, plan.current, cfg.mode === 'post' ? undefined : false);
    if (plan.outcome === 'duplicate') {
        r.notices.push(`${cfg.persona} already reviewed ${reviewedSha.slice(0, 7)} (review ${plan.current.review.id}, ${plan.verdict}): nothing posted`);
        if (bodyVerdict && bodyVerdict !== plan.verdict) {
            r.warnings.push(`this run's body says ${bodyVerdict}, but the review already on GitHub for this head says ${plan.verdict}; the live review stands (one review per persona and head)`);
        }
    }
    else {
        const same = plan.by === 'patch' ? 'the same PR patch (a rebase or base merge that changes nothing in the PR)' : 'the same tree';
        r.notices.push(`${reviewedSha.slice(0, 7)} has ${same} as ${plan.current.marker.head.slice(0, 7)}, which ${cfg.persona} reviewed (${plan.verdict}): verdict carried forward, nothing posted`);
    }
    await tidy(cfg, port, pullNumber, settle(plan.history, reviewedSha, plan.current, cfg.dismissStale), r);
    return finish(cfg, r);
}
/** Steps 8–9: post, then settle on facts read again after the write. */
async function postNew(cfg, port, pullNumber, marker, text, identity, r) {
    const reviewedSha = marker.head;
    let posted;
    try {
        posted = await create(port, pullNumber, EVENT_OF[marker.verdict], text, marker, identity, r);
    }
    catch (e) {
        // GitHub refuses a commit that left the PR (a force-push while this run worked): that is "superseded"
        if (!(e instanceof ApiError) || e.status !== 422)
            throw e;
        const now = await port.getPull(pullNumber).catch(() => null);
        if (!now || now.headSha === reviewedSha)
            throw e;
        Object.assign(r, { outcome: 'superseded' });
        r.notices.push(`PR #${pullNumber} head moved to ${now.headSha.slice(0, 7)} while this run worked, and GitHub refused a review of ${reviewedSha.slice(0, 7)}: a newer run reviews the new head`);
        return r;
    }
    keep(r, r.outcome, posted, undefined);
    const author = posted.review.login;
    if (author && author.toLowerCase() !== identity.toLowerCase()) {
        // history was read for the wrong account: dismissing from it could touch someone else's review
        r.reason = 'bad-input';
        r.failure = `bad-input: review ${posted.review.id} is posted, but it is authored as ${author} while reviewer-login says ${identity}; history and dismissal were skipped. Set reviewer-login to ${author}, or leave it empty.`;
        return r;
    }
    // Step 9 on fresh facts: another run may have posted for this or a newer head meanwhile.
    let fresh;
    try {
        const [pullNow, reviewsNow] = await Promise.all([port.getPull(pullNumber), port.listReviews(pullNumber)]);
        fresh = { headSha: pullNow.headSha, reviews: reviewsNow };
    }
    catch (e) {
        if (!(e instanceof ApiError))
            throw e;
        r.reason = 'api-error';
        r.failure = `api-error: review ${posted.review.id} is posted, but re-reading the PR to dismiss stale reviews failed: ${e.message}. Re-run the job to finish (it ends as duplicate and dismisses what is left).`;
        return r;
    }
    const history = historyOf(fresh.reviews, identity, cfg.persona);
    const s = settle(history, fresh.headSha, history.find((h) => h.review.id === posted.review.id) ?? posted, cfg.dismissStale);
    if (s.anchor.review.id !== posted.review.id && s.anchor.marker.head === reviewedSha) {
        // two runs raced for this head and the other landed first: it stands, ours goes
        r.notices.push(`another run's review ${s.anchor.review.id} for ${reviewedSha.slice(0, 7)} landed first: it stands, and this run's copy is dismissed where GitHub allows`);
        keep(r, 'duplicate', s.anchor, undefined);
    }
    else if (s.anchor.review.id !== posted.review.id) {
        r.notices.push(`the PR head moved to ${fresh.headSha.slice(0, 7)} and ${cfg.persona} has already reviewed it (review ${s.anchor.review.id}): this review is stale already`);
    }
    await tidy(cfg, port, pullNumber, s, r);
    return finish(cfg, r);
}
function keep(r, outcome, current, shouldReview) {
    Object.assign(r, {
        outcome,
        verdict: current.marker.verdict,
        event: EVENT_OF[current.marker.verdict],
        reviewId: current.review.id,
        reviewUrl: current.review.htmlUrl,
        shouldReview,
        baselineSha: outcome === 'unchanged' ? current.marker.head : undefined,
    });
}
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long to wait before each look for a review that may have landed despite an error. */
const LOOK_AFTER_MS = (/* unused pure expression or super */ null && ([1000, 3000]));
/**
 * Step 8: one create. After an ambiguous failure (5xx, reset, timeout) the review may
 * exist: look for this run's marker (twice, a little apart) before the single retry.
 * A timed-out create is never retried: GitHub may still be processing it.
 */
async function create(port, pullNumber, event, body, marker, identity, r) {
    for (let attempt = 1;; attempt++) {
        let error;
        try {
            const created = await port.createReview(pullNumber, { event, body, commitId: marker.head });
            r.outcome = 'posted';
            return { review: created, marker };
        }
        catch (e) {
            if (!(e instanceof ApiError))
                throw e;
            if (!e.ambiguous)
                throw createRefused(e);
            error = e;
        }
        r.warnings.push(`${error.message}: the review may have been created; looking for it before any retry`);
        for (const wait of LOOK_AFTER_MS) {
            await pause(wait);
            const reviews = await port.listReviews(pullNumber);
            const landed = findLanded(reviews, identity, marker.persona, marker.head, marker.run);
            if (landed) {
                r.outcome = 'posted';
                r.notices.push(`review ${landed.review.id} landed despite the error: not posting again`);
                return landed;
            }
            const other = historyOf(reviews, identity, marker.persona).find((h) => h.marker.head === marker.head && isLive(h.review));
            if (other) {
                r.outcome = 'duplicate';
                r.notices.push(`another run's review ${other.review.id} exists for this head: not posting`);
                return other;
            }
        }
        if (attempt >= 2 || error.kind === 'timeout' || error.kind === 'deadline') {
            throw new Abort('api-error', `${error.message}; no review from this run is visible${attempt >= 2 ? ' after the retry' : ''}, so nothing more is sent`, 'Re-run the job: a re-run lists the reviews first and never posts a second review for this head.');
        }
    }
}
function createRefused(e) {
    if (e.status === 401 || (e.status === 403 && !/rate limit/i.test(e.message)))
        return new Abort('permission-denied', e.message, e.advice);
    if (e.status === 422 && /own pull request|not permitted to approve/i.test(e.message))
        return new Abort('permission-denied', e.message, e.advice);
    return e;
}
/** Step 9: dismiss what settle() says, after the current review is in place. */
async function tidy(cfg, port, pullNumber, s, r) {
    const errors = [];
    let denied = false;
    const anchor = s.anchor;
    for (const { entry, why } of s.dismiss) {
        const message = why === 'stale'
            ? `Superseded: ${cfg.persona}'s current review is ${anchor.review.id} (${anchor.review.htmlUrl}) for ${anchor.marker.head.slice(0, 7)}; this one was for ${entry.marker.head.slice(0, 7)}. [persona-verdict]`
            : `Duplicate: ${cfg.persona} already has review ${anchor.review.id} (${anchor.review.htmlUrl}) for ${anchor.marker.head.slice(0, 7)}; two runs raced and this copy is dismissed. [persona-verdict]`;
        try {
            await port.dismissReview(pullNumber, entry.review.id, message);
            r.dismissed.push(entry.review.id);
        }
        catch (e) {
            if (!(e instanceof ApiError))
                throw e;
            errors.push(`${e.message}${e.advice ? ` (${e.advice})` : ''}`);
            if (e.status === 403 && !/rate limit/i.test(e.message))
                denied = true;
        }
    }
    if (errors.length) {
        r.reason = denied ? 'permission-denied' : 'api-error';
        const advice = denied
            ? ' The token needs write access to dismiss reviews, and on a protected branch with dismissal restrictions the persona must be allowed to dismiss.'
            : '';
        r.failure = `${r.reason}: the current review stands, but ${errors.length} of this persona's reviews could not be dismissed: ${errors.join('; ')}.${advice} Re-run the job to finish (it ends as duplicate and dismisses what is left).`;
    }
}
function finish(cfg, r) {
    if (!r.failure && cfg.failOnChangesRequested && r.verdict === 'CHANGES_REQUESTED') {
        r.failure = `changes requested: ${cfg.persona}'s ${r.outcome === 'posted' ? 'review' : r.outcome === 'unchanged' ? 'carried-forward verdict' : 'existing review'} for ${r.headSha?.slice(0, 7)} is CHANGES_REQUESTED (fail-on-changes-requested is on)`;
    }
    return r;
}

;// CONCATENATED MODULE: ./src/cli.ts
// The offline CLI: `persona-verdict check <file...>` and `persona-verdict corpus <manifest>`.
// No token, no network.






function decideFile(bodyPath, expectedEvent) {
    try {
        const v = checkBody({ bodyPath, body: null, expectedEvent });
        return { decision: { post: v.event }, detail: `verdict ${v.verdict} → event ${v.event}` };
    }
    catch (e) {
        if (!(e instanceof result_Abort))
            throw e;
        return { decision: { abort: e.reason }, detail: e.diagnosis ? renderDiagnosis(e.diagnosis, bodyPath) : `${e.reason}: ${e.message}` };
    }
}
const show = (d) => ('post' in d ? `post ${d.post}` : `abort ${d.abort}`);
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
function runCorpus(manifestPath, out) {
    const manifest = JSON.parse((0,external_node_fs_namespaceObject.readFileSync)(manifestPath, 'utf8'));
    const base = (0,external_node_path_namespaceObject.dirname)(manifestPath);
    const rows = [];
    let agree = 0;
    for (const c of manifest.cases) {
        const ev = c['expected-event'] ?? null;
        if (ev !== null && !EVENTS.includes(ev))
            throw new Error(`case ${c.name}: expected-event ${ev} is not an API event`);
        const { decision } = decideFile((0,external_node_path_namespaceObject.resolve)(base, c.body), ev);
        const ok = show(decision) === show(c.expect);
        if (ok)
            agree++;
        rows.push([ok ? 'ok' : 'DISAGREE', c.name, ev ?? '-', show(c.expect), show(decision)]);
    }
    const head = ['result', 'case', 'expected-event', 'expected', 'actual'];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (r) => r.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
    out(line(head));
    out(line(widths.map((w) => '-'.repeat(w))));
    rows.forEach((r) => out(line(r)));
    const posts = rows.filter((r) => r[4].startsWith('post')).length;
    out(`\n${rows.length} cases: ${agree} agree, ${rows.length - agree} disagree (${posts} post, ${rows.length - posts} abort)`);
    return agree === rows.length ? 0 : 1;
}
const USAGE = `usage:
  persona-verdict check <body-file...>   validate review bodies offline; exit 1 if any has no valid verdict
  persona-verdict corpus <manifest.json> run a regression corpus; exit 1 on any disagreement`;
function main(argv, out, err) {
    const [cmd, ...args] = argv;
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
var __webpack_exports__main = __webpack_exports__.iW;
var __webpack_exports__runCorpus = __webpack_exports__.qR;
export { __webpack_exports__decideFile as decideFile, __webpack_exports__main as main, __webpack_exports__runCorpus as runCorpus };
