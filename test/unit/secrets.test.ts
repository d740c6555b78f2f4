// The secret scan: every shape, every way Markdown/HTML can hide a token from a raw scan,
// every placeholder and mention that must pass, and the false-positive rate measured over
// the corpus, the repository and its history. Test secrets are generated at run time
// from a seeded generator, so no secret-shaped string sits in this file or its diffs.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { lineFinder, readings } from '../../src/core/rendered.js';
import { findSecrets, isPlaceholder } from '../../src/core/secrets.js';

let seed = 0x5eed;
const next = (): number => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const B62 = `${LOWER.toUpperCase()}${LOWER}0123456789`;
const B64 = `${B62}+/`;
const URL64 = `${B62}-_`;
const HEX = '0123456789abcdef';
const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const rand = (n: number, alphabet = B62): string =>
  Array.from({ length: n }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
/** Starts with a letter, so a reference before it cannot swallow its first digits. */
const letters = (n: number): string => rand(1, LOWER) + rand(n - 1);

const gh = (kind = 'p'): string => `gh${kind}_${rand(36)}`;
const material = (lines: number, width = 64): string =>
  Array.from({ length: lines }, () => rand(width, B64)).join('\n') + `\n${rand(20, B64)}==`;
const pem = (label: string, headers = ''): string =>
  `-----BEGIN ${label}-----\n${headers}${material(8)}\n-----END ${label}-----`;

const scan = (text: string, token: string | null = null): Array<[number, string]> =>
  findSecrets(text, token).map((f) => [f.line, f.what]);

describe('every shape is caught, with its line and kind', () => {
  const awsKey = `AKIA${rand(16, B32)}`;
  test.each<[string, () => string, RegExp]>([
    ['classic GitHub token ghp_', () => gh('p'), /GitHub token/],
    ['OAuth token gho_', () => gh('o'), /GitHub token/],
    ['user-to-server token ghu_', () => gh('u'), /GitHub token/],
    ['installation token ghs_ (a GITHUB_TOKEN)', () => gh('s'), /GitHub token/],
    ['refresh token ghr_', () => gh('r'), /GitHub token/],
    ['fine-grained token', () => `github_pat_${rand(22)}_${rand(59)}`, /fine-grained GitHub token/],
    ['Anthropic API key', () => `sk-ant-api03-${rand(93, URL64)}AA`, /Anthropic/],
    ['Anthropic admin key', () => `sk-ant-admin01-${rand(93, URL64)}AA`, /Anthropic/],
    ['OpenAI project key', () => `sk-proj-${rand(156, URL64)}`, /OpenAI API key/],
    ['OpenAI service-account key', () => `sk-svcacct-${rand(100, URL64)}`, /OpenAI API key/],
    ['OpenAI admin key', () => `sk-admin-${rand(100, URL64)}`, /OpenAI API key/],
    ['OpenAI legacy key', () => `sk-${rand(20)}T3BlbkFJ${rand(20)}`, /OpenAI-style/],
    ['DeepSeek-style sk- hex key', () => `sk-${rand(32, HEX)}`, /OpenAI-style/],
    ['OpenRouter key', () => `sk-or-v1-${rand(64, HEX)}`, /OpenRouter/],
    ['AWS access key id AKIA', () => awsKey, /AWS access key id/],
    ['AWS temporary key id ASIA', () => `ASIA${rand(16, B32)}`, /AWS access key id/],
    ['AWS secret key in an env line', () => `AWS_SECRET_ACCESS_KEY=${rand(40, B64)}`, /AWS secret/],
    ['AWS secret key in JSON', () => `{"SecretAccessKey": "${rand(40, B64)}"}`, /AWS secret/],
    ['Slack bot token', () => `xoxb-${rand(12, '0123456789')}-${rand(13, '0123456789')}-${rand(24)}`, /Slack token/],
    ['Slack user token', () => `xoxp-${rand(12, '0123456789')}-${rand(12, '0123456789')}-${rand(32, HEX)}`, /Slack/],
    ['Slack app token', () => `xapp-1-A${rand(10, B32)}-${rand(13, '0123456789')}-${rand(64, HEX)}`, /Slack app/],
    [
      'Slack webhook',
      () => `https://hooks.slack.com/services/T${rand(8, B32)}/B${rand(8, B32)}/${rand(24)}`,
      /Slack webhook/,
    ],
    ['Google API key', () => `AIza${rand(35, URL64)}`, /Google API key/],
    ['GitLab token', () => `glpat-${rand(20, URL64)}`, /GitLab/],
    ['npm token', () => `npm_${rand(36)}`, /npm token/],
    ['Stripe live key', () => `sk_live_${rand(24)}`, /Stripe/],
    ['RSA key (PKCS#1)', () => pem('RSA PRIVATE KEY'), /PEM private key/],
    ['PKCS#8 key', () => pem('PRIVATE KEY'), /PEM private key/],
    ['encrypted PKCS#8 key', () => pem('ENCRYPTED PRIVATE KEY'), /PEM private key/],
    ['EC key', () => pem('EC PRIVATE KEY'), /PEM private key/],
    [
      'legacy encrypted PEM with its headers',
      () => pem('RSA PRIVATE KEY', `Proc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,${rand(32, HEX)}\n\n`),
      /PEM private key/,
    ],
    ['OpenSSH key', () => pem('OPENSSH PRIVATE KEY'), /OpenSSH private key/],
    [
      'PGP private key block with armour headers',
      () => pem('PGP PRIVATE KEY BLOCK', 'Version: GnuPG v2\nComment: exported\n\n'),
      /PGP private key block/,
    ],
    [
      'a key quoted in JSON on one line',
      () =>
        `"private_key": "-----BEGIN PRIVATE KEY-----\\n${rand(64, B64)}\\n${rand(64, B64)}\\n` +
        '-----END PRIVATE KEY-----\\n"',
      /PEM private key/,
    ],
    [
      'OpenSSH key material without its header (lines joined)',
      () => `b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ${rand(29, B64)}\n${rand(70, B64)}\n${rand(70, B64)}`,
      /OpenSSH private key/,
    ],
    ['PuTTY private lines', () => `Private-Lines: 14\n${material(3)}`, /PuTTY/],
    ['a key in a blockquote', () => pem('RSA PRIVATE KEY').replace(/^/gm, '> '), /PEM private key/],
  ])('%s', (_n, make, kind) => {
    const secret = make();
    const found = scan(`Looks fine.\n\n${secret}\n\n## VERDICT: APPROVE\n`);
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]![0]).toBe(3);
    expect(found[0]![1]).toMatch(kind);
  });

  test("this run's token, whatever it looks like, and never the secret in what is reported", () => {
    const token = 'ghp_priyaSECRETtoken000000000000000000001'; // a placeholder by shape: only the run's token names it
    expect(scan(`a\nb ${token}`)).toEqual([]);
    expect(scan(`a\nb ${token}`, token)).toEqual([[2, "this run's github-token"]]);
    expect(scan(`a\n${token.slice(0, 9)}&#${token.charCodeAt(9)};${token.slice(10)}`, token)).toEqual([
      [2, "this run's github-token"],
    ]);
    const real = gh();
    expect(scan(real, real)).toEqual([[1, "this run's github-token"]]); // not also "a GitHub token"
    const key = pem('PRIVATE KEY');
    const reported = JSON.stringify(findSecrets(`x ${real}\n${key}`, null));
    expect(reported).toMatch(/GitHub token.*PEM private key/);
    expect(reported).not.toContain(real.slice(4, 14));
    expect(reported).not.toContain(key.split('\n')[1]!.slice(0, 10));
  });

  test('a short token never matches', () => {
    expect(scan('the token is abc', 'abc')).toEqual([]);
  });
});

