// The Octokit implementation of the port: throttling (retry-after, x-ratelimit-reset,
// spaced writes), retries for idempotent requests only, a time limit per attempt and a
// whole-run deadline, and GitHub errors translated into advice.
import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import type { PullFacts, ReviewFact } from '../core/decide.js';
import { ApiError, type CommentFact, type GitHubPort } from './port.js';

export interface ClientOptions {
  token: string;
  owner: string;
  repo: string;
  requestTimeoutMs: number;
  /** No request starts after this moment (epoch ms): the whole-run time limit. */
  deadline: number;
  /** Longest rate-limit wait we accept before failing with a clear error. */
  maxRateLimitWaitSeconds: number;
  warn: (message: string) => void;
}

type Octo = ReturnType<typeof getOctokit>;
type Opts = { request?: Record<string, unknown> } & Record<string, unknown>;

interface RawReview {
  id: number;
  user: { login: string } | null;
  state: string;
  body: string | null;
  commit_id: string | null;
  submitted_at?: string | null;
  html_url: string;
}

const toReview = (r: RawReview): ReviewFact => ({
  id: r.id,
  login: r.user?.login ?? null,
  state: r.state,
  body: r.body,
  commitId: r.commit_id,
  submittedAt: r.submitted_at ?? null,
  htmlUrl: r.html_url,
});

const ADVICE_422: Array<[RegExp, string]> = [
  [/approve your own pull request/i, 'the token belongs to the PR author, who cannot approve their own PR: give the persona its own account and token'],
  [/request changes on your own pull request/i, 'the token belongs to the PR author, who cannot request changes on their own PR: give the persona its own account and token'],
  [/not permitted to approve pull requests/i, 'enable "Allow GitHub Actions to create and approve pull requests" (Settings → Actions → General), or post with a persona PAT'],
  [/lock prevents review/i, 'the PR conversation is locked: unlock it, or review after the lock is lifted'],
  [/pending review/i, 'this account has a PENDING review on the PR: submit or delete it, then re-run'],
];

