import { describe, expect, test } from 'vitest';
import {
  cover,
  coverHeader,
  parseDiff,
  unquote,
  type Coverage,
  type DiffSection,
  type ListedFile,
} from '../../src/core/diffcover.js';

const SHA1 = 'a'.repeat(40);
const SHA2 = 'b'.repeat(40);

// Sections as git (and GitHub's diff media type) write them.
const text = (p: string, patch = '@@ -1 +1 @@\n-old\n+new') =>
  `diff --git a/${p} b/${p}\nindex 1111111..2222222 100644\n--- a/${p}\n+++ b/${p}\n${patch}\n`;
const added = (p: string) =>
  `diff --git a/${p} b/${p}\nnew file mode 100644\nindex 0000000..2222222\n--- /dev/null\n+++ b/${p}\n` +
  '@@ -0,0 +1,2 @@\n+a\n+b\n';
const deleted = (p: string) =>
  `diff --git a/${p} b/${p}\ndeleted file mode 100644\nindex 2222222..0000000\n--- a/${p}\n+++ /dev/null\n` +
  '@@ -1 +0,0 @@\n-gone\n';
const binary = (p: string) =>
  `diff --git a/${p} b/${p}\nindex 1111111..2222222 100644\nBinary files a/${p} and b/${p} differ\n`;
const gitBinary = (p: string) =>
  `diff --git a/${p} b/${p}\nindex 1111111..2222222 100644\nGIT binary patch\n` +
  'literal 5\nMcmZ?wbaG{Y0000\n\nliteral 0\nHcmV?d00001\n\n';
const submodule = (p: string) =>
  `diff --git a/${p} b/${p}\nindex ${SHA1.slice(0, 7)}..${SHA2.slice(0, 7)} 160000\n--- a/${p}\n+++ b/${p}\n` +
  `@@ -1 +1 @@\n-Subproject commit ${SHA1}\n+Subproject commit ${SHA2}\n`;
const renamed = (from: string, to: string) =>
  `diff --git a/${from} b/${to}\nsimilarity index 100%\nrename from ${from}\nrename to ${to}\n`;
const renamedEdited = (from: string, to: string) =>
  `diff --git a/${from} b/${to}\nsimilarity index 90%\nrename from ${from}\nrename to ${to}\n` +
  `index 1111111..2222222 100644\n--- a/${from}\n+++ b/${to}\n@@ -1 +1 @@\n-x\n+y\n`;
const modeOnly = (p: string) => `diff --git a/${p} b/${p}\nold mode 100644\nnew mode 100755\n`;
const empty = (p: string) => `diff --git a/${p} b/${p}\nnew file mode 100644\nindex 0000000..e69de29\n`;

const lf = (filename: string, patch?: string, extra: Partial<ListedFile> = {}): ListedFile => ({
  filename,
  status: 'modified',
  ...(patch === undefined ? {} : { patch }),
  ...extra,
});
const P = '@@ -1 +1 @@\n-old\n+new';

