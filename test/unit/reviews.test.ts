// The review listing reads pages 2..N at once: a review created meanwhile must not be missed.
import { describe, expect, test } from 'vitest';
import type { Octo } from '../../src/github/client.js';
import { allReviews } from '../../src/github/reviews.js';

/** A PR's reviews behind GitHub's paging (100 a page, Link next/last); `during` runs as page `at` is read. */
function listing(count: number, at: number, during: (ids: number[]) => void): Octo {
  const ids = Array.from({ length: count }, (_x, i) => i + 1);
  const url = (n: number) => `https://api.github.test/repos/o/r/pulls/7/reviews?per_page=100&page=${n}`;
  const listReviews = async ({ page }: { page: number }) => {
    await new Promise((r) => setTimeout(r, 5 * (3 - Math.min(page, 3)))); // later pages answer first
    if (page === at) during(ids);
    const last = Math.max(1, Math.ceil(ids.length / 100));
    const link = page < last ? `<${url(page + 1)}>; rel="next", <${url(last)}>; rel="last"` : undefined;
    const data = ids.slice((page - 1) * 100, page * 100).map((id) => ({
      id,
      user: { login: 'octo-priya' },
      state: 'COMMENTED',
      body: `review ${id}`,
      html_url: `https://github.test/r/${id}`,
    }));
    return { data, headers: link ? { link } : {} };
  };
  const graphql = async () => ({
    repository: { pullRequest: { reviews: { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } } } },
  });
  return { rest: { pulls: { listReviews } }, graphql } as unknown as Octo;
}

describe('allReviews', () => {
  test.each([
    ['one page', 40, 0],
    ['exactly two full pages', 200, 0],
    ['three pages', 250, 0],
  ])('%s: every review once, in order', async (_n, count) => {
    const got = await allReviews(
      listing(count, 0, () => undefined),
      'o',
      'r',
      7,
    );
    expect(got.map((r) => r.id)).toEqual(Array.from({ length: count }, (_x, i) => i + 1));
  });

  test('a review created while page 2 of 2 (full) is read lands on page 3, and is read', async () => {
    const got = await allReviews(
      listing(200, 2, (ids) => ids.push(201)),
      'o',
      'r',
      7,
    );
    expect(got.map((r) => r.id)).toContain(201);
    expect(got).toHaveLength(201);
  });

  test('created after the last page answered (page 3 answers before page 2): neither a gap nor a duplicate', async () => {
    const got = await allReviews(
      listing(300, 2, (ids) => ids.push(301)),
      'o',
      'r',
      7,
    );
    expect(got.map((r) => r.id)).toEqual(Array.from({ length: 300 }, (_x, i) => i + 1));
  });
});
