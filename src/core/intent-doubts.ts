// What puts the verdict that decides in doubt — pure, part of "did you mean" (core/intent.ts). Each rule here
// only withholds a suggestion: it never picks another verdict, so it can cost coverage but never give a wrong
// one. They answer the gaps attacks found in older readings (test/fixtures/intent-attack-*.json, `known`): a later
// round, re-review or correction after the verdict; the verdict of a round that is not the latest; someone
// else's words introduced above it; a part, a stale or a pending verdict in the key's parenthetical; a test run's
// status; a label that offers alternatives; a Chinese "whether or not".
import type { Candidate } from './intent-candidate.js';
import { plain } from './intent-token.js';
import { quotedLines, SIGN_OFF } from './intent-body.js';
import { EARLIER, PASS_WORDS } from './intent-key-words.js';

/** A later round, pass, review or update, by its label (upper-case, decoration gone). */
const REVISIT =
  /^(?:RE-?(?:REVIEW(?:ED)?|CHECK(?:ED)?|VISIT(?:ED)?)\b|(?:LATER|LATEST)\s+(?:ROUND|PASS|REVIEW|LOOK)\b)/;
/** An update or a correction amends what came before it, wherever the verdict sits (with a colon or a dash). */
const AMENDS =
  // … and in German, Spanish, Portuguese and French, or a re-check told after it ("Re-checked at 3f9a1c2: …")
  // (attack 38)
  /^(?:UPDATE(?:D(?!\s+(?:AT|ON|BY|DATE|TIME)\b))?|EDIT(?:ED)?|UPD|ADDENDUM|CORRECTION|ERRATUM|LATER|ETA|P\.?\s?(?:P\.?\s?)?S|NACHTRAG|ACTUALIZACI[OÓ]N|ATUALIZA[CÇ][AÃ]O|MISE\s+[ÀA]\s+JOUR|RE-?CHECKED|RE-?VERIFIED|RE-?REVIEWED)\b(?!S)/;
/** The same in Chinese and Japanese: "追記（9/14）：…", "更新：…", "补充：…" (attack 39). */
const AMENDS_CJK = /^(?:追記|追记|更新|补充|補充|订正|訂正|修正)/;
/** A retraction needs no colon: "Scratch that.", "Never mind", "On second thought", "Oh wait —" (attack 33). */
const RETRACTS =
  /^(?:SCRATCH\s+THAT|NEVER\s*MIND|NVM|ON\s+SECOND\s+THOUGHTS?|(?:OH\s+)?WAIT\b|ACTUALLY\b|HOLD\s+ON|HANG\s+ON|RETRACT\w*|IGNORE\s+(?:THAT|THIS|THE|MY)|UN-?APPROV\w*|TAKE\s+THAT\s+BACK|ON\s+REFLECTION|I\s+(?:HAVE\s+TO\s+|MUST\s+|NEED\s+TO\s+)?WITHDRAW|FINALEMENT\s+NON|DOCH\s+NICHT|EIGENTLICH\s+NICHT|PENS[ÁA]NDOLO\s+MEJOR)/;
