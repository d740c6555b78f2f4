// Inputs are read once, here, into one typed config. Every default lives in
// DEFAULTS; a test keeps action.yml's defaults equal to it.
import { EVENTS, type ReviewEvent } from './core/grammar.js';
import { PERSONA_PATTERN, samePersona } from './core/marker.js';
import type { DismissPolicy, ReviewEventPolicy } from './core/decide.js';
import type { PanelMember } from './core/board.js';
import type { StatusKind } from './github/port.js';

/** What persona-version may be (the CLI's check --persona-version too). */
export const PERSONA_VERSION = /^[^\r\n]{1,64}$/;
/** A value quoted in a message: at most 60 characters, and an ellipsis says when it was cut. */
const cut = (v: string): string => (v.length > 60 ? `${v.slice(0, 60)}…` : v);

export const MODES = ['post', 'preflight', 'check', 'board', 'doctor'] as const;
export type Mode = (typeof MODES)[number];
export const DISMISS_POLICIES = ['all', 'changes-requested', 'none'] as const;

/** The one place for defaults (as action.yml strings). */
export const DEFAULTS = {
  // the runner expands this expression; run outside it, an empty token is refused for the modes that need one
  'github-token': '${{ github.token }}',
  mode: 'post',
  'skip-unchanged': 'true',
  'dismiss-stale': 'all',
  'unchanged-when': 'tree',
  'fail-on-changes-requested': 'false',
  'require-all-personas': 'false',
  'request-timeout-seconds': '30',
  'run-timeout-seconds': '300',
  'review-event': 'verdict',
  'commit-status': 'auto',
  'status-kind': 'commit',
  force: 'false',
  'review-drafts': 'true',
  'max-inline-findings': '50',
  'comment-passes': 'false',
  restamp: 'false',
} as const;

export interface Config {
  mode: Mode;
  token: string;
  bodyPath: string | null;
  body: string | null;
  persona: string;
  pullNumber: number | null;
  reviewedSha: string | null;
  /** The base branch preflight read the diff against (its output base-ref): binds a post whose event names none. */
  reviewedBase: string | null;
  expectedEvent: ReviewEvent | null;
  reviewerLogin: string | null;
  skipUnchanged: boolean;
  unchangedWhen: 'tree' | 'patch';
  dismissStale: DismissPolicy;
  failOnChangesRequested: boolean;
  personas: PanelMember[];
  requireAllPersonas: boolean;
  requestTimeoutSeconds: number;
  runTimeoutSeconds: number;
  reviewEvent: ReviewEventPolicy;
  /** auto: on for every event but pull_request (whose check already sits on the PR head). */
  commitStatus: 'auto' | 'always' | 'never';
  /** The commit status context; '' for the default, persona-verdict/<persona>. */
  statusContext: string;
  /** How the status is written: a commit status, or a check run of that name (only its App can write it). */
  statusKind: StatusKind;
  /** preflight: where to write the PR's diff when a review is needed. */
  diffPath: string | null;
  /** Review even a head that is a duplicate or unchanged; the new review replaces the old. */
  force: boolean;
  /** The persona's prompt and model, as the author names them; '' when not given. */
  personaVersion: string;
  reviewDrafts: boolean;
  /** board: approvals the panel status needs; null for every declared persona. */
  minApprovals: number | null;
  /** post and check: the persona's line findings (JSON), or null. */
  findingsPath: string | null;
  maxInlineFindings: number;
  /** An effective COMMENT writes a success status (the gate means "no objection", not "approved"). */
  commentPasses: boolean;
  /** preflight: re-post the verdict GitHub's stale-review rule dismissed, when the patch is identical. */
  restamp: boolean;
}

/** An input that cannot be used; reported as reason bad-input. */
export class InputError extends Error {}

/** A GitHub login: 1-39 of A-Z a-z 0-9 and -, not starting with -; apps end in [bot]. */
export const LOGIN_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{0,38}(?:\[bot\])?$/;

const TRUE = ['true', 'True', 'TRUE'];
const FALSE = ['false', 'False', 'FALSE'];

type Read = (name: string) => string;

