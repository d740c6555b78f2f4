// Inline findings — pure. A persona may write line findings beside its body; they
// never change the verdict. Validated here (schema/findings.schema.json says the same
// for structured-output modes), placed against the PR's diff hunks, and whatever
// cannot be placed goes into the body, above the verdict line.

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

/** The file's size limit, and the largest comment GitHub takes. */
export const MAX_FINDINGS_BYTES = 1024 * 1024;
export const MAX_FINDING_BODY = 65536;
const KEYS = new Set(['path', 'line', 'side', 'start_line', 'body', 'severity']);

export type Validated = { ok: true; findings: Finding[] } | { ok: false; message: string };

const isLine = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 1;

/** Every problem is named by item and field; the first one is reported. */
export function validateFindings(json: unknown): Validated {
  if (!Array.isArray(json)) return { ok: false, message: 'the findings file must hold a JSON array of findings' };
  const findings: Finding[] = [];
  for (const [i, raw] of json.entries()) {
    const where = `finding ${i + 1}`;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw))
      return { ok: false, message: `${where} is not an object` };
    const item = raw as Record<string, unknown>;
    const unknown = Object.keys(item).find((k) => !KEYS.has(k));
    if (unknown) return { ok: false, message: `${where}: unknown field "${unknown.slice(0, 40)}"` };
    const problem = fieldProblem(item);
    if (problem) return { ok: false, message: `${where}: ${problem}` };
    findings.push({
      path: item['path'] as string,
      line: item['line'] as number,
      side: (item['side'] as Side | undefined) ?? 'RIGHT',
      ...(item['start_line'] !== undefined ? { startLine: item['start_line'] as number } : {}),
      body: item['body'] as string,
      ...(item['severity'] !== undefined ? { severity: item['severity'] as Severity } : {}),
    });
  }
  return { ok: true, findings };
}

function fieldProblem(item: Record<string, unknown>): string | null {
  const path = item['path'];
  if (typeof path !== 'string' || !path) return 'path must be a non-empty string';
  if (path.startsWith('/') || path.split('/').some((seg) => seg === '..' || seg === '')) {
    return `path "${path.slice(0, 80)}" must be relative to the repository, without "..", a leading "/" or empty parts`;
  }
  if (!isLine(item['line'])) return 'line must be a whole number from 1';
  if (item['side'] !== undefined && item['side'] !== 'RIGHT' && item['side'] !== 'LEFT') {
    return 'side must be RIGHT or LEFT';
  }
  const start = item['start_line'];
  if (start !== undefined && (!isLine(start) || start >= item['line'])) {
    return 'start_line must be a whole number from 1, below line';
  }
  const body = item['body'];
  if (typeof body !== 'string' || !body.trim()) return 'body must be a non-empty string';
  if (body.length > MAX_FINDING_BODY) return `body is longer than ${MAX_FINDING_BODY} characters`;
  if (item['severity'] !== undefined && !(SEVERITIES as readonly unknown[]).includes(item['severity'])) {
    return `severity must be one of ${SEVERITIES.join(', ')}`;
  }
  return null;
}

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
}

export interface Placement {
  inline: Finding[];
  /** Not placeable, or over the inline cap; each with why. */
  inBody: Array<{ finding: Finding; why: string }>;
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
    const text = label(f).replace(/\r?\n/g, ' ');
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
