// Attack round 14 (a helper attacking the merge queue, the board, findings and the summary): each test failed before
// its fix for the reason its describe names (docs/RELIABILITY.md has a row each).
import { describe, expect, test } from 'vitest';
import { decodeMarker } from '../../src/core/marker.js';
import { attackKit, pushKit } from './attack-kit.js';
import { runAction } from './harness.js';
import { body, LOGINS, PR, runOn, TOKENS, useWorld } from './world.js';

const w = useWorld();
const { prt, chain, status, forceReReview } = attackKit(w);
const { prtEvent, push, forcedPreflight, plainPreflight, group } = pushKit(w);

// Q1: the merge queue's run carries a verdict from another head (an equal change) without reading that head's
// statuses. preflight's unlessReReviewed reads both heads (round 13, F1/F2); queued.ts reads only the PR's head. a, b
// and a again are identical pushes (each carried, green). A maintainer's /review priya doubts a (the head now). The
// author pushes b — green already from before — and queues it at once. b's plain preflight sees the doubt on a and
// reviews b (its plain pending casts no doubt); while its LLM job runs, the group's run carries a's doubted approval to
// b and passes the group.
describe('Q1: a merge group carries a verdict from a head under a forced re-review', () => {
  test.each([
    ['unchanged-when: patch (a rebase)', { 'unchanged-when': 'patch', 'dismiss-stale': 'changes-requested' }, false],
    ['the defaults (an empty commit: same tree)', {}, true],
  ])(
    '%s: a approved, b carried, back to a, /review priya on a, push b and queue: the group is not green',
    async (_n, inputs, sameTree) => {
      const a = push('a');
      const b0 = sameTree ? w.gh.commit('b', w.gh.commits.get(a)!.tree, w.gh.commits.get(a)!.files) : null;
      const first = await runOn(w.gh, 'priya', body('APPROVE'), inputs, 'pull_request_target', prtEvent());
      expect(first.outputs.outcome).toBe('posted');
      const b = b0 ?? push('b');
      if (b0) {
        w.gh.push(PR, b0, 'octo-author');
        w.head = b0;
      }
      expect((await plainPreflight(inputs)).outputs.outcome).toBe('unchanged');
      expect(status(b)).toBe('success');
      w.gh.push(PR, a, 'octo-author');
      w.head = a;
      expect((await plainPreflight(inputs)).outputs.outcome).toBe('duplicate');
      // a maintainer doubts a
      const forced = await forcedPreflight(inputs);
      expect(forced.outputs).toMatchObject({ outcome: 'needs-review', 'head-sha': a });
      expect(status(a)).toBe('pending');
      // the author pushes b again (green from before) and queues it at once
      w.gh.push(PR, b, 'octo-author');
      w.head = b;
      expect(status(b)).toBe('success');
      // with dismiss-stale: all, b's own preflight dismisses a's approval as stale: the group built before it runs
      if (sameTree)
        expect(await group(inputs), "#7's group, built before b's own run, on a's doubted approval").not.toBe(
          'success',
        );
      // b's own plain preflight: sees the doubt on a, reviews b (the LLM job starts)
      const atB = await plainPreflight(inputs);
      expect(atB.outputs.outcome).toBe('needs-review');
      expect(w.gh.reviews.get(PR)!.filter((r) => decodeMarker(r.body)?.head === b)).toEqual([]);
      expect(status(b)).toBe('pending');
      // the group for #7 (b) is built while b's review runs: a's doubted approval must not pass it
      const g = await group(inputs);
      expect(g, "#7's group on a's approval, which a maintainer asked to be judged again").not.toBe('success');
    },
  );
});

// P1: the board and a forced re-review. README: "it applies the persona jobs' own rules … so the board and a persona's
// status never disagree". A maintainer's /review priya is under way on H: priya's own status on H is the forced
// pending, her plain runs keep the doubted APPROVE without writing a green (heldBack), the merge queue holds the group
// (R7-5) — but the board reads no statuses: priya is "current APPROVE" and persona-verdict/panel turns green, on the
// PR's head and (board in a merge group) on the group's commit.
describe('P1: the panel counts an approval a forced re-review is judging again', () => {
  const PERSONAS = `priya=${LOGINS.priya}\nmarcus=${LOGINS.marcus}\nlin=${LOGINS.lin}`;
  test('/review priya under way on H: persona-verdict/panel is not green', async () => {
    await w.run('marcus', body('APPROVE'));
    await w.run('lin', body('APPROVE'));
    await chain(prt(PR, 'opened'), 'APPROVE');
    expect(status()).toBe('success');
    const forced = await forceReReview();
    expect(forced.outputs.outcome).toBe('needs-review');
    expect(status(), "priya's own status while she re-reviews H").toBe('pending');
    const r = await runAction({
      inputs: { mode: 'board', 'github-token': TOKENS.app, personas: PERSONAS },
      apiUrl: w.gh.url,
      event: prt(PR, 'reopened', 'main'),
      eventName: 'pull_request_target',
    });
    expect(r.outputs.outcome).toBe('reported');
    expect(
      w.gh.statusOf(w.head, 'persona-verdict/panel')?.state,
      "the panel while priya's verdict on H is being judged again",
    ).not.toBe('success');
  });
});

// S1: the job summary's alerts (> [!CAUTION], NOTE, WARNING) are Markdown; mdLine escapes its punctuation "so the text
// shows as written and cannot become a link" — but GitHub's Markdown (GFM) links a bare URL or www. name by itself
// (the autolink extension). A refused body's last line is quoted in the CAUTION: the model, which the PR author
// steers, puts a clickable link of its choosing into the failure a maintainer reads.
describe("S1: a URL in the persona's body becomes a link in the summary's failure alert", () => {
  test('a malformed verdict line with a URL: the CAUTION quotes it without a bare URL', async () => {
    const r = await w.run(
      'priya',
      'x\n\n## VERDICT: APPROVE — re-run at https://ci-approve.example/rerun or www.ci-approve.example\n',
    );
    expect(r.outputs.reason).toBe('malformed-verdict');
    const quoted = r.summary.split('\n').filter((l) => l.startsWith('>'));
    expect(quoted.join('\n')).toContain('ci-approve');
    for (const l of quoted)
      expect(l, 'a line of the alert (Markdown: GFM autolinks it)').not.toMatch(/https?:\/\/|www\./);
  });
});
