// Inline findings — pure. A persona may write line findings beside its body; they
// never change the verdict. Validated by schema/findings.schema.json itself (compiled
// at build time into src/generated/), placed against the PR's diff hunks, and whatever
// cannot be placed goes into the body, above the verdict line.
import { validateFindingsSchema, type SchemaError } from '../generated/findings-schema.js';

export const SEVERITIES = ['blocker', 'major', 'minor', 'nit'] as const;
export type Severity = (typeof SEVERITIES)[number];
export type Side = 'RIGHT' | 'LEFT';

export interface Finding {
  path: string;
  line: number;
  side: Side;
  startLine?: number;
  body: string;
  severity?: Severity;
}

/** The file's size limit, and the largest comment GitHub takes, in characters (code points: the schema's count). */
export const MAX_FINDINGS_BYTES = 1024 * 1024;
export const MAX_FINDING_BODY = 65536;
const FIELDS = 'path, line, side, start_line, body and severity';
/** At most this many problems in one message (the CLI lists them all). */
const SHOWN = 50;

export type Validated = { ok: true; findings: Finding[] } | { ok: false; errors: string[]; message: string };

/**
 * Checks a parsed findings file against schema/findings.schema.json (compiled at build time, so the
 * schema is the only statement of the shape) and what a schema cannot say (start_line below line).
 * Every problem is reported, each with the finding, its JSON pointer and what to write instead.
 */
export function validateFindings(json: unknown): Validated {
  const errors = validateFindingsSchema(json)
    ? []
    : [...new Set((validateFindingsSchema.errors ?? []).map((e) => describe(e, json)))];
  if (Array.isArray(json)) {
    json.forEach((item: Record<string, unknown> | null, i) => {
      const line = item?.['line'];
      const start = item?.['start_line'];
      if (Number.isInteger(line) && Number.isInteger(start) && (start as number) >= (line as number))
        errors.push(`${where(`/${i}/start_line`)}: start_line ${String(start)} must be below line ${String(line)}`);
    });
  }
  if (errors.length) {
    const more = errors.length > SHOWN ? `; … and ${errors.length - SHOWN} more` : '';
    const count = errors.length === 1 ? '' : `${errors.length} problems: `;
    return { ok: false, errors, message: count + errors.slice(0, SHOWN).join('; ') + more };
  }
  return { ok: true, findings: (json as Array<Record<string, unknown>>).map(toFinding) };
}

const toFinding = (item: Record<string, unknown>): Finding => ({
  path: item['path'] as string,
  line: item['line'] as number,
  side: (item['side'] as Side | undefined) ?? 'RIGHT',
  ...(item['start_line'] !== undefined ? { startLine: item['start_line'] as number } : {}),
  body: (item['body'] as string).replace(/\r\n/g, '\n'),
  ...(item['severity'] !== undefined ? { severity: item['severity'] as Severity } : {}),
});

/** "finding 2 (/1/severity)", or "the whole file" for the root. */
function where(pointer: string): string {
  const index = /^\/(\d+)/.exec(pointer);
  return index ? `finding ${Number(index[1]) + 1} (${pointer})` : 'the whole file';
}

