// What the doctor reads from a repository's workflow files: the writers of each persona's
// status context (core/doctor-writers.ts), and where a persona credential sits beside code it
// does not need to trust. Pure: text in, facts out. The project's own workflow rules
// (scripts/workflow-rules.mjs, also run by the linter) are applied as they are, and their
// findings graded here.
import { parse } from 'yaml';
import { EVERY_SECRET, gradedFindings, namesEverySecret } from '../../scripts/workflow-rules.mjs';
import { boardReads } from './doctor-board.js';
import type { Level } from './doctor-check.js';
import { forcedByAuthor, mixedKinds } from './doctor-force.js';
import { crossRepoCall, runnerIssue } from './doctor-reach.js';
import {
  callersOf,
  keyUses,
  mintersOf,
  KNOWN_MINTERS,
  knownMinter,
  obj,
  OUR_ACTION,
  stepsOf,
  str,
  type Json,
  type Callers,
  type KeyUse,
} from './doctor-keys.js';
import {
  jobEvents,
  triggersOf,
  writersOf,
  type Writer,
  type WorkflowFile,
  type WorkflowIssue,
} from './doctor-writers.js';

/** Actions that run no code a PR or a model can steer, and may share a job with a persona credential. */
const TRUSTED = [OUR_ACTION, ...KNOWN_MINTERS, /^actions\/(checkout|upload-artifact|download-artifact)@/];
/** A persona credential: a token secret (not GITHUB_TOKEN), an App private key, or a minted App token. */
const PERSONA_CREDENTIAL = /secrets\.(?!GITHUB_TOKEN\b)[A-Za-z0-9_]*(_TOKEN|PRIVATE_KEY|_PEM)\b/;
const TOKEN_SECRET = /secrets\.(?!GITHUB_TOKEN\b)[A-Z0-9_]*_TOKEN\b/;
const cut = (s: string): string => (s.length > 60 ? `${s.slice(0, 59).trimEnd()}…` : s);

/**
 * Job-level rules: a persona credential only in jobs that run nothing else, on trusted events, in an environment.
 * They fail in a workflow that runs persona-verdict, wherever a job mints an App token with a known token action (a
 * persona's App key may be any App's), and wherever a job reads a secret traced to a persona (its App key, a writer's
 * token secret), whatever its name; a token secret elsewhere (a release's NPM_TOKEN beside `npm publish`) warns
 * (attack round 13, R13-D3, and a review of it).
 */
function jobIssues(
  file: string,
  id: string,
  job: Json,
  triggers: string[],
  runsUs: boolean,
  persona: ReadonlySet<string>,
): WorkflowIssue[] {
  const steps = stepsOf(job);
  const mints = steps.some((s) => knownMinter(str(s['uses'])));
  const text = JSON.stringify(job);
  // secrets[...] or toJSON(secrets) hands the job every secret: every persona key among them
  const traced =
    namesEverySecret(text) || [...text.matchAll(/secrets\.([A-Za-z0-9_]+)/g)].some((m) => persona.has(m[1]!));
  const holds = PERSONA_CREDENTIAL.test(text) || mints || traced;
  if (!holds) return [];
  const level: Level = runsUs || mints || traced ? 'fail' : 'warn';
  // a self-hosted runner may keep what an earlier job left (doctor-reach.ts)
  const out: WorkflowIssue[] = runnerIssue(file, id, job);
  const where = `job ${id}`;
  const untrusted = steps
    .map((s, n) => ({ s, n }))
    .filter(({ s }) => typeof s['run'] === 'string' || !TRUSTED.some((re) => re.test(str(s['uses']))));
  if (untrusted.length) {
    const first = untrusted[0]!;
    const name = str(first.s['name']) || str(first.s['uses']) || 'a run step';
    out.push({
      file,
      where,
      level,
      says:
        `the job holds a persona credential beside step ${first.n + 1} ("${cut(name)}"), which runs other ` +
        'code (the LLM step or its tools can read every secret of its job from the runner)',
      fix:
        `in ${file}, split job ${id}: preflight and post jobs hold the persona credential and run only ` +
        'persona-verdict; the LLM job between them gets the diff as an artifact and only the LLM key',
    });
  }
  const events = jobEvents(triggers, job['if']);
  // a *_TOKEN secret on pull_request is already a finding of the project's rules (ruleIssue)
  if (events.includes('pull_request') && !TOKEN_SECRET.test(JSON.stringify(job))) {
    out.push({
      file,
      where,
      level,
      says: 'a persona credential on a pull_request trigger: the PR controls that workflow file and can spend it',
      fix: `in ${file}, run job ${id} on pull_request_target or workflow_run instead of pull_request`,
    });
  }
  if (job['environment'] === undefined) {
    out.push({
      file,
      where,
      level: 'warn',
      says: 'the job holds a persona credential without an environment, so any branch\u2019s workflow can use it',
      fix:
        `in ${file}, give job ${id} an environment (Settings → Environments) whose deployment branches are ` +
        'limited to the default branch, and keep the persona secret there',
    });
  }
  return out;
}

