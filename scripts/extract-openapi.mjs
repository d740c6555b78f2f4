// Extracts the slice of GitHub's published OpenAPI description that this action
// talks to, into a committed test fixture, so the tests need not install the
// 400 MB @octokit/openapi package. Usage:
//   npm i --prefix /tmp/oapi @octokit/openapi@23.0.2
//   node scripts/extract-openapi.mjs /tmp/oapi/node_modules/@octokit/openapi
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const pkgDir = process.argv[2];
if (!pkgDir) throw new Error('usage: extract-openapi.mjs <path to @octokit/openapi>');
const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
const spec = JSON.parse(readFileSync(join(pkgDir, 'generated/api.github.com.json'), 'utf8'));

export const OPERATIONS = [
  ['get', '/user'],
  ['get', '/repos/{owner}/{repo}/pulls/{pull_number}'],
  ['get', '/repos/{owner}/{repo}/git/commits/{commit_sha}'],
  ['get', '/repos/{owner}/{repo}/pulls/{pull_number}/reviews'],
  ['post', '/repos/{owner}/{repo}/pulls/{pull_number}/reviews'],
  ['put', '/repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}/dismissals'],
  ['get', '/repos/{owner}/{repo}/compare/{basehead}'],
  ['get', '/repos/{owner}/{repo}/issues/{issue_number}/comments'],
  ['post', '/repos/{owner}/{repo}/issues/{issue_number}/comments'],
  ['patch', '/repos/{owner}/{repo}/issues/comments/{comment_id}'],
  ['delete', '/repos/{owner}/{repo}/issues/comments/{comment_id}'],
  ['post', '/repos/{owner}/{repo}/statuses/{sha}'],
  // preflight: whether a status already stands on the head (pending is written only over one)
  ['get', '/repos/{owner}/{repo}/commits/{ref}/statuses'],
  // status-kind: check-run — the same status as a check run, which only the token's App can write
  ['post', '/repos/{owner}/{repo}/check-runs'],
  // read back only as evidence a run stands (a closed PR's record; the board's own-status rule): statuses.ts
  ['get', '/repos/{owner}/{repo}/commits/{ref}/check-runs'],
  ['get', '/repos/{owner}/{repo}/pulls'],
  ['get', '/repos/{owner}/{repo}/pulls/{pull_number}/files'],
  // restamp: who dismissed a review, and why (review_dismissed events)
  ['get', '/repos/{owner}/{repo}/issues/{issue_number}/timeline'],
  // doctor: the settings around the gate
  ['get', '/repos/{owner}/{repo}'],
  ['get', '/repos/{owner}/{repo}/rules/branches/{branch}'],
  ['get', '/repos/{owner}/{repo}/rulesets/{ruleset_id}'],
  ['get', '/repos/{owner}/{repo}/branches/{branch}'],
  ['get', '/repos/{owner}/{repo}/branches/{branch}/protection'],
  ['get', '/apps/{app_slug}'],
  ['get', '/repos/{owner}/{repo}/collaborators/{username}/permission'],
  ['get', '/repos/{owner}/{repo}/contents/{path}'],
  // doctor: the lines of CODEOWNERS GitHub reports as errors (an unknown owner, one without write access)
  ['get', '/repos/{owner}/{repo}/codeowners/errors'],
  // doctor: which branches may deploy to the environment that holds a persona's key
  ['get', '/repos/{owner}/{repo}/environments/{environment_name}'],
  ['get', '/repos/{owner}/{repo}/environments/{environment_name}/deployment-branch-policies'],
  // doctor: where a persona's key is stored (names only)
  ['get', '/repos/{owner}/{repo}/actions/secrets'],
  ['get', '/repos/{owner}/{repo}/actions/organization-secrets'],
  ['get', '/repos/{owner}/{repo}/environments/{environment_name}/secrets'],
];

const components = {};
function collect(node) {
  if (Array.isArray(node)) return node.forEach(collect);
  if (!node || typeof node !== 'object') return;
  if (typeof node.$ref === 'string') {
    const [, , kind, name] = node.$ref.split('/'); // #/components/<kind>/<name>
    components[kind] ??= {};
    if (!components[kind][name]) {
      components[kind][name] = spec.components[kind][name];
      collect(components[kind][name]);
    }
  }
  for (const v of Object.values(node)) collect(v);
}

const paths = {};
for (const [method, path] of OPERATIONS) {
  const op = spec.paths[path]?.[method];
  if (!op) throw new Error(`not in the description: ${method.toUpperCase()} ${path}`);
  const { parameters, requestBody, responses, operationId } = op;
  const slim = { operationId, parameters, requestBody, responses };
  collect(slim);
  paths[path] ??= {};
  paths[path][method] = slim;
}

const out = {
  source: `${pkg.name}@${pkg.version} generated/api.github.com.json`,
  openapi: spec.openapi,
  info: { title: spec.info.title, version: spec.info.version },
  paths,
  components,
};
writeFileSync('test/fixtures/github-openapi-slice.json', JSON.stringify(out, null, 1) + '\n');
console.log(
  `wrote ${OPERATIONS.length} operations, ` +
    `${Object.values(components).reduce((n, c) => n + Object.keys(c).length, 0)} components`,
);
