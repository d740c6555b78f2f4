// Who can cause a forced run — pure, part of the doctor's workflow reading (core/doctor-workflows.ts). A step with
// `force: true` judges the head again even where a verdict stands for it. The action checks the asker itself on the
// two routes the recipes use — a `/review` comment (issue_comment: the commenter's permission) and a label (a
// pull_request or pull_request_target `labeled` event: whoever added it) — and on a workflow run by hand (whoever ran
// it: never the PR's author, since 0.12.0). On any other pull-request action —
// opened, reopened, edited, synchronize, ready_for_review … — the PR's author causes the run, and each one would be a
// new roll of the LLM on the same head until one approves; a workflow_run that follows such a workflow is the same.
// And one persona's steps written with two status kinds: a forced re-review's pending is then not read back.
import { obj, OUR_ACTION, stepsOf, str, withOf, type Json } from './doctor-keys.js';
import { orParts, type WorkflowIssue } from './doctor-writers.js';

/** The actions GitHub runs a pull_request(_target) workflow on when it names no types. */
const DEFAULT_TYPES = ['opened', 'synchronize', 'reopened'];
/** Events on which a forced run's asker is checked by the action, or can only be a writer. */
const CHECKED = new Set(['issue_comment', 'workflow_dispatch', 'schedule']);
/** Events the PR's author causes with the PR in the payload: a review or a review comment on their own PR. */
const AUTHORS = new Set(['pull_request_review', 'pull_request_review_comment']);

/** A comparison naming a route the action checks: a label added, a comment. */
const CHECKED_ROUTE = /github\.event\.action\s*==\s*'labeled'|github\.event_name\s*==\s*'issue_comment'/;

/**
 * Whether a condition (a job's or step's `if:`, or `force:` itself as an expression) holds only on routes the action
 * checks — "github.event.action == 'labeled'", "github.event_name == 'issue_comment'" — as a job's `if:` narrows its
 * events (doctor-writers.ts's jobEvents): every part of an `||` an && chain that names such a route (a part that names
 * none may let anything else through), and no negation (it narrows nothing). An attack of round R found the combined
 * review and re-review workflow's `issue_comment' || … 'labeled'` failed.
 */
function checkedOnly(raw: string): boolean {
  // GitHub's stand-in for a ternary: "${{ <condition> && 'true' || 'false' }}" is the condition
  const condition = raw.replace(/&&\s*'?true'?\s*\|\|\s*'?false'?\s*(\}\})?\s*$/, '$1');
  return orParts(condition)?.every((part) => CHECKED_ROUTE.test(part)) ?? false;
}

/** The pull-request actions a forced step runs on that the action does not check (all but `labeled`). */
function unchecked(on: Json, event: string): string[] {
  const types = obj(on[event])['types'];
  const listed = Array.isArray(types) ? types.map(str) : typeof types === 'string' ? [types] : DEFAULT_TYPES;
  return listed.filter((t) => t !== 'labeled');
}

/**
 * The forced persona-verdict steps of a job that the PR's author can cause: `force` set (true, or an expression that
 * may be true) on a pull-request action other than `labeled`, on a review of the PR, or on workflow_run (it follows
 * another workflow, which a PR can start) — a fail: the author re-rolls the persona's verdict of the same head at
 * will; on workflow_call or another event, a warning. `events`: the job's, narrowed by its `if`; a step with a
 * condition that holds only on the checked routes (the job's or step's `if`, or the force expression) passes.
 */
export function forcedByAuthor(file: string, id: string, job: Json, wf: Json, events: string[]): WorkflowIssue[] {
  const on = obj(wf['on'] ?? wf['true']);
  const steps = stepsOf(job);
  const out: WorkflowIssue[] = [];
  for (const s of steps) {
    const force = str(withOf(s)['force']).trim();
    if (!OUR_ACTION.test(str(s['uses'])) || force === '' || force.toLowerCase() === 'false') continue;
    // the job's `if`, the step's and a force expression must all hold: one that names only checked routes suffices
    if ([str(job['if']), str(s['if']), force].some(checkedOnly)) continue;
    const open: string[] = [];
    const other: string[] = [];
    let called = false;
    for (const event of events) {
      if (CHECKED.has(event)) continue;
      if (event === 'pull_request' || event === 'pull_request_target') {
        const actions = unchecked(on, event);
        if (actions.length) open.push(`${event} (${actions.join(', ')})`);
      } else if (AUTHORS.has(event) || event === 'workflow_run') open.push(event);
      else if (event === 'workflow_call') called = true;
      else other.push(event);
    }
    const persona = str(withOf(s)['persona']) || 'the persona';
    const fix =
      `in ${file}, set force only in a job that runs on issue_comment (the /review command) or on ` +
      'pull_request_target types: [labeled], as docs/recipes/re-review.yml does';
    if (open.length)
      out.push({
        file,
        where: `job ${id}`,
        level: 'fail',
        says:
          `${persona}'s step runs with force on ${open.join(', ')}: a PR's author causes those runs, and each one ` +
          'judges the same head again, a new roll of the LLM until one approves (the action checks the asker only ' +
          'for a /review comment and a label)',
        fix,
      });
    else if (other.length)
      out.push({
        file,
        where: `job ${id}`,
        level: 'warn',
        says:
          `${persona}'s step runs with force on ${other.join(', ')}: the action does not check who caused that run, ` +
          'and each one judges the same head again (a commit status, a check, a deployment can be caused from a PR)',
        fix,
      });
    else if (called)
      out.push({
        file,
        where: `job ${id}`,
        level: 'warn',
        says:
          `${persona}'s step runs with force in a reusable workflow: its callers' triggers decide who causes the ` +
          'run — on anything but a /review comment or a label, the PR author re-rolls the LLM',
        fix: `${fix}; call ${file} with force only from such a job`,
      });
  }
  return out;
}

/**
 * A persona whose steps write check runs in one workflow and commit statuses in another: a forced re-review's pending
 * is then written as one kind and read back as the other, so nothing holds the verdict under re-review (round 19's
 * read-through: re-review.yml as shipped writes commit statuses). A fail.
 */
export function mixedKinds(
  writers: ReadonlyArray<{ persona: string; file: string; checkRun: boolean }>,
): WorkflowIssue[] {
  const out: WorkflowIssue[] = [];
  for (const persona of new Set(writers.map((w) => w.persona))) {
    const mine = writers.filter((w) => w.persona === persona);
    const runs = mine.filter((w) => w.checkRun);
    const statuses = mine.filter((w) => !w.checkRun);
    if (!runs.length || !statuses.length) continue;
    out.push({
      file: statuses[0]!.file,
      where: `persona ${persona}`,
      level: 'fail',
      says:
        `${persona} writes check runs in ${runs[0]!.file} but commit statuses in ${statuses[0]!.file}: a forced ` +
        "re-review's pending is written as one kind and read back as the other, so nothing holds the verdict under " +
        're-review',
      fix: `set the same status-kind on every ${persona} step (re-review.yml's too)`,
    });
  }
  return out;
}
