// A re-runnable mutation check over src/core and src/modes. Each mutant is one
// deliberate bug, a textual replacement that must match its file exactly once (so the
// script fails loudly when the source drifts). For each mutant: apply it, run the unit
// files that should kill it (they import src/), bundle, restore src/, run the
// end-to-end files that should kill it (they run dist/main.js and dist/index.js), restore dist/. A
// mutant is killed by a layer when at least one of its tests fails.
//
//   node scripts/mutants.mjs            every mutant, then the table (exit 1 if one survives)
//   node scripts/mutants.mjs --list     the mutants and the files meant to kill them
//   node scripts/mutants.mjs --only a,b only these (by name)
//   node scripts/mutants.mjs --unit-only    skip bundling and end-to-end runs
//
// It edits src/ and dist/ in place: run it in a clean checkout of your own (it refuses
// when src/ or dist/ has uncommitted changes) and never alongside another run.
// Importing it runs nothing: test/unit/mutants.test.ts reads MUTANTS and fails as soon as
// a change to src/ makes a mutant's text stale (re-target the mutant, same rule broken).
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setTimeout } from 'node:timers';

const U = (f) => `test/unit/${f}.test.ts`;
const E = (f) => `test/e2e/${f}.test.ts`;

/**
 * name, file, from → to (each `from` occurs once in `file`), what the bug is, the unit
 * and e2e test files meant to kill it ([] where that layer cannot reach the code), and
 * an optional e2e test-name filter (for the slow faults file).
 */
