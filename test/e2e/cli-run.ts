// Runs the bundled CLI (dist/cli/) as a user does, in one of two tiers, like the action's
// (harness.ts):
// - spawned: dist/cli/index.js, the package's bin, as a child process under Node 24;
// - in-process: dist/cli/main.js (the bundle index.js runs) imported once per test worker and its
//   main() called with the same arguments, the same environment and working directory, writing to
//   the process's stdout and stderr as runCli() does, both captured; its return is the exit code.
// What only a process has is always spawned: standard input (`input`), a time limit, variables read
// when a process starts. `PV_E2E=spawn` spawns every run; tiers.test.ts checks both tiers agree.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { inProcessScope, NODE, notInProcess, outputOf, ROOT, type Tier } from './harness.js';

export const CLI_BIN = join(ROOT, 'dist/cli/index.js');
const CLI_MAIN = join(ROOT, 'dist/cli/main.js');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** The whole environment (default: PATH only, as a user's shell with nothing set would give). */
  env?: Record<string, string>;
  /** Default: the repository's root. */
  cwd?: string;
  /** Standard input: a run given it, or naming "-", is spawned (the in-process tier has no descriptor 0 of its own). */
  input?: string;
  tier?: Tier;
}

/** How many CLI runs each tier took in this worker (tiers.test.ts reads it). */
export const cliTierCounts = { spawned: 0, inProcess: 0 };

type Main = (
  argv: string[],
  io: { out: (s: string) => void; err: (s: string) => void; stdin: never },
) => Promise<number>;
let bundle: { main: Main } | undefined;

export async function runCli(args: string[], o: CliOptions = {}): Promise<CliResult> {
  const env = o.env ?? { PATH: process.env['PATH'] ?? '/usr/bin:/bin' };
  const cwd = o.cwd ?? ROOT;
  const why = o.input !== undefined || args.includes('-') ? "standard input is a process's own" : notInProcess({ env });
  const spawned = o.tier === 'spawned' || (process.env['PV_E2E'] === 'spawn' && o.tier !== 'in-process') || why;
  if (why && o.tier === 'in-process') throw new Error(`this CLI run cannot be in-process: ${why}`);
  if (spawned) return runChild(args, env, cwd, o.input);
  cliTierCounts.inProcess++;
  const r = await inProcessScope(env, cwd, async () => {
    const { main } = (bundle ??= createRequire(import.meta.url)(CLI_MAIN) as { main: Main });
    process.exitCode = await main(args, {
      out: (s) => process.stdout.write(s + '\n'),
      err: (s) => process.stderr.write(s + '\n'),
      stdin: undefined as never, // "-" is read only from a spawned run (input)
    });
  });
  return { status: r.code, stdout: r.stdout, stderr: r.stderr };
}

function runChild(args: string[], env: Record<string, string>, cwd: string, input?: string): Promise<CliResult> {
  cliTierCounts.spawned++;
  const child = spawn(NODE, [CLI_BIN, ...args], { cwd, env });
  const output = outputOf(child);
  // the CLI stops reading one byte past its limit and exits: the rest of a long input meets a closed pipe
  child.stdin.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
  });
  child.stdin.end(input ?? ''); // without input, an empty standard input (as spawnSync gives)
  return output.then(({ code, stdout, stderr }) => ({ status: code, stdout, stderr }));
}
