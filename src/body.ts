// Reading the persona's body: every way it can be missing, too large or unreadable.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { decodeBody, normaliseText } from './core/grammar.js';

/** GitHub's limit on a review body, in characters, marker included. */
export const MAX_BODY_CHARS = 65536;
/** No UTF-8 text of MAX_BODY_CHARS characters needs more bytes than this. */
export const MAX_BODY_BYTES = MAX_BODY_CHARS * 4;

export type Loaded =
  { ok: true; text: string } | { ok: false; reason: 'unreadable-body' | 'body-too-large' | 'no-body'; message: string };

export function loadBody(bodyPath: string | null, body: string | null): Loaded {
  if (bodyPath === null) {
    if (body === null) return { ok: false, reason: 'unreadable-body', message: 'no body given' };
    if (body.length > MAX_BODY_CHARS) return tooLarge(`the body input has ${body.length} characters`);
    const n = normaliseText(body);
    return n.ok ? n : { ok: false, reason: 'unreadable-body', message: n.message };
  }
  let fd: number;
  try {
    // O_NONBLOCK: a FIFO or device named as body-path must not hang the step before fstat rejects it
    fd = openSync(bodyPath, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'does not exist: did the persona step write it, and is body-path relative to the workspace?'
        : code === 'EACCES'
          ? 'cannot be read (permission denied)'
          : `cannot be opened (${code ?? String(e)})`;
    if (code === 'ENOENT') return noBody(`body-path ${bodyPath} ${why}`);
    return { ok: false, reason: 'unreadable-body', message: `body-path ${bodyPath} ${why}` };
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory())
      return {
        ok: false,
        reason: 'unreadable-body',
        message: `body-path ${bodyPath} is a directory: point it at the review body file`,
      };
    if (!st.isFile())
      return { ok: false, reason: 'unreadable-body', message: `body-path ${bodyPath} is not a regular file` };
    if (st.size === 0) return noBody(`body-path ${bodyPath} is empty`);
    if (st.size > MAX_BODY_BYTES) return tooLarge(`body-path ${bodyPath} is ${st.size} bytes`);
    const buf = Buffer.alloc(st.size);
    let off = 0;
    while (off < st.size) {
      const n = readSync(fd, buf, off, st.size - off, off);
      if (n === 0) break;
      off += n;
    }
    const d = decodeBody(buf.subarray(0, off));
    if (!d.ok) return { ok: false, reason: 'unreadable-body', message: `body-path ${bodyPath}: ${d.message}` };
    return d;
  } catch (e) {
    return {
      ok: false,
      reason: 'unreadable-body',
      message: `body-path ${bodyPath} cannot be read (${(e as Error).message})`,
    };
  } finally {
    closeSync(fd);
  }
}

function tooLarge(what: string): Loaded {
  return {
    ok: false,
    reason: 'body-too-large',
    message:
      `${what}; GitHub accepts at most ${MAX_BODY_CHARS} characters per review (marker included), and ` +
      `truncating would cut the verdict line: shorten the persona's review`,
  };
}

/** The persona step produced nothing (it failed, or was skipped): the run ends without a review, red. */
const noBody = (message: string): { ok: false; reason: 'no-body'; message: string } => ({
  ok: false,
  reason: 'no-body',
  message: `the persona produced no review: ${message}`,
});
