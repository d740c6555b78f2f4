// A stateful, GitHub-like HTTP server for end-to-end tests: pull requests, commits
// with trees, reviews (pagination, dismissal rules, GitHub's 422s), issue comments,
// users by token, GraphQL viewer, and fault injection. Every request it receives is
// validated against GitHub's OpenAPI description, and so is every response it sends.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { validate as validateGraphql } from '@octokit/graphql-schema';
import { skeleton, validateRequest, validateResponse } from './openapi.js';

type Json = any;

export interface FakeUser {
  login: string;
  /** 'app' tokens (GITHUB_TOKEN, installation tokens) get 403 from GET /user. */
  kind?: 'user' | 'app';
  /** GraphQL viewer { login } answers (default: true for users, false for apps). */
  graphqlViewer?: boolean;
  /** May dismiss reviews (write access, allowed by dismissal restrictions). Default true. */
  canDismiss?: boolean;
  /** May create reviews. Default true. */
  canReview?: boolean;
  /** The token has statuses: write. Default true. */
  canStatus?: boolean;
  /** The token has checks: write (an App's Checks permission). Default true. */
  canChecks?: boolean;
  /** The token may list check runs (checks: read, or write). Default true. */
  canReadChecks?: boolean;
  /** May create and edit issue comments (pull-requests or issues: write). Default true. */
  canComment?: boolean;
  /** Repository admin: may read classic branch protection and ruleset bypass lists. Default false. */
  admin?: boolean;
}

/** The repository's settings around the gate (the doctor's reads). */
export interface FakeSettings {
  defaultBranch: string;
  /** Branches that exist, with whether GitHub calls them protected. */
  branches: Map<string, { protected: boolean }>;
  /** Rules per branch, as GET rules/branches/{branch} lists them (ruleset_id included). */
  rules: Map<string, Json[]>;
  rulesets: Map<number, { name: string; bypass_actors: Json[] }>;
  /** Classic branch protection per branch (the full GET .../protection answer). */
  classic: Map<string, Json>;
  apps: Map<string, number>;
  /** Collaborator permission per login: permission and role_name. */
  permissions: Map<string, { permission: string; role_name: string }>;
  /** Files on the default branch by path (the workflow files under .github/workflows/). */
  files: Map<string, string>;
  /**
   * Environments by name: `branches` null is no deployment branch policy (every branch may deploy, as GitHub makes
   * an environment on a job's first use of it), 'protected' protected branches only, else custom name patterns.
   */
  environments: Map<string, { branches: null | 'protected' | Array<{ name: string; type: 'branch' | 'tag' }> }>;
  /** Actions secret names: the repository's, those the organization shares with it, and each environment's. */
  secrets: { repository: string[]; organization: string[]; environments: Map<string, string[]> };
  /**
   * The owners GitHub accepts in CODEOWNERS (users and teams with write access, as `@login` or `@org/team`); any other
   * `@` owner on a line is an "Unknown owner" error of GET codeowners/errors.
   */
  codeowners: Set<string>;
}

export interface FakeStatus {
  id: number;
  sha: string;
  state: string;
  context: string;
  description: string;
  target_url: string | null;
  login: string;
}

/** A check run: only an App token creates one, in that App's own check suite. */
export interface FakeCheckRun {
  id: number;
  sha: string;
  name: string;
  status: string;
  conclusion: string | null;
  title: string;
  details_url: string | null;
  /** The App's slug (its token's login without [bot]). */
  app: string;
  /**
   * The check suite it sits in: unless set, the App's one suite for the commit (an App's runs created through the API
   * go there); a workflow run has a suite of its own (GitHub Actions makes one per run).
   */
  suite?: string;
}

export interface FakeReview {
  id: number;
  login: string;
  state: string;
  body: string;
  commit_id: string;
  submitted_at: string;
  /** Put there by a test (seedReview), not posted through the API. */
  seeded?: boolean;
  /** Set when someone edited the body after it was posted (GraphQL lastEditedAt / editor). */
  lastEditedAt?: string;
  editor?: string;
}

export interface FakePull {
  number: number;
  state: 'open' | 'closed';
  merged: boolean;
  head: string;
  base: string;
  /** The base branch's name (GitHub: base.ref). */
  baseRef: string;
  author: string;
  locked?: boolean;
  draft?: boolean;
  commits: string[]; // SHAs that belong to the PR (commit_id must be one of these)
  /** changed_files as GitHub counts them; by default the number of the head commit's files. */
  changedFiles?: number;
  /** The head branch and the repository it lives in (a fork's full name for fork PRs). */
  headRef: string;
  headRepo: string;
}

export interface Fault {
  method: string;
  path: RegExp;
  /** How many matching requests this fault applies to (default 1). */
  times?: number;
  /** How many matching requests pass untouched before the fault applies (default 0). */
  skip?: number;
  /**
   * status: answer with status/body without doing anything;
   * after: do the operation, then answer with status (the client sees a failure);
   * reset: destroy the connection without an answer (before the operation);
   * reset-after: do the operation, then destroy the connection;
   * delay: wait delayMs, then do the operation and answer normally;
   * stall: do the operation now, answer after delayMs (a slow response of a snapshot);
   * hang: never answer and never do the operation (the client must give up).
   */
  kind: 'status' | 'after' | 'reset' | 'reset-after' | 'delay' | 'stall' | 'hang';
  /** Only requests that carry this token (one run of an account that several runs use at once). */
  token?: string;
  /** Only requests whose JSON body this accepts ({ state: 'success' } of a status write, say). */
  when?: (body: Json) => boolean;
  /**
   * delay, stall: wait for this instead of delayMs; status: answer once it resolves (a request held until the test
   * has done something first).
   */
  until?: Promise<unknown>;
  status?: number;
  headers?: Record<string, string>;
  body?: Json;
  delayMs?: number;
}

export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Json;
  status: number;
  login: string | null;
  /** The token the request carried (the bench tells runs of one account apart by it). */
  token?: string;
  operationId: string | null;
  violations: string[];
  faulted?: string;
  t: number;
  /** When the answer was sent (or the connection dropped). */
  end: number;
}

/** A review_dismissed timeline event (REST: review-dismissed-issue-event). */
export interface FakeDismissalEvent {
  id: number;
  actor: string;
  reviewId: number;
  /** The review's state before, lower case as the timeline writes it ("approved"). */
  state: string;
  /** The required message of a dismissal through the UI or the API; null for GitHub's push rule. */
  message: string | null;
  /** Set only by GitHub's push rule: the pushed commit that made the approval stale. */
  commitId?: string;
  createdAt: string;
}

export interface FakeComment {
  id: number;
  login: string;
  body: string;
}

/** A body sent as text, not JSON (a media type such as the diff format). */
class RawText {
  constructor(readonly text: string) {}
}

export const OWNER = 'acme';
export const REPO = 'widgets';
/** The client ID the fake gives the App with this id ("Iv23li" and the id in base 36, padded). */
export const clientIdOf = (id: number): string => `Iv23li${id.toString(36).padStart(14, '0')}`;

export const sha = (seed: string): string => createHash('sha1').update(seed).digest('hex');