describe('what readers see: every bypass of a raw scan is caught on its original line', () => {
  const r = letters(36);
  const a = r.slice(0, 14);
  const b = r.slice(14);
  test.each<[string, string, number]>([
    ['Markdown escape of the underscore', `ghp\\_${r}`, 1],
    ['Markdown escapes of the hyphens', `sk\\-ant\\-api03\\-${rand(93, B62)}AA`, 1],
    ['HTML comment inside the prefix', `gh<!-- -->p_${r}`, 1],
    ['HTML comment inside the token', `ghp_${a}<!-- nothing to see -->${b}`, 1],
    ['empty comments <!--> and <!--->', `gh<!-->p<!--->_${r}`, 1],
    ['HTML comment over three lines', `x\ngh<!--\nhidden\n-->p_${r}`, 2],
    ['comment delimiters shown in code spans', `\`<!--\` ghp\\_${r} \`-->\``, 1],
    ['decimal character reference', `ghp&#95;${r}`, 1],
    ['hex character reference', `ghp&#x5f;${r}`, 1],
    ['hex reference, upper-case X', `ghp&#X5F;${r}`, 1],
    ['reference with leading zeros', `ghp&#00095;${r}`, 1],
    ['reference without its semicolon', `ghp&#95${r}`, 1],
    ['named reference &lowbar;', `ghp&lowbar;${r}`, 1],
    ['named reference &UnderBar;', `ghp&UnderBar;${r}`, 1],
    ['every prefix letter a reference', `&#103;&#x68;&#112;&#95;${r}`, 1],
    ['a reference spelling an escape', `ghp&#92;_${r}`, 1],
    ['script letters &gscr;&hscr;', `&gscr;&hscr;p_${r}`, 1],
    ['zero-width space', `gh\u200bp_${r}`, 1],
    ['zero-width non-joiner and joiner', `ghp\u200c_\u200d${r}`, 1],
    ['word joiner', `ghp_${a}\u2060${b}`, 1],
    ['byte-order mark inside', `ghp_${a}\ufeff${b}`, 1],
    ['soft hyphen', `ghp_${a}\u00ad${b}`, 1],
    ['soft hyphen as a reference', `ghp_${a}&shy;${b}`, 1],
    ['left-to-right isolate and pop', `gh\u2066p_\u2069${r}`, 1],
    ['right-to-left mark', `ghp_\u200f${r}`, 1],
    ['variation selector', `ghp_${a}\ufe0f${b}`, 1],
    ['Unicode tag character', `ghp_${a}\u{e0041}${b}`, 1],
    ['token split over two lines', `x\nghp_${a}\n${b}\ny`, 2],
    ['split with a hard break (backslash)', `ghp_${a}\\\n${b}`, 1],
    ['split with a hard break (two spaces)', `ghp_${a}  \n${b}`, 1],
    ['split inside a blockquote', `> ghp_${a}\n> ${b}`, 1],
    ['split with indentation', `- ghp_${a}\n  ${b}`, 1],
    ['split with a lone CR', `ghp_${a}\r${b}`, 1],
    ['split at the prefix', `see gh\np_${r}`, 1],
    ['<span> in the token', `gh<span>p_${a}</span>${b}`, 1],
    ['empty <b></b>', `gh<b></b>p_${r}`, 1],
    ['processing instruction and declaration', `gh<?x?>p<!x>_${r}`, 1],
    ['<br> in the token', `ghp_${a}<br>${b}`, 1],
    ['tag with attributes over two lines', `ghp_${a}<span\nclass="x">${b}`, 1],
    ['a title attribute (shown on hover)', `<abbr title="ghp&#95;${r}">t</abbr>`, 1],
    ['a link destination, entity-encoded', `[docs](https://x.test/?t=ghp&#95;${r})`, 1],
    ['strong emphasis in the token', `ghp_**${a}**${b}`, 1],
    ['emphasis in the token', `ghp_*${a}*${b}`, 1],
    ['strikethrough on part of the token', `ghp_${a}~~${b}~~`, 1],
    ['code span next to text', `\`ghp_\`${r}`, 1],
    ['link text next to text', `[ghp_${a}](https://example.test)${b}`, 1],
    ['LaTeX math: spaces and commands render as nothing', `$\\mathtt{gh p}\\_ ${a} ${b}$`, 1],
    ['fullwidth letters', `ｇｈｐ＿${r}`, 1],
    ['mathematical bold letters', `𝐠𝐡𝐩_${r}`, 1],
    ['Cyrillic look-alikes in the prefix', `gһр_${r}`, 1],
    ['a double-encoded reference (over-eager on purpose)', `ghp&amp;#95;${r}`, 1],
    ['non-breaking hyphens', `sk\u2011ant\u2011api03\u2011${rand(93, B62)}AA`, 1],
    ['AWS key id with a zero-width space', `AKIA\u200b${rand(16, B32)}`, 1],
    ['PEM header with escaped dashes', pem('RSA PRIVATE KEY').replace(/-----/, '\\-\\-\\-\\-\\-'), 1],
    ['PEM header behind a comment', pem('PRIVATE KEY').replace('PRIVATE', 'PRI<!---->VATE'), 1],
    ['PGP block with lines split and joined', pem('PGP PRIVATE KEY BLOCK', '\n').replace(/(.{30})/g, '$1\n'), 1],
  ])('%s', (_n, hidden, line) => {
    const text = `${hidden}\n\n## VERDICT: APPROVE`;
    const found = findSecrets(text, null);
    expect(found.map((f) => f.line)).toContain(line);
    expect(found.every((f) => f.line === line)).toBe(true);
    expect(found.some((f) => f.hidden)).toBe(true);
  });

  test('the same text without the trick is caught raw, not flagged as hidden', () => {
    expect(findSecrets(`x\nghp_${r}`, null)).toEqual([
      { line: 2, what: 'a GitHub token (ghp_/gho_/ghu_/ghs_/ghr_)', hidden: false },
    ]);
  });

  test('several secrets on several lines, each named once', () => {
    const text = `${gh()}\nfine\nAKIA${rand(16, B32)} and ghp&#95;${r}\n${pem('PRIVATE KEY')}`;
    expect(scan(text).map(([l, w]) => `${l} ${w.split(' (')[0]}`)).toEqual([
      '1 a GitHub token',
      '3 a GitHub token',
      '3 an AWS access key id',
      '4 a PEM private key',
    ]);
  });
});

