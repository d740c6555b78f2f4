// Which round a verdict sits in — pure, part of "did you mean" (core/intent.ts), read by core/intent-doubts.ts:
// an update, a correction or a retraction after the verdict; a numbered round, a re-review or a dated verdict with a
// later one in the body; a section titled as an earlier review or another reviewer's. Each only withholds: a verdict
// that may not be the last word gives no suggestion (rounds that disagree are the author's to settle: issue 18).
import { plain } from './intent-token.js';
import { EARLIER, PASS_WORDS } from './intent-key-words.js';

/** A later round, pass, review or update, by its label (upper-case, decoration gone). */
const REVISIT =
  /^(?:RE-?(?:REVIEW(?:ED)?|CHECK(?:ED)?|VISIT(?:ED)?)\b|(?:LATER|LATEST)\s+(?:ROUND|PASS|REVIEW|LOOK)\b)/;
/** An update or a correction amends what came before it, wherever the verdict sits (with a colon or a dash). */
export const AMENDS =
  // … and in German, Spanish, Portuguese and French, or a re-check told after it ("Re-checked at 3f9a1c2: …")
  // (attack 38)
  /^(?:UPDATE(?:D(?!\s+(?:AT|ON|BY|DATE|TIME)\b))?|EDIT(?:ED)?|UPD|ADDENDUM|CORRECTION|ERRATUM|LATER|ETA|P\.?\s?(?:P\.?\s?)?S|NACHTRAG|ACTUALIZACI[OÓ]N|ATUALIZA[CÇ][AÃ]O|MISE\s+[ÀA]\s+JOUR|RE-?CHECKED|RE-?VERIFIED|RE-?REVIEWED)\b(?!S)/;
/** The same in Chinese and Japanese: "追記（9/14）：…", "更新：…", "补充：…" (attack 39). */
const AMENDS_CJK = /^(?:追記|追记|更新|补充|補充|订正|訂正|修正)/;
/** A retraction needs no colon: "Scratch that.", "Never mind", "On second thought", "Oh wait —" (attack 33). */
export const RETRACTS =
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
export const SECTION = /^\s*(?:#{1,6}\s|(\*\*|__)[^*_]+\1\s*[:：]?\s*$)/;

/** A line's words as a label opens them: upper-case, decoration, brackets and a leading dash gone. */
export const opening = (line: string): string =>
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
export function laterRound(
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
export function historySection(lines: readonly string[], code: ReadonlySet<number>, at: number): number {
  // a <details> summary titles what it folds too: "<summary>Previous review (at 1a2b3c4)</summary>" (attack 38)
  const k = lines.findLastIndex((l, i) => i < at && !code.has(i) && (SECTION.test(l) || /^\s*<summary>/i.test(l)));
  if (k < 0) return -1;
  return EARLIER_TITLE.test(opening(lines[k]!)) || OTHERS_TITLE.test(opening(lines[k]!)) ? k : -1;
}
