// The body step of every mode that has a body: read it, parse the verdict, compare
// with expected-event, look for secrets, count the posted size — all before any
// network request. Shared by the action and the CLI.
import { Abort } from './abort.js';
import { loadBody, MAX_BODY_CHARS } from './body.js';
import type { Config } from './config.js';
import { diagnose } from './core/diagnostics.js';
import { parseVerdict, type ReviewEvent, type Verdict } from './core/grammar.js';
import { composeBody } from './core/marker.js';
import { findSecrets, type SecretFinding } from './core/secrets.js';
import { MAX_FINDINGS_BYTES, validateFindings, type Finding } from './core/findings.js';
import { readRegularFile } from './read-file.js';

export interface CheckedBody {
  verdict: Verdict;
  event: ReviewEvent;
  text: string;
  /** The accepted verdict line. */
  line: number;
}

/**
 * The longest marker a post usually adds: every field at its longest, forced, a base name of 100 characters (a
 * longer one is measured when the review is composed, before any write).
 */
const worstCase = (verdict: Verdict, text: string, version: string): number =>
  composeBody(
    {
      version: version || undefined,
      persona: 'p'.repeat(39),
      head: 'f'.repeat(40),
      tree: 'f'.repeat(40),
      patch: 'f'.repeat(64),
      verdict,
      event: 'COMMENT',
      base: 'b'.repeat(100),
      forced: true,
      run: 'r'.repeat(80),
    },
    text,
  ).length;

export function checkBody(
  cfg: Pick<Config, 'bodyPath' | 'body' | 'expectedEvent'> & { personaVersion?: string },
  token: string | null = null,
): CheckedBody {
  const loaded = loadBody(cfg.bodyPath, cfg.body);
  if (!loaded.ok) throw new Abort(loaded.reason, loaded.message);
  const parsed = parseVerdict(loaded.text);
  const version = cfg.personaVersion ?? '';
  // size first: a body no review can hold is refused as such, whatever its verdict line says, so the advice for a
  // drifted line never ends "nothing else needs to change" over a body that cannot be posted (an independent review)
  if (!parsed.ok) tooLarge(worstCase('APPROVE', loaded.text, version), 'at least ');
  if (!parsed.ok) {
    const d = diagnose(parsed);
    const where = d.lastLine ? ` (line ${d.lastLine.line}: "${d.lastLine.text}")` : '';
    const s = d.intent.suggestion;
    // a line already the grammar's is kept, not suggested to itself (an independent review, 2026-12-03)
    const hint = !s
      ? ''
      : s.wellFormed
        ? `; keep \`${s.line}\` (line ${s.fromLine}) and make it the last line`
        : `; did you mean \`${s.line}\` (line ${s.fromLine})?`;
    throw new Abort(parsed.reason, `${d.summary}${where}${hint}`, '', d);
  }
  if (cfg.expectedEvent && cfg.expectedEvent !== parsed.event) {
    throw new Abort(
      'mismatch',
      `the body's verdict line (line ${parsed.line}) says ${parsed.verdict}, which maps to event ${parsed.event}, ` +
        `but expected-event is ${cfg.expectedEvent}: the two sources disagree, so nothing is posted; ` +
        "fix the persona's body or the step that computed expected-event",
    );
  }
  const secrets = findSecrets(parsed.text, token);
  if (secrets.length) {
    const where = secrets.map((s) => `line ${s.line} (${secretWhat(s)})`).join(', ');
    throw new Abort(
      'secret-in-body',
      `the body contains what looks like a secret: ${where}; it would be published with the review, so nothing is sent`,
      'find out how the persona saw the secret (a diff, a log, its environment) and revoke it if it is real; then ' +
        're-run',
    );
  }
  tooLarge(worstCase(parsed.verdict, parsed.text, version));
  return { verdict: parsed.verdict, event: parsed.event, text: parsed.text, line: parsed.line };
}

/**
 * Throws body-too-large when the review would be over GitHub's limit with its marker. `atLeast` when the verdict
 * line is not yet the grammar's: measured with the shortest verdict, so it is too large whichever it becomes.
 */