describe('placeholders and mentions are not secrets', () => {
  const real = rand(36);
  test.each<[string, string]>([
    ['ghp_ and X', `ghp_${'X'.repeat(36)}`],
    ['ghp_ and x', `ghp_${'x'.repeat(36)}`],
    ['ghp_ and zeros', `ghp_${'0'.repeat(36)}`],
    ['gho_ and a repeated *', `gho_${'*'.repeat(36)}`],
    ['fine-grained and X', `github_pat_${'X'.repeat(82)}`],
    ['angle-bracket placeholder', 'github-token: ghp_<your-token>'],
    ['bare <your-token>', 'export GH_TOKEN=<your-token>'],
    ['an ellipsis', 'a classic token looks like `ghp_…` or ghp_...'],
    ['a variable', 'GH_TOKEN=ghp_${YOUR_GITHUB_TOKEN}'],
    ['a counting sequence', 'ghp_1234567890abcdefghijklmnopqrstuvwxyz'],
    ['words and filler', 'ghp_your_token_here ghp_YOURTOKENHEREXXXXXXXXXXXXXXXXXXXXXXXX'],
    ['Anthropic placeholder', `sk-ant-api03-${'X'.repeat(93)}AA`],
    ['OpenAI placeholder', 'OPENAI_API_KEY=sk-proj-your-openai-key-here'],
    ['sk- and one letter', `sk-${'a'.repeat(48)}`],
    ["AWS's documented example key id", 'AKIAIOSFODNN7EXAMPLE'],
    ["AWS's documented example secret", 'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'],
    ['AWS key id of X', 'AKIAXXXXXXXXXXXXXXXX'],
    [
      'Slack placeholder',
      'SLACK_TOKEN=xoxb-your-token-here and xoxb-0000000000-0000000000000-XXXXXXXXXXXXXXXXXXXXXXXX',
    ],
    ['Google placeholder', `key=AIza${'X'.repeat(35)}`],
    ['an escaped placeholder', `ghp\\_${'X'.repeat(36)}`],
    ['a PEM header in prose', 'The file must start with `-----BEGIN ENCRYPTED PRIVATE KEY-----` and nothing else.'],
    ['a PEM header on its own line', 'The loader accepts\n\n-----BEGIN RSA PRIVATE KEY-----\n\nheaders only.'],
    [
      'a PGP header named in prose',
      'An armoured secret key starts with -----BEGIN PGP PRIVATE KEY BLOCK----- as usual.',
    ],
    ['header, ellipsis, footer', '```\n-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----\n```'],
    [
      'header and a truncated first line',
      '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA…\n-----END RSA PRIVATE KEY-----',
    ],
    ['header and masked material', `-----BEGIN PRIVATE KEY-----\n${'X'.repeat(64)}\n${'X'.repeat(64)}\n-----END`],
    ['a regex for the header', 'const re = /-----BEGIN ([A-Z]+ )?PRIVATE KEY-----/; // matches a header'],
  ])('%s', (_n, text) => {
    expect(scan(`${text}\n\n## VERDICT: COMMENT`)).toEqual([]);
  });

  test.each<[string, string]>([
    ['a token with X after it', `ghp_${real}${'X'.repeat(20)}`],
    ['a token with X before it', `ghp_${'X'.repeat(20)}${real}`],
    ['a token with EXAMPLE after it', `ghp_${real}EXAMPLE`],
    ['an AWS key id with EXAMPLE after it', `AKIA${rand(16, B32)}EXAMPLE`],
    ['a key with a placeholder line first', `-----BEGIN PRIVATE KEY-----\n${'X'.repeat(40)}${rand(30, B64)}\n`],
  ])('filler around a real secret does not make it a placeholder: %s', (_n, text) => {
    expect(scan(text)).toHaveLength(1);
  });

  test.each<[string, boolean]>([
    ['X'.repeat(36), true],
    ['IOSFODNN7EXAMPLE', true],
    ['0123456789abcdefghij', true],
    ['zyxwvutsrqponm', true],
    ['yourTOKENhere', true],
    ['A1b2'.repeat(9), false],
    [rand(16, B32), false],
    [rand(36), false],
  ])('isPlaceholder(%j) → %s', (s, expected) => {
    expect(isPlaceholder(s)).toBe(expected);
  });
});