export const MUTANTS = [
  {
    name: 'marker-trailing-text',
    what: "the marker line's pattern loses its trailing `$`: text after `-->` is accepted",
    file: 'src/core/marker.ts',
    from: 'run=(\\\\S+) -->$`',
    to: 'run=(\\\\S+) -->`',
    unit: [U('marker')],
    e2e: [E('gate')],
    e2eFilter: 'text after -->',
  },
  {
    name: 'truthful-always',
    what: 'truthful() is always true: a review whose state does not match its marker counts',
    file: 'src/core/history.ts',
    from: "review.state === 'DISMISSED' || review.state === STATE_OF_EVENT[postedEvent(marker)];",
    to: 'review !== null || postedEvent(marker) !== null;',
    unit: [U('decide')],
    e2e: [E('gate')],
    e2eFilter: 'forged COMMENTED',
  },
  {
    name: 'no-early-dismissal',
    what: 'decide() plans no stale APPROVE to dismiss before the create (plan.early is empty)',
    file: 'src/core/decide.ts',
    from: 'staleApprovals(live, subject,',
    to: 'staleApprovals(live.slice(0, 0), subject,',
    unit: [U('decide')],
    e2e: [E('gate')],
    e2eFilter: 'stale APPROVE',
  },
  {
    name: 'early-dismissal-after-create',
    what: 'post dismisses the stale APPROVE after the create instead of before it',
    file: 'src/modes/post.ts',
    // the early dismissal skipped: the stale APPROVE goes only when the write settles, after the create
    from: '    dismissAll(cfg.persona, port, target.pullNumber, plan.early, null),\n',
    to: '    dismissAll(cfg.persona, port, target.pullNumber, [], null),\n',
    unit: [U('modes')],
    e2e: [E('gate')],
    e2eFilter: 'stale APPROVE',
  },
  {
    name: 'timed-out-create-resent',
    what: 'a create that timed out is sent again (GitHub may still be processing the first)',
    file: 'src/modes/create.ts',
    from: "if (attempt >= 2 || error.transport === 'timeout' || event === 'COMMENT') {",
    to: "if (attempt >= 2 || event === 'COMMENT') {",
    unit: [U('create')],
    e2e: [E('faults')],
    e2eFilter: 'a create that times out and never lands',
  },
  {
    name: 'secret-token-check',
    what: "the secret scan no longer looks for this run's github-token itself",
    file: 'src/core/secrets.ts',
    from: 'if (token && token.length >= 8) {',
    to: 'if (token && token.length < 0) {',
    unit: [U('secrets')],
    e2e: [E('gate')],
    e2eFilter: 'whatever its shape',
  },
  {
    name: 'decide-ignores-version',
    what: 'decide() takes a review by another persona version as a duplicate of this head',
    file: 'src/core/decide.ts',
    from: ': standingFor(history, subject);',
    to:
      ': (standingFor(history, subject) ??\n' +
      '      history.find((h) => isLive(h.review) && h.marker.head === f.head && h.marker.base === f.base));',
    unit: [U('decide')],
    e2e: [E('lifecycle')],
    e2eFilter: 'persona-version',
  },
  {
    name: 'decide-ignores-force',
    what: 'decide() ignores force: a forced re-review of a reviewed head ends duplicate',
    file: 'src/core/decide.ts',
    from: 'const forHead = f.force ? undefined : ',
    to: 'const forHead = ',
    unit: [U('decide')],
    e2e: [E('lifecycle')],
    e2eFilter: 're-review on demand',
  },
  {
    name: 'settle-anchor-self',
    what: "settle() anchors on this run's review even when another landed first for the head",
    file: 'src/core/settle.ts',
    from: 'standingFor(known, current)',
    to: 'standingFor(known.length ? [self] : [], current)',
    unit: [U('decide')],
    e2e: [E('faults')],
    e2eFilter: 'race|raced|landed first|two runs',
  },
  {
    name: 'settle-ignores-version',
    what: 'settle() lets a review by another persona version stand for this one (the oldest one sets the version)',
    file: 'src/core/settle.ts',
    from: 'version: versionOf(self.marker) }',
    to: 'version: versionOf((history.find((h) => isLive(h.review) && speaks(h)) ?? self).marker) }',
    unit: [U('decide')],
    e2e: [E('lifecycle')],
    e2eFilter: 'persona-version',
  },
  {
    name: 'settle-ignores-force',
    what:
      "settle() leaves this run's review out when the listing lags behind the create: a forced review " +
      'the listing does not show yet is dismissed and the older review for the head stands',
    file: 'src/core/settle.ts',
    from: '[...history, self].sort(',
    to: '[...history].sort(',
    unit: [U('decide')],
    e2e: [E('lifecycle')],
    e2eFilter: 'listing lags',
  },
  {
    name: 'settle-forced-self',
    what: 'settle() anchors a forced run on its own review: two forced runs that raced dismiss each other',
    file: 'src/core/settle.ts',
    from:
      'const anchor =\n    standingFor(known, current) ?? ' +
      '(own && standingFor(known, { ...own, version: current.version })) ?? self;',
    to: 'const anchor = self.marker.forced ? self : (standingFor(known, current) ?? self);',
    unit: [U('decide')],
    e2e: [E('lifecycle')],
    e2eFilter: 'two forced runs',
  },
  {
    name: 'conclude-changes-requested-green',
    what: 'conclude() gives a CHANGES_REQUESTED verdict a success status',
    file: 'src/core/standing.ts',
    from: "end.afterWrite ? 'failure' : verdictState(verdict, rules)",
    to: "end.afterWrite ? 'failure' : verdict === 'CHANGES_REQUESTED' ? 'success' : verdictState(verdict, rules)",
    unit: [U('rules')],
    e2e: [E('gate')],
    e2eFilter: 'as a commit status',
  },
  {
    name: 'board-carries-any-tree',
    what: "carriedTo() (the persona jobs' and the board's rule) carries the latest verdict whatever the head's tree",
    file: 'src/core/history.ts',
    from: 'head.tree != null && tree === head.tree',
    to: 'head.tree != null',
    unit: [U('board'), U('decide')],
    e2e: [E('board'), E('history')],
    e2eFilter: 'carried forward|no-diff skip',
  },
  {
    name: 'gate-ignores-moved-head',
    what: 'gate() no longer stops a run whose PR head moved on (superseded)',
    file: 'src/core/decide.ts',
    from: 'if (pull.headSha !== reviewedSha) {',
    to: 'if (pull.headSha !== reviewedSha && pull.number < 0) {',
    unit: [U('decide')],
    e2e: [E('post')],
    e2eFilter: 'which PR and commit',
  },
  {
    name: 'shared-account-allowed',
    what: "decide() no longer refuses an account that already holds another persona's verdict",
    file: 'src/core/decide.ts',
    from: "return f.reviewEvent === 'verdict' ? sharedAccount(f.reviews, f.identity, f.persona) : null;",
    to: 'return null;',
    unit: [U('decide')],
    e2e: [E('gate')],
    e2eFilter: 'account',
  },
  {
    name: 'pending-not-refused',
    what: "a PENDING review of the persona's account no longer stops the run before the create",
    file: 'src/core/decide.ts',
    from: "f.reviews.find((r) => r.state === 'PENDING' && sameLogin(r.login, f.identity));",
    to: "f.reviews.find((r) => r.state === 'PENDING' && r.login === 'nobody');",
    unit: [U('decide')],
    e2e: [E('lifecycle'), E('gate'), E('history')],
    e2eFilter: 'PENDING',
  },
  {
    name: 'unchanged-from-oldest',
    what: 'the no-diff skip (carriedTo) compares the oldest counting review, not the latest',
    file: 'src/core/history.ts',
    from: 'const latest = sinceForced(history).filter(counts).at(-1);',
    to: 'const latest = sinceForced(history).filter(counts).at(0);',
    unit: [U('decide')],
    e2e: [E('history')],
    e2eFilter: 'no-diff skip',
  },
  {
    name: 'history-any-account',
    what: "history counts a marked review on any account (a forged marker is taken as the persona's)",
    file: 'src/core/history.ts',
    from: 'boolean => a !== null && a.toLowerCase() === b.toLowerCase();',
    to: 'boolean => a !== null && b !== null;',
    unit: [U('decide')],
    e2e: [E('board'), E('hostile')],
    e2eFilter: 'forged',
  },
  {
    name: 'dismiss-policy-widened',
    what: 'dismiss-stale: changes-requested dismisses stale APPROVEs too',
    file: 'src/core/settle.ts',
    from: "'changes-requested': new Set(['CHANGES_REQUESTED']),",
    to: "'changes-requested': new Set(['APPROVED', 'CHANGES_REQUESTED']),",
    unit: [U('decide')],
    e2e: [E('history')],
    e2eFilter: 'dismiss-stale',
  },
  {
    name: 'grammar-html-block-shown',
    what: 'only an HTML comment hides a verdict line: one after a <pre>, <script> or <style> left open is posted',
    file: 'src/core/blocks.ts',
    from: String.raw`  [/^ {0,3}<(script|pre|style)(?:[\s>]|$)/i, ''],`,
    to: '',
    unit: [U('grammar')],
    e2e: [],
  },
  {
    name: 'grammar-textarea-runs-on',
    what: 'a bare <textarea> is read as commonmark.js reads it, running to the end: a fence after it is missed',
    file: 'src/core/blocks.ts',
    from: "raw.replace(/<(\\/?)(textarea|search)(?![\\w-])/gi, '<$1$2-x')",
    to: 'raw',
    unit: [U('grammar')],
    e2e: [],
  },
  {
    name: 'grammar-long-line-loses-close',
    what: 'a line cut for the block parser loses the closing text past its 500th character',
    file: 'src/core/blocks.ts',
    from: "return `${line.slice(0, 500)} ${[...closes].join(' ')}`;",
    to: 'return line.slice(0, 500);',
    unit: [U('grammar')],
    e2e: [],
  },
  {
    name: 'grammar-hidden-verdict-read',
    what: 'a verdict line inside a code block or an HTML comment left open is posted',
    file: 'src/core/grammar.ts',
    from: 'const hidden = m ? hiddenBy(lines, last) : null;',
    to: 'const hidden = m && false ? hiddenBy(lines, last) : null;',
    unit: [U('grammar')],
    e2e: [E('post')],
    e2eFilter: 'aborts',
  },
  {
    name: 'grammar-trailing-text',
    what: 'the verdict line accepts text after the token',
    file: 'src/core/grammar.ts',
    from: '(APPROVE|CHANGES_REQUESTED|COMMENT)${WS}*$`',
    to: '(APPROVE|CHANGES_REQUESTED|COMMENT)${WS}*`',
    unit: [U('grammar')],
    e2e: [E('post')],
    e2eFilter: 'aborts',
  },
  {
    name: 'status-not-fitted',
    what: 'a commit status description over 140 characters is sent uncut (GitHub refuses it)',
    file: 'src/core/status-words.ts',
    from: 's.length <= STATUS_DESCRIPTION_MAX ? s :',
    to: 's.length <= 1000 ? s :',
    unit: [U('rules')],
    e2e: [E('gate')],
    e2eFilter: '140',
  },
  {
    name: 'queue-rejection-green',
    what: 'the merge queue passes a PR whose standing verdict is CHANGES_REQUESTED',
    file: 'src/core/outcome.ts',
    from: 'onGroup, verdictState(marker.verdict, rules)',
    to: "onGroup, rejected ? 'success' : verdictState(marker.verdict, rules)",
    unit: [U('rules')],
    e2e: [E('lifecycle')],
    e2eFilter: 'merge queue',
  },
  {
    name: 'preflight-keeps-stale-approve',
    what: 'preflight does not dismiss the stale APPROVEs before the LLM runs',
    file: 'src/modes/preflight.ts',
    from: 'await dismissAll(cfg.persona, port, target.pullNumber, plan.early, null);',
    to: 'await dismissAll(cfg.persona, port, target.pullNumber, [], null);',
    unit: [U('modes')],
    e2e: [E('gate')],
    e2eFilter: 'stale APPROVE',
  },
  {
    name: 'findlanded-any-run',
    what: "after an ambiguous failure, another run's review for the head is taken for this run's",
    file: 'src/core/settle.ts',
    from: '.find((h) => h.marker.run === run) ?? null;',
    to: '.find((h) => h.marker.run !== `${run}-not`) ?? null;',
    unit: [U('decide')],
    e2e: [E('faults')],
    e2eFilter: "another run's review",
  },
  // the K rules (issue 15): base binding, edited reviews, COMMENT is not green, forced reviews stand
  {
    name: 'verdict-any-base',
    what: 'isOf() drops the base check: a verdict given for another base branch counts for this one',
    file: 'src/core/history.ts',
    from: 'm.base !== undefined && m.base === s.base',
    to: 'm.base !== undefined',
    unit: [U('decide')],
    e2e: [E('green')],
    e2eFilter: 'retargeting the base',
  },
  {
    name: 'carry-any-base',
    what: 'carriedTo() drops the base check: an equal tree reviewed for another base carries its verdict',
    file: 'src/core/history.ts',
    from: ' || latest.marker.base !== s.base)',
    to: ')',
    unit: [U('decide')],
    e2e: [E('green')],
    e2eFilter: 'retargeting the base',
  },
  {
    name: 'edited-review-counts',
    what: 'counts() drops the edit check: a review edited after it was posted still speaks for the persona',
    file: 'src/core/history.ts',
    from: '!h.review.edited && !h.overruled',
    to: '!h.overruled',
    unit: [U('decide'), U('board')],
    e2e: [E('green'), E('board')],
    e2eFilter: 'edited',
  },
  {
    name: 'comment-green',
    what: 'verdictState() makes an effective COMMENT green without comment-passes',
    file: 'src/core/status-words.ts',
    from: "verdict === 'COMMENT' && rules.commentPasses ?",
    to: "verdict === 'COMMENT' && rules.commentPasses !== null ?",
    unit: [U('rules')],
    e2e: [E('green')],
    e2eFilter: 'effective COMMENT',
  },
  {
    name: 'forced-not-standing',
    what: 'standingFor() takes the first review of the subject: the newest forced review does not stand',
    file: 'src/core/history.ts',
    from: 'return newest < 0 ? history : history.slice(newest);',
    to: 'return newest < 0 ? history : history.slice(0);',
    unit: [U('decide'), U('board')],
    e2e: [E('green'), E('board')],
    e2eFilter: 'forced re-review',
  },
  {
    name: 'board-ignores-version',
    what: "the board ignores a persona's declared version (persona=login@version): any version's review counts",
    file: 'src/core/board.ts',
    from: 'member.version ?? (latest',
    to: '(member && undefined) ?? (latest',
    unit: [U('board')],
    e2e: [E('board')],
    e2eFilter: 'declared persona version',
  },
  {
    name: 'pull-number-disagreement-allowed',
    what: 'resolvePull() (shell, src/target.ts) no longer refuses a pull-number the event does not name',
    file: 'src/target.ts',
    from: 'cfg.pullNumber !== named) {',
    to: 'cfg.pullNumber < 0) {',
    unit: [],
    e2e: [E('green'), E('post')],
    e2eFilter: 'pull-number disagreeing|pull-number the event does not name',
  },
  {
    name: 'self-pr-allowed',
    what: "decide() no longer refuses a PR opened by the persona's own account",
    file: 'src/core/decide.ts',
    from: 'f.author !== null && sameLogin(f.author, f.identity)',
    to: 'f.author !== null && f.author.length < 0',
    unit: [U('decide')],
    e2e: [E('green')],
    e2eFilter: 'own PR',
  },
  {
    name: 'carry-escapes-rereview',
    what: 'a verdict under a forced re-review is carried to a rebased head with the same patch (attack round 6)',
    file: 'src/core/decide.ts',
    from: 'const doubted = (e: HistoryEntry) => f.reReviewing?.includes(e.marker.head) ?? false;',
    to: 'const doubted = (e: HistoryEntry) => e.marker.head.length < 0;',
    unit: [U('decide')],
    e2e: [E('restamp')],
    e2eFilter: 'never green on the doubted approval',
  },
  {
    name: 'twin-same-base-passes',
    what: 'a head another open PR shares into the same base counts as no shared head (attack rounds 7 to 10)',
    file: 'src/steps.ts',
    from: 'withHead.filter((p) => p.number !== target.pullNumber)',
    to: 'withHead.filter((p) => p.number !== target.pullNumber && p.baseRef !== pull.baseRef)',
    unit: [],
    e2e: [E('attack7'), E('attack9')],
    e2eFilter: 'same base',
  },
  {
    name: 'kept-rejection-any-actor',
    what: "keptRejection() trusts anyone's dismissal, not only this account's (a writer's dismissal is a re-roll)",
    file: 'src/core/restamp.ts',
    from: 'const ours = (e: DismissalEvent) => sameLogin(e.actor, identity);',
    to: 'const ours = (e: DismissalEvent) => e.actor !== null;',
    unit: [U('restamp')],
    e2e: [],
  },
  // attack K
  {
    name: 'kept-rejection-lost-behind-approval',
    what: 'keptRejection() stops at a stale approval of the subject: a base round trip re-rolls a rejection (K2)',
    file: 'src/core/restamp.ts',
    from: "if (h.marker.verdict === 'CHANGES_REQUESTED') return h;",
    to: "return h.marker.verdict === 'CHANGES_REQUESTED' ? h : null;",
    unit: [U('restamp')],
    // attackK › K2 (an approval, then a rejection) is mended by walking newest-first alone: only the unit rows with a
    // rejection before an approval tell this mutant apart
    e2e: [],
  },
  {
    name: 'group-green-not-reread',
    what: "a merge group's green is not read again: a forced re-review asked for meanwhile lets the group pass (K1)",
    file: 'src/core/after-green.ts',
    from: "c.outcome === 'queued' && c.status?.state === 'success'",
    to: "c.outcome === 'queued' && c.status?.state === 'failure'",
    unit: [U('rules')],
    e2e: [E('attackK')],
    e2eFilter: 'K1',
  },
  // attack L
  {
    name: 'settle-anchor-on-self',
    what: 'settle() anchors on its own review when the head moved: a raced plain copy dismisses the forced one (L2)',
    file: 'src/core/settle.ts',
    from: '(own && standingFor(known, { ...own, version: current.version })) ?? self;',
    to: '(own && undefined) ?? self;',
    unit: [U('decide')],
    e2e: [E('attackL')],
    e2eFilter: 'L2',
  },
  {
    name: 'restamp-unstood',
    what: 'restampable() restamps a racing copy that never stood for its subject (L2)',
    file: 'src/core/restamp.ts',
    from: '  if (!stood(history, latest, dismissals)) return null;',
    to: '  if (!stood(history, latest, dismissals) && false) return null;',
    unit: [U('restamp')],
    // attackL › L2 (restamp on) is mended by settle's anchor alone: the forced review stands, the copy goes
    e2e: [],
  },
  {
    name: 'kept-rejection-same-head-only',
    what: 'keptRejection() keeps a rejection of this exact head only: a no-op amend around a retarget re-rolls it (L3)',
    file: 'src/core/restamp.ts',
    from: 'isOf(e.marker, s) || sameChange(e.marker, s, headPatch)',
    to: 'isOf(e.marker, s) || (sameChange(e.marker, s, headPatch) && !headPatch)',
    unit: [U('restamp')],
    e2e: [E('attackL')],
    e2eFilter: 'L3',
  },
  {
    name: 'group-green-newer-red',
    what: "a merge group's green stands over a newer review's red posted while it was on its way (L1)",
    file: 'src/core/on-head.ts',
    from: '|| link.id <= reviewId ||',
    to: '|| link.id >= 0 ||',
    unit: [U('rules'), U('review-newerRed')],
    e2e: [E('attackL')],
    e2eFilter: 'L1',
  },
  // a review of the doctor (attack M)
  {
    name: 'doctor-body-unread',
    what: "the doctor does not read where a persona step's body comes from (an event's text posted as the verdict)",
    file: 'scripts/workflow-rules.mjs',
    from: 'if (uses.toLowerCase().startsWith(OUR_ACTION)) bodyFindings(where, inputsOf(step), say);',
    to: 'if (uses.toLowerCase().startsWith(OUR_ACTION) && false) bodyFindings(where, inputsOf(step), say);',
    unit: [U('doctor-rtM')],
    e2e: [],
  },
  {
    name: 'doctor-literal-ref-trusted',
    what: 'the doctor takes a checkout of a branch named outright for the gated one',
    file: 'scripts/workflow-reads.mjs',
    from: '!branches.includes(named) && !/^[0-9a-f]{40}$/i.test(ref))',
    to: '!branches.includes(named) && !/^[0-9a-f]{40}$/i.test(ref) && false)',
    unit: [U('doctor-rtM')],
    e2e: [],
  },
  {
    name: 'doctor-bypass-any-ruleset',
    what: "the doctor fails a bypass of a ruleset that requires no persona's status (a correct gate failed)",
    file: 'src/core/doctor-bypass.ts',
    from: '    if (!gates(r.id)) {',
    to: '    if (!gates(r.id) && false) {',
    unit: [U('doctor-rtM')],
    e2e: [],
  },
  {
    name: 'dispatch-force-unchecked',
    what: 'a forced workflow_dispatch run is not checked: the PR author re-rolls their own verdict',
    file: 'src/asker.ts',
    from: '  if (cfg.force && dispatched) {',
    to: "  if (cfg.force && dispatched && ctx.eventName === 'never') {",
    unit: [],
    e2e: [E('access')],
    e2eFilter: 'by hand',
  },
  // attack N
  {
    name: 'rerun-unchecked',
    what: "a re-run of a maintainer's forced run is not checked: the PR's author re-rolls the forced verdict (N1)",
    file: 'src/asker.ts',
    from: '  if (!by || by.toLowerCase() === asked.login.toLowerCase()) return;',
    to: '  if (!by || by.toLowerCase() !== asked.login.toLowerCase()) return;',
    unit: [],
    e2e: [E('attackN')],
    e2eFilter: 'N1',
  },
  {
    name: 'board-amend-unseen',
    what: "the board reads another head's rejection of the same patch only when it read no timeline before (N2, O1)",
    file: 'src/modes/board.ts',
    from: 'const amended = rejectedElsewhere(cfg.personas, reviews, at);',
    to: 'const amended = dismissals === undefined && rejectedElsewhere(cfg.personas, reviews, at);',
    unit: [],
    e2e: [E('attackO')],
    e2eFilter: 'O1',
  },
  // attack Q
  {
    name: 'group-unlisted-red-passes',
    what: "conclude() passes a group over a newer review's red posted between the queue run's two reads (Q1)",
    file: 'src/core/outcome.ts',
    from: '    newerRed(end.target, end.onHead, end.identity, rules.persona, standingId, unlisted) ??',
    to: '    newerRed(end.target, end.onHead, end.identity, rules.persona, standingId, () => false) ??',
    unit: [U('review-newerRed')],
    e2e: [E('attackQ')],
    e2eFilter: 'Q1',
  },
  {
    name: 'errored-group-green-unread',
    what: "a green answered with an error (but applied) is not read again (a group's, Q2; any other, attack R, P1)",
    file: 'src/main.ts',
    from: "const unconfirmed = e instanceof UnconfirmedWrite && failed.status?.state === 'success';",
    to: "const unconfirmed = e instanceof UnconfirmedWrite && String(failed.outcome) === 'never';",
    unit: [],
    e2e: [E('attackQ'), E('attackR-OP')],
    e2eFilter: 'Q2|P1',
  },
  {
    name: 'forced-doubt-dropped',
    what: 'a forced preflight that stops before its pending (draft, closed, moved, refused) records no doubt',
    file: 'src/core/outcome.ts',
    from: "  if (!rules.forced || rules.mode !== 'preflight' || !early",
    to: "  if (rules.persona !== null || rules.mode !== 'preflight' || !early",
    unit: [U('rules')],
    e2e: [E('attackR-KL')],
    e2eFilter: 'not written green|does not pass',
  },
  {
    name: 'carried-green-undoubted',
    what: 'a forced run whose head moved on leaves a green carried to the new head undoubted (attack R2, F2)',
    file: 'src/core/on-head.ts',
    from: "  if (now?.state !== 'success') return false;",
    to: "  if (now?.state !== 'never') return false;",
    unit: [U('rules')],
    e2e: [E('attackR2')],
    e2eFilter: 'H2',
  },
  {
    name: 'green-copy-hides-red',
    what: "a copy of the run's own green (a retried write GitHub applied) ends the walk for a twin's red (attack R5)",
    file: 'src/core/on-head.ts',
    from: '      if (!since(s)) copy = true;\n      continue;',
    to: '      return red;',
    unit: [U('rules')],
    e2e: [E('attackR-OP')],
    e2eFilter: 'P5',
  },
  {
    name: 'plain-pending-holds',
    what: "reReviewUnderWay() counts a plain run's pending as a forced re-review (a head left red for good, R9-1)",
    file: 'src/core/on-head.ts',
    from: "if (s.state === 'pending' && s.description === reviewing(persona, target, true)) return true;",
    to:
      "if (s.state === 'pending' && (s.description === reviewing(persona, target, true) || " +
      's.description === reviewing(persona, target))) return true;',
    unit: [U('rules')],
    e2e: [E('attack9')],
    e2eFilter: 'ordinary review',
  },
  // attack round 12
  {
    name: 'kept-red-during-rereview',
    what: "a kept rejection (or a shared head's failure) is written during a forced re-review, settling its hold (B2)",
    file: 'src/core/standing.ts',
    from: '  if (reReviewUnderWay(end.onHead, end.identity, rules.persona, end.target))\n    return (',
    to:
      "  if (state === 'success' && reReviewUnderWay(end.onHead, end.identity, rules.persona, end.target))\n" +
      '    return (',
    unit: [U('rules')],
    e2e: [E('attack12')],
    e2eFilter: 'twin',
  },
  {
    name: 'green-ignores-newer-review',
    what: "a green read again ignores a newer review's verdict posted since the run read the head",
    file: 'src/core/on-head.ts',
    from: 'return !copy && link.id > greenReview && since(s) ? s : red;',
    to: 'return !copy && link.id > greenReview && since(s) && link.id < 0 ? s : red;',
    unit: [U('rules')],
    e2e: [E('attack12')],
    e2eFilter: 'rejects before the green lands',
  },
  {
    name: 'person-forgery-blocks',
    what: "a marker copied into a person's review blocks an App persona (B6)",
    file: 'src/core/decide.ts',
    from: 'isLive(r) && isBot(r.login) && !sameLogin(r.login, f.identity)',
    to: 'isLive(r) && (isBot(r.login) || r.login !== null) && !sameLogin(r.login, f.identity)',
    unit: [U('decide')],
    e2e: [E('attack12')],
    e2eFilter: 'blocks nothing',
  },
  {
    name: 'modes-ignored',
    what: 'a symlink, an executable or a submodule is carried by the PR patch alone (R1)',
    file: 'src/core/patch.ts',
    from: 'if (mode && mode[1] !== REGULAR) out.add(file);',
    to: 'if (mode && mode[1] !== REGULAR && mode[1] === undefined) out.add(file);',
    unit: [U('patch')],
    e2e: [E('restamp')],
    e2eFilter: 'symlink',
  },
  {
    name: 'forced-pending-spared',
    what: 'a forced preflight spares its pending on a head with no status yet: a carry passes over it (F1)',
    file: 'src/core/on-head.ts',
    from: 'if (!onHead || forced) return true;',
    to: 'if (!onHead || (forced && !onHead)) return true;',
    unit: [U('rules')],
    e2e: [E('attack13')],
    e2eFilter: 'F1',
  },
  {
    name: 'carry-past-target-rereview',
    what: 'a verdict is carried (unchanged, restamped) to a head a forced re-review is judging (F1, F2)',
    file: 'src/modes/rereview.ts',
    from: 'if (!doubted(onSource, from) && !doubted(onTarget, target.reviewedSha)) return { plan, onTarget };',
    to: 'if (!doubted(onSource, from) && !doubted(onTarget, target.reviewedSha.slice(1))) return { plan, onTarget };',
    unit: [],
    e2e: [E('attack13')],
    e2eFilter: 'F2',
  },
  {
    name: 'twin-red-passed-over',
    what: "a red written since a kept run's read (a twin PR's refusal) stays under its green (F3)",
    file: 'src/core/on-head.ts',
    from: "if (!red && seen && since(s) && s.state !== 'success' && s.state !== 'pending') red = s;",
    to: "if (!red && seen && since(s) && s.state !== 'success' && s.state === 'pending') red = s;",
    unit: [U('rules')],
    e2e: [E('attack13')],
    e2eFilter: 'F3',
  },
  {
    name: 'modes-from-cut-diff',
    what: "the files' modes are read from a diff cut short (F5)",
    file: 'src/head-patch.ts',
    from: 'if (!c.whole) {',
    to: "if (!c.whole && c.why === 'never') {",
    unit: [U('head-patch')],
    e2e: [E('attack13')],
    e2eFilter: 'F5',
  },
  {
    name: 'doubt-source-not-written',
    what: 'a forced re-review does not doubt the head its verdict was carried from: one more push escapes it (R13-1)',
    file: 'src/modes/preflight.ts',
    from: 'if (!from || from === target.reviewedSha) return;',
    to: 'if (!from || from !== target.reviewedSha) return;',
    unit: [],
    e2e: [E('attack13-review')],
    e2eFilter: 'R13-1',
  },
  {
    name: 'edit-overrules-nothing',
    what: 'an edited review of the account no longer overrules the older ones: an edit that takes the marker out (E1)',
    file: 'src/core/history.ts',
    from: 'if (review.edited && !mine) cut = Math.max(cut, review.id);',
    to: 'if (review.edited && !mine) cut = Math.max(cut, -Infinity);',
    unit: [U('decide')],
    e2e: [E('attack15')],
    e2eFilter: 'E1',
  },
  {
    name: 'settle-on-lagging-listing',
    what: "a post settles on a listing that leaves its own review out: a lagging listing's missing forced review (F2)",
    file: 'src/modes/post.ts',
    from: 'for (const wait of LOOK_AFTER_MS) {',
    to: 'for (const wait of LOOK_AFTER_MS.slice(4)) {',
    unit: [],
    e2e: [E('attack15')],
    e2eFilter: 'F2',
  },
  {
    name: 'forced-adopts-plain',
    what: "a forced post whose create failed ambiguously adopts a plain run's review of its head (F1)",
    file: 'src/core/settle.ts',
    from: '(!marker.forced || h.marker.forced)',
    to: '(!marker.forced || !!h.marker)',
    unit: [U('decide')],
    e2e: [E('attack15')],
    e2eFilter: 'F1',
  },
  {
    name: 'own-review-cuts',
    what: "a post's own review, read back edited, overrules the forced review before it (round 15's read-through)",
    file: 'src/core/history.ts',
    from: 'if (review.edited && !mine)',
    to: 'if (review.edited)',
    unit: [U('decide')],
    e2e: [E('attack15')],
    e2eFilter: 'E1 x F2',
  },
  // attack round 16
  {
    name: 'label-unchecked',
    what: 'a forced run on a labeled event does not check who added the label: a triager re-rolls (C16b-1)',
    file: 'src/asker.ts',
    from: 'if (cfg.force && labeled) {',
    to: "if (cfg.force && labeled && labeled.login === '') {",
    unit: [],
    e2e: [E('attack16')],
    e2eFilter: 'C16b-1',
  },
  {
    name: 'bot-asks',
    what: 'a bot account GitHub calls a writer may ask for a re-review (C16b-2)',
    file: 'src/core/command.ts',
    from: 'if (/\\[bot\\]$/i.test(a.login)) {',
    to: 'if (/\\[bot\\]$/i.test(a.login) && false) {',
    unit: [U('command')],
    e2e: [E('attack16')],
    e2eFilter: 'C16b-2',
  },
  {
    name: 'one-app-two-personas',
    what: 'the doctor takes two personas on one App for two identities (D16b-1)',
    file: 'src/core/doctor-identity.ts',
    from: '.filter((g) => g.length > 1)',
    to: '.filter((g) => g.length > 2)',
    unit: [U('doctor')],
    e2e: [],
  },
  {
    name: 'board-ignores-own-red',
    what: "the board counts an approval beside the persona's own red status on the head (E16b-1/2, B1)",
    file: 'src/core/board.ts',
    from: "return own !== undefined && own.state !== 'success';",
    to: "return own !== undefined && own.state === 'error';",
    unit: [U('board')],
    e2e: [E('attack16')],
    e2eFilter: 'board',
  },
  {
    name: 'old-version-approval-stands',
    what: "an older persona version's approval of the head being judged again is not dismissed (E16b-2)",
    file: 'src/core/decide.ts',
    from: 'entry.marker.head !== s.head || entry.marker.base !== s.base || versionOf(entry.marker) !== s.version;',
    to:
      'entry.marker.head !== s.head || entry.marker.base !== s.base || ' +
      'versionOf(entry.marker) !== versionOf(entry.marker);',
    unit: [U('decide')],
    e2e: [E('attack16')],
    e2eFilter: 'E16b-2',
  },
  {
    name: 'post-green-over-twin',
    what: "a post's green stands over a twin PR opened at its head meanwhile (F3 for a post)",
    file: 'src/core/after-green.ts',
    from: "if (c.outcome !== 'posted' || !mayHaveLeftBase(c) || !c.status || !others.length) return null;",
    to: "if (c.outcome !== 'posted' || !mayHaveLeftBase(c) || !c.status || others.length < 2) return null;",
    unit: [U('rules')],
    e2e: [E('attack16')],
    e2eFilter: 'F3',
  },
  {
    name: 'closed-verdict-lost',
    what: 'a verdict judged for a PR closed before its post is not recorded: a reopen rolls the persona again (C1)',
    file: 'src/modes/post.ts',
    from: "if (facts.outcome !== 'closed' || facts.merged || !cfg.reviewedSha || cfg.force || !target.base) return {};",
    to: "if (facts.outcome !== 'closed' || facts.merged || !cfg.reviewedSha || !cfg.force || !target.base) return {};",
    unit: [],
    e2e: [E('attack16')],
    e2eFilter: 'C1',
  },
  {
    name: 'unposted-newest-only',
    what: "a status that settles nothing (a plain pending, a draft's) erases a closed post's record (C1 read-through)",
    file: 'src/core/on-head.ts',
    from: "const said = (s.description ?? '').toLowerCase();",
    to: "const said = (s.description ?? '').toLowerCase();\n    if (s.state === 'pending') return null;",
    unit: [U('rules')],
    e2e: [E('attack16')],
    e2eFilter: 'C1',
  },
  // attack rounds 17 and 18
  {
    name: 'unlisted-fails-open',
    what: "a post's green stays when the open PRs at its head cannot be listed again (R17-4)",
    file: 'src/after-green.ts',
    from: 'if (others === null)\n    return unconfirmed(',
    to: 'if (others === null) return r;\n  if (false as boolean)\n    return unconfirmed(',
    unit: [],
    e2e: [E('attack17')],
    e2eFilter: 'R17-4',
  },
  {
    name: 'post-reads-nothing-before',
    what: 'a post reads no statuses before its create: a /review written after it is buried by its green (R18-1)',
    file: 'src/modes/post.ts',
    from: 'cfg.force ? Promise.resolve(undefined) : ownStateOn(cfg, ctx, port, target.reviewedSha),',
    to: 'cfg.force || !cfg.force ? Promise.resolve(undefined) : ownStateOn(cfg, ctx, port, target.reviewedSha),',
    unit: [],
    e2e: [E('attack18')],
    e2eFilter: 'R18-1',
  },
  {
    name: 'unposted-unread',
    what: 'preflight on a reopen does not read back the verdict recorded while the PR was closed (C1)',
    file: 'src/core/on-head.ts',
    from: 'if (found) return found[0] as Verdict;',
    to: "if (found && found[0] === 'APPROVE') return found[0] as Verdict;",
    unit: [U('rules')],
    e2e: [E('attack16')],
    e2eFilter: 'C1',
  },
  {
    name: 'post-buries-read-forced',
    what: "a post's green buries a forced re-review it read under way before its create (rt18-C)",
    file: 'src/core/on-head.ts',
    from: "return seen !== undefined && !copy ? 'forced' : red;",
    to: "return (seen === null || (seen && since(s))) && !copy ? 'forced' : red;",
    unit: [U('rules')],
    e2e: [E('attack18')],
    e2eFilter: 'rt18-C',
  },
  {
    name: 'round-log-ignored',
    what: 'a round log whose verdict disagrees does not withhold the suggestion (held-out 23, attack 24)',
    file: 'src/core/intent-around.ts',
    from: 'const other = roundListed(lines, code, decided);',
    to: 'const other = lines.length < 0 ? roundListed(lines, code, decided) : null;',
    // the CLI's corpus run kills it too (held-out 23's Turkish GO), but the e2e bundle here builds no CLI
    unit: [U('intent')],
    e2e: [],
  },
  {
    name: 'force-on-reopen-passes',
    what: "the doctor passes a forced persona step on pull-request actions the PR's author causes (reopened …)",
    file: 'src/core/doctor-force.ts',
    from: "return listed.filter((t) => t !== 'labeled');",
    to: "return listed.filter((t) => t === 'edited');",
    unit: [U('doctor-force')],
    e2e: [],
  },
  {
    name: 'force-on-review-passes',
    what: "the doctor passes a forced step on the PR author's own review of the PR (pull_request_review)",
    file: 'src/core/doctor-force.ts',
    from: "const AUTHORS = new Set(['pull_request_review', 'pull_request_review_comment']);",
    to: "const AUTHORS = new Set(['pull_request_review_comment']);",
    unit: [U('doctor-force-rt19')],
    e2e: [],
  },
  {
    name: 'mixed-kinds-pass',
    what: 'the doctor passes a persona writing check runs in one workflow and commit statuses in another',
    file: 'src/core/doctor-force.ts',
    from: 'if (!runs.length || !statuses.length) continue;',
    to: 'if (!runs.length || statuses.length >= 0) continue;',
    unit: [U('doctor-force-rt19')],
    e2e: [],
  },
  {
    name: 'runs-unlisted-undefined',
    what: "a persona's check runs that cannot be listed are taken for a run that read nothing (round 19's F1)",
    file: 'src/own-runs.ts',
    from: '    return null;\n  }\n}',
    to: '    return undefined;\n  }\n}',
    unit: [],
    e2e: [E('attack19-readthrough'), E('check-runs')],
    e2eFilter: 'F1|cannot be listed',
  },
  {
    name: 'board-skips-app-runs',
    what: "the board reads no App member's check runs: its red or forced run does not hold its approval (R18-2)",
    file: 'src/modes/board.ts',
    from: 'for (const all of [statuses ?? [], APP.test(r.login) ? (runs ?? []) : []]) {',
    to: 'for (const all of [statuses ?? []]) {',
    unit: [],
    e2e: [E('check-runs'), E('attack18')],
    e2eFilter: 'board|R18-2',
  },
  {
    name: 'runs-unlisted-counted',
    what: "the board counts an App member's approval when its check runs cannot be listed (fail open)",
    file: 'src/modes/board.ts',
    from: 'if (runs === null && APP.test(r.login) && !onStatuses) out.unreadRuns.add(r.persona);',
    to: 'if (runs === null && APP.test(r.login) && !onStatuses && (false as boolean)) out.unreadRuns.add(r.persona);',
    unit: [],
    e2e: [E('check-runs')],
    e2eFilter: 'board',
  },
  {
    name: 'runs-unlisted-hold-all',
    what: "the board holds an App member's approval on unlisted runs though its own commit status is read",
    file: 'src/modes/board.ts',
    from: 'const onStatuses = hasOwnStatus(ownOf(statuses ?? [], r), r.persona);',
    to: 'const onStatuses = hasOwnStatus(ownOf(statuses ?? [], r), r.persona) && (false as boolean);',
    unit: [],
    e2e: [E('check-runs')],
    e2eFilter: 'board',
  },
  {
    name: 'runs-not-read-for-records',
    what: "with check runs, preflight reads no run back: a closed PR's record does not hold the reopen (C1)",
    file: 'src/modes/preflight.ts',
    from: 'const records = cfg.force || onHead !== undefined ? onHead : await ownRunsOn(',
    to: 'const records = cfg.force || onHead === undefined ? onHead : await ownRunsOn(',
    unit: [],
    e2e: [E('attack16')],
    e2eFilter: 'check-run',
  },
  {
    name: 'runs-never-read',
    what: 'with check runs, no run is read back: a forced re-review under way holds no kept verdict, post or group',
    file: 'src/own-runs.ts',
    from: "cfg.statusKind === 'commit' ? statusesOn(cfg, ctx, port, sha) : ownRunsOn(cfg, ctx, port, sha);",
    to: "cfg.statusKind === 'commit' ? statusesOn(cfg, ctx, port, sha) : Promise.resolve(undefined);",
    unit: [],
    e2e: [E('check-runs'), E('attack19-queue')],
    e2eFilter: 'queue',
  },
  {
    name: 'board-checks-unjudged',
    what: 'the doctor says nothing of a board on GITHUB_TOKEN without checks: read though an App member writes runs',
    file: 'src/core/doctor-board.ts',
    from: "if (!depend.length || said?.scope === 'read' || said?.scope === 'write' || (!said && called)) continue;",
    to: "if (!depend.length || said?.scope !== 'x' || (!said && called)) continue;",
    unit: [U('doctor-board')],
    e2e: [],
  },
  {
    name: 'quote-source-ignored',
    what: "a quote of someone else's words (the author's self-review) is read as the review's verdict (attack 25)",
    file: 'src/core/intent.ts',
    from: 'const apart = new Set([...code, ...quotedLines(lines)]);',
    to: 'const apart = new Set([...code, ...quotedLines([])]);',
    unit: [U('intent')],
    e2e: [],
  },
  {
    name: 'hold-ignored',
    what: "a hold after an approval ('Hold off until that's sorted') does not make it conditional (attack 25)",
    file: 'src/core/intent-conditions.ts',
    from: 'if (!HOLD_DENIED.test(clause)) return true;',
    to: 'if (!HOLD_DENIED.test(clause) && clause.length < 0) return true;',
    unit: [U('intent')],
    e2e: [],
  },
  {
    name: 'mixed-items-conflict',
    what: 'gate statuses that disagree among themselves leave the body in conflict, not its decision (held-out 25)',
    file: 'src/core/intent-items.ts',
    from: 'if (!gone.length || new Set(gone.flatMap((c) => c.verdicts)).size < 2) return false;',
    to: 'if (!gone.length || new Set(gone.flatMap((c) => c.verdicts)).size < 9) return false;',
    unit: [U('intent')],
    e2e: [],
  },
  {
    name: 'short-review-allowlist-ignored',
    what:
      'a short review in words is read past phrases the allowlist does not know: ' +
      '"LGTM. Leaving the backend to Bob." suggests APPROVE',
    file: 'src/core/intent-short.ts',
    from: 'phrases(text).every((p) => APPROVAL.test(p) || COURTESY.test(p))',
    to: 'phrases(text).some((p) => APPROVAL.test(p) || COURTESY.test(p))',
    unit: [U('intent-short')],
    e2e: [], // the CLI's bundle is not rebuilt per mutant (only the action's): the unit layer reads it
  },
  {
    name: 'bare-token-taken-back-unread',
    what:
      'a bare token whose own line takes it back is read: "LGTM. /s", ' +
      '"Approved — superseded by #1290" suggest APPROVE',
    file: 'src/core/intent-doubts.ts',
    from: "if (c.strength !== 'bare') return false;",
    to: "if (c.strength !== 'bare' || c.index >= 0) return false;",
    unit: [U('intent'), U('intent-doubts')],
    e2e: [],
  },
  {
    name: 'short-comment-tail-read',
    what: 'a short comment\'s token is read past what it says around it: "LGTM — scratch that" suggests APPROVE',
    file: 'src/core/intent-line.ts',
    from: 'if (saysMoreThanItsToken(r.lines, i)) return null;',
    to: 'if (saysMoreThanItsToken(r.lines, i) && i < 0) return null;',
    unit: [U('intent')],
    e2e: [],
  },
  {
    name: 'graphql-unpaced',
    what: 'a GraphQL query (a POST that may mutate) is paced as a read: no second between it and a write',
    file: 'src/github/pacing.ts',
    from: "if (m === 'GET' || m === 'HEAD') return 'read';",
    to: "if (m === 'GET' || m === 'HEAD' || path === '/graphql') return 'read';",
    unit: [U('pacing')],
    e2e: [],
  },
  {
    name: 'notify-gap-lost',
    what: 'writes that notify (a review, a comment) are spaced like any write: one second, not three',
    file: 'src/github/pacing.ts',
    from: 'notifies ? lastNotify + o.notifyGapMs : Number.NEGATIVE_INFINITY',
    to: 'Number.NEGATIVE_INFINITY',
    unit: [U('pacing')],
    e2e: [],
  },
  {
    name: 'graphql-rate-limit-ignored',
    what: "GraphQL's rate limit (HTTP 200, RATE_LIMITED) is not a rate limit: no wait, and an error of another class",
    file: 'src/core/errors.ts',
    from: 'const types = f.graphql ?? [];',
    to: "const types = f.graphql ?? [];\n  if (types.length >= 0) return 'other';",
    unit: [U('rules')],
    e2e: [E('limits')],
    e2eFilter: 'GraphQL',
  },
  {
    name: 'earlier-pass-read',
    what: 'a verdict key of an earlier pass ("First-pass verdict", "Last review\'s verdict") is read as this review\'s',
    file: 'src/core/intent-key-words.ts',
    from: 'String.raw`(?:FIRST|1ST|LAST)${PASS}|(?:PRE|BEFORE)',
    to: 'String.raw`(?:NEVER)${PASS}|(?:PRE|BEFORE)',
    unit: [U('intent-held37'), U('intent')],
    e2e: [],
  },
  {
    name: 'afterthought-unread',
    what: 'a bare token amended by an afterthought is read: "LGTM" then "— actually no, wait: …" suggests APPROVE',
    file: 'src/core/intent-doubts.ts',
    from: 'afterthought(lines, c.index) ||',
    to: '(afterthought(lines, c.index) && c.index < 0) ||',
    unit: [U('intent-held37'), U('intent')],
    e2e: [],
  },
  {
    name: 'short-escapes-unnamed',
    what: 'a short body of literal \\n escapes is not named: the advice is to replace line 1, the whole review',
    file: 'src/core/intent-body.ts',
    from: '(n >= 2 && /VERDICT/i.test(',
    to: '(n >= 99 && /VERDICT/i.test(',
    unit: [U('intent')],
    e2e: [],
  },
  {
    name: 'glued-token-unknown',
    what: 'a mark glued to a grammar token makes it unknown: \'"APPROVE"" … it means APPROVE, so write APPROVE\'',
    file: 'src/core/diagnostics.ts',
    from: "new RegExp(`^\\\\s*(${VERDICTS.join('|')})(?![A-Za-z0-9_])`, 'i').exec(after) ??",
    to: "new RegExp(`^\\\\s*(${VERDICTS.join('|')})(?![A-Za-z0-9_])`, 'i').exec('') ??",
    unit: [U('diagnostics')],
    e2e: [],
  },
  {
    name: 'earlier-review-section-read',
    what: 'a verdict under "## Previous review" is read as this review\'s, whatever the section after it says',
    file: 'src/core/intent-rounds.ts',
    from: 'return EARLIER_TITLE.test(opening(lines[k]!)) || OTHERS_TITLE.test(opening(lines[k]!)) ? k : -1;',
    to: 'return (EARLIER_TITLE.test(opening(lines[k]!)) || OTHERS_TITLE.test(opening(lines[k]!))) && k < 0 ? k : -1;',
    unit: [U('intent-held37'), U('intent')],
    e2e: [],
  },
  {
    name: 'addressee-report-read',
    what: 'a short comment that reports what the one it names did ("@alice approved") is read as its own approval',
    file: 'src/core/intent-short.ts',
    from: String.raw`(?=[\p{L}\p{N}])(?!\p{L}+ED\b|(?!(?:LOOKS|SEEMS|READS)\b)\p{L}+S\b)/iu`,
    to: String.raw`(?=[\p{L}\p{N}])/iu`,
    unit: [U('intent-short')],
    e2e: [],
  },
  {
    name: 'aftercare-any-reminder',
    what: 'any reminder after an approval ("Don\'t forget to fix the migration") is set aside as said of after it',
    file: 'src/core/intent-short-words.ts',
    from: '.filter((x) => !AFTERCARE.test(x.trim()) &&',
    to: String.raw`.filter((x) => !AFTERCARE.test(x.trim()) && !/^DON'T\s+FORGET\b/.test(x) &&`,
    unit: [U('intent-short')],
    e2e: [],
  },
  {
    name: 'hidden-note-read-as-metadata',
    what: 'a short comment\'s hidden note ("<!-- placeholder, real review tomorrow -->") is taken for metadata',
    file: 'src/core/intent-short.ts',
    from: "return '?';",
    to: "return '';",
    unit: [U('intent-held37'), U('intent')],
    e2e: [],
  },
  {
    name: 'code-span-key-read',
    what: 'a verdict key quoted as code is read: "hardcodes `DECISION=\\"REQUEST_CHANGES\\"`" suggests a refusal',
    file: 'src/core/intent-key.ts',
    from: 'if (inCode(raw, upper, key)) continue;',
    to: 'if (inCode(raw, upper, key) && i < 0) continue;',
    unit: [U('intent-held37')],
    e2e: [],
  },
  {
    name: 'code-span-token-noun-read',
    what: 'a token in a code span used as a noun is read: "Decision: `CHANGES_REQUESTED` reviews from bots …"',
    file: 'src/core/intent-key.ts',
    from: 'if (named(raw, lead.token)) return null;',
    to: 'if (named(raw, lead.token) && i < 0) return null;',
    unit: [U('intent-held37')],
    e2e: [],
  },
];

