// Explains a grammar failure to the person who must fix the prompt. Pure; never consulted by the decision.
import { type Block, type Hidden, hiddenBy, hidingBlocks } from './blocks.js';
import { type Parsed, VERDICT_LINE, VERDICTS, isBlank, skeleton } from './grammar.js';
import { findIntent, synonymAt, type Intent } from './intent.js';
import { visible } from './visible.js';

export interface NearMiss {
  line: number;
  text: string; // made visible, cut
  differs: string[];
}

export interface Diagnosis {
  reason: string;
  summary: string; // one sentence: what was wrong and how to fix it
  lastLine?: { line: number; text: string };
  nearMisses: NearMiss[];
  /** The verdict the author most likely meant, or why none can be named (for the human only). */
  intent: Intent;
}

const MAX_NEAR = 12;

const TOKEN_ADVICE: Record<string, string> = {
  REQUEST_CHANGES: 'REQUEST_CHANGES is the API event name; the verdict token is CHANGES_REQUESTED',
  APPROVED: 'APPROVED is the review state; the verdict token is APPROVE',
  COMMENTED: 'COMMENTED is the review state; the verdict token is COMMENT',
};

/** No verdict line is longer than this; longer lines are explained from their start only (bounded work). */
const MAX_ANALYSED = 512;

/** What differs between one line and the verdict grammar. */
export function differences(full: string, isLast: boolean): string[] {
  if (VERDICT_LINE.test(full)) {
    return isLast
      ? []
      : ['a well-formed verdict line, but not the last non-blank line: only the last non-blank line decides'];
  }
  const { out, rest } = prefixDifferences(full);
  out.push(...keywordDifferences(rest));
  if (!out.length) out.push('does not match ^##\\s+VERDICT:\\s+(APPROVE|CHANGES_REQUESTED|COMMENT)\\s*$');
  return out;
}

