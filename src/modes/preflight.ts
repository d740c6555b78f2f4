// Mode preflight: should this persona review this head? Answers before the LLM runs;
// when a review is needed, dismisses the persona's stale APPROVEs at once, writes
// the PR's diff (from the API, pinned to the reviewed head) for the persona to read,
// and reads the head's status of this persona (pending is written only where it changes the gate).
import { writeFileSync } from 'node:fs';
import { Abort } from '../abort.js';
import type { Config } from '../config.js';
import type { RunContext } from '../context.js';
import { gate, type Gate, type PullFacts } from '../core/decide.js';
import { cover, coverHeader, noTextSummary } from '../core/diffcover.js';
import type { End, PullTarget } from '../core/outcome.js';
import { ApiError, type GitHubPort } from '../github/port.js';
import {
  attributed,
  dismissAll,
  planFor,
  publishStatus,
  readHead,
  statusesOn,
  writesStatus,
  type Facts,
  type Trace,
} from '../steps.js';
import { reviewing, unpostedVerdict } from '../core/on-head.js';
import type { Verdict } from '../core/grammar.js';
import { short } from '../core/sha.js';
import { fit } from '../core/status-words.js';
import { resolveTarget } from '../target.js';
import { keepStanding } from './keep.js';
import { ownRunsOn } from '../own-runs.js';
import { sharedHeadAbort } from './shared-head.js';
import { restamp } from './restamp.js';
import { carriedFrom, unlessReReviewed } from './rereview.js';

/** A diff larger than this is not handed to a persona as if it were whole. */
export const MAX_DIFF_BYTES = 10 * 1024 * 1024;

export async function runPreflight(cfg: Config, ctx: RunContext, port: GitHubPort, trace: Trace): Promise<End> {
  const target = await resolveTarget(cfg, ctx, port);
  return attributed(target, async () => {
    const facts = await readHead(cfg, port, target);
    if ('stop' in facts) {
      const { outcome: kind, message, merged, movedTo } = facts;
      return { kind, message, target, merged, movedTo };
    }
    const pull = facts.pull;
    // the diff is read against this base: a retarget from here on supersedes the run, and post is bound to it
    const bound: PullTarget = { ...target, base: target.base ?? pull.baseRef };
    if (pull.draft && !cfg.reviewDrafts)
      return { kind: 'draft', target, identity: facts.identity, warnings: facts.warnings };
    const { plan, onTarget } = await unlessReReviewed(cfg, ctx, port, target, facts, trace);
    // a carry read the head's statuses just now: kept, they are not read again
    const read = onTarget === undefined ? undefined : { onHead: onTarget };
    if (plan.action === 'keep') return keepStanding(cfg, ctx, port, target, plan, facts, null, read);
    if (plan.action === 'post') throw new Error('decide() answered post without a body');
    if (plan.action === 'restamp') return restamp(cfg, ctx, port, target, plan, facts, onTarget);
    const early = await dismissAll(cfg.persona, port, target.pullNumber, plan.early, null);
    if (early.failure)
      throw new Abort(early.failure.reason, `a stale approval could not be dismissed: ${early.failure.message}`);
    // no LLM run for a head another open PR shares: a status is per commit, so no verdict could pass this PR alone
    // (a second PR at a rejected head was a new roll: attack round 8); its stale approvals are gone first (round 10)
    if (facts.sharedHead?.length) throw sharedHeadAbort(cfg.persona, target.reviewedSha, facts.sharedHead);
    // what the gate shows on the head now: the core writes pending only where it changes that (conclude()); and a
    // verdict judged while the PR was closed, recorded there, is not rolled again (attack round 16, C1)
    const onHead = await statusesOn(cfg, ctx, port, target.reviewedSha);
    const version = cfg.personaVersion ?? '';
    // with check runs, the record is read back from them (own-runs.ts): found, it holds; unlisted, nothing is held
    const records = cfg.force || onHead !== undefined ? onHead : await ownRunsOn(cfg, ctx, port, target.reviewedSha);
    const judged = cfg.force
      ? null
      : unpostedVerdict(records, facts.identity, cfg.persona, target, pull.baseRef, version);
    if (judged) return unposted(cfg.persona, target, facts.identity, judged, pull.baseRef, version);
    await doubtSource(cfg, ctx, port, target, facts);
    const diff = cfg.diffPath ? await writeDiff(cfg.diffPath, port, pull, bound) : { warnings: [] };
    if ('stop' in diff)
      return { kind: diff.outcome, message: diff.message, target, movedTo: diff.movedTo, identity: facts.identity };
    const warnings = [...facts.warnings, ...diff.warnings];
    const diffPath = cfg.diffPath ?? undefined;
    const identity = facts.identity;
    return { kind: 'needs-review', target: bound, identity, dismissed: early.ids, diffPath, onHead, warnings };
  });
}

