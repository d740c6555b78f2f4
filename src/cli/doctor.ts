// `persona-verdict doctor`: is the merge gate really enforced? Its options are parsed as every command's are
// (src/cli/main.ts); the checks (src/doctor-cli.ts, which loads the GitHub client) are loaded only when it runs, so the
// offline commands, `doctor --help` and a bad GITHUB_API_URL never load them.
import { UsageError, type Command } from './command.js';

/** A GITHUB_API_URL that is set but no URL: the GitHub client would throw on load. The usage error, or null. */
export function badApiUrl(env: NodeJS.ProcessEnv): string | null {
  const api = env['GITHUB_API_URL'];
  if (!api || URL.canParse(api)) return null;
  return `GITHUB_API_URL "${api.slice(0, 100)}" is not a URL: unset it, or give https://HOST/api/v3`;
}

export const doctor: Command = {
  summary: "is the merge gate enforced? reads the repository's settings (needs a token)",
  help: `usage:
  persona-verdict doctor --repo OWNER/NAME [--branch BRANCH] --persona NAME=APP_SLUG [--persona NAME=@LOGIN ...]
                         [--format text|json]

Checks that the persona gate on BRANCH is enforced: required status checks and their source App,
the merge queue, review rules, bypass lists, the personas' access and the workflow files.
Token from GH_TOKEN, else GITHUB_TOKEN (as gh reads them); API from GITHUB_API_URL (GitHub Enterprise: https://HOST/api/v3).
Exit 0 when no check fails, 1 when one fails, 2 on a usage error.

options:
  --repo OWNER/NAME         the repository
  --branch BRANCH           the branch the gate protects (default: the repository's default branch)
  --persona NAME=APP_SLUG   a persona and the GitHub App it posts as (NAME=@LOGIN: a user account);
                            once per persona
  --format text|json        text (default): one line per check; json: the report as JSON
  -h, --help                this help`,
  options: {
    repo: { type: 'string' },
    branch: { type: 'string' },
    persona: { type: 'string', multiple: true },
    format: { type: 'string' },
  },
  async run(values, positionals, io) {
    const bad = badApiUrl(process.env);
    if (bad) throw new UsageError(bad);
    if (positionals.length) throw new UsageError(`takes only options, not "${positionals[0]}"`);
    return (await loadChecks()).runDoctorCli(values, io, process.env);
  },
};

/**
 * The doctor's checks, loaded. They load @actions/github, whose unused `context` reads the file GITHUB_EVENT_PATH
 * names as the module loads: a path left set from elsewhere printed a line on stdout ("… does not exist", which
 * broke --format json), and a file that is not JSON crashed the doctor with a stack trace. The doctor has no
 * event, so the variable is set aside while the module loads, and put back.
 */
async function loadChecks(): Promise<typeof import('../doctor-cli.js')> {
  const event = process.env['GITHUB_EVENT_PATH'];
  delete process.env['GITHUB_EVENT_PATH'];
  try {
    return await import('../doctor-cli.js');
  } finally {
    if (event !== undefined) process.env['GITHUB_EVENT_PATH'] = event;
  }
}
