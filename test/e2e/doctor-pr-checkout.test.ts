// Found by an attack on L/M: doctor said "the gate on main is enforced: all checks ok" to a workflow whose LLM job
// checks out the PR's own code and runs the PR's run-persona script through a ref the rule did not know
// (merge_commit_sha; on workflow_run head_commit.id; a job output holding the head). The PR's script prints
// "## VERDICT: APPROVE" and post posts it as the persona's App. A checkout's ref by expression is now trusted only
// when it names the base or default branch (scripts/workflow-rules.mjs TRUSTED_REF).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { FakeGitHub } from '../fake/github.js';
import { NODE, ROOT } from './harness.js';
import { securityFindings } from '../../scripts/workflow-rules.mjs';

const FIXTURES = join(ROOT, 'test/fixtures/doctor');
const APP = 901;
const CONTEXT = 'persona-verdict/priya';
const ADMIN = 'tok-admin';
let fake: FakeGitHub;

function correctGate(f: FakeGitHub): void {
  f.user(ADMIN, { login: 'octo-admin', admin: true });
  f.settings.apps.set('priya-reviewer', APP);
  f.settings.branches.set('main', { protected: true });
  f.settings.rulesets.set(7, { name: 'gate', bypass_actors: [] });
  f.settings.rules.set('main', [
    {
      type: 'required_status_checks',
      ruleset_id: 7,
      parameters: {
        strict_required_status_checks_policy: false,
        required_status_checks: [{ context: CONTEXT, integration_id: APP }],
      },
    },
    {
      type: 'pull_request',
      ruleset_id: 7,
      parameters: {
        required_approving_review_count: 1,
        dismiss_stale_reviews_on_push: true,
        require_last_push_approval: true,
        require_code_owner_review: true,
        required_review_thread_resolution: false,
      },
    },
    {
      type: 'merge_queue',
      ruleset_id: 7,
      parameters: {
        check_response_timeout_minutes: 60,
        grouping_strategy: 'ALLGREEN',
        max_entries_to_build: 5,
        max_entries_to_merge: 5,
        merge_method: 'SQUASH',
        min_entries_to_merge: 1,
        min_entries_to_merge_wait_minutes: 5,
      },
    },
  ]);
  for (const name of ['persona-priya.yml', 'queue.yml', 'queue-report.yml'])
    f.settings.files.set(`.github/workflows/${name}`, readFileSync(join(FIXTURES, name), 'utf8'));
}

function doctor(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: Record<string, string> = { PATH: process.env['PATH'] ?? '', GITHUB_API_URL: fake.url, GH_TOKEN: ADMIN };
  const child = spawn(NODE, [join(ROOT, 'dist/cli/index.js'), 'doctor', ...args], { env, cwd: ROOT });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

beforeEach(async () => {
  fake = await new FakeGitHub().start();
  correctGate(fake);
});
afterEach(async () => {
  await fake.stop();
});

// the fixture's LLM job checks out the base branch; these check out the PR's merge commit instead
const PR_CHECKOUTS = [
  ['pull_request_target: the PR merge commit', '${{ github.event.pull_request.merge_commit_sha }}'],
  ['workflow_run: the triggering run head commit', '${{ github.event.workflow_run.head_commit.id }}'],
  ['the head preflight pinned (its output)', '${{ needs.preflight.outputs.head-sha }}'],
] as const;

describe("doctor: an LLM job that runs the PR's own run-persona", () => {
  test.each(PR_CHECKOUTS)('%s → not "enforced: all checks ok"', async (_name, ref) => {
    const path = '.github/workflows/persona-priya.yml';
    const text = fake.settings.files.get(path)!;
    const next = '\n      - uses: actions/download-artifact';
    const edited = text.replace(
      `        with:\n          persist-credentials: false${next}`,
      `        with:\n          ref: ${ref}\n          persist-credentials: false${next}`,
    );
    expect(edited).not.toBe(text);
    fake.settings.files.set(path, edited);
    // the job then runs ./scripts/run-persona from that checkout: the PR's file writes review.md
    const r = await doctor(['--repo', 'acme/widgets', '--persona', 'priya=priya-reviewer']);
    // today: exit 0, "OK: the gate on main is enforced: all N checks ok"
    expect(r.stdout.trim().split('\n').at(-1)).not.toMatch(/^OK: the gate on main is enforced/);
    expect(r.code).toBe(1);
  });

  test.each(PR_CHECKOUTS)('the workflow rule (lint) catches %s', (_name, ref) => {
    const wf =
      'name: x\non: pull_request_target\npermissions: {}\njobs:\n  persona:\n    runs-on: ubuntu-latest\n' +
      '    permissions: { contents: read }\n    steps:\n' +
      '      - uses: actions/checkout@11d5960a326750d5838078e36cf38b85af677262 # v4.4.0\n' +
      `        with:\n          ref: ${ref}\n          persist-credentials: false\n` +
      '      - run: ./scripts/run-persona priya\n';
    expect(securityFindings(wf, 'x.yml').join('\n')).toMatch(/checks out PR code/);
  });
});
