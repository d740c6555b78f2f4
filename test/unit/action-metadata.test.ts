// action.yml's descriptions name every value the action can give, in one style.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { ABORT_REASONS, OUTCOMES } from '../../src/core/outcome.js';

const action = parse(readFileSync('action.yml', 'utf8'));
const outputs = action.outputs as Record<string, { description: string }>;
const inputs = action.inputs as Record<string, { description: string }>;
const words = (s: string) => new Set(s.match(/[a-z][a-z_-]*[a-z]/gi) ?? []);

describe('action.yml descriptions', () => {
  test.each(OUTCOMES.map((o) => [o]))("the outcome output's description lists %s", (outcome) => {
    expect(words(outputs['outcome']!.description).has(outcome)).toBe(true);
  });

  test.each(ABORT_REASONS.map((r) => [r]))("the reason output's description lists %s", (reason) => {
    expect(words(outputs['reason']!.description).has(reason)).toBe(true);
  });

  test('should-review names every preflight outcome that answers false, drafts included', () => {
    const d = outputs['should-review']!.description;
    for (const w of ['unchanged', 'duplicate', 'superseded', 'closed', 'draft']) expect(d, w).toContain(w);
  });

  test('a description that belongs to some modes starts "Mode x:" or "Modes x and y:", never "x:" or "Mode x -"', () => {
    const all = [...Object.entries(inputs), ...Object.entries(outputs)].map(([k, v]) => [k, v.description.trim()]);
    for (const [name, d] of all) {
      expect(d, name).not.toMatch(/^(post|preflight|check|board)\b\s*[:-]/);
      expect(d, name).not.toMatch(/^Modes? [a-z ]+ - /);
      if (/^Modes? /.test(d!))
        expect(d, name).toMatch(/^(Mode (post|preflight|check|board)|Modes [a-z]+ and [a-z]+): /);
    }
  });
});
