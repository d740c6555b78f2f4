#!/usr/bin/env node
import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 6458:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   F: () => (/* binding */ Abort)
/* harmony export */ });
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


/***/ }),

/***/ 6915:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Fg: () => (/* binding */ VERDICT_LINE),
/* harmony export */   Pn: () => (/* binding */ parseVerdict),
/* harmony export */   Vj: () => (/* binding */ decodeBody),
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

/***/ 1130:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   CX: () => (/* binding */ PERSONA_PATTERN),
/* harmony export */   h$: () => (/* binding */ composeBody)
/* harmony export */ });
/* unused harmony exports MARKER_NAME, MARKER_VERSION, postedEvent, RUN_PATTERN, encodeMarker, decodeMarker, versionOf, neutralise */
/* harmony import */ var _grammar_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(6915);
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
    `patch=([0-9a-f]{64}|unknown) verdict=(${_grammar_js__WEBPACK_IMPORTED_MODULE_0__/* .VERDICTS */ .bk.join('|')})(?: event=(${_grammar_js__WEBPACK_IMPORTED_MODULE_0__/* .EVENTS */ .qY.join('|')}))?` +
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
    const event = m.event && m.event !== _grammar_js__WEBPACK_IMPORTED_MODULE_0__/* .EVENT_OF */ .l0[m.verdict] ? ` event=${m.event}` : '';
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
  jY: () => (/* binding */ decideFile),
  eJ: () => (/* binding */ jsonRecord),
  iW: () => (/* binding */ main),
  qR: () => (/* binding */ runCorpus)
});

;// CONCATENATED MODULE: external "node:fs"
const external_node_fs_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");
;// CONCATENATED MODULE: external "node:path"
const external_node_path_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");
// EXTERNAL MODULE: ./src/core/grammar.ts
var grammar = __nccwpck_require__(6915);
;// CONCATENATED MODULE: ./src/core/intent.ts
// Which verdict did the author mean? — pure, and for the human only. When a body is
// refused, this finds the line the author most likely meant as the verdict and says
// what to change in one pass; when the intent is not clear it says so and suggests
// nothing. Its answer is never used to post: acceptance is the grammar alone.

