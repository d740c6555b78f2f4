// What puts the verdict that decides in doubt — pure, part of "did you mean" (core/intent.ts). Each rule here
// only withholds a suggestion: it never picks another verdict, so it can cost coverage but never give a wrong
// one. They answer the gaps attacks found in older readings (test/fixtures/intent-attack-*.json, `known`): a later
// round, re-review or correction after the verdict, or a section of an earlier review (core/intent-rounds.ts);
// someone else's words introduced above it; a part, a stale or a pending verdict in the key's parenthetical; a test
// run's status; a label that offers alternatives; a Chinese "whether or not"; a bare token its own line takes back.
import type { Candidate } from './intent-candidate.js';
import { plain } from './intent-token.js';
import { quotedLines, SIGN_OFF } from './intent-body.js';
import { AMENDS, historySection, laterRound, opening, RETRACTS } from './intent-rounds.js';

/**
 * A line that introduces someone else's words (a bot's, a tool's, the author's), ending with a colon — or, above
 * a quote or an indented block, with a period: "Quoting the security bot's review:", "From CodeRabbit's summary:",
 * "The bot said:", "Its output, for the record:", "The PR description ends with the author's self-review.".
 */
const OTHERS = new RegExp(
  String.raw`(?:^|\s)(?:QUOTING|QUOTED|QUOTE)\b|\b(?!THIS\b|MY\b|OUR\b)[\w@.-]+['’]S\s+(?:\w+\s+){0,2}` +
    String.raw`(?:REVIEW|SELF-?REVIEW|SUMMARY|OUTPUT|RUN|COMMENT|REPORT|VERDICT|LINE|RESULT|MESSAGE|STATUS|` +
    String.raw`TAKE|OPINION|VIEW|ASSESSMENT|NOTES)S?\b|` +
    String.raw`\bITS\s+(?:OUTPUT|VERDICT|SUMMARY|REPORT|RESULT|STATUS|LAST\s+LINE)\b|` +
    // "Output from the architecture agent:" (attack 38)
    String.raw`\b(?:OUTPUT|REPORT|SUMMARY|VERDICT|REVIEW|FINDINGS|NOTES)\s+(?:FROM|OF|BY)\s+` +
    String.raw`(?:THE\s+)?(?:[\w-]+\s+){0,3}` +
    String.raw`(?:AGENT|SUB-?AGENT|BOT|TOOL|MODEL|PERSONA|REVIEWER|TEAM)\b|` +
    String.raw`\b(?:BOT|SCANNER|LINTER|TOOL|CHECKER|ANALY[SZ]ER|CODERABBIT|COPILOT|AUTHOR|DESCRIPTION)\b[^.:]*` +
    String.raw`\b(?:SAID|SAYS|WROTE|WRITES|REPORTS?|REPORTED|ENDED|ENDS|RETURNED|RETURNS|GAVE|GIVES|OUTPUTS?|` +
    String.raw`PRINTED)\b`,
);

function introducedByOthers(lines: readonly string[], at: number): number {
  let k = at;
  const block = (l: string) => /^\s*>/.test(l) || /^(?: {4,}|\t)\S/.test(l);
  const inBlock = block(lines[at]!);
  if (inBlock) while (k > 0 && block(lines[k - 1]!)) k--;
  let above = k - 1;
  while (above >= 0 && !lines[above]!.trim()) above--;
  if (above < 0) return -1;
  const intro = plain(lines[above]!).toUpperCase();
  const ends = inBlock ? /[:.]\s*$/ : /[:：]\s*$/;
  const others = OTHERS.test(intro) || (inBlock && /[:：]\s*$/.test(intro) && A_MACHINE.test(intro));
  return ends.test(intro) && others && !/\b(?:I|WE)\b/.test(intro.split(/[,:]/)[0]!) ? above : -1;
}

/** A quote's introduction that names a machine and no verb: "Automated pre-review (gpt-4o):", "Copilot summary:". */
const A_MACHINE =
  /\b(?:AUTOMATED|AUTO-?GENERATED|GPT[\w.-]*|CLAUDE|GEMINI|CODEX|COPILOT|CODERABBIT|SOURCERY|QODO|GREPTILE|BOT|AI|LLM|AGENT|SUB-?AGENT|THREAD|SIGN-?OFF)\b|^PER\b|^ACCORDING\s+TO\b/;

