// What a new review is made of: the marker, the persona's body, its findings — inline
// where the diff at the reviewed head can anchor them, else in a body section above
// the verdict line — all within GitHub's size limit, or nothing is sent.
import { Abort } from '../abort.js';
import { MAX_BODY_CHARS } from '../body.js';
import {
  bodySection,
  place,
  toComment,
  withSection,
  type Finding,
  type Placement,
  type PrFile,
} from '../core/findings.js';
import { composeBody, type Marker } from '../core/marker.js';
import type { ReviewComment } from '../github/port.js';

export interface Composed {
  body: string;
  comments: ReviewComment[];
  placement: Placement | undefined;
}

export function compose(
  marker: Marker,
  text: string,
  findings: readonly Finding[] | null,
  files: readonly PrFile[],
  cap: number,
): Composed {
  // checkBody counted a marker's usual worst case before any request; this one is measured (a long base name)
  if (!findings) {
    const body = composeBody(marker, text);
    if (body.length > MAX_BODY_CHARS) {
      throw new Abort(
        'body-too-large',
        `the review would be ${body.length} characters with its marker (the base branch's name is ` +
          `${marker.base?.length ?? 0} characters); GitHub accepts at most ${MAX_BODY_CHARS}: ` +
          `${body.length - MAX_BODY_CHARS} too many`,
        'shorten the review',
      );
    }
    return { body, comments: [], placement: undefined };
  }
  const placement = place(findings, files, cap);
  const body = composeBody(marker, withSection(text, bodySection(placement.inBody)));
  if (body.length > MAX_BODY_CHARS) {
    const over = body.length - MAX_BODY_CHARS;
    throw new Abort(
      'body-too-large',
      `the review would be ${body.length} characters with its marker and the ${placement.inBody.length} findings ` +
        `outside the diff; GitHub accepts at most ${MAX_BODY_CHARS}: ${over} too many`,
      'shorten the review or the findings, or raise max-inline-findings so that more of them go inline',
    );
  }
  return { body, comments: placement.inline.map(toComment), placement };
}

/**
 * GitHub refused a comment's position: every finding goes into the body instead, as
 * many as fit (the verdict is never lost to a comment's position); those cut for the
 * size limit are `omitted`, not counted as in the body.
 */
export function withoutInline(marker: Marker, text: string, placement: Placement): Composed {
  const all = [
    ...placement.inline.map((finding) => ({ finding, why: 'GitHub refused its position in the diff' })),
    ...placement.inBody,
  ];
  const split = (n: number): Placement => {
    const omitted = all.slice(n).map(({ finding }) => ({ finding, why: "over the review's size limit" }));
    return { inline: [], inBody: all.slice(0, n), ...(omitted.length ? { omitted } : {}) };
  };
  for (let n = all.length; n >= 0; n--) {
    const rest = all.length - n;
    const section =
      bodySection(all.slice(0, n)) + (rest ? `\n- … and ${rest} more finding(s): the review's size limit` : '');
    const body = composeBody(marker, withSection(text, n || rest ? section : ''));
    if (body.length <= MAX_BODY_CHARS) return { body, comments: [], placement: split(n) };
  }
  return { body: composeBody(marker, text), comments: [], placement: split(0) };
}
