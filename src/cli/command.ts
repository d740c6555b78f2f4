// What a CLI command is: its options (node:util parseArgs), its help, its handler.
// src/cli/commands.ts lists them; src/cli/main.ts parses the arguments and dispatches.
import { readRegularFile, type FileRead } from '../read-file.js';

/** Where a command writes, and how it reads standard input (injectable for tests). */
export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Standard input, at most `max` bytes (src/read-file.ts readDescriptor: longer, or a directory, is refused). */
  stdin: (max: number) => FileRead;
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
export type Input = { ok: true; bytes: Buffer } | { ok: false; message: string; tooLarge?: number; missing?: true };

/**
 * A file named on the command line, or standard input for `-`. Never more than `limit` bytes are read: a regular
 * file's size is checked before reading; standard input is read up to one byte past the limit, then refused.
 * Anything else (a FIFO, a device, a socket) is refused without reading: it may never end (src/read-file.ts).
 */
export function readInput(file: string, io: Io, limit: number): Input {
  const name = shown(file);
  const r = file === '-' ? io.stdin(limit) : readRegularFile(file, limit);
  if (r.ok) return r;
  switch (r.why) {
    case 'too-large':
      return r.measured
        ? { ok: false, message: `${name} is more than ${limit} bytes, the most read`, tooLarge: r.size }
        : { ok: false, message: `${name} is ${r.size} bytes, more than the ${limit} read`, tooLarge: r.size };
    case 'directory':
      return { ok: false, message: `${name} is a directory: name a file` };
    case 'not-a-file':
      return { ok: false, message: `${name} is not a regular file: name a file, or - for standard input` };
    case 'missing':
      return { ok: false, message: `${name}: no such file`, missing: true };
    case 'denied':
      return { ok: false, message: `${name}: permission denied` };
    case 'unreadable':
      return { ok: false, message: `${name}: cannot be read (${r.code})` };
  }
}

/** `-` may be named once: standard input cannot be read twice. */
export function stdinOnce(files: string[]): void {
  if (files.filter((f) => f === '-').length > 1) throw new UsageError('"-" (standard input) can be named only once');
}
