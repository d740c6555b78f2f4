// src/head-patch.ts with a stub port: the diff is read for its files' modes only when a verdict could be carried by
// the PR patch alone (a read-through of attack round 12: the whole history was scanned, and a match on an older review
// at another tree cost the latest review's carry by the same tree).
import { describe, expect, test } from 'vitest';
import { headPatchOf } from '../../src/head-patch.js';
import { carriedTo, patchCandidates, type HistoryEntry } from '../../src/core/history.js';
import { patchId, type DiffFile } from '../../src/core/patch.js';

const files: DiffFile[] = [{ filename: 'run.sh', status: 'modified', patch: '@@ -1 +1 @@\n-a\n+b' }];
const P = patchId(files)!;
const EXEC =
  'diff --git a/run.sh b/run.sh\nindex 1111111..2222222 100755\n--- a/run.sh\n+++ b/run.sh\n@@ -1 +1 @@\n-a\n+b\n';
const C = 'c'.repeat(40);
const subject = { head: C, base: 'main', version: '' };
const entry = (id: number, head: string, tree: string): HistoryEntry => ({
  review: { id, state: 'APPROVED', login: 'priya', body: '', htmlUrl: '' },
  marker: { persona: 'priya', verdict: 'APPROVE', head, base: 'main', tree, patch: P, run: 'r' },
});
const A = entry(1, 'a'.repeat(40), 'TA');
const B = entry(2, 'b'.repeat(40), 'TB');

function stub(diff: string | Error) {
  const reads = { diff: 0 };
  const port = {
    compareFiles: async () => files,
    compareDiff: async () => {
      reads.diff++;
      if (diff instanceof Error) throw diff;
      return diff;
    },
  } as never;
  return { port, reads };
}

describe('headPatchOf', () => {
  test('A (tree TA), then B (tree TB), an empty commit C on B: carried by the tree, no diff read', async () => {
    const { port, reads } = stub(EXEC);
    const warnings: string[] = [];
    const patch = await headPatchOf(port, 'base', { sha: C, tree: 'TB' }, patchCandidates([A, B], subject), warnings);
    expect(patch).toBe(P);
    expect(reads.diff).toBe(0);
    expect(warnings).toEqual([]);
    expect(carriedTo([A, B], subject, { tree: 'TB', patch }, 'tree')?.by).toBe('tree');
  });

  test('only the patch alone could carry, and the diff shows an executable: no patch, said why', async () => {
    const { port, reads } = stub(EXEC);
    const warnings: string[] = [];
    const patch = await headPatchOf(port, 'base', { sha: C, tree: 'TC' }, patchCandidates([A, B], subject), warnings);
    expect(patch).toBeNull();
    expect(reads.diff).toBe(1);
    expect(warnings.join('\n')).toMatch(/run\.sh: a symlink, an executable or a submodule/);
  });

  test('the same with regular files: the patch stands', async () => {
    const { port } = stub(EXEC.replace('100755', '100644'));
    const patch = await headPatchOf(port, 'base', { sha: C, tree: 'TC' }, patchCandidates([A, B], subject), []);
    expect(patch).toBe(P);
  });

  test.each([
    ['cut inside the hunk', EXEC.replace('100755', '100644').slice(0, -3)],
    ['without the file', ''],
    ['showing another file', EXEC.replaceAll('run.sh', 'other.sh').replace('100755', '100644')],
  ])(
    'a diff that does not show the listed files whole (%s): no patch, said why (attack round 13, F5)',
    async (_n, d) => {
      const warnings: string[] = [];
      const { port } = stub(d);
      expect(await headPatchOf(port, 'base', { sha: C, tree: 'TC' }, patchCandidates([A, B], subject), warnings)).toBe(
        null,
      );
      expect(warnings.join('\n')).toMatch(/is not whole .*: no verdict is carried to it by its PR patch/);
    },
  );

  test('no candidates (settings that carry by the tree only): the diff is never read', async () => {
    const { port, reads } = stub(EXEC);
    expect(await headPatchOf(port, 'base', { sha: C, tree: 'TC' }, [], [])).toBe(P);
    expect(reads.diff).toBe(0);
  });

  test('a candidate of another base or version is none', () => {
    expect(patchCandidates([B], { ...subject, base: 'develop' })).toEqual([]);
    expect(patchCandidates([B], { ...subject, version: 'v2' })).toEqual([]);
  });
});