export class FakeGitHub {
  users = new Map<string, FakeUser>(); // by token
  /** Commits with their tree, and the PR's diff files at that commit (for compare). */
  commits = new Map<string, { tree: string; files?: Json[] }>();
  pulls = new Map<number, FakePull>();
  reviews = new Map<number, FakeReview[]>();
  comments = new Map<number, FakeComment[]>();
  /** Commit statuses in the order they were created (GitHub keeps them all; the latest per context counts). */
  statuses: FakeStatus[] = [];
  /** Check runs in the order they were created (the newest of a name in an App's suite counts). */
  checkRuns: FakeCheckRun[] = [];
  faults: Fault[] = [];
  log: LoggedRequest[] = [];
  /** GitHub Enterprise Server layout: REST under /api/v3, GraphQL at /api/graphql. */
  ghes = false;
  settings: FakeSettings = {
    defaultBranch: 'main',
    branches: new Map([['main', { protected: false }]]),
    rules: new Map(),
    rulesets: new Map(),
    classic: new Map(),
    apps: new Map(),
    permissions: new Map(),
    files: new Map(),
    environments: new Map(),
    secrets: { repository: [], organization: [], environments: new Map() },
    codeowners: new Set(['@acme/maintainers']),
  };
  /**
   * Base branches whose protection says "Dismiss stale pull request approvals when new commits are
   * pushed" (classic protection, or a ruleset's pull_request rule dismiss_stale_reviews_on_push).
   */
  dismissStaleOnPush = new Set<string>();
  /** Each issue's timeline: here only the review_dismissed events (GET .../issues/{n}/timeline). */
  timeline = new Map<number, FakeDismissalEvent[]>();
  /**
   * GitHub's secondary rate limit for content creation: at most `perMinute` content-creating
   * requests (reviews, dismissals, statuses, comments: every non-GET REST request) a minute per
   * account, answered past that with 403 and retry-after. GitHub's REST docs ("Rate limits for the
   * REST API", secondary rate limits): "No more than 80 content-generating requests per minute";
   * exceeding one answers 403 or 429, with retry-after when it is set. `now` is the limiter's clock
   * in ms (the bench runs it on simulated time). null: off.
   */
  secondaryLimit: { perMinute: number; now: () => number } | null = null;
  /**
   * GitHub's primary rate limit for GraphQL, in points (one per query here; GitHub's minimum cost): `remaining`
   * points until `resetAt` (epoch seconds), then the window starts full again. GitHub's "Rate limits and query
   * limits for the GraphQL API", Exceeding the rate limit: "the response status will still be 200, but you will
   * receive an error message, and the value of the x-ratelimit-remaining header will be 0"; retry after
   * x-ratelimit-reset. Every GraphQL answer carries the x-ratelimit-* headers, resource graphql. null: off.
   */
  graphqlLimit: { limit: number; remaining: number; resetAt: number } | null = null;
  /** The content-creating requests the limiter let through, by account, on its clock. */
  contentWrites: Array<{ login: string; at: number }> = [];
  /** Simulated network latency per request (the bench uses it to make concurrency visible). */
  latencyMs = 0;
  /**
   * Listing lag (opt-in, per world): a review created through the API is left out of this many
   * later listings of its PR's reviews (each REST read of page 1 is one listing; GraphQL's review
   * connection leaves it out while REST does), then shows as usual. GitHub documents no
   * read-after-write guarantee for its REST API, and none of this lag: its "Best practices for
   * using the REST API" covers only rate limits. The fault is modelled on observed behaviour —
   * reads served by a replica that has not caught up with a write yet (octokit/octokit.rb#728: a
   * created repository missing from the list endpoint for up to 40 s, a GitHub maintainer
   * confirming the delay; JasonEtco/todo#169, "Replication lag": reads right after a webhook
   * missing resources "not fully replicated") — and on src/modes/create.ts, which already waits
   * for a review listing that lags behind a create. 0: every listing shows every review (the default).
   */
  reviewListingLag = 0;
  /** Reviews the listing still leaves out (listing lag), with how many more listings miss them. */
  private lagging = new Map<number, number>();
  /** The diff media type's limits; over them GitHub answers 406 `too_large` instead of a diff (see diffRefusal). */
  diffLimits = { files: 300, lines: 20000 };
  /** Cut the diff text after this many characters (a diff that arrives truncated); null: sent whole. */
  diffCutAt: number | null = null;
  private nextId = 1000;
  private server: Server | null = null;
  private clock = Date.parse('2026-11-30T00:00:00Z');
  url = '';

  /** Adds a commit with the given tree (by default a fresh tree). */
  commit(seed: string, tree = sha(`tree:${seed}`), files?: Json[]): string {
    const s = sha(`commit:${seed}`);
    this.commits.set(s, { tree, files });
    return s;
  }

  user(token: string, u: FakeUser): this {
    this.users.set(token, u);
    return this;
  }

  pull(p: Partial<FakePull> & { number: number; head: string }): FakePull {
    const full: FakePull = {
      state: 'open',
      merged: false,
      base: this.commit('base'),
      baseRef: 'main',
      author: 'octo-author',
      commits: [p.head],
      headRef: 'feature',
      headRepo: `${OWNER}/${REPO}`,
      ...p,
    };
    if (!full.commits.includes(full.head)) full.commits.push(full.head);
    this.pulls.set(full.number, full);
    this.reviews.set(full.number, this.reviews.get(full.number) ?? []);
    return full;
  }

  /**
   * Moves a PR's head (a push by `pusher`). With "dismiss stale approvals on push" on for the
   * base branch, GitHub dismisses every APPROVED review and records each dismissal in the
   * timeline as review_dismissed with the pusher as actor, the pushed commit as
   * dismissed_review.dismissal_commit_id and no message (FACTS.md; GitHub's docs on branch
   * protection: "New reviewable commits pushed to a matching branch will dismiss pull request
   * review approvals"; the empty-message, pusher-as-actor record is also what plur-ai/plur#1164
   * found in real timelines). Returns the dismissed review ids.
   */
  push(number: number, head: string, pusher = 'octo-author'): number[] {
    const p = this.pulls.get(number)!;
    p.head = head;
    if (!p.commits.includes(head)) p.commits.push(head);
    if (!this.dismissStaleOnPush.has(p.baseRef)) return [];
    const gone = this.reviews.get(number)!.filter((r) => r.state === 'APPROVED');
    for (const r of gone) {
      r.state = 'DISMISSED';
      this.recordDismissal(number, { actor: pusher, reviewId: r.id, state: 'approved', message: null, commitId: head });
    }
    return gone.map((r) => r.id);
  }

  /** A person dismisses a review (the UI's "Dismiss review" needs a message; no commit is recorded). */
  dismissAs(number: number, id: number, actor: string, message: string): void {
    const r = this.reviews.get(number)!.find((x) => x.id === id)!;
    const state = r.state.toLowerCase();
    r.state = 'DISMISSED';
    this.recordDismissal(number, { actor, reviewId: id, state, message });
  }

  private recordDismissal(number: number, e: Omit<FakeDismissalEvent, 'id' | 'createdAt'>): void {
    const list = this.timeline.get(number) ?? this.timeline.set(number, []).get(number)!;
    list.push({ id: this.nextId++, createdAt: this.tick(), ...e });
  }

  /**
   * Someone edits a review's body (GitHub lets anyone with write access edit another account's
   * review; REST shows only the new body, GraphQL's lastEditedAt and editor show the edit).
   */
  editReview(number: number, id: number, body: string, editor: string): FakeReview {
    const r = this.reviews.get(number)!.find((x) => x.id === id)!;
    r.body = body;
    r.lastEditedAt = this.tick();
    r.editor = editor;
    return r;
  }

  /** Changes a PR's base branch (the "Edit" button next to the title). */
  retarget(number: number, baseRef: string, base = this.commit(`base:${baseRef}`)): void {
    const p = this.pulls.get(number)!;
    p.baseRef = baseRef;
    p.base = base;
  }

  /** Seeds a review directly into state (as if posted earlier). */
  seedReview(number: number, r: Omit<FakeReview, 'id' | 'submitted_at'> & { id?: number }): FakeReview {
    const review: FakeReview = { id: r.id ?? this.nextId++, submitted_at: this.tick(), seeded: true, ...r };
    this.reviews.get(number)!.push(review);
    return review;
  }

  /** The latest status per context on a commit, as GitHub's combined status shows it. */
  statusOf(sha: string, context: string): FakeStatus | undefined {
    return this.statuses.filter((x) => x.sha === sha && x.context === context).at(-1);
  }

