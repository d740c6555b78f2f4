// A short review in words — pure, part of "did you mean" (core/intent.ts). People (and some bots) review in
// a line or two and no verdict key: "Looks good! I'm fine merging this in.", "+1 for merging", "Please don't
// merge until the licence question is settled." When nothing else in a body gives a verdict and the body is
// that short (a few lines of prose: no heading, table or list), its words are read whole. One side only, said
// plainly: an approval that is negated, hedged, asked, reported, conditioned or held ("looks good, but …",
// "mostly fine", "LGTM once CI passes", "the bot said LGTM") gives nothing, and so does a body that says both.
import type { Verdict } from './grammar.js';
import { plain } from './intent-token.js';

/** At most this many lines of prose, and this many characters of it. */
const MAX_LINES = 4;
const MAX_CHARS = 400;

const APPROVE_WORDS: readonly RegExp[] = [
  /\bLGTM\b/,
  /\bLOOKS?\s+(?:GOOD|GREAT|FINE|RIGHT|CORRECT|OK(?:AY)?)\b/,
  /\bREADS?\s+(?:FINE|WELL|GOOD)\b/,
  /(?:^|\s)\+1(?!\d)/,
  /\bSHIP\s+IT\b/,
  /\b(?:GOOD|OK(?:AY)?|FINE|HAPPY|SAFE|READY)\s+(?:TO|FOR)\s+(?:MERGE|MERGING|LAND|SHIP|TAKE\s+TH|ACCEPT)/,
  /\bFINE\s+(?:WITH\s+)?(?:MERGING|THIS\s+GOING\s+IN|ACCEPTING|LANDING)\b/,
  /\bHAPPY\s+TO\s+(?:HAVE\s+(?:IT|THIS)\s+|SEE\s+(?:IT|THIS)\s+)?MERGE|\bFEEL\s+FREE\s+TO\s+MERGE|\bLET'S\s+MERGE\b/,
  /\b(?:ADDING|ADD|HERE'S|HERE\s+IS)\s+MY\s+APPROVAL\b|\bI\s+APPROVE\b|^(?:RE-?)?APPROVING\b/,
  /\bSIEHT\s+GUT\s+AUS\b|\bME\s+PARECE\s+BIEN\b|\bSE\s+PUEDE\s+(?:HACER\s+)?MERGE/,
];

const CHANGES_WORDS: readonly RegExp[] = [
  /\bNEEDS?\s+(?:MORE\s+)?(?:WORK|CHANGES|FIXES)\b/,
  /\bCHANGES\s+(?:ARE\s+)?(?:NEEDED|REQUIRED)\b/,
  /\b(?:WE|YOU)\s+(?:STILL\s+)?(?:NEED|HAVE)\s+TO\s+(?:MAKE|FIX|CHANGE|ADDRESS)\b/,
];

/**
 * What keeps an approval in words from being read, anywhere in the body (it is a few lines): a negation, a
 * hedge, a question, a condition or a hold, a report of someone else's words or a quote, a part of the change
 * only, a problem named ("good to ship on Linux; on macOS it fails"), a modal ("LGTM would need a rewrite").
 */
const NOT_PLAIN = new RegExp(
  String.raw`[?"“”]|N'T\b|\b(?:NOT|NEVER|NO|NOTHING|NONE|HARDLY|BARELY|MOSTLY|ALMOST|NEARLY|PARTLY|SOMEWHAT|` +
    String.raw`BUT|HOWEVER|THOUGH|ALTHOUGH|EXCEPT|UNLESS|IF|ONCE|WHEN|UNTIL|AFTER|PROVIDED|AS\s+LONG\s+AS|` +
    String.raw`WAIT\w*|HOLD\w*|PENDING|BEFORE|FIRST|STILL|YET|SAID|SAYS|WROTE|ACCORDING|THEY|BOT'?S?|OTHERS?|` +
    String.raw`SOMEONE|SIDE|PART|PORTION|ONLY|WAS|WERE|PREVIOUS\w*|EARLIER|USED\s+TO|WOULD|COULD|SHOULD|MIGHT|` +
    String.raw`MAY|MUST|NEED\w*|REQUIRE\w*|BLOCK\w*|FAIL\w*|BROKE\w*|BREAK\w*|ERRORS?|BUGS?|ISSUES?|PROBLEMS?|` +
    String.raw`WRONG|MISSING|CONCERN\w*|RISK\w*|LABEL|TITLE|DRAFT|SCORE)\b`,
);

/**
 * The same in Chinese and Japanese: a negation, but, though, if, other than, only, not yet, still checking, a
 * named person ("田中さんは LGTM"), as soon as or after ("修正が入り次第 LGTM"), a bot.
 */
const CJK_NOT_PLAIN =
  /が、|けど|けれど|ただ|でも|以外|除了|但|不过|不過|虽然|雖然|如果|只是|还有|還有|？|ない|ません|ず|不|没|沒|無|无|未|非|まだ|中|さん|氏|次第|たら|なら|後|后|前|予定|ボット/;

/** A request for changes denied, asked, conditioned, reported, quoted or pointed elsewhere ("not here"). */
const CHANGES_NOT_PLAIN = new RegExp(
  String.raw`[?"“”]|N'T\b|\b(?:NOT|NO|NOTHING|NONE|NON|IF|UNLESS|SAID|SAYS|WROTE|ACCORDING|OTHER|UNRELATED|` +
    String.raw`ELSEWHERE|SEPARATE|LATER|FOLLOW-?UP|APPROV\w*|LGTM|MERGE\w*)\b`,
);

/** A line that opens with a label and a colon ("**Status:** …", "Score: 3/10", "Fazit: …"): a report's shape. */
const LABELLED = /^[\s*_>]*[\p{L}\p{N}][\p{L}\p{N} '’-]{0,30}[*_]*\s*[:：](?=[\s*_]|$)/u;

/** The verdict a short body says in words, and the line it says it on; null when it is not short or not plain. */
export function shortReview(
  lines: readonly string[],
  skip: ReadonlySet<number>,
): { verdict: Verdict; index: number } | null {
  const prose: { index: number; text: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    if (skip.has(i) || !raw.trim() || /^\s*<!--.*-->\s*$/.test(raw)) continue;
    // a heading, a table or a list is a report's shape, not a comment's; a quote brings someone else's words
    if (/^\s*(?:#|\||>|[-+*]\s|\d+[.)]\s|<!--)/.test(raw) || LABELLED.test(raw)) return null;
    const text = plain(raw).replace(/[’‘]/g, "'").toUpperCase();
    if (text) prose.push({ index: i, text });
  }
  if (!prose.length || prose.length > MAX_LINES) return null;
  const all = prose.map((p) => p.text).join(' ');
  if (all.length > MAX_CHARS) return null;
  const said = (words: readonly RegExp[]) => prose.filter((p) => words.some((re) => re.test(p.text)));
  const approving = said(APPROVE_WORDS);
  const changing = said(CHANGES_WORDS);
  if (approving.length && changing.length) return null;
  if (changing.length)
    return CHANGES_NOT_PLAIN.test(all) ? null : { verdict: 'CHANGES_REQUESTED', index: changing[0]!.index };
  if (approving.length)
    return NOT_PLAIN.test(all) || CJK_NOT_PLAIN.test(all)
      ? null
      : { verdict: 'APPROVE', index: approving.at(-1)!.index };
  return null;
}
