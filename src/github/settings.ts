// The repository settings doctor reads: rulesets, branch rules, classic protection,
// installed apps and permissions. A 403/404 here is a fact (hidden), not a failure.
import { CODEOWNERS_PATHS } from '../core/doctor-codeowners.js';
import type { Ctx } from './client.js';
import type { EnvironmentBranches } from '../core/doctor-environments.js';
import type { BranchRuleFact, SettingsPort } from './port.js';

const hidden =
  <T>(v: T) =>
  (status: number) =>
    status === 403 || status === 404 ? v : undefined;

export function settingsPort(ctx: Ctx): SettingsPort {
  return {
    ...rulesPort(ctx),
    ...accessPort(ctx),
    ...codeownersPort(ctx),
    ...environmentPort(ctx),
    ...secretsPort(ctx),
  };
}

function rulesPort({ octokit, call, owner, repo }: Ctx) {
  return {
    getDefaultBranch: () =>
      call(
        `GET repository ${owner}/${repo}`,
        async () => (await octokit.rest.repos.get({ owner, repo })).data.default_branch,
      ),
    getBranchRules: (branch: string) =>
      call('GET branch rules', async () => {
        const rules = await octokit.paginate(octokit.rest.repos.getBranchRules, { owner, repo, branch, per_page: 100 });
        return rules satisfies BranchRuleFact[];
      }),
    getRuleset: (id: number) =>
      call(
        'GET ruleset',
        async () => {
          const r = (await octokit.rest.repos.getRepoRuleset({ owner, repo, ruleset_id: id })).data;
          const bypass = r.bypass_actors
            ? r.bypass_actors.map((a) => ({
                type: a.actor_type,
                id: a.actor_id ?? null,
                mode: a.bypass_mode ?? 'always',
              }))
            : null;
          return { name: r.name, bypass };
        },
        hidden(null),
      ),
    getBranch: (branch: string) =>
      call(
        'GET branch',
        async () => {
          const b = (await octokit.rest.repos.getBranch({ owner, repo, branch })).data;
          const p = b.protection;
          return {
            protected: b.protected,
            classic: p?.enabled ?? null,
            requiredChecks: p?.required_status_checks ?? null,
          };
        },
        (status) => (status === 404 ? null : undefined),
      ),
    getBranchProtection: (branch: string) =>
      call<{ protection: Record<string, unknown> } | { refused: number }>(
        'GET branch protection',
        async () => ({
          protection: (await octokit.rest.repos.getBranchProtection({ owner, repo, branch })).data,
        }),
        (status) => (status === 403 || status === 404 ? { refused: status } : undefined),
      ),
  } satisfies Partial<SettingsPort>;
}

function accessPort({ octokit, call, owner, repo }: Ctx) {
  return {
    getApp: (slug: string) =>
      call(
        `GET app ${slug}`,
        async () => {
          const app = (await octokit.rest.apps.getBySlug({ app_slug: slug })).data;
          return app ? { id: app.id, clientId: app.client_id ?? null } : null;
        },
        hidden(null),
      ),
    getPermission: (login: string) =>
      call(
        'GET collaborator permission',
        async () =>
          (await octokit.rest.repos.getCollaboratorPermissionLevel({ owner, repo, username: login })).data.permission,
        (status) => (status === 404 ? 'not-collaborator' : status === 403 ? null : undefined),
      ),
    listWorkflowFiles: (ref: string) =>
      call(
        'GET workflow files',
        async () => {
          const dir = (await octokit.rest.repos.getContent({ owner, repo, path: '.github/workflows', ref })).data;
          const files = (Array.isArray(dir) ? dir : []).filter((f) => f.type === 'file' && /\.ya?ml$/.test(f.name));
          return Promise.all(
            files.map(async (f) => {
              const c = (await octokit.rest.repos.getContent({ owner, repo, path: f.path, ref })).data;
              const text = 'content' in c && typeof c.content === 'string' ? c.content : '';
              return { path: f.path, text: Buffer.from(text, 'base64').toString('utf8') };
            }),
          );
        },
        // no .github/workflows at all is a fact (no workflow writes anything); 403 hides them
        (status) => (status === 404 ? [] : status === 403 ? null : undefined),
      ),
  } satisfies Partial<SettingsPort>;
}

