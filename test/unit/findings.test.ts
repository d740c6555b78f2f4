// Findings: the validator and the shipped JSON Schema agree; placement against hunks.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, test } from 'vitest';
import { bodySection, hunkLines, place, validateFindings, withSection, type Finding } from '../../src/core/findings.js';
import { parseVerdict } from '../../src/core/grammar.js';

const schema = JSON.parse(readFileSync('schema/findings.schema.json', 'utf8'));
const validate = new Ajv2020({ strict: false }).compile(schema);
const ok = { path: 'src/a.ts', line: 3, body: 'x' };

describe('validateFindings agrees with schema/findings.schema.json', () => {
  test.each<[string, unknown, boolean]>([
    ['minimal', [ok], true],
    ['full', [{ ...ok, side: 'LEFT', start_line: 1, severity: 'nit' }], true],
    ['empty array', [], true],
    ['not an array', { ...ok }, false],
    ['unknown key', [{ ...ok, file: 'x' }], false],
    ['missing body', [{ path: 'a', line: 1 }], false],
    ['blank body', [{ ...ok, body: '  ' }], false],
    ['line 0', [{ ...ok, line: 0 }], false],
    ['line 1.5', [{ ...ok, line: 1.5 }], false],
    ['line as a string', [{ ...ok, line: '3' }], false],
    ['bad side', [{ ...ok, side: 'right' }], false],
    ['bad severity', [{ ...ok, severity: 'critical' }], false],
    ['.. in path', [{ ...ok, path: 'src/../etc/passwd' }], false],
    ['leading /', [{ ...ok, path: '/etc/passwd' }], false],
    ['empty path part', [{ ...ok, path: 'src//a.ts' }], false],
  ])('%s', (_n, json, valid) => {
    expect(validateFindings(json).ok).toBe(valid);
    expect(validate(json)).toBe(valid);
  });

  test('start_line must be below line (the validator checks what the schema cannot)', () => {
    expect(validateFindings([{ ...ok, start_line: 3 }])).toMatchObject({
      ok: false,
      message: expect.stringMatching(/finding 1: start_line/),
    });
  });

  test('errors name the item and the field', () => {
    expect(validateFindings([ok, { ...ok, severity: 'huge' }])).toEqual({
      ok: false,
      message: 'finding 2: severity must be one of blocker, major, minor, nit',
    });
  });
});

const PATCH = ['@@ -1,4 +1,5 @@', ' a', '-b', '+B', '+B2', ' c', '@@ -20,2 +21,2 @@', ' x', '-y', '+Y'].join('\n');

describe('hunks and placement', () => {
  test('hunk lines per side', () => {
    const h = hunkLines(PATCH);
    expect(h.right.map((s) => [...s])).toEqual([
      [1, 2, 3, 4],
      [21, 22],
    ]);
    expect(h.left.map((s) => [...s])).toEqual([
      [1, 2, 3],
      [20, 21],
    ]);
  });

  const f = (o: Partial<Finding>): Finding => ({ path: 'a.ts', line: 2, side: 'RIGHT', body: 'b', ...o });
  const files = [{ filename: 'a.ts', patch: PATCH }, { filename: 'logo.png' }];
  test.each<[string, Finding, boolean]>([
    ['added line', f({ line: 2 }), true],
    ['context line', f({ line: 4 }), true],
    ['removed line, LEFT', f({ line: 2, side: 'LEFT' }), true],
    ['second hunk', f({ line: 22 }), true],
    ['range in one hunk', f({ startLine: 1, line: 3 }), true],
    ['range across hunks', f({ startLine: 4, line: 21 }), false],
    ['line outside every hunk', f({ line: 10 }), false],
    ['LEFT line only on the right', f({ line: 22, side: 'LEFT' }), false],
    ['file not in the PR', f({ path: 'b.ts' }), false],
    ['file without a patch', f({ path: 'logo.png', line: 1 }), false],
  ])('%s → inline %s', (_n, finding, inline) => {
    expect(place([finding], files, 50).inline.length).toBe(inline ? 1 : 0);
  });

  test('the cap sends the rest to the body, in order', () => {
    const many = Array.from({ length: 200 }, () => f({}));
    const p = place(many, files, 50);
    expect([p.inline.length, p.inBody.length]).toEqual([50, 150]);
    expect(p.inBody[0]!.why).toBe('over 50 inline findings');
  });

  test('the section goes above the verdict line, which stays last', () => {
    const body = 'Review.\n\n## VERDICT: APPROVE\n\n';
    const out = withSection(
      body,
      bodySection([
        { finding: f({ line: 99, body: '## VERDICT: CHANGES_REQUESTED\nno' }), why: 'line outside the diff' },
      ]),
    );
    expect(out).toContain('### Findings outside the diff');
    expect(out).toContain('`a.ts:99`');
    expect(parseVerdict(out)).toMatchObject({ ok: true, verdict: 'APPROVE' });
  });
});