const ROOT = join(import.meta.dirname, '..') + '/';

/** The child running now: an interrupt stops it before restoring (a late bundle would overwrite dist/). */
let current = null;

function run(cmd, args, { quiet = true } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    current = child;
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      if (current === child) current = null;
      if (!quiet) process.stdout.write(out);
      resolve({ code, out });
    });
  });
}

/** Where `from` is in the file's text; throws unless exactly once. */
function locate(m, text) {
  const at = text.indexOf(m.from);
  if (at < 0) throw new Error(`mutant ${m.name}: its text is no longer in ${m.file}; update scripts/mutants.mjs`);
  if (text.indexOf(m.from, at + 1) >= 0)
    throw new Error(`mutant ${m.name}: its text occurs more than once in ${m.file}; make it unique`);
  return at;
}

/**
 * Runs test files; killed when a test failed, named. A failure vitest reports without naming the test (with --bail
 * the cancelled files can take the failing test's entry with them) is run again without --bail: a named failing test
 * is a kill; still none named (a hook, an unhandled error) cannot be judged — never a kill, never a survival.
 */
async function tests(files, filter, bail = true) {
  const out = join(mkdtempSync(join(tmpdir(), 'pv-mutant-')), 'r.json');
  const args = ['vitest', 'run', ...files, ...(bail ? ['--bail=1'] : []), '--reporter=json', `--outputFile=${out}`];
  if (filter) args.push('-t', filter);
  const r = await run('npx', args);
  if (!existsSync(out)) return { killed: null, note: `vitest wrote no report (exit ${r.code}): ${r.out.slice(-400)}` };
  const report = JSON.parse(readFileSync(out, 'utf8'));
  if (report.numTotalTests === 0) return { killed: null, note: 'no test ran: check the file list and filter' };
  const failed = report.testResults.flatMap((f) =>
    f.assertionResults.filter((a) => a.status === 'failed').map((a) => `${f.name.slice(ROOT.length)} › ${a.title}`),
  );
  const crashed = report.testResults.filter((f) => f.status === 'failed' && !f.assertionResults.length);
  if (!failed.length && crashed.length) return { killed: null, note: `a file failed to load: ${crashed[0].message}` };
  if (!failed.length && (report.numFailedTests > 0 || report.success === false || r.code !== 0)) {
    if (bail) return tests(files, filter, false);
    return { killed: null, note: `vitest failed (exit ${r.code}) without naming a test: ${r.out.slice(-300)}` };
  }
  return { killed: failed.length > 0, by: failed[0], ran: report.numTotalTests };
}

