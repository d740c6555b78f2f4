// Text that goes into Markdown (job summary, board comment) shows as text: HTML and
// Markdown specials become character references, so nothing a persona or a PR
// author wrote can render as a link, emphasis, HTML or a table cell boundary.
// `_` is left alone: GitHub ignores it inside words (CHANGES_REQUESTED), and a
// stray _emphasis_ cannot link, embed or break a table.
export const mdText = (s: string): string =>
  s.replace(/[&<>"|`*[\]\\~]/g, (c) => `&#${c.charCodeAt(0)};`).replace(/\r?\n/g, ' ');
