// The words of a short review in words — pure, part of "did you mean" (core/intent-short.ts reads with them): the
// phrases that are an approval said whole, the courtesies around it, what keeps a comment unread, and what an approval
// may say about after the merge.
/** A phrase that is an approval, whole ("this looks good to me", "LGTM", "I'm fine merging this in"). */
export const APPROVAL = new RegExp(
  '^(?:' +
    [
      String.raw`(?:(?:THIS|IT|ALL|EVERYTHING|THE\s+CHANGES?|CHANGES?|CODE)\s+)?(?:LOOKS?|READS?)\s+` +
        String.raw`(?:GOOD|GREAT|FINE|RIGHT|CORRECT|WELL)(?:\s+TO\s+ME)?(?:\s+NOW)?`,
      String.raw`LGTM(?:\s+TO\s+ME)?`,
      // "lgtm with the two small nits", "LGTM with one question": what it comes with is said to be small
      String.raw`LGTM\s+WITH\s+` +
        String.raw`(?:(?:A\s+FEW|SOME|ONE|TWO|THREE|A\s+COUPLE(?:\s+OF)?|THE(?:\s+(?:TWO|THREE|FEW))?)\s+)?` +
        String.raw`(?:(?:SMALL|MINOR|TINY|OPTIONAL)\s+)?(?:NITS?|NITPICKS?|QUESTIONS?)`,
      // "All of these look good", "Merged": the reviewer merged it (held-out 43, 50)
      String.raw`ALL\s+OF\s+(?:THESE|THEM|THIS)\s+LOOKS?\s+(?:GOOD|GREAT|FINE)(?:\s+TO\s+ME)?`,
      String.raw`MERGED(?:\s+(?:THIS|IT))?(?:\s+NOW)?`,
      String.raw`\+1\s+FOR\s+MERGING`,
      String.raw`MERGING(?:\s+(?:THIS|IT|NOW))?`,
      String.raw`SHIP\s+IT`,
      // "fine to rebase&merge", "happy to squash and merge" (held-out 47): GitHub's merge buttons by name
      String.raw`(?:I'M\s+|I\s+AM\s+)?(?:HAPPY|FINE|GOOD|OK(?:AY)?)\s+(?:TO|WITH)\s+` +
        String.raw`(?:(?:REBASE|SQUASH)\s*(?:&|AND|-)?\s*)?MERG(?:E|ING)` +
        String.raw`(?:\s+(?:THIS|IT))?(?:\s+IN)?`,
      String.raw`(?:I'M\s+|I\s+AM\s+)?FINE\s+MERGING\s+(?:THIS|IT)(?:\s+IN)?`,
      String.raw`HAPPY\s+TO\s+HAVE\s+(?:THIS|IT)\s+MERGED`,
      String.raw`(?:(?:THIS\s+IS|IT'S|IT\s+IS)\s+)?(?:GOOD|SAFE|OK(?:AY)?|READY)\s+TO\s+(?:GO|MERGE)`,
      // "Looks like these changes are good to go", "The changes are ready to land", "Ready for merge"
      String.raw`(?:(?:IT\s+)?LOOKS\s+LIKE\s+)?(?:(?:THIS|IT|THESE\s+CHANGES|THE\s+CHANGES)\s+(?:IS|ARE)\s+|IT'S\s+)?` +
        String.raw`(?:GOOD|READY)\s+TO\s+(?:GO|MERGE|LAND|SHIP)(?:\s+IN)?|READY\s+FOR\s+MERGE`,
      // "Changes approved", "Approving this"
      String.raw`(?:THE\s+)?CHANGES?\s+(?:ARE\s+)?APPROVED|APPROVING(?:\s+(?:THIS|IT))?`,
      // "Looking forward to merging it": the merge as the review's wish
      String.raw`(?:I'M\s+|I\s+AM\s+)?LOOKING\s+FORWARD\s+TO\s+MERGING\s+(?:THIS|IT)(?:\s+IN)?`,
      // "We can merge.", "This can go in now", "Let's merge it": the merge said as this review's decision
      String.raw`(?:WE|YOU)\s+CAN\s+MERGE(?:\s+(?:THIS|IT))?(?:\s+NOW)?`,
      String.raw`(?:THIS|IT)\s+CAN\s+GO\s+IN(?:\s+NOW)?`,
      String.raw`(?:LET'S|WE'LL|WE\s+WILL|I'LL|I\s+WILL)\s+MERGE\s+(?:THIS|IT)(?:\s+NOW)?`,
      // "Seems fine to me!", "Looks alright", "Looks fine to me overall": an approval in other words (not "works fine
      // for me", which may be a test report: attack 43)
      String.raw`SEEMS\s+(?:GOOD|FINE|OK(?:AY)?|ALRIGHT)(?:\s+TO\s+ME)?`,
      String.raw`(?:(?:THIS|IT|EVERYTHING|ALL)\s+)?LOOKS\s+(?:ALRIGHT|OK(?:AY)?)(?:\s+TO\s+ME)?`,
      String.raw`(?:(?:THIS|IT|EVERYTHING|ALL)\s+)?LOOKS\s+(?:GOOD|GREAT|FINE)(?:\s+TO\s+ME)?\s+OVERALL`,
      String.raw`(?:I'M\s+|I\s+AM\s+)?APPROVING(?:\s+(?:THIS|IT))?(?:\s+(?:TOO|AS\s+WELL))`,
      String.raw`FEEL\s+FREE\s+TO\s+MERGE(?:\s+(?:THIS|IT))?`,
      String.raw`(?:ADDING\s+)?MY\s+APPROVAL(?:\s+HERE)?|I\s+APPROVE(?:\s+(?:THIS|IT))?|APPROVED`,
      String.raw`SIEHT\s+GUT\s+AUS|ME\s+PARECE\s+BIEN|(?:内容は|コードは|変更は)?LGTM(?:です)?`,
      // the same, whole, in the languages reviews come in: Spanish, Portuguese, French, German, Italian, Korean,
      // Chinese, Japanese ("Parece bom", "C'est bon pour moi", "승인합니다"); not Cyrillic, which plain() reads
      // through its look-alike letters (attack 30's "NΟT"); not the words that also say "OK, thanks" to anything ("Va
      // bene", "Tudo bem", "Passt", "Alles gut": attack 41; "没问题", "좋습니다", "問題ありません", "C'est bon": attack 42)
      String.raw`SE\s+VE\s+BIEN|APROBADO|PARECE\s+BOM|APROVADO|C'EST\s+BON\s+POUR\s+MOI|APPROUVÉ|FREIGEGEBEN`,
      String.raw`MI\s+SEMBRA\s+(?:OK|BUONO|CORRETTO)|APPROVATO|승인(?:합니다|할게요|했습니다)|可以合并|可以合併|承認します`,
      // "このままマージしますね" (merging it as it is: held-out 50)
      String.raw`(?:このまま)?マージ(?:します|しますね|しておきます)`,
    ].join('|') +
    ')$',
);

