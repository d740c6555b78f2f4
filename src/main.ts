// The action's entry: read inputs once, pick the mode, run it, let the core conclude,
// write the commit status, report. The one place an Abort is caught.
import * as core from '@actions/core';
import { Abort, UnconfirmedWrite } from './abort.js';
import { checkAsker } from './asker.js';
import { InputError, readConfig, type Config } from './config.js';
import { PERSONA_PATTERN } from './core/marker.js';
import { runContext, type RunContext } from './context.js';
import { renderDiagnosis } from './core/diagnostics.js';
import { afterGreen, oneEach } from './after-green.js';
import { conclude, type Conclusion, type End } from './core/outcome.js';
import { outputsOf } from './core/outputs.js';
import { parseTimeScale, TIME_SCALE_ENV } from './core/waits.js';
import { createClient } from './github/octokit.js';
import { ApiError, type GitHubPort } from './github/port.js';
import { runBoard } from './modes/board.js';
import { doubtFollows } from './modes/rereview.js';
import { runCheck } from './modes/check.js';
import { runPost } from './modes/post.js';
import { runPreflight } from './modes/preflight.js';
import { runQueued } from './modes/queued.js';
import { runDoctorAction } from './modes/doctor.js';
import { addSummary, headline } from './report.js';
import { publishStatus, writesStatus, type Trace } from './steps.js';
import { eventCommit } from './target.js';

export async function run(): Promise<void> {
  core.summary.emptyBuffer(); // a run's summary is its own (the in-process tests run many in one process)
  try {
    await runAction();
  } catch (e) {
    // a bug, not an input or API condition: still a failed step with words, never a crash
    core.setOutput('outcome', 'aborted');
    core.setFailed(`internal error: ${(e as Error)?.stack ?? String(e)}`);
  }
}

const trace: Trace = (label, value, line) => {
  if (line) core.info(line);
  if (core.isDebug()) core.debug(`${label}: ${JSON.stringify(value)}`);
};

async function runAction(): Promise<void> {
  const started = Date.now();
  const token = core.getInput('github-token');
  if (token) core.setSecret(token);
  let cfg: Config;
  let timeScale: number;
  try {
    // the body is taken exactly as given; every other input is trimmed (core's default)
    cfg = readConfig((name) => core.getInput(name, { trimWhitespace: name !== 'body' }));
    timeScale = testTimeScale();
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    // the persona, when its own input is well formed: in a panel, the heading says whose step failed
    const persona = core.getInput('persona');
    const named = PERSONA_PATTERN.test(persona) ? persona : '';
    await report(conclude({ kind: 'aborted', reason: 'bad-input', message: e.message }, noRules), named, null);
    return;
  }
  if (cfg.mode === 'doctor') return runDoctorAction(cfg);
  let end: End;
  let ctx: RunContext | null = null;
  let port: GitHubPort | null = null;
  try {
    if (cfg.mode === 'check') end = runCheck(cfg);
    else {
      ctx = runContext();
      port = createClient({
        token: cfg.token,
        owner: ctx.owner,
        repo: ctx.repo,
        requestTimeoutMs: cfg.requestTimeoutSeconds * 1000,
        deadline: started + cfg.runTimeoutSeconds * 1000,
        timeScale,
        warn: (m) => core.warning(m),
        statusKind: cfg.statusKind,
      });
      end = await core.group(`persona-verdict: ${cfg.mode}`, () => runMode(cfg, ctx!, port!));
    }
  } catch (e) {
    if (!(e instanceof Abort)) throw e;
    end = aborted(e, cfg, ctx);
  }
  const rules = {
    mode: cfg.mode,
    persona: cfg.persona,
    failOnChangesRequested: cfg.failOnChangesRequested,
    requireAllPersonas: cfg.requireAllPersonas,
    minApprovals: cfg.minApprovals,
    commentPasses: cfg.commentPasses,
    commitStatus: writesStatus(cfg, ctx),
    forced: cfg.force,
  };
  let result = conclude(end, rules);
  trace('conclusion', { ...result, diagnosis: undefined, board: undefined });
  if ((result.status || result.doubt) && port && ctx) result = await withStatus(result, cfg, ctx, port);
  await report(result, cfg.persona, cfg.bodyPath);
}

/** The End of a run that threw an Abort. */
function aborted(e: Abort, cfg: Config, ctx: RunContext | null): End {
  return {
    kind: 'aborted',
    reason: e.reason,
    message: e.message,
    advice: advise(e, ctx),
    diagnosis: e.diagnosis,
    // a GitHub read failed before the target was known: the event's commit shows the failure
    target: e.target ?? (e instanceof ApiError && ctx ? eventCommit(cfg, ctx) : undefined),
  };
}

/** Test-only: the action's own e2e tests shorten its waits (core/waits.ts); 1 everywhere else. */
function testTimeScale(): number {
  const scale = parseTimeScale(process.env[TIME_SCALE_ENV]);
  if (typeof scale !== 'number') throw new InputError(scale.error);
  return scale;
}

const noRules = {
  mode: 'check',
  persona: '',
  failOnChangesRequested: false,
  requireAllPersonas: false,
  commitStatus: false,
} as const;