  writes(): LoggedRequest[] {
    return this.log.filter((l) => l.method !== 'GET' && !(l.method === 'POST' && l.path === '/graphql'));
  }

  /**
   * How many sequential rounds of requests came before the first write: the longest chain of
   * reads each sent after the one before it was answered. A read that waited for an answer is one
   * round after it; reads sent together are one round, however slowly each is answered (under
   * load, a round's answers arrive at different times; a client may send its next read as soon as
   * the one answer it needs arrives). Never fewer than the rounds the client waited through.
   */
  roundsBeforeFirstWrite(): number {
    const firstWrite = this.log.findIndex((l) => this.writes().includes(l));
    const reads = firstWrite < 0 ? this.log : this.log.slice(0, firstWrite);
    const depth: number[] = [];
    reads.forEach((l, j) => {
      const before = reads.slice(0, j).flatMap((e, i) => (e.end > 0 && e.end <= l.t ? [depth[i]!] : []));
      depth.push(1 + Math.max(0, ...before));
    });
    return Math.max(0, ...depth);
  }

  violations(): string[] {
    return this.log.flatMap((l) => l.violations.map((v) => `${l.method} ${l.path}: ${v}`));
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = null;
  }

  /** Seconds to wait when this request passes the secondary limit; null when it may go (and is counted). */
  private secondaryLimited(method: string, path: string, login: string): number | null {
    if (!this.secondaryLimit || method === 'GET' || path === '/graphql') return null;
    const now = this.secondaryLimit.now();
    const recent = this.contentWrites.filter((x) => x.login === login && x.at > now - 60_000);
    if (recent.length >= this.secondaryLimit.perMinute)
      return Math.max(1, Math.ceil((recent[0]!.at + 60_000 - now) / 1000));
    this.contentWrites.push({ login, at: now });
    return null;
  }

