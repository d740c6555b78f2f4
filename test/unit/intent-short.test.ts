// A short review in words (core/intent-short.ts, through core/intent.ts): a line or two of prose with no
// verdict key is read by an allowlist — every phrase an approval said whole or a courtesy — and anything that
// hedges, conditions, reports, quotes or names a problem leaves it unread; requests for changes are not read.
// The advice keeps the line and adds the verdict after it.
import { describe, expect, test } from 'vitest';
import { findIntent } from '../../src/core/intent.js';
import { renderIntent, type Diagnosis } from '../../src/core/diagnostics.js';

const intent = (body: string) => findIntent(body.split('\n'));
const verdictOf = (body: string) => intent(body).suggestion?.verdict ?? null;

describe('read: a short review that approves in words', () => {
  test.each([
    ['Looks good', 'APPROVE'],
    ['Looks fine to me 👍', 'APPROVE'],
    ["Looks good! I'm fine merging this in. Nice refactor.", 'APPROVE'],
    ['Reads fine to me :)\n+1 for merging.', 'APPROVE'],
    ['Nice, this reads well! Happy to have it merged.', 'APPROVE'],
    ['Looks good to me, merging. Thanks! 👍', 'APPROVE'],
    ['Feel free to merge.', 'APPROVE'],
    ['lgtm, thanks for the fix', 'APPROVE'],
    ['LGTM! 👍', 'APPROVE'],
    ['Thanks!\n\nApproved.', 'APPROVE'],
    ['Adding my approval here. Cheers!', 'APPROVE'],
    ['Sieht gut aus, danke!', 'APPROVE'],
    ['内容はLGTMです。', 'APPROVE'],
    ['Looks good\n\n<!-- reviewer: dana -->', 'APPROVE'], // an HTML comment is no prose
    ['Really nice work! We can merge.', 'APPROVE'],
    ["Sounds good, LGTM. Let's merge it.", 'APPROVE'],
    ['This is good to merge, thanks!', 'APPROVE'],
    ['Changes approved', 'APPROVE'],
    ['Looks like these changes are good to go! :shipit:', 'APPROVE'],
    ['Really like this, looking forward to merging it!', 'APPROVE'],
    ['Approving this. :+1:', 'APPROVE'],
    ['Ready for merge 🎉', 'APPROVE'],
    ['Approved, thanks for going through all of these.', 'APPROVE'], // held-out 44
    ['fine to rebase&merge', 'APPROVE'], // held-out 47: a merge button by name
    ['Happy to squash and merge this.', 'APPROVE'],
    ['LGTM 👍\n\nLeft a couple of optional suggestions inline.', 'APPROVE'], // held-out 45
    // a read-through: attack 40's faces had taken emphasis and "(thanks)." for faces
    ['**LGTM**', 'APPROVE'],
    ['LGTM -- thanks!', 'APPROVE'],
    ['Looks good (thanks).', 'APPROVE'],
    // held-out 30–49, read as a shape: other words for an approval, a yes, thanks for a deed
    ['Seems fine to me!', 'APPROVE'],
    ['Looks alright', 'APPROVE'],
    ['Looks fine to me overall.', 'APPROVE'],
    ["I'm approving too.", 'APPROVE'],
    ['yep, looks good to me\nthanks for tidying this up!', 'APPROVE'],
    // the comment's one name, opening it: whom it is for
    ['@Kiril07 Seems fine to me!', 'APPROVE'],
    ['@merge-bot lgtm', 'APPROVE'],
    ['@bob LGTM', 'APPROVE'],
    // after the merge: a reminder, work put to another PR, who presses the button
    ["LGTM. Don't forget to update the wiki page once this is merged.", 'APPROVE'],
    ['Looks great! Am I allowed to merge this? Or do you want to do it?', 'APPROVE'],
    // whole, in other languages
    ["C'est bon pour moi. Merci !", 'APPROVE'],
    ['Parece bom, obrigado!', 'APPROVE'],
    ['Freigegeben, danke!', 'APPROVE'],
    ['승인합니다!', 'APPROVE'],
    // held-out 50 and 51, after their first run: nits said small, what it does not ask for, a note for the changelog,
    // the reviewer's merge, a name alone on the first line or after the closing thanks
    ['lgtm with the two small nits.  Thanks!', 'APPROVE'],
    ['Looks fine to me, nothing stands out as a problem.', 'APPROVE'],
    ['LGTM, no further comments from me, thanks!', 'APPROVE'],
    ['LGTM, just remember to add a line to the changelog before it goes in.', 'APPROVE'],
    ['All of these look good, merged -- thanks @rverma!', 'APPROVE'],
    ['@hanako-t\n確認しました。特に問題なさそうなので、このままマージしますね。', 'APPROVE'],
  ])('%j → %s', (body, verdict) => {
    expect(verdictOf(body)).toBe(verdict);
  });
});

