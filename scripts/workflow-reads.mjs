// What a step of a gated workflow reads that the PR may control — part of the rule scripts/workflow-rules.mjs keeps:
// its `with:` inputs as the runner reads them, a checkout's ref and repository, another run's artifacts, and run or
// script steps that may fetch the PR's code. Each finding is said through `say(where, text, level)`.

export const FAIL = 'fail';
export const PR_REF = /github\.event\.pull_request\.head|github\.head_ref|refs\/pull\/|workflow_run\.head_(sha|branch)/;
/**
 * The ref a checkout may name by expression: the default branch. Any other expression may name PR code
 * (merge_commit_sha, workflow_run.head_commit.id, a job's output holding the head), so it fails closed — and so does
 * the PR's base branch: since 2025-12-08 a pull_request_target run takes the default branch's workflow, whatever base
 * the PR names, and the PR's author picks that base, any branch a writer may push to (a review of the docs,
 * 2026-12-03: `ref: github.base_ref` ran an unprotected branch's run-persona with no finding).
 */
const TRUSTED_REF = /^\$\{\{\s*github\.event\.repository\.default_branch\s*\}\}$/;
const BASE_REF = /^\$\{\{\s*(?:github\.base_ref|github\.event\.pull_request\.base\.(?:ref|sha))\s*\}\}$/;
/** github.sha and github.ref name the default branch on these triggers only (on pull_request: a merge ref). */
const BASE_TRIGGERS = new Set([
  'pull_request_target',
  'workflow_run',
  'issue_comment',
  'schedule',
  'workflow_dispatch',
]);
const GITHUB_SHA_OR_REF = /^\$\{\{\s*github\.(?:sha|ref)\s*\}\}$/;
/** Another run's artifacts, fetched by a command or a script: the CLI, the REST path, github-script. */
const ARTIFACT_FETCH = /\bgh\s+run\s+download\b|\/actions\/(?:runs\/[^/\s]+\/)?artifacts\b|\bdownloadArtifact\b/i;

/**
 * What names the PR's head commit anywhere in a step (env, with, the script): the event's head sha and test merge
 * commit, workflow_run's head commit, a job's head-sha output, and the same in a github-script
 * (`context.payload.pull_request.head.sha`). In a workflow that runs persona-verdict, a run or script step handed it
 * may fetch and run the PR's code, whatever command does it (git with any options, gh api contents, curl of a raw
 * file, a tarball): fail closed (attack round 12, D1 and a second attack on it).
 */
const COMMIT_NAMED =
  /\bpull_request\.head\.sha\b|\bmerge_commit_sha\b|\bworkflow_run\.head_(?:sha|commit)\b|outputs\.head[-_]sha\b|\bheadRefOid\b/i;
/** What names the PR's head branch or repository (a fork's): harmless in a log line or a comparison, not in a fetch. */
const REF_NAMED =
  /\bpull_request\.head\b|\bgithub\.head_ref\b|\bworkflow_run\.head_(?:branch|repository)\b|\bheadRefName\b/i;
/** A command or call that fetches code or files: git (any options), gh api or repo clone, curl, wget, an archive. */
const FETCHES = new RegExp(
  [
    String.raw`\bgit\b`,
    String.raw`\bgh\s+(?:api|repo\s+clone|pr\s+checkout)\b`,
    String.raw`\b(?:curl|wget|tarball|zipball|getContent|getArchive|getBlob)\b`,
    String.raw`\bdownload(?:Tarball|Zipball)Archive\b`,
  ].join('|'),
  'i',
);
/** What names the PR by its number (common and harmless for a comment or a label). */
const NUMBER_NAMED = /\bpull_request\.number\b|\bgithub\.event\.number\b|\bissue\.number\b/i;
/** Commands that fetch a PR's code by its number: gh's checkout, a pull ref, a head looked up from the PR. */
const BY_NUMBER = /\bgh\s+pr\s+checkout\b|refs\/pull\/|\bgit\b[^\n;&|]*\bfetch\b[^\n;&|]*\bpull\//i;

/**
 * A step's `with:` as the runner reads it: keys without case (`Force:` and `FORCE:` are INPUT_FORCE), the later of
 * two spellings winning; anything but a mapping is none. The doctor reads steps through this too (withOf).
 */
