// Preflight's diff-path against an in-memory port: the diff is checked against the PR's
// file list and changed_files, read again after the list so that a head that moved
// meanwhile never has one head's diff checked against another head's files.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { Abort } from '../../src/abort.js';
import { readConfig } from '../../src/config.js';
import type { RunContext } from '../../src/context.js';
import type { PrFile } from '../../src/core/findings.js';
import type { GitHubPort } from '../../src/github/port.js';
import { runPreflight } from '../../src/modes/preflight.js';

const HEAD = '1'.repeat(40);
const NEXT = '3'.repeat(40);
const BASE = '2'.repeat(40);
const ME = 'octo-priya';

const ctx: RunContext = {
  owner: 'octo',
  repo: 'widgets',
  eventName: 'pull_request_target',
  eventPull: { number: 7, headSha: HEAD, fromFork: false },
  workflowRun: null,
  mergeGroup: null,
  commentPull: null,
  comment: null,
  labeled: null,
  dispatched: null,
  triggeringActor: null,
  runId: '4242-1-abcd',
  runUrl: 'https://github.test/run',
};

const DIFF =
  'diff --git a/a.js b/a.js\n--- a/a.js\n+++ b/a.js\n@@ -1 +1 @@\n-x\n+y\n' +
  'diff --git a/logo.png b/logo.png\nBinary files a/logo.png and b/logo.png differ\n';
const FILES: PrFile[] = [
  { filename: 'a.js', status: 'modified', patch: '@@ -1 +1 @@\n-x\n+y' },
  { filename: 'logo.png' },
];

/** A port whose PR answers `changed` files; its head is `after` once the diff has been read. */
function port(changed: number, after = HEAD) {
  let diffRead = false;
  return {
    getPull: async () => ({
      number: 7,
      state: 'open',
      merged: false,
      draft: false,
      headSha: diffRead ? after : HEAD,
      baseSha: BASE,
      baseRef: 'main',
      author: 'octo-author',
      changedFiles: changed,
    }),
    getUserLogin: async () => ME,
    getViewerLogin: async () => ME,
    getTree: async () => null,
    listReviews: async () => [],
    listPullFiles: async () => FILES,
    listOpenPullsWithHead: async () => [],
    compareFiles: async () => null,
    listStatuses: async () => [],
    compareDiff: async () => {
      diffRead = true;
      return DIFF;
    },
  } as unknown as GitHubPort;
}

const run = (p: GitHubPort) => {
  const path = join(mkdtempSync(join(tmpdir(), 'pv-diff-')), 'pr.diff');
  const cfg = readConfig(
    (name) => ({ 'github-token': 'x', persona: 'priya', mode: 'preflight', 'diff-path': path })[name] ?? '',
  );
  return { path, end: runPreflight(cfg, ctx, p, () => undefined) };
};

describe('preflight diff-path: whole or none', () => {
  test('a whole diff with a binary file → needs-review, the header names it, a warning says so', async () => {
    const { path, end } = run(port(2));
    expect(await end).toMatchObject({ kind: 'needs-review', diffPath: path });
    const text = readFileSync(path, 'utf8');
    expect(text).toMatch(/^# persona-verdict: 1 of 2 changed file\(s\) have no text diff below;/);
    expect(text.endsWith(DIFF)).toBe(true);
  });

  test('changed_files disagrees → diff-unavailable, no file written', async () => {
    const { path, end } = run(port(3));
    const e = await end.then(
      () => null,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(Abort);
    expect(e).toMatchObject({ reason: 'diff-unavailable' });
    expect((e as Abort).message).toMatch(/GitHub lists 2 file\(s\) but says the PR changes 3/);
    expect(existsSync(path)).toBe(false);
  });

  test('the head moved while the diff and file list were read → superseded, no file written', async () => {
    const { path, end } = run(port(2, NEXT));
    expect(await end).toMatchObject({ kind: 'superseded' });
    expect(existsSync(path)).toBe(false);
  });
});
