// A short approval in words — pure, part of "did you mean" (core/intent.ts). People (and some bots) approve in a
// line or two and no verdict key: "Looks good! I'm fine merging this in.", "Reads fine to me :) +1 for merging."
// When nothing else in a body gives a verdict and the body is that short (a few lines of prose: no heading,
// table, list, quote or labelled line), it is read — by an allowlist, not a denylist: every phrase of it must be
// an approval said whole ("looks good to me", "LGTM", "happy to merge") or a courtesy ("thanks for the fix",
// "nice work"), and nothing in it may negate, hedge, ask, condition, hold, report or address someone. Anything else
// ("looks good apart from the migration", "LGTM on the docs", "+1 to Alice's point", "dont merge til Friday")
// leaves it unread. Only approvals: a request for changes in a sentence or two is too often about other work
// (attack 29: "upstream needs changes too", "we have to make a release right after this lands").
import type { Verdict } from './grammar.js';
import { leadingVerdict, plain } from './intent-token.js';

/** At most this many lines of prose, and this many characters of it. */
const MAX_LINES = 4;
const MAX_CHARS = 300;

/** A phrase that is an approval, whole ("this looks good to me", "LGTM", "I'm fine merging this in"). */
const APPROVAL = new RegExp(
  '^(?:' +
    [
      String.raw`(?:(?:THIS|IT|ALL|EVERYTHING|THE\s+CHANGES?|CHANGES?|CODE)\s+)?(?:LOOKS?|READS?)\s+` +
        String.raw`(?:GOOD|GREAT|FINE|RIGHT|CORRECT|WELL)(?:\s+TO\s+ME)?(?:\s+NOW)?`,
      String.raw`LGTM(?:\s+TO\s+ME)?`,
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
      // "Seems fine to me!", "Looks alright", "Looks fine to me overall", "Works great": an approval in other words
      String.raw`SEEMS\s+(?:GOOD|FINE|OK(?:AY)?|ALRIGHT)(?:\s+TO\s+ME)?`,
      String.raw`(?:(?:THIS|IT|EVERYTHING|ALL)\s+)?LOOKS\s+(?:ALRIGHT|OK(?:AY)?)(?:\s+TO\s+ME)?`,
      String.raw`(?:(?:THIS|IT|EVERYTHING|ALL)\s+)?LOOKS\s+(?:GOOD|GREAT|FINE)(?:\s+TO\s+ME)?\s+OVERALL`,
      String.raw`(?:(?:THIS|IT)\s+)?WORKS\s+(?:GREAT|WELL|FINE|PERFECTLY)(?:\s+FOR\s+ME)?`,
      String.raw`(?:I'M\s+|I\s+AM\s+)?APPROVING(?:\s+(?:THIS|IT))?(?:\s+(?:TOO|AS\s+WELL))`,
      String.raw`FEEL\s+FREE\s+TO\s+MERGE(?:\s+(?:THIS|IT))?`,
      String.raw`(?:ADDING\s+)?MY\s+APPROVAL(?:\s+HERE)?|I\s+APPROVE(?:\s+(?:THIS|IT))?|APPROVED`,
      String.raw`SIEHT\s+GUT\s+AUS|ME\s+PARECE\s+BIEN|(?:内容は|コードは|変更は)?LGTM(?:です)?`,
      // the same, whole, in the languages reviews come in: Spanish, Portuguese, French, German, Italian, Korean,
      // Chinese, Japanese ("Está tudo certo", "C'est bon pour moi", "승인합니다"); not Cyrillic, which plain() reads
      // through its look-alike letters (attack 30's "NΟT")
      String.raw`(?:ESTÁ\s+)?TODO\s+(?:BIEN|CORRECTO)|SE\s+VE\s+BIEN|APROBADO`,
      String.raw`(?:ESTÁ\s+)?TUDO\s+(?:CERTO|OK|BEM)|PARECE\s+BOM|APROVADO`,
      String.raw`(?:C'EST|TOUT\s+EST)\s+BON(?:\s+POUR\s+MOI)?|ÇA\s+ME\s+VA|OK\s+POUR\s+MOI|APPROUVÉ`,
      String.raw`PASST(?:\s+SO)?(?:\s+FÜR\s+MICH)?|ALLES\s+GUT|FREIGEGEBEN`,
      String.raw`MI\s+SEMBRA\s+(?:OK|BUONO|CORRETTO)|VA\s+BENE|TUTTO\s+OK|APPROVATO`,
      String.raw`승인(?:합니다|할게요|했습니다)?|좋습니다|문제\s*없습니다`,
      String.raw`可以合并|可以合併|没问题|沒問題|問題ありません|問題ないです|承認します`,
    ].join('|') +
    ')$',
);

