// What a reader will see — pure. GitHub renders a review body as Markdown with inline
// HTML, so the raw text and the text on screen differ: `ghp\_x` shows as `ghp_x`,
// `gh<!-- -->p_x` and `gh<b></b>p_x` as `ghp_x`, `ghp&#95;x` as `ghp_x`, a
// zero-width space shows as nothing, `ｇｈｐ` as `ghp`. A scan of the raw text alone
// misses all of these. Here the text is rewritten the way a reader sees it, keeping
// for every character the offset in the original it came from (so a finding names the
// original line). Where rendering depends on context (a code span shows markup
// literally, a comment hides its content, a tag's attribute shows on hover), both
// readings are produced: the scan is over-eager, never blind.

/** Text with, for each of its characters, the offset in the original it came from. */
export interface View {
  text: string;
  at: Int32Array;
}

export interface Reading extends View {
  /** False for the raw text itself. */
  rendered: boolean;
}

/** A replacement: literal text (mapped to the start of the match), or [from, to) of the match kept as it is. */
type Piece = string | readonly [number, number];
interface Hit {
  index: number;
  length: number;
  pieces: readonly Piece[];
}

function splice(v: View, hits: Iterable<Hit>): View {
  const text: string[] = [];
  let at = new Int32Array(v.text.length + 16);
  let n = 0;
  const room = (k: number): void => {
    if (n + k <= at.length) return;
    const bigger = new Int32Array(Math.max(at.length * 2, n + k));
    bigger.set(at.subarray(0, n));
    at = bigger;
  };
  const keep = (from: number, to: number): void => {
    if (to <= from) return;
    text.push(v.text.slice(from, to));
    room(to - from);
    if (to - from > 64) at.set(v.at.subarray(from, to), n);
    else for (let i = from; i < to; i++) at[n + i - from] = v.at[i]!;
    n += to - from;
  };
  let last = 0;
  for (const h of hits) {
    keep(last, h.index);
    const origin = v.at[Math.min(h.index, v.at.length - 1)] ?? 0;
    for (const p of h.pieces) {
      if (typeof p !== 'string') keep(h.index + p[0], h.index + p[1]);
      else {
        text.push(p);
        room(p.length);
        at.fill(origin, n, n + p.length);
        n += p.length;
      }
    }
    last = h.index + h.length;
  }
  if (last === 0) return v; // nothing matched
  keep(last, v.text.length);
  return { text: text.join(''), at: at.subarray(0, n) };
}

function* regexHits(text: string, re: RegExp, f: (m: RegExpExecArray) => readonly Piece[]): Generator<Hit> {
  for (const m of text.matchAll(re)) yield { index: m.index, length: m[0].length, pieces: f(m) };
}

const replace = (v: View, re: RegExp, f: (m: RegExpExecArray) => readonly Piece[]): View =>
  splice(v, regexHits(v.text, re, f));

const NONE: readonly Piece[] = [];

/** Line breaks as Markdown reads them: CRLF and a lone CR are breaks too. */
const breaks = (v: View): View => replace(v, /\r\n?/g, () => ['\n']);

/** Zero-width, bidi and other format characters, variation selectors, soft hyphens: rendered as nothing. */
const invisible = (v: View): View => replace(v, /[\p{Cf}\p{Default_Ignorable_Code_Point}]+/gu, () => NONE);

/** Letters that look like ASCII ones (Cyrillic, Greek, a few Latin) and dashes that look like a hyphen. */
const LOOKALIKES: Readonly<Record<string, string>> = Object.fromEntries(
  [
    ['аa', 'еe', 'оo', 'рp', 'сc', 'уy', 'хx', 'ѕs', 'іi', 'јj', 'һh', 'ԁd', 'ԛq', 'ԝw', 'ɡg', 'ıi', 'ȷj', 'ɑa'],
    ['АA', 'ВB', 'ЕE', 'КK', 'МM', 'НH', 'ОO', 'РP', 'СC', 'ТT', 'ХX', 'ҮY', 'ЅS', 'ІI', 'ЈJ', 'ԚQ', 'ԜW'],
    ['ΑA', 'ΒB', 'ΕE', 'ΖZ', 'ΗH', 'ΙI', 'ΚK', 'ΜM', 'ΝN', 'ΟO', 'ΡP', 'ΤT', 'ΥY', 'ΧX', 'οo', 'νv', 'ιi', 'κk'],
    ['ρp', 'αa', 'սu', 'օo', '‐-', '‑-', '‒-', '–-', '−-', '⁃-'],
  ]
    .flat()
    .map((pair) => [pair[0]!, pair[1]!]),
);

/** Compatibility forms (fullwidth, mathematical, ligatures) to their plain letters, then look-alikes. */
const fold = (v: View): View =>
  replace(v, /[\u0080-\u{10ffff}]/gu, (m) => {
    const n = m[0].normalize('NFKC');
    let out = '';
    for (const c of n) out += LOOKALIKES[c] ?? c;
    return [out];
  });

