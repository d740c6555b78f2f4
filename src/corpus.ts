// The regression corpus (`persona-verdict corpus <manifest>`): every case's decision under
// the strict grammar, and for refused real-shaped bodies whether the "did you mean"
// suggestion names the expected line (or, when the intent is not clear, nothing).
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { decideFile, jsonRecord, type Decision } from './cli/check.js';
import type { Io } from './cli/command.js';
import { EVENTS, parseVerdict, type ReviewEvent } from './core/grammar.js';

export type { Decision };

/** The corpus names files; nothing in it reads standard input or writes through io. */
const FILES: Io = {
  out: () => undefined,
  err: () => undefined,
  stdin: () => {
    throw new Error('a corpus case names a file, not -');
  },
};

const show = (d: Decision): string => ('post' in d ? `post ${d.post}` : `abort ${d.abort}`);

interface Case {
  name: string;
  body: string;
  'expected-event'?: ReviewEvent;
  expect: Decision;
  /** For a refused body: the suggested verdict line, or null when nothing may be suggested. */
  suggestion?: string | null;
  source?: string;
}

/**
 * The suggestion agrees with the expected one, and applying it (replace the line, drop
 * what follows) makes the body pass. '!'-prefixed on disagreement.
 */
function suggestionCheck(file: string, expected: string | null): string {
  const r = jsonRecord(file, FILES);
  const s = r['suggestion'] as { line: string; from_line: number } | null;
  if ((s?.line ?? null) !== expected) return `!suggested ${s?.line ?? 'nothing'}`;
  if (!s) return '(no suggestion)';
  const lines = readFileSync(file, 'utf8').replace(/\r\n?/g, '\n').split('\n');
  const fixed = [...lines.slice(0, s.from_line - 1), s.line].join('\n');
  const again = parseVerdict(fixed);
  return again.ok && `## VERDICT: ${again.verdict}` === s.line
    ? `(suggests ${s.line}, applied passes)`
    : '!applied fails';
}

export function runCorpus(manifestPath: string, out: (s: string) => void): number {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { cases: Case[] };
  const base = dirname(manifestPath);
  const rows: string[][] = [];
  let agree = 0;
  for (const c of manifest.cases) {
    const ev = c['expected-event'] ?? null;
    if (ev !== null && !(EVENTS as readonly string[]).includes(ev))
      throw new Error(`case ${c.name}: expected-event ${ev} is not an API event`);
    const file = resolve(base, c.body);
    const { decision } = decideFile(file, ev, FILES);
    const sugg = 'suggestion' in c ? suggestionCheck(file, c.suggestion ?? null) : '';
    const ok = show(decision) === show(c.expect) && !sugg.startsWith('!');
    if (ok) agree++;
    rows.push([ok ? 'ok' : 'DISAGREE', c.name, ev ?? '-', show(c.expect), show(decision) + (sugg ? ` ${sugg}` : '')]);
  }
  const head = ['result', 'case', 'expected-event', 'expected', 'actual'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]): string =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  out(line(head));
  out(line(widths.map((w) => '-'.repeat(w))));
  rows.forEach((r) => out(line(r)));
  const posts = rows.filter((r) => r[4]!.startsWith('post')).length;
  out(
    `\n${rows.length} cases: ${agree} agree, ${rows.length - agree} disagree (${posts} post, ${rows.length - posts} ` +
      `abort)`,
  );
  return agree === rows.length ? 0 : 1;
}
