// The rules that used to live in the shell, as tables: error classes, the race winner,
// superseded-on-422, merge queue refs, board-comment ownership and the commit status
// each outcome shows (secrets: test/unit/secrets.test.ts).
import { describe, expect, test } from 'vitest';
import { ownBoardComments, BOARD_MARKER } from '../../src/core/board.js';
import { raceWinner, supersededByRefusal, type HistoryEntry } from '../../src/core/decide.js';
import { classify, isAmbiguous, type FailedRequest } from '../../src/core/errors.js';
import type { Verdict } from '../../src/core/grammar.js';
import {
  conclude,
  greenForSharedHead,
  greenUnderReReview,
  unlistedAfterGreen,
  unreadAfterGreen,
  pendingChanges,
  reReviewUnderWay,
  type End,
  type Rules,
  type StatusFact,
} from '../../src/core/outcome.js';
import { carriedUnderReReview, groupGreenUnderReReview } from '../../src/core/after-green.js';
import { carriedGreenOn } from '../../src/core/on-head.js';
import { parseQueueRef } from '../../src/core/queue.js';
import { reviewing, unpostedDescription, unpostedVerdict } from '../../src/core/on-head.js';

const req = (o: Partial<FailedRequest>): FailedRequest => ({
  status: 403,
  transport: 'http',
  detail: '',
  headers: {},
  ...o,
});

describe('classify: decided once where the error is built', () => {
  test.each<[string, Partial<FailedRequest>, string, boolean]>([
    [
      '403 with retry-after, any wording',
      { detail: 'You have triggered an abuse detection mechanism', headers: { 'retry-after': '5' } },
      'rate-limited',
      false,
    ],
    ['429 with retry-after', { status: 429, headers: { 'retry-after': '1' } }, 'rate-limited', false],
    ['429 without headers', { status: 429 }, 'rate-limited', false],
    ['403 with x-ratelimit-remaining 0', { headers: { 'x-ratelimit-remaining': '0' } }, 'rate-limited', false],
    ['403 saying secondary rate limit', { detail: 'You have exceeded a secondary rate limit' }, 'rate-limited', false],
    ['403 resource not accessible', { detail: 'Resource not accessible by integration' }, 'denied', false],
    ['401', { status: 401 }, 'denied', false],
    ['404', { status: 404 }, 'not-found', false],
    ['422', { status: 422 }, 'invalid', false],
    ['502', { status: 502 }, 'server', true],
    ['timeout', { status: null, transport: 'timeout' }, 'timeout', true],
    ['reset', { status: null, transport: 'network' }, 'network', true],
    ['deadline (not sent)', { status: null, transport: 'deadline' }, 'deadline', false],
    // GraphQL answers 200 with errors; GitHub: past the primary limit x-ratelimit-remaining is 0
    ['GraphQL RATE_LIMITED', { status: 200, graphql: ['RATE_LIMITED'] }, 'rate-limited', false],
    [
      'GraphQL 200, remaining 0, untyped error',
      { status: 200, graphql: [''], headers: { 'x-ratelimit-remaining': '0' } },
      'rate-limited',
      false,
    ],
    [
      'GraphQL saying secondary rate limit',
      { status: 200, graphql: [''], detail: 'secondary rate limit' },
      'rate-limited',
      false,
    ],
    ['GraphQL NOT_FOUND', { status: 200, graphql: ['NOT_FOUND'] }, 'not-found', false],
    // the query that spends the last point answers remaining 0 whatever its error: the error's type decides
    [
      'GraphQL NOT_FOUND with remaining 0',
      { status: 200, graphql: ['NOT_FOUND'], headers: { 'x-ratelimit-remaining': '0' } },
      'not-found',
      false,
    ],
    [
      'GraphQL FORBIDDEN with remaining 0',
      { status: 200, graphql: ['FORBIDDEN'], headers: { 'x-ratelimit-remaining': '0' } },
      'denied',
      false,
    ],
    [
      'GraphQL saying abuse detection',
      { status: 200, graphql: [''], detail: 'You have triggered an abuse detection mechanism' },
      'rate-limited',
      false,
    ],
    ['GraphQL FORBIDDEN', { status: 200, graphql: ['FORBIDDEN'] }, 'denied', false],
    ['GraphQL other error', { status: 200, graphql: ['INTERNAL'] }, 'other', false],
    ['REST 200 is no rate limit, whatever it says', { status: 200, detail: 'rate limit' }, 'other', false],
  ])('%s → %s', (_n, f, cls, ambiguous) => {
    expect(classify(req(f))).toBe(cls);
    expect(isAmbiguous(classify(req(f)))).toBe(ambiguous);
  });
});

const entry = (id: number, head: string, verdict: Verdict = 'APPROVE'): HistoryEntry => ({
  review: { id, login: 'octo-priya', state: 'APPROVED', body: '', htmlUrl: `u${id}` },
  marker: { persona: 'priya', head, tree: null, verdict, run: `r${id}` },
});

