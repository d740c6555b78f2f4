// Who owns the gate's own files — pure, part of doctor (core/doctor-branch.ts reviewChecks). *Require review from
// Code Owners* protects the workflows, the prompts and run-persona only where the gated branch's CODEOWNERS gives them
// an owner: GitHub reads the first file it finds on the PR's base branch (.github/, then the root, then docs/), the
// last matching line decides, a line with no owner leaves a path unowned, and a line GitHub reports an error on asks
// no one (GitHub's docs, "About code owners"). A review of the doctor, 2026-12-03: with the setting on, it said
// "ok" without reading the file — none at all, or one that owns only src/, left a PR that rewrites
// .github/persona-verdict/priya.md needing nothing but a persona's approval.

/**
 * The CODEOWNERS file on the gated branch, with the lines GitHub reports as errors (null: it would not say); 'missing'
 * where there is none, null where it could not be read.
 */
export type CodeownersFact =
  { path: string; text: string; errors?: Array<{ line: number; kind: string }> | null } | 'missing' | null;

/** The gate's own directories: the workflows, and the persona prompts and run-persona (CODEOWNERS: unowned()). */
export const GATE_FILES = ['.github/workflows/', '.github/persona-verdict/'] as const;

/** Where GitHub looks for CODEOWNERS, in its order: the first file found is the one used. */
export const CODEOWNERS_PATHS = ['.github/CODEOWNERS', 'CODEOWNERS', 'docs/CODEOWNERS'] as const;

/**
 * Paths under each directory, every one of which must be owned: a recipe's own names and names nobody would list, so
 * that only a line that owns the whole directory passes — not persona-*.yml, *.md or one prompt by name, which leave
 * a new workflow or run-persona without an owner (a review of the doctor, 2026-12-03).
 */
const SAMPLE: Record<string, string[]> = {
  '.github/workflows/': ['persona-priya.yml', 'zz-doctor-probe.yml', 'zz-doctor-probe.yaml'].map(
    (n) => `.github/workflows/${n}`,
  ),
  // and one a folder down: "/.github/persona-verdict/*" owns only what is right under it
  '.github/persona-verdict/': ['priya.md', 'run-persona', 'zz-doctor-probe', 'zz-doctor-probe/x.js'].map(
    (n) => `.github/persona-verdict/${n}`,
  ),
};

/** Does a CODEOWNERS pattern match `path` (gitignore's rules as GitHub applies them: no "!", no "[ ]" ranges)? */
export function matches(pattern: string, path: string): boolean {
  let p = pattern;
  const dir = p.endsWith('/');
  if (dir) p = p.slice(0, -1);
  // a slash at the start or in the middle anchors the pattern at the root; otherwise it matches at any depth
  const anchored = p.startsWith('/') || p.includes('/');
  if (p.startsWith('/')) p = p.slice(1);
  const segments = p.split('/');
  const body = segments
    .map((s) =>
      s === '**'
        ? '(?:[^/]+/)*[^/]*'
        : s
            .replace(/[.+^${}()|[\]\\]/g, '\\$&')
            .replace(/\*/g, '[^/]*')
            .replace(/\?/g, '[^/]'),
    )
    .join('/')
    .replace(/\(\?:\[\^\/\]\+\/\)\*\[\^\/\]\*\//g, '(?:[^/]+/)*');
  // "docs/*" owns the files right under docs/, not deeper ones (GitHub's docs); a name without a wildcard owns
  // everything under it, as a directory
  const last = segments.at(-1) ?? '';
  const under = dir || !/[*?]/.test(last) ? '(?:/.*)?' : '';
  return new RegExp(`^${anchored ? '' : '(?:.*/)?'}${body}${dir ? '/.*' : under}$`).test(path);
}

/** The owners the file gives `path` (the last matching line's), [] when a line matches with none, null when none. */
export function ownersOf(text: string, path: string): string[] | null {
  let owners: string[] | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (!line) continue;
    const [pattern, ...rest] = line.split(/\s+/);
    if (pattern && matches(pattern, path)) owners = rest.filter((o) => o.includes('@'));
  }
  return owners;
}

/**
 * The gate's files the CODEOWNERS file leaves without an owner (each by its directory, and the file itself). A line
 * GitHub reports an error on ("Unknown owner": a user or team that does not exist or may not write) asks nobody, so
 * its owners do not count (a review of the doctor, 2026-12-03: "/.github/ @acme/no-such-team" passed).
 */
export function unowned(file: {
  path: string;
  text: string;
  errors?: ReadonlyArray<{ line: number }> | null;
}): string[] {
  const bad = new Set((file.errors ?? []).map((e) => e.line));
  const text = file.text
    .split(/\r?\n/)
    .map((l, i) => (bad.has(i + 1) ? (l.trim().split(/\s+/)[0] ?? '') : l))
    .join('\n');
  // the file itself, and every place GitHub would look first: a PR that adds .github/CODEOWNERS beside an owned
  // docs/CODEOWNERS replaces it (a read-through, 2026-12-03)
  const first = CODEOWNERS_PATHS.slice(0, Math.max(0, CODEOWNERS_PATHS.indexOf(file.path as never)));
  const paths = [...GATE_FILES.map((d) => SAMPLE[d]!), [file.path], ...first.map((p) => [p])];
  const names = [...GATE_FILES, file.path, ...first];
  return names.filter((_n, i) => paths[i]!.some((p) => !(ownersOf(text, p)?.length ?? 0)));
}