describe('no false positives on ordinary text', () => {
  const sha1 = rand(40, HEX);
  test.each<[string, string]>([
    ['SHA-1s, short and long', `commit ${sha1}\nfixes ${sha1.slice(0, 7)} and ${sha1.toUpperCase()}`],
    ['SHA-256', `sha256:${rand(64, HEX)}\nintegrity ${rand(64, HEX).toUpperCase()}`],
    ['UUIDs', `id ${rand(8, HEX)}-${rand(4, HEX)}-4${rand(3, HEX)}-a${rand(3, HEX)}-${rand(12, HEX)}`],
    ['a base64 blob', Array.from({ length: 20 }, () => rand(76, B64)).join('\n') + '\n'],
    ['base64url one line', rand(2000, URL64)],
    ['an npm integrity string', `"integrity": "sha512-${rand(86, B64)}=="`],
    [
      'a diff',
      `diff --git a/src/x.ts b/src/x.ts\nindex ${rand(7, HEX)}..${rand(7, HEX)} 100644\n` +
        '--- a/src/x.ts\n+++ b/src/x.ts\n' +
        `@@ -1,3 +1,3 @@\n-const skip = true;\n+const skip = false; // task-list-items\n`,
    ],
    ['kebab-case that starts with sk-', 'sk-learn-compatible-estimators-for-the-pipeline and sk-1 sk-2'],
    ['upper-case words after ASIA', 'ASIA PACIFIC, ASIAN MARKETS; AKIA is a prefix'],
    ['short prefixes', 'ghp_short, xoxb-1, AIza, glpat-, npm_ci, sk_live_'],
    ['a public key', `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${rand(43, B64)} me@host`],
    ['a certificate (public)', `-----BEGIN CERTIFICATE-----\n${material(6)}\n-----END CERTIFICATE-----`],
    ['shell variables and prices', 'echo "$HOME and $PATH"; costs $5 or $10 at sk-8 AKIA'],
    [
      'HTML and Markdown of an ordinary review',
      '<details><summary>**Notes**</summary>\n\n`a_b` &amp; ~~c~~\n</details>',
    ],
  ])('%s', (_n, text) => {
    expect(scan(text)).toEqual([]);
  });
});

