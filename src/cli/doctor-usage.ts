// doctor's usage text and the one check made before its module (which loads the GitHub client) is: kept apart so
// that `persona-verdict help doctor` and a bad GITHUB_API_URL never load it.
export const DOCTOR_USAGE = `usage:
  persona-verdict doctor --repo OWNER/NAME [--branch BRANCH] --persona NAME=APP_SLUG [--persona NAME=@LOGIN ...]
                         [--format text|json]
      checks that the persona gate on BRANCH (default: the repository's default branch) is enforced:
      required status checks and their source App, the merge queue, review rules, bypass lists,
      the personas' access and the workflow files. Token from GITHUB_TOKEN or GH_TOKEN; API from
      GITHUB_API_URL (GitHub Enterprise: https://HOST/api/v3). Exit 0 when no check fails, 1 when
      one fails, 2 on a usage error.`;

/** A GITHUB_API_URL that is set but no URL: the GitHub client would throw on load. The usage error, or null. */
export function badApiUrl(env: NodeJS.ProcessEnv): string | null {
  const api = env['GITHUB_API_URL'];
  if (!api || URL.canParse(api)) return null;
  return `GITHUB_API_URL "${api.slice(0, 100)}" is not a URL: unset it, or give https://HOST/api/v3`;
}
