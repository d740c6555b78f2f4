// The rule every workflow and recipe here keeps, checked statically: no job that holds
// a persona credential runs code other than this action and pinned actions (above
// all, never the LLM step, never PR code), and nothing the PR controls chooses what a
// persona reads, which PR or which commit its verdict lands on. Used by
// scripts/lint-workflows.mjs (CI) and by the recipe tests.
//
// A persona credential is any secret but GITHUB_TOKEN and the model's key (a secret
// named LLM_*), and any App private key (a `private-key:` input). Code in a job can
// read every secret of that job from the runner's memory, so the rule is per job.
import { parse } from 'yaml';
import { FAIL, inputsOf, PR_REF, readsFindings, runFetchFindings } from './workflow-reads.mjs';

export { inputsOf };

const OUR_ACTION = 'persona-verdict/persona-verdict@';
const MINTER = 'actions/create-github-app-token@';
const MODEL_KEY = /^LLM_/;
const WARN = 'warn';
const PINNED = /^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/;

/** What stands for every secret of a job in the findings' `creds`: every persona key is among them. */
export const EVERY_SECRET = 'every secret';
/**
 * An expression that hands over the whole `secrets` object, not one secret: `secrets[...]`, `toJSON(secrets)`,
 * `${{ secrets }}` (an attack of round R: toJSON(secrets) beside the LLM step was not a credential).
 */