/** The gated branch's CODEOWNERS and the errors GitHub reports in it (the doctor's code-owner check). */
function codeownersPort({ octokit, call, owner, repo }: Ctx) {
  return {
    getCodeownersErrors: (ref: string) =>
      call<Array<{ line: number; kind: string }> | null>(
        'GET CODEOWNERS errors',
        async () =>
          (await octokit.rest.repos.codeownersErrors({ owner, repo, ref })).data.errors.map((e) => ({
            line: e.line,
            kind: e.kind,
          })),
        // asked only once the file was read: a 404 or 403 here says nothing about its lines (unknown, never "none")
        (status) => (status === 404 || status === 403 ? null : undefined),
      ),
    // GitHub looks in .github/, then the root, then docs/ and uses the first it finds ("About code owners")
    getCodeowners: (ref: string) =>
      call<{ path: string; text: string } | 'missing' | null>(
        'GET CODEOWNERS',
        async () => {
          for (const path of CODEOWNERS_PATHS) {
            const got = await octokit.rest.repos.getContent({ owner, repo, path, ref }).then(
              (r) => r.data,
              (e: unknown) => {
                if ((e as { status?: number }).status === 404) return null;
                throw e;
              },
            );
            if (got && !Array.isArray(got) && 'content' in got && typeof got.content === 'string')
              return { path, text: Buffer.from(got.content, 'base64').toString('utf8') };
          }
          return 'missing';
        },
        (status) => (status === 403 ? null : undefined),
      ),
  } satisfies Partial<SettingsPort>;
}

function environmentPort({ octokit, call, owner, repo }: Ctx) {
  return {
    // GitHub makes an environment on a job's first use of it with no deployment branch policy: every branch
    getEnvironmentBranches: (name: string) =>
      call<EnvironmentBranches | 'missing' | null>(
        'GET environment',
        async () => {
          // both at once (one round); the policies count only when the environment says they apply
          const policies = octokit
            .paginate(octokit.rest.repos.listDeploymentBranchPolicies, {
              owner,
              repo,
              environment_name: name,
              per_page: 100,
            })
            .then(
              (list) => ({ list }),
              (error: unknown) => ({ error }),
            );
          const env = (await octokit.rest.repos.getEnvironment({ owner, repo, environment_name: name })).data;
          const policy = env.deployment_branch_policy;
          if (!policy) return { kind: 'all' };
          if (policy.protected_branches) return { kind: 'protected' };
          const read = await policies;
          if ('error' in read) throw read.error;
          const patterns = read.list.map(
            (p) => ({ name: p.name ?? '', type: p.type === 'tag' ? 'tag' : 'branch' }) as const,
          );
          return { kind: 'custom', patterns };
        },
        (status) => (status === 404 ? 'missing' : status === 403 ? null : undefined),
      ),
  } satisfies Partial<SettingsPort>;
}

function secretsPort({ octokit, call, owner, repo }: Ctx) {
  const names = (list: Array<{ name: string }>) => list.map((x) => x.name);
  return {
    // names only (GitHub never returns a value); listing needs collaborator access and the secrets permission, so
    // GITHUB_TOKEN is refused (403): unknown, never ok
    listSecretNames: (store: 'repository' | 'organization' | { environment: string }) =>
      call(
        'GET secrets',
        async () =>
          names(
            store === 'repository'
              ? await octokit.paginate(octokit.rest.actions.listRepoSecrets, { owner, repo, per_page: 100 })
              : store === 'organization'
                ? await octokit.paginate(octokit.rest.actions.listRepoOrganizationSecrets, {
                    owner,
                    repo,
                    per_page: 100,
                  })
                : await octokit.paginate(octokit.rest.actions.listEnvironmentSecrets, {
                    owner,
                    repo,
                    environment_name: store.environment,
                    per_page: 100,
                  }),
          ),
        hidden<string[] | null>(null),
      ),
  } satisfies Partial<SettingsPort>;
}