/** Typed readers over the raw inputs: every default comes from DEFAULTS. */
function readers(read: Read) {
  const str = (name: string): string => {
    const v = read(name).trim();
    return v === '' ? ((DEFAULTS as Record<string, string>)[name] ?? '') : v;
  };
  const bool = (name: keyof typeof DEFAULTS): boolean => {
    const v = str(name);
    if (TRUE.includes(v)) return true;
    if (FALSE.includes(v)) return false;
    throw new InputError(
      `input ${name} is "${v}": use true or false (YAML 1.2 core booleans: true, True, TRUE, false, False, FALSE)`,
    );
  };
  const oneOf = <T extends string>(name: string, valid: readonly T[]): T => {
    const v = str(name);
    if (!(valid as readonly string[]).includes(v)) {
      throw new InputError(`input ${name} is "${v}": valid values are ${valid.join(', ')}`);
    }
    return v as T;
  };
  /** An optional input that must match `re`; '' when unset. */
  const matching = (name: string, re: RegExp, use: string): string => {
    const v = read(name).trim();
    if (v && !re.test(v)) throw new InputError(`input ${name} is "${cut(v)}": ${use}`);
    return v;
  };
  const seconds = (name: 'request-timeout-seconds' | 'run-timeout-seconds'): number => {
    const v = str(name);
    if (!/^[1-9][0-9]{0,4}$/.test(v))
      throw new InputError(`input ${name} is "${v}": use a whole number of seconds from 1 to 99999`);
    return Number(v);
  };
  return { read, str, bool, oneOf, matching, seconds };
}
type Readers = ReturnType<typeof readers>;

/** Which token each recipe passes, for an empty github-token (a secret this run cannot see, a failed mint). */
function noToken(mode: string): string {
  const writes = mode === 'post' || mode === 'preflight';
  return (
    `mode ${mode} needs github-token, and it is empty. ` +
    (writes
      ? "Pass the persona's own token: the recipes mint the persona App's token with " +
        'actions/create-github-app-token (github-token: ${{ steps.app.outputs.token }}) from secrets kept in ' +
        "the persona's environment, or a persona PAT secret. "
      : '') +
    'Read-only modes (board, doctor, the merge_group report) can use GITHUB_TOKEN: leave github-token unset ' +
    '(it defaults to ${{ github.token }}). An empty value usually means a secret this run cannot see: ' +
    "Dependabot-triggered and fork pull_request runs get no Actions secrets, and a secret outside the job's " +
    'environment reads as empty'
  );
}

/** `read(name)` returns the raw input ('' when unset), as core.getInput does. */
export function readConfig(read: Read): Config {
  const r = readers(read);
  const mode = r.oneOf('mode', MODES);
  const token = read('github-token').trim();
  if (mode !== 'check' && !token) throw new InputError(noToken(mode));
  const diffPath = read('diff-path').trim() || null;
  if (diffPath && mode !== 'preflight') throw new InputError(`input diff-path is for mode preflight, not ${mode}`);
  const personas = parsePersonas(read('personas'), mode);
  const statusContext = r.matching('status-context', /^.{1,100}$/, 'use a short name (at most 100 characters)');
  return {
    mode,
    token,
    ...bodyInputs(r, mode),
    ...targetInputs(r, mode),
    skipUnchanged: r.bool('skip-unchanged'),
    unchangedWhen: r.oneOf('unchanged-when', ['tree', 'patch'] as const),
    dismissStale: r.oneOf('dismiss-stale', DISMISS_POLICIES),
    failOnChangesRequested: r.bool('fail-on-changes-requested'),
    personas,
    requireAllPersonas: r.bool('require-all-personas'),
    requestTimeoutSeconds: r.seconds('request-timeout-seconds'),
    runTimeoutSeconds: r.seconds('run-timeout-seconds'),
    reviewEvent: r.oneOf('review-event', ['verdict', 'COMMENT'] as const),
    commitStatus: r.oneOf('commit-status', ['auto', 'always', 'never'] as const),
    statusContext,
    statusKind: r.oneOf('status-kind', ['commit', 'check-run'] as const),
    diffPath,
    force: r.bool('force'),
    personaVersion: r.matching('persona-version', PERSONA_VERSION, 'use at most 64 characters on one line'),
    reviewDrafts: r.bool('review-drafts'),
    minApprovals: minApprovals(r, personas),
    ...findingsInputs(r, mode),
    commentPasses: r.bool('comment-passes'),
    restamp: r.bool('restamp'),
  };
}

function findingsInputs(r: Readers, mode: Mode): Pick<Config, 'findingsPath' | 'maxInlineFindings'> {
  const findingsPath = r.read('findings-path').trim() || null;
  if (findingsPath && mode !== 'post' && mode !== 'check') {
    throw new InputError(`input findings-path is for modes post and check, not ${mode}`);
  }
  const max = r.str('max-inline-findings');
  if (!/^(0|[1-9][0-9]{0,2})$/.test(max)) {
    throw new InputError(`input max-inline-findings is "${max.slice(0, 20)}": use a whole number from 0 to 999`);
  }
  return { findingsPath, maxInlineFindings: Number(max) };
}

function minApprovals(r: Readers, personas: readonly unknown[]): number | null {
  const v = r.matching('min-approvals', /^[1-9][0-9]{0,2}$/, 'use a whole number of approvals, at least 1');
  if (v && personas.length && Number(v) > personas.length) {
    throw new InputError(
      `input min-approvals is ${v}, but personas declares ${personas.length}: the panel could never reach it; ` +
        'declare every persona or lower min-approvals',
    );
  }
  return v ? Number(v) : null;
}