  private tick(): string {
    this.clock += 1000;
    return new Date(this.clock).toISOString().replace(/\.\d{3}Z$/, 'Z');
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    const method = req.method ?? 'GET';
    let path = url.pathname;
    if (this.ghes) {
      // only the Enterprise layout answers; anything else is a client that ignored GITHUB_API_URL's path
      path =
        path === '/api/graphql'
          ? '/graphql'
          : path.startsWith('/api/v3/')
            ? path.slice('/api/v3'.length)
            : `/not-ghes${path}`;
    }
    let body: Json;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = raw;
    }
    const auth = /^(?:token|bearer) (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const user = auth ? this.users.get(auth) : undefined;
    const entry: LoggedRequest = {
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      body,
      status: 0,
      login: user?.login ?? null,
      token: auth,
      operationId: null,
      violations: [],
      t: performance.now(),
      end: 0,
    };
    this.log.push(entry);
    if (path !== '/graphql') {
      const v = validateRequest(method, path, body, Object.fromEntries(url.searchParams));
      entry.operationId = v.operationId;
      entry.violations.push(...v.violations);
    } else {
      // every query is validated against GitHub's GraphQL schema (@octokit/graphql-schema)
      const errors = validateGraphql(String(body?.query ?? ''));
      entry.violations.push(...errors.map((e: { message: string }) => `GraphQL: ${e.message}`));
    }

    if (this.latencyMs) await new Promise((r) => setTimeout(r, this.latencyMs));
    const retryAfter = user ? this.secondaryLimited(method, path, user.login) : null;
    if (retryAfter !== null) {
      const message = 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.';
      const doc =
        'https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api#about-secondary-rate-limits';
      return this.send(
        res,
        entry,
        403,
        { message, documentation_url: doc },
        { 'retry-after': String(retryAfter) },
        false,
      );
    }
    let fault = this.faults.find(
      (f) =>
        f.method === method &&
        f.path.test(path) &&
        (f.times ?? 1) > 0 &&
        (f.token === undefined || f.token === auth) &&
        (f.when?.(body) ?? true),
    );
    if (fault && (fault.skip ?? 0) > 0) {
      fault.skip! -= 1;
      fault = undefined;
    }
    if (fault) {
      fault.times = (fault.times ?? 1) - 1;
      entry.faulted = fault.kind;
      if (fault.kind === 'reset') {
        entry.status = -1;
        entry.end = performance.now();
        req.socket.destroy();
        return;
      }
      if (fault.kind === 'hang') {
        entry.status = -2;
        req.socket.once('close', () => (entry.end = performance.now()));
        return;
      }
      if (fault.kind === 'status') {
        if (fault.until) await fault.until; // a refusal answered once the test has done something first
        return this.send(
          res,
          entry,
          fault.status ?? 500,
          fault.body ?? { message: 'Server Error' },
          fault.headers,
          false,
        );
      }
      if (fault.kind === 'delay') await (fault.until ?? new Promise((r) => setTimeout(r, fault.delayMs ?? 1000)));
    }

    let status: number;
    let out: Json;
    let headers: Record<string, string> = {};
    const points = user && path === '/graphql' ? this.graphqlPoints() : null;
    if (!user) [status, out] = [401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' }];
    else if (points?.limited)
      [status, out, headers] = [200, { errors: [{ type: 'RATE_LIMITED', message: points.message }] }, points.headers];
    else [status, out, headers = {}] = this.route(method, path, url, body, user, String(req.headers.accept ?? ''));
    if (points && !points.limited) headers = { ...points.headers, ...headers };

    if (fault?.kind === 'stall') await (fault.until ?? new Promise((r) => setTimeout(r, fault.delayMs ?? 1000)));
    if (fault?.kind === 'after')
      return this.send(
        res,
        entry,
        fault.status ?? 502,
        fault.body ?? { message: 'Server Error' },
        fault.headers,
        false,
      );
    if (fault?.kind === 'reset-after') {
      entry.status = -1;
      entry.end = performance.now();
      req.socket.destroy();
      return;
    }
    this.send(res, entry, status, out, headers, true);
  }

  /** One GraphQL query against the primary limit (graphqlLimit): its headers, and whether it is refused. */
  private graphqlPoints(): { limited: boolean; message: string; headers: Record<string, string> } | null {
    const g = this.graphqlLimit;
    if (!g) return null;
    const now = Date.now() / 1000;
    if (now >= g.resetAt) [g.remaining, g.resetAt] = [g.limit, Math.floor(now) + 3600];
    const limited = g.remaining <= 0;
    if (!limited) g.remaining -= 1;
    const headers = {
      'x-ratelimit-limit': String(g.limit),
      'x-ratelimit-remaining': String(g.remaining),
      'x-ratelimit-used': String(g.limit - g.remaining),
      'x-ratelimit-reset': String(g.resetAt),
      'x-ratelimit-resource': 'graphql',
    };
    return { limited, message: 'API rate limit already exceeded for installation ID 1.', headers };
  }

  private send(
    res: ServerResponse,
    entry: LoggedRequest,
    status: number,
    body: Json,
    headers: Record<string, string> = {},
    validate = true,
  ): void {
    entry.status = status;
    entry.end = performance.now();
    const raw = body instanceof RawText;
    if (validate && !raw && entry.path !== '/graphql')
      entry.violations.push(...validateResponse(entry.method, entry.path, status, body));
    if (res.destroyed) return;
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'x-ratelimit-remaining': '4999',
      ...headers,
    });
    res.end(raw ? body.text : body === undefined ? '' : JSON.stringify(body));
  }

  private reviewJson(r: FakeReview, number: number): Json {
    const base = skeleton('GET', `/repos/${OWNER}/${REPO}/pulls/${number}/reviews`, 200);
    return {
      ...base,
      id: r.id,
      node_id: `PRR_${r.id}`,
      user: this.userJson(r.login),
      body: r.body,
      state: r.state,
      commit_id: r.commit_id,
      submitted_at: r.submitted_at,
      html_url: `https://github.test/${OWNER}/${REPO}/pull/${number}#pullrequestreview-${r.id}`,
      pull_request_url: `https://github.test/api/repos/${OWNER}/${REPO}/pulls/${number}`,
      author_association: 'COLLABORATOR',
    };
  }

  private userJson(login: string): Json {
    const u = skeleton('GET', '/user', 200);
    const simple = {
      login,
      id: 1,
      node_id: 'U_1',
      avatar_url: 'https://github.test/a',
      gravatar_id: '',
      url: `https://github.test/api/users/${encodeURIComponent(login)}`,
      html_url: `https://github.test/${encodeURIComponent(login)}`,
      followers_url: 'https://github.test/x',
      following_url: 'https://github.test/x',
      gists_url: 'https://github.test/x',
      starred_url: 'https://github.test/x',
      subscriptions_url: 'https://github.test/x',
      organizations_url: 'https://github.test/x',
      repos_url: 'https://github.test/x',
      events_url: 'https://github.test/x',
      received_events_url: 'https://github.test/x',
      type: login.endsWith('[bot]') ? 'Bot' : 'User',
      site_admin: false,
    };
    void u;
    return simple;
  }

  /** The doctor's reads: repository, branch rules, rulesets, branches, classic protection, Apps, permissions, files. */
  private settingsRoute(
    method: string,
    path: string,
    url: URL,
    user: FakeUser,
  ): [number, Json, Record<string, string>?] | null {
    if (method !== 'GET') return null;
    const st = this.settings;
    const notFound: [number, Json] = [404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' }];
    let m: RegExpExecArray | null;
    if ((m = /^\/apps\/([^/]+)$/.exec(path))) {
      const id = st.apps.get(decodeURIComponent(m[1]!));
      if (id === undefined) return notFound;
      const slug = decodeURIComponent(m[1]!);
      const at = '2026-01-01T00:00:00Z';
      return [
        200,
        {
          id,
          slug,
          // an App's client ID (Iv1./Iv23 and 16 more characters), derived here from its id
          client_id: clientIdOf(id),
          node_id: `A_${id}`,
          owner: this.userJson(OWNER),
          name: slug,
          description: null,
          external_url: 'https://github.test/x',
          html_url: `https://github.test/apps/${slug}`,
          created_at: at,
          updated_at: at,
          permissions: { pull_requests: 'write', statuses: 'write', contents: 'read' },
          events: [],
        },
      ];
    }
    const prefix = `/repos/${OWNER}/${REPO}`;
    if (path === prefix) return [200, { ...skeleton('GET', path, 200), default_branch: st.defaultBranch }];
    if (!path.startsWith(prefix + '/')) return null;
    const rest = path.slice(prefix.length);
    if ((m = /^\/rules\/branches\/([^/]+)$/.exec(rest))) {
      const rules = st.rules.get(decodeURIComponent(m[1]!)) ?? [];
      return [200, rules.map((r) => ({ ruleset_source_type: 'Repository', ruleset_source: `${OWNER}/${REPO}`, ...r }))];
    }
    if ((m = /^\/rulesets\/(\d+)$/.exec(rest))) {
      const r = st.rulesets.get(Number(m[1]));
      if (!r) return notFound;
      // GitHub shows the bypass list only to those who may edit the ruleset
      const bypass = user.admin ? { bypass_actors: r.bypass_actors } : {};
      return [200, { id: Number(m[1]), name: r.name, source: `${OWNER}/${REPO}`, enforcement: 'active', ...bypass }];
    }
    if ((m = /^\/branches\/([^/]+)\/protection$/.exec(rest))) {
      const p = st.classic.get(decodeURIComponent(m[1]!));
      if (!user.admin)
        return user.kind === 'app'
          ? [
              403,
              { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest' },
            ]
          : notFound;
      return p
        ? [200, p]
        : [404, { message: 'Branch not protected', documentation_url: 'https://docs.github.com/rest' }];
    }
    if ((m = /^\/branches\/([^/]+)$/.exec(rest))) {
      const name = decodeURIComponent(m[1]!);
      const b = st.branches.get(name);
      if (!b) return [404, { message: 'Branch not found', documentation_url: 'https://docs.github.com/rest' }];
      const classic = st.classic.get(name);
      const rsc = classic?.required_status_checks;
      return [
        200,
        {
          ...skeleton('GET', path, 200),
          name,
          protected: b.protected,
          protection: {
            enabled: !!classic,
            required_status_checks: rsc
              ? { enforcement_level: 'non_admins', contexts: rsc.contexts, checks: rsc.checks }
              : { enforcement_level: 'off', contexts: [], checks: [] },
          },
        },
      ];
    }
    // GET an environment, and its custom deployment branch policies: "Anyone with read access to the repository can
    // use this endpoint" (docs.github.com/rest/deployments/environments, …/branch-policies); 404 when there is none
    if ((m = /^\/environments\/([^/]+)(\/deployment-branch-policies)?$/.exec(rest))) {
      const name = decodeURIComponent(m[1]!);
      const env = st.environments.get(name);
      if (!env) return notFound;
      const b = env.branches;
      if (m[2]) {
        const policies = Array.isArray(b) ? b : [];
        const branch_policies = policies.map((p, i) => ({ id: i + 1, node_id: `BP_${i + 1}`, ...p }));
        return [200, { total_count: branch_policies.length, branch_policies }];
      }
      const policy =
        b === null ? null : { protected_branches: b === 'protected', custom_branch_policies: b !== 'protected' };
      const at = '2026-01-01T00:00:00Z';
      return [
        200,
        {
          id: 1,
          node_id: 'EN_1',
          name,
          url: `https://github.test/api/repos/${OWNER}/${REPO}/environments/${name}`,
          html_url: `https://github.test/${OWNER}/${REPO}/deployments/activity_log?environments_filter=${name}`,
          created_at: at,
          updated_at: at,
          protection_rules: [],
          deployment_branch_policy: policy,
        },
      ];
    }
    // Actions secrets, names only: "Authenticated users must have collaborator access to a repository to create,
    // update, or read secrets"; a GitHub App needs the secrets permission, which GITHUB_TOKEN never has
    // (docs.github.com/rest/actions/secrets); an environment that does not exist is 404
    if ((m = /^\/(?:actions\/(secrets|organization-secrets)|environments\/([^/]+)\/secrets)$/.exec(rest))) {
      if (user.kind === 'app')
        return [
          403,
          { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest' },
        ];
      const env = m[2] === undefined ? undefined : decodeURIComponent(m[2]);
      if (env !== undefined && !st.environments.has(env)) return notFound;
      const list =
        m[1] === 'secrets'
          ? st.secrets.repository
          : m[1] === 'organization-secrets'
            ? st.secrets.organization
            : (st.secrets.environments.get(env!) ?? []);
      const at = '2026-01-01T00:00:00Z';
      // paged like every list; total_count is the whole list's
      const { perPage, page, headers } = this.paging(url, list.length);
      const secrets = list
        .slice((page - 1) * perPage, page * perPage)
        .map((name) => ({ name, created_at: at, updated_at: at }));
      return [200, { total_count: list.length, secrets }, headers];
    }
    if ((m = /^\/collaborators\/([^/]+)\/permission$/.exec(rest))) {
      const login = decodeURIComponent(m[1]!);
      const p = st.permissions.get(login);
      if (!p) return notFound;
      const permissions = { pull: true, push: p.permission !== 'read', admin: p.permission === 'admin' };
      return [200, { ...p, user: { ...this.userJson(login), permissions, role_name: p.role_name } }];
    }
    if ((m = /^\/contents\/(.+)$/.exec(rest))) return this.contents(decodeURIComponent(m[1]!));
    if (rest === '/codeowners/errors') return this.codeownersErrors();
    return null;
  }

  /**
   * GET /repos/{owner}/{repo}/codeowners/errors (GitHub's REST docs, "List CODEOWNERS errors": the errors in the file
   * GitHub uses — .github/, the root, then docs/ — and 404 when there is none). Here only "Unknown owner": an `@`
   * owner not in settings.codeowners, with GitHub's line, column and message layout.
   */
  private codeownersErrors(): [number, Json] {
    const path = ['.github/CODEOWNERS', 'CODEOWNERS', 'docs/CODEOWNERS'].find((p) => this.settings.files.has(p));
    if (!path) return [404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' }];
    const errors = this.settings.files
      .get(path)!
      .split(/\r?\n/)
      .flatMap((source, i) =>
        // an @ that opens an owner (a user or a team); an e-mail address is a user's, and not checked here
        [...source.replace(/(^|\s)#.*$/, '').matchAll(/(?<!\S)@[\w./-]+/g)]
          .filter((o) => !this.settings.codeowners.has(o[0]))
          .map((o) => ({
            line: i + 1,
            column: o.index + 1,
            kind: 'Unknown owner',
            source,
            suggestion: null,
            message:
              `Unknown owner on line ${i + 1}: make sure ${o[0]} exists and has write access to the repository` +
              `\n\n  ${source}\n  ${' '.repeat(o.index)}^`,
            path,
          })),
      );
    return [200, { errors }];
  }

  private contents(path: string): [number, Json] {
    const item = (p: string, type: string) => ({
      type,
      size: (this.settings.files.get(p) ?? '').length,
      name: p.split('/').pop(),
      path: p,
      sha: sha(`blob:${p}`),
      url: `https://github.test/api/contents/${p}`,
      git_url: null,
      html_url: null,
      download_url: null,
      _links: { self: `https://github.test/api/contents/${p}`, git: null, html: null },
    });
    const text = this.settings.files.get(path);
    if (text !== undefined)
      return [200, { ...item(path, 'file'), encoding: 'base64', content: Buffer.from(text).toString('base64') }];
    const under = [...this.settings.files.keys()].filter((p) => p.startsWith(`${path}/`));
    if (!under.length) return [404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' }];
    return [200, under.map((p) => item(p, 'file'))];
  }

  private route(
    method: string,
    path: string,
    url: URL,
    body: Json,
    user: FakeUser,
    accept = '',
  ): [number, Json, Record<string, string>?] {
    const notFound: [number, Json] = [404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' }];
    if (method === 'GET' && path === '/user') {
      if (user.kind === 'app')
        return [
          403,
          { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest' },
        ];
      return [200, { ...skeleton('GET', '/user', 200), ...this.userJson(user.login), name: null, email: null }];
    }
    if (method === 'POST' && path === '/graphql' && /pullRequest\s*\(/.test(String(body?.query))) {
      return this.graphqlReviews(body?.variables ?? {});
    }
    if (method === 'POST' && path === '/graphql') {
      const viewer = user.graphqlViewer ?? user.kind !== 'app';
      if (!/viewer\s*\{\s*login\s*\}/.test(String(body?.query)))
        return [200, { errors: [{ message: 'unsupported query in fake' }] }];
      return viewer
        ? [200, { data: { viewer: { login: user.login } } }]
        : [
            200,
            {
              data: null,
              errors: [{ type: 'FORBIDDEN', path: ['viewer'], message: 'Resource not accessible by integration' }],
            },
          ];
    }
    const settings = this.settingsRoute(method, path, url, user);
    if (settings) return settings;
    const prefix = `/repos/${OWNER}/${REPO}`;
    if (!path.startsWith(prefix + '/')) return notFound;
    const rest = path.slice(prefix.length);
    let m: RegExpExecArray | null;

    if (method === 'GET' && (m = /^\/git\/commits\/([0-9a-f]{40})$/.exec(rest))) {
      const c = this.commits.get(m[1]!);
      if (!c) return notFound;
      return [
        200,
        {
          ...skeleton('GET', path, 200),
          sha: m[1],
          tree: { sha: c.tree, url: `https://github.test/api/trees/${c.tree}` },
        },
      ];
    }
    if (method === 'GET' && (m = /^\/compare\/([0-9a-f]{40})\.\.\.([0-9a-f]{40})$/.exec(rest))) {
      const head = this.commits.get(m[2]!);
      if (!head || !this.commits.has(m[1]!)) return notFound;
      // GitHub's diff media type (application/vnd.github.diff): the unified diff as text
      if (/vnd\.github(\.v3)?\.diff/.test(accept)) {
        const text = diffText(head.files ?? []);
        const refused = this.diffRefusal(head.files ?? [], text);
        if (refused) return [406, refused];
        const sent = this.diffCutAt === null ? text : text.slice(0, this.diffCutAt);
        return [200, new RawText(sent), { 'content-type': 'text/plain; charset=utf-8' }];
      }
      const files = (head.files ?? []).map((f: Json) =>
        listedFile({
          sha: sha(`blob:${f.filename}:${f.patch ?? ''}`),
          additions: 1,
          deletions: 0,
          changes: 1,
          blob_url: 'https://github.test/blob',
          raw_url: 'https://github.test/raw',
          contents_url: 'https://github.test/contents',
          ...f,
        }),
      );
      return [
        200,
        {
          ...skeleton('GET', path, 200),
          status: 'ahead',
          ahead_by: 1,
          behind_by: 0,
          total_commits: 1,
          commits: [],
          files,
        },
      ];
    }
    if (rest === '/pulls' && method === 'GET') {
      // GitHub filters by head "user:ref-name" (docs: List pull requests)
      const head = url.searchParams.get('head');
      const state = url.searchParams.get('state') ?? 'open';
      const list = [...this.pulls.values()].filter(
        (p) => (state === 'all' || p.state === state) && (!head || `${p.headRepo.split('/')[0]}:${p.headRef}` === head),
      );
      return [200, simplePulls(path, list)];
    }
    if ((m = /^\/commits\/([0-9a-f]{40})\/statuses$/.exec(rest)) && method === 'GET') {
      // REST docs, "List commit statuses for a reference": "Statuses are returned in reverse chronological
      // order. The first status in the list will be the latest one." Paged by per_page (30, at most 100).
      if (!this.commits.has(m[1]!)) return notFound;
      const list = this.statuses.filter((x) => x.sha === m![1]).reverse();
      const { perPage, page, headers } = this.paging(url, list.length);
      const item = skeleton('GET', path, 200);
      const json = (x: FakeStatus) => ({
        ...item,
        id: x.id,
        node_id: `SC_${x.id}`,
        state: x.state,
        context: x.context,
        description: x.description,
        target_url: x.target_url,
        creator: this.userJson(x.login),
      });
      return [200, list.slice((page - 1) * perPage, page * perPage).map(json), headers];
    }
    const checks = this.checkRunRoutes(method, path, rest, body, user, url);
    if (checks) return checks;
    if ((m = /^\/statuses\/([0-9a-f]{40})$/.exec(rest)) && method === 'POST') {
      if (user.canStatus === false)
        return [
          403,
          { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest' },
        ];
      if (!this.commits.has(m[1]!))
        return [
          422,
          { message: `No commit found for SHA: ${m[1]}`, documentation_url: 'https://docs.github.com/rest' },
        ];
      // GitHub refuses descriptions over 140 characters (REST docs, "Create a commit status")
      if (String(body?.description ?? '').length > 140) {
        return [
          422,
          {
            message: 'Validation Failed',
            errors: [
              {
                resource: 'Status',
                code: 'custom',
                field: 'description',
                message: 'description is too long (maximum is 140 characters)',
              },
            ],
            documentation_url: 'https://docs.github.com/rest',
          },
        ];
      }
      // REST docs, "Create a commit status": "there is a limit of 1000 statuses per sha and context within a
      // repository. Attempts to create more than 1000 statuses will result in a validation error."
      const ctx = body?.context ?? 'default';
      if (this.statuses.filter((x) => x.sha === m![1] && x.context === ctx).length >= 1000) {
        const message = 'This SHA and context has reached the maximum number of statuses.';
        const errors = [{ resource: 'Status', code: 'custom', field: 'context', message }];
        return [422, { message: 'Validation Failed', errors, documentation_url: 'https://docs.github.com/rest' }];
      }
      const st: FakeStatus = {
        id: this.nextId++,
        sha: m[1]!,
        state: body.state,
        context: body.context ?? 'default',
        description: body.description ?? '',
        target_url: body.target_url ?? null,
        login: user.login,
      };
      this.statuses.push(st);
      return [
        201,
        {
          ...skeleton('POST', path, 201),
          state: st.state,
          context: st.context,
          description: st.description,
          target_url: st.target_url,
        },
      ];
    }
    if ((m = /^\/pulls\/(\d+)\/files$/.exec(rest)) && method === 'GET') {
      const p = this.pulls.get(Number(m[1]));
      if (!p) return notFound;
      const item = skeleton('GET', path, 200);
      const files = (this.commits.get(p.head)?.files ?? []).map((f: Json) =>
        listedFile({
          ...item,
          sha: sha(`blob:${f.filename}`),
          filename: f.filename,
          status: f.status ?? 'modified',
          ...f,
        }),
      );
      // REST docs, "List pull requests files": "Responses include a maximum of 3000 files."
      return [200, files.slice(0, 3000)];
    }
    if ((m = /^\/pulls\/(\d+)$/.exec(rest)) && method === 'GET') {
      const p = this.pulls.get(Number(m[1]));
      if (!p) return notFound;
      const j = skeleton('GET', path, 200);
      return [
        200,
        {
          ...j,
          number: p.number,
          state: p.state,
          merged: p.merged,
          locked: Boolean(p.locked),
          draft: Boolean(p.draft),
          html_url: `https://github.test/${OWNER}/${REPO}/pull/${p.number}`,
          head: { ...j.head, sha: p.head, ref: p.headRef, repo: { ...j.head.repo, full_name: p.headRepo } },
          base: { ...j.base, sha: p.base, ref: p.baseRef },
          user: this.userJson(p.author),
          changed_files: p.changedFiles ?? (this.commits.get(p.head)?.files ?? []).length,
        },
      ];
    }
    if ((m = /^\/pulls\/(\d+)\/reviews$/.exec(rest))) {
      const number = Number(m[1]);
      const p = this.pulls.get(number);
      if (!p) return notFound;
      const list = this.reviews.get(number)!;
      if (method === 'GET') {
        // GitHub shows PENDING reviews to their author only; a lagging listing misses recent creates
        const seen = list.filter((r) => (r.state !== 'PENDING' || r.login === user?.login) && !this.lagging.has(r.id));
        const { perPage, page, headers } = this.paging(url, seen.length);
        if (page === 1) this.listed(list);
        const items = seen.slice((page - 1) * perPage, page * perPage).map((r) => this.reviewJson(r, number));
        return [200, items, headers];
      }
      if (method === 'POST') {
        const unprocessable = (message: string, errors?: string[]): [number, Json] => [
          422,
          {
            message: 'Unprocessable Entity',
            errors: errors ?? [message],
            documentation_url: 'https://docs.github.com/rest',
          },
        ];
        if (user.canReview === false)
          return [
            403,
            {
              message: 'Resource not accessible by personal access token',
              documentation_url: 'https://docs.github.com/rest',
            },
          ];
        if (p.locked) return unprocessable('lock prevents review');
        const event = body?.event as string | undefined;
        if (p.author === user.login && event === 'APPROVE')
          return unprocessable('Can not approve your own pull request');
        if (p.author === user.login && event === 'REQUEST_CHANGES')
          return unprocessable('Can not request changes on your own pull request');
        if ((event === 'REQUEST_CHANGES' || event === 'COMMENT') && !body?.body)
          return unprocessable(`Body is required when using ${event}`);
        if (list.some((r) => r.login === user.login && r.state === 'PENDING'))
          return unprocessable('User can only have one pending review per pull request');
        const commit = body?.commit_id ?? p.head;
        if (!p.commits.includes(commit)) return unprocessable('Commit SHA is not part of the pull request');
        // every comment must sit on a line of the diff, or GitHub refuses the whole review
        // (REST docs, "Create a review for a pull request": comments are placed on diff lines)
        const misplaced = (body?.comments ?? []).map((c: Json) => this.commentProblem(commit, c)).find(Boolean);
        if (misplaced) return unprocessable(misplaced);
        const state =
          event === 'APPROVE'
            ? 'APPROVED'
            : event === 'REQUEST_CHANGES'
              ? 'CHANGES_REQUESTED'
              : event === 'COMMENT'
                ? 'COMMENTED'
                : 'PENDING';
        const review: FakeReview = {
          id: this.nextId++,
          login: user.login,
          state,
          body: body?.body ?? '',
          commit_id: commit,
          submitted_at: this.tick(),
        };
        list.push(review);
        if (this.reviewListingLag > 0) this.lagging.set(review.id, this.reviewListingLag);
        return [200, this.reviewJson(review, number)];
      }
    }
    if ((m = /^\/pulls\/(\d+)\/reviews\/(\d+)\/dismissals$/.exec(rest)) && method === 'PUT') {
      const number = Number(m[1]);
      const review = this.reviews.get(number)?.find((r) => r.id === Number(m![2]));
      if (!review) return notFound;
      if (!body?.message)
        return [
          422,
          {
            message: 'Invalid request.\n\n"message" wasn\'t supplied.',
            documentation_url: 'https://docs.github.com/rest',
          },
        ];
      if (user.canDismiss === false)
        return [
          403,
          { message: 'Must have admin rights to Repository.', documentation_url: 'https://docs.github.com/rest' },
        ];
      if (review.state === 'DISMISSED')
        return [
          422,
          {
            message: 'Can not dismiss a dismissed pull request review',
            documentation_url: 'https://docs.github.com/rest',
          },
        ];
      if (review.state !== 'APPROVED' && review.state !== 'CHANGES_REQUESTED') {
        return [
          422,
          {
            message: `Can not dismiss a ${review.state.toLowerCase()} pull request review`,
            documentation_url: 'https://docs.github.com/rest',
          },
        ];
      }
      const before = review.state.toLowerCase();
      review.state = 'DISMISSED';
      this.recordDismissal(number, { actor: user.login, reviewId: review.id, state: before, message: body.message });
      return [200, this.reviewJson(review, number)];
    }
    if ((m = /^\/issues\/(\d+)\/timeline$/.exec(rest)) && method === 'GET') {
      const number = Number(m[1]);
      if (!this.pulls.has(number)) return notFound;
      const list = this.timeline.get(number) ?? [];
      const { perPage, page, headers } = this.paging(url, list.length);
      return [200, list.slice((page - 1) * perPage, page * perPage).map((e) => this.dismissalJson(e)), headers];
    }
    if ((m = /^\/issues\/(\d+)\/comments$/.exec(rest))) {
      const number = Number(m[1]);
      if (!this.pulls.has(number)) return notFound;
      const list = (this.comments.get(number) ?? this.comments.set(number, []).get(number))!;
      if (method === 'GET') {
        const { perPage, page, headers } = this.paging(url, list.length);
        return [200, list.slice((page - 1) * perPage, page * perPage).map((c) => this.commentJson(c, number)), headers];
      }
      if (method === 'POST') {
        if (user.canComment === false)
          return [
            403,
            { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest' },
          ];
        const c: FakeComment = { id: this.nextId++, login: user.login, body: String(body?.body ?? '') };
        list.push(c);
        return [201, this.commentJson(c, number)];
      }
    }
    if ((m = /^\/issues\/comments\/(\d+)$/.exec(rest)) && method === 'DELETE') {
      for (const list of this.comments.values()) {
        const i = list.findIndex((x) => x.id === Number(m![1]));
        if (i < 0) continue;
        if (list[i]!.login !== user.login)
          return [
            403,
            { message: 'Must have admin rights to Repository.', documentation_url: 'https://docs.github.com/rest' },
          ];
        list.splice(i, 1);
        return [204, undefined];
      }
      return notFound;
    }
    if ((m = /^\/issues\/comments\/(\d+)$/.exec(rest)) && method === 'PATCH') {
      for (const [number, list] of this.comments) {
        const c = list.find((x) => x.id === Number(m![1]));
        if (!c) continue;
        if (user.canComment === false)
          return [
            403,
            { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest' },
          ];
        if (c.login !== user.login)
          return [
            403,
            { message: 'Must have admin rights to Repository.', documentation_url: 'https://docs.github.com/rest' },
          ];
        c.body = String(body?.body ?? '');
        return [200, this.commentJson(c, number)];
      }
      return notFound;
    }
    return notFound;
  }

  /** One more listing of these reviews went by: a lagging review is missed by one listing fewer. */
  private listed(list: readonly FakeReview[]): void {
    for (const r of list) {
      const left = this.lagging.get(r.id);
      if (left === undefined) continue;
      if (left <= 1) this.lagging.delete(r.id);
      else this.lagging.set(r.id, left - 1);
    }
  }

  /**
   * GraphQL: a PR's reviews with their edit trace, 100 a page with a cursor (the shape of
   * PullRequestReview in GitHub's schema: fullDatabaseId, lastEditedAt, editor).
   */
  private graphqlReviews(vars: Json): [number, Json] {
    const p = this.pulls.get(Number(vars.number));
    if (!p || vars.owner !== OWNER || vars.name !== REPO) {
      const message = `Could not resolve to a PullRequest with the number of ${vars.number}.`;
      return [200, { data: { repository: { pullRequest: null } }, errors: [{ type: 'NOT_FOUND', message }] }];
    }
    const list = this.reviews.get(p.number)!.filter((r) => r.state !== 'PENDING' && !this.lagging.has(r.id));
    const start = vars.after ? Number(vars.after) : 0;
    const page = list.slice(start, start + 100);
    const nodes = page.map((r) => ({
      fullDatabaseId: String(r.id),
      lastEditedAt: r.lastEditedAt ?? null,
      // GraphQL names a Bot without the [bot] suffix REST logins carry
      editor: r.editor ? { login: r.editor.replace(/\[bot\]$/, '') } : null,
    }));
    const more = start + 100 < list.length;
    const pageInfo = { hasNextPage: more, endCursor: more ? String(start + 100) : null };
    return [200, { data: { repository: { pullRequest: { reviews: { nodes, pageInfo } } } } }];
  }

  /** Why GitHub would refuse this review comment at this commit, or null. */
  private commentProblem(commit: string, c: Json): string | null {
    const file = (this.commits.get(commit)?.files ?? []).find((f: Json) => f.filename === c.path);
    if (!file) return 'Path could not be resolved';
    if (typeof file.patch !== 'string') return 'Line could not be resolved';
    const side = c.side === 'LEFT' ? 'left' : 'right';
    const hunks: Array<Set<number>> = [];
    let oldN = 0;
    let newN = 0;
    for (const line of String(file.patch).split('\n')) {
      const h = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(line);
      if (h) {
        [oldN, newN] = [Number(h[1]), Number(h[2])];
        hunks.push(new Set());
        continue;
      }
      const hunk = hunks.at(-1);
      if (!hunk || line.startsWith('\\')) continue;
      const added = line.startsWith('+');
      const removed = line.startsWith('-');
      if ((side === 'right' && !removed) || (side === 'left' && !added)) hunk.add(side === 'right' ? newN : oldN);
      if (!added) oldN++;
      if (!removed) newN++;
    }
    const hunk = hunks.find((h) => h.has(c.line));
    if (!hunk) return 'Line could not be resolved';
    for (let n = c.start_line ?? c.line; n <= c.line; n++) if (!hunk.has(n)) return 'Start line could not be resolved';
    return null;
  }

  /**
   * Null when within limits. Over them GitHub refuses to render the diff: 406 with `errors: [{ resource:
   * 'PullRequest', field: 'diff', code: 'too_large' }]` (REST docs, "Get a pull request": 406 Unacceptable for the
   * diff media type; the message is GitHub's answer for a PR of more than 300 files, pointing to "List pull requests
   * files").
   */
  private diffRefusal(files: Json[], text: string): Json {
    const lines = text.split('\n').length - 1;
    const over =
      files.length > this.diffLimits.files
        ? `files (${this.diffLimits.files})`
        : lines > this.diffLimits.lines
          ? `lines (${this.diffLimits.lines})`
          : null;
    if (!over) return null;
    return {
      message:
        `Sorry, the diff exceeded the maximum number of ${over}. ` +
        "Consider using 'List pull requests files' API or locally cloning the repository instead.",
      errors: [{ resource: 'PullRequest', field: 'diff', code: 'too_large' }],
      documentation_url: 'https://docs.github.com/rest/pulls/pulls#list-pull-requests-files',
      status: '406',
    };
  }

  /**
   * Check runs. REST docs, "Create a check run": a GitHub App with checks: write creates them; "OAuth apps and
   * authenticated users are not able to create a check suite" — so a person's token is refused. Each App writes
   * in its own check suite, and GitHub keeps the newest 1000 runs of a name there, deleting older ones (GitHub
   * changelog 2020-09-14, "New limits affecting the Checks API"): unlike statuses, no write is refused for it.
   * Listed back (REST docs, "List check runs for a Git reference": check_name, filter "latest" by default or "all",
   * per_page and page; the body is { total_count, check_runs }) only as evidence a run stands, never as proof none
   * does:
   * "If there are more than 1000 check suites on a single git reference, this endpoint will limit check runs to the
   * 1000 most recent check suites" (src/github/statuses.ts). Reading needs checks: read (canReadChecks false: refused).
   * Returned oldest first here: GitHub documents no order, so the action sorts them itself.
   */
  private checkRunRoutes(
    method: string,
    path: string,
    rest: string,
    body: Json,
    user: FakeUser,
    url: URL,
  ): [number, Json, Record<string, string>?] | null {
    const listed = /^\/commits\/([0-9a-f]{40})\/check-runs$/.exec(rest);
    if (listed && method === 'GET') {
      const doc = 'https://docs.github.com/rest/checks/runs#list-check-runs-for-a-git-reference';
      if (!this.commits.has(listed[1]!))
        return [422, { message: `No commit found for SHA: ${listed[1]}`, documentation_url: doc }];
      if (user.canReadChecks === false)
        return [403, { message: 'Resource not accessible by integration', documentation_url: doc }];
      const name = url.searchParams.get('check_name');
      const filter = url.searchParams.get('filter') ?? 'latest';
      const appId = url.searchParams.get('app_id');
      const status = url.searchParams.get('status');
      // "limit check runs to the 1000 most recent check suites": a suite is as new as its first run
      const onSha = this.checkRuns.filter((c) => c.sha === listed[1]);
      const suiteOf = (c: FakeCheckRun) => c.suite ?? c.app;
      const born = new Map<string, number>();
      for (const c of onSha) born.set(suiteOf(c), Math.min(born.get(suiteOf(c)) ?? Infinity, c.id));
      const newest = new Set(
        [...born]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 1000)
          .map(([s]) => s),
      );
      let list = onSha.filter(
        (c) =>
          newest.has(suiteOf(c)) &&
          (!name || c.name === name) &&
          (!appId || String(this.settings.apps.get(c.app) ?? 1) === appId) &&
          (!status || c.status === status),
      );
      // "latest": the most recent run of each name in each suite
      if (filter === 'latest')
        list = list.filter((c) => !list.some((o) => o.id > c.id && o.name === c.name && suiteOf(o) === suiteOf(c)));
      const { perPage, page, headers } = this.paging(url, list.length);
      const runs = list
        .slice((page - 1) * perPage, page * perPage)
        .map((c) => this.checkRunJson(path.replace(/\/commits\/[0-9a-f]{40}\/check-runs$/, '/check-runs'), c));
      return [200, { total_count: list.length, check_runs: runs }, headers];
    }
    if (rest === '/check-runs' && method === 'POST') {
      const doc = 'https://docs.github.com/rest/checks/runs#create-a-check-run';
      if (user.kind !== 'app')
        return [403, { message: 'You must authenticate via a GitHub App.', documentation_url: doc }];
      if (user.canChecks === false)
        return [403, { message: 'Resource not accessible by integration', documentation_url: doc }];
      if (!this.commits.has(String(body?.head_sha)))
        return [422, { message: `No commit found for SHA: ${body?.head_sha}`, documentation_url: doc }];
      const run: FakeCheckRun = {
        id: this.nextId++,
        sha: body.head_sha,
        name: body.name,
        // "Providing conclusion will automatically set the status parameter to completed"
        status: body.conclusion ? 'completed' : (body.status ?? 'queued'),
        conclusion: body.conclusion ?? null,
        title: body.output?.title ?? '',
        details_url: body.details_url ?? null,
        app: user.login.replace(/\[bot\]$/, ''),
      };
      this.checkRuns.push(run);
      const same = this.checkRuns.filter((c) => c.sha === run.sha && c.name === run.name && c.app === run.app);
      // the newest 1000 of a name in a suite are kept: any older ones go
      const gone = new Set(same.slice(0, Math.max(0, same.length - 1000)));
      if (gone.size) this.checkRuns = this.checkRuns.filter((c) => !gone.has(c));
      return [201, this.checkRunJson(path, run)];
    }
    return null;
  }

  private checkRunJson(createPath: string, c: FakeCheckRun): Json {
    const item = skeleton('POST', createPath, 201);
    return {
      ...item,
      id: c.id,
      head_sha: c.sha,
      name: c.name,
      status: c.status,
      conclusion: c.conclusion,
      details_url: c.details_url,
      output: { ...item.output, title: c.title },
      app: this.appJson(c.app),
    };
  }

  /** The App a check run names (schema integration): its slug, id and owner. */
  private appJson(slug: string): Json {
    return {
      id: this.settings.apps.get(slug) ?? 1,
      slug,
      node_id: `A_${slug}`,
      owner: this.userJson(OWNER),
      name: slug,
      description: null,
      external_url: `https://example.test/${slug}`,
      html_url: `https://github.com/apps/${slug}`,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
      permissions: { checks: 'write', pull_requests: 'write' },
      events: [],
    };
  }

  /**
   * GitHub's page parameters (per_page 30 by default, at most 100) and its Link header: next and last while more
   * remain, first and prev after the first page
   * (docs.github.com/rest/using-the-rest-api/using-pagination-in-the-rest-api).
   */
  private paging(url: URL, total: number): { perPage: number; page: number; headers: Record<string, string> } {
    const perPage = Math.min(100, Number(url.searchParams.get('per_page') ?? 30) || 30);
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const last = Math.max(1, Math.ceil(total / perPage));
    // GitHub's links keep the request's query (filter, check_name, state …), page and per_page aside
    const link = (n: number, rel: string): string => {
      const u = new URL(url.pathname + url.search, this.url);
      u.searchParams.set('per_page', String(perPage));
      u.searchParams.set('page', String(n));
      return `<${u.toString()}>; rel="${rel}"`;
    };
    const links = [];
    if (page < last) links.push(link(page + 1, 'next'), link(last, 'last'));
    if (page > 1) links.push(link(1, 'first'), link(page - 1, 'prev'));
    return { perPage, page, headers: links.length ? { link: links.join(', ') } : {} };
  }

  /** A review_dismissed timeline event as GitHub answers it (schema review-dismissed-issue-event). */
  private dismissalJson(e: FakeDismissalEvent): Json {
    return {
      id: e.id,
      node_id: `RDE_${e.id}`,
      url: `https://github.test/api/repos/${OWNER}/${REPO}/issues/events/${e.id}`,
      actor: this.userJson(e.actor),
      event: 'review_dismissed',
      commit_id: null,
      commit_url: null,
      created_at: e.createdAt,
      performed_via_github_app: null,
      dismissed_review: {
        state: e.state,
        review_id: e.reviewId,
        dismissal_message: e.message,
        ...(e.commitId ? { dismissal_commit_id: e.commitId } : {}),
      },
    };
  }

  private commentJson(c: FakeComment, number: number): Json {
    return {
      ...skeleton('POST', `/repos/${OWNER}/${REPO}/issues/${number}/comments`, 201),
      id: c.id,
      node_id: `IC_${c.id}`,
      body: c.body,
      user: this.userJson(c.login),
      html_url: `https://github.test/${OWNER}/${REPO}/pull/${number}#issuecomment-${c.id}`,
      issue_url: `https://github.test/api/repos/${OWNER}/${REPO}/issues/${number}`,
      created_at: '2026-11-30T00:00:00Z',
      updated_at: '2026-11-30T00:00:00Z',
      author_association: 'COLLABORATOR',
    };
  }
}

/**
 * A commit's file as the files lists show it. Test-only keys: `tooLarge` (GitHub omits the patch from the lists, the
 * diff still shows it); `mode` and `oldMode` (a file's git mode, 100644 when absent: the lists carry no mode, the
 * diff's headers do — "new file mode 120000" for a symlink added, "old mode"/"new mode" for a mode changed). A file
 * without a patch is binary (or too large): GitHub omits `patch`.
 */
function listedFile(f: Json): Json {
  const { tooLarge, mode: _mode, oldMode: _oldMode, ...out } = f;
  if (tooLarge || typeof f.patch !== 'string') delete out.patch;
  return out;
}

/**
 * The diff media type's text for a commit's files, as git writes it: a file without a patch is binary ("Binary
 * files a/x and b/x differ"), or a rename without content ("similarity index 100%") when renamed; a patch of
 * "Subproject commit" lines is a submodule bump (mode 160000).
 */
function diffText(files: Json[]): string {
  return files.map(diffSection).join('');
}

function diffSection(f: Json): string {
  const to: string = f.filename;
  const from: string = f.previous_filename ?? f.filename;
  const hasPatch = typeof f.patch === 'string';
  const moved =
    f.status === 'renamed' ? `similarity index ${hasPatch ? 90 : 100}%\nrename from ${from}\nrename to ${to}\n` : '';
  const head = `diff --git a/${from} b/${to}\n${moved}`;
  if (!hasPatch) {
    if (f.status === 'renamed') return head;
    return `${head}index 1111111..2222222 100644\nBinary files a/${from} and b/${to} differ\n`;
  }
  const mode: string = f.mode ?? (/^[ +-]Subproject commit /m.test(f.patch) ? '160000' : '100644');
  if (f.status === 'added')
    return `${head}new file mode ${mode}\nindex 0000000..2222222\n--- /dev/null\n+++ b/${to}\n${f.patch}\n`;
  if (f.status === 'removed')
    return `${head}deleted file mode ${mode}\nindex 1111111..0000000\n--- a/${from}\n+++ /dev/null\n${f.patch}\n`;
  const paths = `--- a/${from}\n+++ b/${to}\n${f.patch}\n`;
  if (f.oldMode && f.oldMode !== mode)
    return `${head}old mode ${f.oldMode}\nnew mode ${mode}\nindex 1111111..2222222\n${paths}`;
  return `${head}index 1111111..2222222 ${mode}\n${paths}`;
}

/** PRs as GitHub lists them (pull-request-simple), on the operation's own response shape. */
function simplePulls(path: string, list: readonly FakePull[]): Json[] {
  const item = skeleton('GET', path, 200);
  return list.map((p) => ({
    ...item,
    number: p.number,
    state: p.state,
    head: { ...item.head, sha: p.head, ref: p.headRef, repo: { ...item.head.repo, full_name: p.headRepo } },
    base: { ...item.base, sha: p.base, ref: p.baseRef },
  }));
}