export function createClient(o: ClientOptions): GitHubPort {
  const redact = (s: string): string => (o.token ? s.split(o.token).join('***') : s);
  const limitNote = (kind: string) => (retryAfter: number, options: { method?: string; url?: string }, _oc: unknown, retryCount: number): boolean => {
    if (retryAfter > o.maxRateLimitWaitSeconds || retryCount >= 2) {
      o.warn(`${kind} rate limit on ${options.method} ${options.url}: not waiting ${retryAfter}s (limit ${o.maxRateLimitWaitSeconds}s, attempt ${retryCount + 1})`);
      return false;
    }
    o.warn(`${kind} rate limit on ${options.method} ${options.url}: waiting ${retryAfter}s as GitHub asks`);
    return true;
  };
  // Registered before retry and throttling, so it wraps each attempt (theirs included):
  // every attempt gets its own time limit, and none starts after the run's deadline.
  const timeLimits = (oc: { hook: { wrap: (name: 'request', fn: (request: (opts: Opts) => Promise<unknown>, opts: Opts) => Promise<unknown>) => void } }) => {
    oc.hook.wrap('request', (request, opts) => {
      const left = o.deadline - Date.now();
      if (left <= 0) throw new DeadlineError();
      // before-after-hook binds the options object to the inner hooks: mutate it, do not replace it
      opts.request = { ...opts.request, signal: AbortSignal.timeout(Math.min(o.requestTimeoutMs, left)) };
      return request(opts);
    });
  };
  const octokit: Octo = getOctokit(
    o.token,
    {
      retry: { retries: 2, doNotRetry: [400, 401, 403, 404, 410, 422, 451, 429] },
      throttle: { onRateLimit: limitNote('primary'), onSecondaryRateLimit: limitNote('secondary') },
      log: { debug: () => {}, info: () => {}, warn: (m: string) => o.warn(redact(String(m))), error: () => {} },
    },
    timeLimits as never,
    retry,
    throttling,
  );
  const { owner, repo } = o;
  /** The one place the never-retry option is set (creates that are not idempotent). */
  const once = { request: { retries: 0 } };

  const fail = (operation: string, e: unknown): never => {
    if (e instanceof DeadlineError) {
      throw new ApiError(operation, null, `${operation} was not sent: the run's time limit ran out`, 'raise run-timeout-seconds, or re-run: a re-run never posts twice', 'deadline');
    }
    const err = e as { status?: number; message?: string; response?: { data?: unknown; headers?: Record<string, string> }; name?: string };
    const transport = !err.response;
    const status = transport ? null : typeof err.status === 'number' ? err.status : null;
    let detail = String(err.message ?? e);
    const kind = !transport ? 'http' : /abort|timeout|timed out/i.test(`${detail} ${err.name ?? ''}`) ? 'timeout' : 'network';
    const data = err.response?.data as { message?: string; errors?: unknown[] } | undefined;
    if (data && typeof data === 'object') {
      const extra = Array.isArray(data.errors) ? data.errors.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join('; ') : '';
      detail = [data.message, extra].filter(Boolean).join(': ') || detail;
    }
    detail = redact(detail).slice(0, 500);
    let advice = '';
    if (status === 401) advice = 'the token was rejected (expired, revoked or malformed): check the secret passed as github-token';
    else if ((status === 403 || status === 429) && /rate limit/i.test(detail)) {
      const reset = Number(err.response?.headers?.['x-ratelimit-reset']);
      const until = reset ? ` (the limit resets at ${new Date(reset * 1000).toISOString()})` : '';
      advice = `GitHub rate-limited this token${until}: re-run later or space the persona jobs; a re-run never posts twice`;
    }
    else if (status === 403) advice = 'the token lacks permission: it needs pull-requests: write (and contents: read) on this repository';
    else if (status === 404) advice = 'not found, or the token cannot see it: check the repository, the PR number and that the token has access';
    else if (status === 422) advice = ADVICE_422.find(([re]) => re.test(detail))?.[1] ?? 'GitHub refused the request as invalid (the message says why); if the PR changed meanwhile, re-run the job';
    else if (kind === 'timeout' && Date.now() >= o.deadline - 100) advice = "the run's time limit (run-timeout-seconds) ran out while waiting for GitHub: re-run the job, or raise the limit; a re-run never posts twice";
    else if (kind === 'timeout') advice = `no answer from GitHub within the time limit (${o.requestTimeoutMs / 1000}s per request, request-timeout-seconds): re-run the job; a re-run never posts twice`;
    else if (kind === 'network') advice = 'the connection to GitHub failed: re-run the job; a re-run never posts twice';
    else if (status !== null && status >= 500) advice = 'GitHub failed (server error): re-run the job';
    const what = status ? ` (HTTP ${status})` : kind === 'timeout' ? ' (timed out)' : ' (no answer)';
    throw new ApiError(operation, status, `${operation} failed${what}: ${detail}`, advice, kind);
  };

  return {
    async getPull(pullNumber) {
      try {
        const { data } = await octokit.rest.pulls.get({ owner, repo, pull_number: pullNumber });
        return {
          number: data.number,
          state: data.state,
          merged: Boolean(data.merged),
          headSha: data.head.sha,
          baseSha: data.base.sha,
          htmlUrl: data.html_url,
        } satisfies PullFacts;
      } catch (e) {
        return fail(`GET pull request #${pullNumber}`, e);
      }
    },
    async getTree(sha) {
      try {
        const { data } = await octokit.rest.git.getCommit({ owner, repo, commit_sha: sha });
        return data.tree.sha;
      } catch (e) {
        const { status, response } = e as { status?: number; response?: unknown };
        if (response && (status === 404 || status === 409 || status === 422 || status === 403)) return null;
        return fail(`GET commit ${sha.slice(0, 7)}`, e);
      }
    },
    async compareFiles(base, head) {
      try {
        const { data } = await octokit.rest.repos.compareCommitsWithBasehead({ owner, repo, basehead: `${base}...${head}`, per_page: 1, page: 1 });
        return (data.files ?? []).map((f) => ({ filename: f.filename, status: f.status, previous_filename: f.previous_filename, patch: f.patch }));
      } catch (e) {
        const { status, response } = e as { status?: number; response?: unknown };
        if (response && status !== undefined && status < 500 && status !== 401 && status !== 429) return null;
        return fail(`compare ${base.slice(0, 7)}...${head.slice(0, 7)}`, e);
      }
    },
    async getUserLogin() {
      try {
        const { data } = await octokit.rest.users.getAuthenticated();
        return data.login;
      } catch (e) {
        const { status, response } = e as { status?: number; response?: unknown };
        if (response && (status === 403 || status === 404)) return null;
        return fail('GET /user', e);
      }
    },
    async getViewerLogin() {
      try {
        const data = await octokit.graphql<{ viewer: { login: string } }>('query { viewer { login } }');
        return data.viewer?.login ?? null;
      } catch (e) {
        // GraphQL refusals (errors in the answer, 401/403) mean "cannot say"; no answer at all is an API failure
        if ((e as { response?: unknown; errors?: unknown }).response || (e as { errors?: unknown }).errors) return null;
        return fail('GraphQL viewer', e);
      }
    },
    async listReviews(pullNumber) {
      try {
        const all = await octokit.paginate(octokit.rest.pulls.listReviews, { owner, repo, pull_number: pullNumber, per_page: 100 });
        return (all as RawReview[]).map(toReview);
      } catch (e) {
        return fail(`list reviews of #${pullNumber}`, e);
      }
    },
    async createReview(pullNumber, r) {
      try {
        const { data } = await octokit.rest.pulls.createReview({
          owner,
          repo,
          pull_number: pullNumber,
          event: r.event,
          body: r.body,
          commit_id: r.commitId,
          ...once, // never blindly retried: see SPEC §4 step 8
        });
        return toReview(data as RawReview);
      } catch (e) {
        return fail(`create review on #${pullNumber}`, e);
      }
    },
    async dismissReview(pullNumber, reviewId, message) {
      try {
        await octokit.rest.pulls.dismissReview({ owner, repo, pull_number: pullNumber, review_id: reviewId, message, event: 'DISMISS' });
        return 'dismissed';
      } catch (e) {
        const err = e as { status?: number; message?: string; response?: unknown };
        if (err.response && err.status === 422 && /dismissed/i.test(String(err.message))) return 'already';
        return fail(`dismiss review ${reviewId}`, e);
      }
    },
    async listComments(issueNumber) {
      try {
        const all = await octokit.paginate(octokit.rest.issues.listComments, { owner, repo, issue_number: issueNumber, per_page: 100 });
        return all.map((c) => ({ id: c.id, login: c.user?.login ?? null, body: c.body ?? '', htmlUrl: c.html_url }) satisfies CommentFact);
      } catch (e) {
        return fail(`list comments of #${issueNumber}`, e);
      }
    },
    async createComment(issueNumber, body) {
      try {
        const { data: c } = await octokit.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body, ...once });
        return { id: c.id, login: c.user?.login ?? null, body: c.body ?? '', htmlUrl: c.html_url };
      } catch (e) {
        return fail(`comment on #${issueNumber}`, e);
      }
    },
    async updateComment(commentId, body) {
      try {
        const { data: c } = await octokit.rest.issues.updateComment({ owner, repo, comment_id: commentId, body });
        return { id: c.id, login: c.user?.login ?? null, body: c.body ?? '', htmlUrl: c.html_url };
      } catch (e) {
        return fail(`update comment ${commentId}`, e);
      }
    },
    async deleteComment(commentId) {
      try {
        await octokit.rest.issues.deleteComment({ owner, repo, comment_id: commentId });
        return 'deleted';
      } catch (e) {
        const { status, response } = e as { status?: number; response?: unknown };
        if (response && status === 404) return 'gone';
        return fail(`delete comment ${commentId}`, e);
      }
    },
  };
}

class DeadlineError extends Error {}
