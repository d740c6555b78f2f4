// Reading a file someone named (body-path, findings-path, a CLI argument, standard input): bounded and never
// blocking. A regular file only, opened with O_NONBLOCK (a FIFO without a writer must not hang the open), checked
// with fstat before any read, and never more than one byte past the limit read (a procfs file's size reads 0, a
// file may grow). Each caller words the failure for its own readers.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

export type FileRead =
  | { ok: true; bytes: Buffer }
  /** `size`: fstat's size (`measured` false), or what was read, one byte past the limit (`measured` true). */
  | { ok: false; why: 'too-large'; size: number; measured: boolean }
  | { ok: false; why: 'missing' | 'denied' | 'directory' | 'not-a-file' }
  /** `code`: the error's code (EIO, ELOOP…), or its message. */
  | { ok: false; why: 'unreadable'; code: string };

/** A regular file at `path`, at most `limit` bytes; anything else (a FIFO, a device, a socket) is not read. */
export function readRegularFile(path: string, limit: number): FileRead {
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const st = fstatSync(fd);
    if (st.isDirectory()) return { ok: false, why: 'directory' };
    if (!st.isFile()) return { ok: false, why: 'not-a-file' };
    if (st.size > limit) return { ok: false, why: 'too-large', size: st.size, measured: false };
    return bounded(fd, limit);
  } catch (e) {
    return failed(e);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * An open descriptor the caller was given (standard input: a pipe, a file, a terminal, even a FIFO or a device),
 * read to its end or one byte past `limit`; a directory is refused unread.
 */
export function readDescriptor(fd: number, limit: number): FileRead {
  try {
    if (fstatSync(fd).isDirectory()) return { ok: false, why: 'directory' };
    return bounded(fd, limit);
  } catch (e) {
    return failed(e);
  }
}

function bounded(fd: number, limit: number): FileRead {
  const bytes = readUpTo(fd, limit + 1);
  if (bytes.length > limit) return { ok: false, why: 'too-large', size: bytes.length, measured: true };
  return { ok: true, bytes };
}

function failed(e: unknown): FileRead {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return { ok: false, why: 'missing' };
  if (code === 'EACCES') return { ok: false, why: 'denied' };
  if (code === 'EISDIR') return { ok: false, why: 'directory' };
  return { ok: false, why: 'unreadable', code: code ?? (e as Error).message };
}

const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/** At most `max` bytes from a file descriptor, reading until its end or `max`. Throws what readSync throws. */
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