export function namesEverySecret(text) {
  if (/(?<![\w.-])secrets\s*\[/.test(text)) return true;
  return [...text.matchAll(/\$\{\{([\s\S]*?)\}\}/g)].some((m) => /(?<![\w.'"-])secrets\b(?!\s*\.)/i.test(m[1]));
}

/** The persona credentials a piece of a workflow names: secret names, 'a private-key input', 'every secret'. */
export function personaCredentials(node) {
  const text = JSON.stringify(node ?? {});
  const names = [...text.matchAll(/secrets\.([A-Za-z_]\w*)/g)].map((m) => m[1]);
  const found = new Set(names.filter((n) => n !== 'GITHUB_TOKEN' && !MODEL_KEY.test(n)));
  if (/"private[-_]key":/.test(text)) found.add('a private-key input');
  if (namesEverySecret(text)) found.add(EVERY_SECRET);
  return [...found];
}

/** Why a step runs code other than this action or a pinned action, or null. */
function otherCode(step) {
  if (typeof step.run === 'string') return 'a run: step';
  const uses = typeof step.uses === 'string' ? step.uses : '';
  if (uses.startsWith(OUR_ACTION)) return null;
  if (uses.startsWith('./') || uses.startsWith('docker://')) return `${uses} (not a pinned action)`;
  if (!PINNED.test(uses)) return `${uses} (not pinned to a full commit SHA)`;
  return null;
}

function triggersOf(wf) {
  const on = wf.on ?? wf[true]; // YAML 1.1 readers turn a bare `on` into true
  return typeof on === 'string' ? [on] : Array.isArray(on) ? on : Object.keys(on ?? {});
}

function envName(job) {
  return typeof job.environment === 'object' ? job.environment?.name : job.environment;
}

function pinFindings(text, say) {
  text.split('\n').forEach((line, i) => {
    const m = /^\s*-?\s*uses:\s*([^\s#]+)\s*(#.*)?$/.exec(line);
    if (!m || m[1].startsWith('./')) return;
    if (!/@[0-9a-f]{40}$/.test(m[1]) || !m[2])
      say(`line ${i + 1}`, `${m[1]} is not pinned to a full commit SHA with a version comment`);
  });
}

/**
 * How a persona credential beside other code is graded: fail in a workflow that runs persona-verdict when the
 * credential looks like a persona's (a token, an App's private key) or is what its steps are given as their token
 * (`us`: those secrets; null where persona-verdict does not run); warn elsewhere (a reusable deploy workflow's
 * DEPLOY_KEY, a release's NPM_TOKEN) and for a key named as a model provider names it (OPENAI_API_KEY: the LLM job's;
 * name it LLM_* to say so).
 */
const PERSONA_LIKE = /(?:_TOKEN|PRIVATE_KEY|_PEM)$|^a private-key input$|^every secret$/;
const keyLevelOf = (us, creds) => (us && creds.some((c) => PERSONA_LIKE.test(c) || us.has(c)) ? FAIL : WARN);

/** The secrets persona-verdict steps are given as `github-token` (the persona's token, whatever its name). */
function tokenSecrets(jobs) {
  const out = new Set();
  for (const [, job] of jobs)
    for (const step of job?.steps ?? []) {
      if (typeof step?.uses !== 'string' || !step.uses.toLowerCase().startsWith(OUR_ACTION)) continue;
      for (const m of String(inputsOf(step)['github-token'] ?? '').matchAll(/secrets\.([A-Za-z_]\w*)/g)) out.add(m[1]);
    }
  return out;
}

/** An expression that names the LLM job's output: a step's or a needed job's. */
const OWN_OUTPUT = /^\s*(?:steps|needs)\.[\w-]+\.outputs\.[\w-]+\s*$/i;
/**
 * Text an event or whoever runs the workflow chooses, or that only says where it comes from (env, vars): the PR's
 * description, a comment, a dispatch input, a branch — in either syntax (`github.x`, `github['x']`), without case as
 * GitHub reads expressions. A denylist of shapes: a step output relaying such text is not followed.
 */
const CHOSEN = /\bgithub\s*(?:\.\s*|\[\s*['"])(?:event|head_ref|ref_name|ref)\b|\b(?:inputs|env|vars)\s*(?:\.|\[)/i;

/**
 * Where a persona-verdict step's review body comes from (a review of the doctor, attack M: `body: ${{
 * github.event.pull_request.body }}` let the PR's author write priya's verdict). `body` only from the LLM job's output
 * (steps.*.outputs, needs.*.outputs) — not an event's text, an input, a variable, nor fixed text (the same verdict on
 * every run); `body-path` not chosen by the event or whoever runs the workflow.
 */
function bodyFindings(where, w, say) {
  const body = w.body === undefined || w.body === null ? '' : String(w.body);
  if (body.trim()) {
    const exprs = [...body.matchAll(/\$\{\{([\s\S]*?)\}\}/g)].map((m) => m[1]);
    const other = exprs.filter((e) => !OWN_OUTPUT.test(e)).map((e) => `\${{${e}}}`);
    if (other.length)
      say(where, `body is ${other.join(', ')}: not the persona's model output; pass the LLM job's body-path`, FAIL);
    else if (!exprs.length)
      say(where, "body is fixed text: every run posts the same verdict; pass the LLM job's", FAIL);
  }
  const path = w['body-path'] === undefined || w['body-path'] === null ? '' : String(w['body-path']);
  if (CHOSEN.test(path))
    say(where, `body-path ${path} is chosen by the event or whoever runs the workflow: name the LLM job's file`, FAIL);
}

function stepFindings(id, job, say, triggers = [], gated = false, us = null) {
  for (const [n, step] of (job.steps ?? []).entries()) {
    const where = `job ${id} step ${n + 1}`;
    const uses = typeof step.uses === 'string' ? step.uses : '';
    if (gated) readsFindings(where, step, triggers, say, gated.branches);
    if (gated) runFetchFindings(where, step, uses, say);
    if (uses.toLowerCase().startsWith(OUR_ACTION)) bodyFindings(where, inputsOf(step), say);
    if (typeof step.run === 'string' && step.run.includes('${{'))
      say(where, 'expression in run: pass it through env instead', FAIL);
    // a github-script's script is JavaScript the expression is pasted into, as a run step's shell (attack round 13)
    const script = inputsOf(step).script;
    if (/^actions\/github-script@/i.test(uses) && typeof script === 'string' && script.includes('${{'))
      say(where, 'expression in a github-script script: pass it through env and read process.env instead', FAIL);
    const given = personaCredentials({ env: step.env, with: step.with, run: step.run });
    if (!uses.startsWith(OUR_ACTION) && !uses.startsWith(MINTER) && given.length)
      say(
        where,
        `a persona credential (${given.join(', ')}) reaches a step that is not persona-verdict`,
        keyLevelOf(us, given),
        given,
      );
    if (uses.toLowerCase().startsWith('actions/checkout@')) {
      const w = inputsOf(step);
      const ref = w.ref === undefined ? '' : String(w.ref).trim();
      if (PR_REF.test(ref)) say(where, 'checks out PR code', FAIL);
      if (w.repository !== undefined && !gated) say(where, 'checks out another repository');
      if (String(w['persist-credentials']) !== 'false')
        say(where, 'keeps the token in .git: set persist-credentials: false');
    }
  }
}

function jobFindings(id, job, wf, triggers, personaEnvs, say, gated, us) {
  if (job.permissions === undefined && wf.permissions === undefined) say(`job ${id}`, 'no permissions block');
  const creds = personaCredentials({ job, env: wf.env });
  const other = (job.steps ?? []).map(otherCode).find(Boolean);
  const keyLevel = keyLevelOf(us, creds);
  if (creds.length && other) {
    say(
      `job ${id}`,
      `holds a persona credential (${creds.join(', ')}) and runs ${other}: code in a job can read every ` +
        'secret of the job; run the LLM and any script in a job without persona credentials',
      keyLevel,
      creds,
    );
  }
  if (creds.length && !envName(job)) {
    say(
      `job ${id}`,
      `holds a persona credential (${creds.join(', ')}) without an environment: keep it in an environment ` +
        'whose deployment branches are the default branch only, where the persona jobs run',
    );
  }
  if (!creds.length && other && personaEnvs.has(envName(job))) {
    say(`job ${id}`, `runs ${other} in environment ${envName(job)}, which holds persona credentials`);
  }
  const excludesQueue = /github\.event_name == '(pull_request_target|issue_comment|workflow_run)'/.test(
    String(job.if ?? ''),
  );
  if (creds.length && triggers.includes('merge_group') && !excludesQueue) {
    say(
      `job ${id}`,
      "persona credential on merge_group, whose workflow file is the queued commit's: report the queue from " +
        'workflow_run (docs/recipes/merge-queue.yml)',
      keyLevel,
      creds,
    );
  }
  if (creds.length && triggers.includes('pull_request')) {
    say(
      `job ${id}`,
      'persona credential on a pull_request trigger: the PR controls that workflow file; use ' +
        'pull_request_target or workflow_run',
      keyLevel,
      creds,
    );
  }
  stepFindings(id, job, say, triggers, gated, us);
}

/** @returns {string[]} one line per finding; [] when the workflow keeps the rule */
export function securityFindings(text, file) {
  return gradedFindings(text).map((f) => `${file}: ${f.where}: ${f.says}`);
}

/**
 * Every finding with its level: `fail` where a PR could walk around the gate (in a workflow that runs persona-verdict:
 * PR code or the LLM step beside a persona token or App key, such a credential where the PR controls the workflow
 * file; anywhere: PR code or another run's artifact read, an expression pasted into a shell or a script); `warn` for
 * hygiene (pins, permissions, persist-credentials) and for other secrets beside other code.
 * A credential finding names the credentials (`creds`): the doctor fails it when one is a key it traced to a persona.
 * `branches`: the branch the gate protects and the default branch (the doctor's), all a checkout may name outright;
 * null: not judged.
 * @returns {{ where: string, says: string, level: 'fail' | 'warn', creds?: string[] }[]}
 */
export function gradedFindings(text, branches = null) {
  const out = [];
  const say = (where, says, level = WARN, creds) => out.push({ where, says, level, ...(creds ? { creds } : {}) });
  const wf = parse(text);
  const triggers = triggersOf(wf);
  if (namesEverySecret(text))
    say('workflow', 'secrets[...] or toJSON(secrets) hands every secret to the job: name one secret per job', FAIL);
  pinFindings(text, say);
  if (wf.permissions === undefined) say('workflow', 'no top-level permissions: set permissions: {} and grant per job');
  const jobs = Object.entries(wf.jobs ?? {});
  const personaEnvs = new Set(
    jobs
      .filter(([, job]) => personaCredentials({ job, env: wf.env }).length && envName(job))
      .map(([, j]) => envName(j)),
  );
  // the rules on what a job reads apply where persona-verdict runs (its LLM job included)
  // (a reusable workflow too: a persona workflow may call it for its LLM job); action names have no case on GitHub
  // where persona-verdict runs: the secrets its steps are given as their token are the persona's, whatever their name
  const us = text.toLowerCase().includes(OUR_ACTION) ? tokenSecrets(jobs) : null;
  // gated: the rules on what a job reads apply, with the branches a checkout may name when known (the doctor's)
  const gated = (us !== null || triggers.includes('workflow_call')) && { branches };
  for (const [id, job] of jobs) jobFindings(id, job, wf, triggers, personaEnvs, say, gated, us);
  return out;
}
