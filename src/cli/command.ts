// What a CLI command is: its options (node:util parseArgs), its help, its handler.
// src/cli/commands.ts lists them; src/cli.ts parses the arguments and dispatches.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/** Where a command writes, and how it reads standard input (injectable for tests). */
export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Standard input, at most `max` bytes (a stream longer than that is cut there: the caller refuses it). */
  stdin: (max: number) => Buffer;
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
 * A file named on the command line, or standard input for `-`. Never more than `limit` bytes are read: a regular
 * file's size is checked before reading; standard input is read up to one byte past the limit, then refused.
 * Anything else (a FIFO, a device, a socket) is refused without reading: it may never end (O_NONBLOCK: opening a
 * FIFO without a writer must not hang either).
 */
export function readInput(file: string, io: Io, limit: number): Input {
  const name = shown(file);
  if (file === '-') {
    const bytes = io.stdin(limit + 1);
    if (bytes.length <= limit) return { ok: true, bytes };
    return { ok: false, message: `${name} is more than ${limit} bytes, over the limit`, tooLarge: bytes.length };
  }
  let fd: number | undefined;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
    const st = fstatSync(fd);
    if (st.isDirectory()) return { ok: false, message: `${name} is a directory: name a file` };
    if (!st.isFile())
      return { ok: false, message: `${name} is not a regular file: name a file, or - for standard input` };
    if (st.size > limit) return tooLarge(name, st.size, limit);
    // the size fstat gives is not trusted (a procfs file reads 0, a file may grow): what was read is measured
    const bytes = readUpTo(fd, limit + 1);
    if (bytes.length > limit)
      return { ok: false, message: `${name} is more than ${limit} bytes, over the limit`, tooLarge: bytes.length };
    return { ok: true, bytes };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EACCES'
          ? 'permission denied'
          : `cannot be read (${code ?? (e as Error).message})`;
    return { ok: false, message: `${name}: ${why}` };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/** At most `max` bytes from a file descriptor, reading until its end or `max`. */
export function readUpTo(fd: number, max: number): Buffer {
  const buf = Buffer.alloc(Math.min(max, 64 * 1024));
  const parts: Buffer[] = [];
  let total = 0;
  while (total < max) {
    let n: number;
    try {
      n = readSync(fd, buf, 0, Math.min(buf.length, max - total), null);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EAGAIN') {
        Atomics.wait(PAUSE, 0, 0, 10); // a non-blocking pipe with nothing yet: wait, do not spin
        continue;
      }
      if ((e as NodeJS.ErrnoException).code === 'EOF') break;
      throw e;
    }
    if (n === 0) break;
    parts.push(Buffer.from(buf.subarray(0, n)));
    total += n;
  }
  return Buffer.concat(parts);
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
