// Secrets in a review body or a finding — pure. A persona that saw a token (in a diff,
// a log, its own environment, where the recipes also keep the LLM key) can be steered
// into quoting it, and whatever the review says is published. Log masking does not reach
// what is sent to the API, so text that carries one is refused before anything is sent.
//
// The scan reads the text as readers will see it (core/rendered.ts: Markdown escapes,
// HTML comments, tags and entities, invisible characters, look-alike letters, a token
// broken over two lines) as well as the raw text, and reports each line and kind, never
// the secret. Placeholders (`ghp_XXXX…`, `<your-token>`, AWS's documented example key)
// and mentions (a PEM header with no key material after it) are not secrets.
import { lineFinder, readings, type Reading } from './rendered.js';

interface Shape {
  /** Global; the group `s` is the part that must look random. */
  re: RegExp;
  what: string;
}

// a shape starts a word: scan() checks the character before it (see startsWord)
const shape = (source: string, what: string, flags = ''): Shape => ({ re: new RegExp(source, `g${flags}`), what });

const SHAPES: readonly Shape[] = [
  shape('gh[pousr]_(?<s>[A-Za-z0-9]{30,})', 'a GitHub token (ghp_/gho_/ghu_/ghs_/ghr_)'),
  shape('github_pat_(?<s>[A-Za-z0-9_]{30,})', 'a fine-grained GitHub token (github_pat_)'),
  shape('sk-ant-(?<s>[A-Za-z0-9_-]{20,})', 'an Anthropic API key (sk-ant-)'),
  shape(
    'sk-(?:proj|svcacct|admin|None)-(?<s>[A-Za-z0-9_-]{20,})',
    'an OpenAI API key (sk-proj-/sk-svcacct-/sk-admin-)',
  ),
  shape('sk-or-v1-(?<s>[0-9a-f]{32,})', 'an OpenRouter API key (sk-or-v1-)'),
  shape('sk-(?<s>[A-Za-z0-9]{32,})', 'an OpenAI-style API key (sk-)'),
  shape('(?:AKIA|ASIA)(?<s>[A-Z0-9]{16})', 'an AWS access key id (AKIA/ASIA)'),
  shape(`(?:aws_?)?secret_?access_?key["']?\\s*[:=]\\s*["']?(?<s>[A-Za-z0-9/+]{40})`, 'an AWS secret access key', 'i'),
  shape('xox[abprs]-(?<s>[A-Za-z0-9-]{10,})', 'a Slack token (xoxb-/xoxp-/xoxa-/xoxr-/xoxs-)'),
  shape('xapp-\\d+-(?<s>[A-Za-z0-9-]{10,})', 'a Slack app token (xapp-)'),
  shape('hooks\\.slack\\.com/services/(?<s>T[A-Za-z0-9_]+/B[A-Za-z0-9_]+/[A-Za-z0-9_]{20,})', 'a Slack webhook URL'),
  shape('AIza(?<s>[0-9A-Za-z_-]{35})', 'a Google API key (AIza)'),
  shape('glpat-(?<s>[A-Za-z0-9_-]{20,})', 'a GitLab token (glpat-)'),
  shape('npm_(?<s>[A-Za-z0-9]{36})', 'an npm token (npm_)'),
  shape('[rs]k_live_(?<s>[A-Za-z0-9]{20,})', 'a Stripe live key (sk_live_/rk_live_)'),
  // "openssh-key-v1" in base64: an OpenSSH private key's material, even without its header line
  shape('b3BlbnNzaC1rZXktdjE(?<s>[A-Za-z0-9+/=]{100,})', 'an OpenSSH private key'),
];

/** The header of a private key (PEM, PKCS#8, OpenSSH, PGP armour), or PuTTY's private part. */
const KEY_HEADER =
  /(?<!-)-{2,}[ \t]*BEGIN[ \t]+((?:[A-Z0-9]+[ \t]+){0,4}?)PRIVATE[ \t]+KEY(?:[ \t]+BLOCK)?[ \t]*-{2,}|Private-Lines:[ \t]*\d+/g;

const keyKind = (header: string): string =>
  header.startsWith('Private-Lines')
    ? 'a PuTTY private key'
    : /\bPGP\b/.test(header)
      ? 'a PGP private key block'
      : /\bOPENSSH\b/.test(header)
        ? 'an OpenSSH private key'
        : 'a PEM private key';

/**
 * Key material after a header: past armour headers (`Version: …`, `Proc-Type: …`) and blank
 * lines, a base64 run of 40 characters or more (a key's lines are 64 or 70). A header
 * named in prose, in a code span or followed by `…` or `-----END` is a mention.
 */