describe('the race winner and superseded-on-422', () => {
  test.each<[string, HistoryEntry, HistoryEntry, string]>([
    ['ours stands', entry(2, 'h1'), entry(2, 'h1'), 'ours'],
    ['another run landed first for the same head', entry(1, 'h1'), entry(2, 'h1'), 'theirs-same-head'],
    ['a review for a newer head stands', entry(3, 'h2'), entry(2, 'h1'), 'newer-head'],
  ])('%s', (_n, anchor, ours, race) => {
    expect(raceWinner({ anchor, dismiss: [] }, ours)).toBe(race);
  });

  test.each<[number | null, string | null, boolean]>([
    [422, 'h2', true],
    [422, 'h1', false],
    [422, null, false],
    [502, 'h2', false],
  ])('status %s, head now %s → superseded %s', (status, now, superseded) => {
    expect(supersededByRefusal(status, now, 'h1')).toBe(superseded);
  });
});

describe('merge queue refs fail closed', () => {
  const sha = 'c'.repeat(40);
  test.each<[string, number | null]>([
    [`refs/heads/gh-readonly-queue/main/pr-104-${sha}`, 104],
    [`refs/heads/gh-readonly-queue/release/2.x/pr-7-${sha}`, 7],
    ['refs/heads/main', null],
    [`refs/heads/gh-readonly-queue/main/pr-0-${sha}`, null],
    [`refs/heads/gh-readonly-queue/main/pr-12-${sha.slice(1)}`, null],
    [`refs/heads/feature/gh-readonly-queue/main/pr-12-${sha}`, null],
  ])('%s → PR %s', (ref, pr) => {
    expect(parseQueueRef(ref)?.pullNumber ?? null).toBe(pr);
  });
});

describe('which board comment is ours', () => {
  const c = (id: number, login: string | null, body = `${BOARD_MARKER}\nboard`) => ({ id, login, body });
  test.each<[string, ReturnType<typeof c>[], string | null, number[]]>([
    ['ours, oldest first', [c(5, 'app[bot]'), c(3, 'app[bot]')], 'app[bot]', [3, 5]],
    ['another account with the marker is not ours', [c(3, 'alice'), c(4, 'app[bot]')], 'app[bot]', [4]],
    ['no marker is not a board', [c(3, 'app[bot]', 'hello')], 'app[bot]', []],
    ['identity unknown: any [bot] account', [c(3, 'alice'), c(4, 'other[bot]')], null, [4]],
    ['logins compare case-insensitively', [c(3, 'Octo-Board')], 'octo-board', [3]],
  ])('%s', (_n, comments, identity, ids) => {
    expect(ownBoardComments(comments, identity).map((x) => x.id)).toEqual(ids);
  });
});

