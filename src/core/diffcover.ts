// A whole diff or none: does the unified diff GitHub rendered cover every file the PR
// changes? Pure. Files the diff shows without text (binary, submodule, rename or mode
// change only, empty) are named in a header the persona reads; a diff cut short, a file
// list that may be capped, or any disagreement between the diff, the PR's file list and
// its changed_files makes the diff unusable: the caller aborts, never passes a part as whole.

/** A file as GET /pulls/{n}/files lists it (patch absent when GitHub shows none: binary, too large). */
export interface ListedFile {
  filename: string;
  status?: string;
  previous_filename?: string;
  patch?: string;
}

/** Why a changed file has no text the persona can read. */
export type NoTextKind = 'binary' | 'submodule' | 'renamed' | 'copied' | 'mode' | 'empty' | 'omitted';

export interface DiffSection {
  path: string;
  kind: 'text' | NoTextKind;
  /** The old path of a rename or copy. */
  from?: string;
}

export type Coverage =
  | { whole: true; withText: string[]; noText: Array<{ path: string; kind: NoTextKind; from?: string }> }
  | { whole: false; why: string };

/** GitHub lists at most this many files of a PR (REST docs, "List pull requests files"). */
export const LIST_FILES_CAP = 3000;

/** Decides whether `diff` is the whole change the PR's `files` and `changedFiles` describe. */
export function cover(diff: string, files: readonly ListedFile[], changedFiles: number): Coverage {
  if (changedFiles > LIST_FILES_CAP)
    return { whole: false, why: `the PR changes ${changedFiles} files; GitHub lists at most ${LIST_FILES_CAP}` };
  if (files.length !== changedFiles)
    return { whole: false, why: `GitHub lists ${files.length} file(s) but says the PR changes ${changedFiles}` };
  const parsed = parseDiff(diff);
  if ('problem' in parsed) return { whole: false, why: parsed.problem };
  const byPath = new Map<string, DiffSection>();
  for (const s of parsed.sections) {
    if (byPath.has(s.path)) return { whole: false, why: `the diff shows ${show(s.path)} twice` };
    byPath.set(s.path, s);
  }
  const listed = new Set(files.map((f) => f.filename));
  const extra = [...byPath.keys()].filter((p) => !listed.has(p));
  if (extra.length) return { whole: false, why: `the diff shows ${names(extra)}, not among the PR's files` };
  const withText: string[] = [];
  const noText: Array<{ path: string; kind: NoTextKind; from?: string }> = [];
  const missing: string[] = [];
  for (const f of files) {
    const s = byPath.get(f.filename);
    if (s?.kind === 'text') withText.push(s.path);
    else if (s) noText.push({ path: s.path, kind: s.kind, ...(s.from ? { from: s.from } : {}) });
    else if (typeof f.patch === 'string') missing.push(f.filename);
    else noText.push(listedOnly(f));
  }
  if (missing.length) return { whole: false, why: `the diff lacks ${names(missing)}, which GitHub lists with changes` };
  const total = withText.length + noText.length;
  if (total !== changedFiles) return { whole: false, why: `the diff covers ${total} file(s), not ${changedFiles}` };
  return { whole: true, withText, noText };
}

function listedOnly(f: ListedFile): { path: string; kind: NoTextKind; from?: string } {
  if (f.status === 'renamed' && f.previous_filename)
    return { path: f.filename, kind: 'renamed', from: f.previous_filename };
  return { path: f.filename, kind: 'omitted' };
}

const KIND_WORDS: Record<NoTextKind, string> = {
  binary: 'binary',
  submodule: 'submodule: only the commit it points to is shown',
  renamed: 'renamed, content unchanged',
  copied: 'copied, content unchanged',
  mode: 'file mode changed only',
  empty: 'empty file added or removed',
  omitted: 'GitHub shows no diff for it (binary or too large)',
};

/** The plain-text header written above the diff for the persona; '' when every file has text. */
export function coverHeader(c: Extract<Coverage, { whole: true }>): string {
  if (!c.noText.length) return '';
  const total = c.withText.length + c.noText.length;
  const lines = [
    `# persona-verdict: ${c.noText.length} of ${total} changed file(s) have no text diff below;`,
    '# their content is not shown to you:',
    ...c.noText.map((f) => `#   ${f.from ? `${show(f.from)} -> ` : ''}${show(f.path)} (${KIND_WORDS[f.kind]})`),
    "# Everything after this header is the PR's diff as GitHub renders it.",
  ];
  return lines.join('\n') + '\n';
}