/** A backslash before ASCII punctuation is a Markdown escape: the reader sees the punctuation alone. */
const unescape = (v: View): View => replace(v, /\\([!-/:-@[-`{-~])/g, () => [[1, 2]]);

/** HTML comments: hidden (their content gone), or shown (only the delimiters gone: inside a code span). */
function comments(v: View, show: boolean): View {
  if (show) return replace(v, /<!---?>|<!--|-->/g, () => NONE);
  // linear: once no `-->` follows, no later `<!--` can close either
  function* hits(): Generator<Hit> {
    let from = 0;
    for (;;) {
      const open = v.text.indexOf('<!--', from);
      if (open < 0) return;
      // `<!-->` and `<!--->` are whole (empty) comments to HTML
      const empty = /^<!---?>/.exec(v.text.slice(open, open + 6));
      if (empty) {
        yield { index: open, length: empty[0].length, pieces: NONE };
        from = open + empty[0].length;
        continue;
      }
      const close = v.text.indexOf('-->', open + 4);
      if (close < 0) return;
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
function tags(v: View, show: boolean): View {
  return replace(v, /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>|<[?!][^<>]*>/g, (m) => {
    if (!show) return NONE;
    const pieces: Piece[] = [' '];
    for (const a of m[0].matchAll(ATTRIBUTE)) {
      const value = a[1] ?? a[2] ?? a[3] ?? '';
      const start = a.index + a[0].length - value.length - (a[3] === undefined ? 1 : 0);
      pieces.push([start, start + value.length], ' ');
    }
    return pieces;
  });
}

/** Named references that can stand for characters of a token, or hide one. */
const NAMED: Readonly<Record<string, string>> = {
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

function decodeReference(m: RegExpExecArray): readonly Piece[] {
  const [, dec, hex, name] = m;
  if (name !== undefined) {
    const letter = /^([A-Za-z])(?:scr|fr|opf)$/.exec(name); // &gscr; &hfr; &popf;: script, fraktur, double-struck
    const c = letter ? letter[1]! : NAMED[name];
    return c === undefined ? [[0, m[0].length]] : [c];
  }
  const code = parseInt((dec ?? hex)!.slice(0, 8), dec !== undefined ? 10 : 16);
  const ok = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
  return [ok ? String.fromCodePoint(code) : '\ufffd'];
}

/** Character references, decimal and hex (the `;` is optional to a browser), and the named ones above. */
const entities = (v: View): View =>
  replace(v, /&#(?:(\d+)|[xX]([0-9a-fA-F]+));?|&([A-Za-z][A-Za-z0-9]*);/g, decodeReference);

/** Emphasis, code spans, strikethrough and link brackets render as nothing between two halves of a token. */
function markdown(v: View, show: boolean): View {
  const linked = replace(v, /\]\(([^()\s]*)\)|\]\[[^\]\n]*\]/g, (m) =>
    show && m[1] !== undefined ? [' ', [2, 2 + m[1].length], ' '] : NONE,
  );
  return replace(math(linked), /[*`~[\]$]+/g, () => NONE);
}

/** Inside `$…$` GitHub renders LaTeX: spaces, braces and commands (`\mathtt`) show as nothing between letters. */
const math = (v: View): View =>
  replace(v, /\$[^$\n]+\$/g, (m) => {
    const kept: Piece[] = [];
    for (const part of m[0].matchAll(/\\[A-Za-z]+|[\s{}$]+|[^\s{}$\\]+|\\./g)) {
      if (!/^(?:\\[A-Za-z]+|[\s{}$]+)$/.test(part[0])) kept.push([part.index, part.index + part[0].length]);
    }
    return kept;
  });

/** A token broken over two lines (a hard break, a quote's `>`, indentation), joined again. */
const TOKEN_CHAR = '[A-Za-z0-9_+/=-]';
const join = (v: View): View =>
  replace(v, new RegExp(`(?<=${TOKEN_CHAR})(?:\\\\|[ \\t])*\\n[ \\t>]*(?=${TOKEN_CHAR})`, 'g'), () => NONE);

function render(raw: View, show: boolean): View {
  let v = breaks(raw);
  // until nothing changes: `&amp;#95;`, an entity that spells `<b>`, an escape inside a comment
  for (let round = 0; round < 6; round++) {
    const before = v.text;
    v = markdown(unescape(entities(tags(comments(fold(invisible(v)), show), show))), show);
    if (v.text === before) break;
  }
  return v;
}

/**
 * Every way the text may read: the raw text, rendered with hidden parts removed, rendered
 * with hidden parts shown, and each rendering with lines joined where a token was broken.
 */
export function readings(text: string): Reading[] {
  const at = new Int32Array(text.length);
  for (let i = 0; i < at.length; i++) at[i] = i;
  const raw: View = { text, at };
  const hidden = render(raw, false);
  const shown = render(raw, true);
  return [
    { ...raw, rendered: false },
    ...[hidden, join(hidden), shown, join(shown)].map((v) => ({ ...v, rendered: true })),
  ];
}

/** The 1-based line of the original text that holds an offset (CRLF, CR and LF end a line). */
export function lineFinder(text: string): (offset: number) => number {
  const starts = [0];
  for (const m of text.matchAll(/\r\n?|\n/g)) starts.push(m.index + m[0].length);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}
