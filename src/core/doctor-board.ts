// Whether the panel board can read what it counts — pure, part of the doctor's workflow reading
// (core/doctor-workflows.ts). The board counts an App member's approval only where it can read that
// member's own check runs on the head (their red or forced run holds the approval off the panel), or
// the member has a commit status of its own there; with GITHUB_TOKEN, listing runs on a private
// repository takes `checks: read`. Without it such approvals go uncounted and the panel stays red:
// fail closed, a gate nobody can pass rather than one anybody can — so a warning.
import { samePersona } from './marker.js';
import { obj, OUR_ACTION, stepsOf, str, withOf, type Json } from './doctor-keys.js';
import { credentialOf, triggersOf, type WorkflowIssue, type Writer } from './doctor-writers.js';

/** The personas of a board step that are Apps (`persona=<slug>[bot]`, `@version` aside), by persona name. */
function appMembers(raw: string): string[] {
  return raw
    .split(/[\n,]/)
    .map((p) => /^\s*([A-Za-z0-9_.-]+)\s*=\s*[^@\s]+\[bot\]/i.exec(p)?.[1])
    .filter((p): p is string => !!p);
}

/** What GITHUB_TOKEN may do with check runs in a job, and where that is said; undefined when nothing says. */
function checksScope(job: Json, wf: Json): { scope: string; where: 'job' | 'workflow' } | undefined {
  const where = job['permissions'] !== undefined && job['permissions'] !== null ? 'job' : 'workflow';
  const perms = where === 'job' ? job['permissions'] : wf['permissions'];
  if (perms === undefined || perms === null) return undefined;
  if (typeof perms === 'string') return { scope: /^(read|write)-all$/.test(perms) ? 'read' : 'none', where };
  return { scope: str(obj(perms)['checks']) || 'none', where };
}

const NEEDS = '`contents: read`, `pull-requests: write`, `statuses: write`, `checks: read`';

/**
 * Board steps on GITHUB_TOKEN whose permissions may not list check runs while an App member's approval depends on
 * them: a member that writes check runs, or one no workflow here is seen writing commit statuses for (`commit-status:
 * never`, `auto` on pull_request, a persona named another way). Job-level permissions replace the workflow's; none
 * at all leave the repository's default token (its restricted default has no `checks`). A reusable workflow that
 * sets none runs with its caller's, which is not judged here; a board minting its own App token is not judged.
 */
export function boardReads(file: string, id: string, job: Json, wf: Json, writers: readonly Writer[]): WorkflowIssue[] {
  const steps = stepsOf(job);
  const called = triggersOf(wf).includes('workflow_call');
  const said = checksScope(job, wf);
  const mine = (p: string) => writers.filter((x) => samePersona(x.persona, p));
  const out: WorkflowIssue[] = [];
  for (const s of steps) {
    const w = withOf(s);
    if (!OUR_ACTION.test(str(s['uses'])) || str(w['mode']) !== 'board') continue;
    if (credentialOf(str(w['github-token']), steps).kind !== 'github-actions') continue;
    const depend = appMembers(str(w['personas'])).filter(
      (p) => mine(p).some((x) => x.checkRun) || !mine(p).some((x) => !x.checkRun),
    );
    if (!depend.length || said?.scope === 'read' || said?.scope === 'write' || (!said && called)) continue;
    out.push({
      file,
      where: `job ${id}`,
      level: 'warn',
      says:
        `the board counts ${depend.join(', ')}, whose approval${depend.length === 1 ? '' : 's'} may rest on check ` +
        'runs, but ' +
        (said
          ? `the ${said.where}'s permissions leave \`checks\` out`
          : `neither job ${id} nor its workflow sets permissions (the default token may have no \`checks\`)`) +
        ': on a private repository GITHUB_TOKEN cannot list them, and each such approval goes uncounted',
      fix: said
        ? `add \`checks: read\` to the ${said.where === 'job' ? `permissions of job ${id}` : 'top-level permissions'}` +
          ` in ${file}`
        : `set the permissions of job ${id} in ${file}: ${NEEDS}`,
    });
  }
  return out;
}
