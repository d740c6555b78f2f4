// The Octokit implementation of the port: rate-limit waits (one layer, never past the
// run's deadline), spaced writes, retries for idempotent requests only, a time limit per
// attempt and a whole-run deadline; every request runs through one call() that
// translates its error.
import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import Bottleneck from 'bottleneck/light.js';
import type { PullFacts, ReviewFact } from '../core/decide.js';
import { rateLimitStop, rateLimitWait, type RateLimited } from '../core/waits.js';
import { DeadlineError, redactor, translate } from './errors.js';
import { ApiError, type BranchRuleFact, type CommentFact, type GitHubPort, type SettingsPort } from './port.js';

export interface ClientOptions {
  token: string;
  owner: string;
  repo: string;
  requestTimeoutMs: number;
  /** No request starts after this moment (epoch ms): the whole-run time limit. */
  deadline: number;
  /**
   * 1 in production. Below 1 only in the action's own tests (core/waits.ts parseTimeScale):
   * multiplies every wait the client sleeps; its decisions still use GitHub's figures.
   */
  timeScale: number;
  warn: (message: string) => void;
}

type Octo = ReturnType<typeof getOctokit>;
type Opts = { request?: Record<string, unknown> } & Record<string, unknown>;
type Hooked = {
  hook: {
    wrap: (name: 'request', fn: (request: (opts: Opts) => Promise<unknown>, opts: Opts) => Promise<unknown>) => void;
  };
};
/** Runs one request; `tolerate` maps GitHub refusals the caller treats as facts to a value. */
type Call = <T>(
  operation: string,
  fn: () => Promise<T>,
  tolerate?: (status: number, message: string) => T | undefined,
) => Promise<T>;
interface Ctx {
  octokit: Octo;
  call: Call;
  owner: string;
  repo: string;
}

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
const comment = (c: { id: number; user?: { login: string } | null; body?: string | null }): CommentFact => ({
  id: c.id,
  login: c.user?.login ?? null,
  body: c.body ?? '',
});
/** The one place the never-retry option is set (creates that are not idempotent). */
const once = { request: { retries: 0 } };
/** The run's one sleep: scaled (tests only), and never past the deadline. */
const sleeper =
  (o: ClientOptions) =>
  (ms: number): Promise<void> => {
    const until = Math.max(0, Math.min(ms * o.timeScale, o.deadline - Date.now()));
    return new Promise((resolve) => setTimeout(resolve, until));
  };

export function createClient(o: ClientOptions): GitHubPort & SettingsPort {
  const octokit = buildOctokit(o);
  const ctx: Ctx = { octokit, call: caller(o), owner: o.owner, repo: o.repo };
  return {
    ...pullsPort(ctx),
    ...commitsPort(ctx),
    ...identityPort(ctx),
    ...reviewsPort(ctx),
    ...commentsPort(ctx),
    pause: sleeper(o),
    ...settingsPort(ctx),
  };
}

function buildOctokit(o: ClientOptions): Octo {
  const redact = redactor(o.token);
  // Registered before retry and throttling, so it wraps each attempt (theirs included):
  // every attempt gets its own time limit, and none starts after the run's deadline.
  const timeLimits = (oc: Hooked) => {
    oc.hook.wrap('request', (request, opts) => {
      const left = o.deadline - Date.now();
      if (left <= 0) throw new DeadlineError();
      // before-after-hook binds the options object to the inner hooks: mutate it, do not replace it
      opts.request = { ...opts.request, signal: AbortSignal.timeout(Math.min(o.requestTimeoutMs, left)) };
      return request(opts);
    });
  };
  // The throttling plugin spaces writes and caps concurrent requests; it never waits on a rate
  // limit: call() decides every such wait. Its spacing is GitHub's advice for content creation
  // (one write at a time, a second apart; three between writes that notify), restated here
  // only so that the test clock shortens it too — the one reason for the bottleneck dependency.
  const noWait = () => false;
  const spaced = (id: string, ms: number) =>
    new Bottleneck.Group({ id: `persona-verdict-${id}`, maxConcurrent: 1, minTime: ms * o.timeScale });
  return getOctokit(
    o.token,
    {
      // transient failures of idempotent requests: back-off 1 s then 4 s (scaled in tests)
      retry: {
        retries: 2,
        doNotRetry: [400, 401, 403, 404, 410, 422, 451, 429],
        retryAfterBaseValue: 1000 * o.timeScale,
      },
      throttle: {
        onRateLimit: noWait,
        onSecondaryRateLimit: noWait,
        write: spaced('write', 1000),
        notifications: spaced('notifications', 3000),
      },
      log: { debug: () => {}, info: () => {}, warn: (m: string) => o.warn(redact(String(m))), error: () => {} },
    },
    timeLimits as never,
    retry,
    throttling,
  );
}

/** The page number of Link rel="last"; 1 when there is none (a single page). */
export function lastPage(link: string | undefined): number {
  const m = /<([^>]+)>;\s*rel="last"/.exec(link ?? '');
  if (!m) return 1;
  const n = Number(new URL(m[1]!).searchParams.get('page'));
  return Number.isInteger(n) && n > 1 ? Math.min(n, 1000) : 1;
}

