// What a verdict token is — pure, part of "did you mean" (core/intent.ts): the words that name a
// verdict at the start of a text, what may follow a token that stands as one, what makes it asked
// or a label instead, template alternatives, whether it is set off from prose, and a line's plain
// text (decoration, emphasis, emoji and struck-through words taken out). Where a line gives its
// verdict is core/intent-line.ts; what the words say is core/intent-words.ts.
import { skeleton, type Verdict } from './grammar.js';
import { SHA, SYNONYMS, type Reading } from './intent-words.js';

/**
 * What may follow a token that stands as the verdict: nothing, closing marks, a qualifier,
 * a dash or colon and a reason, a parenthetical, or punctuation and a new sentence.
 */
export const TOKEN_TAIL = new RegExp(
  String.raw`^[\s)\]]*(?:${SHA.source}[\s)\]]*)?` + // a commit id may follow ("ACK 1a2b3c4 — …")
    String.raw`(?:$|(?:WITH\b|CON\b|MIT\b|AVEC\b|—|–|-|:|\/|\||\(|(?:AND|FOR|TO)\s+(?:MERGE|PROCEED|SHIP)\b).*|` +
    // CJK text goes on without a space: "通过，可以合并。"
    String.raw`[.!;,，。；！、]+(?:[\s\u3000-\u9fff].*)?$|(?:BEFORE\s+(?:THE\s+)?(?:MERG|APPROV|RELEASE)|ANTES)\b.*|` +
    // a Japanese copula and nothing else: "LGTM です！" (held-out 25)
    String.raw`\s*(?:です|だ|っす)[!！。.]*$)`,
);

/**
 * A token followed by a question mark is asked, not given ("Approve? No."); a token followed by a colon and
 * a bare no, a count or a false is a label with its value ("Approved: no", "Passed: 2, failed: 5").
 */
export const NOT_GIVEN = new RegExp(
  String.raw`^[\s)\]*_\`]*(?:\?|[:：=]\s*(?:(?:NO|NOT|NONE|FALSE|N\/A)(?=\s*(?:$|[.,;!—–(-]))|\d)|` +
    String.raw`[—–-]+\s*NO\s*(?:[,.;!]|$))` +
    // history: "Approved before the rebase", "PASS before the refactor" (not "… before the merge")
    String.raw`|^\s*BEFORE\s+(?:THE|THIS|THAT|MY|YOUR|ITS)\s+(?!MERG|RELEASE|APPROV)` +
    // a sentence that only starts with the word: "Approve is premature", "LGTM (round 1) no longer holds",
    // "APPROVED by the bot, not by me"; or a question: "Accept the risk of …? I can't decide that"
    String.raw`|^[\s)\]*_\`]*(?:\([^)]*\)\s*)?(?:IS|WAS|WERE|WOULD|SHOULD|COULD|WILL|MIGHT|NO\s+LONGER|BY|FROM)\b` +
    // … or goes on as a sentence about the word, or says whose it is (attack 37): "Approve feels premature", "LGTM
    // doesn't hold anymore", "Ship it seems too optimistic", "Freigegeben durch das QA-Team", "Approved — by @rel-mgr"
    String.raw`|^[\s)\]*_\`]*(?:FEELS?|SEEMS?|APPEARS?|SOUNDS?|DOES|DOESN'T|DOESN’T|DID|DIDN'T|DIDN’T|DON'T|DON’T|` +
    String.raw`HOLDS?|ISN'T|ISN’T|AREN'T|AREN’T|WASN'T|WASN’T|WON'T|WON’T|DURCH|VON|VOM|PAR|POR|PELO|PELA)\b|` +
    String.raw`^[\s)\]*_\`]*(?:[—–-]+|\()\s*(?:BY|FROM|DURCH|VON|VOM)\b` +
    // "Approve #88 first, then rebase this one" (attack 38)
    String.raw`|^\s+(?:PR\s*)?#?\d+\s+(?:\([^)]*\)\s*)?(?:FIRST|INSTEAD)\b` +
    // an approval of another pull request: "APPROVE the schema PR (#88) first; this one needs a rebase"
    String.raw`|^\s+(?:THE|THAT)\s+(?:[\w-]+\s+){0,3}(?:PR|PULL\s+REQUEST)\s*\(?\s*#?\d+` +
    String.raw`|^[^.!]*\?`,
);

