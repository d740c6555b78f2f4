// npm run bench — a benchmark, not a test: figures are reported, never asserted.
// 1. cold start of dist/index.js in check mode vs a bare `node -e ''` (median of N, ratio)
// 2. HTTP requests per outcome (post, duplicate, unchanged, preflight) from the fake's log,
//    with the number of sequential request rounds before the write
// 3. verdict parse throughput for 64 KiB and 1 MiB bodies; diagnostics and the secret scan on hostile bodies
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { DIST, NODE, runAction, writeBody } from '../test/e2e/harness.js';
import { world, body, PR, TOKENS } from '../test/e2e/world.js';
import { parseVerdict } from '../src/core/grammar.js';
import { diagnose } from '../src/core/diagnostics.js';
import { findSecrets } from '../src/core/secrets.js';
import { benchBusyDay } from './busy-day.js';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 15);
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const time = (f: () => void): number => {
  const t = performance.now();
  f();
  return performance.now() - t;
};

console.log(
  `persona-verdict bench — runtime ${spawnSync(NODE, ['--version'], { encoding: 'utf8' }).stdout.trim()}, ${RUNS} ` +
    `runs each\n`,
);

// 1. cold start
const example = writeBody(body('APPROVE'));
const bare: number[] = [];
const action: number[] = [];
for (let i = 0; i < RUNS; i++) {
  bare.push(time(() => spawnSync(NODE, ['-e', ''])));
  action.push(
    time(() => {
      const r = spawnSync(NODE, [DIST], {
        env: { PATH: process.env['PATH'], INPUT_MODE: 'check', 'INPUT_BODY-PATH': example },
      });
      if (r.status !== 0) throw new Error(`check failed: ${r.stdout}${r.stderr}`);
    }),
  );
}
console.log('cold start (check mode)');
console.log(`  node -e ''            median ${median(bare).toFixed(1)} ms`);
console.log(`  dist/index.js check   median ${median(action).toFixed(1)} ms`);
console.log(`  ratio                 ${(median(action) / median(bare)).toFixed(2)}x a bare node start\n`);

// 2. requests per outcome
async function scenario(
  name: string,
  setup: (w: Awaited<ReturnType<typeof world>>) => Promise<void>,
  inputs: Record<string, string>,
  withBody = true,
  eventName = 'pull_request',
): Promise<void> {
  const w = await world();
  try {
    await setup(w);
    w.gh.log.length = 0;
    w.gh.latencyMs = 25; // a little network latency, so that concurrent requests overlap visibly
    const r = await runAction({
      inputs: {
        'github-token': TOKENS.priya,
        persona: 'priya',
        ...inputs,
        ...(withBody ? { 'body-path': writeBody(body('APPROVE')) } : {}),
      },
      apiUrl: w.gh.url,
      event: w.event(),
      eventName,
    });
    const writes = w.gh.writes().length;
    console.log(
      `  ${name.padEnd(34)} outcome ${String(r.outputs['outcome']).padEnd(12)} requests ` +
        `${String(w.gh.log.length).padStart(2)}  writes ${writes}  rounds before write ` +
        `${w.gh.roundsBeforeFirstWrite()}`,
    );
  } finally {
    await w.gh.stop();
  }
}
console.log('HTTP requests per outcome (fake GitHub log, 25 ms simulated latency)');
await scenario('post, identity via GET /user', async () => {}, {});
await scenario('post, reviewer-login given', async () => {}, { 'reviewer-login': 'octo-priya' });
await scenario(
  'post over 1 stale review (dismiss)',
  async (w) => {
    await w.run('priya', body('CHANGES_REQUESTED'));
    const next = w.gh.commit('c2');
    w.gh.push(PR, next);
    w.head = next;
  },
  {},
);
await scenario('duplicate (same job re-run)', async (w) => void (await w.run('priya', body('APPROVE'))), {});
await scenario(
  'unchanged (empty commit on top)',
  async (w) => {
    await w.run('priya', body('APPROVE'));
    const next = w.gh.commit('c1-empty', w.gh.commits.get(w.head)!.tree);
    w.gh.push(PR, next);
    w.head = next;
  },
  {},
);
await scenario('preflight, needs review', async () => {}, { mode: 'preflight' }, false);
await scenario(
  'preflight, unchanged',
  async (w) => {
    await w.run('priya', body('APPROVE'));
    const next = w.gh.commit('c1-empty2', w.gh.commits.get(w.head)!.tree);
    w.gh.push(PR, next);
    w.head = next;
  },
  { mode: 'preflight' },
  false,
);
await scenario(
  'unchanged by patch (rebase)',
  async (w) => {
    const files = [{ filename: 'a.ts', status: 'modified', patch: '@@ -1 +1 @@\n+x' }];
    w.gh.commits.get(w.head)!.files = files;
    await w.run('priya', body('APPROVE'), { 'unchanged-when': 'patch' });
    const next = w.gh.commit('rebased', undefined, files);
    w.gh.push(PR, next);
    w.head = next;
  },
  { 'unchanged-when': 'patch' },
);
await scenario(
  'preflight, duplicate',
  async (w) => void (await w.run('priya', body('APPROVE'))),
  { mode: 'preflight' },
  false,
);
for (const n of [250, 1050]) {
  await scenario(
    `post with ${n} reviews (${Math.ceil((n + 1) / 100)} pages)`,
    async (w) => {
      for (let i = 0; i < n; i++)
        w.gh.seedReview(PR, { login: 'alice', state: 'COMMENTED', body: `note ${i}`, commit_id: w.head });
    },
    {},
  );
}
await scenario('post, pull_request_target (+ status)', async () => {}, {}, true, 'pull_request_target');
await scenario(
  'preflight, pull_request_target, new head',
  async () => {},
  { mode: 'preflight' },
  false,
  'pull_request_target',
);
await scenario(
  'preflight, forced over a green head (+ pending)',
  async (w) => {
    const inputs = { 'github-token': TOKENS.priya, persona: 'priya', 'body-path': writeBody(body('APPROVE')) };
    await runAction({ inputs, apiUrl: w.gh.url, event: w.event(), eventName: 'pull_request_target' });
  },
  { mode: 'preflight', force: 'true' },
  false,
  'pull_request_target',
);

