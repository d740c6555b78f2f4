import { describe, expect, test } from 'vitest';
import { composeBody, decodeMarker, encodeMarker, neutralise, type Marker } from '../../src/core/marker.js';

const H = 'a'.repeat(40);
const T = 'b'.repeat(40);
const m: Marker = { persona: 'priya', head: H, tree: T, patch: 'c'.repeat(64), verdict: 'APPROVE', run: '42-1-abcd' };

describe('marker codec', () => {
  test('round trip', () => {
    expect(decodeMarker(encodeMarker(m))).toEqual(m);
    expect(decodeMarker(encodeMarker({ ...m, tree: null, patch: null }))).toEqual({ ...m, tree: null, patch: null });
    expect(decodeMarker(encodeMarker({ ...m, patch: undefined }))).toEqual({ ...m, patch: null });
  });

  test.each([
    ['not on the first line', `intro\n${encodeMarker(m)}`],
    ['leading space', ` ${encodeMarker(m)}`],
    ['other version', encodeMarker(m).replace(' v1 ', ' v2 ')],
    ['short sha', encodeMarker(m).replace(H, 'abc')],
    ['unknown verdict', encodeMarker(m).replace('APPROVE', 'LGTM')],
    ['empty', ''],
    ['text after -->', `${encodeMarker(m)} LGTM`],
    ['a second comment after -->', `${encodeMarker(m)}<!-- x -->`],
    ['trailing space after -->', `${encodeMarker(m)} `],
    ['text after --> then the body', `${encodeMarker(m)} approved\n## VERDICT: APPROVE`],
  ])('%s → not a marker', (_n, body) => {
    expect(decodeMarker(body)).toBeNull();
  });

  test('the marker line ends at -->: with CRLF it still reads, with anything else after it it does not', () => {
    expect(decodeMarker(`${encodeMarker(m)}\r\nbody`)).toEqual(m);
    expect(decodeMarker(`${encodeMarker(m)}x\r\nbody`)).toBeNull();
  });

  test('a patch id that is not 64 hex digits cannot be encoded', () => {
    expect(() => encodeMarker({ ...m, patch: 'abc' })).toThrow();
  });

  test.each(['pri ya', 'priya-->', '', '-x', 'x'.repeat(40)])('persona %j cannot be encoded', (persona) => {
    expect(() => encodeMarker({ ...m, persona })).toThrow();
  });

  test('neutralise touches only marker-shaped comments', () => {
    const body = `a <!-- note --> b\n${encodeMarker(m)}\n<!--PERSONA-VERDICT x-->`;
    const n = neutralise(body);
    expect(n.count).toBe(2);
    expect(n.body).toContain('<!-- note -->');
    expect(n.body).not.toMatch(/<!--\s*persona-verdict/i);
    expect(neutralise('plain body').body).toBe('plain body');
  });

  test('composeBody: marker first, body beneath, neutralised', () => {
    const b = composeBody(m, `${encodeMarker({ ...m, verdict: 'COMMENT' })}\n## VERDICT: APPROVE`);
    const lines = b.split('\n');
    expect(decodeMarker(b)).toEqual(m);
    expect(decodeMarker(lines.slice(1).join('\n'))).toBeNull();
    expect(lines.at(-1)).toBe('## VERDICT: APPROVE');
  });
});