/** The verdict the text starts with (decoration and look-alikes folded), the words that name it, and what follows. */
export function leadingVerdict(text: string): { verdict: Reading; token: string; rest: string } | null {
  const upper = text.toUpperCase();
  // a verdict in any script first ("要求修改"), then an English token after words in another script
  for (const t of [upper.replace(/^[^\p{L}\p{N}]+/u, ''), upper.replace(/^[^A-Z0-9]+/, '')]) {
    // Chinese, Japanese or Korean words before the token are a whole sentence, or they may say who or when: "ボットの
    // レビューは LGTM です" (the bot's review), "テスト追加後なら APPROVE" (once tests are added): attack 26
    const after =
      /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30FC\uFF70]([^\p{L}]*)$/u.exec(
        upper.slice(0, upper.length - t.length),
      );
    // … unless a sentence's end, a colon, a parenthesis or a slash stands between: "…ございます。LGTM", "状态: ✅
    // READY FOR PRODUCTION", "合并 (APPROVE)", "已准备好生产部署 / READY FOR PRODUCTION" (a translation)
    if (after && !/[。！!？?.：:（(/／|｜]/.test(after[1]!)) continue;
    for (const [re, verdict] of SYNONYMS) {
      const m = re.exec(t);
      if (m) return { verdict, token: m[0], rest: t.slice(m[0].length) };
    }
  }
  return null;
}

/** Template alternatives ("APPROVE / REQUEST_CHANGES"): two or more slash- or or-separated parts name a verdict. */
export function offersAlternatives(upper: string): boolean {
  const parts = upper.split(/\/|\||\bOR\b/).filter((p) => p.trim().split(/\s+/).length <= 4 && leadingVerdict(p));
  return parts.length >= 2;
}

/** A verdict word or phrase at the start of `text` that is not the grammar's token, and how long it is. */
export function synonymAt(text: string): { verdict: Verdict; length: number } | null {
  const lead = leadingVerdict(text);
  if (!lead || lead.verdict === 'conditional') return null;
  return { verdict: lead.verdict, length: text.length - lead.rest.length };
}

/** Literal \uXXXX escapes (a JSON-escaped persona output) read as their characters. */
export const unescapeU = (s: string): string =>
  s.replace(/\\u([0-9a-fA-F]{4})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));

export const plain = (line: string): string =>
  skeleton(unescapeU(line))
    .replace(/~~[^~]*~~/g, ' ') // struck through: withdrawn ("~~LGTM~~ NEEDS WORK")
    .replace(/[*_`~>#]|<\/?[a-z]+>/gi, ' ')
    .replace(/^\s*([-+]|\d+[.)])\s+/, ' ')
    .replace(/[\u2190-\u2BFF\u{1F300}-\u{1FAFF}]|\uFE0F|\u200D/gu, ' ')
    .trim();

export const LIST_ITEM = /^\s*(>\s*)*([-+*]|\d+[.)])\s/;
export const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Does the token stand set off from prose: written in capitals, or opened by emphasis or a code mark? */
export function setOff(raw: string, token: string): boolean {
  const word = escapeRe(token.trim());
  if (!word) return false;
  const opened = new RegExp(`(?:^|\\s)[*_\`]{1,2}(?=\\S)[^A-Za-z0-9]{0,6}${word}`, 'i').test(raw);
  const exact = new RegExp(word, 'i').exec(raw)?.[0] ?? '';
  return opened || (exact === exact.toUpperCase() && /[A-Z]/.test(exact));
}
