// The action's entry: read inputs once, build the client, run the flow, report.
import { randomBytes } from 'node:crypto';
import * as core from '@actions/core';
import { context } from '@actions/github';
import { InputError, readConfig, type Config } from './config.js';
import { createClient } from './github/octokit.js';
import { runFlow } from './flow.js';
import { newResult, type Result, type RunContext } from './result.js';
import { headline, summaryMarkdown } from './report.js';
import { renderDiagnosis } from './core/diagnostics.js';

export async function run(): Promise<void> {
  try {
    await runAction();
  } catch (e) {
    // a bug, not an input or API condition: still a failed step with words, never a crash
    core.setOutput('outcome', 'aborted');
    core.setFailed(`internal error: ${(e as Error)?.stack ?? String(e)}`);
  }
}

async function runAction(): Promise<void> {
  const started = Date.now();
  let cfg: Config;
  try {
    const token = core.getInput('github-token');
    if (token) core.setSecret(token);
    // the body is taken exactly as given; every other input is trimmed (core's default)
    cfg = readConfig((name) => core.getInput(name, { trimWhitespace: name !== 'body' }));
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    await report(badInput(e), null);
    return;
  }
  let result: Result;
  try {
    const needsApi = cfg.mode !== 'check';
    const ctx = needsApi ? runContext() : { owner: '', repo: '', eventPull: null, runId: 'check' };
    const port = needsApi
      ? createClient({
          token: cfg.token,
          owner: ctx.owner,
          repo: ctx.repo,
          requestTimeoutMs: cfg.requestTimeoutSeconds * 1000,
          deadline: started + cfg.runTimeoutSeconds * 1000,
          maxRateLimitWaitSeconds: 120,
          warn: (m) => core.warning(m),
        })
      : null;
    result = await runFlow(cfg, ctx, port);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    result = badInput(e);
  }
  await report(result, cfg.bodyPath);
}

const badInput = (e: InputError): Result => ({ ...newResult(), reason: 'bad-input', failure: `bad-input: ${e.message}` });

function runContext(): RunContext {
  const full = process.env['GITHUB_REPOSITORY'] ?? '';
  if (!/^[^/\s]+\/[^/\s]+$/.test(full)) throw new InputError('GITHUB_REPOSITORY is not set to owner/repo: run inside GitHub Actions');
  const [owner, repo] = full.split('/') as [string, string];
  type Side = { sha?: string; repo?: { full_name?: string; fork?: boolean } | null };
  const pr = context.payload.pull_request as { number?: number; head?: Side; base?: Side } | undefined;
  const headRepo = pr?.head?.repo?.full_name;
  const fromFork = Boolean(pr?.head?.repo?.fork) || (headRepo !== undefined && pr?.base?.repo?.full_name !== undefined && headRepo !== pr.base.repo.full_name);
  const eventPull = pr && typeof pr.number === 'number' && typeof pr.head?.sha === 'string' ? { number: pr.number, headSha: pr.head.sha, fromFork } : null;
  const runId = `${process.env['GITHUB_RUN_ID'] ?? 'local'}-${process.env['GITHUB_RUN_ATTEMPT'] ?? '1'}-${randomBytes(4).toString('hex')}`.replace(/[^A-Za-z0-9._-]/g, '_');
  return { owner, repo, eventPull, runId };
}

async function report(r: Result, bodyFile: string | null): Promise<void> {
  const set = (name: string, v: string | number | boolean | undefined): void => core.setOutput(name, v === undefined ? '' : String(v));
  set('outcome', r.outcome);
  set('reason', r.reason);
  set('verdict', r.verdict);
  set('event', r.event);
  set('review-id', r.reviewId);
  set('review-url', r.reviewUrl);
  set('dismissed-review-ids', JSON.stringify(r.dismissed));
  set('should-review', r.shouldReview);
  set('head-sha', r.headSha);
  set('baseline-sha', r.baselineSha);
  if (r.board) {
    set('panel-verdict', r.board.panelVerdict);
    set('missing-personas', JSON.stringify(r.board.missing));
    set('board-comment-id', r.boardCommentId);
  }

  for (const n of r.notices) core.notice(n);
  for (const w of r.warnings) core.warning(w);
  if (r.diagnosis) {
    const d = r.diagnosis;
    const file = bodyFile ?? undefined;
    // the full explanation in the log too; every line starts with our own words (never
    // with body text), and body text is shown through visible(), so no line can be a command
    core.info(renderDiagnosis(d, file));
    if (d.lastLine && !d.nearMisses.some((n) => n.line === d.lastLine!.line)) {
      core.error(`${d.reason}: last non-blank line is "${d.lastLine.text}"`, { title: 'persona-verdict: no verdict', file, startLine: d.lastLine.line });
    }
    for (const n of d.nearMisses) {
      core.error(`"${n.text}": ${n.differs.join('; ')}`, { title: `persona-verdict: ${d.reason}`, file, startLine: n.line });
    }
  }
  if (process.env['GITHUB_STEP_SUMMARY']) {
    try {
      await core.summary.addRaw(summaryMarkdown(r, bodyFile)).write();
    } catch (e) {
      core.warning(`could not write the job summary: ${(e as Error).message}`);
    }
  }
  core.info(`persona-verdict: ${headline(r)}`);
  if (r.failure) core.setFailed(r.advice ? `${r.failure}\nWhat to do: ${r.advice}` : r.failure);
}