describe('parseDiff: what each file of a git diff shows', () => {
  test.each<[string, string, DiffSection[]]>([
    ['a modified file', text('src/a.ts'), [{ path: 'src/a.ts', kind: 'text' }]],
    ['an added file', added('n.ts'), [{ path: 'n.ts', kind: 'text' }]],
    ['a deleted file', deleted('d.ts'), [{ path: 'd.ts', kind: 'text' }]],
    ['a binary file', binary('logo.png'), [{ path: 'logo.png', kind: 'binary' }]],
    ['a binary patch (--binary)', gitBinary('logo.png'), [{ path: 'logo.png', kind: 'binary' }]],
    ['a submodule bump', submodule('vendor/lib'), [{ path: 'vendor/lib', kind: 'submodule' }]],
    ['a rename without content', renamed('a.ts', 'b.ts'), [{ path: 'b.ts', kind: 'renamed', from: 'a.ts' }]],
    ['a rename with edits', renamedEdited('a.ts', 'b.ts'), [{ path: 'b.ts', kind: 'text', from: 'a.ts' }]],
    ['a mode change only', modeOnly('run.sh'), [{ path: 'run.sh', kind: 'mode' }]],
    ['an empty new file', empty('.keep'), [{ path: '.keep', kind: 'empty' }]],
    ['a path with spaces', text('my dir/a b.ts'), [{ path: 'my dir/a b.ts', kind: 'text' }]],
    [
      'a path with spaces: git ends its ---/+++ names with a tab',
      'diff --git a/x y b/x y\nindex 1111111..2222222 100644\n--- a/x y\t\n+++ b/x y\t\n@@ -1 +1 @@\n-a\n+b\n',
      [{ path: 'x y', kind: 'text' }],
    ],
    [
      'a quoted path (git escapes non-ASCII)',
      'diff --git "a/t\\303\\251st" "b/t\\303\\251st"\nBinary files "a/t\\303\\251st" and "b/t\\303\\251st" differ\n',
      [{ path: 'tést', kind: 'binary' }],
    ],
    [
      'a path with a newline is quoted by git, never a new line',
      'diff --git "a/x\\n# y" "b/x\\n# y"\n--- "a/x\\n# y"\n+++ "b/x\\n# y"\n@@ -1 +1 @@\n-a\n+b\n',
      [{ path: 'x\n# y', kind: 'text' }],
    ],
    [
      'a hunk line that looks like a file header is content',
      text('a.md', '@@ -1,2 +1,2 @@\n-diff --git a/x b/x\n+diff --git a/y b/y\n Binary files a and b differ'),
      [{ path: 'a.md', kind: 'text' }],
    ],
    [
      'no newline at end of file',
      text('a', '@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+b'),
      [{ path: 'a', kind: 'text' }],
    ],
    ['an empty diff', '', []],
  ])('%s', (_n, diff, sections) => {
    expect(parseDiff(diff)).toEqual({ sections });
  });

  test.each<[string, string, RegExp]>([
    ['cut inside a hunk', text('a.ts', '@@ -1,3 +1,3 @@\n-a\n+b'), /ends inside a hunk of a\.ts/],
    ['a hunk longer than its header', text('a.ts', '@@ -1 +1 @@\n-a\n+b\n+c'), /a\.ts holds a line/],
    ['text before the first file', `garbage\n${text('a.ts')}`, /does not begin with a file header/],
    ['an unreadable hunk header', text('a.ts', '@@ nonsense @@\n+x'), /hunk header of a\.ts/],
    ['an unreadable file header', 'diff --git nonsense\n', /file header of the diff cannot be read/],
  ])('%s → a problem', (_n, diff, why) => {
    const r = parseDiff(diff);
    expect(r).toHaveProperty('problem');
    expect((r as { problem: string }).problem).toMatch(why);
  });

  test('unquote decodes git C-quoting and refuses a malformed quote', () => {
    expect(unquote('"a/\\342\\234\\223 \\"q\\""')).toBe('a/✓ "q"');
    expect(unquote('plain')).toBe('plain');
    expect(unquote('"open')).toBeNull();
    expect(unquote('"bad\\q"')).toBeNull();
  });
});

type Row = [string, string, ListedFile[], number, Partial<Extract<Coverage, { whole: true }>> | RegExp];

