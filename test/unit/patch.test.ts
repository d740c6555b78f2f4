import { describe, expect, test } from 'vitest';
import { patchId, type DiffFile } from '../../src/core/patch.js';

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
