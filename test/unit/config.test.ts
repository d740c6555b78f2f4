// One place per default: action.yml and src/config.ts agree; README tables agree with action.yml.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { DEFAULTS, readConfig, InputError, parsePersonas } from '../../src/config.js';
import { VERSION } from '../../src/version.js';

const action = parse(readFileSync('action.yml', 'utf8'));
const inputs = (o: Record<string, string>) => (name: string) => o[name] ?? '';

describe('action.yml', () => {
  test('runs the committed ESM bundle on node24', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
    expect(JSON.parse(readFileSync('dist/package.json', 'utf8')).type).toBe('module');
  });

  test('every default in action.yml is the default in code, and the other way round', () => {
    const yml = Object.fromEntries(
      Object.entries<{ default?: string }>(action.inputs)
        .filter(([, v]) => v.default !== undefined)
        .map(([k, v]) => [k, String(v.default)]),
    );
    expect(yml).toEqual(DEFAULTS);
  });

  test('input names are kebab-case', () => {
    for (const k of Object.keys(action.inputs)) expect(k).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  test("the version in code is package.json's, and the CHANGELOG has an entry for it", () => {
    expect(VERSION).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
    expect(readFileSync('CHANGELOG.md', 'utf8')).toContain(`## [${VERSION}]`);
  });
});

describe('README', () => {
  const readme = readFileSync('README.md', 'utf8');
  const tableNames = (heading: string): string[] => {
    const start = readme.indexOf(heading);
    expect(start, heading).toBeGreaterThan(-1);
    const rows = readme.slice(start).split('\n').slice(1);
    const out: string[] = [];
    let inTable = false;
    for (const row of rows) {
      if (row.startsWith('|')) {
        inTable = true;
        const m = /^\|\s*`([a-z-]+)`/.exec(row);
        if (m) out.push(m[1]!);
      } else if (inTable) break;
    }
    return out;
  };
  test("the inputs table lists exactly action.yml's inputs", () => {
    expect(tableNames('### Inputs').sort()).toEqual(Object.keys(action.inputs).sort());
  });
  test("the outputs table lists exactly action.yml's outputs", () => {
    expect(tableNames('### Outputs').sort()).toEqual(Object.keys(action.outputs).sort());
  });
  test('the inputs table shows the same defaults', () => {
    for (const [k, v] of Object.entries(DEFAULTS)) {
      const row = readme.split('\n').find((l) => l.startsWith(`| \`${k}\``))!;
      expect(row, k).toContain(`\`${v}\``);
    }
  });
});

describe('readConfig', () => {
  const base = { 'github-token': 't', persona: 'priya', body: 'x' };
  test('defaults', () => {
    expect(readConfig(inputs(base))).toMatchObject({
      mode: 'post',
      skipUnchanged: true,
      dismissStale: 'all',
      failOnChangesRequested: false,
      requestTimeoutSeconds: 30,
      runTimeoutSeconds: 300,
    });
  });
  test.each(['true', 'True', 'TRUE'])('boolean %s', (v) =>
    expect(readConfig(inputs({ ...base, 'fail-on-changes-requested': v })).failOnChangesRequested).toBe(true),
  );
  test.each(['yes', 'on', '1', 'tRue'])('boolean %s is refused', (v) =>
    expect(() => readConfig(inputs({ ...base, 'skip-unchanged': v }))).toThrow(InputError),
  );
  test('check mode needs no token and no persona', () => {
    expect(readConfig(inputs({ mode: 'check', body: 'x' })).mode).toBe('check');
  });
  test('body and body-path together are refused', () => {
    expect(() => readConfig(inputs({ ...base, 'body-path': 'f' }))).toThrow(/one way only/);
  });
  // a maintainer's walkthrough: a value cut at 60 characters read as if it were short enough
  test('a value quoted in a refusal is cut with an ellipsis, never silently', () => {
    expect(() => readConfig(inputs({ ...base, 'persona-version': 'x'.repeat(100) }))).toThrow(
      `input persona-version is "${'x'.repeat(60)}…": use at most 64 characters`,
    );
  });
  test('reviewed-sha is lower-cased', () => {
    expect(readConfig(inputs({ ...base, 'reviewed-sha': 'A'.repeat(40) })).reviewedSha).toBe('a'.repeat(40));
  });
  test.each([
    ['main', 'main'],
    ['release/2.x', 'release/2.x'],
    ['', null],
  ])('reviewed-base %j is read as %j', (value, read) => {
    expect(readConfig(inputs({ ...base, 'reviewed-base': value })).reviewedBase).toBe(read);
  });
  test.each(['two words', 'a..b', 'ends/', 'x.lock', 'a~1', 'feat:x', '発'.repeat(334)])(
    'reviewed-base %j is refused',
    (value) => {
      expect(() => readConfig(inputs({ ...base, 'reviewed-base': value }))).toThrow(/reviewed-base .*base-ref/);
    },
  );
  test('personas: a name given twice, even in another case, is refused (persona names compare without case)', () => {
    expect(() => readConfig(inputs({ ...base, personas: 'priya=octo-priya\nPriya=octo-other' }))).toThrow(
      /names Priya twice/,
    );
  });
  test('personas: lines or commas', () => {
    expect(
      readConfig(inputs({ ...base, personas: 'priya=octo-priya\nmarcus = octo-marcus, lin=octo-lin' })).personas,
    ).toEqual([
      { persona: 'priya', login: 'octo-priya' },
      { persona: 'marcus', login: 'octo-marcus' },
      { persona: 'lin', login: 'octo-lin' },
    ]);
  });
});

describe('personas (board)', () => {
  test.each<[string, unknown]>([
    ['priya=octo-priya', [{ persona: 'priya', login: 'octo-priya' }]],
    ['priya=priya-app[bot]@v2 prompt', null],
    ['priya=priya-app[bot]@2024-11', [{ persona: 'priya', login: 'priya-app[bot]', version: '2024-11' }]],
    ['priya=octo-priya, Priya=other', null],
    ['priya=@octo-priya', null],
  ])('%s', (raw, want) => {
    if (want === null) expect(() => parsePersonas(raw, 'board')).toThrow(InputError);
    else expect(parsePersonas(raw, 'board')).toEqual(want);
  });
});
