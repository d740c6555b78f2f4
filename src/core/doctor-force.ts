// Who can cause a forced run — pure, part of the doctor's workflow reading (core/doctor-workflows.ts). A step with
// `force: true` judges the head again even where a verdict stands for it. The action checks the asker itself only on
// the two routes the recipes use: a `/review` comment (issue_comment: the commenter's permission) and a label
// (a pull_request or pull_request_target `labeled` event: whoever added it). On any other pull-request action —
// opened, reopened, edited, synchronize, ready_for_review … — the PR's author causes the run, and each one would be a
// new roll of the LLM on the same head until one approves; a workflow_run that follows such a workflow is the same.
import { obj, str, type Json } from './doctor-keys.js';
import type { WorkflowIssue } from './doctor-workflows.js';

const OUR_ACTION = /^persona-verdict\/persona-verdict@/;
/** The actions GitHub runs a pull_request(_target) workflow on when it names no types. */
const DEFAULT_TYPES = ['opened', 'synchronize', 'reopened'];
/** Events on which a forced run's asker is checked by the action, or can only be a writer. */
const CHECKED = new Set(['issue_comment', 'workflow_dispatch', 'schedule']);

/** The pull-request actions a forced step runs on that the action does not check (all but `labeled`). */
function unchecked(on: Json, event: string, condition: unknown): string[] {
  const types = obj(on[event])['types'];
  const listed = Array.isArray(types) ? types.map(str) : typeof types === 'string' ? [types] : DEFAULT_TYPES;
  // a job narrowed to the label: `if: github.event.action == 'labeled'`
  if (/github\.event\.action\s*==\s*'labeled'/.test(str(condition))) return [];
  return listed.filter((t) => t !== 'labeled');
}

/**
 * The forced persona-verdict steps of a job that the PR's author can cause: `force` set (true, or an expression that
 * may be true) on a pull-request action other than `labeled` (events: the job's, narrowed by its `if`), or on
 * workflow_run (it follows another workflow, which a PR can start). A fail: the author re-rolls the persona's verdict
 * of the same head at will.
 */
export function forcedByAuthor(file: string, id: string, job: Json, wf: Json, events: string[]): WorkflowIssue[] {
  const on = obj(wf['on'] ?? wf['true']);
  const steps = Array.isArray(job['steps']) ? (job['steps'] as unknown[]).map(obj) : [];
  const forced = steps.filter((s) => {
    const force = str(obj(s['with'])['force']).trim().toLowerCase();
    return OUR_ACTION.test(str(s['uses'])) && force !== '' && force !== 'false';
  });
  if (!forced.length) return [];
  const open: string[] = [];
  for (const event of events) {
    if (CHECKED.has(event)) continue;
    if (event === 'pull_request' || event === 'pull_request_target') {
      const actions = unchecked(on, event, job['if']);
      if (actions.length) open.push(`${event} (${actions.join(', ')})`);
    } else if (event === 'workflow_run') open.push('workflow_run');
  }
  if (!open.length) return [];
  const persona = str(obj(forced[0]!['with'])['persona']) || 'the persona';
  return [
    {
      file,
      where: `job ${id}`,
      level: 'fail',
      says:
        `${persona}'s step runs with force on ${open.join(', ')}: a PR's author causes those runs, and each one ` +
        'judges the same head again, a new roll of the LLM until one approves (the action checks the asker only ' +
        'for a /review comment and a label)',
      fix:
        `in ${file}, set force only in a job that runs on issue_comment (the /review command) or on ` +
        'pull_request_target types: [labeled], as docs/recipes/re-review.yml does',
    },
  ];
}
