// Which verdicts are items' statuses, not the review's — pure, part of "did you mean" (core/intent.ts): one key
// repeated for three or more items (a finding's "**Decision:** ACCEPTED", every PR's "**Status:** Approved") triages
// them. Setting them aside never leaves a different verdict standing alone (then nothing is set aside and the verdicts
// conflict), except a refusal set apart after items that disagree among themselves; verdicts that each sit under a
// heading of their own are rounds, not items.
import type { Candidate } from './intent-candidate.js';
import { keysOf, OPENS, STRONG_KEY } from './intent-key-words.js';
import { plain } from './intent-token.js';

/** How many lines open with each weak key as a label ("**Recommendation:** CLOSE"), whatever its value says. */
export function keyLabels(lines: readonly string[], code: ReadonlySet<number>): Map<string, number> {
  const count = new Map<string, number>();
  for (let i = 0; i < lines.length; i++) {
    if (code.has(i)) continue;
    const upper = plain(lines[i]!).toUpperCase();
    const key = keysOf(upper)[0];
    if (!key || key.strong || key.final || !OPENS.test(upper.slice(0, key.at))) continue;
    if (!/^\s*(\([^)]*\)\s*)?[:：=]/.test(upper.slice(key.end))) continue;
    count.set(key.name, (count.get(key.name) ?? 0) + 1);
  }
  return count;
}

/** A verdict key's token that triages an item as often as it decides a review: "**Decision:** ACCEPTED". */
const TRIAGE = /^(ACCEPT|REJECT|PASS|FAIL)/;

/**
 * One key repeated for three or more items — a weak key with any token ("**Status:** Approved" under every PR,
 * "Status: BLOCKING" under every blocker), a verdict key with ACCEPTED/REJECTED/PASS/FAIL ("**Decision:** ACCEPTED"
 * under every finding): the triage of items, not the review's verdict. Dropping them never leaves a different verdict
 * standing alone, except a refusal set apart after items that disagree among themselves (refusalSetApart).
 */
export function withoutItemStatuses(
  candidates: Candidate[],
  labels: ReadonlyMap<string, number>,
  closing: number | null,
  lines: readonly string[],
): Candidate[] | { rounds: Candidate[] } {
  const items = (c: Candidate): boolean =>
    !c.final && !!c.key && (!STRONG_KEY.test(c.key) || TRIAGE.test(c.token ?? ''));
  const count = new Map<string, number>();
  for (const c of candidates) if (items(c)) count.set(c.key!, (count.get(c.key!) ?? 0) + 1);
  // a closing line set apart from the items is counted only against other verdicts under its key, not against
  // every label of its name ("**Status**: REVIEW COMPLETED" at the top; "---", then "**Status**: ✅ APPROVED")
  // one "Key: value" under a verdict heading is set apart from the labels of its key; two or more are items' statuses
  const apart = (c: Candidate): boolean => !!c.underHeading && (count.get(c.key!) ?? 0) === 1;
  const times = (c: Candidate): number =>
    Math.max(count.get(c.key!) ?? 0, c.index === closing || apart(c) ? 0 : (labels.get(c.key!) ?? 0));
  const kept = candidates.filter((c) => !items(c) || times(c) < 3);
  // what the items said must not leave another verdict standing alone: then nothing is dropped (and they conflict),
  // unless the items disagree among themselves and a refusal set apart after them is all that is left
  const left = new Set(kept.flatMap((c) => c.verdicts));
  const gone = candidates.filter((c) => !kept.includes(c));
  const dropped = gone.flatMap((c) => c.verdicts);
  const mixed = refusalSetApart(gone, kept, lines);
  if (left.size && dropped.some((v) => !left.has(v)) && !mixed) return candidates;
  // verdicts each under a heading of their own ("### Verdict" / "FAIL", … / "PASS") are rounds, not one item's
  // triage: when they are all there is and they disagree, the body states conflicting verdicts, not none
  const rounds = gone.length > 0 && gone.every((c) => c.tokenIndex !== undefined);
  return !left.size && rounds && new Set(dropped).size > 1 ? { rounds: candidates } : kept;
}

/**
 * Items' statuses that disagree among themselves (gates each PASS or FAIL) are plainly each one's own: a verdict key's
 * refusal set apart after them (a rule or a top heading between, in a section not about another PR) is the review's
 * ("**Decision:** BLOCKED" after five gates' statuses: held-out 25; a follow-up PR's section: attack 27). An approval
 * left so is not read (a failed gate under it: attack 26).
 */
function refusalSetApart(gone: readonly Candidate[], kept: readonly Candidate[], lines: readonly string[]): boolean {
  if (!gone.length || new Set(gone.flatMap((c) => c.verdicts)).size < 2) return false;
  const last = Math.max(...gone.map((c) => c.tokenIndex ?? c.index));
  const apartAfter = (c: Candidate): boolean =>
    c.index > last && lines.slice(last + 1, c.index).some((l) => /^\s*(-{3,}|\*{3,}|_{3,}|#{1,2}\s)/.test(l));
  const section = (c: Candidate): string => lines.slice(0, c.index).findLast((l) => /^\s*#/.test(l)) ?? '';
  return kept.every(
    (c) =>
      !!c.key &&
      STRONG_KEY.test(c.key) &&
      c.verdicts.join() === 'CHANGES_REQUESTED' &&
      apartAfter(c) &&
      !/#\d|\bPR\b|FOLLOW-?UP|STACKED|UPSTREAM/i.test(section(c)),
  );
}
