// The hidden marker that makes a review part of a persona's history (docs/DESIGN.md,
// "The marker"). Pure.
import { EVENT_OF, VERDICTS, type ReviewEvent, type Verdict } from './grammar.js';

export const MARKER_NAME = 'persona-verdict';
export const MARKER_VERSION = 1;

export interface Marker {
  persona: string;
  head: string; // the reviewed head SHA (authoritative over the review's commit_id)
  tree: string | null; // the head's tree SHA, null when it could not be established
  patch?: string | null; // the PR patch id (unchanged-when: patch), null/absent when not established
  /** The PR's base branch when it was reviewed; absent in markers written before 0.3.0 (they bind no base). */
  base?: string;
  verdict: Verdict;
  /** The event the review was posted with, when it is not the verdict's own (review-event: COMMENT). */
  event?: ReviewEvent;
  /** persona-version: the persona's prompt and model as named by its author; absent for "". */
  version?: string;
  /** A forced re-review (force: true): it stands for its head over every earlier review of that head. */
  forced?: boolean;
  run: string; // identifies the run that posted it (ambiguous-failure recovery)
}

/** The event a marked review was posted with: recorded, or the verdict's own. */
export const postedEvent = (m: Marker): ReviewEvent => m.event ?? EVENT_OF[m.verdict];

/** Persona names: what fits safely in a marker and a summary. */
export const PERSONA_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,38}$/;
/** Persona names compare without case, as logins do: `Priya` and `priya` are one persona. */
export const samePersona = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();
export const RUN_PATTERN = /^[A-Za-z0-9._-]{1,80}$/;
const SHA = /^[0-9a-f]{40}$/;
const PATCH = /^[0-9a-f]{64}$/;

const FREE = "[A-Za-z0-9%._~!*'()-]";
/**
 * The longest base a marker records, percent-encoded: a branch name of 1000 UTF-8 bytes (git and GitHub allow far
 * less). Encoder and decoder share it, so a persona's own review is never unreadable for its base's name.
 */
export const MAX_BASE_ENCODED = 3000;
// only event=COMMENT is ever written (review-event: COMMENT); any other recorded event is not a marker
const LINE = new RegExp(
  `^<!-- ${MARKER_NAME} v(\\d+) persona=(\\S+) head=([0-9a-f]{40}) tree=([0-9a-f]{40}|unknown) ` +
    `patch=([0-9a-f]{64}|unknown)(?: base=(${FREE}{1,${MAX_BASE_ENCODED}}))? ` +
    `verdict=(${VERDICTS.join('|')})(?: event=(COMMENT))?` +
    `( forced)?(?: version=(${FREE}{1,800}))? run=(\\S+) -->$`,
);

export function encodeMarker(m: Marker): string {
  if (!PERSONA_PATTERN.test(m.persona))
    throw new Error(`persona ${JSON.stringify(m.persona)} cannot be written in a marker`);
  if (!SHA.test(m.head) || (m.tree !== null && !SHA.test(m.tree)))
    throw new Error('marker SHAs must be 40 lower-case hex digits');
  if (m.patch != null && !PATCH.test(m.patch)) throw new Error('a marker patch id is 64 lower-case hex digits');
  if (!RUN_PATTERN.test(m.run)) throw new Error(`run id ${JSON.stringify(m.run)} cannot be written in a marker`);
  if (m.event && m.event !== EVENT_OF[m.verdict] && m.event !== 'COMMENT')
    throw new Error('a marker records only event=COMMENT (review-event: COMMENT)');
  const event = m.event && m.event !== EVENT_OF[m.verdict] ? ` event=${m.event}` : '';
  // percent-encoded: free text can hold neither spaces nor "-->" inside the comment
  const version = m.version ? ` version=${encodeURIComponent(m.version)}` : '';
  const base = m.base ? ` base=${encodeURIComponent(m.base)}` : '';
  if (base.length - 6 > MAX_BASE_ENCODED) throw new Error('the base branch name is too long for a marker');
  const forced = m.forced ? ' forced' : '';
  return (
    `<!-- ${MARKER_NAME} v${MARKER_VERSION} persona=${m.persona} head=${m.head} tree=${m.tree ?? 'unknown'} ` +
    `patch=${m.patch ?? 'unknown'}${base} verdict=${m.verdict}${event}${forced}${version} run=${m.run} -->`
  );
}

/** Reads the marker from the first line of a review body, and only from there. */
export function decodeMarker(body: string | null | undefined): Marker | null {
  if (!body) return null;
  const nl = body.search(/\r?\n/);
  const first = nl < 0 ? body : body.slice(0, nl);
  const m = LINE.exec(first);
  if (!m || Number(m[1]) !== MARKER_VERSION || !PERSONA_PATTERN.test(m[2]!) || !RUN_PATTERN.test(m[11]!)) return null;
  const version = m[10] ? decodeText(m[10]) : undefined;
  const base = m[6] ? decodeText(m[6]) : undefined;
  if (version === null || base === null || (m[8] && m[7] === 'COMMENT')) return null;
  return {
    persona: m[2]!,
    head: m[3]!,
    tree: m[4] === 'unknown' ? null : m[4]!,
    patch: m[5] === 'unknown' ? null : m[5]!,
    ...(base ? { base } : {}),
    verdict: m[7] as Verdict,
    ...(m[8] ? { event: m[8] as ReviewEvent } : {}),
    ...(m[9] ? { forced: true } : {}),
    ...(version ? { version } : {}),
    run: m[11]!,
  };
}

function decodeText(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

/** The persona version a marker records ("" for reviews posted without one). */
export const versionOf = (m: Marker): string => m.version ?? '';

/**
 * Marker-shaped text inside a persona's body is neutralised before posting: an HTML
 * comment opener followed by the marker name gets a visible "(quoted)" so it can
 * never read as a marker, wherever a later reader looks. Other text is untouched.
 */
export function neutralise(body: string): { body: string; count: number } {
  let count = 0;
  const out = body.replace(new RegExp(`<!--(\\s*)(${MARKER_NAME})`, 'gi'), (_m, ws: string, name: string) => {
    count++;
    return `<!--${ws}(quoted) ${name}`;
  });
  return { body: out, count };
}

/** The body as posted: marker first, then the persona's body (neutralised). */
export function composeBody(marker: Marker, personaBody: string): string {
  return `${encodeMarker(marker)}\n${neutralise(personaBody).body}`;
}
