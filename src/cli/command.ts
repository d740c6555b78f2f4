// What a CLI command is: its options (node:util parseArgs), its help, its handler.
// src/cli/commands.ts lists them; src/cli.ts parses the arguments and dispatches.
import { readFileSync, statSync } from 'node:fs';

/** Where a command writes, and how it reads standard input (injectable for tests). */
export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  stdin: () => Buffer;
}

export type OptionSpec = { type: 'string' | 'boolean'; short?: string; multiple?: boolean };
export type Values = Record<string, string | boolean | Array<string | boolean> | undefined>;

export interface Command {
  /** One line for the tool's --help. */
  summary: string;
  /** `persona-verdict <name> …` lines and an explanation, for `<name> --help` and usage errors. */
  help: string;
  /** Options besides --help and --version (which every command takes). */
  options: Record<string, OptionSpec>;
  /** Exit code: 0 good, 1 a finding (a bad body, a disagreement, a failed check), 2 a usage error. */
  run(values: Values, positionals: string[], io: Io): number | Promise<number>;
}

/** A command line that cannot run: one line of reason; the dispatcher adds the usage, exit 2. */
export class UsageError extends Error {}

/** How a file named on the command line is called in messages. */
export const shown = (file: string): string => (file === '-' ? '<stdin>' : file);

/** `tooLarge`: the input is over the limit (its size in bytes), else it could not be read. */
export type Input = { ok: true; bytes: Buffer } | { ok: false; message: string; tooLarge?: number };

/**
 * A file named on the command line, or standard input for `-`, read whole. Never more than
 * `limit` bytes from a regular file (checked before reading); a pipe is read and then measured.
 */
export function readInput(file: string, io: Io, limit: number): Input {
  const name = shown(file);
  let bytes: Buffer;
  try {
    if (file !== '-') {
      const st = statSync(file);
      if (st.isDirectory()) return { ok: false, message: `${name} is a directory: name a file` };
      if (st.isFile() && st.size > limit) return tooLarge(name, st.size, limit);
    }
    bytes = file === '-' ? io.stdin() : readFileSync(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EACCES'
          ? 'permission denied'
          : `cannot be read (${code ?? (e as Error).message})`;
    return { ok: false, message: `${name}: ${why}` };
  }
  if (bytes.length > limit) return tooLarge(name, bytes.length, limit);
  return { ok: true, bytes };
}

const tooLarge = (name: string, size: number, limit: number): Input => ({
  ok: false,
  message: `${name} is ${size} bytes, over the limit of ${limit}`,
  tooLarge: size,
});

/** `-` may be named once: standard input cannot be read twice. */
export function stdinOnce(files: string[]): void {
  if (files.filter((f) => f === '-').length > 1) throw new UsageError('"-" (standard input) can be named only once');
}