{
  const w = await world();
  try {
    for (const p of ['priya', 'marcus', 'lin'] as const) await w.run(p, body('APPROVE'));
    w.gh.log.length = 0;
    w.gh.latencyMs = 25;
    const r = await runAction({
      inputs: {
        mode: 'board',
        'github-token': TOKENS.app,
        personas: 'priya=octo-priya\nmarcus=octo-marcus\nlin=octo-lin',
      },
      apiUrl: w.gh.url,
      event: w.event(),
    });
    console.log(
      `  ${'board, first run (creates the comment)'.padEnd(34)} outcome ${String(r.outputs['outcome']).padEnd(12)} ` +
        `requests ${String(w.gh.log.length).padStart(2)}  writes ${w.gh.writes().length}  rounds before write ` +
        `${w.gh.roundsBeforeFirstWrite()}`,
    );
  } finally {
    await w.gh.stop();
  }
}

// 3. parse throughput
console.log('\nverdict parse (parseVerdict on normalised text)');
for (const size of [64 * 1024, 1024 * 1024]) {
  const line = 'The change is small, tested and documented; nothing blocks it.\n';
  const text = line.repeat(Math.ceil(size / line.length)).slice(0, size - 20) + '\n## VERDICT: APPROVE\n';
  const ts: number[] = [];
  for (let i = 0; i < RUNS; i++) ts.push(time(() => parseVerdict(text)));
  const ms = median(ts);
  console.log(
    `  ${String(size / 1024).padStart(5)} KiB  median ${ms.toFixed(3)} ms  ` +
      `(${(size / 1024 / 1024 / (ms / 1000)).toFixed(0)} MiB/s)`,
  );
}

console.log('\ndiagnostics of a failing body (parse + diagnose)');
for (const [name, text] of [
  ['256 KiB, one near-miss line', `## VERDICT: ${'A'.repeat(256 * 1024 - 12)}`],
  ['256 KiB, 4,000 near-miss lines', '## verdict: approve\n'.repeat(4000) + 'x'.repeat(256 * 1024 - 80_000)],
] as const) {
  const ts: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    ts.push(
      time(() => {
        const p = parseVerdict(text);
        if (!p.ok) diagnose(p);
      }),
    );
  }
  console.log(`  ${name.padEnd(32)} median ${median(ts).toFixed(2)} ms`);
}

// the secret scan reads every rendering of a body (comments, entities, tags, escapes): bounded work on markup
// built to make it backtrack (test/unit/secrets.test.ts checks what it finds there, not how long it takes)
console.log('\nsecret scan of 64 KiB of one markup unit repeated (findSecrets with a run token)');
for (const unit of ['<!--', '<a ', '&#', '-', '\\', ' \n', 'ghp_', '<b>']) {
  const text = unit.repeat(Math.floor(65536 / unit.length));
  const ts: number[] = [];
  for (let i = 0; i < RUNS; i++) ts.push(time(() => findSecrets(text, 'ghp_notreallyatoken')));
  console.log(`  ${JSON.stringify(unit).padEnd(8)} median ${median(ts).toFixed(2)} ms`);
}

// 4. a simulated busy day (bench/busy-day.ts): BENCH_PRS PRs (default 50), BENCH_POOL runs at once;
// `npx tsx bench/busy-day.ts` runs it alone
await benchBusyDay();
