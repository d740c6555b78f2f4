// The Octokit implementation of the port: throttling (retry-after, x-ratelimit-reset,
// spaced writes), retries for idempotent requests only, per-request time limits.
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
  /** Longest rate-limit wait we accept before failing with a clear error. */
  maxRateLimitWaitSeconds: number;
  warn: (message: string) => void;
}

type Octo = ReturnType<typeof getOctokit>;

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
  const octokit: Octo = getOctokit(
    o.token,
    {
      retry: { retries: 2, doNotRetry: [400, 401, 403, 404, 410, 422, 451, 429] },
      throttle: { onRateLimit: limitNote('primary'), onSecondaryRateLimit: limitNote('secondary') },
      log: { debug: () => {}, info: () => {}, warn: (m: string) => o.warn(redact(String(m))), error: () => {} },
    },
    retry,
    throttling,
  );
  const { owner, repo } = o;
  const req = (extra: Record<string, unknown> = {}) => ({ request: { signal: AbortSignal.timeout(o.requestTimeoutMs), ...extra } });

  const fail = (operation: string, e: unknown): never => {
    const err = e as { status?: number; message?: string; response?: { data?: unknown }; name?: string };
    const status = typeof err.status === 'number' && err.status >= 100 && !isTransport(err) ? err.status : null;
    let detail = String(err.message ?? e);
    const data = err.response?.data as { message?: string; errors?: unknown[] } | undefined;
    if (data && typeof data === 'object') {
      const extra = Array.isArray(data.errors) ? data.errors.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join('; ') : '';
      detail = [data.message, extra].filter(Boolean).join(': ') || detail;
    }
    detail = redact(detail).slice(0, 500);
    let advice = '';
    if (status === 401) advice = 'the token was rejected (expired, revoked or malformed): check the secret passed as github-token';
    else if (status === 403 && /rate limit/i.test(detail)) advice = 'GitHub rate-limited this token: re-run later or space the persona jobs';
    else if (status === 403) advice = 'the token lacks permission: it needs pull-requests: write (and contents: read) on this repository';
    else if (status === 404) advice = 'not found, or the token cannot see it: check the repository, the PR number and that the token has access';
    else if (status === 422) advice = ADVICE_422.find(([re]) => re.test(detail))?.[1] ?? '';
    else if (status === null) advice = `no answer from GitHub (${/abort|timeout/i.test(detail) ? `timed out after ${o.requestTimeoutMs / 1000}s` : 'connection failed'})`;
    else if (status >= 500) advice = 'GitHub failed (server error): re-run the job';
    throw new ApiError(operation, status, `${operation} failed${status ? ` (HTTP ${status})` : ''}: ${detail}`, advice);
  };

  return {
    async getPull(pullNumber) {
      try {
        const { data } = await octokit.rest.pulls.get({ owner, repo, pull_number: pullNumber, ...req() });
        return { number: data.number, state: data.state, merged: Boolean(data.merged), headSha: data.head.sha, htmlUrl: data.html_url } satisfies PullFacts;
      } catch (e) {
        return fail(`GET pull request #${pullNumber}`, e);
      }
    },
    async getTree(sha) {
      try {
        const { data } = await octokit.rest.git.getCommit({ owner, repo, commit_sha: sha, ...req() });
        return data.tree.sha;
      } catch (e) {
        const status = (e as { status?: number }).status;
        if (status === 404 || status === 409 || status === 422 || status === 403) return null;
        return fail(`GET commit ${sha.slice(0, 7)}`, e);
      }
    },
    async getUserLogin() {
      try {
        const { data } = await octokit.rest.users.getAuthenticated(req());
        return data.login;
      } catch (e) {
        const status = (e as { status?: number }).status;
        if (status === 403 || status === 404) return null;
        return fail('GET /user', e);
      }
    },
    async getViewerLogin() {
      try {
        const data = await octokit.graphql<{ viewer: { login: string } }>('query { viewer { login } }', req());
        return data.viewer?.login ?? null;
      } catch {
        return null;
      }
    },
    async listReviews(pullNumber) {
      try {
        const all = await octokit.paginate(octokit.rest.pulls.listReviews, { owner, repo, pull_number: pullNumber, per_page: 100, ...req() });
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
          ...req({ retries: 0 }), // never blindly retried: see SPEC §4 step 8
        });
        return toReview(data as RawReview);
      } catch (e) {
        return fail(`create review on #${pullNumber}`, e);
      }
    },
    async dismissReview(pullNumber, reviewId, message) {
      try {
        await octokit.rest.pulls.dismissReview({ owner, repo, pull_number: pullNumber, review_id: reviewId, message, event: 'DISMISS', ...req() });
        return 'dismissed';
      } catch (e) {
        const err = e as { status?: number; message?: string };
        if (err.status === 422 && /dismiss/i.test(String(err.message))) return 'already';
        return fail(`dismiss review ${reviewId}`, e);
      }
    },
    async listComments(issueNumber) {
      try {
        const all = await octokit.paginate(octokit.rest.issues.listComments, { owner, repo, issue_number: issueNumber, per_page: 100, ...req() });
        return all.map((c) => ({ id: c.id, login: c.user?.login ?? null, body: c.body ?? '', htmlUrl: c.html_url }) satisfies CommentFact);
      } catch (e) {
        return fail(`list comments of #${issueNumber}`, e);
      }
    },
    async createComment(issueNumber, body) {
      try {
        const { data: c } = await octokit.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body, ...req({ retries: 0 }) });
        return { id: c.id, login: c.user?.login ?? null, body: c.body ?? '', htmlUrl: c.html_url };
      } catch (e) {
        return fail(`comment on #${issueNumber}`, e);
      }
    },
    async updateComment(commentId, body) {
      try {
        const { data: c } = await octokit.rest.issues.updateComment({ owner, repo, comment_id: commentId, body, ...req() });
        return { id: c.id, login: c.user?.login ?? null, body: c.body ?? '', htmlUrl: c.html_url };
      } catch (e) {
        return fail(`update comment ${commentId}`, e);
      }
    },
  };
}

function isTransport(err: { status?: number; name?: string; message?: string }): boolean {
  // @octokit/request reports fetch failures (reset, abort) as status 500 with no response
  return err.status === 500 && !(err as { response?: unknown }).response;
}
