// `persona-verdict check`: review bodies (and a findings file) checked offline exactly as
// `post` checks them before any request. Text for people, --format json for tools.
import { Abort } from '../abort.js';
import { PERSONA_VERSION } from '../config.js';
import { MAX_BODY_BYTES, MAX_BODY_CHARS } from '../body.js';
import { checkBody, FindingsError, parseFindings, type CheckedBody } from '../check.js';
import { renderDiagnosis } from '../core/diagnostics.js';
import { MAX_FINDINGS_BYTES } from '../core/findings.js';
import { decodeBody, type ReviewEvent } from '../core/grammar.js';
import { readInput, shown, stdinOnce, UsageError, type Command, type Io } from './command.js';

/** A body named on the command line (`-`: standard input), checked as post checks it; throws Abort. */
export function checkFile(file: string, expectedEvent: ReviewEvent | null, io: Io, personaVersion = ''): CheckedBody {
  const name = shown(file);
  const input = readInput(file, io, MAX_BODY_BYTES);
  if (!input.ok && input.tooLarge !== undefined) throw new Abort('body-too-large', tooLong(input.message));
  // as post reads body-path: a file that is not there, or is empty, is no body (the persona step wrote none)
  if (!input.ok && input.missing) throw new Abort('no-body', `${input.message}, so there is no review to check`);
  if (!input.ok) throw new Abort('unreadable-body', input.message);
  if (input.bytes.length === 0)
    throw new Abort('no-body', `${name}: the file is empty, so there is no review to check`);
  const decoded = decodeBody(input.bytes);
  if (!decoded.ok) throw new Abort('unreadable-body', `${name}: ${decoded.message}`);
  // a body over the limit is measured with its marker, as post measures it, and told by how much (src/check.ts)
  return checkBody({ bodyPath: null, body: decoded.text, expectedEvent, personaVersion });
}

const tooLong = (what: string): string =>
  `${what}; GitHub accepts at most ${MAX_BODY_CHARS} characters per review, its marker included, and truncating ` +
  `would cut the verdict line: shorten the review`;

/** One body as a JSON record (check --format json): what a tool or a prompt author's script reads. */
export function jsonRecord(file: string, io: Io, personaVersion = ''): Record<string, unknown> {
  try {
    const v = checkFile(file, null, io, personaVersion);
    return {
      file,
      ok: true,
      reason: null,
      verdict: v.verdict,
      event: v.event,
      line: v.line,
      suggestion: null,
      message: null,
      differences: [],
    };
  } catch (e) {
    if (!(e instanceof Abort)) throw e;
    const d = e.diagnosis;
    const s = d?.intent.suggestion ?? null;
    const at = s?.fromLine ?? d?.lastLine?.line ?? null;
    const differences = [
      ...(d?.nearMisses.find((n) => n.line === at)?.differs ?? []),
      ...(d?.intent.after ?? []),
      ...(d?.intent.notes ?? []),
      ...(d?.intent.ambiguity ? [`no suggestion: ${d.intent.ambiguity}`] : []),
    ];
    const suggestion = s ? { line: s.line, from_line: s.fromLine } : null;
    // every refusal says why in `message`; `differences` holds what differs from the grammar, when a line does
    const message = e.advice ? `${e.message}; what to do: ${e.advice}` : e.message;
    return {
      file,
      ok: false,
      reason: e.reason,
      verdict: null,
      event: null,
      line: at,
      suggestion,
      message,
      differences,
    };
  }
}

export type Decision = { post: ReviewEvent } | { abort: string };

/** What post would do with a body, and the lines a person reads about it. */
export function decideFile(
  file: string,
  expectedEvent: ReviewEvent | null,
  io: Io,
  personaVersion = '',
): { decision: Decision; detail: string } {
  try {
    const v = checkFile(file, expectedEvent, io, personaVersion);
    return { decision: { post: v.event }, detail: `verdict ${v.verdict} → event ${v.event}` };
  } catch (e) {
    if (!(e instanceof Abort)) throw e;
    return {
      decision: { abort: e.reason },
      detail: e.diagnosis
        ? renderDiagnosis(e.diagnosis, shown(file))
        : `${e.reason}: ${unnamed(e.message, file)}${e.advice ? `\n  What to do: ${e.advice}` : ''}`,
    };
  }
}

/**
 * A message without the file name it starts with (the line already names the file): "x.md: no such file" → "no such
 * file"; a sentence the name was the subject of keeps one ("x.md is a directory" → "the file is a directory").
 */