async function runMode(cfg: Config, ctx: RunContext, port: GitHubPort): Promise<End> {
  if (cfg.mode === 'post' || cfg.mode === 'preflight') await checkAsker(cfg, ctx, port);
  if (ctx.mergeGroup && (cfg.mode === 'post' || cfg.mode === 'preflight'))
    return runQueued(cfg, ctx, ctx.mergeGroup, port, trace);
  switch (cfg.mode) {
    case 'post':
      return doubtFollows(cfg, ctx, port, await runPost(cfg, ctx, port, trace));
    case 'preflight':
      return doubtFollows(cfg, ctx, port, await runPreflight(cfg, ctx, port, trace));
    case 'board':
      return runBoard(cfg, ctx, port);
    case 'check':
      return Promise.resolve(runCheck(cfg));
    case 'doctor':
      throw new Error('mode doctor runs in runDoctorAction, before any mode');
  }
}

/**
 * Writes the commit status (after a forced re-review's doubt, when it stopped early: core/outcome.ts doubtKept); if
 * that fails, the step fails (the gate would be wrong), whatever else happened.
 */
async function withStatus(result: Conclusion, cfg: Config, ctx: RunContext, port: GitHubPort): Promise<Conclusion> {
  // the doubt's pending is said once it is written, whatever happens to the status after it (a read-through)
  let doubtWritten = false;
  const said = (r: Conclusion): Conclusion =>
    doubtWritten && r.doubtNotice ? { ...r, notices: [...r.notices, r.doubtNotice] } : r;
  try {
    await core.group('commit status', async () => {
      if (result.doubt) await publishStatus(cfg, ctx, port, result.doubt);
      doubtWritten = !!result.doubt;
      if (result.status) await publishStatus(cfg, ctx, port, result.status);
    });
  } catch (e) {
    if (!(e instanceof Abort)) throw e;
    const failure = [result.failure, `${e.reason}: ${e.message}`].filter(Boolean).join('\n');
    const failed = {
      ...said(result),
      reason: result.reason ?? e.reason,
      failure,
      advice: oneEach(result.advice, e.advice),
      statusUnwritten: true,
    };
    // a green GitHub may have applied though it answered with an error: what it must give way to is read all the
    // same, since the queue and the merge button read whatever landed (attack Q, Q2: a group's; attack R, P1: a post's
    // or a kept verdict's, over a twin PR's refusal)
    const unconfirmed = e instanceof UnconfirmedWrite && failed.status?.state === 'success';
    return unconfirmed ? unconfirmedGreen(failed, cfg, ctx, port) : failed;
  }
  const written = said(result);
  return written.status ? afterGreen(written, cfg, ctx, port) : written;
}

/**
 * A green whose write GitHub answered with an error, read again after all: a hold writes failure or pending over
 * whatever landed (then the status is written, and the step says both why); a write over it that fails keeps both.
 */
async function unconfirmedGreen(
  failed: Conclusion,
  cfg: Config,
  ctx: RunContext,
  port: GitHubPort,
): Promise<Conclusion> {
  const after = await afterGreen(failed, cfg, ctx, port);
  if (after.status !== failed.status) {
    const { statusUnwritten: _written, ...rest } = after;
    return { ...rest, failure: [failed.failure, after.notices[0]].filter(Boolean).join('\n') };
  }
  return after.failure === failed.failure ? failed : { ...after, failure: `${failed.failure}\n${after.failure}` };
}

/** A pull request from a fork gets a read-only token on `pull_request`: say so. */
function advise(e: Abort, ctx: RunContext | null): string {
  if (e.reason !== 'permission-denied' || !ctx?.eventPull?.fromFork || ctx.eventName !== 'pull_request')
    return e.advice;
  const fork =
    'this pull request comes from a fork, and on pull_request GitHub gives fork PRs a read-only token and no ' +
    'secrets: ' +
    'run the personas from workflow_run as in docs/recipes/fork-safe.yml';
  return e.advice ? `${e.advice}. Also: ${fork}` : fork;
}

async function report(r: Conclusion, persona: string, bodyFile: string | null): Promise<void> {
  for (const [name, value] of Object.entries(outputsOf(r))) core.setOutput(name, value);
  for (const n of [r.lead, ...r.notices]) if (n) core.notice(n);
  for (const w of r.warnings) core.warning(w);
  if (r.diagnosis) annotate(r.diagnosis, bodyFile ?? undefined);
  if (process.env['GITHUB_STEP_SUMMARY']) {
    try {
      await addSummary(core.summary, r, persona, bodyFile).write();
    } catch (e) {
      core.warning(`could not write the job summary: ${(e as Error).message}`);
    }
  }
  core.info(`persona-verdict: ${headline(r, persona)}`);
  if (r.failure) core.setFailed(r.advice ? `${r.failure}\nWhat to do: ${r.advice}` : r.failure);
}

function annotate(d: NonNullable<Conclusion['diagnosis']>, file: string | undefined): void {
  // the full explanation in the log too; every line starts with our own words (never
  // with body text), and body text is shown through visible(), so no line can be a command
  core.info(renderDiagnosis(d, file));
  if (d.lastLine && !d.nearMisses.some((n) => n.line === d.lastLine!.line)) {
    core.error(`${d.reason}: last non-blank line is "${d.lastLine.text}"`, {
      title: `persona-verdict: ${d.reason}`,
      file,
      startLine: d.lastLine.line,
    });
  }
  for (const n of d.nearMisses) {
    core.error(`"${n.text}": ${n.differs.join('; ')}`, {
      title: `persona-verdict: ${d.reason}`,
      file,
      startLine: n.line,
    });
  }
}
