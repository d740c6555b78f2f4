// The release attests build provenance for what users run (.github/workflows/release.yml): every
// JavaScript file in dist/ — the action's entry and bundle, the CLI's bin, its bundle and the chunks
// the bundle loads — must be a subject, and every subject pattern must name a file.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';

const ROOT = join(import.meta.dirname, '../..');
const workflow = parse(readFileSync(join(ROOT, '.github/workflows/release.yml'), 'utf8')) as {
  jobs: Record<string, { steps: Array<{ uses?: string; with?: Record<string, string> }> }>;
};
const attest = Object.values(workflow.jobs)
  .flatMap((j) => j.steps)
  .find((s) => s.uses?.startsWith('actions/attest-build-provenance@'));
const patterns = (attest?.with?.['subject-path'] ?? '')
  .split('\n')
  .map((l) => l.trim())
  .filter(Boolean);
/** The action's glob (@actions/glob): `*` matches within one path segment. */
const matcher = (p: string) => new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [relative(ROOT, join(dir, e.name))],
  );
const shipped = [...files(join(ROOT, 'dist')).filter((f) => f.endsWith('.js')), 'action.yml'];

describe('release provenance', () => {
  test('the release attests every JavaScript file of dist/ and action.yml', () => {
    expect(patterns.length).toBeGreaterThan(0);
    expect(shipped.filter((f) => !patterns.some((p) => matcher(p).test(f)))).toEqual([]);
    expect(shipped).toEqual(
      expect.arrayContaining(['dist/index.js', 'dist/main.js', 'dist/cli/index.js', 'dist/cli/main.js']),
    );
  });

  test('every subject pattern names a shipped file', () => {
    expect(patterns.filter((p) => !shipped.some((f) => matcher(p).test(f)))).toEqual([]);
  });
});

// ncc names a chunk by its module id and removes none: a rebuild left the chunks of earlier builds in dist/cli/,
// committed, attested and packed (2 of 4 chunks, 450 kB, 2026-12-03). The bundle script now empties dist/cli/ first.
describe('dist/ ships what the bundles load, nothing more', () => {
  test.each(['dist', 'dist/cli'])('every chunk in %s/ is one its main.js loads', (dir) => {
    const main = readFileSync(join(ROOT, dir, 'main.js'), 'utf8');
    const loaded = new Set([...main.matchAll(/__nccwpck_require__\.e\((\d+)\)/g)].map((m) => `${m[1]}.index.js`));
    const chunks = readdirSync(join(ROOT, dir)).filter((f) => /^\d+\.index\.js$/.test(f));
    expect(chunks.filter((c) => !loaded.has(c))).toEqual([]);
    expect([...loaded].filter((c) => !chunks.includes(c))).toEqual([]);
  });
});