async function check(m, opts, dist) {
  const path = join(ROOT, m.file);
  const original = readFileSync(path, 'utf8');
  const at = locate(m, original);
  const mutated = original.slice(0, at) + m.to + original.slice(at + m.from.length);
  const result = { name: m.name, unit: null, e2e: null };
  try {
    writeFileSync(path, mutated);
    result.unit = m.unit.length ? await tests(m.unit) : { killed: null, note: 'n/a' };
    if (!opts.unitOnly && m.e2e.length) {
      const b = await bundleAction();
      writeFileSync(path, original); // the e2e tests' own helpers import src/: keep it whole
      result.e2e =
        b.code === 0 ? await tests(m.e2e, m.e2eFilter) : { killed: null, note: `bundle failed: ${b.out.slice(-300)}` };
    } else {
      result.e2e = { killed: null, note: 'n/a' };
    }
  } finally {
    writeFileSync(path, original);
    restoreDist(dist);
  }
  return result;
}

/**
 * Only what the end-to-end tests run, dist/main.js and dist/index.js (not the CLI, the schema
 * or the licence file: half the time of `npm run bundle`), built aside and copied over dist/.
 */
async function bundleAction() {
  const out = join(mkdtempSync(join(tmpdir(), 'pv-bundle-')), 'dist');
  const b = await run(join(ROOT, 'node_modules/.bin/ncc'), ['build', 'src/main.ts', '-o', out, '--target', 'es2022']);
  const e = b.code === 0 ? await run(process.execPath, [join(ROOT, 'scripts/entry.mjs'), out]) : b;
  if (e.code === 0) cpSync(out, join(ROOT, 'dist'), { recursive: true });
  rmSync(dirname(out), { recursive: true, force: true });
  return e;
}

