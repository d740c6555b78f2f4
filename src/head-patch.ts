// The PR patch of a head, for carrying a verdict from another head (unchanged-when, restamp, the board): its id from
// the compare's file list (core/patch.ts), and — only when a verdict could be carried by the patch alone (the caller
// passes the reviews it could come from, none when its settings carry by the tree only) — the compare's diff, read to
// see that every file is a regular one: the file list carries no mode, so a symlink and a file holding its target as
// text would share an id (attack round 12, R1). null: nothing is carried by the patch.
import { COMPARE_FILE_CAP, patchAloneCarries, patchId, specialModes } from './core/patch.js';
import { short } from './core/sha.js';
import { ApiError, type GitHubPort } from './github/port.js';

interface Marked {
  marker: { head: string; tree: string | null; patch?: string | null };
}

export async function headPatchOf(
  port: GitHubPort,
  base: string,
  head: { sha: string; tree: string | null },
  candidates: readonly Marked[],
  warnings: string[],
): Promise<string | null> {
  const patch = patchId(await port.compareFiles(base, head.sha));
  if (patch === null) {
    warnings.push(
      `the PR's patch at ${short(head.sha)} could not be read whole (compare refused, ${COMPARE_FILE_CAP}+ files, ` +
        'or a binary file): nothing is carried forward as unchanged in this run',
    );
    return null;
  }
  if (!patchAloneCarries(candidates, { ...head, patch })) return patch;
  let special: string[];
  try {
    special = specialModes(await port.compareDiff(base, head.sha));
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    warnings.push(
      `the diff of ${short(head.sha)} could not be read to check its files' modes (${e.message}): no verdict is ` +
        'carried to it by its PR patch in this run',
    );
    return null;
  }
  if (!special.length) return patch;
  const named = special.slice(0, 3).join(', ') + (special.length > 3 ? ` and ${special.length - 3} more` : '');
  warnings.push(
    `${short(head.sha)} changes a file that is not a regular one (${named}: a symlink, an executable or a ` +
      "submodule), and the PR patch does not show a file's mode: no verdict is carried to it by its PR patch",
  );
  return null;
}