describe('the commit status each outcome shows', () => {
  const rules: Rules = {
    mode: 'post',
    persona: 'priya',
    failOnChangesRequested: false,
    requireAllPersonas: false,
    commitStatus: true,
  };
  const target = { pullNumber: 7, reviewedSha: 'f'.repeat(40) };
  test.each<[string, End, string | null, boolean]>([
    ['posted APPROVE', { kind: 'posted', standing: entry(1, target.reviewedSha), target }, 'success', false],
    [
      'posted CHANGES_REQUESTED',
      { kind: 'posted', standing: entry(1, target.reviewedSha, 'CHANGES_REQUESTED'), target },
      'failure',
      false,
    ],
    [
      'failure after the write',
      {
        kind: 'duplicate',
        standing: entry(1, target.reviewedSha),
        target,
        afterWrite: { reason: 'api-error', message: 'x' },
      },
      'failure',
      true,
    ],
    ['needs review', { kind: 'needs-review', target }, 'pending', false],
    ['draft', { kind: 'draft', target }, 'pending', false],
    ['aborted with a known commit', { kind: 'aborted', reason: 'bad-input', message: 'x', target }, 'failure', true],
    ['aborted without one', { kind: 'aborted', reason: 'bad-input', message: 'x' }, null, true],
    [
      "someone's refused /review, even with the commit known: no status (a stranger cannot turn the gate red)",
      { kind: 'aborted', reason: 'command-refused', message: 'x', target },
      null,
      true,
    ],
    ['superseded: the new head has its own run', { kind: 'superseded', message: 'moved', target }, null, false],
    // attack round 16, C1: a verdict judged for a PR closed before the post; read back on a reopen
    ['closed: nothing to gate', { kind: 'closed', message: 'closed', target }, null, false],
    [
      'closed before the post, a rejection: recorded on the head',
      {
        kind: 'closed',
        message: 'closed',
        target,
        unposted: { verdict: 'CHANGES_REQUESTED', base: 'main', version: '' },
      },
      'failure',
      false,
    ],
    [
      'closed before the post, an approval: nothing recorded',
      { kind: 'closed', message: 'closed', target, unposted: { verdict: 'APPROVE', base: 'main', version: '' } },
      null,
      false,
    ],
    [
      'unposted: the record is written again (whatever came over it since is not the gate for this base)',
      { kind: 'unposted', verdict: 'CHANGES_REQUESTED', message: 'judged', target, base: 'main', version: '' },
      'failure',
      false,
    ],
    [
      'unposted read back for a verdict that passes now (comment-passes set since): still a failure, no review stands',
      { kind: 'unposted', verdict: 'APPROVE', message: 'judged', target, base: 'main', version: '' },
      'failure',
      false,
    ],
    [
      'queued without a verdict',
      { kind: 'queued', standing: null, statusSha: 'e'.repeat(40), target },
      'failure',
      true,
    ],
    [
      'queued with a standing APPROVE',
      { kind: 'queued', standing: entry(1, target.reviewedSha), statusSha: 'e'.repeat(40), target },
      'success',
      false,
    ],
    [
      'queued with a standing CHANGES_REQUESTED: the queue stops even without fail-on-changes-requested',
      {
        kind: 'queued',
        standing: entry(1, target.reviewedSha, 'CHANGES_REQUESTED'),
        statusSha: 'e'.repeat(40),
        target,
      },
      'failure',
      false,
    ],
    // attack round 14, Q1: a verdict carried from a head a forced re-review is judging, or whose statuses are unread
    ...(['forced', 'unread', 'plain'] as const).map((on): [string, End, 'success' | 'failure', boolean] => {
      const src = 'f'.repeat(40);
      const forcedThere = { state: 'pending', creator: 'octo-priya', description: `priya is re-reviewing ffffff…` };
      const onSource =
        on === 'unread'
          ? null
          : on === 'forced'
            ? [{ ...forcedThere, description: `priya is re-reviewing ${src.slice(0, 7)} for PR #7 (forced)` }]
            : [{ state: 'success', creator: 'octo-priya', description: 'priya: approved' }];
      return [
        `queued with an APPROVE carried from a head: ${on} statuses there`,
        {
          kind: 'queued',
          standing: entry(1, src),
          statusSha: 'e'.repeat(40),
          target,
          identity: 'octo-priya',
          onHead: [],
          source: { sha: src, onHead: onSource },
        },
        on === 'plain' ? 'success' : 'failure',
        on !== 'plain',
      ];
    }),
  ])('%s → %s', (_n, end, state, fails) => {
    const c = conclude(end, rules);
    expect(c.status?.state ?? null).toBe(state);
    expect(Boolean(c.failure)).toBe(fails);
    if (c.status) expect(c.status.description.length).toBeLessThanOrEqual(140);
  });

  test.each<[string, 'posted' | 'queued', boolean, string]>([
    ['a posted COMMENT is red (GitHub never counts a COMMENT as an approval)', 'posted', false, 'failure'],
    ['a posted COMMENT with comment-passes is green', 'posted', true, 'success'],
    ['a queued PR whose standing verdict is COMMENT is stopped', 'queued', false, 'failure'],
    ['a queued COMMENT with comment-passes passes', 'queued', true, 'success'],
  ])('%s', (_n, kind, commentPasses, state) => {
    const standing = entry(1, target.reviewedSha, 'COMMENT');
    const end: End =
      kind === 'posted' ? { kind, standing, target } : { kind, standing, statusSha: 'e'.repeat(40), target };
    const c = conclude(end, { ...rules, commentPasses });
    expect(c.status?.state).toBe(state);
    expect(c.status?.description).toMatch(commentPasses ? /: COMMENT/ : /COMMENT, commented without approving/);
  });

  // preflight's pending is written only where it changes what the gate shows on the head (one status per push)
  const own = (state: string) => ({ state, creator: 'octo-priya' });
  const other = (state: string) => ({ state, creator: 'someone-else' });
  test.each<[string, End['identity'], StatusFact[] | null | undefined, 'pending' | null]>([
    ['a fresh push: nothing on the head, an absent required status already blocks', 'octo-priya', [], null],
    ['a forced re-review over its green', 'octo-priya', [own('success')], 'pending'],
    ['a retarget or an edited review over a red', 'octo-priya', [own('failure')], 'pending'],
    ["another tool's error state is not pending", 'octo-priya', [other('error')], 'pending'],
    ['already pending (a draft made ready, a cancelled run)', 'octo-priya', [own('pending'), own('success')], null],
    [
      'a pending written by another account over our green: a ruleset pinned to our App still shows the green',
      'octo-priya',
      [other('pending'), own('success')],
      'pending',
    ],
    ['logins compare case-insensitively', 'Octo-Priya', [other('pending'), own('success')], 'pending'],
    [
      "someone else's green over our pending: the newest counts where nothing is pinned",
      'octo-priya',
      [other('success'), own('pending')],
      'pending',
    ],
    ['identity unknown: the newest decides', undefined, [other('pending'), own('success')], null],
    ['the statuses could not be read: as if a green stood there (fail closed)', 'octo-priya', null, 'pending'],
    ['not read at all: pending, as before', 'octo-priya', undefined, 'pending'],
  ])('needs-review, %s → %s', (_n, identity, onHead, state) => {
    const c = conclude({ kind: 'needs-review', target, identity, onHead }, { ...rules, mode: 'preflight' });
    expect(c.status?.state ?? null).toBe(state);
    expect(c.shouldReview).toBe(true);
    expect(pendingChanges(onHead, identity)).toBe(state !== null);
  });

  test.each<[string, StatusFact[] | null | undefined]>([
    ['nothing on the head yet', []],
    ['already pending', [own('pending'), own('success')]],
    ['a green', [own('success')]],
  ])('needs-review of a forced re-review writes its pending whatever stands (attack round 13, F1): %s', (_n, on) => {
    const c = conclude(
      { kind: 'needs-review', target, identity: 'octo-priya', onHead: on },
      { ...rules, mode: 'preflight', forced: true },
    );
    expect(c.status).toMatchObject({ state: 'pending', description: expect.stringMatching(/\(forced\)$/) });
    expect(pendingChanges(on, 'octo-priya', true)).toBe(true);
  });

  // attack R, D1–D4: a forced preflight that stops before its pending still records the doubt on the head it read,
  // under what the run concludes (a draft's pending, an abort's failure and its reason stay on top)
  test.each<[string, End, boolean]>([
    ['a draft', { kind: 'draft', target }, true],
    ['closed', { kind: 'closed', message: 'closed', target }, true],
    ['merged: nothing can re-review it', { kind: 'closed', message: 'merged', target, merged: true }, false],
    ['its head moved on: the doubt stays on the head it read', { kind: 'superseded', message: 'moved', target }, true],
    ['refused (a twin PR at the head)', { kind: 'aborted', reason: 'bad-input', message: 'shared', target }, true],
    ['a failed read', { kind: 'aborted', reason: 'api-error', message: 'x', target }, true],
    [
      'a refused /review: the gate as it was',
      { kind: 'aborted', reason: 'command-refused', message: 'x', target },
      false,
    ],
    ['no head read: nothing to write on', { kind: 'aborted', reason: 'api-error', message: 'x' }, false],
  ])('a forced preflight that stops early: %s', (_n, end, doubt) => {
    const c = conclude(end, { ...rules, mode: 'preflight', forced: true });
    const plain = conclude(end, { ...rules, mode: 'preflight' });
    // what the run concludes is unchanged; the doubt is written first
    expect(c.status).toEqual(plain.status);
    if (!doubt) expect(c.doubt).toBeUndefined();
    else {
      expect(c.doubt).toMatchObject({ state: 'pending', sha: target.reviewedSha });
      expect(c.doubt!.description).toMatch(/\(forced\)$/);
      // said once the pending is written (src/main.ts), not before
      expect(c.doubtNotice).toMatch(/did not start .*comment \/review priya again, or push/);
      expect(c.notices.join('\n')).not.toMatch(/did not start/);
    }
    // neither a plain preflight nor a forced post records one
    expect(plain.doubt).toBeUndefined();
    expect(conclude(end, { ...rules, mode: 'post', forced: true }).doubt).toBeUndefined();
  });

  test('no status when the event does not call for one; a long reason is cut to 140', () => {
    expect(conclude({ kind: 'needs-review', target }, { ...rules, commitStatus: false }).status).toBeNull();
    const long = conclude({ kind: 'needs-review', target }, { ...rules, persona: 'p'.repeat(300) });
    expect(long.status!.description).toHaveLength(140);
  });
});