const unnamed = (message: string, file: string): string => {
  const name = shown(file);
  if (message.startsWith(`${name}: `)) return message.slice(name.length + 2);
  return message.startsWith(`${name} `)
    ? `the ${file === '-' ? 'input' : 'file'} ${message.slice(name.length + 1)}`
    : message;
};

/** A findings file as the CLI reports it: the count, or every problem. */
function findingsResult(
  file: string,
  io: Io,
): { ok: boolean; reason: string | null; count: number; problems: string[]; advice?: string } {
  const name = shown(file);
  const input = readInput(file, io, MAX_FINDINGS_BYTES);
  if (!input.ok) {
    const over =
      input.tooLarge !== undefined ? ': a findings file is at most 1 MiB, so have the persona write fewer' : '';
    return { ok: false, reason: 'bad-findings', count: 0, problems: [unnamed(input.message, file) + over] };
  }
  try {
    return { ok: true, reason: null, count: parseFindings(input.bytes, name).length, problems: [] };
  } catch (e) {
    if (!(e instanceof Abort)) throw e;
    const problems = e instanceof FindingsError ? e.problems : [unnamed(e.message, file)];
    return { ok: false, reason: e.reason, count: 0, problems, ...(e.advice && { advice: e.advice }) };
  }
}

function runCheck(values: Record<string, unknown>, files: string[], io: Io): number {
  const format = (values['format'] as string | undefined) ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, not "${format}"`);
  const findings = values['findings'] as string | undefined;
  // the marker records the persona's version: a post with persona-version counts it, and so does check
  const version = (values['persona-version'] as string | undefined) ?? '';
  // as the action reads the input: a version post would refuse is a usage error here
  if (version && !PERSONA_VERSION.test(version))
    throw new UsageError('--persona-version: use at most 64 characters on one line (as the action input)');
  if (!files.length && findings === undefined) throw new UsageError('name a review body file (or --findings <file>)');
  stdinOnce([...files, ...(findings !== undefined ? [findings] : [])]);
  let bad = 0;
  if (findings !== undefined) {
    const { advice, ...r } = findingsResult(findings, io);
    if (!r.ok) bad++;
    // what to do follows the problems, as it follows a refused body's (the action's summary says it too)
    const todo = advice ? [`  What to do: ${advice}`] : [];
    if (format === 'json') io.out(JSON.stringify({ file: findings, kind: 'findings', ...r }));
    else if (r.ok) io.out(`${shown(findings)}: ok — ${r.count} finding(s) match the schema`);
    else if (r.problems.length === 1) io.out([`${shown(findings)}: ${r.reason}: ${r.problems[0]}`, ...todo].join('\n'));
    else
      io.out(
        [
          `${shown(findings)}: ${r.reason}: ${r.problems.length} problems`,
          ...r.problems.map((p) => `  ${p}`),
          ...todo,
        ].join('\n'),
      );
  }
  for (const f of files) {
    if (format === 'json') {
      const r = jsonRecord(f, io, version);
      if (!r['ok']) bad++;
      io.out(JSON.stringify(r));
      continue;
    }
    const { decision, detail } = decideFile(f, null, io, version);
    if (!('post' in decision)) bad++;
    io.out('post' in decision ? `${shown(f)}: ok — ${detail}` : `${shown(f)}: ${detail}`);
  }
  return bad ? 1 : 0;
}

export const check: Command = {
  summary: 'check review bodies (and a findings file) offline, as post would before posting',
  help: `usage: persona-verdict check [--format text|json] [--findings <findings.json>] [--persona-version <v>]
                             <body.md>...

Checks each review body as the action's post mode does before any request: the verdict line,
secrets, the size with the marker. A file named - is read from standard input.
Exit 0 when every body (and the findings file) is accepted, 1 when any is refused, 2 on a usage error.

options:
  --format text|json      text (default): a line per file, diagnostics for a refused body;
                          json: one JSON object per file, per line
  --findings <file>       also check a findings file against schema/findings.schema.json,
                          reporting every problem with its JSON pointer
  --persona-version <v>   the persona-version the post will record in its marker (its length
                          counts toward GitHub's size limit, as in post)
  -h, --help              this help`,
  options: { format: { type: 'string' }, findings: { type: 'string' }, 'persona-version': { type: 'string' } },
  run: runCheck,
};
