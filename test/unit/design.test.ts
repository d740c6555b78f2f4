// docs/DESIGN.md and the README stay true to the code: every outcome is in the
// decision diagram, the README shows the same diagram, and every abort reason has a
// troubleshooting row.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