/** A parenthetical on the verdict's line that makes it a part, stale, pending, or someone else's. */
const NOT_WHOLE = new RegExp(
  String.raw`\b(?:ONLY(?=\s*(?:$|[,;]))|` +
    String.raw`PENDING\s+(?:THE\s+)?(?:[\w@-]+['’]S\s+)?(?:REVIEW|SIGN-?OFF|APPROVAL|LOOK)|` +
    String.raw`PARTIAL(?:LY)?|EXCLUDING|EXCEPT|WITHOUT|PRELIMINARY|PROVISIONAL|TENTATIVE|` +
    // "(frontend)", "(2.x backport)", "(once the down migration is back)", "(assuming CI goes green)" (attack 38)
    String.raw`FRONT-?END|BACK-?END|BACKPORT|ONCE|ASSUMING|PROVIDED|UNLESS|UNTIL|IF|` +
    String.raw`INITIAL|SO\s+FAR|STALE|OUTDATED|PREVIOUS|EARLIER|SUPERSEDED|ROUND\s*1|FIRST\s+(?:ROUND|PASS)|` +
    String.raw`AUTO-?APPROV\w*|BOT|CODERABBIT|COPILOT|DEPENDABOT|RENOVATE|` +
    String.raw`NOT\s+(?:REVIEWED|COVERED|INCLUDED|CHECKED))\b|` +
    String.raw`\[BOT\]|@[\w-]+`,
);

function notWhole(lines: readonly string[], c: Candidate): number {
  // a token alone under its heading is that heading's ("## Verdict (docs only)" / "**APPROVE**")
  let above = c.index - 1;
  while (above >= 0 && !lines[above]!.trim()) above--;
  const heading = above >= 0 && /^\s*#{1,6}\s/.test(lines[above]!) ? [above] : [];
  for (const i of new Set([c.index, c.tokenIndex ?? c.index, ...heading])) {
    const parens = [
      ...plain(lines[i]!)
        .toUpperCase()
        .matchAll(/\(([^)]*)\)/g),
    ].map((m) => m[1]!);
    if (parens.some((p) => NOT_WHOLE.test(p))) return i;
  }
  return -1;
}

const RUN_TITLE =
  /^(?:(?:UNIT|E2E|INTEGRATION|AUTOMATED|MANUAL)\s+)?(?:TESTS?|TESTING|CI|BUILDS?|CHECKS|LINT(?:ING)?|PIPELINE|COVERAGE|BENCHMARKS?|QA|SMOKE|UAT|CANARY|ROLLOUT)\b/;

/** "**Status:** PASS" under "## Tests": a test run's, a build's or a check's status, not the review's verdict. */
function toolStatus(lines: readonly string[], c: Candidate): boolean {
  // a run's word (PASS, FAIL), not a reviewer's (APPROVED under "## Checks" is the review's: issue 18)
  if (!c.key || !/^(?:STATUS|RESULTS?|OUTCOME)$/.test(c.key) || !/^(?:PASS|FAIL|GREEN|RED|SUCCESS)/.test(c.token ?? ''))
    return false;
  const heading = lines.slice(0, c.index + 1).findLast((l) => /^\s*#{2,6}\s/.test(l)) ?? '';
  const title = plain(heading)
    .toUpperCase()
    .replace(/^[\s\d.)]+/, '');
  return (
    RUN_TITLE.test(title) && !/\b(?:VERDICT|DECISION|SUMMARY|CONCLUSION|RECOMMENDATION|REVIEW|ASSESSMENT)\b/.test(title)
  );
}

/** "Merge / Hold: **Hold**": the label offers alternatives and the value picks one. */
const ALTERNATIVE = String.raw`\p{L}[\p{L}'’-]*(?:\s\p{L}[\p{L}'’-]*)?`;
const OPTIONS_LABEL = new RegExp(String.raw`^\s*${ALTERNATIVE}(?:\s*[/|]\s*${ALTERNATIVE})+\s*[:：]\s*\S`, 'u');
const NAMES_KEY = /\b(?:DECISION|VERDICT|STATUS|RECOMMENDATION|RESULT|OUTCOME|CONCLUSION)\b/;

/** 通过与否 (whether it passes or not), 是否通过, 能否合并: the verdict is asked, not given. */
const WHETHER = /(?:通过|批准|合并|approve)\s*与否|(?:是否|能否|可否)\s*(?:通过|批准|合并)/iu;

/**
 * A verdict said as a bare token whose own line takes it back: sarcasm ("LGTM. /s", "LGTM (jk)", "LGTM（笑）", "Ship
 * it... straight into the sun"), another PR or a stale round ("LGTM — wrong PR", "Approved — superseded by #1290",
 * "Approved — stale, from before the rebase"), a part or a hedge ("LGTM, from a docs perspective", "LGTM, in
 * theory", "Clean, but the build is red"), a struck or grimacing token ("<s>LGTM</s>", "~LGTM~", "LGTM 😬"):
 * attack 30.
 */