/** Words and phrases that name a verdict, longest first; unknown words are not guessed. */
const SYNONYMS = [
    [
        /\b(CHANGES[ _-]?REQUESTED|REQUEST(ED)?[ _-]?CHANGES?|NEEDS?[ _-]?(CHANGES|WORK)|CHANGES[ _-]REQUIRED)\b/,
        'CHANGES_REQUESTED',
    ],
    [/\b(REJECT(ED)?|BLOCK(ED|ING)?|FAIL(ED)?|DO NOT MERGE|REVISE)\b/, 'CHANGES_REQUESTED'],
    [/\b(APPROVE[DS]?|LGTM|PASS(ED)?|ACCEPT(ED)?|SHIP IT|READY (FOR|TO) MERGE)\b/, 'APPROVE'],
    [/\bCOMMENT(ED)?\b/, 'COMMENT'],
];
/** Words a verdict is introduced by. */
const KEY = /\b(FINAL\s+)?(VERDICT|DECISION|RECOMMENDATION|OUTCOME|REVIEW\s+STATUS|STATUS)\b/;
const ALTERNATIVES = /\b[A-Z_]{4,}\s*(\/|\||\bor\b)\s*[A-Z_]{4,}/;
const BOX = /\[( |x|X)\]/;
/** The verdict the text starts with (decoration and look-alikes folded), and what follows it. */
function leadingVerdict(text) {
    const t = text.toUpperCase().replace(/^[^A-Z]+/, '');
    if (/^NOT\b|^NO\b/.test(t))
        return null;
    for (const [re, verdict] of SYNONYMS) {
        const m = new RegExp(`^(?:${re.source})`).exec(t);
        if (m)
            return { verdict, rest: t.slice(m[0].length) };
    }
    return null;
}
/** A verdict word or phrase at the start of `text` that is not the grammar's token, and how long it is. */
function synonymAt(text) {
    const lead = leadingVerdict(text);
    if (!lead)
        return null;
    return { verdict: lead.verdict, length: text.length - lead.rest.length };
}
/** What may follow a token standing alone: "APPROVE with nits", "APPROVE - ready to merge". */
const BARE_TAIL = /^[\s.!:)]*((WITH\b|—|–|-|:).*|\(.*\))?$/;
const plain = (line) => (0,grammar/* skeleton */.qV)(line)
    .replace(/[*_`~>#]|<\/?[a-z]+>/gi, ' ')
    .replace(/^\s*([-+]|\d+[.)])\s+/, ' ')
    .replace(/[\u2190-\u2BFF\u{1F300}-\u{1FAFF}]/gu, ' ')
    .trim();
/** A line that states a verdict: keyed ("Verdict: X"), a ticked box, or a token standing alone. */
function candidateAt(lines, i) {
    if (lines[i].length > 400)
        return null; // bounded work: no verdict line is that long
    const text = plain(lines[i]);
    if (!text || text.length > 200)
        return null;
    const upper = text.toUpperCase();
    const box = BOX.exec(text);
    if (box) {
        const lead = leadingVerdict(text.slice(box.index + box[0].length));
        if (!lead || box.index > 40)
            return null;
        return { index: i, verdicts: [lead.verdict], strength: 'boxed', offered: box[1] === ' ' };
    }
    const key = KEY.exec(upper);
    // "Previous verdict: …" reports history, not this review's decision
    if (key && /\b(PREVIOUS|PRIOR|EARLIER|OLD|LAST ROUND'?S?)\s+$/.test(upper.slice(0, key.index)))
        return null;
    if (key && key.index < 20) {
        const afterKey = upper.slice(key.index + key[0].length);
        // "## Verdict" alone on its line: the token is on the next non-blank line
        if (!/[A-Z]/.test(afterKey.replace(/[:=—–-]/g, '')))
            return splitHeading(lines, i);
        const sep = /^\s*(\([^)]*\)\s*)?[:=—–-]?\s*/.exec(afterKey);
        const lead = leadingVerdict(afterKey.slice(sep[0].length));
        if (!lead)
            return null;
        const final = Boolean(key[1]);
        return { index: i, verdicts: [lead.verdict], strength: 'keyed', offered: ALTERNATIVES.test(afterKey), final };
    }
    // a token standing alone on its line (decoration, list marks and emoji aside)
    const lead = leadingVerdict(text);
    if (lead && BARE_TAIL.test(lead.rest) && upper.replace(/^[^A-Z]+/, '').length <= 60) {
        return { index: i, verdicts: [lead.verdict], strength: 'bare', offered: ALTERNATIVES.test(upper) };
    }
    return null;
}
function splitHeading(lines, i) {
    let j = i + 1;
    while (j < lines.length && !lines[j].trim())
        j++;
    if (j >= lines.length)
        return null;
    const next = plain(lines[j]);
    const box = BOX.exec(next);
    const lead = leadingVerdict(box ? next.slice(box.index + box[0].length) : next);
    if (!lead || !BARE_TAIL.test(lead.rest.replace(/[/|].*$/, '')))
        return null;
    const offered = (box !== null && box[1] === ' ') || ALTERNATIVES.test(next.toUpperCase());
    return { index: i, verdicts: [lead.verdict], strength: 'keyed', offered, tokenIndex: j };
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
function findIntent(original) {
    const { lines, origin, escaped } = intent_unescape(original);
    const notes = escaped
        ? ['the body contains literal "\\n" escapes: the persona output was a JSON string written without unescaping']
        : [];
    const candidates = [];
    let fenced = false;
    for (let i = 0; i < lines.length; i++) {
        if (/^\s*(```|~~~)/.test(lines[i]))
            fenced = !fenced;
        // code is not a verdict, except a line in the grammar's exact form (a model that fenced its output)
        const wellFormed = grammar/* VERDICT_LINE */.Fg.exec(lines[i]);
        if (fenced && !wellFormed)
            continue;
        const c = wellFormed
            ? { index: i, verdicts: [wellFormed[1]], strength: 'keyed', offered: false }
            : candidateAt(lines, i);
        if (c)
            candidates.push(c);
    }
    const at = [...new Set(candidates.map((c) => origin[c.index] + 1))];
    const none = (ambiguity) => ({
        suggestion: null,
        ambiguity,
        after: [],
        notes,
        candidates: at,
    });
    if (!candidates.length)
        return none(null);
    const unoffered = candidates.filter((c) => !c.offered);
    const finals = unoffered.filter((c) => c.final);
    const decided = finals.length ? finals : unoffered;
    if (!decided.length)
        return none('the body only offers verdicts (template alternatives or unticked boxes)');
    const verdicts = new Set(decided.flatMap((c) => c.verdicts));
    if (verdicts.size !== 1) {
        const where = decided.map((c) => `line ${c.index + 1}: ${c.verdicts.join('/')}`).join(', ');
        return none(`the body states conflicting verdicts (${where})`);
    }
    const strong = decided.filter((c) => c.strength !== 'bare');
    const chosen = (strong.length ? strong : decided).at(-1);
    const verdict = [...verdicts][0];
    return {
        suggestion: { line: `## VERDICT: ${verdict}`, verdict, fromLine: origin[chosen.index] + 1 },
        ambiguity: null,
        after: escaped ? [] : describeAfter(lines, chosen, decided),
        notes,
        candidates: at,
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
    const tok = /^\s*([^\s.,;:!?()[\]]+)/u.exec(after);
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
    const at = new Set(intent.candidates.map((n) => n - 1));
    if (lastIdx >= 0 && /^\s*#/.test(lines[lastIdx]))
        at.add(lastIdx);
    const nearMisses = [...at]
        .filter((i) => i < lines.length && !(0,grammar/* isBlank */.z3)(lines[i]))
        .sort((a, b) => a - b)
        .slice(0, MAX_NEAR)
        .map((i) => ({ line: i + 1, text: visible(lines[i]), differs: differences(lines[i], i === lastIdx) }));
    const stated = parsed.reason === 'missing-verdict' && intent.suggestion;
    return {
        reason: parsed.reason,
        summary: stated
            ? `the body states its verdict (line ${intent.suggestion.fromLine}) but not as the last line in the required ` +
                'form: end the body with the suggested line below'
            : SUMMARY[parsed.reason],
        lastLine: parsed.line ? { line: parsed.line, text: visible(parsed.lineText ?? '') } : undefined,
        nearMisses,
        intent,
    };
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

// EXTERNAL MODULE: ./src/abort.ts
var abort = __nccwpck_require__(6458);
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
        const n = (0,grammar/* normaliseText */.af)(body);
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
        const d = (0,grammar/* decodeBody */.Vj)(buf.subarray(0, off));
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

// EXTERNAL MODULE: ./src/core/marker.ts
var marker = __nccwpck_require__(1130);
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
const worstCase = (verdict, text, version) => (0,marker/* composeBody */.h$)({
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
        throw new abort/* Abort */.F(loaded.reason, loaded.message);
    const parsed = (0,grammar/* parseVerdict */.Pn)(loaded.text);
    if (!parsed.ok) {
        const d = diagnose(parsed);
        const where = d.lastLine ? ` (line ${d.lastLine.line}: "${d.lastLine.text}")` : '';
        const s = d.intent.suggestion;
        const hint = s ? `; did you mean \`${s.line}\` (line ${s.fromLine})?` : '';
        throw new abort/* Abort */.F(parsed.reason, `${d.summary}${where}${hint}`, '', d);
    }
    if (cfg.expectedEvent && cfg.expectedEvent !== parsed.event) {
        throw new abort/* Abort */.F('mismatch', `the body's verdict line (line ${parsed.line}) says ${parsed.verdict}, which maps to event ${parsed.event}, ` +
            `but expected-event is ${cfg.expectedEvent}: the two sources disagree, so nothing is posted; ` +
            "fix the persona's body or the step that computed expected-event");
    }
    const secrets = findSecrets(parsed.text, token);
    if (secrets.length) {
        const where = secrets.map((s) => `line ${s.line} (${s.what})`).join(', ');
        throw new abort/* Abort */.F('secret-in-body', `the body contains what looks like a secret: ${where}; it would be published with the review, so nothing is sent`, 'find out how the persona saw the secret (a diff, a log, its environment) and revoke it if it is real; then ' +
            're-run');
    }
    const size = worstCase(parsed.verdict, parsed.text, cfg.personaVersion ?? '');
    if (size > MAX_BODY_CHARS) {
        throw new abort/* Abort */.F('body-too-large', `the review would be up to ${size} characters with its marker; GitHub accepts at most ${MAX_BODY_CHARS}: ` +
            `shorten the persona's review by ${size - MAX_BODY_CHARS} (truncating would cut the verdict line)`);
    }
    return { verdict: parsed.verdict, event: parsed.event, text: parsed.text, line: parsed.line };
}
/** The persona's findings file: whole, valid UTF-8 JSON of the schema, no secrets; else bad-findings. */
function loadFindings(path, token = null) {
    const fail = (why) => {
        throw new abort/* Abort */.F('bad-findings', `findings-path ${path}: ${why}`, FINDINGS_ADVICE);
    };
    let bytes;
    try {
        if ((0,external_node_fs_namespaceObject.statSync)(path).size > MAX_FINDINGS_BYTES)
            fail(`larger than ${MAX_FINDINGS_BYTES} bytes`);
        bytes = (0,external_node_fs_namespaceObject.readFileSync)(path);
    }
    catch (e) {
        if (e instanceof abort/* Abort */.F)
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
        throw new abort/* Abort */.F('secret-in-body', `finding ${leaked + 1} contains what looks like a secret; it would be published with the review, so nothing ` +
            `is sent`, 'find out how the persona saw the secret and revoke it if it is real; then re-run');
    }
    return v.findings;
}
const FINDINGS_ADVICE = 'make the persona write findings that match schema/findings.schema.json (an array of { path, line, body })';

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
        if (!(e instanceof abort/* Abort */.F))
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
        if (!(e instanceof abort/* Abort */.F))
            throw e;
        return {
            decision: { abort: e.reason },
            detail: e.diagnosis ? renderDiagnosis(e.diagnosis, bodyPath) : `${e.reason}: ${e.message}`,
        };
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
/**
 * The suggestion agrees with the expected one, and applying it (replace the line, drop
 * what follows) makes the body pass. '!'-prefixed on disagreement.
 */
function suggestionCheck(file, expected) {
    const r = jsonRecord(file);
    const s = r['suggestion'];
    if ((s?.line ?? null) !== expected)
        return `!suggested ${s?.line ?? 'nothing'}`;
    if (!s)
        return '(no suggestion)';
    const lines = (0,external_node_fs_namespaceObject.readFileSync)(file, 'utf8').replace(/\r\n?/g, '\n').split('\n');
    const fixed = [...lines.slice(0, s.from_line - 1), s.line].join('\n');
    const again = (0,grammar/* parseVerdict */.Pn)(fixed);
    return again.ok && `## VERDICT: ${again.verdict}` === s.line
        ? `(suggests ${s.line}, applied passes)`
        : '!applied fails';
}
function runCorpus(manifestPath, out) {
    const manifest = JSON.parse((0,external_node_fs_namespaceObject.readFileSync)(manifestPath, 'utf8'));
    const base = (0,external_node_path_namespaceObject.dirname)(manifestPath);
    const rows = [];
    let agree = 0;
    for (const c of manifest.cases) {
        const ev = c['expected-event'] ?? null;
        if (ev !== null && !grammar/* EVENTS */.qY.includes(ev))
            throw new Error(`case ${c.name}: expected-event ${ev} is not an API event`);
        const file = (0,external_node_path_namespaceObject.resolve)(base, c.body);
        const { decision } = decideFile(file, ev);
        const sugg = 'suggestion' in c ? suggestionCheck(file, c.suggestion ?? null) : '';
        const ok = show(decision) === show(c.expect) && !sugg.startsWith('!');
        if (ok)
            agree++;
        rows.push([ok ? 'ok' : 'DISAGREE', c.name, ev ?? '-', show(c.expect), show(decision) + (sugg ? ` ${sugg}` : '')]);
    }
    const head = ['result', 'case', 'expected-event', 'expected', 'actual'];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (r) => r
        .map((c, i) => c.padEnd(widths[i]))
        .join('  ')
        .trimEnd();
    out(line(head));
    out(line(widths.map((w) => '-'.repeat(w))));
    rows.forEach((r) => out(line(r)));
    const posts = rows.filter((r) => r[4].startsWith('post')).length;
    out(`\n${rows.length} cases: ${agree} agree, ${rows.length - agree} disagree (${posts} post, ${rows.length - posts} ` +
        `abort)`);
    return agree === rows.length ? 0 : 1;
}
/** Validates a findings file against the schema offline; 1 when it does not match. */
function checkFindings(path, out) {
    try {
        out(`${path}: ok — ${loadFindings(path).length} finding(s) match the schema`);
        return 0;
    }
    catch (e) {
        if (!(e instanceof abort/* Abort */.F))
            throw e;
        out(`${path}: ${e.reason}: ${e.message}`);
        return 1;
    }
}
const USAGE = `usage:
  persona-verdict check [--format json] [--findings <findings.json>] <body-file...>
                                         validate review bodies (and a findings file) offline;
                                         exit 1 if any has no valid verdict or the findings break the schema
  persona-verdict corpus <manifest.json> run a regression corpus; exit 1 on any disagreement
  persona-verdict doctor --repo OWNER/NAME --persona NAME=APP_SLUG ...
                                         is the gate enforced? (persona-verdict doctor --help)`;
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
// doctor talks to GitHub: loaded only when asked for, so the offline commands stay small and quick to start
if (process.argv[2] === 'doctor')
    void Promise.all(/* import() */[__nccwpck_require__.e(897), __nccwpck_require__.e(787)]).then(__nccwpck_require__.bind(__nccwpck_require__, 1787)).then(async (m) => (process.exitCode = await m.runDoctorCli(process.argv.slice(3))));
else
    process.exitCode = main(process.argv.slice(2), (s) => process.stdout.write(s + '\n'), (s) => process.stderr.write(s + '\n'));

var __webpack_exports__decideFile = __webpack_exports__.jY;
var __webpack_exports__jsonRecord = __webpack_exports__.eJ;
var __webpack_exports__main = __webpack_exports__.iW;
var __webpack_exports__runCorpus = __webpack_exports__.qR;
export { __webpack_exports__decideFile as decideFile, __webpack_exports__jsonRecord as jsonRecord, __webpack_exports__main as main, __webpack_exports__runCorpus as runCorpus };
