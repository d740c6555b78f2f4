// What a run's log group says at info level, without debug: the facts the decision saw
// and the plan it made, one line each, in words. Pure: facts and plans in, lines out.
// (With debug on, the shell also logs both as JSON.)
import { historyOf, type Dismissal, type Facts, type HistoryEntry, type Plan } from './decide.js';
import { visible } from './visible.js';
import { short } from './sha.js';

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

const OVERRULED = ', a later review of this account edited';

// A marker's base is percent-decoded text anyone with write access can edit into the persona's review:
// shown through visible(), so a line break in it can never start a line of its own (a workflow command).
const entry = (h: HistoryEntry): string =>
  `#${h.review.id} ${h.marker.verdict} for ${short(h.marker.head)}` +
  `${h.marker.base ? ` into ${visible(h.marker.base, 100)}` : ''}` +
  ` (${h.review.state.toLowerCase()}${h.review.edited ? ', edited' : h.overruled ? OVERRULED : ''})`;

/** One line: what is reviewed, as whom, and what the persona's review history on the PR is. */
export function describeFacts(f: Facts): string {
  const version = f.version ? ` ${f.version}` : '';
  const who = `${f.persona}${version} as ${f.identity}${f.identityVerified ? '' : ' (reviewer-login)'}`;
  const history = historyOf(f.reviews, f.identity, f.persona);
  const newest = history.at(-1);
  const seen =
    history.length === 0
      ? `no earlier review by ${f.persona} among the PR's ${plural(f.reviews.length, 'review')}`
      : `${plural(history.length, `review by ${f.persona}`, `reviews by ${f.persona}`)}, the newest ${entry(newest!)}`;
  const forced = f.force ? '; re-review requested (force)' : '';
  return `facts: head ${short(f.head)} into ${f.base}, ${who}; ${seen}${forced}`;
}

const dismissals = (list: readonly Dismissal[], when: string): string =>
  list.length === 0 ? '' : `; dismiss ${list.map((d) => `#${d.entry.review.id} (${d.why})`).join(', ')} ${when}`;

/** One line: what the run will do, and which reviews it will dismiss. */
export function describePlan(p: Plan): string {
  switch (p.action) {
    case 'post':
      return `plan: post ${p.verdict} (event ${p.event})${dismissals(p.early, 'first')}`;
    case 'review':
      return `plan: the persona reviews this head${dismissals(p.early, 'now')}`;
    case 'restamp':
      return `plan: post ${entry(p.original)} again for this head, no review run${dismissals(p.early, 'first')}`;
    case 'keep': {
      const by = p.by ? ` by ${p.by}` : '';
      return `plan: keep ${entry(p.current)}: ${p.outcome}${by}${dismissals(p.settlement.dismiss, 'too')}`;
    }
    case 'refuse':
      return `plan: refuse: ${p.message}`;
  }
}
