// The rule every workflow and recipe here keeps, checked statically: no job that holds
// a persona token runs or checks out PR code, and nothing the PR controls chooses
// what a persona reads, which PR or which commit its verdict lands on. Used by
// scripts/lint-workflows.mjs (CI) and by the recipe tests.
import { parse } from 'yaml';

const PERSONA_SECRET = /secrets\.(?!GITHUB_TOKEN\b)[A-Z0-9_]*_TOKEN\b/;
const OUR_ACTION = 'persona-verdict/persona-verdict@';
const PR_REF = /github\.event\.pull_request\.head|github\.head_ref|refs\/pull\/|workflow_run\.head_(sha|branch)/;

/** @returns {string[]} one line per finding; [] when the workflow keeps the rule */
export function securityFindings(text, file) {
  const out = [];
  const say = (where, what) => out.push(`${file}: ${where}: ${what}`);
  const wf = parse(text);
  const on = wf.on ?? wf[true]; // YAML 1.1 readers turn a bare `on` into true
  const triggers = typeof on === 'string' ? [on] : Array.isArray(on) ? on : Object.keys(on ?? {});
  if (/secrets\[/.test(text)) say('workflow', 'secrets[...] hands every secret to the job: name one secret per job');
  text.split('\n').forEach((line, i) => {
    const m = /^\s*-?\s*uses:\s*([^\s#]+)\s*(#.*)?$/.exec(line);
    if (!m || m[1].startsWith('./')) return;
    if (!/@[0-9a-f]{40}$/.test(m[1]) || !m[2])
      say(`line ${i + 1}`, `${m[1]} is not pinned to a full commit SHA with a version comment`);
  });
  if (wf.permissions === undefined) say('workflow', 'no top-level permissions: set permissions: {} and grant per job');
  for (const [id, job] of Object.entries(wf.jobs ?? {})) {
    if (job.permissions === undefined && wf.permissions === undefined) say(`job ${id}`, 'no permissions block');
    const holdsPersona = PERSONA_SECRET.test(JSON.stringify(job));
    const excludesQueue = /github\.event_name == '(pull_request_target|issue_comment|workflow_run)'/.test(
      String(job.if ?? ''),
    );
    if (holdsPersona && triggers.includes('merge_group') && !excludesQueue) {
      say(
        `job ${id}`,
        "persona secret on merge_group, whose workflow file is the queued commit's: keep it to the other events",
      );
    }
    if (holdsPersona && triggers.includes('pull_request')) {
      say(
        `job ${id}`,
        'persona secret on a pull_request trigger: the PR controls that workflow file; use pull_request_target or ' +
          'workflow_run',
      );
    }
    for (const [n, step] of (job.steps ?? []).entries()) {
      const where = `job ${id} step ${n + 1}`;
      const uses = typeof step.uses === 'string' ? step.uses : '';
      if (typeof step.run === 'string' && step.run.includes('${{'))
        say(where, 'expression in run: pass it through env instead');
      if (
        !uses.startsWith(OUR_ACTION) &&
        PERSONA_SECRET.test(JSON.stringify({ env: step.env, with: step.with, run: step.run }))
      ) {
        say(where, 'a persona token reaches a step that runs other code: pass it to persona-verdict steps only');
      }
      if (uses.startsWith('actions/checkout@')) {
        const w = step.with ?? {};
        if (w.ref !== undefined && PR_REF.test(String(w.ref))) say(where, 'checks out PR code');
        if (w.repository !== undefined) say(where, 'checks out another repository');
        if (String(w['persist-credentials']) !== 'false')
          say(where, 'keeps the token in .git: set persist-credentials: false');
      }
    }
  }
  return out;
}
