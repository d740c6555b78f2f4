// CODEOWNERS as GitHub reads it (core/doctor-codeowners.ts): gitignore's patterns, the last matching line decides, a
// line with no owner leaves a path unowned (GitHub's docs, "About code owners").
import { describe, expect, test } from 'vitest';
import { matches, ownersOf, unowned } from '../../src/core/doctor-codeowners.js';

describe('a pattern matches a path as GitHub matches it', () => {
  test.each<[string, string, boolean]>([
    ['*', '.github/workflows/a.yml', true],
    ['/.github/', '.github/workflows/a.yml', true],
    ['.github/', '.github/persona-verdict/priya.md', true],
    ['.github/', 'sub/.github/x', true], // no slash but the trailing one: at any depth
    ['/.github/', 'sub/.github/x', false],
    ['/.github/workflows/', '.github/persona-verdict/priya.md', false],
    ['.github/workflows/', '.github/workflows/a.yml', true], // a slash in the middle anchors it at the root
    ['*.yml', '.github/workflows/a.yml', true],
    ['/.github/*', '.github/CODEOWNERS', true],
    ['/.github/*', '.github/workflows/a.yml', false], // "docs/*" owns only what is right under docs/
    ['/.github/**', '.github/workflows/a.yml', true],
    ['**/workflows/', '.github/workflows/a.yml', true],
    ['/.github/CODEOWNERS', '.github/CODEOWNERS', true],
    ['/src/', '.github/CODEOWNERS', false],
    ['.github', '.github/workflows/a.yml', true], // a name without a wildcard owns what is under it
  ])('%s ~ %s: %s', (pattern, path, want) => {
    expect(matches(pattern, path)).toBe(want);
  });
});

describe('owners: the last matching line decides', () => {
  const file =
    '# the team\n* @acme/everyone\n/.github/ @acme/maintainers @dana  # the gate\n/.github/persona-verdict/\n';
  test.each<[string, string[] | null]>([
    ['src/a.ts', ['@acme/everyone']],
    ['.github/workflows/a.yml', ['@acme/maintainers', '@dana']],
    ['.github/persona-verdict/priya.md', []], // a line with no owner: unowned
  ])('%s → %j', (path, owners) => {
    expect(ownersOf(file, path)).toEqual(owners);
  });

  test('no matching line: null', () => expect(ownersOf('/src/ @a\n', 'README.md')).toBeNull());

  test("the gate's files left without an owner, each named", () => {
    expect(unowned({ path: '.github/CODEOWNERS', text: file })).toEqual(['.github/persona-verdict/']);
    // the root is looked at before docs/: a CODEOWNERS added there would be used instead
    expect(unowned({ path: 'docs/CODEOWNERS', text: '/.github/ @acme/maintainers\n' })).toEqual([
      'docs/CODEOWNERS',
      'CODEOWNERS',
    ]);
    expect(unowned({ path: '.github/CODEOWNERS', text: '/.github/ @acme/maintainers\n' })).toEqual([]);
  });
});

// a review of the doctor, 2026-12-03: one sample path per directory let lines that own the recipe's names only pass
describe('a directory is owned only when every file in it is', () => {
  test.each<[string, string[]]>([
    [
      '/.github/workflows/persona-*.yml @a\n/.github/persona-verdict/priya.md @a\n/.github/CODEOWNERS @a\n',
      ['.github/workflows/', '.github/persona-verdict/'],
    ],
    [
      '*.md @a\n/.github/workflows/*.yml @a\n/.github/CODEOWNERS @a\n',
      ['.github/workflows/', '.github/persona-verdict/'],
    ],
    ['/.github/**/* @a\n', []],
  ])('%j → %j', (text, left) => {
    expect(unowned({ path: '.github/CODEOWNERS', text })).toEqual(left);
  });
});

// a review of the doctor, 2026-12-03: "/.github/ @acme/no-such-team" passed; GitHub reports the owner as unknown
// (GET codeowners/errors), and a line it reports asks no one
test('a line GitHub reports an error on gives no owner', () => {
  const text = '* @acme/everyone\n/.github/ @acme/no-such-team\n';
  expect(unowned({ path: '.github/CODEOWNERS', text })).toEqual([]);
  expect(unowned({ path: '.github/CODEOWNERS', text, errors: [{ line: 2 }] })).toEqual([
    '.github/workflows/',
    '.github/persona-verdict/',
    '.github/CODEOWNERS',
  ]);
});

// a read-through, 2026-12-03: a folder down, and the places GitHub looks first
test('a file a folder down, and every place GitHub looks before the file used, must be owned', () => {
  expect(unowned({ path: '.github/CODEOWNERS', text: '/.github/persona-verdict/* @a\n/.github/ @a\n' })).toEqual([]);
  expect(
    unowned({
      path: '.github/CODEOWNERS',
      text: '/.github/workflows/ @a\n/.github/persona-verdict/* @a\n/.github/CODEOWNERS @a\n',
    }),
  ).toEqual(['.github/persona-verdict/']);
  const docs = '/.github/workflows/ @a\n/.github/persona-verdict/ @a\n/docs/CODEOWNERS @a\n';
  expect(unowned({ path: 'docs/CODEOWNERS', text: docs })).toEqual(['.github/CODEOWNERS', 'CODEOWNERS']);
  expect(unowned({ path: 'docs/CODEOWNERS', text: `${docs}/CODEOWNERS @a\n/.github/CODEOWNERS @a\n` })).toEqual([]);
});
