// `persona-verdict doctor`'s checks: reads the repository's settings with the token in GH_TOKEN or GITHUB_TOKEN
// (API from GITHUB_API_URL) and prints one line per check. Exit 0 when nothing fails, 1 when something fails; a
// usage error is thrown (UsageError) for src/cli/main.ts to print with the usage, exit 2. src/cli/doctor.ts is the
// command (its options and help) and loads this module only when the doctor runs.
import { Abort } from './abort.js';
import { UsageError, type Io, type Values } from './cli/command.js';
import { renderText } from './core/doctor.js';
import { doctorAdvice, doctorClient, parseDoctorPersona, runDoctor, type DoctorPersona } from './modes/doctor.js';

type Parsed = { repo: string; branch: string | null; personas: DoctorPersona[]; json: boolean; token: string };

/** The options, checked; throws UsageError. */
function parse(v: Values, env: NodeJS.ProcessEnv): Parsed {
  const repo = (v['repo'] as string | undefined) ?? '';
  if (!repo) throw new UsageError('give --repo OWNER/NAME');
  if (!/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(repo))
    throw new UsageError(`--repo "${repo}" is not OWNER/NAME (for example octo-org/payments)`);
  const persona = (v['persona'] as string[] | undefined) ?? [];
  if (!persona.length) throw new UsageError('give at least one --persona NAME=APP_SLUG or NAME=@LOGIN');
  const format = (v['format'] as string | undefined) ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, not "${format}"`);
  // what the command line says is checked before the environment: a malformed --persona is named first
  let personas: DoctorPersona[];
  try {
    personas = persona.map(parseDoctorPersona);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const twice = personas.find((p, i) => personas.findIndex((q) => q.name === p.name) !== i);
  if (twice) throw new UsageError(`persona "${twice.name}" is given twice: give each persona once`);
  // GH_TOKEN first, as gh reads them: "GH_TOKEN=$(gh auth token) … doctor" in a shell that also holds a GITHUB_TOKEN
  // (a CI job's) used that other token (a maintainer's walkthrough, 2026-12-03)
  const token = env['GH_TOKEN'] || env['GITHUB_TOKEN'] || '';
  if (!token) throw new UsageError('set GH_TOKEN or GITHUB_TOKEN to a token that may read the repository');
  return { repo, branch: (v['branch'] as string | undefined) ?? null, personas, json: format === 'json', token };
}

export async function runDoctorCli(values: Values, io: Io, env: NodeJS.ProcessEnv): Promise<number> {
  const p = parse(values, env);
  try {
    const port = doctorClient(p.token, p.repo, (m) => io.err(`warning: ${m}`));
    const report = await runDoctor(port, p.repo, p.branch, p.personas);
    io.out(p.json ? JSON.stringify(report, null, 2) : renderText(report));
    return report.level === 'fail' ? 1 : 0;
  } catch (e) {
    if (!(e instanceof Abort)) throw e;
    const advice = doctorAdvice(e);
    io.err(`persona-verdict doctor: ${e.message}${advice ? `\nWhat to do: ${advice}` : ''}`);
    return e.reason === 'bad-input' ? 2 : 1;
  }
}