describe('cover: a whole diff or none', () => {
  test.each<Row>([
    ['every file with text', text('a') + text('b'), [lf('a', P), lf('b', P)], 2, { withText: ['a', 'b'], noText: [] }],
    [
      'a binary file → listed without text',
      text('a') + binary('logo.png'),
      [lf('a', P), lf('logo.png', undefined, { status: 'added' })],
      2,
      { withText: ['a'], noText: [{ path: 'logo.png', kind: 'binary' }] },
    ],
    [
      'a submodule bump → listed without text',
      submodule('vendor/lib'),
      [lf('vendor/lib', `@@ -1 +1 @@\n-Subproject commit ${SHA1}\n+Subproject commit ${SHA2}`)],
      1,
      { withText: [], noText: [{ path: 'vendor/lib', kind: 'submodule' }] },
    ],
    [
      'a rename without content → listed without text, with its old name',
      renamed('old.ts', 'new.ts'),
      [lf('new.ts', undefined, { status: 'renamed', previous_filename: 'old.ts' })],
      1,
      { noText: [{ path: 'new.ts', kind: 'renamed', from: 'old.ts' }] },
    ],
    [
      'a mode-only change → listed without text',
      modeOnly('run.sh'),
      [lf('run.sh')],
      1,
      { noText: [{ path: 'run.sh', kind: 'mode' }] },
    ],
    [
      'a file too large for the files list but whole in the diff → text',
      text('big.json'),
      [lf('big.json')],
      1,
      { withText: ['big.json'], noText: [] },
    ],
    [
      'a listed file without a patch that the diff leaves out → listed as omitted',
      text('a'),
      [lf('a', P), lf('huge.bin')],
      2,
      { withText: ['a'], noText: [{ path: 'huge.bin', kind: 'omitted' }] },
    ],
    [
      'a listed pure rename the diff leaves out → listed as renamed',
      '',
      [lf('b', undefined, { status: 'renamed', previous_filename: 'a' })],
      1,
      { noText: [{ path: 'b', kind: 'renamed', from: 'a' }] },
    ],
    ['changed_files larger than the list', text('a'), [lf('a', P)], 2, /lists 1 file\(s\) but says the PR changes 2/],
    ['changed_files smaller than the list', text('a') + text('b'), [lf('a', P), lf('b', P)], 1, /lists 2 file/],
    [
      'over the 3000-file cap of the list',
      text('a'),
      [lf('a', P)],
      3001,
      /changes 3001 files; GitHub lists at most 3000/,
    ],
    ['the diff lacks a file with a patch', text('a'), [lf('a', P), lf('b', P)], 2, /diff lacks b, which GitHub lists/],
    ['the diff shows a file not listed', text('a') + text('x'), [lf('a', P), lf('b', P)], 2, /shows x, not among/],
    ['the diff cut in a hunk', text('a', '@@ -1,9 +1,9 @@\n-a\n+b'), [lf('a', P)], 1, /ends inside a hunk of a/],
    ['the same file twice', text('a') + text('a'), [lf('a', P)], 1, /shows a twice/],
    ['an empty diff for a PR with a patch', '', [lf('a', P)], 1, /diff lacks a/],
  ])('%s', (_n, diff, files, changed, want) => {
    const c = cover(diff, files, changed);
    if (want instanceof RegExp) {
      expect(c.whole).toBe(false);
      expect((c as { why: string }).why).toMatch(want);
    } else expect(c).toMatchObject({ whole: true, ...want });
  });

  test('3000 files listed and 3000 changed: whole (the cap is not passed)', () => {
    const files = Array.from({ length: 3000 }, (_, i) => lf(`f${i}`, P));
    const diff = files.map((f) => text(f.filename)).join('');
    expect(cover(diff, files, 3000).whole).toBe(true);
  });
});

describe('coverHeader: what the persona reads above the diff', () => {
  test('names every file without text, with its kind; nothing when all have text', () => {
    const c = cover(
      text('a') + binary('logo.png') + submodule('vendor/lib') + renamed('o.ts', 'n.ts'),
      [lf('a', P), lf('logo.png'), lf('vendor/lib', 'x'), lf('n.ts', undefined, { status: 'renamed' })],
      4,
    );
    if (!c.whole) throw new Error(c.why);
    const h = coverHeader(c);
    expect(h).toMatch(/^# persona-verdict: 3 of 4 changed file\(s\) have no text diff below;\n/);
    expect(h).toContain('#   logo.png (binary)\n');
    expect(h).toContain('#   vendor/lib (submodule: only the commit it points to is shown)\n');
    expect(h).toContain('#   o.ts -> n.ts (renamed, content unchanged)\n');
    expect(h.split('\n').every((l) => l === '' || l.startsWith('#'))).toBe(true);
    const all = cover(text('a'), [lf('a', P)], 1);
    expect(all.whole && coverHeader(all)).toBe('');
  });

  test('a path with a line break stays on its line, quoted', () => {
    const diff = 'diff --git "a/x\\n# ok" "b/x\\n# ok"\nBinary files "a/x\\n# ok" and "b/x\\n# ok" differ\n';
    const c = cover(diff, [lf('x\n# ok')], 1);
    if (!c.whole) throw new Error(c.why);
    expect(coverHeader(c)).toContain('#   "x\\n# ok" (binary)\n');
  });
});
