// Secrets in a review body — pure. A persona that saw a token (in a diff, a log, its
// own environment) can be steered into quoting it, and whatever the review says is
// published. Log masking does not reach what is sent to the API, so a body that
// carries one is refused before anything is sent.

const SHAPES: ReadonlyArray<[RegExp, string]> = [
  [/\bgh[pousr]_[A-Za-z0-9]{30,}/, 'a GitHub token (ghp_/gho_/ghu_/ghs_/ghr_)'],
  [/\bgithub_pat_[A-Za-z0-9_]{30,}/, 'a fine-grained GitHub token (github_pat_)'],
  [/-----BEGIN ([A-Z0-9]+ )*PRIVATE KEY-----/, 'a PEM private key'],
];

export interface SecretFinding {
  line: number;
  what: string;
}

/** The lines that carry a secret, with what kind; never the secret itself. */
export function findSecrets(text: string, token: string | null): SecretFinding[] {
  const out: SecretFinding[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (token && token.length >= 8 && line.includes(token)) out.push({ line: i + 1, what: "this run's github-token" });
    else {
      const hit = SHAPES.find(([re]) => re.test(line));
      if (hit) out.push({ line: i + 1, what: hit[1] });
    }
  }
  return out;
}
