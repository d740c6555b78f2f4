// The doctor: is the merge gate really enforced? Facts about the repository's settings in (the
// branch's rules from every ruleset, classic protection when readable, the personas' Apps and
// permissions, the workflow files), a list of checks out — each ok, warn or fail with one
// sentence and the fix — and a bottom line. Pure. This file puts the checks together, in the
// order a report reads; each lives with what it looks at: core/doctor-branch.ts (the branch's
// rules), core/doctor-persona.ts (each persona's status), core/doctor-workflows.ts,
// doctor-environments.ts and doctor-secrets.ts (the workflow files, the environments, the key
// stores). The facts and the readers of GitHub's answers are core/doctor-facts.ts.
import { classicCheck, groupingCheck, noQueueCheck, reviewChecks } from './doctor-branch.js';
import { bypassChecks } from './doctor-bypass.js';
import { environmentChecks } from './doctor-environments.js';
import { ok, type Check, type Level } from './doctor-check.js';
import { appNames, personaContext, type DoctorFacts, type DoctorReport } from './doctor-facts.js';
import { distinctChecks } from './doctor-identity.js';
import { personaChecks } from './doctor-persona.js';
import { secretChecks } from './doctor-secrets.js';
import { analyseBranches, type analyseWorkflows } from './doctor-workflows.js';
import { mdText } from './markdown.js';

export type { Check, Level } from './doctor-check.js';
export type { WorkflowFile } from './doctor-writers.js';
export {
  appNames,
  fromBranchRules,
  fromClassicChecks,
  GITHUB_ACTIONS_APP_ID,
  parseDoctorPersona,
  type Classic,
  type DoctorFacts,
  type DoctorPersona,
  type DoctorReport,
  type PersonaFacts,
  type RawChecks,
  type Requirement,
} from './doctor-facts.js';

export function diagnose(f: DoctorFacts): DoctorReport {
  const wf = analyseBranches(f, appNames(f.personas));
  const writers = wf?.writers ?? [];
  // each persona's status context, in the personas' order: what the bypass checks (the queue's too) look for
  const contexts = f.personas.map((p) => personaContext(p, writers));
  const checks: Check[] = [
    classicCheck(f),
    ...f.personas.flatMap((p) => personaChecks(f, p, writers, wf !== null)),
    ...distinctChecks(f.personas),
    ...noQueueCheck(f, writers, contexts),
    ...groupingCheck(f),
    ...reviewChecks(f),
    ...bypassChecks(f, contexts),
    ...workflowChecks(f, wf),
    ...defaultBranchCheck(f),
    // the environments of the status writers, and of every other job that reads a persona key (core/doctor-keys.ts),
    // on the branch those jobs run on: the default branch, whatever branch is gated (GitHub, 2025-12-08: a
    // pull_request_target run takes its workflow and its environment rules from the default branch, as workflow_run
    // and issue_comment runs did)
    ...environmentChecks(f.defaultBranch ?? f.branch, f.environments ?? [], [...writers, ...(wf?.keys ?? [])]),
    ...secretChecks(f.secrets, wf?.keys ?? []),
  ];
  const fails = checks.filter((c) => c.level === 'fail').length;
  const warns = checks.filter((c) => c.level === 'warn').length;
  const level: Level = fails ? 'fail' : warns ? 'warn' : 'ok';
  const bottomLine =
    level === 'fail'
      ? `the gate on ${f.branch} is not enforced: ${fails} check(s) fail, ${warns} warn — fix the failures first`
      : level === 'warn'
        ? `the gate on ${f.branch} holds as far as the doctor can see; ${warns} warning(s) to review`
        : `the gate on ${f.branch} is enforced: all ${checks.length} checks ok`;
  return { repo: f.repo, branch: f.branch, level, bottomLine, checks };
}

/**
 * A gate on another branch than the default one: its persona jobs run the default branch's workflows, run-persona and
 * prompts (pull_request_target since 2025-12-08, workflow_run and issue_comment always), which this report did not
 * check — whoever may push there decides what the persona jobs run (a review of the docs, 2026-12-03).
 */
function defaultBranchCheck(f: DoctorFacts): Check[] {
  if (!f.defaultBranch || f.defaultBranch === f.branch) return [];
  return [
    {
      id: 'default-branch',
      level: 'warn',
      says:
        `the persona jobs for PRs into ${f.branch} run ${f.defaultBranch}'s workflows, run-persona and prompts, ` +
        `whose rules this report did not check: whoever may push to ${f.defaultBranch} decides what they run`,
      fix: `run the doctor on ${f.defaultBranch} too (without --branch), and protect it as ${f.branch} is protected`,
    },
  ];
}

function workflowChecks(f: DoctorFacts, wf: ReturnType<typeof analyseWorkflows> | null): Check[] {
  if (!wf) {
    return [
      {
        id: 'workflows',
        level: 'warn',
        unknown: true,
        says: 'the workflow files on the default branch could not be read',
        fix: 'run the doctor with a token that has contents: read',
      },
    ];
  }
  const unread: Check[] =
    f.branchWorkflows === null
      ? [
          {
            id: 'workflows:branch',
            level: 'warn',
            unknown: true,
            says: `the workflow files on ${f.branch} could not be read (its pushes and merge groups run its files)`,
            fix: 'run the doctor with a token that has contents: read',
          },
        ]
      : [];
  if (!wf.issues.length && !f.workflows!.length && !f.branchWorkflows?.length)
    return [...unread, ok('workflows', 'no workflow file breaks the workflow rules: the default branch has none')];
  if (!wf.issues.length)
    return [...unread, ok('workflows', `${f.workflows!.length} workflow file(s) keep the workflow rules`)];
  const issues = wf.issues.map((i) => ({
    id: `workflow:${i.file}:${i.where}`,
    level: i.level,
    says: `${i.file}, ${i.where}: ${i.says}`,
    fix: i.fix,
  }));
  return [...unread, ...issues];
}

const MARK: Record<Level, string> = { ok: 'ok  ', warn: 'WARN', fail: 'FAIL' };

/** Plain text for a terminal: one line per check, its fix under it. */
export function renderText(r: DoctorReport): string {
  const lines = [`persona-verdict doctor: ${r.repo}, branch ${r.branch}`, ''];
  for (const c of r.checks) {
    lines.push(`${MARK[c.level]}  ${c.says}`);
    if (c.fix) lines.push(`      fix: ${c.fix}`);
  }
  lines.push('', `${r.level === 'ok' ? 'OK' : r.level.toUpperCase()}: ${r.bottomLine}`);
  return lines.join('\n');
}

const ICON: Record<Level, string> = { ok: '✅', warn: '⚠️', fail: '❌' };

/** Markdown for the job summary. */
export function renderMarkdown(r: DoctorReport): string {
  const rows = r.checks.map((c) => `| ${ICON[c.level]} ${c.level} | ${mdText(c.says)} | ${mdText(c.fix)} |`);
  return [
    `## ${ICON[r.level]} persona-verdict doctor: ${mdText(r.repo)} (${mdText(r.branch)})`,
    '',
    `**${mdText(r.bottomLine)}**`,
    '',
    '| result | finding | fix |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