/** Length, characters, and what stands before the keyword: quotes, list marks, the heading. */
function prefixDifferences(full: string): { out: string[]; rest: string } {
  const out: string[] = [];
  const line = full.length > MAX_ANALYSED ? full.slice(0, MAX_ANALYSED) : full;
  if (line !== full)
    out.push(`the line is ${full.length} characters long: a verdict line is "## VERDICT: " and one token`);
  // a dash between words in trailing prose is prose, named as trailing text, not a look-alike
  const odd = [...line.replace(/ [\u2013\u2014] /g, ' - ')].filter((c) => {
    const cp = c.codePointAt(0)!;
    return cp > 0x7e || (cp < 0x20 && cp !== 0x09);
  });
  if (odd.length) {
    const names = [...new Set(odd)]
      .slice(0, 6)
      .map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
    out.push(
      `non-ASCII or invisible character(s) ${names.join(', ')}: the verdict line must be plain ASCII (look-alikes ` +
        `do not count)`,
    );
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
  if (!hashes) out.push('not a level-2 heading: the line must start with "## "');
  else {
    if (hashes[0].length !== 2) out.push(`heading level ${hashes[0].length} (${hashes[0]}): use exactly ##`);
    rest = rest.slice(hashes[0].length);
    if (!/^[ \t]/.test(rest)) out.push('no space after ##');
    rest = rest.replace(/^[ \t\u00a0]+/, '');
  }
  return { out, rest };
}

/** The keyword, the colon, the token and what follows it. */
function keywordDifferences(rest: string): string[] {
  const out: string[] = [];
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
  if (kw[0] !== 'VERDICT') out.push(`keyword written "${kw[0]}": it must be upper-case VERDICT`);
  let after = plain.slice(kw.index + kw[0].length);
  if (!after.startsWith(':')) {
    out.push(
      /^\s*[:：]/.test(after) ? 'space or look-alike before the colon: write "VERDICT:"' : 'no colon after VERDICT',
    );
    after = after.replace(/^\s*[:：\-–—=]?/, '');
  } else {
    after = after.slice(1);
    if (!/^[ \t]/.test(after)) out.push('no space after "VERDICT:"');
  }
  // a token in quotation marks ('"APPROVE"', '“LGTM”') is named once as quoted, then read bare, not as the unknown
  // token '"APPROVE' with a quote as trailing text (an independent review, 2026-12-03)
  const unquoted = withoutQuotes(after);
  if (unquoted !== after) out.push('the token is in quotation marks: write it without them');
  after = unquoted;
  // a grammar token is the token whatever follows it ("APPROVE\"", "COMMENT-", "APPROVE✅"): the rest is trailing text
  const tok =
    new RegExp(`^\\s*(${VERDICTS.join('|')})(?![A-Za-z0-9_])`, 'i').exec(after) ??
    /^\s*([^\s.,;:!?()[\]]+)/u.exec(after);
  if (!tok) {
    out.push(`no verdict token: end the line with one of ${VERDICTS.join(', ')}`);
    return out;
  }
  const token = tok[1]!;
  let trailing = after.slice(tok[0].length);
  const valid = (VERDICTS as readonly string[]).includes(token);
  const upperToken = token.toUpperCase();
  const known = (VERDICTS as readonly string[]).includes(upperToken) || TOKEN_ADVICE[upperToken];
  const synonym = valid || known ? null : synonymAt(after);
  if (synonym) {
    // "REQUEST CHANGES", "LGTM", "needs work": name the token it means, not its words one by one
    const words = after.slice(0, synonym.length).trim();
    out.push(
      `"${visible(words, 40)}" is not a verdict token: it means ${synonym.verdict}, so write ${synonym.verdict}`,
    );
    trailing = after.slice(synonym.length);
  } else if (!valid) {
    const upper = token.toUpperCase();
    if ((VERDICTS as readonly string[]).includes(upper))
      out.push(`token written "${token}": tokens are case-sensitive, write ${upper}`);
    else if (TOKEN_ADVICE[upper]) out.push(TOKEN_ADVICE[upper]);
    else out.push(`unknown token "${visible(token, 40)}": use one of ${VERDICTS.join(', ')}`);
  }
  if (trailing.trim())
    out.push(
      `trailing text after the token: "${visible(rawTail(rest, trailing).trim(), 60)}" (nothing may follow the token)`,
    );
  return out;
}

/** What follows the colon with the quotation marks around its first word taken off (the text as it is when none). */
function withoutQuotes(after: string): string {
  const quoted = /^(\s*)["'“”‘’«»„]/.exec(after);
  if (!quoted) return after;
  return (quoted[1]! + after.slice(quoted[0].length)).replace(/^(\s*[^\s"'“”‘’«»„]+)["'“”‘’«»„]/, '$1');
}

/**
 * The raw end of the line whose text, decoration taken out, is `tail`: what follows the token is quoted as written,
 * its code marks too ("— LGTM `x`", not "— LGTM x": an independent review, 2026-12-03).
 */
function rawTail(rest: string, tail: string): string {
  let end = rest.length;
  while (end > 0 && rest[end - 1] === '_') end--; // trailing underscores are decoration too (plain, above)
  let i = end;
  for (let n = 0; i > 0 && n < tail.length; i--) if (!/[*`~]/.test(rest[i - 1]!)) n++;
  return rest.slice(i);
}

const SUMMARY: Record<string, string> = {
  'empty-body': 'the review body is empty (only whitespace): the persona produced no review; re-run it',
  'missing-verdict':
    'the last non-blank line is not a verdict line and the body has no verdict: end the body with "## VERDICT: ' +
    'APPROVE", "## VERDICT: CHANGES_REQUESTED" or "## VERDICT: COMMENT" on its own line',
  'verdict-not-last':
    'a verdict line appears, but text follows it: the verdict must be the last non-blank line of the body (move it ' +
    'to the end or drop what follows)',
  'malformed-verdict':
    'the last non-blank line looks like a verdict but does not match the grammar ' +
    '^##\\s+VERDICT:\\s+(APPROVE|CHANGES_REQUESTED|COMMENT)\\s*$ exactly',
};

export function diagnose(parsed: Extract<Parsed, { ok: false }>): Diagnosis {
  const { lines } = parsed;
  const lastIdx = parsed.line ? parsed.line - 1 : -1;
  const blocks = hidingBlocks(lines);
  // every verdict line in the grammar's form, and the block that shows it as code or hides it (null: none)
  const verdictLines = new Map(
    lines.flatMap((l, i) => (VERDICT_LINE.test(l) ? [[i, hiddenBy(lines, i, blocks)]] : [])),
  );
  const intent = unhidden(findIntent(lines), lines, blocks);
  // near misses: the lines that state a verdict, a verdict line in a code block or a comment, and a heading-like last
  // line; prose that merely mentions "verdict" is not one
  const at = new Set([...intent.candidates, ...intent.stated].map((n) => n - 1));
  for (const [i, block] of verdictLines) if (block) at.add(i);
  if (lastIdx >= 0 && /^\s*#/.test(lines[lastIdx]!)) at.add(lastIdx);
  const nearMisses: NearMiss[] = [...at]
    .filter((i) => i < lines.length && !isBlank(lines[i]!))
    .sort((a, b) => a - b)
    .slice(0, MAX_NEAR)
    .map((i) => ({
      line: i + 1,
      text: visible(lines[i]!),
      differs: inBlock(verdictLines.get(i)) ?? differences(lines[i]!, i === lastIdx),
    }));
  return {
    reason: parsed.reason,
    summary: parsed.hidden
      ? hiddenHeadline(parsed.line!, parsed.hidden)
      : (onlyInBlocks(parsed.reason, verdictLines) ?? headline(parsed.reason, intent)),
    lastLine: parsed.line ? { line: parsed.line, text: visible(parsed.lineText ?? '') } : undefined,
    nearMisses,
    intent,
  };
}

/** No suggestion from a line GitHub shows as code or hides: keeping it would be refused, or quote an example. */
function unhidden(intent: Intent, lines: readonly string[], blocks: Block[]): Intent {
  const s = intent.suggestion;
  return s && hiddenBy(lines, s.fromLine - 1, blocks) ? { ...intent, suggestion: null, after: [] } : intent;
}

/** What GitHub makes of a line in each kind of block. */
const SHOWS: Record<Hidden['kind'], string> = {
  'code block': 'shows it as code',
  'HTML comment': 'hides it',
  'HTML block': 'shows it as raw HTML or hides it',
};

/** A verdict line inside a code block or an HTML comment: what GitHub makes of it (whether or not the block closes). */
function inBlock(block: Hidden | null | undefined): string[] | null {
  if (!block) return null;
  return [
    `a well-formed verdict line, but inside the ${block.kind} opened at line ${block.line}: ` +
      `GitHub ${SHOWS[block.kind]}`,
  ];
}

/** A verdict line follows only inside blocks (an example of the format, a quote): it is not the review's, say so. */
function onlyInBlocks(reason: string, verdictLines: Map<number, Hidden | null>): string | null {
  const held = [...verdictLines];
  if (reason !== 'verdict-not-last' || !held.every(([, block]) => block)) return null;
  const where = held.map(([i, b]) => `line ${i + 1}, in the ${b!.kind} opened at line ${b!.line}`).join('; ');
  return (
    `the body's only verdict line${held.length > 1 ? 's are' : ' is'} inside a block GitHub shows as code or hides ` +
    `(${where}): an example or a quote, not the review's verdict; end the body with the persona's verdict as ` +
    '"## VERDICT: APPROVE", "## VERDICT: CHANGES_REQUESTED" or "## VERDICT: COMMENT" on its own line'
  );
}

/** The last line is a verdict line that a block left open above it shows as code or hides. */
function hiddenHeadline(line: number, hidden: Hidden): string {
  const [shows, close] = [SHOWS[hidden.kind], hidden.close];
  return (
    `line ${line} is a verdict line, but the ${hidden.kind} opened at line ${hidden.line} is never closed, so ` +
    `GitHub ${shows} and it is not the review's verdict: if it is the persona's verdict, close the ${hidden.kind} ` +
    `above it (${close}); if the model was quoting it (an example of the format, a file of the PR, an answer cut ` +
    'off), re-run the persona'
  );
}

/** One sentence; it never says "no verdict" when the body states one: it names the line. */
function headline(reason: string, intent: Intent): string {
  if (reason !== 'missing-verdict') return SUMMARY[reason]!;
  const s = intent.suggestion;
  if (s)
    return (
      `the body states its verdict (line ${s.fromLine}) but not as the last line in the required form: end the ` +
      'body with the suggested line below'
    );
  if (!intent.stated.length) return SUMMARY[reason]!;
  const where = intent.stated.length > 1 ? `lines ${intent.stated.join(', ')}` : `line ${intent.stated[0]}`;
  return (
    `the last non-blank line is not a verdict line; the body states a verdict (${where}) but which one it means ` +
    `is not clear (${intent.ambiguity}): decide, and end the body with that one verdict as "## VERDICT: APPROVE", ` +
    '"## VERDICT: CHANGES_REQUESTED" or "## VERDICT: COMMENT" on its own line'
  );
}

/** The one-pass fix: the suggested line, what differs, and what must go after it. */
export function renderIntent(d: Diagnosis, where: string): string[] {
  const { suggestion, ambiguity, after, notes } = d.intent;
  const out = notes.map((n) => `  note: ${n}`);
  if (suggestion) {
    out.push(
      suggestion.inWords
        ? `  did you mean \`${suggestion.line}\` (${where}${suggestion.fromLine} says it in words)? Add it as the ` +
            'last line, on its own,'
        : suggestion.escaped
          ? `  did you mean \`${suggestion.line}\` (${where}${suggestion.fromLine}, read through its escapes)? Write ` +
            'the output with its "\\n" escapes decoded into line breaks, ending in that line,'
          : suggestion.wellFormed
            ? `  \`${suggestion.line}\` (${where}${suggestion.fromLine}) is already in the required form: keep it,`
            : `  did you mean \`${suggestion.line}\` (${where}${suggestion.fromLine})? Replace that line with it,`,
    );
    for (const a of after) out.push(`    - ${a}`);
    out.push('    - then the verdict is the last line and nothing else needs to change');
  } else if (ambiguity) {
    out.push(`  no suggestion: ${ambiguity}; decide which verdict the persona meant and make the prompt say it once`);
  }
  return out;
}

/** Multi-line plain-text rendering for logs, CLI and error messages. */
export function renderDiagnosis(d: Diagnosis, file?: string): string {
  const where = file ? `${file}:` : 'line ';
  const out = [`${d.reason}: ${d.summary}`, ...renderIntent(d, where)];
  const last = d.lastLine ? d.nearMisses.find((n) => n.line === d.lastLine!.line) : undefined;
  if (d.lastLine) out.push(`  last non-blank line (${where}${d.lastLine.line}): "${d.lastLine.text}"`);
  for (const x of last?.differs ?? []) out.push(`    - ${x}`);
  for (const n of d.nearMisses) {
    if (n === last) continue;
    out.push(`  near miss at ${where}${n.line}: "${n.text}"`);
    for (const x of n.differs) out.push(`    - ${x}`);
  }
  return out.join('\n');
}
