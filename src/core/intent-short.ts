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
import { APPROVAL, COURTESY, NOT_PLAIN, withoutAftercare } from './intent-short-words.js';

/** At most this many lines of prose, and this many characters of it. */
const MAX_LINES = 4;
const MAX_CHARS = 300;

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
  const m = /^\s*@[\w-]+[,:]?\s+(?=[\p{L}\p{N}])(?!\p{L}+ED\b|(?!(?:LOOKS|SEEMS|READS)\b)\p{L}+S\b)/iu.exec(
    lines[first]!,
  );
  if (m) return lines.map((l, i) => (i === first ? l.slice(m[0].length) : l));
  // the name alone on the first line ("@hanako-t" / "確認しました。…"), or after the closing thanks ("…, merged --
  // thanks @rverma!")
  if (/^\s*@[\w-]+[,:]?\s*$/.test(lines[first]!)) return lines.map((l, i) => (i === first ? '' : l));
  const thanks = /\b(THANKS?|THANK\s+YOU)\s+@[\w-]+(?=[\s.!]*$)/i;
  return lines.map((l) => l.replace(thanks, '$1'));
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
