// A patch identity for `unchanged-when: patch`, restamp and the board — pure. Two heads whose PR patches (against
// their merge bases) are the same text, hunk headers and line numbers included, share an id: a rebase or a base-branch
// merge that changes nothing in the PR. Line numbers count: the same hunk text with the same context can stand at
// another place in a file (two alike blocks of a route map), and there it is another change. A rebase over base
// commits that moved the PR's lines is therefore reviewed again.
import { createHash } from 'node:crypto';

export interface DiffFile {
  filename: string;
  status: string;
  previous_filename?: string;
  patch?: string;
}

/** GitHub's compare lists at most this many files; a list that long may be cut. */
export const COMPARE_FILE_CAP = 300;

/** null when the patch cannot be read whole: the file cap, or a file without a textual patch. */
export function patchId(files: readonly DiffFile[] | null): string | null {
  if (files === null || files.length >= COMPARE_FILE_CAP) return null;
  const h = createHash('sha256');
  for (const f of [...files].sort((a, b) => (a.filename < b.filename ? -1 : a.filename > b.filename ? 1 : 0))) {
    if (typeof f.patch !== 'string') return null; // binary or too large: not comparable
    const body = f.patch;
    h.update(`${f.status}\0${f.previous_filename ?? ''}\0${f.filename}\0${body.length}\0${body}\0`);
  }
  return h.digest('hex');
}

/** A regular file's mode: the only one the compare's files (no mode there) can stand for. */
const REGULAR = '100644';

/**
 * The files a unified diff (the compare's diff media type) gives another mode than a regular file's, on either side
 * of the change: a symlink (120000), an executable (100755), a submodule (160000). The compare's file list carries no
 * mode, so a symlink whose target is `../../.env` and a regular file holding that text have one PR patch id (attack
 * round 12, R1): a verdict is carried by patch only to a head whose files are all regular (headPatchOf, the shell).
 */
export function specialModes(diff: string): string[] {
  const out = new Set<string>();
  let file = '';
  for (const line of diff.split('\n')) {
    const header = /^diff --git a\/.* b\/(.*)$/.exec(line);
    if (header) {
      file = header[1]!;
      continue;
    }
    const mode =
      /^(?:new file mode|deleted file mode|old mode|new mode) (\d+)$/.exec(line) ?? /^index \S+ (\d+)$/.exec(line);
    if (mode && mode[1] !== REGULAR) out.add(file);
  }
  return [...out];
}

/**
 * Whether a verdict may be carried to a head by its PR patch alone: one of the reviews it could be carried from
 * (history.ts patchCandidates) recorded that patch on another head with another tree (or none). A carry by the same
 * tree needs no mode: a tree holds its files' modes.
 */
export function patchAloneCarries(
  candidates: ReadonlyArray<{ marker: { head: string; tree: string | null; patch?: string | null } }>,
  head: { sha: string; tree: string | null; patch: string | null },
): boolean {
  if (head.patch === null) return false;
  return candidates.some(
    (h) =>
      h.marker.patch === head.patch &&
      h.marker.head !== head.sha &&
      (head.tree === null || h.marker.tree !== head.tree),
  );
}
