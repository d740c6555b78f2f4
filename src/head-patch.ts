// The PR patch of a head, for carrying a verdict from another head (unchanged-when, restamp, the board): its id from
// the compare's file list (core/patch.ts), and — only when a verdict could be carried by the patch alone (the caller
// passes the reviews it could come from, none when its settings carry by the tree only) — the compare's diff, read to
// see that every file is a regular one: the file list carries no mode, so a symlink and a file holding its target as
// text would share an id (attack round 12, R1); a diff that does not show every listed file whole carries nothing
// (attack round 13, F5). null: nothing is carried by the patch.
import { cover } from './core/diffcover.js';
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
  const files = await port.compareFiles(base, head.sha);
  const patch = patchId(files);
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
    const diff = await port.compareDiff(base, head.sha);
    // the modes are read from a diff that shows every listed file whole, or from none (attack round 13, F5: a
    // symlink's header past a cut went unseen)
    const c = cover(diff, files!, files!.length);
    if (!c.whole) {
      warnings.push(
        `the diff of ${short(head.sha)} is not whole (${c.why}), so its files' modes cannot be checked: no ` +
          'verdict is carried to it by its PR patch in this run',
      );
      return null;
    }
    special = specialModes(diff);
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