/** One line each for the run's warnings. */
export function noTextSummary(c: Extract<Coverage, { whole: true }>, max = 10): string {
  const shown = c.noText.slice(0, max).map((f) => `${show(f.path)} (${f.kind})`);
  const more = c.noText.length > max ? `, and ${c.noText.length - max} more` : '';
  return `${shown.join(', ')}${more}`;
}

/** A path as the persona reads it: quoted when it holds control, format or line-breaking characters. */
export function show(path: string): string {
  return /[\p{C}\u2028\u2029]/u.test(path) || path.startsWith('"') ? JSON.stringify(path) : path;
}

function names(paths: string[]): string {
  const shown = paths.slice(0, 5).map(show).join(', ');
  return paths.length > 5 ? `${shown} and ${paths.length - 5} more` : shown;
}

interface Draft {
  gitPath: string;
  minus?: string;
  plus?: string;
  renameFrom?: string;
  renameTo?: string;
  copyFrom?: string;
  copyTo?: string;
  flags: Set<'binary' | 'mode' | 'newOrDeleted' | 'gitlink'>;
  hunks: number;
  subprojectOnly: boolean;
}

type LineState = { hunk: { old: number; new: number } | null; binaryLiteral: boolean };

/** Splits a unified diff (git's format, as GitHub renders it) into its files; a problem when it is cut or malformed. */
export function parseDiff(diff: string): { sections: DiffSection[] } | { problem: string } {
  const lines = diff.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const drafts: Draft[] = [];
  let cur: Draft | null = null;
  const st: LineState = { hunk: null, binaryLiteral: false };
  for (const line of lines) {
    if (st.hunk && (st.hunk.old > 0 || st.hunk.new > 0)) {
      if (!hunkLine(line, st.hunk, cur!))
        return { problem: `a hunk of ${show(pathOf(cur!))} does not match its header: ${cut}` };
      continue;
    }
    if (line.startsWith('diff --git ')) {
      const gitPath = gitLinePath(line.slice('diff --git '.length));
      if (gitPath === null) return { problem: `a file header of the diff cannot be read: ${cut}` };
      cur = { gitPath, flags: new Set(), hunks: 0, subprojectOnly: true };
      drafts.push(cur);
      st.hunk = null;
      st.binaryLiteral = false;
      continue;
    }
    if (line === '' || (st.hunk && line.startsWith('\\'))) continue;
    if (!cur) return { problem: `the diff does not begin with a file header: ${cut}` };
    if (line.startsWith('@@ ')) {
      const h = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/.exec(line);
      if (!h) return { problem: `a hunk header of ${show(pathOf(cur))} cannot be read: ${cut}` };
      st.hunk = { old: h[1] === undefined ? 1 : Number(h[1]), new: h[2] === undefined ? 1 : Number(h[2]) };
      cur.hunks++;
      continue;
    }
    if (st.binaryLiteral) continue;
    if (st.hunk || !headerLine(line, cur, st))
      return { problem: `the diff of ${show(pathOf(cur))} holds a line git never writes there: ${cut}` };
  }
  if (st.hunk && (st.hunk.old > 0 || st.hunk.new > 0))
    return { problem: `the diff ends inside a hunk of ${show(pathOf(cur!))}: ${cut}` };
  return { sections: drafts.map(finish) };
}

const cut = 'GitHub sent it cut short or altered';

function hunkLine(line: string, h: { old: number; new: number }, cur: Draft): boolean {
  const c = line[0];
  if (c === '\\') return true; // "\ No newline at end of file"
  if (c !== undefined && c !== ' ' && c !== '-' && c !== '+') return false;
  if (cur.subprojectOnly && !/^[ +-]Subproject commit [0-9a-f]{40}$/.test(line)) cur.subprojectOnly = false;
  if (c === '-' || c === ' ' || c === undefined) h.old--;
  if (c === '+' || c === ' ' || c === undefined) h.new--;
  return h.old >= 0 && h.new >= 0;
}