const escapePointer = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');
/** A value as it can be shown on one line of a log: quoted, escaped, cut. */
const shown = (v: unknown): string => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 60)}…` : s;
};
const kind = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `a ${typeof v}`;

function valueAt(root: unknown, pointer: string): unknown {
  let v = root;
  for (const part of pointer.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    v = v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  }
  return v;
}

/** One schema error in words a persona's author can act on. */
function describe(e: SchemaError, root: unknown): string {
  const field = e.instancePath.split('/')[2] ?? '';
  const value = valueAt(root, e.instancePath);
  const key = String(e.params['missingProperty'] ?? e.params['additionalProperty']);
  const at = where(
    e.instancePath + (e.keyword === 'required' || e.keyword === 'additionalProperties' ? '/' + escapePointer(key) : ''),
  );
  if (e.keyword === 'required') return `${at}: has no ${key} (every finding needs path, line and body)`;
  if (e.keyword === 'additionalProperties') return `${at}: unknown field ${shown(key)} (a finding has only ${FIELDS})`;
  if (!e.instancePath)
    return `${at}: must be a JSON array of findings ([{ "path", "line", "body" }]), not ${kind(value)}`;
  if (!field) return `${at}: is ${kind(value)}, not an object { "path", "line", "body" }`;
  return `${at}: ${fieldProblem(field, e.keyword, value)}`;
}

function fieldProblem(field: string, keyword: string, value: unknown): string {
  if (keyword === 'type' || (keyword === 'minLength' && field !== 'body')) {
    const want = field.endsWith('line') ? 'a whole number from 1' : 'a non-empty string';
    return `${field} must be ${want}, not ${shown(value)}`;
  }
  switch (`${field}/${keyword}`) {
    case 'line/minimum':
    case 'start_line/minimum':
      return `${field} must be a whole number from 1, not ${shown(value)}`;
    case 'side/enum':
      return `side must be RIGHT or LEFT, not ${shown(value)}`;
    case 'severity/enum':
      return `severity must be one of ${SEVERITIES.join(', ')}, not ${shown(value)}`;
    case 'path/not':
      return `path ${shown(value)} must be relative to the repository, without "..", a leading or trailing "/" or "//"`;
    case 'path/pattern':
      return `path ${controlAt(value as string, false)}: a path is one line of printable characters`;
    case 'body/minLength':
    case 'body/pattern':
      return !(value as string).trim()
        ? 'body is blank: write the finding'
        : `body ${controlAt(value as string, true)}: line breaks are \\n, no other control characters`;
    case 'body/maxLength':
      return (
        `body has ${Array.from(value as string).length} characters; GitHub takes at most ${MAX_FINDING_BODY}: ` +
        'shorten it'
      );
  }
  return `${field} ${keyword}: ${shown(value)} does not match the schema`;
}

/** Names the first character that would break a line or hide what follows it. */
function controlAt(s: string, inBody: boolean): string {
  /* eslint-disable no-control-regex -- naming control characters is the point */
  const bad = inBody
    ? /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]|\r(?!\n)/u
    : /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
  /* eslint-enable no-control-regex */
  const m = bad.exec(s);
  if (!m) return 'does not match the schema';
  const c = m[0].codePointAt(0)!;
  const name = CONTROL_NAMES[c] ?? 'a control character';
  return `contains U+${c.toString(16).toUpperCase().padStart(4, '0')} (${name}) at character ${m.index + 1}`;
}

const CONTROL_NAMES: Record<number, string> = {
  0x0a: 'a line feed',
  0x0d: 'a carriage return without a line feed',
  0x09: 'a tab',
  0x85: 'NEL, a next-line character',
  0x2028: 'a line separator',
  0x2029: 'a paragraph separator',
  0x1b: 'an escape character',
  0x00: 'a NUL',
};

/** The lines each side of a file's patch shows, hunk by hunk: [first, last] per hunk. */
export interface FileLines {
  right: Array<Set<number>>;
  left: Array<Set<number>>;
}

/** Parses a unified-diff patch (as GitHub's PR files list gives it) into the lines of each hunk. */
export function hunkLines(patch: string): FileLines {
  const out: FileLines = { right: [], left: [] };
  let oldLine = 0;
  let newLine = 0;
  for (const line of patch.split('\n')) {
    const h = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(line);
    if (h) {
      oldLine = Number(h[1]);
      newLine = Number(h[2]);
      out.left.push(new Set());
      out.right.push(new Set());
      continue;
    }
    const left = out.left.at(-1);
    const right = out.right.at(-1);
    if (!left || !right || line.startsWith('\\')) continue; // "\ No newline at end of file"
    if (line.startsWith('+')) right.add(newLine++);
    else if (line.startsWith('-')) left.add(oldLine++);
    else {
      left.add(oldLine++);
      right.add(newLine++);
    }
  }
  return out;
}

export interface PrFile {
  filename: string;
  /** Absent when GitHub omits it (binary, or too large). */
  patch?: string;
  /** added, removed, modified, renamed, copied, changed, unchanged. */
  status?: string;
  previous_filename?: string;
}

export interface Placement {
  inline: Finding[];
  /** Not placeable, or over the inline cap; each with why. */
  inBody: Array<{ finding: Finding; why: string }>;
  /** Neither inline nor in the body: cut for the review's size limit (only after GitHub refused a position). */
  omitted?: Array<{ finding: Finding; why: string }>;
}

/** Which findings GitHub can anchor in the diff at the reviewed head, up to `cap`; the rest go in the body. */
export function place(findings: readonly Finding[], files: readonly PrFile[], cap: number): Placement {
  const byPath = new Map(files.map((f) => [f.filename, f]));
  const parsed = new Map<string, FileLines>();
  const placement: Placement = { inline: [], inBody: [] };
  for (const finding of findings) {
    const why = unplaceable(finding, byPath.get(finding.path), parsed);
    if (why) placement.inBody.push({ finding, why });
    else if (placement.inline.length >= cap) placement.inBody.push({ finding, why: `over ${cap} inline findings` });
    else placement.inline.push(finding);
  }
  return placement;
}

function unplaceable(f: Finding, file: PrFile | undefined, parsed: Map<string, FileLines>): string | null {
  if (!file) return 'file not in this pull request';
  if (typeof file.patch !== 'string') return 'GitHub shows no diff for this file (binary or too large)';
  const lines = parsed.get(f.path) ?? hunkLines(file.patch);
  parsed.set(f.path, lines);
  const hunks = f.side === 'RIGHT' ? lines.right : lines.left;
  const first = f.startLine ?? f.line;
  const hunk = hunks.find((h) => h.has(f.line));
  if (!hunk) return 'line outside the diff';
  for (let n = first; n <= f.line; n++) if (!hunk.has(n)) return 'range leaves the diff hunk';
  return null;
}

/** A review comment as the Reviews API takes it. */
export function toComment(f: Finding): {
  path: string;
  line: number;
  side: Side;
  start_line?: number;
  start_side?: Side;
  body: string;
} {
  const range = f.startLine !== undefined ? { start_line: f.startLine, start_side: f.side } : {};
  return { path: f.path, line: f.line, side: f.side, ...range, body: label(f) };
}

const label = (f: Finding): string => (f.severity ? `**${f.severity}:** ${f.body}` : f.body);

/** The body section for findings outside the diff (or over the cap). */
export function bodySection(inBody: Placement['inBody']): string {
  if (!inBody.length) return '';
  const lines = ['### Findings outside the diff', ''];
  for (const { finding: f, why } of inBody) {
    const where = f.startLine !== undefined ? `${f.path}:${f.startLine}-${f.line}` : `${f.path}:${f.line}`;
    const side = f.side === 'LEFT' ? ' (old side)' : '';
    // one list item per finding: its line breaks become spaces, and an HTML comment it opens is shown, not
    // opened (an unclosed one would hide every line below it, the verdict included)
    const text = label(f).replace(/\r?\n/g, ' ').replace(/<!--/g, '&lt;!--');
    lines.push(`- \`${where.replace(/`/g, "'")}\`${side} — ${text} _(${why})_`);
  }
  return lines.join('\n');
}

/**
 * Inserts the section just above the verdict line (the body's last non-blank line),
 * so the verdict stays last and the marker first.
 */
export function withSection(body: string, section: string): string {
  if (!section) return body;
  const lines = body.split('\n');
  let last = lines.length - 1;
  while (last >= 0 && !lines[last]!.trim()) last--;
  return [...lines.slice(0, last), '', section, '', ...lines.slice(last)].join('\n');
}
