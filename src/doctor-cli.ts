// `persona-verdict doctor`: is the merge gate really enforced? Reads the repository's
// settings with the token in GITHUB_TOKEN or GH_TOKEN (API from GITHUB_API_URL) and
// prints one line per check. Exit 0 when nothing fails, 1 when something fails, 2 on usage.
import { parseArgs } from 'node:util';
import { DOCTOR_USAGE } from './cli/doctor-usage.js';
import { Abort } from './abort.js';
import { renderText } from './core/doctor.js';
import { doctorAdvice, doctorClient, parseDoctorPersona, runDoctor, type DoctorPersona } from './modes/doctor.js';

export { DOCTOR_USAGE } from './cli/doctor-usage.js';

interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
  env: NodeJS.ProcessEnv;
}

const defaultIo: Io = {
  out: (s) => process.stdout.write(s + '\n'),
  err: (s) => process.stderr.write(s + '\n'),
  env: process.env,
};

type Parsed = { repo: string; branch: string | null; personas: DoctorPersona[]; json: boolean; token: string };

/** The options, or the usage error to print. */
function parse(args: string[], env: NodeJS.ProcessEnv): Parsed | { help: boolean; error: string } {
  let v: ReturnType<typeof parseOptions>;
  try {
    v = parseOptions(args);
  } catch (e) {
    return { help: false, error: (e as Error).message };
  }
  if (v.help) return { help: true, error: '' };
  const repo = v.repo ?? '';
  if (!/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(repo)) return { help: false, error: 'give --repo OWNER/NAME' };
  if (!v.persona?.length) return { help: false, error: 'give at least one --persona NAME=APP_SLUG or NAME=@LOGIN' };
  const format = v.format ?? 'text';
  if (format !== 'text' && format !== 'json') return { help: false, error: `--format ${format}: use text or json` };
  const token = env['GITHUB_TOKEN'] || env['GH_TOKEN'] || '';
  if (!token) return { help: false, error: 'set GITHUB_TOKEN or GH_TOKEN to a token that may read the repository' };
  try {
    const personas = v.persona.map(parseDoctorPersona);
    return { repo, branch: v.branch ?? null, personas, json: format === 'json', token };
  } catch (e) {
    return { help: false, error: (e as Error).message };
  }
}

function parseOptions(args: string[]) {
  return parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      repo: { type: 'string' },
      branch: { type: 'string' },
      persona: { type: 'string', multiple: true },
      format: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values;
}

export async function runDoctorCli(args: string[], io: Io = defaultIo): Promise<number> {
  const p = parse(args, io.env);
  if ('help' in p) {
    if (p.help) {
      io.out(DOCTOR_USAGE);
      return 0;
    }
    io.err(`doctor: ${p.error}\n\n${DOCTOR_USAGE}`);
    return 2;
  }
  try {
    const port = doctorClient(p.token, p.repo, (m) => io.err(`warning: ${m}`));
    const report = await runDoctor(port, p.repo, p.branch, p.personas);
    io.out(p.json ? JSON.stringify(report, null, 2) : renderText(report));
    return report.level === 'fail' ? 1 : 0;
  } catch (e) {
    if (!(e instanceof Abort)) throw e;
    const advice = doctorAdvice(e);
    io.err(`doctor: ${e.message}${advice ? `\nWhat to do: ${advice}` : ''}`);
    return e.reason === 'bad-input' ? 2 : 1;
  }
}