/** A courtesy around it: thanks, praise, a sign-off. */
const COURTESY = new RegExp(
  '^(?:' +
    [
      String.raw`THANKS?(?:\s+(?:A\s+LOT|SO\s+MUCH|AGAIN))?`,
      String.raw`THANK\s+YOU(?:\s+(?:SO\s+MUCH|AGAIN))?`,
      String.raw`(?:THANKS?|THANK\s+YOU)\s+FOR\s+(?:THE|THIS|YOUR)\s+` +
        String.raw`(?:FIX|PR|PATCH|WORK|CHANGES?|CONTRIBUTION|UPDATE|CLEANUP)`,
      // "thanks for going through all of these" (the review's comments, answered)
      String.raw`(?:THANKS?|THANK\s+YOU)\s+FOR\s+GOING\s+THROUGH\s+(?:ALL\s+(?:OF\s+)?)?(?:THESE|THEM|THOSE)`,
      // "thanks for tidying this up", "thanks for catching this", "thank you for picking it up"
      String.raw`(?:THANKS?|THANK\s+YOU)(?:\s+(?:SO\s+MUCH|A\s+LOT))?\s+FOR\s+[A-Z]+ING\s+(?:THIS|IT|THAT)` +
        String.raw`(?:\s+(?:UP|ON|OUT|IN))?`,
      String.raw`CHEERS|DANKE|MERCI|GRACIAS|ありがとうございます`,
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
const NOT_PLAIN = new RegExp(
  String.raw`[?？؟‽⁇⁈⁉⸮⸘"“”]|` +
    String.raw`\b(?:IS|ARE|WAS|WERE|DO|DOES|DID|CAN|COULD|WOULD|SHOULD|WON|HAVE|HAS|HAD|AIN|MUST|NEED)N'?T\b|` +
    String.raw`\b(?:NOT|CANNOT|NEVER|NO|NOTHING|NONE|ZERO|HARDLY|BARELY|FAR|NOWHERE|MOSTLY|ALMOST|NEARLY|` +
    String.raw`BUT|EXCEPT|UNLESS|IF|ONCE|WHEN|UNTIL|TIL|AFTER|BEFORE|THEN|ASSUMING|MODULO|APART|SOON|PROVIDED|` +
    String.raw`WAIT\w*|HOLD\w*|PENDING|STILL|YET|SAID|SAYS|THINKS?|MENTIONED|RETRACT\w*|DISMISS\w*|WITHDRAW\w*|` +
    String.raw`ONLY|PART|SIDE|WOULD|COULD|SHOULD|MIGHT|MUST|NEEDS?|FAIL\w*|BREAK\w*|BROKE\w*|MISSING|LOL|WRONG|` +
    String.raw`NOPE|KIDDING|SARCASM)\b`,
);

/** The faces and signs a plain approval may carry: a smile, a thumbs-up, a tick, a party, a heart. */
const GOOD_SIGNS = /👍|✅|✔️?|🎉|🚀|❤️?|🙏|😊|🙂|😀|😄|👏|💯|✨|🙌|:-?\)|:D|\uFE0F/gu;

/** The same signs as GitHub's shortcodes (":shipit:", ":+1:"): taken off before the words are read. */
const GOOD_CODES = /:(?:shipit|\+1|thumbsup|tada|rocket|heart|clap|white_check_mark):/gi;

const COMMENT_LINE = /^\s*<!--.*-->\s*$/;

/**
 * A face or a sign other than the good ones, an emoji shortcode, a sarcasm tag: "🤔", "💀", ":/", ";)", "-_-",
 * ">_>", "^^;", ":thinking:", "/s" — what it adds is its meaning, and it is not an approval's (attacks 30, 31).
 */
function saysMore(raw: string): boolean {
  const rest = raw.replace(GOOD_SIGNS, '').replace(GOOD_CODES, '');
  return (
    /[\p{Extended_Pictographic}\u2190-\u2BFF\u2E2E\u2E18]/u.test(rest) ||
    /[:;=8][-']?[/\\(|[\]pPoO3*)]|-_-|\^\^|[<>]_[<>]|:[a-z_]+:|(?:^|\s)\/s(?:arcasm)?\b/iu.test(rest) ||
    face(rest)
  );
}

/**
 * Two or more signs together that are not a sentence's punctuation ("!", "...", "!)", "(thanks).", "--"): a face of
 * any make — "-.-", ";_;", "):", "/:", "(¬_¬)", "•_•", "._.", a full-width "(－_－)" — which the list above cannot name
 * one by one (attack 40: twenty faces through it). Emphasis around words ("**LGTM**") is markup, not a sign (a
 * read-through: it had made "**LGTM**" a face); a single sign never counts ("rebase&merge", "squash-merge").
 */
function face(text: string): boolean {
  const bare = text.replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/gu, '$2');
  const runs = bare.match(/[^\p{L}\p{N}\s]{2,}/gu) ?? [];
  return runs.some((r) => !/^(?:[(]?[.!?,…。！、]*[)]?[.!?,…。！、]*|-{2,3}|&&)$/u.test(r));
}

/**
 * In a comment of a few lines (the size the short reader reads), a verdict token that opens the closing line or
 * stands alone is read only when nothing but punctuation or a good sign follows it ("LGTM!", "Approved 👍") and
 * every other line is a courtesy or an approval said whole ("Thanks for the fix!"): what a short comment adds
 * around its token — "LGTM — scratch that", "Blocked — upstream, not this PR", "Approved — the design doc, not
 * the code", "LGTM 💀", "LGTM.\n\nNot.", "LGTM\n<!-- wrong tab, this was for #812 -->" — is its whole meaning
 * (attack 31).
 */
export function saysMoreThanItsToken(lines: readonly string[], i: number): boolean {
  const prose = lines.filter((l) => l.trim() && !COMMENT_LINE.test(l));
  if (prose.length > MAX_LINES || prose.join(' ').length > MAX_CHARS || prose.some((l) => reportShape(l))) return false;
  const raw = lines[i]!;
  if (marked(raw)) return true;
  const lead = leadingVerdict(plain(raw).toUpperCase());
  if (!lead || !/^[\s.!！。]*(?:です|だ|っす)?[\s.!！。]*$/.test(lead.rest)) return true;
  if (NOT_PLAIN.test(hiddenText(lines))) return true;
  return lines.some((l, k) => k !== i && l.trim() && !COMMENT_LINE.test(l) && (marked(l) || !allowed(upper(l))));
}

/** Struck, marked up, a link, an @mention, or a face or sign other than the good ones. */
function marked(raw: string): boolean {
  return saysMore(raw) || /~|<[a-z/!]|\[[^\]]*\]\(|@[\w-]/i.test(raw) || QUOTED.test(raw);
}

/**
 * Words in quotation marks other than double ones (NOT_PLAIN has those): guillemets, corner brackets, a low or an
 * opening single quote, or single quotes around a phrase — "«Looks good to me»", "「LGTM」", "'LGTM' :)" — quote
 * someone, or mock (attack 40); an apostrophe inside a word ("I'm", "it’s") is not one.
 */
const QUOTED = /[«»「」『』„‚‘‹›]|(?:^|[\s(])['’][^'’\n]*['’](?=$|[\s.,!?)])/u;

/**
 * What the body's HTML comments say, upper-cased: no prose, but they may take an approval back. Only a marker or a
 * key with a one-word value ("<!-- reviewer: dana -->") is metadata; any other comment says something the reader of
 * the review does not see ("<!-- placeholder, real review tomorrow -->", "<!-- reviewed the 2.x backport -->":
 * attack 33), and is returned as a question, which NOT_PLAIN refuses.
 */
function hiddenText(lines: readonly string[]): string {
  const comments = lines.filter((l) => COMMENT_LINE.test(l));
  // … and no marker that says the review is not finished: "<!-- draft -->", "<!-- wip -->", "<!-- todo: … -->"
  const meta = (l: string) => {
    const m = /^\s*<!--\s*(?:([\w.-]+)(?:\s*[:=]\s*([\w.@/-]+))?)?\s*-->\s*$/.exec(l);
    // only a key that says who or what wrote the review, or when: "<!-- reviewer: dana -->", "<!-- generated-by:
    // reviewbot -->"; any other word may take the approval back — "<!-- nack -->", "<!-- jk -->", "<!-- pr: #812 -->",
    // "<!-- scope: docs -->", "<!-- event: COMMENT -->" (attack 40: 26 of them through "any one word")
    return !!m && (!m[1] || META_KEY.test(m[1])) && !UNFINISHED.test(l.toUpperCase());
  };
  if (comments.some((l) => !meta(l))) return '?';
  return plain(comments.join(' ').replace(/<!--|-->/g, ' ')).toUpperCase();
}

/** HTML comment keys that are metadata: a marker, who or what wrote the review, for which run or commit, when. */
const META_KEY =
  /^(?:marker|persona-verdict(?:-marker)?|reviewer|review-?id|author|persona|model|agent|bot|generated(?:-by)?|auto-?generated|tool|version|run(?:-?id)?|job|build|sha|commit|head|trace(?:-?id)?|request(?:-?id)?|session|timestamp|date|time|id|lang|language|signature|sig|hash|checksum)$/i;

/** A marker of a review not finished yet (attack 37). */
const UNFINISHED =
  /\b(?:DRAFT|WIP|TODO|FIXME|TBD|UNFINISHED|INCOMPLETE|PLACEHOLDER|PENDING|PARTIAL|IN-?PROGRESS|ONGOING)\b/;

/** A line's plain text, upper-cased, its apostrophes one character. */
const upper = (line: string): string =>
  plain(line.replace(GOOD_CODES, ' '))
    .replace(/[’‘ʼ`´]/g, "'")
    .toUpperCase();

/** Is every phrase of the text an approval said whole or a courtesy? */
const allowed = (text: string): boolean => phrases(text).every((p) => APPROVAL.test(p) || COURTESY.test(p));

/** A line that opens with a label and a colon ("**Status:** …", "Score: 3/10", "Fazit: …"): a report's shape. */
const LABELLED = /^[\s*_>]*[\p{L}\p{N}][\p{L}\p{N} '’-]{0,30}[*_]*\s*[:：](?=[\s*_]|$)/u;

/** A heading, a table, a list, a quote or a labelled line: a report's shape (or another's words), not a comment's. */
function reportShape(line: string): boolean {
  return /^\s*(?:#|\||>|[-+*]\s|\d+[.)]\s|<!--)/.test(line) || LABELLED.test(line);
}

/** The phrases of a text: split at sentence and clause marks, @mentions and decoration taken off each. */
function phrases(text: string): string[] {
  return text
    .split(/[,.!;:…。！、\n]+|\s[—–-]+\s|[()]/u)
    .map((p) =>
      p
        .replace(/^[^\p{L}\p{N}+]+|[^\p{L}\p{N}]+$/gu, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
}

/**
 * The lines with the name the comment opens on taken off ("@kiril Seems fine to me!"): it says whom the comment is
 * for, the PR's author. Only when it is the body's one mention and words follow it that are not a report of what the
 * one named did: "@alice approved", "@carol thinks this looks good", "Per @bob, LGTM" keep theirs, and are refused as
 * said about someone.
 */
function addressee(lines: readonly string[], skip: ReadonlySet<number>): readonly string[] {
  const first = lines.findIndex((l, i) => !skip.has(i) && l.trim() && !COMMENT_LINE.test(l));
  if (first < 0 || lines.join('\n').match(/@/g)?.length !== 1) return lines;
  // words that say what the one named did ("@alice approved", "@bob thinks …") are about that one, not to them
  const m = /^\s*@[\w-]+[,:]?\s+(?=[\p{L}\p{N}])(?!\p{L}+ED\b|(?!(?:LOOKS|SEEMS|READS|WORKS)\b)\p{L}+S\b)/iu.exec(
    lines[first]!,
  );
  return m ? lines.map((l, i) => (i === first ? l.slice(m[0].length) : l)) : lines;
}

/**
 * What an approval may say about after the merge, said whole as a sentence: a reminder for after it ("Don't forget
 * to update the wiki page once this is merged"), work put to a separate PR ("The failing CI tests should be fixed
 * in a separate PR"), who presses the button ("Am I allowed to merge this?", "Or do you want to do it?").
 */
const AFTERCARE = new RegExp(
  '^(?:' +
    [
      String.raw`(?:PLEASE\s+)?(?:DON'T\s+FORGET|REMEMBER)\s+TO\s+` +
        String.raw`(?:UPDATE|ADD|BUMP|MENTION|TAG|ANNOUNCE|CLOSE|DELETE)\b[^.!?]{0,60}\s(?:ONCE|AFTER|WHEN)\s+` +
        String.raw`(?:THIS|IT)\s+(?:IS\s+|GETS\s+|'S\s+|HAS\s+BEEN\s+)?` +
        String.raw`(?:MERGED|LANDED|RELEASED|IN)`,
      String.raw`(?:THE|ANY|THAT|THOSE|THESE|OTHER|REMAINING)\b[^.!?]{0,80}\s(?:CAN|COULD|SHOULD|WILL)\s+BE\s+` +
        String.raw`(?:FIXED|HANDLED|DONE|ADDRESSED|TACKLED|DISCUSSED|COVERED)\s+IN\s+A\s+` +
        String.raw`(?:SEPARATE|FOLLOW-?\s?UP|NEW|LATER|DIFFERENT)\s+(?:PR|PULL\s+REQUEST|TICKET|ISSUE|COMMIT)`,
      String.raw`(?:(?:AM\s+I|ARE\s+YOU)\s+ALLOWED\s+TO|CAN\s+(?:I|YOU)|SHOULD\s+(?:I|YOU)|SHALL\s+I|` +
        String.raw`DO\s+YOU\s+WANT\s+(?:ME\s+)?TO)\s+MERGE\s+(?:THIS|IT)(?:\s+(?:MYSELF|YOURSELF|NOW))?`,
      String.raw`OR\s+DO\s+YOU\s+WANT\s+(?:ME\s+)?TO\s+DO\s+IT`,
    ].join('|') +
    String.raw`)[.!?]*$`,
);

/** A line's text without its sentences about after the merge (AFTERCARE). */
function withoutAftercare(text: string): string {
  const sentences = text.split(/(?<=[.!?])\s+/);
  return sentences.filter((x) => !AFTERCARE.test(x.trim())).join(' ');
}

/** The approval a short body says in words, and the line it says it on; null when it is not short or not plain. */
export function shortReview(
  lines: readonly string[],
  skip: ReadonlySet<number>,
): { verdict: Verdict; index: number } | null {
  const prose: { index: number; text: string }[] = [];
  const shown = addressee(lines, skip);
  for (let i = 0; i < shown.length; i++) {
    const raw = shown[i]!;
    if (skip.has(i) || !raw.trim() || COMMENT_LINE.test(raw)) continue;
    // a heading, a table or a list is a report's shape, not a comment's; a quote brings someone else's words
    if (reportShape(raw)) return null;
    const text = withoutAftercare(upper(raw));
    if (text) prose.push({ index: i, text });
  }
  if (!prose.length || prose.length > MAX_LINES) return null;
  // nothing set apart (code, a quote), addressed to or about someone, struck, marked up, or said with a face
  // other than a smile or a thumbs-up: "Looks good 🤔", "Ship it :/", "<sarcasm>Looks great</sarcasm>", "@alice +1"
  if ([...skip].some((i) => lines[i]?.trim()) || shown.some((l) => !COMMENT_LINE.test(l) && marked(l))) return null;
  // an HTML comment is no prose, but it may take the approval back ("<!-- withdrawn: found a race -->")
  const all = prose.map((p) => p.text).join(' ');
  if (all.length > MAX_CHARS || NOT_PLAIN.test(all) || NOT_PLAIN.test(hiddenText(lines))) return null;
  if (!prose.every((p) => allowed(p.text))) return null;
  const approving = prose.filter((p) => phrases(p.text).some((x) => APPROVAL.test(x)));
  return approving.length ? { verdict: 'APPROVE', index: approving.at(-1)!.index } : null;
}
