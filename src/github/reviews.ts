// Reviews and issue comments: the review listing joins GitHub's REST pages with the
// GraphQL edit trace (an edited review never counts), creates are never re-sent.
import type { ReviewFact } from '../core/decide.js';
import type { DismissalEvent } from '../core/restamp.js';
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

/**
 * Which reviews GitHub's GraphQL lists for the PR, each with whether its body was edited after
 * it was posted. More pages than the bound fails: a partial trace would read as "not edited".
 */
async function editTrace(octokit: Octo, owner: string, name: string, number: number): Promise<Map<number, boolean>> {
  const trace = new Map<number, boolean>();
  let after: string | null = null;
  for (let page = 0; page < 100; page++) {
    const data: EditsPage = await octokit.graphql<EditsPage>(EDITS_QUERY, { owner, name, number, after });
    const reviews = data.repository?.pullRequest?.reviews;
    if (!reviews) throw new Error(`GraphQL answered no pull request #${number}`);
    for (const n of reviews.nodes) if (n?.fullDatabaseId) trace.set(Number(n.fullDatabaseId), !!n.lastEditedAt);
    if (!reviews.pageInfo.hasNextPage) return trace;
    after = reviews.pageInfo.endCursor;
  }
  throw new Error(`GraphQL lists more than 10,000 reviews on #${number}: their edits cannot all be read`);
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
  const page = (n: number) =>
    octokit.rest.pulls.listReviews({ owner, repo, pull_number: pullNumber, per_page: 100, page: n });
  const pages = [await page(1)];
  const last = lastPage(pages[0]!.headers.link);
  pages.push(...(await Promise.all(Array.from({ length: Math.max(0, last - 1) }, (_x, i) => page(i + 2)))));
  // pages after the last one page 1 named (created meanwhile), or no rel="last" at all: follow rel="next"
  while (pages.length < MAX_PAGES && /rel="next"/.test(pages.at(-1)!.headers.link ?? ''))
    pages.push(await page(pages.length + 1));
  // the edit trace comes from GraphQL, read after the REST pages: an edit saved before a page's
  // text was read shows in the trace. A review the trace does not list has no known history and
  // counts as edited (it can never stand); if the trace cannot be read, the listing fails.
  const trace = await editTrace(octokit, owner, repo, pullNumber);
  return pages.flatMap((r) => r.data.map((x) => ({ ...toReview(x), edited: trace.get(x.id) ?? true })));
}

interface TimelineItem {
  event?: string;
  actor?: { login?: string } | null;
  dismissed_review?: { review_id?: number; dismissal_message?: string | null; dismissal_commit_id?: string | null };
}

/** A timeline item as a dismissal fact; anything but a well-formed review_dismissed is none. */
const dismissalOf = (e: TimelineItem): DismissalEvent[] => {
  const d = e.event === 'review_dismissed' ? e.dismissed_review : undefined;
  if (!d || typeof d.review_id !== 'number') return [];
  return [
    {
      reviewId: d.review_id,
      actor: e.actor?.login ?? null,
      message: d.dismissal_message ?? null,
      commitId: d.dismissal_commit_id ?? null,
    },
  ];
};

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

/** The PR's files (for findings and the whole-diff check) and its timeline's dismissals (restamp). */
export function pullReadsPort({ octokit, call, owner, repo }: Ctx) {
  return {
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
    listDismissals: (issueNumber) =>
      call(`read the timeline of #${issueNumber}`, async () => {
        const all = await octokit.paginate(octokit.rest.issues.listEventsForTimeline, {
          owner,
          repo,
          issue_number: issueNumber,
          per_page: 100,
        });
        return all.flatMap((e) => dismissalOf(e as TimelineItem));
      }),
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
