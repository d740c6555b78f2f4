// A read-through of this release's changes (a helper); failed at 65ac0ef.
// newerRed reads the source head's statuses with no "since the run read them" rule, so a newer
// review's red that was already on the source head when the group run read it (another base's rejection, kept there
// by a retarget round trip with dismiss-stale: changes-requested/none) fails a group conclude() passed.
import { expect, test } from 'vitest';
import type { HistoryEntry } from '../../src/core/decide.js';
import { conclude, type End, type Rules, type StatusFact } from '../../src/core/outcome.js';
import { groupGreenUnderReReview } from '../../src/core/after-green.js';

const ME = 'priya-app[bot]';
const H = 'a'.repeat(40);
const S = 'b'.repeat(40);
const rules: Rules = {
  mode: 'preflight',
  persona: 'priya',
  failOnChangesRequested: false,
  requireAllPersonas: false,
  commitStatus: true,
};
const url = (id: number) => `https://github.test/acme/widgets/pull/7#pullrequestreview-${id}`;
const approval: HistoryEntry = {
  review: { id: 100, login: ME, state: 'APPROVED', body: '', htmlUrl: url(100) },
  marker: { persona: 'priya', head: S, tree: null, verdict: 'APPROVE', run: 'r100', base: 'main' },
};

test('a red the group run had already read on the source head does not fail its green afterwards', () => {
  // H: the green carried from S's approval (100) for main; S: the newest status for PR #7 is review 200's red, the
  // PR's rejection while it targeted dev — on S before the group run began, and unchanged after its green
  const onHead: StatusFact[] = [
    { id: 2, state: 'success', creator: ME, description: 'priya: approved', targetUrl: url(100) },
  ];
  const onSource: StatusFact[] = [
    { id: 1, state: 'failure', creator: ME, description: 'priya: CHANGES_REQUESTED', targetUrl: url(200) },
  ];
  const end: End = {
    kind: 'queued',
    standing: approval,
    statusSha: 'e'.repeat(40),
    target: { pullNumber: 7, reviewedSha: H },
    identity: ME,
    onHead,
    source: { sha: S, onHead: onSource },
    listed: [100, 200], // the run listed review 200 (another base's): the history weighs it, not a hold
  };
  const c = conclude(end, rules);
  expect(c.status?.state).toBe('success'); // conclude() passes the group on these statuses
  // read again, nothing changed: the green must stand
  expect(groupGreenUnderReReview({ ...c, headSha: H, pullNumber: 7 }, 'priya', onHead, onSource)).toBeNull();
});

// attack Q, Q1: the same red, of a review the run's listing did not hold (posted between its two reads): held
test('a red for a review posted between the run reads holds the group before its status is written', () => {
  const onHead: StatusFact[] = [
    { id: 3, state: 'failure', creator: ME, description: 'priya: changes requested', targetUrl: url(300) },
  ];
  const end: End = {
    kind: 'queued',
    standing: { ...approval, marker: { ...approval.marker, head: H } },
    statusSha: 'e'.repeat(40),
    target: { pullNumber: 7, reviewedSha: H },
    identity: ME,
    onHead,
    listed: [100],
  };
  const c = conclude(end, rules);
  expect(c.status?.state).toBe('failure');
  expect(c.failure).toMatch(/a newer review of PR #7's head .* was posted as this run read it/);
  // a newer approval passes
  const approved = conclude({ ...end, onHead: [{ ...onHead[0]!, state: 'success' }] }, rules);
  expect(approved.status?.state).toBe('success');
});