/** A courtesy around it: thanks, praise, a sign-off. */
export const COURTESY = new RegExp(
  '^(?:' +
    [
      String.raw`THANKS?(?:\s+(?:A\s+LOT|SO\s+MUCH|AGAIN))?`,
      String.raw`THANK\s+YOU(?:\s+(?:SO\s+MUCH|AGAIN))?`,
      String.raw`(?:THANKS?|THANK\s+YOU)\s+FOR\s+(?:THE|THIS|YOUR)\s+` +
        String.raw`(?:FIX|PR|PATCH|WORK|CHANGES?|CONTRIBUTION|UPDATE|CLEANUP)`,
      // "thanks for going through all of these" (the review's comments, answered)
      String.raw`(?:THANKS?|THANK\s+YOU)\s+FOR\s+GOING\s+THROUGH\s+(?:ALL\s+(?:OF\s+)?)?(?:THESE|THEM|THOSE)`,
      // "thanks for tidying this up", "thanks for catching this", "thank you for picking it up"
      String.raw`(?:THANKS?|THANK\s+YOU)(?:\s+(?:SO\s+MUCH|A\s+LOT))?\s+FOR\s+` +
        String.raw`(?:TIDYING|CLEANING|FIXING|PICKING|CATCHING|DOING|WORKING\s+ON|ADDRESSING|HANDLING|UPDATING|` +
        String.raw`TACKLING|SORTING|IMPROVING|ADDING|WRITING|REVERTING)\s+(?:THIS|IT|THAT)` +
        String.raw`(?:\s+(?:UP|ON|OUT|IN))?`,
      String.raw`CHEERS|DANKE|MERCI|GRACIAS|ありがとうございます|確認しました`,
      // "特に問題なさそうなので" (no problem, so …): a reason, only beside an approval said whole (held-out 50)
      String.raw`(?:特に)?問題(?:なさそう|ない)(?:です)?(?:ので|なので)`,
      String.raw`OBRIGAD[OA]|MERCI\s+BEAUCOUP|DANKE\s+SCHÖN|GRAZIE|감사합니다|고맙습니다|谢谢|感谢|お疲れ様です`,
      String.raw`BOM\s+TRABALHO|BUEN\s+TRABAJO|BEAU\s+TRAVAIL|BON\s+TRAVAIL|GUTE\s+ARBEIT|OTTIMO\s+LAVORO`,
      String.raw`수고하셨습니다|고생하셨(?:습니다|어요)`,
      // a yes before the approval: "yep, looks good to me"
      String.raw`YES|YEP|YUP|YEAH`,
      String.raw`(?:VERY\s+|REALLY\s+)?(?:NICE|GREAT|EXCELLENT|AWESOME|NEAT)` +
        String.raw`(?:\s+(?:WORK|JOB|REFACTOR|CLEANUP|PR|PATCH|TESTS))?`,
      String.raw`GOOD\s+(?:WORK|JOB)|WELL\s+DONE`,
      String.raw`(?:I\s+)?(?:REALLY\s+)?(?:LIKE|LOVE)\s+(?:THIS|IT)`,
      // "Left a couple of optional suggestions inline." (held-out 45): said optional, whole, beside the approval
      String.raw`(?:I\s+)?LEFT\s+(?:A\s+FEW|A\s+COUPLE(?:\s+OF)?|SOME|TWO|THREE)\s+(?:OPTIONAL|NON-?BLOCKING)\s+` +
        String.raw`(?:SUGGESTIONS|COMMENTS|NITS|NOTES)(?:\s+INLINE)?`,
      // agreement, not an approval by itself: "Sounds good" answers what was said before it
      String.raw`SOUNDS\s+GOOD(?:\s+TO\s+ME)?`,
    ].join('|') +
    ')$',
);

