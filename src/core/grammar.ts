// The verdict grammar — pure: bytes or text in, a decision out.
// The decision here never depends on diagnostics.ts; that module only explains.
import * as CommonMark from 'commonmark';

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

/** A block that holds a line GitHub's Markdown shows as code, hides, or passes through as raw HTML: not a heading. */
export interface Hidden {
  kind: 'code block' | 'HTML comment' | 'HTML block';
  /** 1-based line that opens it. */
  line: number;
}

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

// CommonMark's HTML blocks of kinds 1 to 5 run to their closing text (</pre>, -->, ?>, >, ]]>) or to the end of the
// body: what is in them is preformatted, hidden or dropped. Kinds 6 and 7 (<div>, </details> …) end at a blank line
// and show the text in them, a verdict line too, so they are not counted here.
const HIDING_HTML = /^ {0,3}(?:<(?:script|pre|style|textarea)(?:[\s>]|$)|<!--|<\?|<![A-Za-z]|<!\[CDATA\[)/i;

/**
 * The blocks of a body that show their lines as code or hide them, as CommonMark (the reference parser; GitHub's is
 * its C twin) reads the body: fenced and indented code, HTML comments and the HTML blocks that run to a closing text.
 * A fence or a comment left open runs to the end of the body, so a verdict line after it is no heading anyone reads:
 * an example of the format, a file of the PR quoted, an answer cut off inside a block.
 */
export function hidingBlocks(lines: readonly string[]): Array<Hidden & { end: number }> {
  const out: Array<Hidden & { end: number }> = [];
  const walker = blockTree(lines.join('\n')).walker();
  for (let step = walker.next(); step; step = walker.next()) {
    const { node, entering } = step;
    if (!entering || !node.sourcepos) continue;
    const [[line], [end]] = node.sourcepos;
    if (node.type === 'code_block') out.push({ kind: 'code block', line, end });
    else if (node.type === 'html_block' && HIDING_HTML.test(node.literal ?? ''))
      out.push({ kind: /^ {0,3}<!--/.test(node.literal ?? '') ? 'HTML comment' : 'HTML block', line, end });
  }
  return out;
}

/**
 * The body's blocks as CommonMark parses them, without parsing their inlines: links and emphasis decide nothing here,
 * and inline parsing is quadratic on text a PR author can steer into a body ("[a](" 16,000 times: 6 s; blocks alone:
 * 5 ms). commonmark.js runs the inline pass as its own method after the blocks; this parser's does nothing.
 */
export function blockTree(text: string): CommonMark.Node {
  const parser = new CommonMark.Parser() as CommonMark.Parser & { processInlines: (doc: CommonMark.Node) => void };
  parser.processInlines = () => {};
  return parser.parse(text);
}

/** The block that shows line `at` (0-based) as code or hides it, given `hidingBlocks` (null: none does). */
export function hiddenBy(lines: readonly string[], at: number, blocks = hidingBlocks(lines)): Hidden | null {
  const b = blocks.find((x) => x.line <= at + 1 && at + 1 <= x.end);
  return b ? { kind: b.kind, line: b.line } : null;
}

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
