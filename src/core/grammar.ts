// The verdict grammar — pure: bytes or text in, a decision out.
// The decision here never depends on diagnostics.ts; that module only explains.
import { hiddenBy, type Hidden } from './blocks.js';

export const VERDICTS = ['APPROVE', 'CHANGES_REQUESTED', 'COMMENT'] as const;
export type Verdict = (typeof VERDICTS)[number];

export const EVENTS = ['APPROVE', 'REQUEST_CHANGES', 'COMMENT'] as const;
export type ReviewEvent = (typeof EVENTS)[number];

/** Verdict token → Reviews API event (core/decide.ts STATE_OF_EVENT gives the resulting state). */
export const EVENT_OF: Readonly<Record<Verdict, ReviewEvent>> = {
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
export const VERDICT_LINE = new RegExp(`^##${WS}+VERDICT:${WS}+(APPROVE|CHANGES_REQUESTED|COMMENT)${WS}*$`);
const BLANK = /^[ \t\v\f]*$/;

export type GrammarReason = 'empty-body' | 'missing-verdict' | 'verdict-not-last' | 'malformed-verdict';

export type { Hidden };

export type Parsed =
  | { ok: true; verdict: Verdict; event: ReviewEvent; line: number; text: string }
  | { ok: false; reason: GrammarReason; line?: number; lineText?: string; lines: string[]; hidden?: Hidden };

export type Decoded = { ok: true; text: string } | { ok: false; message: string };

/** Strict UTF-8 decode; NUL is unreadable; one leading BOM stripped; CRLF/CR → LF. */
export function decodeBody(bytes: Uint8Array): Decoded {
  // a UTF-16 file (a byte-order mark FF FE or FE FF) fails as UTF-8 at byte 0: say what it is
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    const order = bytes[0] === 0xff ? 'little-endian' : 'big-endian';
    return {
      ok: false,
      message: `the body is UTF-16 (${order}, by its byte-order mark); write the file as UTF-8 text`,
    };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    const at = firstInvalidUtf8(bytes);
    return {
      ok: false,
      message: `the body is not valid UTF-8 (first bad byte at offset ${at}); write the file as UTF-8 text`,
    };
  }
  return normaliseText(text);
}

/** The same rules for a body given as a string (the `body` input). */
export function normaliseText(text: string): Decoded {
  const nul = text.indexOf('\u0000');
  if (nul >= 0) {
    const line = text.slice(0, nul).split(/\r\n|\r|\n/).length;
    return { ok: false, message: `the body contains a NUL byte (line ${line}): it is binary, not a Markdown review` };
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return { ok: true, text: text.replace(/\r\n?/g, '\n') };
}

function firstInvalidUtf8(bytes: Uint8Array): number {
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
    } catch {
      hi = mid;
    }
  }
  return lo;
}

export const isBlank = (line: string): boolean => BLANK.test(line);

// Look-alikes of the ASCII letters in the directive (Cyrillic, Greek).
const CONFUSABLE: Record<string, string> = Object.fromEntries(
  [...'АВЕКМНОРСТХаеорсухІіЈјԁԛԜԝΑΒΕΖΗΙΚΜΝΟΡΤΥΧνορτ'].map((c, i) => [
    c,
    'ABEKMHOPCTXaeopcyxIiJjdqWwABEZHIKMNOPTYXvopt'[i]!,
  ]),
);

/**
 * A line's look-alike skeleton: compatibility forms folded (fullwidth letters),
 * Cyrillic and Greek look-alikes mapped to ASCII, invisible format characters
 * dropped, Unicode spaces made plain. Used only to explain and to name the abort
 * reason (a look-alike verdict is malformed, not missing) — never to accept a line.
 */
export function skeleton(line: string): string {
  return [...line.normalize('NFKC')]
    .map((c) => CONFUSABLE[c] ?? c)
    .join('')
    .replace(/\p{Cf}/gu, '')
    .replace(/\p{Zs}/gu, ' ');
}

/** Does this line talk about a verdict, look-alikes included? */
export const mentionsVerdict = (line: string): boolean => /verdict/i.test(skeleton(line));

/** Parse normalised text (see decodeBody). Only the last non-blank line decides, and only as GitHub shows it. */
export function parseVerdict(text: string): Parsed {
  const lines = text.split('\n');
  let last = lines.length - 1;
  while (last >= 0 && isBlank(lines[last]!)) last--;
  if (last < 0) return { ok: false, reason: 'empty-body', lines };
  const lineText = lines[last]!;
  const m = VERDICT_LINE.exec(lineText);
  // a verdict line inside a code block or an HTML comment left open is not a heading anyone reads: no verdict
  const hidden = m ? hiddenBy(lines, last) : null;
  if (hidden) return { ok: false, reason: 'missing-verdict', line: last + 1, lineText, lines, hidden };
  if (m) {
    const verdict = m[1] as Verdict;
    return { ok: true, verdict, event: EVENT_OF[verdict], line: last + 1, text };
  }
  const line = last + 1;
  if (mentionsVerdict(lineText)) return { ok: false, reason: 'malformed-verdict', line, lineText, lines };
  if (lines.slice(0, last).some((l) => VERDICT_LINE.test(l))) {
    return { ok: false, reason: 'verdict-not-last', line, lineText, lines };
  }
  return { ok: false, reason: 'missing-verdict', line, lineText, lines };
}
