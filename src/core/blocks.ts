// Which lines of a body GitHub shows as code or hides — pure. The grammar (grammar.ts) asks it of the verdict line,
// the explanation (diagnostics.ts) of every verdict line. The body's blocks are read by CommonMark's reference parser
// (commonmark.js; GitHub's cmark-gfm is its C twin), blocks only; where the two differ, cmark-gfm's reading is
// followed (noted at each place).
import * as CommonMark from 'commonmark';

/** A block that holds a line GitHub's Markdown shows as code, hides, or passes through as raw HTML: not a heading. */
export interface Hidden {
  kind: 'code block' | 'HTML comment' | 'HTML block';
  /** 1-based line that opens it. */
  line: number;
  /** What closes it ("```", "~~~~", "-->", "</pre>" …). */
  close: string;
}

export type Block = Hidden & { end: number };

// HTML blocks of kinds 1 to 5 run to their closing text or to the end of the body: what is in them is preformatted,
// hidden or dropped (cmark-gfm's kinds: see forBlocks). Kinds 6 and 7 (<div>, </details> …) end at a blank line and
// show the text in them, a verdict line too.
const HIDING: ReadonlyArray<[RegExp, string]> = [
  [/^ {0,3}<(script|pre|style)(?:[\s>]|$)/i, ''],
  [/^ {0,3}<!--/, '-->'],
  [/^ {0,3}<\?/, '?>'],
  [/^ {0,3}<!\[CDATA\[/, ']]>'],
  [/^ {0,3}<![A-Z]/, '>'],
];

/** What closes an HTML block that hides what follows it, or null when it shows its text. */
function htmlClose(literal: string): string | null {
  for (const [start, close] of HIDING) {
    const m = start.exec(literal);
    if (m) return close || `</${m[1]!.toLowerCase()}>`;
  }
  return null;
}

/**
 * A line as the block parser needs it. Where commonmark.js reads HTML otherwise than GitHub's cmark-gfm, the line is
 * made to read as cmark-gfm reads it: <textarea> (kind 1 in commonmark.js: it would run to the end of the body) and
 * <search> (kind 6) are not HTML-block tags in cmark-gfm, and "<!" starts a declaration there only before an
 * upper-case letter. Block structure hangs on a line's first characters (indentation, list and quote markers,
 * fences, the start of HTML) and on the closing texts of HTML in it; past 500 characters only those closing texts are
 * kept: commonmark.js takes time quadratic in a line's nesting ("- " 32,000 times on one line: 3.5 s; 131,000 times,
 * 53 s), which a PR author can steer into a body; cut, either parses in under 10 ms.
 */
function forBlocks(raw: string): string {
  const line = raw.replace(/<(\/?)(textarea|search)(?![\w-])/gi, '<$1$2-x').replace(/<!(?=[a-z])/g, '<\\!');
  if (line.length <= 500) return line;
  // from the 491st character: a closing text that straddles the cut ("</script>", 9 characters) is kept whole
  const closes = new Set(line.slice(491).match(/-->|\?>|\]\]>|<\/(?:pre|script|style)>|>/gi) ?? []);
  return `${line.slice(0, 500)} ${[...closes].join(' ')}`;
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

/**
 * The blocks of a body that show their lines as code or hide them: fenced and indented code, HTML comments and the
 * HTML blocks that run to a closing text. A fence or a comment left open runs to the end of the body, so a verdict
 * line after it is no heading anyone reads: an example of the format, a file of the PR quoted, an answer cut off
 * inside a block. This is Markdown's block structure only: what a browser then makes of raw HTML the body passes
 * through (an attribute's quote left open, a comment left open inside a list item or a <div>, an open <details>) is
 * not judged. Raw HTML in a review can hide anything, and no one gains a verdict by it: a persona that can be steered
 * to write such HTML can as well be steered to write the verdict.
 */
export function hidingBlocks(lines: readonly string[]): Block[] {
  const out: Block[] = [];
  const walker = blockTree(lines.map(forBlocks).join('\n')).walker();
  for (let step = walker.next(); step; step = walker.next()) {
    const { node, entering } = step;
    if (!entering || !node.sourcepos) continue;
    const [[line], [end]] = node.sourcepos;
    if (node.type === 'code_block') {
      const fence = /^ {0,3}(`{3,}|~{3,})/.exec(lines[line - 1] ?? '')?.[1];
      out.push({ kind: 'code block', line, end, close: fence ? `a line ${fence}` : 'a line without indentation' });
    }
    const close = node.type === 'html_block' ? htmlClose(node.literal ?? '') : null;
    if (close) out.push({ kind: close === '-->' ? 'HTML comment' : 'HTML block', line, end, close });
  }
  return out;
}

/** The block that shows line `at` (0-based) as code or hides it, given `hidingBlocks` (null: none does). */
export function hiddenBy(lines: readonly string[], at: number, blocks = hidingBlocks(lines)): Hidden | null {
  const b = blocks.find((x) => x.line <= at + 1 && at + 1 <= x.end);
  return b ? { kind: b.kind, line: b.line, close: b.close } : null;
}
