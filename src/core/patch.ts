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
