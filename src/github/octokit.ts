// The Octokit implementation of the port: throttling (retry-after, x-ratelimit-reset,
// spaced writes), retries for idempotent requests only, a time limit per attempt and a
// whole-run deadline, and GitHub errors translated into advice.
import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import type { PullFacts, ReviewFact } from '../core/decide.js';
import { classify, type ErrorClass } from '../core/errors.js';
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
  html_url: string;
}

const toReview = (r: RawReview): ReviewFact => ({
  id: r.id,
  login: r.user?.login ?? null,
  state: r.state,
  body: r.body,
  htmlUrl: r.html_url,
});

const ADVICE_422: Array<[RegExp, string]> = [
  [
    /approve your own pull request/i,
    'the token belongs to the PR author, who cannot approve their own PR: give the persona its own account and token',
  ],
  [
    /request changes on your own pull request/i,
    'the token belongs to the PR author, who cannot request changes on their own PR: give the persona its own account and token',
  ],
  [
    /not permitted to approve pull requests/i,
    'enable "Allow GitHub Actions to create and approve pull requests" (Settings → Actions → General), or post with a persona PAT',
  ],
  [/lock prevents review/i, 'the PR conversation is locked: unlock it, or review after the lock is lifted'],
  [/pending review/i, 'this account has a PENDING review on the PR: submit or delete it, then re-run'],
];