/**
 * A job's findings: where its credential sits (jobIssues), another repository's workflow it calls from a gated
 * workflow (doctor-reach.ts), who can force its persona's run (doctor-force.ts), and whether its board can read the
 * check runs it counts (doctor-board.ts).
 */
function jobFindings(
  j: { path: string; id: string; job: Json; triggers: string[]; runsUs: boolean; wf: Json },
  persona: ReadonlySet<string>,
  writers: readonly Writer[],
  here: { repo: string | null; paths: ReadonlySet<string> },
): WorkflowIssue[] {
  const gated = j.runsUs || j.triggers.includes('workflow_call');
  return [
    ...jobIssues(j.path, j.id, j.job, j.triggers, j.runsUs, persona),
    ...(gated ? crossRepoCall(j.path, j.id, j.job, here) : []),
    ...forcedByAuthor(j.path, j.id, j.job, j.wf, jobEvents(j.triggers, j.job['if'])),
    ...boardReads(j.path, j.id, j.job, j.wf, writers),
  ];
}

/** One finding of scripts/workflow-rules.mjs, as the rules grade it: what lets a PR walk around the gate fails. */
export function ruleIssue(f: { where: string; says: string; level: 'fail' | 'warn' }, file: string): WorkflowIssue {
  return { file, where: f.where, level: f.level, says: f.says, fix: `edit ${file} (${f.where}): ${fixFor(f.says)}` };
}

function fixFor(says: string): string {
  if (/not pinned/.test(says)) return 'pin the action to a full commit SHA with a version comment';
  if (/permissions/.test(says)) return 'set permissions: {} at the top and grant each job only what it needs';
  if (/persist-credentials/.test(says)) return 'set persist-credentials: false on the checkout';
  return 'follow the rule it names, as the recipes in docs/recipes/ do';
}

/** What the workflow files say: who writes each persona's status, what is wrong, where persona keys are read. */
export interface Analysed {
  writers: Writer[];
  issues: WorkflowIssue[];
  keys: KeyUse[];
}

