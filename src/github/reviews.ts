// Reviews and issue comments: the review listing joins GitHub's REST pages with the
// GraphQL edit trace (an edited review never counts), creates are never re-sent.
import type { ReviewFact } from '../core/decide.js';
import { lastPage, once, type Ctx, type Octo } from './client.js';
import type { CommentFact, GitHubPort } from './port.js';

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

/** Pages read after the last one Link rel="last" named, one by one (a bound, far above any real PR). */
const MAX_PAGES = 1000;

/**
 * Every review, all pages, each marked when GraphQL says it was edited after it was posted.
 * Pages 2..N are read at once, N from page 1's Link rel="last". A review created meanwhile
 * lands at the end of the listing (submitted reviews are never deleted, so nothing moves
 * between pages): if page N was full, it starts page N+1, which page 1 did not name. Page N's
 * own answer is read after the create it could have missed began, and its Link names any page
 * after it, so the rel="next" links are followed from page N until there are none. A review
 * created after page N's answer is one the listing could never include, read in any order.
 */
export async function allReviews(
  octokit: Octo,
  owner: string,
  repo: string,
  pullNumber: number,
): Promise<ReviewFact[]> {
  // the edit trace comes from GraphQL, read beside the REST pages; if it cannot be read, nothing counts
  const editsP = editedReviews(octokit, owner, repo, pullNumber);
  editsP.catch(() => undefined);
  const page = (n: number) =>
    octokit.rest.pulls.listReviews({ owner, repo, pull_number: pullNumber, per_page: 100, page: n });
  const pages = [await page(1)];
  const last = lastPage(pages[0]!.headers.link);
  pages.push(...(await Promise.all(Array.from({ length: Math.max(0, last - 1) }, (_x, i) => page(i + 2)))));
  // pages after the last one page 1 named (created meanwhile), or no rel="last" at all: follow rel="next"
  while (pages.length < MAX_PAGES && /rel="next"/.test(pages.at(-1)!.headers.link ?? ''))
    pages.push(await page(pages.length + 1));
  const edited = await editsP;
  return pages.flatMap((r) => r.data.map((x) => ({ ...toReview(x), edited: edited.has(x.id) })));
}

export function reviewsPort({ octokit, call, owner, repo }: Ctx) {
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
        return all.map((f) => ({
          filename: f.filename,
          status: f.status,
          ...(f.previous_filename ? { previous_filename: f.previous_filename } : {}),
          ...(typeof f.patch === 'string' ? { patch: f.patch } : {}),
        }));
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

export function commentsPort({ octokit, call, owner, repo }: Ctx) {
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
