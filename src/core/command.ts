// Re-review on demand by comment — pure. Who may force a persona to review again: the
// comment must be exactly that persona's command, and its author must be able to write
// to the repository without being the PR's author. author_association is never asked:
// MEMBER and COLLABORATOR say nothing about write access.

/** Repository permissions (collaborators/{login}/permission) that may force a re-review. */
export const MAY_FORCE = ['admin', 'maintain', 'write'] as const;

/** The comment's whole text, or its first line, is `/review <persona>` (the name compared case-insensitively). */
export function isCommandFor(body: string, persona: string): boolean {
  const first = body.split(/\r\n|\r|\n/, 1)[0] ?? '';
  const m = /^\/review ([^\s]+)$/.exec(first);
  return m !== null && m[1]!.toLowerCase() === persona.toLowerCase();
}

export interface Asker {
  persona: string;
  login: string;
  /** The comment's text; for a label, the label's name (the workflow picked the label: any name passes). */
  body: string;
  /** How the re-review was asked for: a `/review` comment, a label added, a workflow run by hand, or its re-run. */
  via?: 'comment' | 'label' | 'dispatch' | 'rerun';
  /** The commenter's repository permission; 'not-collaborator', or null when GitHub would not say. */
  permission: string | null;
  /** The PR's author; null when GitHub does not say. */
  author: string | null;
}

/** Why this comment may not force a review; null when it may. */
export function refusal(a: Asker): { message: string; advice: string } | null {
  const who = `@${a.login}`;
  const label = a.via === 'label';
  const asking = label
    ? 'add the label'
    : a.via === 'dispatch'
      ? 'run the workflow'
      : a.via === 'rerun'
        ? 're-run the workflow run'
        : 'comment';
  if ((a.via === undefined || a.via === 'comment') && !isCommandFor(a.body, a.persona)) {
    return {
      message: `${who}'s comment is not "/review ${a.persona}" (the whole comment or its first line)`,
      advice: `match the comment exactly in the workflow's if: condition, as docs/recipes/re-review.yml does`,
    };
  }
  if (a.author !== null && a.login.toLowerCase() === a.author.toLowerCase()) {
    return {
      message: `${who} opened this PR: its author may not ask ${a.persona} to review it again`,
      advice: `ask a maintainer (write access or more) to ${asking}, or push a change: a new head is reviewed anyway`,
    };
  }
  // an App's or a workflow's account acts on what it is given (a welcome bot quoting the PR's text): never a person
  // asking, whatever permission GitHub gives it (attack round 16)
  if (/\[bot\]$/i.test(a.login)) {
    return {
      message: `${who} is a bot account: only a person with write access may ask ${a.persona} to review again`,
      advice: `ask a maintainer to ${asking}`,
    };
  }
  if (a.permission === null) {
    return {
      message: `GitHub would not say whether ${who} may write to this repository: nothing was reviewed`,
      advice: "the persona's token must be able to read collaborators/{login}/permission (metadata: read)",
    };
  }
  if (!(MAY_FORCE as readonly string[]).includes(a.permission)) {
    const has =
      a.permission === 'not-collaborator'
        ? 'is not a collaborator'
        : a.permission === 'none'
          ? 'has no access'
          : `has ${a.permission} access`;
    return {
      message:
        `${who} ${has}: only write, maintain or admin may ask ${a.persona} to review again` +
        (label ? ` (the label "${a.body}" was added by ${who})` : ''),
      advice: `ask someone with write access to comment "/review ${a.persona}" or add the review label`,
    };
  }
  return null;
}