/** The writers and the issues of every workflow file; a file that does not parse is an issue, never a crash. */
export function analyseWorkflows(
  files: WorkflowFile[],
  /** Each persona's App id and client ID, where known: a token minted with either written out is the persona's. */
  appIds: ReadonlyMap<string, readonly string[]> = new Map(),
  /** The gated and the default branch: all a checkout may name outright (null: not judged). */
  branches: readonly string[] | null = null,
  /** This repository (owner/name): a reusable workflow of another one is not read; null: not known. */
  repo: string | null = null,
): Analysed {
  const writers: Writer[] = [];
  const issues: WorkflowIssue[] = [];
  const minters: ReturnType<typeof mintersOf> = [];
  const callers: Callers = new Map();
  const paths = new Set(files.map((f) => f.path));
  /** Names of the workflows that run on merge_group, and what each workflow_run workflow follows. */
  const queueWorkflows = new Set<string>();
  const follows = new Map<string, string[]>();
  const jobs: Array<{ path: string; id: string; job: Json; triggers: string[]; runsUs: boolean; wf: Json }> = [];
  const graded: Array<{ path: string; rules: ReturnType<typeof gradedFindings> }> = [];
  for (const { path, text } of files) {
    let wf: Json;
    let rules: ReturnType<typeof gradedFindings>;
    try {
      wf = obj(parse(text));
      rules = gradedFindings(text, branches);
    } catch (e) {
      issues.push({
        file: path,
        where: 'workflow',
        level: 'warn',
        says: `does not parse as a workflow (${(e as Error).message.split('\n')[0]!.slice(0, 100)})`,
        fix: `fix the YAML of ${path}; GitHub will not run it either`,
      });
      continue;
    }
    const triggers = triggersOf(wf);
    const runsUs = text.toLowerCase().includes('persona-verdict/persona-verdict@');
    minters.push(...mintersOf(path, wf));
    callersOf(path, wf, callers, paths);
    if (triggers.includes('merge_group')) queueWorkflows.add(str(wf['name']) || path);
    const after = obj(obj(wf['on'] ?? wf['true'])['workflow_run'])['workflows'];
    follows.set(path, Array.isArray(after) ? after.map(str) : []);
    for (const [id, raw] of Object.entries(obj(wf['jobs']))) {
      writers.push(...writersOf(path, id, obj(raw), triggers));
      jobs.push({ path, id, job: obj(raw), triggers, runsUs, wf });
    }
    graded.push({ path, rules });
  }
  for (const w of writers)
    if (w.events.includes('workflow_run') && follows.get(w.file)!.some((n) => queueWorkflows.has(n))) w.queue = true;
  const keys = keyUses(writers, minters, callers, appIds);
  // the secrets known to be a persona's: the keys its App tokens are minted with, a writer's token secret; beside
  // other code they fail whatever their name or workflow (a review of round 13: a name pattern alone let PRIYA_KEY by)
  const persona = new Set([
    ...keys.flatMap((k) => k.secrets),
    ...writers.flatMap((w) => (w.credential.kind === 'secret' ? [w.credential.name] : [])),
  ]);
  issues.push(...jobs.flatMap((j) => jobFindings(j, persona, writers, { repo, paths })), ...mixedKinds(writers));
  for (const { path, rules } of graded)
    issues.push(
      ...rules.map((r) =>
        ruleIssue(r.creds?.some((c) => persona.has(c) || c === EVERY_SECRET) ? { ...r, level: 'fail' } : r, path),
      ),
    );
  return { writers, issues, keys };
}

/**
 * The triggers that run a branch's own copy of a workflow file: a PR into it (pull_request, from the PR's merge
 * ref), a push to it, a merge group for it, and a reusable workflow (it runs from its caller's ref: a review of round
 * 13 found develop's called LLM workflow skipped). Not pull_request_target: since 2025-12-08 it runs the default
 * branch's copy whatever the PR's base (GitHub's changelog; a review of the docs, 2026-12-03, found develop's copy
 * still analysed as if its PRs ran it).
 */
const BRANCH_COPY = new Set(['pull_request', 'push', 'merge_group', 'workflow_call']);

/**
 * The default branch's workflows, and the gated branch's own where it is another branch: its pushes, its merge
 * groups and the PRs into it run that branch's copy of such a workflow (attack round 13), so a file that differs
 * there is analysed too and its issues named "on <branch>". Null when the default branch's files could not be read.
 */
export function analyseBranches(
  f: {
    workflows: WorkflowFile[] | null;
    branchWorkflows?: WorkflowFile[] | null;
    branch: string;
    defaultBranch?: string;
    /** This repository (owner/name), where known. */
    repo?: string;
  },
  appIds: ReadonlyMap<string, readonly string[]> = new Map(),
): Analysed | null {
  if (!f.workflows) return null;
  const branches = [...new Set([f.branch, f.defaultBranch ?? f.branch])];
  const main = analyseWorkflows(f.workflows, appIds, branches, f.repo ?? null);
  if (!f.branchWorkflows) return main;
  const same = new Set(f.workflows.map((w) => `${w.path}\n${w.text}`));
  // only a copy that runs from the branch: workflow_run, issue_comment, schedule … run the default branch's file
  const runsThere = (text: string): boolean => {
    try {
      return triggersOf(obj(parse(text))).some((t) => BRANCH_COPY.has(t));
    } catch {
      return true; // a file that does not parse is named, as on the default branch
    }
  };
  const differs = new Set(
    f.branchWorkflows.filter((w) => !same.has(`${w.path}\n${w.text}`) && runsThere(w.text)).map((w) => w.path),
  );
  const there = analyseWorkflows(f.branchWorkflows, appIds, branches, f.repo ?? null);
  const mine = <T extends { file: string }>(xs: T[]): T[] => xs.filter((x) => differs.has(x.file));
  return {
    writers: [...main.writers, ...mine(there.writers)],
    issues: [...main.issues, ...mine(there.issues).map((i) => ({ ...i, file: `${i.file} on ${f.branch}` }))],
    keys: [...main.keys, ...mine(there.keys)],
  };
}