function restoreDist(saved) {
  if (!saved) return;
  rmSync(join(ROOT, 'dist'), { recursive: true, force: true });
  cpSync(saved, join(ROOT, 'dist'), { recursive: true });
}

const mark = (r) => (r === null ? '?' : r.killed === true ? 'killed' : r.killed === false ? '**SURVIVED**' : r.note);

async function main() {
  const { values } = parseArgs({
    options: {
      list: { type: 'boolean', default: false },
      only: { type: 'string', multiple: true },
      'unit-only': { type: 'boolean', default: false },
    },
  });
  const names = (values.only ?? []).flatMap((s) => s.split(',')).filter(Boolean);
  const unknown = names.filter((n) => !MUTANTS.some((m) => m.name === n));
  if (unknown.length) throw new Error(`no mutant named ${unknown.join(', ')} (see --list)`);
  const chosen = names.length ? MUTANTS.filter((m) => names.includes(m.name)) : MUTANTS;
  // every mutant still applies, before anything is touched
  for (const m of MUTANTS) locate(m, readFileSync(join(ROOT, m.file), 'utf8'));
  if (values.list) {
    for (const m of chosen) {
      const e2e = m.e2e.join(' ') + (m.e2eFilter ? ` -t "${m.e2eFilter}"` : '');
      console.log(`${m.name}\n  ${m.file}: ${m.what}\n  unit: ${m.unit.join(' ') || '-'}\n  e2e:  ${e2e || '-'}`);
    }
    return;
  }
  const dirty = await run('git', ['status', '--porcelain', '--', 'src', 'dist']);
  if (dirty.out.trim()) throw new Error(`src/ or dist/ has uncommitted changes; commit them first:\n${dirty.out}`);
  const dist = values['unit-only'] ? null : join(mkdtempSync(join(tmpdir(), 'pv-dist-')), 'dist');
  if (dist) cpSync(join(ROOT, 'dist'), dist, { recursive: true });
  const onSignal = () => {
    console.error('interrupted: stopping the running step, restoring src/ and dist/ from git');
    if (current?.pid) process.kill(-current.pid, 'SIGKILL'); // its whole group: npm, ncc, vitest workers
    setTimeout(() => void run('git', ['checkout', '--', 'src', 'dist']).then(() => process.exit(130)), 1000);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const results = [];
  for (const m of chosen) {
    const started = Date.now();
    const r = await check(m, { unitOnly: values['unit-only'] }, dist);
    results.push(r);
    const secs = Math.round((Date.now() - started) / 1000);
    console.log(`${m.name}: unit ${mark(r.unit)}, e2e ${mark(r.e2e)} (${secs} s)`);
    for (const [layer, x] of [
      ['unit', r.unit],
      ['e2e', r.e2e],
    ])
      if (x?.by) console.log(`  ${layer}: ${x.by.slice(0, 160)}`);
  }
  console.log('\n| mutant | killed by a unit test | killed by an e2e test |\n|---|---|---|');
  for (const r of results) console.log(`| \`${r.name}\` | ${mark(r.unit)} | ${mark(r.e2e)} |`);
  const survived = results.filter((r) => r.unit?.killed === false || r.e2e?.killed === false);
  const broken = results.filter((r) => [r.unit, r.e2e].some((x) => x?.killed === null && x.note !== 'n/a'));
  console.log(`\n${results.length} mutant(s): ${survived.length} survived, ${broken.length} could not be judged`);
  process.exitCode = survived.length || broken.length ? 1 : 0;
}

// run only as the entry point: test/unit/mutants.test.ts imports MUTANTS without running anything
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
