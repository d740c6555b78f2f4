// A whole diff or none: the diff-path file covers every file the PR changes. Files the
// diff shows without text are named in a header the persona reads; a diff GitHub refuses
// or cuts, or a file count that disagrees with changed_files, aborts diff-unavailable.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { OWNER, REPO } from '../fake/github.js';
import { tempDir } from './harness.js';
import { PR, runOn, useWorld } from './world.js';

const w = useWorld();
const CONTEXT = 'persona-verdict/priya';
const SHA1 = '1'.repeat(40);
const SHA2 = '2'.repeat(40);
const TEXT = { filename: 'src/a.js', status: 'modified', patch: '@@ -1 +1 @@\n-old\n+new' };

/** A pull_request_target event for the PR's head. */
const target = (head: string) => ({
  action: 'synchronize',
  number: PR,
  pull_request: {
    number: PR,
    head: { sha: head, ref: 'feature', repo: { full_name: `${OWNER}/${REPO}` } },
    base: { ref: 'main' },
  },
});

/** Pushes a head with these files and runs preflight with a diff-path. */
async function preflight(seed: string, files: Array<Record<string, unknown>>, changedFiles?: number) {
  const head = w.gh.commit(seed, undefined, files);
  w.gh.push(PR, head);
  w.head = head;
  if (changedFiles !== undefined) w.gh.pulls.get(PR)!.changedFiles = changedFiles;
  const path = join(tempDir(), 'pr.diff');
  const r = await runOn(
    w.gh,
    'priya',
    null,
    { mode: 'preflight', 'diff-path': path },
    'pull_request_target',
    target(head),
  );
  return { r, path, head };
}

function expectUnavailable(x: Awaited<ReturnType<typeof preflight>>, why: RegExp) {
  expect(x.r.code).toBe(1);
  expect(x.r.outputs).toMatchObject({ outcome: 'aborted', reason: 'diff-unavailable' });
  expect(x.r.stdout).toMatch(why);
  expect(x.r.stdout).toMatch(/split the PR/);
  expect(existsSync(x.path)).toBe(false);
  expect(w.gh.statusOf(x.head, CONTEXT)!.state).toBe('failure');
  expect(w.gh.reviews.get(PR) ?? []).toHaveLength(0);
}

describe('diff-path covers every changed file, or the run aborts', () => {
  test('a binary file → named in the header above the diff; should-review continues', async () => {
    const x = await preflight('bin', [TEXT, { filename: 'logo.png', status: 'added' }]);
    expect(x.r.outputs).toMatchObject({ outcome: 'needs-review', 'should-review': 'true', 'diff-path': x.path });
    const diff = readFileSync(x.path, 'utf8');
    expect(diff).toMatch(/^# persona-verdict: 1 of 2 changed file\(s\) have no text diff below;\n/);
    expect(diff).toContain('#   logo.png (binary)\n');
    expect(diff).toContain('Binary files a/logo.png and b/logo.png differ');
    expect(diff).toContain('+++ b/src/a.js\n@@ -1 +1 @@\n-old\n+new');
    expect(x.r.stdout).toMatch(/1 changed file\(s\) have no text diff.*logo\.png \(binary\)/);
  });

  test('a submodule bump → named as a submodule', async () => {
    const patch = `@@ -1 +1 @@\n-Subproject commit ${SHA1}\n+Subproject commit ${SHA2}`;
    const x = await preflight('sub', [TEXT, { filename: 'vendor/lib', status: 'modified', patch }]);
    expect(x.r.outputs).toMatchObject({ outcome: 'needs-review' });
    const diff = readFileSync(x.path, 'utf8');
    expect(diff).toContain('#   vendor/lib (submodule: only the commit it points to is shown)\n');
    expect(diff).toContain(`+Subproject commit ${SHA2}`);
  });

  test('a rename without content → named with its old path', async () => {
    const x = await preflight('ren', [
      TEXT,
      { filename: 'lib/new.js', status: 'renamed', previous_filename: 'old.js' },
    ]);
    expect(x.r.outputs).toMatchObject({ outcome: 'needs-review' });
    const diff = readFileSync(x.path, 'utf8');
    expect(diff).toContain('#   old.js -> lib/new.js (renamed, content unchanged)\n');
    expect(diff).toContain('similarity index 100%\nrename from old.js\nrename to lib/new.js\n');
  });

  test('a file too large for the files list but whole in the diff → no header: the persona has it all', async () => {
    const x = await preflight('big', [TEXT, { ...TEXT, filename: 'big.json', tooLarge: true }]);
    expect(x.r.outputs).toMatchObject({ outcome: 'needs-review' });
    const diff = readFileSync(x.path, 'utf8');
    expect(diff.startsWith('diff --git a/src/a.js b/src/a.js\n')).toBe(true);
    expect(diff).toContain('+++ b/big.json');
  });

  test('a diff over GitHub limits (406 too_large) → diff-unavailable, failure status, no review', async () => {
    w.gh.diffLimits.lines = 10;
    const patch = `@@ -0,0 +1,12 @@\n${Array.from({ length: 12 }, (_, i) => `+line ${i}`).join('\n')}`;
    const x = await preflight('huge', [{ filename: 'gen.txt', status: 'added', patch }]);
    expectUnavailable(x, /the PR's diff could not be read from GitHub.*maximum number of lines/);
  });

  test('a diff that arrives cut short → diff-unavailable, never the part as whole', async () => {
    w.gh.diffCutAt = 130; // inside the hunk, after its header
    const patch = `@@ -1,3 +1,3 @@\n-a\n+b\n ${'x'.repeat(200)}\n c`;
    const x = await preflight('cut', [{ filename: 'src/a.js', status: 'modified', patch }]);
    expectUnavailable(x, /ends inside a hunk of src\/a\.js/);
  });

  test('changed_files differs from the files listed → diff-unavailable', async () => {
    const x = await preflight('count', [TEXT], 2);
    expectUnavailable(x, /GitHub lists 1 file\(s\) but says the PR changes 2/);
  });

  test('more than 3000 changed files (the list is capped) → diff-unavailable', async () => {
    const x = await preflight('many', [TEXT], 3001);
    expectUnavailable(x, /changes 3001 files; GitHub lists at most 3000/);
  });

  test('the file list cannot be read → diff-unavailable (fail closed)', async () => {
    w.gh.faults.push({ method: 'GET', path: /\/pulls\/\d+\/files/, kind: 'status', status: 422, times: 5 });
    const x = await preflight('nolist', [TEXT]);
    expectUnavailable(x, /the PR's file list could not be read from GitHub/);
  });
});
