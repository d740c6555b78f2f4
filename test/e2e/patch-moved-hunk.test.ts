// Found by an attack on K/O: the PR patch id (src/core/patch.ts) dropped hunk line numbers, so the same hunk text at
// another place in the same file — base unchanged, no rebase — was "the same PR patch", and unchanged-when: patch or
// restamp carried an APPROVE of one change to another. Line numbers are now part of the id.
import { describe, expect, test } from 'vitest';
import { body, useWorld } from './world.js';

const w = useWorld();
const CONTEXT = 'persona-verdict/priya';

// src/routes.ts on the base: two route entries with identical bodies under one heading
//    1 export const routes = {
//    2   '/admin': {      <- 4 lines above the auth line: outside the 3-line context
//    3     a: 1,
//    4     b: 2,
//    5     c: 3,
//    6     auth: true,
//    7     d: 4,
//    8     e: 5,
//    9     f: 6,
//   10   },
//   11   '/health': {
//   12     a: 1,  ... 15 auth: true ...
const hunk = (line: number) =>
  `@@ -${line - 3},7 +${line - 3},6 @@ export const routes = {\n` +
  '     a: 1,\n     b: 2,\n     c: 3,\n-    auth: true,\n     d: 4,\n     e: 5,\n     f: 6,';
const HEALTH = { filename: 'src/routes.ts', status: 'modified', patch: hunk(15) }; // drop auth on /health
const ADMIN = { filename: 'src/routes.ts', status: 'modified', patch: hunk(6) }; // drop auth on /admin

describe('unchanged-when: patch and a hunk moved within a file', () => {
  test('an APPROVE of "no auth on /health" is not carried to "no auth on /admin"', async () => {
    w.gh.commits.get(w.head)!.files = [HEALTH];
    const a = await w.run('priya', body('APPROVE'), { 'unchanged-when': 'patch', 'commit-status': 'always' });
    expect(a.outputs.outcome).toBe('posted');
    // the author force-pushes a head with the same base whose change is the /admin one
    const next = w.gh.commit('drop auth on /admin', undefined, [ADMIN]);
    w.gh.push(7, next);
    w.head = next;
    const b = await w.run('priya', body('CHANGES_REQUESTED'), { 'unchanged-when': 'patch', 'commit-status': 'always' });
    // before the fix: outcome unchanged ("the same PR patch"), status success on a head priya never saw
    expect({ outcome: b.outputs.outcome, status: w.gh.statusOf(next, CONTEXT)?.state }).toEqual({
      outcome: 'posted',
      status: 'failure',
    });
  });
});

describe('restamp (unchanged-when: tree, the default) and a hunk moved within a file', () => {
  test('GitHub\'s push dismissal of "no auth on /health" is not restamped onto "no auth on /admin"', async () => {
    w.gh.dismissStaleOnPush.add('main');
    w.gh.commits.get(w.head)!.files = [HEALTH];
    const a = await w.run('priya', body('APPROVE'), { restamp: 'true', 'commit-status': 'always' });
    expect(a.outputs.outcome).toBe('posted');
    const next = w.gh.commit('drop auth on /admin', undefined, [ADMIN]);
    w.gh.push(7, next); // GitHub's rule dismisses the APPROVE on this push
    w.head = next;
    const pre = await w.run('priya', null, { mode: 'preflight', restamp: 'true', 'commit-status': 'always' });
    // before the fix: restamped, APPROVE posted for the /admin head without an LLM run, status success
    expect({ outcome: pre.outputs.outcome, status: w.gh.statusOf(next, CONTEXT)?.state }).toEqual({
      outcome: 'needs-review',
      status: undefined,
    });
  });
});