// attack round 8: what releases a re-review under way is a status that stands for a review of this PR, nothing else
describe('reReviewUnderWay: its own "reviewing" pending for this PR until a review of it settles it', () => {
  const ME = 'priya-app[bot]';
  const target = { pullNumber: 7, reviewedSha: 'a'.repeat(40) };
  const reviewing = { state: 'pending', creator: ME, description: 'priya is re-reviewing aaaaaaa for PR #7 (forced)' };
  const plain = { state: 'pending', creator: ME, description: 'priya is reviewing aaaaaaa for PR #7' };
  const verdict = (pr: number, state = 'success') => ({
    state,
    creator: ME,
    description: 'priya: approved',
    targetUrl: `https://github.test/acme/widgets/pull/${pr}#pullrequestreview-99`,
  });
  const abort = { state: 'failure', creator: ME, description: 'priya: no review', targetUrl: 'https://run/1' };
  test.each<[string, StatusFact[], boolean]>([
    ['the pending is the newest', [reviewing, verdict(7)], true],
    ['a review of this PR since', [verdict(7), reviewing], false],
    ['a rejection of this PR since', [verdict(7, 'failure'), reviewing], false],
    ["an abort's failure since: still doubted", [abort, reviewing, verdict(7)], true],
    ["another PR's verdict at the same commit since", [verdict(8, 'failure'), reviewing, verdict(7)], true],
    ["someone else's status since", [{ ...verdict(7), creator: 'mallory' }, reviewing], true],
    ['no pending at all', [verdict(7)], false],
    // attack round 9: a plain run's pending (a retarget's, a version's) casts no doubt; its abort holds nothing
    ["a plain run's pending", [plain, verdict(7)], false],
    ["a plain run's pending, then its abort", [abort, plain, verdict(7)], false],
    ['nothing read', [], false],
  ])('%s', (_n, statuses, under) => {
    expect(reReviewUnderWay(statuses, ME, 'priya', target)).toBe(under);
  });
});