export function createClient(o: ClientOptions): GitHubPort {
  const redact = (s: string): string => (o.token ? s.split(o.token).join('***') : s);
  const limitNote =
    (kind: string) =>
    (retryAfter: number, options: { method?: string; url?: string }, _oc: unknown, retryCount: number): boolean => {
      if (retryAfter > o.maxRateLimitWaitSeconds || retryCount >= 2) {
        o.warn(
          `${kind} rate limit on ${options.method} ${options.url}: not waiting ${retryAfter}s (limit ${o.maxRateLimitWaitSeconds}s, attempt ${retryCount + 1})`,
        );
        return false;
      }
      o.warn(`${kind} rate limit on ${options.method} ${options.url}: waiting ${retryAfter}s as GitHub asks`);
      return true;
    };
  // Registered before retry and throttling, so it wraps each attempt (theirs included):
  // every attempt gets its own time limit, and none starts after the run's deadline.
  const timeLimits = (oc: {
    hook: {
      wrap: (name: 'request', fn: (request: (opts: Opts) => Promise<unknown>, opts: Opts) => Promise<unknown>) => void;
    };
  }) => {
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

  /** Translates a failed request into an ApiError with advice; classification is core/errors.ts. */
  const fail = (operation: string, e: unknown): ApiError => {
    if (e instanceof DeadlineError) {
      const advice = 'raise run-timeout-seconds, or re-run: a re-run never posts twice';
      return new ApiError(
        null,
        'deadline',
        'deadline',
        `${operation} was not sent: the run's time limit ran out`,
        advice,
      );
    }
    const err = e as {
      status?: number;
      message?: string;
      response?: { data?: unknown; headers?: Record<string, string> };
      name?: string;
    };
    const answered = Boolean(err.response);
    const status = answered && typeof err.status === 'number' ? err.status : null;
    let detail = String(err.message ?? e);
    const transport = answered
      ? 'http'
      : /abort|timeout|timed out/i.test(`${detail} ${err.name ?? ''}`)
        ? 'timeout'
        : 'network';
    const data = err.response?.data as { message?: string; errors?: unknown[] } | undefined;
    if (data && typeof data === 'object') {
      const extra = Array.isArray(data.errors)
        ? data.errors.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join('; ')
        : '';
      detail = [data.message, extra].filter(Boolean).join(': ') || detail;
    }
    detail = redact(detail).slice(0, 500);
    const headers = err.response?.headers ?? {};
    const cls = classify({ status, transport, detail, headers });
    const what = status ? ` (HTTP ${status})` : transport === 'timeout' ? ' (timed out)' : ' (no answer)';
    return new ApiError(
      status,
      cls,
      transport,
      `${operation} failed${what}: ${detail}`,
      adviceFor(cls, status, detail, headers),
    );
  };
  const adviceFor = (
    cls: ErrorClass,
    status: number | null,
    detail: string,
    headers: Record<string, string>,
  ): string => {
    switch (cls) {
      case 'rate-limited': {
        const reset = Number(headers['x-ratelimit-reset']);
        const until = reset ? ` (the limit resets at ${new Date(reset * 1000).toISOString()})` : '';
        return `GitHub rate-limited this token${until}: re-run later or space the persona jobs; a re-run never posts twice`;
      }
      case 'denied':
        return status === 401
          ? 'the token was rejected (expired, revoked or malformed): check the secret passed as github-token'
          : 'the token lacks permission: it needs pull-requests: write (and contents: read) on this repository';
      case 'not-found':
        return 'not found, or the token cannot see it: check the repository, the PR number and that the token has access';
      case 'invalid':
        return (
          ADVICE_422.find(([re]) => re.test(detail))?.[1] ??
          'GitHub refused the request as invalid (the message says why); if the PR changed meanwhile, re-run the job'
        );
      case 'timeout':
        return Date.now() >= o.deadline - 100
          ? "the run's time limit (run-timeout-seconds) ran out while waiting for GitHub: re-run the job, or raise the limit; a re-run never posts twice"
          : `no answer from GitHub within the time limit (${o.requestTimeoutMs / 1000}s per request, request-timeout-seconds): re-run the job; a re-run never posts twice`;
      case 'network':
        return 'the connection to GitHub failed: re-run the job; a re-run never posts twice';
      case 'server':
        return 'GitHub failed (server error): re-run the job';
      default:
        return '';
    }
  };
  /**
   * Runs one request. A failure becomes an ApiError, unless `tolerate` maps GitHub's
   * answer (status and message) to a value: the refusals a caller treats as facts.
   */
  const call = async <T>(
    operation: string,
    fn: () => Promise<T>,
    tolerate?: (status: number, message: string) => T | undefined,
  ): Promise<T> => {
    try {
      return await fn();
    } catch (e) {
      const err = e as { status?: number; message?: string; response?: unknown };
      if (tolerate && err.response && typeof err.status === 'number') {
        const v = tolerate(err.status, String(err.message ?? ''));
        if (v !== undefined) return v;
      }
      throw fail(operation, e);
    }
  };
  const comment = (c: { id: number; user?: { login: string } | null; body?: string | null }): CommentFact => ({
    id: c.id,
    login: c.user?.login ?? null,
    body: c.body ?? '',
  });

  return {
    getPull: (pullNumber) =>
      call(`GET pull request #${pullNumber}`, async () => {
        const { data } = await octokit.rest.pulls.get({ owner, repo, pull_number: pullNumber });
        return {
          number: data.number,
          state: data.state,
          merged: Boolean(data.merged),
          headSha: data.head.sha,
          baseSha: data.base.sha,
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
        (status) => (status < 500 && status !== 401 && status !== 403 && status !== 429 ? null : undefined),
      ),
    compareDiff: (base, head) =>
      call(`diff ${base.slice(0, 7)}...${head.slice(0, 7)}`, async () => {
        const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
          owner,
          repo,
          basehead: `${base}...${head}`,
          mediaType: { format: 'diff' },
        });
        return data as unknown as string;
      }),
    getUserLogin: () =>
      call(
        'GET /user',
        async () => (await octokit.rest.users.getAuthenticated()).data.login as string | null,
        (status) => (status === 403 || status === 404 ? null : undefined),
      ),
    getViewerLogin: async () => {
      try {
        const data = await octokit.graphql<{ viewer: { login: string } }>('query { viewer { login } }');
        return data.viewer?.login ?? null;
      } catch (e) {
        // GraphQL refusals (errors in the answer, 401/403) mean "cannot say"; no answer at all is an API failure
        if ((e as { response?: unknown }).response || (e as { errors?: unknown }).errors) return null;
        throw fail('GraphQL viewer', e);
      }
    },
    listReviews: (pullNumber) =>
      call(`list reviews of #${pullNumber}`, async () => {
        const all = await octokit.paginate(octokit.rest.pulls.listReviews, {
          owner,
          repo,
          pull_number: pullNumber,
          per_page: 100,
        });
        return (all as RawReview[]).map(toReview);
      }),
    createReview: (pullNumber, r) =>
      call(`create review on #${pullNumber}`, async () => {
        const review = { event: r.event, body: r.body, commit_id: r.commitId };
        // never blindly retried: after an ambiguous failure the caller looks before any retry
        const { data } = await octokit.rest.pulls.createReview({
          owner,
          repo,
          pull_number: pullNumber,
          ...review,
          ...once,
        });
        return toReview(data as RawReview);
      }),
    dismissReview: (pullNumber, reviewId, message) =>
      call(
        `dismiss review ${reviewId}`,
        async () => {
          await octokit.rest.pulls.dismissReview({
            owner,
            repo,
            pull_number: pullNumber,
            review_id: reviewId,
            message,
            event: 'DISMISS',
          });
          return 'dismissed' as const;
        },
        (status, msg) => (status === 422 && /dismissed/i.test(msg) ? ('already' as const) : undefined),
      ),
    createStatus: (sha, s) =>
      call(`set commit status ${s.context} on ${sha.slice(0, 7)}`, async () => {
        const status = { state: s.state, description: s.description, context: s.context, target_url: s.targetUrl };
        await octokit.rest.repos.createCommitStatus({ owner, repo, sha, ...status });
      }),
    listComments: (issueNumber) =>
      call(`list comments of #${issueNumber}`, async () => {
        const all = await octokit.paginate(octokit.rest.issues.listComments, {
          owner,
          repo,
          issue_number: issueNumber,
          per_page: 100,
        });
        return all.map(comment);
      }),
    createComment: (issueNumber, body) =>
      call(`comment on #${issueNumber}`, async () =>
        comment(
          (await octokit.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body, ...once })).data,
        ),
      ),
    updateComment: (commentId, body) =>
      call(`update comment ${commentId}`, async () =>
        comment((await octokit.rest.issues.updateComment({ owner, repo, comment_id: commentId, body })).data),
      ),
    deleteComment: (commentId) =>
      call(
        `delete comment ${commentId}`,
        async () => {
          await octokit.rest.issues.deleteComment({ owner, repo, comment_id: commentId });
          return 'deleted' as const;
        },
        (status) => (status === 404 ? ('gone' as const) : undefined),
      ),
  };
}

class DeadlineError extends Error {}