/**
 * The one wrapper every request runs through, and the one layer that waits on a rate
 * limit. GitHub's rule is that any 403 or 429 carrying retry-after means "wait that
 * long" (x-ratelimit-reset: until then): waited here, twice at most, and never past the
 * run's deadline — a wait that would pass it fails at once, saying what GitHub answered.
 */
function caller(o: ClientOptions): Call {
  const limits = { token: o.token, requestTimeoutMs: o.requestTimeoutMs, deadline: o.deadline };
  const sleep = sleeper(o);
  return async (operation, fn, tolerate) => {
    for (let waited = 0; ; waited++) {
      try {
        return await fn();
      } catch (e) {
        const err = e as { status?: number; message?: string; response?: { headers?: object }; errors?: unknown };
        // an answer from GitHub (a status, or GraphQL errors), never a transport failure
        if (tolerate && (err.response || err.errors)) {
          const v = tolerate(typeof err.status === 'number' ? err.status : 0, String(err.message ?? ''));
          if (v !== undefined) return v;
        }
        const error = translate(operation, e, limits);
        if (error.cls !== 'rate-limited' || error.status === null) throw error;
        const limited: RateLimited = {
          status: error.status,
          headers: (err.response?.headers ?? {}) as RateLimited['headers'],
          now: Date.now(),
          deadline: o.deadline,
          waited,
        };
        const d = rateLimitWait(limited);
        if (!d.wait) throw stopped(error, rateLimitStop(limited, d));
        o.warn(`${operation}: rate limited (HTTP ${error.status}), waiting ${d.seconds}s as GitHub asks`);
        await sleep(d.seconds * 1000);
      }
    }
  };
}

