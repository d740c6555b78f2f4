// The doctor's shell: read the settings around the gate through the port, hand the
// facts to the core (core/doctor.ts), return its report. Shared by the CLI command
// (src/doctor-cli.ts) and the action's mode doctor (its report in the job summary).
import * as core from '@actions/core';
import { Abort } from '../abort.js';
import type { Config } from '../config.js';
import {
  diagnose,
  fromBranchRules,
  fromClassicChecks,
  renderMarkdown,
  renderText,
  parseDoctorPersona,
  type Classic,
  type DoctorPersona,
  type DoctorFacts,
  type DoctorReport,
  type PersonaFacts,
  type RawChecks,
  type Requirement,
  appNames,
} from '../core/doctor.js';
import { writerEnvironments } from '../core/doctor-environments.js';
import { analyseBranches } from '../core/doctor-workflows.js';
import type { KeyUse } from '../core/doctor-keys.js';
import { keyEnvironments, type SecretFacts } from '../core/doctor-secrets.js';
import { createClient } from '../github/octokit.js';
import { ApiError, orNull, type SettingsPort } from '../github/port.js';
import { mdLine } from '../report.js';
import { VERSION } from '../version.js';

export { parseDoctorPersona, type DoctorPersona };

async function personaFacts(port: SettingsPort, p: DoctorPersona): Promise<PersonaFacts> {
  if (p.app !== null) {
    const app = await port.getApp(p.app);
    const [appId, clientId] = [app?.id ?? null, app?.clientId ?? null];
    return { name: p.name, kind: 'app', login: `${p.app}[bot]`, slug: p.app, appId, clientId, permission: null };
  }
  const permission = await port.getPermission(p.login!);
  return { name: p.name, kind: 'account', login: p.login!, slug: null, appId: null, clientId: null, permission };
}

type Raw = Record<string, unknown> | null | undefined;

/** Classic protection: read in full, known absent, or unknown (then the branch summary's checks, if shown). */
async function classicFacts(port: SettingsPort, branch: string): Promise<Classic> {
  const [summary, full] = await Promise.all([port.getBranch(branch), port.getBranchProtection(branch)]);
  if (!summary) throw new Abort('bad-input', `there is no branch ${branch}`, 'give an existing branch in --branch');
  if ('protection' in full) {
    const p = full.protection;
    const rev = p['required_pull_request_reviews'] as Raw;
    return {
      state: 'read',
      checks: fromClassicChecks(p['required_status_checks'] as RawChecks | undefined),
      reviews: rev
        ? {
            rulesetId: null,
            approvals: Number(rev['required_approving_review_count'] ?? 0),
            dismissStale: rev['dismiss_stale_reviews'] === true,
            lastPush: rev['require_last_push_approval'] === true,
            codeOwners: rev['require_code_owner_reviews'] === true,
          }
        : null,
      enforceAdmins: (p['enforce_admins'] as Raw)?.['enabled'] === true,
      reviewBypass: reviewBypass(rev?.['bypass_pull_request_allowances'] as Raw),
    };
  }
  if (!summary.protected || summary.classic === false) return { state: 'none' };
  const shown = summary.requiredChecks as Raw;
  let checks: Requirement[] | null = null;
  if (shown && shown['enforcement_level'] === 'off') checks = [];
  else if (shown && (Array.isArray(shown['contexts']) || Array.isArray(shown['checks'])))
    checks = fromClassicChecks(shown);
  const adminsExempt = shown?.['enforcement_level'] === 'non_admins';
  return { state: 'unknown', status: full.refused, checks, ...(adminsExempt ? { adminsExempt } : {}) };
}

/** The users, teams and Apps a classic rule lets merge without the required reviews. */
function reviewBypass(a: Raw): string[] {
  const list = (k: string) => (Array.isArray(a?.[k]) ? (a[k] as Array<Record<string, unknown>>) : []);
  const str = (v: unknown) => (typeof v === 'string' ? v : '?');
  return [
    ...list('users').map((u) => str(u['login'])),
    ...list('teams').map((t) => `team ${str(t['slug'])}`),
    ...list('apps').map((x) => `App ${str(x['slug'])}`),
  ];
}

/** Every fact the doctor needs: the repository and personas, then rules and files, then rulesets and environments. */
export async function gatherFacts(
  port: SettingsPort,
  repo: string,
  branchArg: string | null,
  personas: DoctorPersona[],
): Promise<DoctorFacts> {
  const [defaultBranch, people] = await Promise.all([
    port.getDefaultBranch(),
    Promise.all(personas.map((p) => personaFacts(port, p))),
  ]);
  const branch = branchArg ?? defaultBranch;
  // each ruleset is read as soon as the rules name it, beside the classic protection and the workflow files
  const rulesAndSets = port.getBranchRules(branch).then(async (rules) => {
    const parsed = fromBranchRules(rules);
    const sets = await Promise.all(
      parsed.rulesetIds.map(async (id) => {
        const r = await port.getRuleset(id);
        return { id, name: r?.name ?? `#${id}`, bypass: r?.bypass ?? null };
      }),
    );
    return { fromRules: parsed, rulesets: sets };
  });
  // another branch's pushes and merge groups run its own copies of the workflows: read them too
  // and the gated branch's CODEOWNERS, which GitHub reads from a PR's base branch
  const [{ fromRules, rulesets }, classic, workflows, branchWorkflows, codeowners] = await Promise.all([
    rulesAndSets,
    classicFacts(port, branch),
    port.listWorkflowFiles(defaultBranch),
    branch === defaultBranch ? undefined : port.listWorkflowFiles(branch),
    orNull(port.getCodeowners(branch)).then(async (c) =>
      c && c !== 'missing' ? { ...c, errors: await orNull(port.getCodeownersErrors(branch)) } : c,
    ),
  ]);
  const { requirements, reviews, mergeQueue, queueGrouping } = fromRules;
  const settings = { requirements, reviews, mergeQueue, queueGrouping, rulesets, classic };
  // then, once the workflow files name them: who may deploy to the environments of the jobs that hold a persona
  // key, and where each key is stored (the secret names of the repository, the organization and those environments)
  const analysed = analyseBranches({ workflows, branchWorkflows, branch, defaultBranch, repo }, appNames(people));
  const names = [
    ...new Set([...writerEnvironments(analysed?.writers ?? []), ...keyEnvironments(analysed?.keys ?? [])]),
  ];
  const [environments, secrets] = await Promise.all([
    Promise.all(names.map(async (name) => ({ name, branches: await orNull(port.getEnvironmentBranches(name)) }))),
    secretFacts(port, analysed?.keys ?? []),
  ]);
  return {
    repo,
    branch,
    defaultBranch,
    ...settings,
    personas: people,
    workflows,
    branchWorkflows,
    codeowners,
    environments,
    secrets,
  };
}

