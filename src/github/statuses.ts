// The gate's status on a commit, behind the port's createStatus/listStatuses: a commit status
// (the default), or a check run of the same name (status-kind: check-run).
//
// Why check runs: GitHub keeps at most 1000 commit statuses per commit and context, from anyone
// with write access, and deletes none — a writer who fills the persona's context freezes its last
// colour. Only a GitHub App can create check runs, and only the persona's App creates runs as that
// App; past 1000 runs of one name in a suite GitHub deletes the oldest ("New limits affecting the
// Checks API", GitHub changelog 2020-09-14): no one else can write or fill the runs a requirement
// pinned to that App reads. (GITHUB_TOKEN's runs are GitHub Actions', any workflow's: refused in
// target.ts.)
import type { Ctx } from './client.js';
import { ApiError, type GitHubPort, type StatusKind } from './port.js';

export function statusesPort(
  ctx: Ctx,
  kind: StatusKind,
): Pick<GitHubPort, 'createStatus' | 'listStatuses' | 'listCommitStatuses' | 'listCheckRuns'> {
  const lists = { listCommitStatuses: all(ctx), listCheckRuns: runs(ctx) };
  return { ...(kind === 'check-run' ? checkRunsPort(ctx) : commitStatusesPort(ctx)), ...lists };
}

/**
 * Every commit status of a commit, newest first ("The first status in the list will be the latest one"), with its
 * context: a persona's own (listStatuses) and, whatever this run's status-kind, what the board reads of each persona's.
 */
const all =
  ({ octokit, call, owner, repo }: Ctx) =>
  (sha: string) =>
    call(`list the commit statuses of ${sha.slice(0, 7)}`, async () => {
      const list = await octokit.paginate(octokit.rest.repos.listCommitStatusesForRef, {
        owner,
        repo,
        ref: sha,
        per_page: 100,
      });
      return list.map((s) => ({
        id: s.id,
        context: s.context,
        state: s.state,
        creator: s.creator?.login ?? null,
        description: s.description ?? '',
        targetUrl: s.target_url ?? null,
      }));
    });

/**
 * Every check run of a commit (filter all: each run, not only each name's latest), newest created first — GitHub
 * documents no order, and ids grow with creation. Read as a status: success passes; a completed run that does not pass
 * as this action writes pending (action_required), or one still in progress, is pending; any other conclusion fails.
 * Its title is the status's description (the action writes the same words to both), its App the creator (slug[bot]).
 * Only evidence that a run stands, never proof that none does: past 1000 check suites on a commit GitHub lists the
 * newest 1000 suites' runs, and anyone who can start workflows there adds suites (see checkRunsPort).
 */
const runs =
  ({ octokit, call, owner, repo }: Ctx) =>
  (sha: string, name?: string) =>
    call(`list the check runs of ${sha.slice(0, 7)}`, async () => {
      const list = await octokit.paginate(octokit.rest.checks.listForRef, {
        owner,
        repo,
        ref: sha,
        filter: 'all',
        per_page: 100,
        ...(name ? { check_name: name } : {}),
      });
      return list
        .map((r) => ({
          id: r.id,
          context: r.name,
          state:
            r.conclusion === 'success'
              ? 'success'
              : r.conclusion === 'action_required' || r.status !== 'completed'
                ? 'pending'
                : 'failure',
          creator: r.app?.slug ? `${r.app.slug}[bot]` : null,
          description: r.output?.title ?? '',
          targetUrl: r.details_url ?? null,
        }))
        .sort((a, b) => b.id - a.id);
    });

function commitStatusesPort(ctx: Ctx): Pick<GitHubPort, 'createStatus' | 'listStatuses'> {
  const { octokit, call, owner, repo } = ctx;
  return {
    createStatus: (sha, s) =>
      call(`set commit status ${s.context} on ${sha.slice(0, 7)}`, async () => {
        const status = { state: s.state, description: s.description, context: s.context, target_url: s.targetUrl };
        await octokit.rest.repos.createCommitStatus({ owner, repo, sha, ...status });
      }),
    listStatuses: async (sha, context) =>
      (await all(ctx)(sha)).filter((s) => s.context === context).map(({ context: _c, ...s }) => s),
  };
}

/**
 * A check run per write. Pending is a completed run that does not pass (action_required, "priya is reviewing …"), not
 * an in-progress one: GitHub does not document which of several runs of a name a required check reads — the newest
 * created, or the newest completed — and a completed run that fails blocks either way, until the verdict's run.
 * Runs are not read back as this run's statuses: GitHub lists only the runs of a commit's newest 1000 check suites,
 * which anyone who can start workflows can push past, so an empty list proves nothing. The listing fails closed
 * instead: the core then writes pending whenever it decides to review again. The runs are listed (listCheckRuns) only
 * where a run found can only hold a verdict back (own-runs.ts, the board).
 */
function checkRunsPort({ octokit, call, owner, repo }: Ctx): Pick<GitHubPort, 'createStatus' | 'listStatuses'> {
  return {
    createStatus: (sha, s) =>
      call(`create check run ${s.context} on ${sha.slice(0, 7)}`, async () => {
        await octokit.rest.checks.create({
          owner,
          repo,
          name: s.context,
          head_sha: sha,
          details_url: s.targetUrl,
          conclusion: s.state === 'pending' ? 'action_required' : s.state,
          output: { title: s.description, summary: s.description },
        });
      }),
    listStatuses: (sha) =>
      Promise.reject(
        new ApiError(
          null,
          'invalid',
          'http',
          `the check runs of ${sha.slice(0, 7)} are not read back (see statuses.ts)`,
        ),
      ),
  };
}