describe('unread: hedged, conditioned, reported, quoted, partial, a problem named, or not short', () => {
  test.each([
    ["Doesn't look good to me.", 'a negation'],
    ['fine to rebase&merge once CI passes', 'a condition on a merge button'],
    ['Fine to squash and merge the docs part.', 'a part'],
    ['LGTM\n\nLeft a couple of optional suggestions inline, but the migration is broken.', 'but'],
    ['LGTM\n\nLeft a couple of blocking comments inline.', 'comments not said optional'],
    ['Left a few minor nits inline.', 'no approval, only the nits'],
    ['Not LGTM yet.', 'a negation'],
    ['Looks good?', 'a question'],
    ['Mostly looks good.', 'a hedge'],
    ['LGTM once CI passes.', 'a condition'],
    ['LGTM if you rename the flag.', 'a condition'],
    ['Looks good, but please add a test.', 'but'],
    ['Looks fine to me, but make sure you deploy right after the migration.', 'but'],
    ['The bot said LGTM.', 'someone else'],
    ['Looks good from the API side; someone else should check the UI.', 'a part'],
    ["It's good to ship on Linux. On macOS the notarization step fails.", 'a problem named'],
    ['Score 3/10. LGTM would need a rewrite of the cache layer.', 'a modal'],
    ['Looks good. Let us wait for the load test before merging.', 'a hold'],
    ['田中さんは LGTM です。', "someone else's (Japanese)"],
    ['修正が入り次第 LGTM です！', 'as soon as fixed (Japanese)'],
    ['1点だけコメントを追加しましたが、それ以外はLGTMです。', 'other than that (Japanese)'],
    ['LGTMではありません。', 'a negation (Japanese)'],
    ['Looks good.\nNeeds more work on the docs.', 'both sides'],
    ['Needs more work — on the docs pipeline, not here.', 'a request pointed elsewhere'],
    ['There are three changes we still need to make.', 'only approvals are read in words'],
    ['Looks good apart from the migration.', 'a phrase the allowlist does not know'],
    ['LGTM on the docs. Leaving the backend to @bob.', 'a part'],
    ["+1 to Alice's point about lock ordering.", 'agreement with a point'],
    ['Looks good, dont merge til the release is out', 'a negation without its apostrophe'],
    ['Retracting my LGTM, found a race.', 'a withdrawal'],
    ['Looks good. This can go in now, @tvance.', 'an @mention, even said to the author'],
    ['Looks good to me, @coderabbitai.', 'an answer to a bot (attack 32)'],
    ['Looks good, @bob?', 'a question to someone'],
    ["LGTM, @bob's call though.", "someone else's call"],
    ['Looks good, @bob, @carol: merge it when CI is green.', 'a condition after the mention'],
    ['We can merge after the release.', 'a condition'],
    ['Looking forward to merging this once CI is green.', 'a condition'],
    ['Changes approved by the design team.', 'someone else'],
    ['Looks like these changes are good to go :thinking:', 'a face other than the good ones'],
    ['Really like this.', 'praise is no approval'],
    ['Thanks for going through all of these.', 'thanks is no approval'],
    ['Approved, thanks for going through all of these nits I left on the other PR.', 'another PR'],
    ['Ready to merge? :shipit:', 'a question'],
    ['We can merge this once the docs land.', 'a condition'],
    ['Sounds good.', 'agreement, no approval said'],
    ['Sieht gut aus, aber die Tests fehlen noch.', 'a German but'],
    ['それ以外はLGTMです。', 'other than that (Japanese)'],
    ['lgtm, thanks for the heads-up about the release', 'a thanks the allowlist does not know'],
    ['LGTM — scratch that, the migration drops the index.', 'a token that its line takes back'],
    ['Blocked — upstream, not this PR.', 'a refusal about something else'],
    ['LGTM.\n\nNot.', 'a line that takes the token back'],
    ['LGTM\n<!-- wrong tab, this was for #812 -->', 'a hidden comment that takes it back'],
    ['LGTM 💀', 'a face'],
    ['LGTM, pls rebase onto develop', 'more than its token: read by the allowlist, which does not know it'],
    ['+1, thanks @alice for catching the race', 'agreement with someone, addressed to them'],
    ['@alice approved', 'what the one named did'],
    ['@carol thinks this looks good.', 'what the one named thinks'],
    ['@alice LGTM, @bob please check the migration', 'two names: one asked for more'],
    ['Looks good? Can I merge this?', 'a question before the merge question'],
    ['LGTM. Can I merge this? Not yet.', 'a negation after it'],
    ['LGTM. The race should be fixed before this lands.', 'a condition, not another PR'],
    ["LGTM. Don't forget to fix the migration.", 'a reminder that is a change'],
    ['No todo bien', 'a negation in another language'],
    ['Passt so, danke!', 'an acknowledgement: "OK, thanks" (attack 41)'],
    ['Va bene, grazie!', 'an acknowledgement'],
    ['Tudo certo, obrigado!', 'an acknowledgement'],
    ['没问题', 'an acknowledgement: "no problem" (attack 42)'],
    ['LGTM!\nThe public API rename should be handled in a separate PR.', 'a part of this PR put off: split it'],
    ['Yes', 'a yes alone'],
    ['Works fine for me.', 'maybe a test report (attack 43)'],
    ['No further comments.', 'nothing asked for, and no approval'],
    ['No concerns, but the race must be fixed. LGTM', 'but'],
    ['LGTM with one blocking question', 'a question said blocking'],
    ['LGTM, remember to add a line to the changelog about the bug you still need to fix', 'a change still to make'],
    ['Merged, thanks @bob for the review', 'thanks to someone for something else'],
    ['Thanks @alice, LGTM', 'a name in the middle'],
    ['Good call closing this in favour of the new API. LGTM', 'praise for something else'],
    ['Thanks for the PR over in the docs repo. LGTM', 'thanks for something else'],
    ['Looks good 🤔', 'a doubtful face'],
    ['Ship it :/', 'a doubtful face'],
    ['Looks good to me؟', 'an Arabic question mark'],
    ['<sarcasm>Looks great, ship it</sarcasm>', 'markup'],
    ['~Looks good to me, happy to merge~', 'struck'],
    ['Looks good to me.\n\n    $ make test\n    FAIL: test_upload\n\nThanks!', 'a pasted log'],
    ['Do we still need to fix the parser?', 'a question'],
    ['No changes needed, we need to fix nothing.', 'a request denied'],
    ['**Status:** looks good', 'a labelled line is a report, read by its key'],
    ['## Summary\nLooks good', 'a heading: a report'],
    ['- looks good\n- tests pass', 'a list'],
    ['> LGTM\n\nThanks!', 'a quote'],
    ['Looks good.\nline two\nline three\nline four\nline five', 'five lines: not short'],
    [`Looks good. ${'word '.repeat(90)}`, 'too long to be short'],
  ])('%j (%s) → nothing', (body) => {
    expect(verdictOf(body)).toBeNull();
  });
});

describe('the advice keeps the words and adds the verdict after them', () => {
  test('the suggestion names the line and says it is in words', () => {
    const i = intent('Thanks!\nLooks good, happy to have it merged.');
    expect(i.suggestion).toEqual({ line: '## VERDICT: APPROVE', verdict: 'APPROVE', fromLine: 2, inWords: true });
    expect(i.stated).toEqual([2]);
    expect(i.after).toEqual([]);
    const out = renderIntent({ intent: i } as Diagnosis, 'review.md:').join('\n');
    expect(out).toContain('did you mean `## VERDICT: APPROVE` (review.md:2 says it in words)? Add it as the last line');
    expect(out).not.toContain('Replace that line');
  });

  test('a keyed verdict is still read by its key, not as words', () => {
    const i = intent('Looks good.\n\n**Verdict:** Request changes');
    expect(i.suggestion?.verdict).toBe('CHANGES_REQUESTED');
    expect(i.suggestion?.inWords).toBeUndefined();
  });
});
