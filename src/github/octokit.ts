// The Octokit implementation of the port, assembled from one transport (client.ts) and
// the port groups: pull requests, commits, identity here; reviews and comments in
// reviews.ts; the gate's status (commit status or check run) in statuses.ts; repository
// settings in settings.ts.
import type { PullFacts } from '../core/decide.js';
import { buildOctokit, caller, sleeper, type ClientOptions, type Ctx } from './client.js';
import type { GitHubPort, SettingsPort } from './port.js';
import { commentsPort, pullReadsPort, reviewsPort } from './reviews.js';
import { settingsPort } from './settings.js';
import { statusesPort } from './statuses.js';

export type { ClientOptions } from './client.js';

export function createClient(o: ClientOptions): GitHubPort & SettingsPort {
  const octokit = buildOctokit(o);
  const ctx: Ctx = { octokit, call: caller(o), owner: o.owner, repo: o.repo };
  return {
    ...pullsPort(ctx),
    ...statusesPort(ctx, o.statusKind ?? 'commit'),
    ...commitsPort(ctx),
    ...identityPort(ctx),
    ...reviewsPort(ctx),
    ...pullReadsPort(ctx),
    ...commentsPort(ctx),
    pause: sleeper(o),
    ...settingsPort(ctx),
  };
}

function pullsPort({ octokit, call, owner, repo }: Ctx) {
  return {
    getPull: (pullNumber) =>
      call(`GET pull request #${pullNumber}`, async () => {
        const { data } = await octokit.rest.pulls.get({ owner, repo, pull_number: pullNumber });
        return {
          number: data.number,
          state: data.state,
          merged: Boolean(data.merged),
          draft: Boolean(data.draft),
          headSha: data.head.sha,
          baseSha: data.base.sha,
          baseRef: data.base.ref,
          author: data.user?.login ?? null,
          changedFiles: data.changed_files,
        } satisfies PullFacts;
      }),
    listPullsByHead: (headOwner, branch) =>
      call(`list open pull requests from ${headOwner}:${branch}`, async () => {
        const all = await octokit.paginate(octokit.rest.pulls.list, {
          owner,
          repo,
          state: 'open',
          head: `${headOwner}:${branch}`,
          per_page: 100,
        });
        return all.map((p) => ({ number: p.number, headSha: p.head.sha, headRepo: p.head.repo?.full_name ?? null }));
      }),
    listOpenPullsWithHead: (sha) =>
      // every open PR, filtered by head: GitHub's commits/{sha}/pulls leaves out a head that is only in a fork
      call(`list the open pull requests whose head is ${sha.slice(0, 7)}`, async () => {
        const all = await octokit.paginate(octokit.rest.pulls.list, { owner, repo, state: 'open', per_page: 100 });
        return all.filter((p) => p.head.sha === sha).map((p) => ({ number: p.number, baseRef: p.base.ref }));
      }),
  } satisfies Partial<GitHubPort>;
}

function commitsPort({ octokit, call, owner, repo }: Ctx) {
  return {
    getTree: (sha) =>
      call(
        `GET commit ${sha.slice(0, 7)}`,
        async () => (await octokit.rest.git.getCommit({ owner, repo, commit_sha: sha })).data.tree.sha as string | null,
        (status) => ([403, 404, 409, 422].includes(status) ? null : undefined),
      ),
    compareFiles: (base, head) =>
      call(
        `compare ${base.slice(0, 7)}...${head.slice(0, 7)}`,
        async () => {
          const basehead = `${base}...${head}`;
          const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
            owner,
            repo,
            basehead,
            per_page: 1,
            page: 1,
          });
          return (data.files ?? []).map((f) => ({
            filename: f.filename,
            status: f.status,
            previous_filename: f.previous_filename,
            patch: f.patch,
          }));
        },
        (status) =>
          status > 0 && status < 500 && status !== 401 && status !== 403 && status !== 429 ? null : undefined,
      ),
    compareDiff: (base, head) =>
      call(`diff ${base.slice(0, 7)}...${head.slice(0, 7)}`, async () => {
        const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
          owner,
          repo,
          basehead: `${base}...${head}`,
          mediaType: { format: 'diff' },
        });
        // mediaType diff: the answer is the diff's text, whatever the JSON type says
        if (typeof data !== 'string') throw new Error('GitHub answered the diff request with JSON, not a diff');
        return data;
      }),
  } satisfies Partial<GitHubPort>;
}

function identityPort({ octokit, call }: Ctx) {
  return {
    getUserLogin: () =>
      call(
        'GET /user',
        async () => (await octokit.rest.users.getAuthenticated()).data.login as string | null,
        (status) => (status === 403 || status === 404 ? null : undefined),
      ),
    getViewerLogin: () =>
      call(
        'GraphQL viewer',
        async () =>
          (await octokit.graphql<{ viewer: { login: string } }>('query { viewer { login } }')).viewer?.login ?? null,
        () => null, // GraphQL refusals (errors in the answer, 401/403) mean "cannot say"
      ),
  } satisfies Partial<GitHubPort>;
}

/** Which reviews were edited after they were posted: REST does not say, GraphQL does. */
