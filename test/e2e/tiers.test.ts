// The two tiers of end-to-end runs (harness.ts) give the same results. Each scenario runs
// twice, in two fresh worlds: once as the runner starts the action (dist/index.js, a Node 24
// child) and once in-process (dist/main.js's run() in this worker). Everything a test reads must
// be equal: exit code, outputs, job summary, stdout and stderr, workflow commands, every request
// the fake GitHub saw (method, path, status, who, body) and the reviews, statuses and comments it
// holds after. Only what is random per run is masked: the marker's run id (GITHUB_RUN_ID-
// attempt-random), and each temporary directory's random name by the order it first appears
// in (so a path left over from an earlier run would still show).
import { describe, expect, test } from 'vitest';
import { TIME_SCALE_ENV } from '../../src/core/waits.js';
import { cliTierCounts, runCli, type CliOptions } from './cli-run.js';
import { tierCounts, writeBody, type RunResult, type Tier } from './harness.js';
import { body, LOGINS, PR, TOKENS, world, type World } from './world.js';

const RUN_ID = /4242-1-[0-9a-f]{8}/g;
const TEMP = /pv-[A-Za-z0-9]{6}/g; // harness.ts tempDir()
const mask = (v: unknown): unknown => {
  const dirs = new Map<string, string>();
  return JSON.parse(
    JSON.stringify(v ?? null)
      .replace(RUN_ID, '4242-1-RUN')
      .replace(TEMP, (d) => dirs.get(d) ?? (dirs.set(d, `pv-TEMP${dirs.size + 1}`), `pv-TEMP${dirs.size}`)),
  );
};

type Scenario = (w: World, tier: Tier) => Promise<RunResult>;

/** A run of `persona` in `w`, in `tier` (undefined: the harness's default). */
const as = (
  w: World,
  tier: Tier | undefined,
  persona: keyof typeof TOKENS,
  text: string | null,
  inputs: Record<string, string> = {},
  o: { env?: Record<string, string>; event?: unknown; apiUrl?: string } = {},
) => w.run(persona, text, inputs, { ...o, tier });

const PANEL = `priya=${LOGINS.priya}\nmarcus=${LOGINS.marcus}`;

const scenarios: [string, Scenario][] = [
  ['an APPROVE is posted', (w, t) => as(w, t, 'priya', body('APPROVE'))],
  [
    'a CHANGES_REQUESTED with fail-on-changes-requested: posted, then the step fails',
    (w, t) => as(w, t, 'marcus', body('CHANGES_REQUESTED'), { 'fail-on-changes-requested': 'true' }),
  ],
  ['a body without a verdict: aborted, nothing posted', (w, t) => as(w, t, 'priya', 'Looks fine to me.\n')],
  ['a bad input: aborted before any request', (w, t) => as(w, t, 'priya', body('APPROVE'), { mode: 'publish' })],
  ['check mode: no API at all', (w, t) => as(w, t, 'priya', body('COMMENT'), { mode: 'check' })],
  [
    'a 502 on create: looked for, retried once, one review',
    (w, t) => {
      w.gh.faults.push({
        method: 'POST',
        path: /\/pulls\/7\/reviews$/,
        kind: 'status',
        status: 502,
        body: { message: 'Bad Gateway' },
      });
      return as(w, t, 'priya', body('APPROVE'));
    },
  ],
  [
    'a re-run on the same head: nothing written twice',
    async (w, t) => {
      await as(w, undefined, 'priya', body('APPROVE'));
      return as(w, t, 'priya', body('APPROVE'));
    },
  ],
  [
    'the board after two personas',
    async (w, t) => {
      await as(w, undefined, 'priya', body('APPROVE'));
      await as(w, undefined, 'marcus', body('CHANGES_REQUESTED'));
      return as(w, t, 'app', null, { mode: 'board', personas: PANEL });
    },
  ],
  [
    'debug logging on (RUNNER_DEBUG): the log group carries the traces',
    (w, t) => as(w, t, 'priya', body('APPROVE'), {}, { env: { RUNNER_DEBUG: '1' } }),
  ],
  [
    'a bad test clock: aborted, naming the variable',
    (w, t) => as(w, t, 'priya', body('APPROVE'), {}, { env: { [TIME_SCALE_ENV]: '5' } }),
  ],
  [
    'GitHub Enterprise: GITHUB_API_URL ending in /api/v3',
    (w, t) => {
      w.gh.ghes = true;
      return as(w, t, 'priya', body('APPROVE'), {}, { apiUrl: `${w.gh.url}/api/v3` });
    },
  ],
  [
    'no pull request in the event: pull-number and reviewed-sha name the target',
    (w, t) => as(w, t, 'priya', body('APPROVE'), { 'pull-number': String(PR), 'reviewed-sha': w.head }, { event: {} }),
  ],
];