/**
 * What keeps it unread even so, anywhere in the body (a second guard: the allowlist already refuses any phrase it
 * does not know): a negation with or without its apostrophe, a hedge, a condition, a hold, a report, a withdrawal.
 */
export const NOT_PLAIN = new RegExp(
  String.raw`[?？؟‽⁇⁈⁉⸮⸘"“”]|` +
    String.raw`\b(?:IS|ARE|WAS|WERE|DO|DOES|DID|CAN|COULD|WOULD|SHOULD|WON|HAVE|HAS|HAD|AIN|MUST|NEED)N'?T\b|` +
    String.raw`\b(?:NOT|CANNOT|NEVER|NO|NOTHING|NONE|ZERO|HARDLY|BARELY|FAR|NOWHERE|MOSTLY|ALMOST|NEARLY|` +
    String.raw`BUT|EXCEPT|UNLESS|IF|ONCE|WHEN|UNTIL|TIL|AFTER|BEFORE|THEN|ASSUMING|MODULO|APART|SOON|PROVIDED|` +
    String.raw`WAIT\w*|HOLD\w*|PENDING|STILL|YET|SAID|SAYS|THINKS?|MENTIONED|RETRACT\w*|DISMISS\w*|WITHDRAW\w*|` +
    String.raw`ONLY|PART|SIDE|WOULD|COULD|SHOULD|MIGHT|MUST|NEEDS?|FAIL\w*|BREAK\w*|BROKE\w*|MISSING|LOL|WRONG|` +
    String.raw`NOPE|KIDDING|SARCASM)\b`,
);