/** Where the writers' keys are stored: the repository's, the organization's and their environments' secret names. */
async function secretFacts(port: SettingsPort, keys: readonly KeyUse[]): Promise<SecretFacts | undefined> {
  if (!keys.length) return undefined;
  const envs = keyEnvironments(keys);
  const [repository, organization, ...listed] = await Promise.all([
    orNull(port.listSecretNames('repository')),
    orNull(port.listSecretNames('organization')),
    ...envs.map((environment) => orNull(port.listSecretNames({ environment }))),
  ]);
  return { repository, organization, environments: Object.fromEntries(envs.map((e, i) => [e, listed[i] ?? null])) };
}

export async function runDoctor(
  port: SettingsPort,
  repo: string,
  branch: string | null,
  personas: DoctorPersona[],
): Promise<DoctorReport> {
  return diagnose(await gatherFacts(port, repo, branch, personas));
}

/** The client for a doctor run: reads only, a minute per request, five minutes in all. */
export function doctorClient(token: string, repo: string, warn: (m: string) => void): SettingsPort {
  const [owner, name] = repo.split('/') as [string, string];
  return createClient({
    token,
    owner,
    repo: name,
    requestTimeoutMs: 60_000,
    deadline: Date.now() + 300_000,
    timeScale: 1,
    warn,
  });
}

/** The summary's last line, as every mode writes it (src/report.ts). */
const FOOTER = `\n<sub>persona-verdict v${VERSION}</sub>\n`;

/** mode: doctor — the report in the job summary and the log; the step fails when a check fails. */
export async function runDoctorAction(cfg: Config): Promise<void> {
  const repo = process.env['GITHUB_REPOSITORY'] ?? '';
  try {
    if (!/^[^/\s]+\/[^/\s]+$/.test(repo)) throw new Abort('bad-input', 'GITHUB_REPOSITORY is not set', '');
    const personas = cfg.personas.map((p) => parseDoctorPersona(`${p.persona}=${p.login}`));
    const port = doctorClient(cfg.token, repo, (m) => core.warning(m));
    const report = await core.group('persona-verdict: doctor', () => runDoctor(port, repo, null, personas));
    core.info(renderText(report));
    if (process.env['GITHUB_STEP_SUMMARY']) await core.summary.addRaw(renderMarkdown(report)).addRaw(FOOTER).write();
    if (report.level === 'fail') core.setFailed(`doctor: ${report.bottomLine}`);
  } catch (e) {
    if (!(e instanceof Abort) && !(e instanceof Error)) throw e;
    const advice = e instanceof Abort ? doctorAdvice(e) : '';
    core.setFailed(`doctor: ${e.message}${advice ? `\nWhat to do: ${advice}` : ''}`);
    // the summary says it too: a reader of the run's page sees why there is no report
    if (process.env['GITHUB_STEP_SUMMARY']) {
      const what = advice ? `\n>\n> **What to do:** ${mdLine(advice)}` : '';
      await core.summary
        .addRaw(`## ❌ persona-verdict doctor: could not check the gate\n\n> [!CAUTION]\n> ${mdLine(e.message)}${what}`)
        .addEOL()
        .addRaw(FOOTER)
        .write();
    }
  }
}

/**
 * What to do when a read failed, in doctor's terms: the client's advice speaks of a review job
 * (re-run it, a re-run never posts twice, pull-requests: write); doctor only reads, so it is
 * run again, and its token needs read access.
 */
export function doctorAdvice(e: Abort): string {
  if (!(e instanceof ApiError)) return e.advice;
  const again = 'run doctor again (it only reads: running it again changes nothing)';
  switch (e.cls) {
    case 'network':
      return `the connection to GitHub failed: check the network and GITHUB_API_URL, then ${again}`;
    case 'timeout':
      return `GitHub did not answer in time: ${again}`;
    case 'rate-limited':
      return `GitHub rate-limited this token: ${again} once the limit resets`;
    case 'server':
      return `GitHub failed (server error): ${again}`;
    case 'deadline':
      return `doctor's five minutes ran out: ${again}`;
    case 'denied':
      return e.status === 401
        ? 'the token was rejected (expired, revoked or malformed): check GH_TOKEN or GITHUB_TOKEN ' +
            '(in Actions, the github-token input)'
        : 'the token may not read this: give doctor a token that can read the repository (contents: read; ' +
            'an admin token also shows classic protection and bypass lists)';
    case 'not-found':
      return 'not found, or the token cannot see it: check the repository name and that the token can read it';
    default:
      return e.advice;
  }
}