/** The rate-limited error, saying why the client does not wait for GitHub's limit. */
const stopped = (e: ApiError, why: string): ApiError =>
  new ApiError(e.status, e.cls, e.transport, `${e.message}; ${why}`, e.advice);

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
    createStatus: (sha, s) =>
      call(`set commit status ${s.context} on ${sha.slice(0, 7)}`, async () => {
        const status = { state: s.state, description: s.description, context: s.context, target_url: s.targetUrl };
        await octokit.rest.repos.createCommitStatus({ owner, repo, sha, ...status });
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
        return data as unknown as string;
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
const EDITS_QUERY = `query($owner: String!, $name: String!, $number: Int!, $after: String) {
  repository(owner: $owner, name: $name) {
    pullRequest(number: $number) {
      reviews(first: 100, after: $after) {
        nodes { fullDatabaseId lastEditedAt }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
}`;
type EditsPage = {
  repository: {
    pullRequest: {
      reviews: {
        nodes: Array<{ fullDatabaseId: string | null; lastEditedAt: string | null } | null>;
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
      };
    } | null;
  } | null;
};

async function editedReviews(octokit: Octo, owner: string, name: string, number: number): Promise<Set<number>> {
  const edited = new Set<number>();
  let after: string | null = null;
  for (let page = 0; page < 100; page++) {
    const data: EditsPage = await octokit.graphql<EditsPage>(EDITS_QUERY, { owner, name, number, after });
    const reviews = data.repository?.pullRequest?.reviews;
    if (!reviews) throw new Error(`GraphQL answered no pull request #${number}`);
    for (const n of reviews.nodes) if (n?.lastEditedAt && n.fullDatabaseId) edited.add(Number(n.fullDatabaseId));
    if (!reviews.pageInfo.hasNextPage) return edited;
    after = reviews.pageInfo.endCursor;
  }
  return edited;
}

/** Every review, all pages, each marked when GraphQL says it was edited after it was posted. */
async function allReviews(octokit: Octo, owner: string, repo: string, pullNumber: number): Promise<ReviewFact[]> {
  // the edit trace comes from GraphQL, read beside the REST pages; if it cannot be read, nothing counts
  const editsP = editedReviews(octokit, owner, repo, pullNumber);
  editsP.catch(() => undefined);
  const page = (n: number) =>
    octokit.rest.pulls.listReviews({ owner, repo, pull_number: pullNumber, per_page: 100, page: n });
  // the first page says how many there are (Link rel="last"); the rest are fetched at once
  const pages = [await page(1)];
  const last = lastPage(pages[0]!.headers.link);
  pages.push(...(await Promise.all(Array.from({ length: Math.max(0, last - 1) }, (_x, i) => page(i + 2)))));
  // no rel="last" but a rel="next": follow the links one by one
  while (last === 1 && /rel="next"/.test(pages.at(-1)!.headers.link ?? '')) pages.push(await page(pages.length + 1));
  const edited = await editsP;
  return pages.flatMap((r) => (r.data as RawReview[]).map((x) => ({ ...toReview(x), edited: edited.has(x.id) })));
}

function reviewsPort({ octokit, call, owner, repo }: Ctx) {
  return {
    listReviews: (pullNumber) =>
      call(`list reviews of #${pullNumber}`, () => allReviews(octokit, owner, repo, pullNumber)),
    createReview: (pullNumber, r) =>
      call(`create review on #${pullNumber}`, async () => {
        const review = {
          event: r.event,
          body: r.body,
          commit_id: r.commitId,
          ...(r.comments?.length ? { comments: r.comments } : {}),
        };
        // never blindly retried: after an ambiguous failure the caller looks before any retry
        const { data } = await octokit.rest.pulls.createReview({
          owner,
          repo,
          pull_number: pullNumber,
          ...review,
          ...once,
        });
        return toReview(data);
      }),
    listPullFiles: (pullNumber) =>
      call(`list files of #${pullNumber}`, async () => {
        const all = await octokit.paginate(octokit.rest.pulls.listFiles, {
          owner,
          repo,
          pull_number: pullNumber,
          per_page: 100,
        });
        return all.map((f) => ({ filename: f.filename, ...(typeof f.patch === 'string' ? { patch: f.patch } : {}) }));
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
  } satisfies Partial<GitHubPort>;
}

function commentsPort({ octokit, call, owner, repo }: Ctx) {
  return {
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
  } satisfies Partial<GitHubPort>;
}

/** 403 and 404 are how GitHub hides a setting from a token: a fact (cannot see), not an error. */
const hidden =
  <T>(v: T) =>
  (status: number) =>
    status === 403 || status === 404 ? v : undefined;

function settingsPort(ctx: Ctx): SettingsPort {
  return { ...rulesPort(ctx), ...accessPort(ctx) };
}

function rulesPort({ octokit, call, owner, repo }: Ctx) {
  return {
    getDefaultBranch: () =>
      call(
        'GET /repos/{owner}/{repo}',
        async () => (await octokit.rest.repos.get({ owner, repo })).data.default_branch,
      ),
    getBranchRules: (branch: string) =>
      call('GET branch rules', async () => {
        const rules = await octokit.paginate(octokit.rest.repos.getBranchRules, { owner, repo, branch, per_page: 100 });
        return rules satisfies BranchRuleFact[];
      }),
    getRuleset: (id: number) =>
      call(
        'GET ruleset',
        async () => {
          const r = (await octokit.rest.repos.getRepoRuleset({ owner, repo, ruleset_id: id })).data;
          const bypass = r.bypass_actors
            ? r.bypass_actors.map((a) => ({
                type: a.actor_type,
                id: a.actor_id ?? null,
                mode: a.bypass_mode ?? 'always',
              }))
            : null;
          return { name: r.name, bypass };
        },
        hidden(null),
      ),
    getBranch: (branch: string) =>
      call(
        'GET branch',
        async () => {
          const b = (await octokit.rest.repos.getBranch({ owner, repo, branch })).data;
          const p = b.protection;
          return {
            protected: b.protected,
            classic: p?.enabled ?? null,
            requiredChecks: p?.required_status_checks ?? null,
          };
        },
        (status) => (status === 404 ? null : undefined),
      ),
    getBranchProtection: (branch: string) =>
      call<{ protection: Record<string, unknown> } | { refused: number }>(
        'GET branch protection',
        async () => ({
          protection: (await octokit.rest.repos.getBranchProtection({ owner, repo, branch })).data,
        }),
        (status) => (status === 403 || status === 404 ? { refused: status } : undefined),
      ),
  } satisfies Partial<SettingsPort>;
}

function accessPort({ octokit, call, owner, repo }: Ctx) {
  return {
    getAppId: (slug: string) =>
      call(
        'GET /apps/{app_slug}',
        async () => (await octokit.rest.apps.getBySlug({ app_slug: slug })).data?.id ?? null,
        hidden(null),
      ),
    getPermission: (login: string) =>
      call(
        'GET collaborator permission',
        async () =>
          (await octokit.rest.repos.getCollaboratorPermissionLevel({ owner, repo, username: login })).data.permission,
        (status) => (status === 404 ? 'not-collaborator' : status === 403 ? null : undefined),
      ),
    listWorkflowFiles: (ref: string) =>
      call(
        'GET workflow files',
        async () => {
          const dir = (await octokit.rest.repos.getContent({ owner, repo, path: '.github/workflows', ref })).data;
          const files = (Array.isArray(dir) ? dir : []).filter((f) => f.type === 'file' && /\.ya?ml$/.test(f.name));
          return Promise.all(
            files.map(async (f) => {
              const c = (await octokit.rest.repos.getContent({ owner, repo, path: f.path, ref })).data;
              const text = 'content' in c && typeof c.content === 'string' ? c.content : '';
              return { path: f.path, text: Buffer.from(text, 'base64').toString('utf8') };
            }),
          );
        },
        // no .github/workflows at all is a fact (no workflow writes anything); 403 hides them
        (status) => (status === 404 ? [] : status === 403 ? null : undefined),
      ),
  } satisfies Partial<SettingsPort>;
}
