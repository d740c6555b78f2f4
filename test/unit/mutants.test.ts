// The mutation check's own list (scripts/mutants.mjs) still applies to the source: every
// mutant's text occurs exactly once in its file, and the tests meant to kill it exist. A
// change that makes a mutant stale fails here at once, not at the next mutation run.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { MUTANTS } from '../../scripts/mutants.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const occurrences = (text: string, part: string): number => text.split(part).length - 1;

describe('scripts/mutants.mjs', () => {
  test('names are unique, and every mutant changes something', () => {
    const names = MUTANTS.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    expect(MUTANTS.length).toBeGreaterThanOrEqual(31);
    for (const m of MUTANTS) expect(m.to, m.name).not.toBe(m.from);
  });

  test.each(MUTANTS.map((m) => [m.name, m] as const))('%s: its text occurs once in its file', (_n, m) => {
    const path = join(ROOT, m.file);
    expect(existsSync(path), `${m.file} is gone`).toBe(true);
    expect(occurrences(readFileSync(path, 'utf8'), m.from), `${m.from} in ${m.file}`).toBe(1);
  });

  test.each(MUTANTS.map((m) => [m.name, m] as const))('%s: the tests meant to kill it exist', (_n, m) => {
    expect(m.unit.length + m.e2e.length, 'no test is meant to kill it').toBeGreaterThan(0);
    for (const f of [...m.unit, ...m.e2e]) expect(existsSync(join(ROOT, f)), f).toBe(true);
    if (m.e2e.length) expect(m.e2eFilter, 'an e2e run without a filter runs whole files').toBeTruthy();
  });
});
