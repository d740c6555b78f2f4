// A line of model output made safe to quote in a log, an error or the job summary. Pure.

/** Lines are cut after this many characters. */
const MAX_SHOWN = 160;

/**
 * Punctuation and symbols outside ASCII (a dash, quotes, ✅) are shown as themselves, with an
 * emoji's presentation selector, and so are letters and digits of words a reader can read ("Überprüfung",
 * "很好", "café"); everything a reader could not see or could mistake for ASCII is shown as \uXXXX:
 * invisible and control characters, spaces other than U+0020, fullwidth forms, mathematical letters,
 * digits outside ASCII, and in a word with ASCII letters any letter or mark that is not a Latin letter
 * over an ASCII base ("\u0410PPROVE": a Cyrillic A). A backslash is doubled, so an escape is never
 * mistaken for text. Issue 18: quoted lines keep their characters.
 */
const SHOWN = /^[\p{P}\p{S}]$/u;
const PRESENTATION = /^[\uFE0E\uFE0F]$/u;
const FULLWIDTH = /^[\uFF00-\uFFEF]$/u;
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/** Latin letters with no ASCII base that are no look-alike of one. */
const LATIN_OWN = /^[ßæøœðþłÆØŒÐÞŁ]$/u;
/** Cyrillic and Greek letters a reader takes for ASCII ones: a word made of nothing else reads as ASCII ("ОК"). */
const CONFUSABLE = /^[АВЕКМНОРСТХУаеорсухіјѕԁԛԝΑΒΕΖΗΙΚΜΝΟΡΤΥΧοικνυ]$/u;

/** A word with no ASCII letter that still reads as ASCII: every letter a look-alike, or two scripts mixed. */
function looksAscii(word: string): boolean {
  const letters = [...word].filter((c) => /\p{L}/u.test(c));
  if (letters.length && letters.every((c) => CONFUSABLE.test(c))) return true;
  const scripts = new Set(
    letters.map((c) => (/\p{Script=Cyrillic}/u.test(c) ? 'C' : /\p{Script=Greek}/u.test(c) ? 'G' : 'O')),
  );
  return scripts.has('C') && scripts.has('G');
}

/** Whether a letter, mark or digit outside ASCII reads as itself in its word. */
function readsAsItself(ch: string, word: string): boolean {
  if (FULLWIDTH.test(ch) || /^[\p{Nd}\p{M}]$/u.test(ch)) return false;
  const cp = ch.codePointAt(0)!;
  if (cp >= 0x1d400 && cp <= 0x1d7ff) return false; // mathematical alphanumerics
  if (!/[A-Za-z0-9]/.test(word)) return !looksAscii(word);
  const base = ch.normalize('NFD')[0]!;
  return /^\p{Script=Latin}$/u.test(ch) && (/^[A-Za-z]$/.test(base) || LATIN_OWN.test(ch));
}

/** For each character of `s`, whether it is a letter, mark or digit outside ASCII that reads as itself. */
function readableLetters(s: string): Set<number> {
  const ok = new Set<number>();
  for (const m of s.matchAll(WORD)) {
    let at = m.index;
    for (const ch of m[0]) {
      if (ch.codePointAt(0)! > 0x7e && readsAsItself(ch, m[0])) ok.add(at);
      at += ch.length;
    }
  }
  return ok;
}

/** A line made safe to quote: see SHOWN; control characters escaped; long lines cut. */
export function visible(s: string, max = MAX_SHOWN): string {
  let out = '';
  let count = 0;
  let afterSymbol = false;
  let at = 0;
  const letters = readableLetters(s);
  for (const ch of s) {
    if (count >= max) {
      out += `… (${[...s].length - max} more characters)`;
      break;
    }
    const cp = ch.codePointAt(0)!;
    const symbol = SHOWN.test(ch) && !FULLWIDTH.test(ch);
    const shown: boolean = cp > 0x7e && (symbol || letters.has(at) || (afterSymbol && PRESENTATION.test(ch)));
    afterSymbol = shown && /^\p{S}$/u.test(ch);
    if (cp === 0x5c) out += '\\\\';
    else if (cp >= 0x20 && cp < 0x7f) out += ch;
    else if (cp === 0x09) out += '\\t';
    else if (shown) out += ch;
    else
      out +=
        cp > 0xffff ? `\\u{${cp.toString(16).toUpperCase()}}` : `\\u${cp.toString(16).toUpperCase().padStart(4, '0')}`;
    count++;
    at += ch.length;
  }
  return out;
}