/** What a test can read after a run, with the run's random marker id masked. */
function seen(w: World, r: RunResult) {
  return mask({
    code: r.code,
    outputs: r.outputs,
    summary: r.summary,
    stdout: r.stdout,
    stderr: r.stderr,
    commands: r.commands,
    // the action reads some things at once (Promise.all): the order they arrive in may differ
    requests: w.gh.log
      .map((l) => JSON.stringify({ method: l.method, path: l.path, status: l.status, login: l.login, body: l.body }))
      .sort(),
    reviews: w.gh.reviews.get(PR) ?? [],
    statuses: w.gh.statuses,
    comments: w.gh.comments.get(PR) ?? [],
    violations: w.gh.violations(),
  });
}

async function runIn(tier: Tier, scenario: Scenario) {
  const w = await world();
  try {
    const r = await scenario(w, tier);
    return seen(w, r);
  } finally {
    await w.gh.stop();
  }
}

describe('the in-process tier gives what the spawned one gives', () => {
  test.each(scenarios)('%s', async (_name, scenario) => {
    const counted = async (tier: Tier) => {
      const before = { ...tierCounts };
      const seen = await runIn(tier, scenario);
      return { seen, spawned: tierCounts.spawned - before.spawned, inProcess: tierCounts.inProcess - before.inProcess };
    };
    // a scenario's earlier runs (its set-up) take the default tier in both worlds; the run compared does not
    const spawned = await counted('spawned');
    const inProcess = await counted('in-process');
    expect([inProcess.spawned, inProcess.inProcess], 'the run compared').toEqual([
      spawned.spawned - 1,
      spawned.inProcess + 1,
    ]);
    expect(inProcess.seen).toEqual(spawned.seen);
  });
});

// The CLI's two tiers (cli-run.ts): the bin spawned, and the bundle's main() in this worker.
// Every stream and the exit code must be equal, for a good body, refused ones, usage errors, help,
// the corpus, a findings file and the doctor's own refusals (it needs no server to refuse).
describe("the CLI's in-process tier gives what the spawned bin gives", () => {
  const drifted = writeBody('**Verdict:** REQUEST CHANGES\n\nThe parser drops a byte.\n', 'drifted.md');
  const findings = writeBody('[{"path": "", "line": 0}]', 'findings.json');
  const token = { PATH: process.env['PATH'] ?? '', GH_TOKEN: 'ghp_unused' };
  test.each([
    [['check', 'examples/approve.md'], {}],
    [['check', '--format', 'json', 'examples/approve.md', drifted], {}],
    [['check', drifted, 'no-such.md', 'examples'], {}],
    [['check', '--findings', findings, 'examples/approve.md'], {}],
    [['check', '--format', 'yaml', 'examples/approve.md'], {}],
    [['--help'], {}],
    [['corpus', '--help'], {}],
    [['nope'], {}],
    [['corpus', 'corpus/manifest.json'], {}],
    [['doctor', '--repo', 'widgets', '--persona', 'priya=priya-reviewer'], { env: token }],
    [['doctor', '--repo', 'acme/widgets', '--persona', 'priya'], { env: token }],
    [['doctor', '--repo', 'acme/widgets'], { env: { ...token, GITHUB_API_URL: 'notaurl' } }],
  ] as [string[], CliOptions][])('%j', async (args, o) => {
    const before = { ...cliTierCounts };
    const spawned = await runCli(args, { ...o, tier: 'spawned' });
    const inProcess = await runCli(args, { ...o, tier: 'in-process' });
    expect([cliTierCounts.spawned - before.spawned, cliTierCounts.inProcess - before.inProcess]).toEqual([1, 1]);
    expect(mask(inProcess)).toEqual(mask(spawned));
    expect(spawned.stdout + spawned.stderr).not.toBe('');
  });
});
