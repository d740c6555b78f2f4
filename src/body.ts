// Reading the persona's body: every way it can be missing, too large or unreadable.
import { decodeBody, normaliseText } from './core/grammar.js';
import { readRegularFile } from './read-file.js';

/** GitHub's limit on a review body, in characters, marker included. */
export const MAX_BODY_CHARS = 65536;
/** No UTF-8 text of MAX_BODY_CHARS characters needs more bytes than this. */
export const MAX_BODY_BYTES = MAX_BODY_CHARS * 4;

export type Loaded =
  { ok: true; text: string } | { ok: false; reason: 'unreadable-body' | 'body-too-large' | 'no-body'; message: string };

export function loadBody(bodyPath: string | null, body: string | null): Loaded {
  if (bodyPath === null) {
    if (body === null) return { ok: false, reason: 'unreadable-body', message: 'no body given' };
    // measured with its marker when it is checked (src/check.ts), which says by how much to shorten it; only a body
    // no review could hold is refused here, unread
    if (body.length > MAX_BODY_BYTES) return tooLarge(`the body input has ${body.length} characters`);
    const n = normaliseText(body);
    return n.ok ? n : { ok: false, reason: 'unreadable-body', message: n.message };
  }
  const r = readRegularFile(bodyPath, MAX_BODY_BYTES);
  const name = `body-path ${bodyPath}`;
  if (r.ok) {
    if (r.bytes.length === 0) return noBody(`${name} is empty`);
    const d = decodeBody(r.bytes);
    return d.ok ? d : { ok: false, reason: 'unreadable-body', message: `${name}: ${d.message}` };
  }
  switch (r.why) {
    case 'missing':
      return noBody(
        `${name} does not exist: did the persona step write it, and is body-path relative to the workspace?`,
      );
    case 'too-large':
      return tooLarge(r.measured ? `${name} is more than ${MAX_BODY_BYTES} bytes` : `${name} is ${r.size} bytes`);
    case 'directory':
      return unreadable(`${name} is a directory: point it at the review body file`);
    case 'not-a-file':
      return unreadable(`${name} is not a regular file`);
    case 'denied':
      return unreadable(`${name} cannot be read (permission denied)`);
    case 'unreadable':
      return unreadable(`${name} cannot be read (${r.code})`);
  }
}

const unreadable = (message: string): Loaded => ({ ok: false, reason: 'unreadable-body', message });

function tooLarge(what: string): Loaded {
  return {
    ok: false,
    reason: 'body-too-large',
    message:
      `${what}; GitHub accepts at most ${MAX_BODY_CHARS} characters per review, its marker included, and ` +
      `truncating would cut the verdict line: shorten the persona's review`,
  };
}

/** The persona step produced nothing (it failed, or was skipped): the run ends without a review, red. */
const noBody = (message: string): { ok: false; reason: 'no-body'; message: string } => ({
  ok: false,
  reason: 'no-body',
  message: `the persona produced no review: ${message}`,
});