export const inputsOf = (step) => {
  const w = step?.with;
  const given = w && typeof w === 'object' && !Array.isArray(w) ? w : {};
  return Object.fromEntries(Object.entries(given).map(([k, v]) => [k.toLowerCase(), v]));
};

/**
 * What a step reads that the PR may control: another run's artifact, another repository, a ref other than the base
 * or default branch. Only in workflows that run persona-verdict (`gated`): elsewhere a release's `ref:` is its own.
 */
export function readsFindings(where, step, triggers, say, branches = null) {
  const uses = typeof step.uses === 'string' ? step.uses.toLowerCase() : '';
  const w = inputsOf(step);
  const keys = ['run-id', 'run_id', 'github-token', 'repository', 'workflow', 'run_number', 'pr', 'commit'];
  if (/download-artifact@/.test(uses)) {
    const other = keys.filter((k) => w[k] !== undefined).join(', ');
    if (other || !uses.startsWith('actions/download-artifact@'))
      say(
        where,
        `reads an artifact of another workflow run (${other || uses}): the PR controls its own runs' artifacts`,
        FAIL,
      );
  }
  const script = `${typeof step.run === 'string' ? step.run : ''}\n${typeof w.script === 'string' ? w.script : ''}`;
  if (ARTIFACT_FETCH.test(script))
    say(
      where,
      "reads an artifact of another workflow run (a script fetches it): the PR controls its own runs' artifacts",
      FAIL,
    );
  if (!uses.startsWith('actions/checkout@')) return;
  const ref = w.ref === undefined ? '' : String(w.ref).trim();
  const trusted = TRUSTED_REF.test(ref) || (GITHUB_SHA_OR_REF.test(ref) && triggers.every((t) => BASE_TRIGGERS.has(t)));
  if (BASE_REF.test(ref))
    say(
      where,
      `checks out ${ref}, the PR's base branch, which its author picks: whoever may push to that branch writes what ` +
        'this job runs; check out the default branch (no ref:), whose files the workflow itself runs',
      FAIL,
    );
  else if (!PR_REF.test(ref) && ref.includes('${{') && !trusted)
    say(where, `checks out PR code, or may: ref ${ref} is not the default branch`, FAIL);
  // a branch named outright: any writer's push there decides what runs (a review of the doctor, attack M); the gated
  // branch and a commit's sha are what they say
  const named = ref.replace(/^refs\/heads\//, '');
  if (branches && ref && !ref.includes('${{') && !branches.includes(named) && !/^[0-9a-f]{40}$/i.test(ref))
    say(
      where,
      `checks out ${ref}, not ${branches.join(' or ')}: whoever may push there writes what this job runs`,
      FAIL,
    );
  const repo = w.repository === undefined ? '' : String(w.repository).trim();
  if (repo.includes('${{') && !/^\$\{\{\s*github\.repository\s*\}\}$/.test(repo))
    say(where, `checks out PR code, or may: repository ${repo} is not this repository (a fork's, for one)`, FAIL);
  else if (repo && !repo.includes('${{')) say(where, 'checks out another repository');
}

/**
 * A run step or a github-script that may fetch the PR's code: it is handed the PR's head commit (COMMIT_NAMED), or its
 * branch or repository beside a fetch (REF_NAMED, FETCHES), or it fetches the PR by its number (BY_NUMBER). The job
 * would then run the PR's copy of whatever comes next (the persona script, a build), which writes the body. A link to
 * the PR (`…/pull/$PR`), a log line naming the branch or a check that the head repository is this one is not a fetch.
 */
export function runFetchFindings(where, step, uses, say) {
  // `with:` keys and an action's name are read without case, as the runner reads them (a read-through of attack R)
  const github = uses.toLowerCase().startsWith('actions/github-script@');
  const script = typeof step.run === 'string' ? step.run : github ? inputsOf(step).script : undefined;
  if (typeof script !== 'string') return;
  const named = JSON.stringify([step.env ?? {}, step.with ?? {}, script]);
  if (COMMIT_NAMED.test(named) || (REF_NAMED.test(named) && FETCHES.test(script)))
    say(
      where,
      "checks out PR code, or may: a run or script step is handed the PR's head (its commit, branch or repository)",
      FAIL,
    );
  else if (NUMBER_NAMED.test(named) && BY_NUMBER.test(script))
    say(where, 'checks out PR code (a run step fetches the pull request by its number)', FAIL);
}
