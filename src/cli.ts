#!/usr/bin/env node
// The offline CLI: `persona-verdict check <file...>` and `persona-verdict corpus <manifest>`.
// No token, no network.
import { renderDiagnosis } from './core/diagnostics.js';
import { type ReviewEvent } from './core/grammar.js';
import { checkBody, loadFindings } from './check.js';
import { Abort } from './abort.js';
import { runCorpus, type Decision } from './corpus.js';

export type { Decision };

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
  persona-verdict corpus <manifest.json> run a regression corpus; exit 1 on any disagreement`;

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

process.exitCode = main(
  process.argv.slice(2),
  (s) => process.stdout.write(s + '\n'),
  (s) => process.stderr.write(s + '\n'),
);
