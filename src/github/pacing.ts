// How the client paces its requests, after GitHub's advice for integrators (REST API best
// practices, "Avoid concurrent requests" and "Pause between mutative requests":
// https://docs.github.com/en/rest/using-the-rest-api/best-practices-for-using-the-rest-api):
// no write leaves its gate less than a second after the previous one (a GraphQL query counts as
// a write: it may mutate), a write that notifies people (a review, a comment) three seconds after
// the previous such write, and no more than ten requests of this client are in flight (a write
// takes its slot before its gate, so the gaps hold between real starts). @octokit/plugin-throttling
// applied the same rules until 0.13.0 (and spaced /search/ reads, which the action never makes);
// it schedules through Bottleneck, whose every step yields to the event loop with a timer (a
// millisecond or more, about ten per request), which made a run against a local server mostly
// waiting. Here a turn costs nothing unless it has to wait. (@octokit/plugin-retry still schedules
// each request through a Bottleneck of its own: a few ticks, not ten.) The clock and the sleep are
// injected (client.ts scales the sleep in the action's own tests and never sleeps past the run's
// deadline).

export interface PacingOptions {
  /** Between the starts of two writes (ms, already scaled). */
  writeGapMs: number;
  /** Between the starts of two writes that notify (ms, already scaled). */
  notifyGapMs: number;
  /** Requests in flight at once. */
  maxInFlight: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

/** Waits the request's turn, then runs it (its slot in flight is freed when it settles). */
export type Pace = <T>(method: string, url: string, request: () => Promise<T>) => Promise<T>;

// The endpoints GitHub lists as creating notifications (the paths @octokit/plugin-throttling
// 11's generated list holds, from GitHub's OpenAPI description); `{…}` is one path segment.
const NOTIFYING = [
  '/orgs/{org}/invitations',
  '/orgs/{org}/invitations/{invitation_id}',
  '/orgs/{org}/teams/{team_slug}/discussions',
  '/orgs/{org}/teams/{team_slug}/discussions/{discussion_number}/comments',
  '/repos/{owner}/{repo}/collaborators/{username}',
  '/repos/{owner}/{repo}/commits/{commit_sha}/comments',
  '/repos/{owner}/{repo}/issues',
  '/repos/{owner}/{repo}/issues/{issue_number}/comments',
  '/repos/{owner}/{repo}/issues/{issue_number}/sub_issue',
  '/repos/{owner}/{repo}/issues/{issue_number}/sub_issues/priority',
  '/repos/{owner}/{repo}/pulls',
  '/repos/{owner}/{repo}/pulls/{pull_number}/comments',
  '/repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies',
  '/repos/{owner}/{repo}/pulls/{pull_number}/merge',
  '/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers',
  '/repos/{owner}/{repo}/pulls/{pull_number}/reviews',
  '/repos/{owner}/{repo}/releases',
  '/teams/{team_id}/discussions',
  '/teams/{team_id}/discussions/{discussion_number}/comments',
];
const NOTIFYING_RE = new RegExp(`^(?:${NOTIFYING.map((p) => p.replace(/\{[^}]+\}/g, '[^/]+')).join('|')})$`, 'i');

/** What kind of request this is, for pacing: a read, a write, or a write that notifies. */
export function requestKind(method: string, url: string): 'read' | 'write' | 'notify' {
  const path = new URL(url, 'http://github.test').pathname.replace(/\/+$/, '');
  const m = method.toUpperCase();
  if (m === 'GET' || m === 'HEAD') return 'read'; // a GraphQL query is a POST: a write
  return NOTIFYING_RE.test(path) ? 'notify' : 'write';
}

export function pacer(o: PacingOptions): Pace {
  // one queue for every write, in the order they ask: each waits for the write gap and, if it notifies, the
  // notification gap, both counted from the starts of the writes before it (a plain write behind a notifying one
  // waits with it: the action writes one thing at a time, and both gaps always hold)
  let tail: Promise<void> = Promise.resolve();
  let lastWrite = Number.NEGATIVE_INFINITY;
  let lastNotify = Number.NEGATIVE_INFINITY;
  const gate = (notifies: boolean): Promise<void> => {
    const turn = tail.then(async () => {
      const due = Math.max(lastWrite + o.writeGapMs, notifies ? lastNotify + o.notifyGapMs : Number.NEGATIVE_INFINITY);
      const wait = due - o.now();
      if (wait > 0) await o.sleep(wait);
      lastWrite = o.now();
      if (notifies) lastNotify = lastWrite;
    });
    tail = turn.catch(() => {}); // a failed turn (a clock that threw) does not fail every later write
    return turn;
  };
  let free = o.maxInFlight;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else free++;
  };
  return async (method, url, request) => {
    const kind = requestKind(method, url);
    // the slot first, then the gate: a write starts the moment its gate lets it through, so the gaps are
    // counted between real starts (a write that passed its gate and then waited for a slot could start beside
    // the next one)
    if (free > 0) free--;
    else await new Promise<void>((r) => waiting.push(r));
    try {
      if (kind !== 'read') await gate(kind === 'notify');
      return await request();
    } finally {
      release();
    }
  };
}
