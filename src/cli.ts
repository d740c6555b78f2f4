#!/usr/bin/env node
// The offline CLI: `persona-verdict check <file...>` and `persona-verdict corpus <manifest>`.
// No token, no network.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { renderDiagnosis } from './core/diagnostics.js';
import { EVENTS, parseVerdict, type ReviewEvent } from './core/grammar.js';
import { checkBody, loadFindings } from './check.js';
import { Abort } from './abort.js';

export type Decision = { post: ReviewEvent } | { abort: string };

/** One body as a JSON record (check --format json): what a tool or a prompt author's script reads. */
export function jsonRecord(file: string): Record<string, unknown> {
  try {
    const v = checkBody({ bodyPath: file, body: null, expectedEvent: null });
    return {
      file,
      ok: true,
      reason: null,
      verdict: v.verdict,
      event: v.event,
      line: v.line,
      suggestion: null,
      differences: [],
    };
  } catch (e) {
    if (!(e instanceof Abort)) throw e;
    const d = e.diagnosis;
    const s = d?.intent.suggestion ?? null;
    const at = s?.fromLine ?? d?.lastLine?.line ?? null;
    const differences = [
      ...(d?.nearMisses.find((n) => n.line === at)?.differs ?? (d ? [] : [e.message])),
      ...(d?.intent.after ?? []),
      ...(d?.intent.notes ?? []),
      ...(d?.intent.ambiguity ? [`no suggestion: ${d.intent.ambiguity}`] : []),
    ];
    const suggestion = s ? { line: s.line, from_line: s.fromLine } : null;
    return { file, ok: false, reason: e.reason, verdict: null, event: null, line: at, suggestion, differences };
  }
}

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
  /** For a refused body: the suggested verdict line, or null when nothing may be suggested. */
  suggestion?: string | null;
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

/**
 * The suggestion agrees with the expected one, and applying it (replace the line, drop
 * what follows) makes the body pass. '!'-prefixed on disagreement.
 */
function suggestionCheck(file: string, expected: string | null): string {
  const r = jsonRecord(file);
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
    const { decision } = decideFile(file, ev);
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
  persona-verdict check [--format json] [--findings <findings.json>] <body-file...>
                                         validate review bodies (and a findings file) offline;
                                         exit 1 if any has no valid verdict or the findings break the schema
  persona-verdict corpus <manifest.json> run a regression corpus; exit 1 on any disagreement
  persona-verdict doctor --repo OWNER/NAME --persona NAME=APP_SLUG ...
                                         is the gate enforced? (persona-verdict doctor --help)`;

export function main(argv: string[], out: (s: string) => void, err: (s: string) => void): number {
  const [cmd, ...args] = argv;
  if (cmd === 'check' && args[0] === '--format' && args[1] === 'json' && args.length > 2) {
    const records = args.slice(2).map(jsonRecord);
    for (const r of records) out(JSON.stringify(r));
    return records.every((r) => r['ok']) ? 0 : 1;
  }
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

// doctor talks to GitHub: loaded only when asked for, so the offline commands stay small and quick to start
if (process.argv[2] === 'doctor')
  void import('./doctor-cli.js').then(async (m) => (process.exitCode = await m.runDoctorCli(process.argv.slice(3))));
else
  process.exitCode = main(
    process.argv.slice(2),
    (s) => process.stdout.write(s + '\n'),
    (s) => process.stderr.write(s + '\n'),
  );