/** The body and what it is checked against. */
function bodyInputs(r: Readers, mode: Mode): Pick<Config, 'bodyPath' | 'body' | 'expectedEvent'> {
  const expected = r.read('expected-event').trim();
  if (expected === 'CHANGES_REQUESTED') {
    throw new InputError(
      'input expected-event is "CHANGES_REQUESTED": that is the verdict token; the API event is REQUEST_CHANGES',
    );
  }
  const expectedEvent = expected ? r.oneOf('expected-event', EVENTS) : null;
  const bodyPath = r.read('body-path').trim() || null;
  const bodyRaw = r.read('body');
  const body = bodyRaw === '' ? null : bodyRaw;
  if (bodyPath && body !== null)
    throw new InputError('both body-path and body are set: give the review body one way only');
  if ((mode === 'post' || mode === 'check') && !bodyPath && body === null) {
    throw new InputError(
      `mode ${mode} needs the review body: set body-path (a file written by the persona step) or body`,
    );
  }
  return { bodyPath, body, expectedEvent };
}

/** Who the persona is, and which PR and commit (when not taken from the event). */
function targetInputs(
  r: Readers,
  mode: Mode,
): Pick<Config, 'persona' | 'pullNumber' | 'reviewedSha' | 'reviewedBase' | 'reviewerLogin'> {
  const persona = r.matching(
    'persona',
    PERSONA_PATTERN,
    'use 1-39 characters from A-Z a-z 0-9 . _ - starting with a letter or digit',
  );
  if ((mode === 'post' || mode === 'preflight') && !persona) {
    throw new InputError(`mode ${mode} needs input persona (the persona's name, for example priya)`);
  }
  const pn = r.matching('pull-number', /^[1-9][0-9]{0,9}$/, 'use the PR number, for example 42');
  const sha = r.matching(
    'reviewed-sha',
    /^[0-9a-fA-F]{40}$/,
    'use the full 40-hex-digit SHA of the commit the persona reviewed',
  );
  // a branch name, roughly as git allows it (no spaces, ~ ^ : ? * [ \ or "..", not ending in "/" or ".lock")
  const baseRef = r.matching(
    'reviewed-base',
    /^(?!.*\.\.)(?!.*\/$)(?!.*\.lock$)[^\s~^:?*[\\]{1,255}$/,
    'use the base branch name preflight output as base-ref, for example main',
  );
  // the marker records up to 1000 bytes of a base's name (core/marker.ts MAX_BASE_ENCODED): preflight's base-ref fits
  if (Buffer.byteLength(baseRef, 'utf8') > 1000)
    throw new InputError('reviewed-base is longer than 1000 bytes: use the base-ref preflight output');
  const login = r.matching(
    'reviewer-login',
    LOGIN_PATTERN,
    'use the GitHub login the token posts as, for example octo-priya',
  );
  return {
    persona,
    pullNumber: pn ? Number(pn) : null,
    reviewedSha: sha ? sha.toLowerCase() : null,
    reviewedBase: baseRef || null,
    reviewerLogin: login || null,
  };
}

/**
 * `persona=login` pairs, one per line or comma-separated (mode board, where `persona=login@version`
 * also names the persona version its job runs); doctor: persona=app-slug or persona=@login.
 */
export function parsePersonas(raw: string, mode: Mode = 'board'): PanelMember[] {
  const out: PanelMember[] = [];
  for (const item of raw
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^([^=\s]+)\s*=\s*(\S+)$/.exec(item);
    const at = mode === 'doctor' ? null : /^([^@]+)@(.{1,64})$/.exec(m?.[2] ?? '');
    const who = mode === 'doctor' ? m?.[2]?.replace(/^@/, '') : (at?.[1] ?? m?.[2]);
    if (!m || !PERSONA_PATTERN.test(m[1]!) || !LOGIN_PATTERN.test(who!)) {
      throw new InputError(
        `input personas has "${cut(item)}": ` +
          (mode === 'doctor'
            ? 'write persona=app-slug for an App or persona=@login for an account, for example priya=@octo-priya'
            : 'write persona=login or persona=login@version, for example priya=octo-priya'),
      );
    }
    const persona = m[1]!;
    if (out.some((p) => samePersona(p.persona, persona))) {
      throw new InputError(`input personas names ${persona} twice`);
    }
    out.push(at ? { persona, login: at[1]!, version: at[2]! } : { persona, login: m[2]! });
  }
  if (mode === 'doctor' && !out.length)
    throw new InputError(
      'mode doctor needs input personas: persona=app-slug for an App, persona=@login for an account',
    );
  return out;
}