/** A heading that follows a review up ("## Follow-up Review: the relay fixes re-checked", held-out 35), not a label. */
const FOLLOW_UP = /^FOLLOW[\s-]?UP\s+(?:REVIEW|RE-?CHECK|CHECK|PASS|ROUND)\b/;
const ORDINAL: Record<string, number> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5, FIRST: 1, SECOND: 2 };
Object.assign(ORDINAL, { THIRD: 3, FOURTH: 4, FIFTH: 5, '1ST': 1, '2ND': 2, '3RD': 3, '4TH': 4, '5TH': 5 });
const WORDS = Object.keys(ORDINAL).join('|');
const NUMBERED = new RegExp(
  String.raw`^(?:(?:ROUND|PASS|CYCLE|ITERATION|ATTEMPT|R)\s*#?\s*(\d{1,2}|${WORDS})\b|` +
    String.raw`REVIEW\s+(\d{1,2}|${WORDS})\b(?![.,]\d)|` +
    String.raw`(${WORDS})\s+(?:ROUND|PASS|REVIEW|LOOK|CYCLE|ITERATION)\b|V(\d{1,2})\s+REVIEW\b)`,
);
/** A date in a verdict's key: "(Mar 3)", "(2026-03-03)", "(3 March)". */
const DATED =
  /\((?:(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[A-Z]*\.?\s+\d{1,2}|\d{1,2}\s+(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[A-Z]*|\d{4}-\d{2}-\d{2})(?:,[^)]*)?\)/;
/** What says a round is the latest, wherever it stands ("## Round 2 (latest)"). */
const LATEST = /\b(?:LATEST|CURRENT|MOST\s+RECENT)\b/;

interface Marker {
  index: number;
  /** The round's number; Infinity for a re-review or an update that only says it comes later. */
  round: number;
  /** An update or a correction ("Correction after re-running the suite: …"), not a round. */
  amends: boolean;
  latest: boolean;
  /** A heading or a line that is only a bold label: a section starts there. */
  section: boolean;
}

/** A line that starts a section: a heading, or a bold label alone on its line. */
const SECTION = /^\s*(?:#{1,6}\s|(\*\*|__)[^*_]+\1\s*[:：]?\s*$)/;

/** A line's words as a label opens them: upper-case, decoration, brackets and a leading dash gone. */
const opening = (line: string): string =>
  plain(line)
    .toUpperCase()
    .replace(/^[\s#*_[(^—–-]+/, '');

/** The round or update a line opens, if it does: a heading, a bold label alone, or a paragraph "Update: …". */
function markerAt(line: string, index: number): Marker | null {
  const section = SECTION.test(line);
  if (/^\s*(>|\||[-+*]\s|\d+[.)]\s)/.test(line)) return null;
  const text = opening(line);
  const latest = LATEST.test(text);
  const numbered = NUMBERED.exec(text);
  if (numbered && section) {
    const n = numbered.slice(1).find((g) => g !== undefined)!;
    return { index, round: /^\d+$/.test(n) ? Number(n) : ORDINAL[n]!, amends: false, latest, section };
  }
  if (REVISIT.test(text) && section) return { index, round: Infinity, amends: false, latest, section };
  // a paragraph may open an update or a correction ("Correction after re-running the suite: …")
  const amends =
    ((AMENDS.test(text) || AMENDS_CJK.test(text)) && (section || /^[^:：]{0,80}(?:[:：]|\s[—–-])/.test(text))) ||
    RETRACTS.test(text);
  if (amends || (FOLLOW_UP.test(text) && /^\s*#/.test(line)))
    return { index, round: Infinity, amends: true, latest, section };
  return null;
}

/**
 * The verdict's round is not the last word: an update or a correction follows it; or it sits in a numbered round
 * and a later one (a higher number, a re-review, one that says it is the latest) stands anywhere in the body. A
 * verdict that sits in no round keeps its word over a round's history below it ("## Round 1 issues — resolution")
 * and over a re-check it sums up. Rounds that may disagree give no suggestion (issue 18); which stands is the
 * author's to say.
 */
function laterRound(
  lines: readonly string[],
  code: ReadonlySet<number>,
  at: number,
  line: (index: number) => number,
): string | null {
  const markers = lines.flatMap((l, i) => (code.has(i) ? [] : [markerAt(l, i)])).filter((m) => m !== null);
  const amended = markers.find((m) => m.amends && m.index > at);
  if (amended) return `line ${line(amended.index)} opens an update or a correction after it`;
  // the verdict's own section: the nearest heading or bold label above it, if that one opens a round ("## Verdict"
  // after a newest-first history sits in no round: a read-through)
  const section = lines.findLastIndex((l, i) => i <= at && !code.has(i) && SECTION.test(l));
  const own = markers.find((m) => m.index === section && m.section && !m.amends);
  // a verdict dated on its own line ("**Verdict (Mar 3):** …") with a re-review or a round after it: that day's
  // verdict, not the last word (attack 37)
  if (!own && DATED.test(plain(lines[at]!).toUpperCase())) {
    // a round, or a later section dated too ("### After the force-push (March 5)")
    const after =
      markers.find((m) => m.index > at && !m.amends)?.index ??
      lines.findIndex((l, i) => i > at && !code.has(i) && SECTION.test(l) && DATED.test(plain(l).toUpperCase()));
    if (after >= 0) return `line ${line(after)} opens a later round than the dated verdict`;
  }
  if (!own || own.round === Infinity) return null;
  const newer = markers.find(
    (m) =>
      m !== own &&
      !m.amends &&
      (m.round > own.round || (m.latest && !own.latest)) &&
      (m.index > at || m.round !== Infinity),
  );
  return newer
    ? `line ${line(newer.index)} opens a later round than the one it sits in (line ${line(own.index)})`
    : null;
}

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

/**
 * A section title for another reviewer's part of a panel ("## Security persona", "### Architecture agent"), or for a
 * record copied in ("## Change record (copied from ServiceNow)") (attack 38).
 */
const OTHERS_TITLE =
  /^(?!(?:FINAL|LEAD|MAIN|PRIMARY|CODE|THIS|MY|OUR)\b)(?:[\w-]+\s+){1,3}(?:(?:PERSONA|AGENT|SUB-?AGENT|BOT|LENS|LANE)S?\b|REVIEWER\s*$)|\b(?:COPIED|PASTED|QUOTED|CHANGE\s+RECORD)\b/;

/** A section title for an earlier review: "## Previous review (Mar 3)", "**Earlier round**", "### Last pass". */
const EARLIER_TITLE = new RegExp(
  // "### Last week's review" (attack 37)
  String.raw`^(?:${EARLIER}|FIRST|1ST|LAST|(?:MON|TUES|WEDNES|THURS|FRI|SATUR|SUN)DAY['’]?S?)` +
    String.raw`(?:[\s-]+(?:WEEK|MONTH|SPRINT|TIME|YEAR)['’]?S?)?` +
    String.raw`[\s-]+(?:${PASS_WORDS}|VERDICT)S?\b`,
);

/**
 * The verdict sits in a section titled as an earlier review (attack 33: "## Previous review (Mar 3)" / "Verdict:
 * APPROVE", then "## Today" withdraws it): its nearest heading or bold label above.
 */
function historySection(lines: readonly string[], code: ReadonlySet<number>, at: number): number {
  // a <details> summary titles what it folds too: "<summary>Previous review (at 1a2b3c4)</summary>" (attack 38)
  const k = lines.findLastIndex((l, i) => i < at && !code.has(i) && (SECTION.test(l) || /^\s*<summary>/i.test(l)));
  if (k < 0) return -1;
  return EARLIER_TITLE.test(opening(lines[k]!)) || OTHERS_TITLE.test(opening(lines[k]!)) ? k : -1;
}