/** What a reminder may be about: the changelog, the docs, the wiki, a ticket — not the code. */
const NOTES =
  String.raw`(?:CHANGELOG|CHANGE\s+LOG|RELEASE\s+NOTES?|DOCS|DOCUMENTATION|WIKI|README)` +
  String.raw`(?:\s+(?:ENTRY|LINE|NOTE|PAGE|SECTION))?`;

/**
 * What an approval may say about after the merge, said whole as a clause: a reminder for after it ("Don't forget
 * to update the wiki page once this is merged"), a note for the changelog or the docs, what it does not ask for. Work
 * put to a separate PR is not among them: what is put off may be part of this PR (attack 42: "the public API rename
 * should be handled in a separate PR" asks to split it).
 */
const AFTERCARE = new RegExp(
  '^(?:' +
    [
      // "Don't forget to update the wiki page once this is merged"
      String.raw`(?:JUST\s+)?(?:PLEASE\s+)?(?:DON'T\s+FORGET|REMEMBER)\s+TO\s+` +
        String.raw`(?:UPDATE|ADD|BUMP|MENTION|TAG|ANNOUNCE|CLOSE)\s+(?:THE\s+|A\s+|AN\s+)?(?:[A-Z-]+\s+)?` +
        String.raw`(?:${NOTES}|ISSUE|TICKET|VERSION|ANNOUNCEMENT)\s+(?:ONCE|AFTER|WHEN)\s+` +
        String.raw`(?:THIS|IT)\s+(?:IS\s+|GETS\s+|'S\s+|HAS\s+BEEN\s+)?(?:MERGED|LANDED|RELEASED|IN)`,
      // "just remember to add a line to the changelog before it goes in"
      String.raw`(?:JUST\s+)?(?:PLEASE\s+)?(?:DON'T\s+FORGET|REMEMBER)\s+TO\s+(?:ADD|UPDATE|BUMP|WRITE)\s+` +
        String.raw`(?:(?:A|AN|ONE)\s+(?:LINE|NOTE|ENTRY)\s+(?:TO|IN|FOR)\s+)?(?:THE\s+|A\s+|AN\s+)?${NOTES}` +
        String.raw`(?:\s+BEFORE\s+(?:IT|THIS)\s+(?:GOES\s+IN|LANDS|IS\s+MERGED|GETS\s+MERGED))?`,
      // what the approval does not ask for: "nothing stands out as a problem", "no further comments from me"
      String.raw`NOTHING\s+(?:ELSE\s+)?STANDS\s+OUT(?:\s+AS\s+A\s+PROBLEM)?|NOTHING\s+(?:ELSE\s+)?TO\s+ADD|` +
        String.raw`NO\s+(?:FURTHER\s+|MORE\s+|OTHER\s+)?(?:COMMENTS|CONCERNS|OBJECTIONS)(?:\s+FROM\s+ME)?(?:\s+HERE)?`,
    ].join('|') +
    String.raw`)[.!,;]*$`,
);

/** Who presses the button, asked after the approval: "Am I allowed to merge this?", "Or do you want to do it?" */
const WHO_MERGES = new RegExp(
  String.raw`^(?:(?:(?:AM\s+I|ARE\s+YOU)\s+ALLOWED\s+TO|CAN\s+(?:I|YOU)|SHOULD\s+(?:I|YOU)|SHALL\s+I|` +
    String.raw`DO\s+YOU\s+WANT\s+(?:ME\s+)?TO)\s+MERGE\s+(?:THIS|IT)(?:\s+(?:MYSELF|YOURSELF|NOW))?|` +
    String.raw`OR\s+DO\s+YOU\s+WANT\s+(?:ME\s+)?TO\s+DO\s+IT)[?.!]*$`,
);

/** A line's text without its sentences about after the merge (AFTERCARE). */
export function withoutAftercare(text: string): string {
  const clauses = text.split(/(?<=[.!?,;])\s+/);
  return clauses
    .filter((x) => !AFTERCARE.test(x.trim()) && !WHO_MERGES.test(x.trim()))
    .join(' ')
    .replace(/[,;]\s*$/, '');
}
