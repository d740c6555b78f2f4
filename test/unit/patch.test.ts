import { describe, expect, test } from 'vitest';
import { patchAloneCarries, patchId, specialModes, type DiffFile } from '../../src/core/patch.js';

const f = (filename: string, patch: string | undefined, status = 'modified'): DiffFile => ({ filename, status, patch });
const A = [f('a.ts', '@@ -1,2 +1,3 @@\n x\n+y'), f('b.ts', '@@ -10 +10 @@\n-old\n+new')];

describe('patchId', () => {
  test.each<[string, DiffFile[] | null, DiffFile[] | null, boolean]>([
    ['same patch', A, A, true],
    ['same patch, other file order', A, [A[1]!, A[0]!], true],
    // found by an attack: the same hunk text and context at another place is another change (two alike blocks)
    [
      'the same hunk text at other lines (moved by a rebase, or applied to another alike block)',
      A,
      [f('a.ts', '@@ -5,2 +5,3 @@\n x\n+y'), f('b.ts', '@@ -40 +40 @@\n-old\n+new')],
      false,
    ],
    ['one hunk moved, the other in place', A, [A[0]!, f('b.ts', '@@ -11 +11 @@\n-old\n+new')], false],
    ['one line differs', A, [A[0]!, f('b.ts', '@@ -10 +10 @@\n-old\n+newer')], false],
    ['a file more', A, [...A, f('c.ts', '@@ -0,0 +1 @@\n+c', 'added')], false],
    ['renamed vs modified', [f('a.ts', 'x')], [{ ...f('a.ts', 'x', 'renamed'), previous_filename: 'z.ts' }], false],
    [
      'hunk text after @@ differs',
      [f('a.ts', '@@ -1 +1 @@ function a\n+x')],
      [f('a.ts', '@@ -1 +1 @@ function b\n+x')],
      false,
    ],
  ])('%s → same id: %s', (_n, a, b, same) => {
    const x = patchId(a);
    const y = patchId(b);
    expect(x).toMatch(/^[0-9a-f]{64}$/);
    expect(x === y).toBe(same);
  });

  test.each<[string, DiffFile[] | null]>([
    ['compare refused', null],
    ['a binary file (no textual patch)', [f('logo.png', undefined)]],
    ['300 files: the list may be cut', Array.from({ length: 300 }, (_, i) => f(`f${i}`, '+x'))],
  ])('%s → unknown', (_n, files) => {
    expect(patchId(files)).toBeNull();
  });

  test('no files at all is a patch too (an empty PR)', () => {
    expect(patchId([])).toMatch(/^[0-9a-f]{64}$/);
  });
});

// attack round 12 (R1): the compare's file list has no mode; the diff's headers do
describe('specialModes: the files a diff gives another mode than a regular file', () => {
  const section = (path: string, headers: string) =>
    `diff --git a/${path} b/${path}\n${headers}--- a/${path}\n+++ b/${path}\n@@ -1 +1 @@\n-a\n+b\n`;
  test.each<[string, string, string[]]>([
    ['a regular file changed', section('a.ts', 'index 1111111..2222222 100644\n'), []],
    ['a regular file added', section('a.ts', 'new file mode 100644\nindex 0000000..2222222\n'), []],
    ['a symlink added', section('public/latest', 'new file mode 120000\nindex 0000000..2222222\n'), ['public/latest']],
    ['a symlink changed', section('l', 'index 1111111..2222222 120000\n'), ['l']],
    ['made executable', section('run.sh', 'old mode 100644\nnew mode 100755\nindex 1111111..2222222\n'), ['run.sh']],
    ['made a regular file again', section('run.sh', 'old mode 100755\nnew mode 100644\n'), ['run.sh']],
    ['a symlink deleted', section('l', 'deleted file mode 120000\nindex 1111111..0000000\n'), ['l']],
    ['a submodule bump', section('vendor/lib', 'index 1111111..2222222 160000\n'), ['vendor/lib']],
    [
      'two files, one special',
      section('a.ts', 'index 1111111..2222222 100644\n') + section('bin/x', 'new file mode 100755\n'),
      ['bin/x'],
    ],
    ['no diff', '', []],
    // a hunk line that looks like a header is content: it starts with + or -, or a space
    [
      'a line of content',
      section('a.ts', 'index 1111111..2222222 100644\n').replace('+b', '+new file mode 120000'),
      [],
    ],
  ])('%s', (_n, diff, files) => expect(specialModes(diff)).toEqual(files));
});

describe('patchAloneCarries: the diff is read only when the patch alone could carry a verdict', () => {
  const P = 'e'.repeat(64);
  const review = (head: string, tree: string | null, patch: string | null = P) => ({ marker: { head, tree, patch } });
  test.each<[string, ReturnType<typeof review>[], { sha: string; tree: string | null; patch: string | null }, boolean]>(
    [
      ['the same patch on another head and tree', [review('h1', 't1')], { sha: 'h2', tree: 't2', patch: P }, true],
      [
        'the same tree (an empty commit): the tree holds the modes',
        [review('h1', 't1')],
        { sha: 'h2', tree: 't1', patch: P },
        false,
      ],
      ['the same head (a re-run)', [review('h2', 't1')], { sha: 'h2', tree: 't2', patch: P }, false],
      ['another patch', [review('h1', 't1', 'f'.repeat(64))], { sha: 'h2', tree: 't2', patch: P }, false],
      ['no patch on this head', [review('h1', 't1')], { sha: 'h2', tree: 't2', patch: null }, false],
      ["the head's tree unknown", [review('h1', 't1')], { sha: 'h2', tree: null, patch: P }, true],
      ['no review', [], { sha: 'h2', tree: 't2', patch: P }, false],
    ],
  )('%s', (_n, history, head, reads) => expect(patchAloneCarries(history, head)).toBe(reads));
});