function tooLarge(size: number, atLeast = ''): void {
  if (size <= MAX_BODY_CHARS) return;
  throw new Abort(
    'body-too-large',
    `the review would be ${atLeast || 'up to '}${size} characters with its marker; GitHub accepts at most ` +
      `${MAX_BODY_CHARS}: shorten the persona's review by ${atLeast}${size - MAX_BODY_CHARS} (truncating would cut ` +
      'the verdict line)',
  );
}

/** The findings file the action reads (findings-path): UTF-8 JSON of the schema, no secrets; else bad-findings. */
export function loadFindings(path: string, token: string | null = null): Finding[] {
  const name = `findings-path ${path}`;
  // as body-path is read (src/read-file.ts): a FIFO or a device must not hang the step or fill the memory
  const r = readRegularFile(path, MAX_FINDINGS_BYTES);
  if (r.ok) return parseFindings(r.bytes, name, token);
  switch (r.why) {
    case 'missing':
      return findingsFail(name, 'does not exist: the persona was asked for findings and wrote none (a broken run)');
    case 'too-large':
      return findingsFail(name, `larger than ${MAX_FINDINGS_BYTES} bytes`);
    case 'directory':
      return findingsFail(name, 'is a directory: point it at the findings file');
    case 'not-a-file':
      return findingsFail(name, 'is not a regular file (a FIFO, a device or a socket is not read)');
    case 'denied':
      return findingsFail(name, 'cannot be read (permission denied)');
    case 'unreadable':
      return findingsFail(name, `cannot be read (${r.code})`);
  }
}

const findingsFail = (name: string, why: string): never => {
  throw new Abort('bad-findings', `${name}: ${why}`, FINDINGS_ADVICE);
};

/**
 * A findings file's bytes, already read, checked: `name` is how messages call it (the action's
 * `findings-path x.json`, the CLI's file name). Every schema problem is in `FindingsError.problems`.
 */
export function parseFindings(bytes: Uint8Array, name: string, token: string | null = null): Finding[] {
  if (bytes.length > MAX_FINDINGS_BYTES) findingsFail(name, `larger than ${MAX_FINDINGS_BYTES} bytes`);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (e) {
    return findingsFail(
      name,
      e instanceof SyntaxError ? `not JSON (${e.message.replace(/\s+/g, ' ')})` : 'not valid UTF-8',
    );
  }
  const v = validateFindings(json);
  if (!v.ok) throw new FindingsError(`${name}: ${v.message}`, v.errors);
  const leaks = v.findings.flatMap((f, i) => findingSecrets(f, i + 1, token));
  if (leaks.length) {
    throw new Abort(
      'secret-in-body',
      `${name}: ${leaks.join(', ')} looks like a secret; it would be published with the review, so ` +
        'nothing is sent',
      'find out how the persona saw the secret and revoke it if it is real; then re-run',
    );
  }
  return v.findings;
}

/** A finding's kind, and whether only the rendered Markdown shows it; never the secret. */
const secretWhat = (s: SecretFinding): string =>
  s.hidden ? `${s.what}, hidden in the Markdown/HTML but shown once rendered` : s.what;

/** Every text field of a finding (path, body, and any added later), scanned like a body. */
function findingSecrets(f: Finding, n: number, token: string | null): string[] {
  return Object.entries(f).flatMap(([field, value]) =>
    typeof value === 'string'
      ? findSecrets(value, token).map((s) => `finding ${n}'s ${field}, line ${s.line} (${secretWhat(s)})`)
      : [],
  );
}

/** bad-findings from the schema, with every problem (the message shows the first few). */
export class FindingsError extends Abort {
  constructor(
    message: string,
    readonly problems: string[],
  ) {
    super('bad-findings', message, FINDINGS_ADVICE);
  }
}

const FINDINGS_ADVICE =
  'make the persona write findings that match schema/findings.schema.json (an array of { path, line, body })';
