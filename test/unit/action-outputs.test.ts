// Which outcomes give each output a value, derived from the code (conclude() and outputsOf(), the function main.ts
// sets the outputs with), and checked against action.yml's descriptions and the README's outputs table: a value the
// code gives cannot go undescribed (attack R, R-cli-4: queued's should-review and review-id, reported's verdict).
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import type { HistoryEntry } from '../../src/core/decide.js';
import { conclude, OUTCOMES, type End, type Rules } from '../../src/core/outcome.js';
import { outputsOf } from '../../src/core/outputs.js';

const action = parse(readFileSync('action.yml', 'utf8')) as { outputs: Record<string, { description: string }> };
const readme = readFileSync('README.md', 'utf8');
const row = (name: string): string => readme.split('\n').find((l) => l.startsWith(`| \`${name}\` |`)) ?? '';

const target = { pullNumber: 7, reviewedSha: 'a'.repeat(40), base: 'main' };
const entry = (id: number, head: string): HistoryEntry => ({
  review: { id, login: 'octo-priya', state: 'APPROVED', body: '', htmlUrl: `u${id}` },
  marker: { persona: 'priya', head, tree: null, verdict: 'APPROVE', run: `r${id}`, base: 'main' },
});
const standing = entry(2, target.reviewedSha);
const board = {
  head: target.reviewedSha,
  rows: [],
  panelVerdict: 'APPROVE' as const,
  missing: [],
};

/** One end of every kind (and the variants that set different outputs), with the modes that give it. */
const ENDS: Array<[End, Array<Rules['mode']>]> = [
  [{ kind: 'checked', verdict: 'APPROVE' }, ['check']],
  [{ kind: 'posted', standing, target }, ['post']],
  ...(['duplicate', 'unchanged'] as const).map((kind): [End, Array<Rules['mode']>] => [
    { kind, standing: kind === 'unchanged' ? entry(1, 'b'.repeat(40)) : standing, target, onHead: [] },
    ['preflight', 'post'],
  ]),
  [{ kind: 'restamped', standing, original: entry(1, 'b'.repeat(40)), target, onHead: [] }, ['preflight']],
  ...(['superseded', 'closed'] as const).map((kind): [End, Array<Rules['mode']>] => [
    { kind, message: 'm', target },
    ['preflight', 'post'],
  ]),
  [{ kind: 'unposted', verdict: 'APPROVE', message: 'm', base: 'main', version: '', target }, ['preflight']],
  [{ kind: 'needs-review', diffPath: 'd', onHead: [], target }, ['preflight']],
  [{ kind: 'draft', target }, ['preflight']],
  [{ kind: 'queued', standing, statusSha: 'c'.repeat(40), onHead: [], listed: [2], target }, ['preflight', 'post']],
  [{ kind: 'queued', standing: null, statusSha: 'c'.repeat(40), target }, ['preflight', 'post']],
  [{ kind: 'reported', board, commentId: 5, target }, ['board']],
  [{ kind: 'aborted', reason: 'bad-findings', message: 'm', target }, ['check', 'preflight', 'post', 'board']],
  [{ kind: 'aborted', reason: 'command-refused', message: 'm', target }, ['preflight']],
];

/** The outcomes (an abort by its reason) that give `output` a value `which` accepts, in each mode. */
function giving(output: string, which: (v: string) => boolean, modes?: Array<Rules['mode']>): Set<string> {
  const found = new Set<string>();
  for (const [end, endModes] of ENDS)
    for (const mode of endModes.filter((m) => !modes || modes.includes(m))) {
      const rules: Rules = {
        mode,
        persona: 'priya',
        failOnChangesRequested: false,
        requireAllPersonas: false,
        commitStatus: true,
      };
      const r = conclude(end, rules);
      const v = outputsOf(r)[output];
      if (v !== undefined && which(v)) found.add(r.outcome === 'aborted' ? r.reason! : r.outcome);
    }
  return found;
}

const set = (v: string) => v !== '';
const words = (s: string) => new Set(s.match(/[a-z][a-z_-]*[a-z]/gi) ?? []);

describe('the outcomes that give an output a value are all named where it is described', () => {
  test('every outcome has an end here', () => {
    expect(new Set(ENDS.map(([e]) => e.kind))).toEqual(new Set(OUTCOMES));
  });

  test.each([
    ['verdict', set, undefined],
    ['review-id', set, undefined],
    ['baseline-sha', set, undefined],
    ['should-review', (v: string) => v === 'false', ['preflight']],
  ] as const)('%s', (output, which, modes) => {
    const outcomes = giving(output, which, modes as Array<Rules['mode']> | undefined);
    expect(outcomes.size).toBeGreaterThan(0);
    for (const o of outcomes) {
      expect(words(action.outputs[output]!.description).has(o), `action.yml ${output} names ${o}`).toBe(true);
      expect(row(output), `README ${output} names \`${o}\``).toContain(`\`${o}\``);
    }
  });

  test('event is given exactly when verdict is, and its description says so', () => {
    expect(giving('event', set)).toEqual(giving('verdict', set));
    expect(action.outputs['event']!.description).toMatch(/whenever verdict is/);
    expect(row('event')).toMatch(/whenever `verdict` is/);
  });

  test('should-review is true only for needs-review', () => {
    expect(giving('should-review', (v) => v === 'true')).toEqual(new Set(['needs-review']));
  });
});

// an independent review, 2026-12-03: reason was described as "why the step failed … empty otherwise", and the step
// fails with it empty where a rule, not an error, fails it
describe('a step that fails by a rule leaves reason empty, and reason says so', () => {
  const rules: Rules = {
    mode: 'post',
    persona: 'priya',
    failOnChangesRequested: true,
    requireAllPersonas: true,
    commitStatus: true,
  };
  const rejected: HistoryEntry = {
    review: { ...standing.review, state: 'CHANGES_REQUESTED' },
    marker: { ...standing.marker, verdict: 'CHANGES_REQUESTED' },
  };
  test.each<[string, End, Rules['mode'], string]>([
    ['a CHANGES_REQUESTED posted', { kind: 'posted', standing: rejected, target }, 'post', 'fail-on-changes-requested'],
    [
      'a panel short of its personas',
      { kind: 'reported', board: { ...board, missing: ['lin'] }, commentId: 5, target },
      'board',
      'require-all-personas',
    ],
    [
      'a merge queue group with no verdict',
      { kind: 'queued', standing: null, statusSha: 'c'.repeat(40), target },
      'post',
      'merge queue',
    ],
  ])('%s', (_n, end, mode, named) => {
    const r = conclude(end, { ...rules, mode });
    expect(r.failure).toBeTruthy();
    expect(outputsOf(r)['reason']).toBe('');
    expect(action.outputs['reason']!.description).toContain(named);
    expect(row('reason')).toContain(named);
  });
});