describe('readings keep the original offsets', () => {
  test('each character of a rendering comes from the original character it shows', () => {
    const text = 'a\\_b &#x41; <b>c</b>\r\nd<!-- e -->f';
    const hidden = readings(text)[1]!;
    expect(hidden.text).toBe('a_b A c\ndf');
    expect([...hidden.text].map((_c, i) => text[hidden.at[i]!])).toEqual([...'a_b & c\rdf']);
  });

  test('lines end at LF, CRLF and a lone CR', () => {
    const lineOf = lineFinder('a\nb\r\nc\rd');
    expect([0, 2, 3, 5, 7].map(lineOf)).toEqual([1, 2, 2, 3, 4]);
  });

  // how long these take is the bench's (npm run bench, "secret scan"): here, what the scan finds in them
  test('64 KiB of hostile markup: no finding in the markup, a token hidden at its end is still found', () => {
    for (const unit of ['<!--', '<a ', '&#', '-', '\\', ' \n', 'ghp_', '<b>']) {
      const text = unit.repeat(Math.floor(65536 / unit.length));
      expect(findSecrets(text, 'ghp_notreallyatoken'), unit).toEqual([]);
      const token = gh('p');
      const found = scan(`${text}\n${token}\n`);
      expect(found, unit).toHaveLength(1);
      expect(found[0]![1], unit).toMatch(/^a GitHub token/);
    }
  });
});