function headerLine(line: string, cur: Draft, st: LineState): boolean {
  let m: RegExpExecArray | null;
  if ((m = /^(rename|copy) (from|to) (.+)$/.exec(line))) {
    const key = `${m[1]}${m[2] === 'from' ? 'From' : 'To'}` as 'renameFrom' | 'renameTo' | 'copyFrom' | 'copyTo';
    cur[key] = unquote(m[3]!) ?? m[3]!;
  } else if ((m = /^(---|\+\+\+) (.+)$/.exec(line))) {
    const raw = m[2]!.endsWith('\t') ? m[2]!.slice(0, -1) : m[2]!; // git ends a name holding a space with a tab
    const p = unquote(raw) ?? raw;
    const path = p === '/dev/null' ? undefined : p.replace(/^[ab]\//, '');
    if (m[1] === '---') cur.minus = path;
    else cur.plus = path;
  } else if (/^(old|new) mode \d+$/.test(line)) cur.flags.add('mode');
  else if ((m = /^(new|deleted) file mode (\d+)$/.exec(line))) {
    cur.flags.add('newOrDeleted');
    if (m[2] === '160000') cur.flags.add('gitlink');
  } else if ((m = /^index [0-9a-f]+\.\.[0-9a-f]+(?: (\d+))?$/.exec(line))) {
    if (m[1] === '160000') cur.flags.add('gitlink');
  } else if (/^Binary files .+ differ$/.test(line)) cur.flags.add('binary');
  else if (line === 'GIT binary patch') {
    cur.flags.add('binary');
    st.binaryLiteral = true;
  } else if (!/^(dis)?similarity index \d+%$/.test(line)) return false;
  return true;
}

function pathOf(d: Draft): string {
  return d.renameTo ?? d.copyTo ?? d.plus ?? d.minus ?? d.gitPath;
}

function finish(d: Draft): DiffSection {
  const path = pathOf(d);
  const from = d.renameFrom ?? d.copyFrom;
  const base = { path, ...(from ? { from } : {}) };
  if (d.flags.has('binary')) return { ...base, kind: 'binary' };
  if (d.flags.has('gitlink') || (d.hunks > 0 && d.subprojectOnly)) return { ...base, kind: 'submodule' };
  if (d.hunks > 0) return { ...base, kind: 'text' };
  if (d.renameFrom) return { ...base, kind: 'renamed' };
  if (d.copyFrom) return { ...base, kind: 'copied' };
  if (d.flags.has('newOrDeleted')) return { ...base, kind: 'empty' };
  if (d.flags.has('mode')) return { ...base, kind: 'mode' };
  return { ...base, kind: 'omitted' };
}

/** The b-side path of a `diff --git a/X b/Y` line (quoted paths unquoted); null when it cannot be read. */
function gitLinePath(rest: string): string | null {
  if (rest.startsWith('"')) {
    const a = takeQuoted(rest);
    if (!a || rest[a.end] !== ' ') return null;
    const bRaw = rest.slice(a.end + 1);
    const b = bRaw.startsWith('"') ? unquote(bRaw) : bRaw;
    return b?.startsWith('b/') ? b.slice(2) : null;
  }
  const q = rest.indexOf(' "b/');
  if (q >= 0) return unquote(rest.slice(q + 1))?.slice(2) ?? null;
  const n = (rest.length - 5) / 2; // "a/P b/P": the same path twice
  if (Number.isInteger(n) && n > 0 && rest === `a/${rest.slice(2, 2 + n)} b/${rest.slice(2, 2 + n)}`)
    return rest.slice(2, 2 + n);
  const i = rest.indexOf(' b/');
  return rest.startsWith('a/') && i > 0 ? rest.slice(i + 3) : null;
}

const ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };

/** A C-quoted path as git writes it ("a/t\303\251st"), decoded; the text itself when not quoted; null if malformed. */
export function unquote(s: string): string | null {
  if (!s.startsWith('"')) return s;
  const q = takeQuoted(s);
  return q && q.end === s.length ? q.text : null;
}

function takeQuoted(s: string): { text: string; end: number } | null {
  const bytes: number[] = [];
  for (let i = 1; i < s.length; i++) {
    const cp = s.codePointAt(i)!;
    if (cp === 34) return { text: Buffer.from(bytes).toString('utf8'), end: i + 1 };
    if (cp !== 92) {
      bytes.push(...Buffer.from(String.fromCodePoint(cp), 'utf8'));
      if (cp > 0xffff) i++;
      continue;
    }
    const e = s[++i];
    if (e === undefined) return null;
    if (/[0-7]/.test(e) && /^[0-7]{3}$/.test(s.slice(i, i + 3))) {
      bytes.push(parseInt(s.slice(i, i + 3), 8));
      i += 2;
    } else if (e in ESCAPES) bytes.push(ESCAPES[e]!);
    else return null;
  }
  return null;
}