// attack round 12: a kept verdict writes nothing while a forced re-review is under way (B2: a red linking the doubted
// review settled it), no green when the head's statuses are unread (B4); a green that landed over a forced pending
// written after the run read the head gets that pending back (B3)
describe('a kept verdict and a forced re-review of its head', () => {
  const ME = 'priya-app[bot]';
  const rules: Rules = {
    mode: 'preflight',
    persona: 'priya',
    failOnChangesRequested: false,
    requireAllPersonas: false,
    commitStatus: true,
  };
  const target = { pullNumber: 7, reviewedSha: 'a'.repeat(40) };
  const forced = { state: 'pending', creator: ME, description: 'priya is re-reviewing aaaaaaa for PR #7 (forced)' };
  const forcedOnSource = 'priya is re-reviewing bbbbbbb for PR #7 (forced)';
  const green = {
    state: 'success',
    creator: ME,
    description: 'priya: approved',
    targetUrl: 'https://github.test/acme/widgets/pull/7#pullrequestreview-1',
  };
  const kept = (
    verdict: Verdict,
    onHead: StatusFact[] | null,
    sharedHead: Array<{ number: number; baseRef: string }> = [],
  ): End => ({
    kind: 'duplicate',
    standing: entry(1, target.reviewedSha, verdict),
    target,
    identity: ME,
    onHead,
    sharedHead,
  });
  test.each<[string, End, string | null, RegExp | null]>([
    [
      'an approval, re-review under way: nothing written',
      kept('APPROVE', [forced, green]),
      null,
      /is not written green: a forced re-review/,
    ],
    [
      'a rejection, re-review under way: nothing written',
      kept('CHANGES_REQUESTED', [forced, green]),
      null,
      /is not written: a forced re-review/,
    ],
    [
      'a shared head, re-review under way: nothing written (B2)',
      kept('APPROVE', [forced, green], [{ number: 8, baseRef: 'main' }]),
      null,
      /is not written: a forced re-review/,
    ],
    ['an approval, statuses unread: no green (B4)', kept('APPROVE', null), null, /statuses could not be read/],
    ['a rejection, statuses unread: its red is written', kept('CHANGES_REQUESTED', null), 'failure', null],
    ['an approval, no re-review: green', kept('APPROVE', [green]), 'success', null],
    ['a shared head, no re-review: red', kept('APPROVE', [green], [{ number: 8, baseRef: 'main' }]), 'failure', null],
  ])('%s', (_n, end, state, notice) => {
    const c = conclude(end, rules);
    expect(c.status?.state ?? null).toBe(state);
    if (notice) expect(c.notices.join('\n')).toMatch(notice);
  });

  // the green this run wrote links review 1 (the kept verdict); a status of another review of PR 7 links its id
  const written = {
    sha: target.reviewedSha,
    state: 'success' as const,
    description: 'priya: approved',
    reviewUrl: 'https://github.test/acme/widgets/pull/7#pullrequestreview-1',
  };
  const review = (id: number, state = 'failure', pr = 7): StatusFact => ({
    state,
    creator: ME,
    description: `priya: review ${id}`,
    targetUrl: `https://github.test/acme/widgets/pull/${pr}#pullrequestreview-${id}`,
  });
  const abort = { state: 'failure', creator: ME, description: 'priya: no review', targetUrl: 'https://run/1' };
  const plain = { state: 'pending', creator: ME, description: 'priya is reviewing aaaaaaa for PR #7' };
  const after = (
    onHead: StatusFact[] | null,
    o: { forced?: boolean; outcome?: string; state?: 'success' | 'failure'; seen?: StatusFact[] | 'none' } = {},
  ) =>
    greenUnderReReview(
      {
        outcome: o.outcome ?? 'duplicate',
        pullNumber: 7,
        identity: ME,
        status: { ...written, state: o.state ?? 'success' },
        // a kept verdict's run read the head before it wrote (here: none of the statuses under the green)
        seenOnHead: o.seen === undefined ? [] : o.seen === 'none' ? undefined : o.seen,
      } as never,
      'priya',
      o.forced ?? false,
      onHead,
    );
  const mine = { ...green, targetUrl: written.reviewUrl };
  test.each<[string, StatusFact[] | null, Parameters<typeof after>[1], object | null]>([
    [
      'a forced pending under the green just written',
      [mine, forced],
      {},
      { state: 'pending', description: forced.description },
    ],
    [
      'the same after an older verdict',
      [mine, forced, mine],
      {},
      { state: 'pending', description: forced.description },
    ],
    [
      'the green written over its own verdict',
      [mine, { ...mine, id: 40 }, forced],
      { seen: [{ ...mine, id: 40 }] },
      null,
    ],
    ['a forced pending newer than the green', [forced, mine], {}, null],
    ['a forced run (it posts the re-review)', [mine, forced], { forced: true }, null],
    ['a red just written', [{ ...mine, state: 'failure' }, forced], { state: 'failure' }, null],
    ['a queued group', [mine, forced], { outcome: 'queued' }, null],
    ['unread', null, {}, null],
    ["another account's green over ours", [{ ...mine, creator: 'mallory' }, mine, forced], {}, { state: 'pending' }],
    ['our green not found (another account wrote it)', [{ ...mine, creator: 'mallory' }, forced], {}, null],
    // a second attack on round 12: the forced re-review ended while the green waited (a rate limit)
    [
      'a newer review of the PR posted meanwhile: its red',
      [mine, review(2), forced, mine],
      {},
      { state: 'failure', description: 'priya: review 2' },
    ],
    [
      'a newer review, green',
      [mine, review(2, 'success'), forced],
      {},
      { state: 'success', reviewUrl: review(2).targetUrl },
    ],
    ['an older review of the PR under the green', [mine, review(0), forced], {}, null],
    [
      "another PR's review at the commit is passed over",
      [mine, review(9, 'failure', 8), forced],
      {},
      { state: 'pending' },
    ],
    [
      "an abort's failure, then the forced pending",
      [mine, abort, forced, mine],
      {},
      { state: 'pending', description: forced.description },
    ],
    ['a plain pending passed over', [mine, plain, review(2)], {}, { state: 'failure' }],
    // a read-through of round 12: a forced pending is put back where the run can date it — a kept verdict's run that
    // had not read it; and (rt18-C) one the run read still under way there, no review's status of the PR above it: a
    // /review asked during the plain LLM job is not buried (R11-3's dead pending then holds a post's green too, as it
    // holds a kept verdict's: fail closed, a /review or a push clears it)
    [
      'a forced pending the run had read, under way there',
      [mine, { ...forced, id: 40 }],
      { seen: [{ ...forced, id: 40 }] },
      { state: 'pending', description: forced.description },
    ],
    [
      "a review's status of this PR above a forced pending the run read: settled, nothing goes back",
      [mine, { ...review(2), id: 41 }, { ...forced, id: 40 }],
      {
        seen: [
          { ...review(2), id: 41 },
          { ...forced, id: 40 },
        ],
      },
      null,
    ],
    ["a post's green over a forced pending", [mine, forced], { outcome: 'posted', seen: 'none' }, null],
    [
      "a post's green under which a newer review's status",
      [mine, review(2)],
      { outcome: 'posted', seen: 'none' },
      { state: 'failure' },
    ],
    // attack8's retarget: back on develop, a kept APPROVE (review 1) goes green over main's newer rejection, which
    // the run read before it wrote: another base's, the green stands
    [
      "another base's newer review, read before the write",
      [mine, { ...review(2), id: 52 }],
      { seen: [{ ...review(2), id: 52 }] },
      null,
    ],
    [
      'the same, written since the read',
      [mine, { ...review(2), id: 53 }],
      { seen: [{ ...review(2), id: 52 }] },
      { state: 'failure' },
    ],
    // attack round 13, F3: a twin PR's refusal of the shared head (or an abort) written since a kept run's read
    ["a shared head's failure written since the read", [mine, abort, mine], {}, { state: 'failure' }],
    ["another PR's red written since the read", [mine, review(9, 'failure', 8)], {}, { state: 'failure' }],
    ['the same failure, read before the write', [mine, { ...abort, id: 60 }], { seen: [{ ...abort, id: 60 }] }, null],
    ["a post's green over an abort", [mine, abort], { outcome: 'posted', seen: 'none' }, null],
    ['a red over a plain pending', [mine, abort, plain], {}, { state: 'failure' }],
    // attack R, P5: a retried write GitHub applied though it answered 5xx leaves a copy of the green over the red
    [
      "a copy of the green over another PR's red written since the read",
      [mine, mine, review(9, 'failure', 8)],
      {},
      {
        state: 'failure',
      },
    ],
    // the run's read held an earlier copy: it settled the forced pending under it
    [
      'a copy read before the write, over a forced pending',
      [mine, { ...mine, id: 41 }, forced],
      { seen: [{ ...mine, id: 41 }] },
      null,
    ],
    // a read-through of P5's fix: the run's own write, applied though answered 5xx and retried, settles nothing
    [
      'a copy written since the read, over a forced pending written since too',
      [
        { ...mine, id: 43 },
        { ...mine, id: 42 },
        { ...forced, id: 11 },
        { ...mine, id: 10 },
      ],
      { seen: [{ ...mine, id: 10 }] },
      { state: 'pending', description: forced.description },
    ],
  ])('greenUnderReReview: %s', (_n, onHead, o, put) => {
    const r = after(onHead, o);
    if (put === null) expect(r).toBeNull();
    else expect(r?.status).toMatchObject(put);
    if (r?.status.state === 'pending') expect(r.notice).toMatch(/comment \/review priya again, or push/);
  });

  test.each<[string, object, boolean]>([
    ["a kept verdict's green (its run read the head)", { outcome: 'duplicate', seenOnHead: [] }, true],
    ['a restamp (read before it)', { outcome: 'restamped', seenOnHead: [] }, true],
    ["a post's green that read nothing before (a fresh review)", { outcome: 'posted' }, false],
    ["a post's green that read the head before its create (round 18)", { outcome: 'posted', seenOnHead: [] }, true],
    ['a red', { outcome: 'duplicate', seenOnHead: [], state: 'failure' }, false],
    ["a queued group's", { outcome: 'queued', seenOnHead: [] }, false],
  ])('unreadAfterGreen (attack round 13, F4): %s', (_n, o, pending) => {
    const c = {
      pullNumber: 7,
      identity: ME,
      ...o,
      status: { ...written, state: (o as { state?: string }).state ?? 'success' },
    };
    const r = unreadAfterGreen(c as never, 'priya');
    expect(r?.status.state ?? null).toBe(pending ? 'pending' : null);
    if (r) expect(r.notice).toMatch(/re-run this job/);
  });

  // attack round 17 (R17-4): the open PRs at a post's head could not be listed again after its green
  test.each<[string, object, boolean]>([
    ["a post's green", { outcome: 'posted' }, true],
    ["a kept verdict's green (its own reads decide)", { outcome: 'duplicate' }, false],
    ["a post's red", { outcome: 'posted', state: 'failure' }, false],
  ])('unlistedAfterGreen: %s', (_n, o, pending) => {
    const c = {
      pullNumber: 7,
      baseRef: 'main',
      ...o,
      status: { ...written, state: (o as { state?: string }).state ?? 'success' },
    };
    const r = unlistedAfterGreen(c as never, 'priya');
    expect(r?.status.state ?? null).toBe(pending ? 'pending' : null);
    if (r) expect(r.notice).toMatch(/could not be read again .* re-run this job/);
  });

  // attack round 16 (F3 for a post): a twin PR opened at the head while a post's green was on its way
  test.each<[string, object, Array<{ number: number; baseRef: string }>, boolean]>([
    ["a post's green, a twin now", { outcome: 'posted' }, [{ number: 8, baseRef: 'release' }], true],
    ["a post's green, no other PR", { outcome: 'posted' }, [], false],
    [
      "a kept verdict's green (underGreen dates what it read)",
      { outcome: 'duplicate' },
      [{ number: 8, baseRef: 'release' }],
      false,
    ],
    ["a post's red", { outcome: 'posted', state: 'failure' }, [{ number: 8, baseRef: 'release' }], false],
    ['a post bound to no base', { outcome: 'posted', baseRef: undefined }, [{ number: 8, baseRef: 'release' }], false],
  ])('greenForSharedHead: %s', (_n, o, others, failure) => {
    const c = {
      pullNumber: 7,
      baseRef: 'main',
      verdict: 'APPROVE',
      ...o,
      status: { ...written, state: (o as { state?: string }).state ?? 'success' },
    };
    const r = greenForSharedHead(c as never, 'priya', others);
    expect(r?.status.state ?? null).toBe(failure ? 'failure' : null);
    if (r) {
      expect(r.status.description).toBe('priya: approved; also the head of PR #8 (into release)');
      expect(r.notice).toMatch(/became the head of PR #8 \(into release\)/);
    }
  });

  // attack K, K1: a merge group's green, and the queued PR's head read again after it (groupHold, as conclude())
  const SOURCE = 'b'.repeat(40);
  const pr7 = (id: number) => `https://github.test/acme/widgets/pull/7#pullrequestreview-${id}`;
  const forcedOn = (sha: string) => ({
    ...forced,
    description: `priya is re-reviewing ${sha.slice(0, 7)} for PR #7 (forced)`,
  });
  test.each<[string, object, StatusFact[] | null, StatusFact[] | null | undefined, RegExp | null]>([
    ['no re-review since: the green stands', {}, [green], undefined, null],
    ['a forced re-review of the head asked for since', {}, [forced, green], undefined, /re-review of PR #7 under way/],
    ['the head unread again', {}, null, undefined, /PR #7's head unread/],
    [
      'a forced re-review of the source head (a carry)',
      { verdictHead: SOURCE },
      [green],
      [forcedOn(SOURCE)],
      /under way/,
    ],
    ['the source head unread again', { verdictHead: SOURCE }, [green], null, /head unread/],
    ['its own review settled the re-review', {}, [green, forced], undefined, null],
    // attack L, L1: the forced re-review asked for and posted while the green was on its way
    [
      "a newer review's red on the head",
      { reviewId: 1 },
      [{ ...green, state: 'failure', targetUrl: pr7(2) }],
      undefined,
      /reviewed again/,
    ],
    ["a newer review's approval on the head", { reviewId: 1 }, [{ ...green, targetUrl: pr7(2) }], undefined, null],
    ["the group's own review's status", { reviewId: 2 }, [{ ...green, targetUrl: pr7(2) }], undefined, null],
    [
      "another PR's newer red",
      { reviewId: 1 },
      [{ ...green, state: 'failure', targetUrl: pr7(9).replace('/7#', '/8#') }],
      undefined,
      null,
    ],
    [
      "a newer review's red on the source head",
      { reviewId: 1, verdictHead: SOURCE },
      [green],
      [{ ...green, state: 'failure', targetUrl: pr7(3) }],
      /reviewed again/,
    ],
    ["a group's red: nothing to hold", { state: 'failure' }, [forced], undefined, null],
    ["a post's green: not a group's", { outcome: 'posted' }, [forced], undefined, null],
  ])('groupGreenUnderReReview: %s', (_n, o, onHead, onSource, held) => {
    const c = {
      outcome: 'queued',
      pullNumber: 7,
      identity: ME,
      headSha: target.reviewedSha,
      verdictHead: target.reviewedSha,
      ...o,
      status: { sha: 'c'.repeat(40), state: (o as { state?: string }).state ?? 'success', description: 'x' },
    };
    const r = groupGreenUnderReReview(c as never, 'priya', onHead, onSource);
    if (held === null) return expect(r).toBeNull();
    expect(r?.status).toMatchObject({ sha: 'c'.repeat(40), state: 'failure' });
    expect(r?.status.description).toMatch(held);
    expect(r?.failure).toMatch(/the group does not pass|does not pass the group/);
  });

  // attack R2: a carried or restamped green reads the head its verdict comes from again; a forced re-review of that
  // head asked for meanwhile puts its pending over the green, on this head
  // attack R2, F2: a forced run whose head moved on doubts a green carried to the new head from the head it read
  test.each<[string, StatusFact[] | null | undefined, StatusFact[] | null | undefined, boolean]>([
    ['the same review green on both', [green], [green], true],
    [
      'another review on the new head (a fresh review of it)',
      [green],
      [{ ...green, targetUrl: 'https://github.test/acme/widgets/pull/7#pullrequestreview-2' }],
      false,
    ],
    ['the new head not green (a fresh review pending)', [green], [{ ...green, state: 'pending' }], false],
    ["another account's green", [green], [{ ...green, creator: 'mallory' }], false],
    ['nothing read on the head read', [], [green], false],
    ['the new head unread: fail closed', [green], null, true],
    ['no status kind read (check runs)', [green], undefined, false],
    // attack R3, F1: a restamp posts a new review; its status says where it comes from
    [
      'a restamp from the head read (a new review)',
      [green],
      [
        {
          ...green,
          targetUrl: `${green.targetUrl.slice(0, -1)}9`,
          description: 'priya: approved (restamped from bbbbbbb, identical patch)',
        },
      ],
      true,
    ],
    [
      'restamped from another head',
      [green],
      [
        {
          ...green,
          targetUrl: `${green.targetUrl.slice(0, -1)}9`,
          description: 'priya: approved (restamped from ccccccc, identical patch)',
        },
      ],
      false,
    ],
    [
      'carried from the head read, nothing read there',
      [],
      [{ ...green, description: 'priya: approved (carried from bbbbbbb)' }],
      true,
    ],
  ])('carriedGreenOn: %s', (_n, onRead, onNew, carried) => {
    expect(carriedGreenOn(onRead, onNew, ME, { pullNumber: 7, readSha: 'b'.repeat(40) })).toBe(carried);
  });

  test.each<[string, string, StatusFact[] | null | undefined, boolean]>([
    ['carried, the source under a forced re-review', 'unchanged', [{ ...forced, description: forcedOnSource }], true],
    ['restamped, the same', 'restamped', [{ ...forced, description: forcedOnSource }], true],
    [
      'carried, the source settled by a review since',
      'unchanged',
      [green, { ...forced, description: forcedOnSource }],
      false,
    ],
    ['carried, nothing doubted', 'unchanged', [green], false],
    ['carried, the source unread (the read before the write decided)', 'unchanged', null, false],
    ['a duplicate has no source', 'duplicate', [{ ...forced, description: forcedOnSource }], false],
  ])('carriedUnderReReview: %s', (_n, outcome, onSource, held) => {
    const c = { outcome, pullNumber: 7, identity: ME, status: written, baselineSha: 'b'.repeat(40) } as never;
    const r = carriedUnderReReview(c, 'priya', onSource);
    if (!held) expect(r).toBeNull();
    else expect(r?.status).toMatchObject({ sha: written.sha, state: 'pending', description: forced.description });
  });
});

// attack round 16, C1: the record a closed post writes, read back by preflight on a reopen
describe('unpostedVerdict: a head judged while its PR was closed', () => {
  const T = { pullNumber: 7, reviewedSha: 'a'.repeat(40) };
  const rec = (o: Partial<StatusFact> = {}, base = 'main', version = ''): StatusFact => ({
    state: 'failure',
    creator: 'octo-priya',
    description: unpostedDescription('priya', 'CHANGES_REQUESTED', T, base, version),
    ...o,
  });
  test.each<[string, StatusFact[], string, string, string | null]>([
    ['the record, newest', [rec()], 'main', '', 'CHANGES_REQUESTED'],
    ['written by another account', [rec({ creator: 'mallory' })], 'main', '', null],
    [
      'another account on top, the record under it',
      [rec({ creator: 'mallory', state: 'success' }), rec()],
      'main',
      '',
      'CHANGES_REQUESTED',
    ],
    [
      "a maintainer's forced pending written since",
      [{ state: 'pending', creator: 'octo-priya', description: reviewing('priya', T, true) }, rec()],
      'main',
      '',
      null,
    ],
    // what the PR author can cause passes over (round 16's read-through): a plain pending, a draft's, another PR's
    [
      "a plain pending, a draft's, another PR's failure since",
      [
        { state: 'pending', creator: 'octo-priya', description: reviewing('priya', T) },
        { state: 'pending', creator: 'octo-priya', description: 'priya: draft, not reviewed yet' },
        { state: 'failure', creator: 'octo-priya', description: 'priya: … also the head of PR #8' },
        rec(),
      ],
      'main',
      '',
      'CHANGES_REQUESTED',
    ],
    [
      'the record, named in another case',
      [rec({ description: rec().description!.toUpperCase() })],
      'main',
      '',
      'CHANGES_REQUESTED',
    ],
    ['for another base (retargeted while closed)', [rec({}, 'main')], 'develop', '', null],
    ['for another persona version', [rec({}, 'main', 'v1')], 'main', 'v2', null],
    ['the same words, not a failure', [rec({ state: 'success' })], 'main', '', null],
    ['nothing on the head', [], 'main', '', null],
  ])('%s', (_n, onHead, base, version, verdict) => {
    expect(unpostedVerdict(onHead, 'octo-priya', 'priya', T, base, version)).toBe(verdict);
  });
});
