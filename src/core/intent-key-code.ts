// A verdict key or token written as code — pure, part of "did you mean" (core/intent-key.ts): code quoted in prose
// (`DECISION="REQUEST_CHANGES"`) is not the review's key, and a token in a code span used as a noun ("`APPROVE`
// events") is not its verdict; the verdict written as code ("`## VERDICT: REQUEST_CHANGES`") is read (held-out 40,
// attack 34).
import { escapeRe, plain } from './intent-token.js';
import { type Key, keysOf } from './intent-key-words.js';

/** Code syntax in a code span: an assignment, a call, a string, a block ("`DECISION=\"REQUEST_CHANGES\"`"). */
const CODE_SYNTAX = /[=(){}"$;<>]|->/;

/**
 * The key is written inside a code span that holds code (`DECISION="REQUEST_CHANGES"`, held-out 40): code quoted in
 * prose, not the review's key. A span that holds the verdict as words ("`## VERDICT: REQUEST_CHANGES`", "**Verdict:**
 * `APPROVE`", "`VERDICT:` APPROVE") is the verdict written as code, and read (attack 34).
 */
export function inCode(raw: string, upper: string, key: Key): boolean {
  if (!raw.includes('`')) return false;
  const mask = (m: string) => (CODE_SYNTAX.test(m) ? `\`${'\u2591'.repeat(m.length - 2)}\`` : m);
  const masked = plain(raw.replace(/`[^`]*`/g, mask)).toUpperCase();
  if (masked.length === upper.length) return masked.slice(key.at, key.end) !== upper.slice(key.at, key.end);
  const outside = plain(raw.replace(/`[^`]*`/g, (m) => (CODE_SYNTAX.test(m) ? ' ' : m))).toUpperCase();
  return !keysOf(outside).some((k) => k.name === key.name);
}

/** What a verdict token names when it is used as a noun: "`CHANGES_REQUESTED` reviews", "`APPROVE` events". */
const NAMED = new RegExp(
  '^(?:REVIEWS?|EVENTS?|STATES?|STATUS(?:ES)?|LABELS?|VERDICTS?|DECISIONS?|TOKENS?|VALUES?|OUTCOMES?|' +
    'RESULTS?|LINES?|ENTRY|ENTRIES|CASES?|PATHS?|BRANCH(?:ES)?|FIELDS?|KEYS?|STRINGS?|TYPES?|HANDLERS?|COMMENTS?|' +
    'CHECKS?|RUNS?|MODES?|FLAGS?|ENUMS?|CONSTANTS?|ACTIONS?|OPTIONS?)$',
);

/** The token, in any case, as a pattern: its spaces may be written as "_" or "-". */
const anyCase = (token: string): string =>
  [...token]
    .map((ch) => (/[A-Z]/.test(ch) ? `[${ch}${ch.toLowerCase()}]` : /\s/.test(ch) ? '[\\s_-]+' : escapeRe(ch)))
    .join('');

/**
 * The verdict token in a code span is used as a noun (held-out 40; attack 34): "Decision: `CHANGES_REQUESTED`
 * reviews from advisory bots …", "``VERDICT: APPROVE`` lines are accepted anywhere", under a verdict heading
 * "`APPROVE` reviews from the bot account do not count". Not "`REQUEST_CHANGES` due to …" (a reason follows).
 */
export function named(raw: string, token: string): boolean {
  // the token's first occurrence on the line is the one read: "Request changes until `request_changes` events …"
  const first = new RegExp(anyCase(token), 'u').exec(raw);
  if (!first || !/`[^`]*$/.test(raw.slice(0, first.index))) return false;
  const noun = /^\s*`+\s+([\p{L}-]+)/u.exec(raw.slice(first.index + first[0].length))?.[1];
  return !!noun && NAMED.test(noun.toUpperCase());
}