/** Bodies and files, cut into review-sized pieces, as the action would scan them. */
const pieces = (text: string): string[] => {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += 65536) out.push(text.slice(i, i + 65536));
  return out;
};

describe('false positives, measured', () => {
  const measure = (texts: string[]) => {
    const hits = texts.flatMap((t, i) => findSecrets(t, null).map((f) => ({ piece: i, ...f })));
    const lines = texts.reduce((n, t) => n + t.split('\n').length, 0);
    return { pieces: texts.length, lines, hits };
  };

  test('every body in corpus/ passes', () => {
    const files = execFileSync('git', ['ls-files', 'corpus'], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => f.endsWith('.md'));
    const m = measure(files.map((f) => readFileSync(f, 'latin1')));
    expect(m.pieces).toBeGreaterThanOrEqual(50);
    expect(m.hits).toEqual([]);
  });

  // Two generated sets are left out, their sources being here: the corpus runs (MEASURED-*.txt, 3.6 MB of padded
  // tables made from the manifest and the bodies) and the CLI's bundle (dist/cli/, the same sources and packages
  // as dist/main.js, which is scanned).
  test('every text file of the repository passes (source, tests, docs, the bundle)', () => {
    const generated = /^(?:corpus\/MEASURED-.*\.txt|dist\/cli\/.*)$/;
    const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => /\.(ts|mjs|js|json|md|yml|yaml|txt)$/.test(f) && !generated.test(f));
    const m = measure(files.flatMap((f) => pieces(readFileSync(f, 'utf8'))));
    expect(m.lines).toBeGreaterThan(10_000);
    expect(m.hits).toEqual([]);
  });

  // Generated files' history adds nothing new: dist/ and the lockfile (from src/ and the registry; 9/10 of the log's
  // 28 MB; dist/main.js and the lockfile are scanned as they are now above), the OpenAPI slice (from
  // @octokit/openapi; scanned above) and the corpus runs (MEASURED-*.txt, from the manifest and the bodies, which
  // are scanned); without the last two the log is 4.7 MB, not 10.4 (2026-12-01).
  test('the diffs of the last 300 commits pass (generated files: their sources, above)', () => {
    const args = ['log', '-p', '-n', '300', '--no-color', '--no-ext-diff'];
    const generated = ['dist', 'package-lock.json', 'test/fixtures/github-openapi-slice.json', 'corpus/MEASURED-*.txt'];
    const log = execFileSync('git', [...args, '--', '.', ...generated.map((g) => `:(exclude)${g}`)], {
      encoding: 'utf8',
      maxBuffer: 512 * 1024 * 1024,
    });
    const commits = log.split(/^(?=commit [0-9a-f]{40}$)/m);
    const m = measure(commits.flatMap(pieces));
    expect(commits.length).toBeGreaterThanOrEqual(1);
    expect(m.hits).toEqual([]);
  });
});
