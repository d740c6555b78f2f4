// Attack round 16 (two helpers, 2026-12-02): who may force a re-review (a label added by a triager, a bot's comment),
// the board against the personas' own statuses, a post's green over a twin PR's refusal, and a PR closed before its
// verdict was posted. Each was a failing test first; RELIABILITY.md has a row for each.
// GitHub: only triage or more may label a PR, and `sender` of a `labeled` event is who added the label; a bot's login
// ends in "[bot]" (FACTS.md).
import { describe, expect, test } from 'vitest';
import { attackKit, reviewComment } from './attack-kit.js';
import { PR, runOn, useWorld } from './world.js';

const w = useWorld();

describe('who may force a re-review: the label route and bots are checked like a comment', () => {
  const labeled = (login: string) => ({
    ...attackKit(w).prt(PR, 'labeled'),
    label: { name: 'review:priya' },
    sender: { login },
  });

  test('C16b-1: a triager adds review:priya: refused, no LLM run, the rejection stands', async () => {
    const k = attackKit(w);
    const { post } = await k.chain(k.prt(PR, 'synchronize'), 'CHANGES_REQUESTED');
    expect(post?.outputs.outcome).toBe('posted');
    w.gh.settings.permissions.set('triager', { permission: 'read', role_name: 'triage' });
    const r = await k.run(null, { mode: 'preflight', force: 'true' }, labeled('triager'));
    expect(r.outputs.outcome).toBe('aborted');
    expect(r.outputs['should-review']).not.toBe('true');
    expect(r.stdout).toMatch(/@triager has read access: only write, maintain or admin .* added by @triager/);
    expect(k.status()).toBe('failure');
  });

  test('a writer adds review:priya: the forced review goes ahead (one permission read)', async () => {
    const k = attackKit(w);
    await k.chain(k.prt(PR, 'synchronize'), 'CHANGES_REQUESTED');
    w.gh.settings.permissions.set('keeper', { permission: 'write', role_name: 'maintain' });
    const before = w.gh.log.length;
    const r = await k.run(null, { mode: 'preflight', force: 'true' }, labeled('keeper'));
    expect(r.outputs['should-review']).toBe('true');
    const reads = w.gh.log.slice(before).filter((q) => /\/collaborators\/keeper\/permission$/.test(q.path));
    expect(reads).toHaveLength(1);
  });

  test('a label added without force (the plain recipe on labeled) reads no permission', async () => {
    const k = attackKit(w);
    await k.chain(k.prt(PR, 'synchronize'), 'APPROVE');
    const before = w.gh.log.length;
    const r = await k.run(null, { mode: 'preflight' }, labeled('triager'));
    expect(r.outputs.outcome).toBe('duplicate');
    expect(w.gh.log.slice(before).some((q) => /\/permission$/.test(q.path))).toBe(false);
  });

  test('C16b-2: "/review priya" from a bot account GitHub calls a writer is refused', async () => {
    const k = attackKit(w);
    await k.chain(k.prt(PR, 'synchronize'), 'CHANGES_REQUESTED');
    const bot = 'welcome-bot[bot]';
    w.gh.settings.permissions.set(bot, { permission: 'write', role_name: 'write' });
    const r = await runOn(w.gh, 'priya', null, { mode: 'preflight', force: 'true' }, 'issue_comment', {
      ...reviewComment(bot),
      comment: { body: '/review priya', author_association: 'NONE', user: { login: bot, type: 'Bot' } },
    });
    expect(r.outputs.outcome).toBe('aborted');
    expect(r.stdout).toMatch(/is a bot account/);
    expect(r.outputs['should-review']).not.toBe('true');
    expect(k.status()).toBe('failure');
  });
});
