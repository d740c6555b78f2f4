// Re-review on demand by comment (core/command.ts): the exact command, and who may ask.
import { describe, expect, test } from 'vitest';
import { isCommandFor, refusal, type Asker } from '../../src/core/command.js';

describe('isCommandFor: the whole comment or its first line is /review <persona>', () => {
  test.each<[string, string, boolean]>([
    ['/review priya', 'priya', true],
    ['/review Priya', 'priya', true],
    ['/REVIEW priya', 'priya', false],
    ['/review PRIYA', 'Priya', true],
    ['/review priya\nthe fix is in', 'priya', true],
    ['/review priya\r\nthe fix is in', 'priya', true],
    ['/review priya\rthe fix is in', 'priya', true],
    ['/review priyanka', 'priya', false],
    ['/review priya', 'priyanka', false],
    ['/review priya please', 'priya', false],
    ['/review priya ', 'priya', false],
    [' /review priya', 'priya', false],
    ['please /review priya', 'priya', false],
    ['/review  priya', 'priya', false],
    ['/review', 'priya', false],
    ['', 'priya', false],
    ['hello\n/review priya', 'priya', false],
  ])('%j for %s → %s', (body, persona, expected) => {
    expect(isCommandFor(body, persona)).toBe(expected);
  });
});

describe('refusal: write, maintain or admin, never the PR author', () => {
  const ask = (o: Partial<Asker>): Asker => ({
    persona: 'priya',
    login: 'alice',
    body: '/review priya',
    permission: 'write',
    author: 'octo-author',
    ...o,
  });
  test.each<[string, Partial<Asker>, RegExp | null]>([
    ['a writer', {}, null],
    ['a maintainer', { permission: 'maintain' }, null],
    ['an admin', { permission: 'admin' }, null],
    ['a PR whose author GitHub does not name', { author: null }, null],
    ['a reader (triage reads as read)', { permission: 'read' }, /@alice has read access/],
    ['no access', { permission: 'none' }, /@alice has no access/],
    ['not a collaborator', { permission: 'not-collaborator' }, /is not a collaborator/],
    ['permission unknown', { permission: null }, /would not say/],
    ["the PR's author, an admin", { login: 'octo-author', permission: 'admin' }, /opened this PR/],
    ["the PR's author, other case", { login: 'Octo-Author' }, /opened this PR/],
    ['another persona', { body: '/review marcus' }, /not "\/review priya"/],
    ['a longer name', { body: '/review priyanka' }, /not "\/review priya"/],
    // attack round 16: a bot's account (a welcome bot quoting the PR's text), whatever GitHub says it may do
    ['a bot account GitHub calls a writer', { login: 'welcome-bot[bot]' }, /is a bot account/],
    ['a bot account, other case', { login: 'Helper[BOT]', permission: 'admin' }, /is a bot account/],
    // the label route: any label name (the workflow picks it), the same people as the comment
    ['a writer adds the label', { via: 'label', body: 'review:priya' }, null],
    ['a triager adds the label', { via: 'label', body: 'review:priya', permission: 'read' }, /added by @alice/],
    ["the PR's author adds the label", { via: 'label', body: 'rr', login: 'octo-author' }, /opened this PR/],
    // attack M: a workflow run by hand with force: true (no comment text to match)
    ['a writer runs the workflow', { via: 'dispatch', body: '' }, null],
    ["the PR's author runs the workflow", { via: 'dispatch', body: '', login: 'octo-author' }, /opened this PR/],
    ['a reader runs the workflow', { via: 'dispatch', body: '', permission: 'read' }, /@alice has read access/],
    // attack N, N1: "Re-run all jobs" keeps the payload's asker; whoever re-ran it must be allowed to ask too
    ["the PR's author re-runs a maintainer's run", { via: 'rerun', body: '', login: 'octo-author' }, /opened this PR/],
    ['a writer re-runs it', { via: 'rerun', body: '' }, null],
  ])('%s', (_n, o, message) => {
    const r = refusal(ask(o));
    if (message === null) expect(r).toBeNull();
    else expect(r?.message).toMatch(message);
  });
});