/** The head was judged while its PR was closed: that verdict stands (red), nothing is judged again. */
function unposted(
  persona: string,
  target: PullTarget,
  identity: string,
  verdict: Verdict,
  base: string,
  version: string,
): End {
  const message =
    `${persona} judged ${short(target.reviewedSha)} ${verdict} for PR #${target.pullNumber} into ${base} while ` +
    "the PR was closed; GitHub takes no review on a closed PR, so it is recorded as the head's failure (written " +
    `again now) and not judged again: push a change, or a maintainer comments /review ${persona}`;
  return { kind: 'unposted', target, identity, verdict, message, base, version };
}

/**
 * The PR's diff, merge base to the reviewed head, as GitHub renders it; whole or not at all (core/diffcover.ts):
 * checked against the PR's file list and changed_files, with the files it shows no text for named in a header.
 * The file list is the PR's, not a commit's: the PR is read again after it, and a head that moved meanwhile stops
 * the run (superseded) rather than check one head's diff against another head's files.
 */
async function writeDiff(
  path: string,
  port: GitHubPort,
  pull: PullFacts,
  target: PullTarget,
): Promise<{ warnings: string[] } | Extract<Gate, { stop: true }>> {
  const [diff, files] = await Promise.all([
    readWhole(`the PR's diff`, port.compareDiff(pull.baseSha, target.reviewedSha)),
    readWhole(`the PR's file list`, port.listPullFiles(target.pullNumber)),
  ]);
  const bytes = Buffer.byteLength(diff, 'utf8');
  if (bytes > MAX_DIFF_BYTES) {
    throw new Abort(
      'diff-unavailable',
      `the PR's diff is ${bytes} bytes, over the ${MAX_DIFF_BYTES}-byte limit`,
      diffAdvice,
    );
  }
  const now = await port.getPull(target.pullNumber);
  const moved = gate(now, target.reviewedSha, target.base);
  if (moved.stop) return moved;
  const c = cover(diff, files, now.changedFiles);
  if (!c.whole) throw new Abort('diff-unavailable', `the PR's diff is not whole: ${c.why}`, diffAdvice);
  try {
    writeFileSync(path, coverHeader(c) + diff);
  } catch (e) {
    throw new Abort('bad-input', `diff-path ${path} cannot be written: ${(e as Error).message}`);
  }
  const warnings = c.noText.length
    ? [
        `${c.noText.length} changed file(s) have no text diff for the persona to read ` +
          `(named at the top of diff-path): ${noTextSummary(c)}`,
      ]
    : [];
  return { warnings };
}

/** A read the diff depends on; any failure makes the diff unavailable (fail closed). */
async function readWhole<T>(what: string, p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    throw new Abort('diff-unavailable', `${what} could not be read from GitHub: ${e.message}`, diffAdvice);
  }
}

const diffAdvice =
  'split the PR (GitHub renders the diff of at most 300 files), or review it without a persona; ' +
  'a partial diff is never passed off as whole';

/**
 * A forced re-review doubts the verdict its head shows now, wherever that verdict comes from: one carried to the head
 * (an equal change) or one that would be restamped onto it is another head's review, and the forced pending is
 * written on that head too, so that no later head carries or restamps the review past the re-review (attack round 13,
 * R13-1: one more identical push escaped it). With check runs too: a carry lists the persona's runs (own-runs.ts).
 */
async function doubtSource(
  cfg: Config,
  ctx: RunContext,
  port: GitHubPort,
  target: PullTarget,
  facts: Facts,
): Promise<void> {
  if (!cfg.force || !writesStatus(cfg, ctx)) return;
  const from = carriedFrom(planFor({ ...cfg, force: false }, target, facts, null, () => undefined));
  if (!from || from === target.reviewedSha) return;
  const source = { pullNumber: target.pullNumber, reviewedSha: from };
  await publishStatus(cfg, ctx, port, {
    sha: from,
    state: 'pending',
    description: fit(reviewing(cfg.persona, source, true)),
  });
}