const TAKEN_BACK = new RegExp(
  String.raw`\/S\b|\bNOT[\s.!]*$|\((?:JK|NOT|KIDDING|SARCASM)\)|[（(]笑[）)]|\b(?:JK|LOL|SAID\s+NOBODY|NOT\s+REALLY|` +
    String.raw`WRONG\s+PR|MEANT\s+FOR|SUPERSEDED|STALE|EARLIER\s+REVISION|BACKPORT|IN\s+THEORY|PERS(?:PECTIVE)|PART|` +
    String.raw`OTHERWISE|INTO\s+THE\s+SUN|NOT\s+MY\s+AREA|HAVEN'?T\s+LOOKED|DUPLICATE|CLOSING|PLEASE|BUT|` +
    String.raw`NOTHING\s+TO\s+CHANGE|WAITING)\b`,
);
const STRUCK_OR_GRIMACING = /<\/?(?:s|del|strike)>|~|[😬🙄🤔🤡😒🙃😑😐]/u;

function takenBack(lines: readonly string[], c: Candidate, apart: ReadonlySet<number>): boolean {
  if (c.strength !== 'bare') return false;
  const raw = lines[c.index]!;
  // a log or a pasted block after the bare token ("LGTM" over a failing test run) says more than the token
  const after = lines.slice(c.index + 1).some((l, k) => l.trim() && apart.has(c.index + 1 + k));
  return (
    after ||
    afterthought(lines, c.index) ||
    STRUCK_OR_GRIMACING.test(raw) ||
    TAKEN_BACK.test(plain(raw.replace(/[’‘]/g, "'")).toUpperCase())
  );
}

/**
 * The paragraph after a bare token opens as an afterthought (a dash, "Edit:", "Update:", "P.S.") and amends it:
 * "LGTM" then "— actually no, wait: …", "Approved" then "— edit: un-approving …" (attack 32). A sign-off ("— Dana")
 * is a footer (intent-body.ts), and a token above it is the closing line, not this.
 */
function afterthought(lines: readonly string[], index: number): boolean {
  const next = lines.slice(index + 1).find((l) => l.trim()) ?? '';
  if (SIGN_OFF.test(next)) return false;
  // a list under a bare token that goes on with its sentence ("LGTM" / "- but the password is still logged")
  const item = /^\s*(?:[-+*]|\d+[.)])\s+[*_]*(\w+)/.exec(next)?.[1]?.toUpperCase() ?? '';
  if (/^(?:BUT|AND|EXCEPT|THOUGH|ALTHOUGH|HOWEVER|ONCE|IF|UNLESS|AFTER|PROVIDED|ASSUMING|MODULO|PLEASE)$/.test(item))
    return true;
  const text = opening(next);
  return /^\s*[_*]*(?:[—–]|--\s)/.test(next) || AMENDS.test(text) || RETRACTS.test(text);
}

/**
 * Why the verdict that decides is in doubt, or null; `line` maps a 0-based index to the body's 1-based line.
 * Only withholds (see the module's note).
 */
export function doubted(
  decided: readonly Candidate[],
  lines: readonly string[],
  code: ReadonlySet<number>,
  line: (index: number) => number,
): string | null {
  const last = decided.at(-1)!;
  const apart = new Set([...code, ...quotedLines(lines)]);
  const at = Math.max(...decided.map((c) => c.tokenIndex ?? c.index));
  const where = `the verdict at line ${line(last.index)}`;
  const round = laterRound(lines, code, at, line);
  if (round) return `${where} may not be the last word: ${round}`;
  for (const c of decided) {
    const k = introducedByOthers(lines, c.tokenIndex ?? c.index);
    if (k >= 0) return `${where} may be someone else's: line ${line(k)} introduces another's words`;
    const p = notWhole(lines, c);
    if (p >= 0) return `${where} is given for a part, on a condition, as stale, or as someone else's (line ${line(p)})`;
    if (toolStatus(lines, c))
      return `line ${line(c.index)} is the status of tests, a build or a check, not the review's`;
    const t = lines[c.tokenIndex ?? c.index]!;
    if (OPTIONS_LABEL.test(plain(t)) && !NAMES_KEY.test(plain(t).toUpperCase().split(/[:：]/)[0]!))
      return `line ${line(c.tokenIndex ?? c.index)} offers alternatives and picks one`;
    if (WHETHER.test(t)) return `line ${line(c.index)} asks whether, it does not say`;
    if (takenBack(lines, c, apart))
      return `line ${line(c.index)} takes its own verdict back (sarcasm, another PR, stale, a part)`;
    const h = historySection(lines, code, c.index);
    if (h >= 0) return `${where} sits under line ${line(h)}, which titles an earlier review or another reviewer's`;
  }
  return null;
}