function keyMaterialFollows(text: string, end: number): boolean {
  const after = text.slice(end, end + 4096).replace(/\\[nr]/g, '\n'); // a key quoted in JSON: "…-----\nMIIE…"
  let headers = 0;
  for (const raw of after.split('\n')) {
    const line = raw.replace(/^[\s>"'`|]+/, '');
    if (!line) continue;
    if (/^[A-Za-z][A-Za-z0-9-]*:\s/.test(line) && headers++ < 8) continue;
    const run = /^[A-Za-z0-9+/=]*/.exec(line)![0];
    return run.length >= 40 && !isPlaceholder(run);
  }
  return false;
}

/** Published examples that are not anyone's secret (AWS's documentation keys). */
const KNOWN_EXAMPLES = new Set(['IOSFODNN7EXAMPLE', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY']);

const WORDS = [
  'example',
  'your',
  'token',
  'secret',
  'key',
  'redacted',
  'placeholder',
  'fake',
  'dummy',
  'sample',
  'test',
  'here',
  'insert',
  'replace',
];
const FILLER = new RegExp(
  [
    '(.)\\1{3,}', // a run of one character: XXXX, 0000, ****
    ...WORDS.flatMap((w) => [w, w.toUpperCase(), w[0]!.toUpperCase() + w.slice(1)]),
  ].join('|'),
  'g',
);

/** Runs of 5 or more characters counting up or down (`12345`, `abcdef`, `zyxwv`). */
function withoutSequences(s: string): string {
  let out = '';
  let i = 0;
  while (i < s.length) {
    const step = s.charCodeAt(i + 1) - s.charCodeAt(i);
    let j = i + 1;
    if (step === 1 || step === -1) while (j < s.length && s.charCodeAt(j) - s.charCodeAt(j - 1) === step) j++;
    if (j - i >= 5) i = j;
    else out += s[i++];
  }
  return out;
}

/**
 * A placeholder: what is left once filler (runs of one character, counting sequences,
 * words like `your`/`EXAMPLE`/`token`) is taken out is too short to be a secret (under 12
 * characters). A real token with filler added before or after keeps its random part, so
 * it is still caught.
 */
export function isPlaceholder(s: string): boolean {
  if (KNOWN_EXAMPLES.has(s)) return true;
  return withoutSequences(s.replace(FILLER, '')).replace(/[-_/+=]/g, '').length < 12;
}

export interface SecretFinding {
  /** The line of the original text where the secret starts. */
  line: number;
  what: string;
  /** True when only the rendered text shows it (an escape, entity, comment, tag or invisible character hid it). */
  hidden: boolean;
}

const RUN_TOKEN = "this run's github-token";

type LineOf = (offset: number) => number;

/**
 * A shape must start a word: no letter or digit before it, unless that character came
 * from another line of the original (a reading that joined a token broken over two
 * lines also joins the word before it: `see\nghp_…` reads `seeghp_…`).
 */
const startsWord = (r: Reading, i: number, lineOf: LineOf): boolean =>
  i === 0 || !/[A-Za-z0-9]/.test(r.text[i - 1]!) || lineOf(r.at[i - 1]!) !== lineOf(r.at[i]!);

function scan(r: Reading, token: string | null, lineOf: LineOf, add: (index: number, what: string) => void): void {
  if (token && token.length >= 8) {
    for (let i = r.text.indexOf(token); i >= 0; i = r.text.indexOf(token, i + 1)) add(i, RUN_TOKEN);
  }
  for (const { re, what } of SHAPES) {
    for (const m of r.text.matchAll(re)) {
      if (startsWord(r, m.index, lineOf) && !isPlaceholder(m.groups!['s']!)) add(m.index, what);
    }
  }
  for (const m of r.text.matchAll(KEY_HEADER)) {
    if (keyMaterialFollows(r.text, m.index + m[0].length)) add(m.index, keyKind(m[0]));
  }
}

/** The lines that carry a secret, raw or as rendered, with what kind; never the secret itself. */
export function findSecrets(text: string, token: string | null): SecretFinding[] {
  const lineOf = lineFinder(text);
  const found = new Map<string, SecretFinding>();
  for (const r of readings(text)) {
    scan(r, token, lineOf, (index, what) => {
      const line = lineOf(r.at[index] ?? 0);
      const key = `${line} ${what}`;
      const seen = found.get(key);
      if (!seen) found.set(key, { line, what, hidden: r.rendered });
      else if (!r.rendered) seen.hidden = false;
    });
  }
  const all = [...found.values()];
  // the run's own token is named as such, not also as "a GitHub token" on the same line
  const ownToken = new Set(all.filter((f) => f.what === RUN_TOKEN).map((f) => f.line));
  return all
    .filter((f) => !(ownToken.has(f.line) && f.what === SHAPES[0]!.what))
    .sort((a, b) => a.line - b.line || a.what.localeCompare(b.what));
}
