// docs/DESIGN.md and the README stay true to the code: every outcome is in the
// decision diagram, the README shows the same diagram, and every abort reason has a
// troubleshooting row.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ABORT_REASONS, OUTCOMES } from '../../src/core/outcome.js';

const design = readFileSync('docs/DESIGN.md', 'utf8');
const readme = readFileSync('README.md', 'utf8');
const mermaid = (text: string): string => /```mermaid\n([\s\S]*?)```/.exec(text)?.[1] ?? '';

describe('the decision diagram', () => {
  test.each(OUTCOMES)('names outcome %s as a node', (outcome) => {
    expect(mermaid(design)).toMatch(new RegExp(`\\(\\[${outcome}\\]\\)`));
  });

  test('the README shows the same diagram', () => {
    expect(mermaid(readme)).not.toBe('');
    expect(mermaid(readme)).toBe(mermaid(design));
  });

  test.each(OUTCOMES)('the README outcome table has %s', (outcome) => {
    expect(readme).toMatch(new RegExp(`^\\| \`${outcome}\` \\|`, 'm'));
  });

  test.each(ABORT_REASONS)('the README troubleshooting table has %s', (reason) => {
    const start = readme.indexOf('## Troubleshooting');
    expect(readme.slice(start)).toMatch(new RegExp(`^\\| [^\\n]*\`${reason}\``, 'm'));
  });
});

describe('comments cite only what ships', () => {
  test('no source file cites a section of a document outside the repository', () => {
    const hits = execSync('grep -rnE "SPEC|§|ADR-[0-9]+ §" src || true', { encoding: 'utf8' });
    expect(hits).toBe('');
  });
});

// a maintainer's walkthrough, 2026-12-03: docs/DEVELOPMENT.md linked docs/DESIGN.md from docs/ (docs/docs/…) and an
// anchor only the README has
describe('the documents link only to what exists', () => {
  const DOCS = [
    'README.md',
    'CHANGELOG.md',
    ...readdirSync('docs')
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  /** GitHub's anchor for a heading: lower-case, punctuation but - and _ gone, spaces to -. */
  const slug = (h: string): string =>
    h
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
  const anchors = (file: string): Set<string> =>
    new Set(
      readFileSync(file, 'utf8')
        .replace(/```[\s\S]*?```/g, '')
        .split('\n')
        .filter((l) => /^#{1,6}\s/.test(l))
        .map((l) => slug(l.replace(/^#+\s+/, '').replace(/`/g, ''))),
    );
  test.each(DOCS)('%s', (doc) => {
    const text = readFileSync(doc, 'utf8').replace(/```[\s\S]*?```/g, '');
    const broken: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target!)) continue; // https:, mailto:
      const [path, anchor] = target!.split('#') as [string, string | undefined];
      const file = path ? join(dirname(doc), path) : doc;
      if (!existsSync(file)) broken.push(target!);
      else if (anchor && file.endsWith('.md') && !anchors(file).has(anchor)) broken.push(target!);
    }
    expect(broken).toEqual([]);
  });
});
