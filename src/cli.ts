#!/usr/bin/env node
// The offline CLI: `persona-verdict check <file...>` and `persona-verdict corpus <manifest>`.
// No token, no network.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { renderDiagnosis } from './core/diagnostics.js';
import { EVENTS, type ReviewEvent } from './core/grammar.js';
import { checkBody, loadFindings } from './check.js';
import { Abort } from './abort.js';

export type Decision = { post: ReviewEvent } | { abort: string };

export function decideFile(
  bodyPath: string,
  expectedEvent: ReviewEvent | null,
): { decision: Decision; detail: string } {
  try {
    const v = checkBody({ bodyPath, body: null, expectedEvent });
    return { decision: { post: v.event }, detail: `verdict ${v.verdict} → event ${v.event}` };
  } catch (e) {
    if (!(e instanceof Abort)) throw e;
    return {
      decision: { abort: e.reason },
      detail: e.diagnosis ? renderDiagnosis(e.diagnosis, bodyPath) : `${e.reason}: ${e.message}`,
    };
  }
}

const show = (d: Decision): string => ('post' in d ? `post ${d.post}` : `abort ${d.abort}`);

interface Case {
  name: string;
  body: string;
  'expected-event'?: ReviewEvent;
  expect: Decision;
  source?: string;
}

function check(files: string[], out: (s: string) => void): number {
  let bad = 0;
  for (const f of files) {
    const { decision, detail } = decideFile(f, null);
    if ('post' in decision) out(`${f}: ok — ${detail}`);
    else {
      bad++;
      out(`${f}: ${detail}`);
    }
  }
  return bad ? 1 : 0;
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
    const { decision } = decideFile(resolve(base, c.body), ev);
    const ok = show(decision) === show(c.expect);
    if (ok) agree++;
    rows.push([ok ? 'ok' : 'DISAGREE', c.name, ev ?? '-', show(c.expect), show(decision)]);
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

/** Validates a findings file against the schema offline; 1 when it does not match. */
function checkFindings(path: string, out: (s: string) => void): number {
  try {
    out(`${path}: ok — ${loadFindings(path).length} finding(s) match the schema`);
    return 0;
  } catch (e) {
    if (!(e instanceof Abort)) throw e;
    out(`${path}: ${e.reason}: ${e.message}`);
    return 1;
  }
}

const USAGE = `usage:
  persona-verdict check [--findings <findings.json>] <body-file...>
                                         validate review bodies (and a findings file) offline;
                                         exit 1 if any has no valid verdict or the findings break the schema
  persona-verdict corpus <manifest.json> run a regression corpus; exit 1 on any disagreement`;

export function main(argv: string[], out: (s: string) => void, err: (s: string) => void): number {
  const [cmd, ...args] = argv;
  if (cmd === 'check' && args[0] === '--findings' && args.length >= 2) {
    const bad = checkFindings(args[1]!, out);
    return args.length > 2 ? Math.max(bad, check(args.slice(2), out)) : bad;
  }
  if (cmd === 'check' && args.length) return check(args, out);
  if (cmd === 'corpus' && args.length === 1) {
    try {
      return runCorpus(args[0]!, out);
    } catch (e) {
      err(`corpus: ${(e as Error).message}`);
      return 2;
    }
  }
  err(USAGE);
  return 2;
}

process.exitCode = main(
  process.argv.slice(2),
  (s) => process.stdout.write(s + '\n'),
  (s) => process.stderr.write(s + '\n'),
);
