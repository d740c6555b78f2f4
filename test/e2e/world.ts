// A small world for end-to-end scenarios: a fake GitHub with a PR, persona
// accounts with their own tokens, a human, and an Actions app token.
import { afterEach, beforeEach, expect } from 'vitest';
import { FakeGitHub } from '../fake/github.js';
import { decodeMarker, postedEvent } from '../../src/core/marker.js';
import { parseVerdict } from '../../src/core/grammar.js';
import { STATE_OF_EVENT } from '../../src/core/decide.js';
import { TIME_SCALE_ENV } from '../../src/core/waits.js';
import { runAction, writeBody, type RunResult, type Tier } from './harness.js';

export const TOKENS = {
  priya: 'ghp_priyaSECRETtoken000000000000000000001',
  marcus: 'ghp_marcusSECRETtoken00000000000000000002',
  lin: 'ghp_linSECRETtoken0000000000000000000003',
  human: 'ghp_aliceSECRETtoken00000000000000000004',
  app: 'ghs_appSECRETtoken00000000000000000000005',
} as const;
export const LOGINS = {
  priya: 'octo-priya',
  marcus: 'octo-marcus',
  lin: 'octo-lin',
  human: 'alice',
  app: 'github-actions[bot]',
} as const;

export const PR = 7;

export interface World {
  gh: FakeGitHub;
  head: string;
  event: (head?: string, number?: number) => unknown;
  run: (
    persona: keyof typeof TOKENS,
    body: string | Buffer | null,
    inputs?: Record<string, string>,
    opts?: { event?: unknown; env?: Record<string, string>; apiUrl?: string; tier?: Tier },
  ) => Promise<RunResult>;
}

export async function world(): Promise<World> {
  const gh = await new FakeGitHub().start();
  for (const [k, token] of Object.entries(TOKENS)) {
    gh.user(token, { login: LOGINS[k as keyof typeof LOGINS], kind: k === 'app' ? 'app' : 'user' });
  }
  const head = gh.commit('c1');
  gh.pull({ number: PR, head });
  const event = (h = gh.pulls.get(PR)!.head, number = PR) => ({
    action: 'synchronize',
    number,
    pull_request: { number, head: { sha: h, ref: 'feature' }, base: { ref: gh.pulls.get(number)?.baseRef ?? 'main' } },
  });
  const w: World = {
    gh,
    head,
    event,
    run: (persona, body, inputs = {}, opts = {}) =>
      runAction({
        inputs: {
          'github-token': TOKENS[persona],
          persona,
          ...(body === null ? {} : { 'body-path': writeBody(body) }),
          ...inputs,
        },
        apiUrl: opts.apiUrl ?? gh.url,
        event: opts.event ?? event(w.head),
        env: opts.env,
        tier: opts.tier,
      }),
  };
  return w;
}

/** Runs the action as `persona` on an event of the caller's choosing (the trigger under test). */
export const runOn = (
  gh: FakeGitHub,
  persona: keyof typeof TOKENS,
  text: string | null,
  inputs: Record<string, string>,
  eventName: string,
  event: unknown,
): Promise<RunResult> =>
  runAction({
    inputs: {
      'github-token': TOKENS[persona],
      persona,
      ...(text === null ? {} : { 'body-path': writeBody(text) }),
      ...inputs,
    },
    apiUrl: gh.url,
    event,
    eventName,
  });

/** The PR's reviews, and the requests that create one (the fault files count them). */
export const reviewsOf = (w: World) => w.gh.reviews.get(PR)!;
export const POST_REVIEW = /\/pulls\/7\/reviews$/;
export const createsOf = (w: World) => w.gh.log.filter((l) => l.method === 'POST' && POST_REVIEW.test(l.path));
/** The action's waits at this fraction of real time (the harness's default is shorter still). */
export const clock = (scale: number) => ({ env: { [TIME_SCALE_ENV]: String(scale) } });

export const body = (verdict: string, prose = 'I read the diff. The change is small and tested.'): string =>
  `${prose}\n\n## VERDICT: ${verdict}\n`;

/**
 * The gate's invariants over the fake's final state, whatever the test did:
 * 1. at most one live review per account, persona, head and base (a COMMENTED one a forced
 *    re-review replaced excepted: GitHub cannot dismiss it);
 * 2. every marked review's state is the state of its body's verdict;
 * 3. every successful dismissal hit a review of the dismissing account that
 *    carries a persona-verdict marker (never a human's, never an unmarked one).
 */
export function checkInvariants(w: World): void {
  for (const all of w.gh.reviews.values()) {
    const marked = all
      .filter((r) => r.state !== 'DISMISSED')
      .map((r) => ({ r, m: decodeMarker(r.body) }))
      .filter((x) => x.m !== null)
      .map(({ r, m }) => ({ r, key: `${r.login}/${m!.persona}@${m!.head}/${m!.base}`, forced: m!.forced }));
    // a COMMENTED review cannot be dismissed: one that a later forced re-review replaced may stay
    const keys = marked
      .filter((x, i) => !marked.slice(i + 1).some((y) => y.forced && y.key === x.key && x.r.state === 'COMMENTED'))
      .map((x) => x.key);
    expect(new Set(keys).size, `one live review per account, persona and head: ${keys.join(' ')}`).toBe(keys.length);
    for (const r of all) {
      const m = decodeMarker(r.body);
      if (!m || r.seeded) continue; // a seeded review is the test's (a forgery, an old wrapper's): not the action's
      const p = parseVerdict(r.body.split(/\r?\n/).slice(1).join('\n'));
      expect(p.ok && p.verdict, `review ${r.id}: marker verdict = body verdict`).toBe(m.verdict);
      if (r.state !== 'DISMISSED')
        expect(r.state, `review ${r.id}: state matches the event the marker records`).toBe(
          STATE_OF_EVENT[postedEvent(m)],
        );
    }
  }
  for (const d of w.gh.log.filter((l) => l.method === 'PUT' && l.path.endsWith('/dismissals') && l.status === 200)) {
    const id = Number(d.path.split('/').at(-2));
    const target = [...w.gh.reviews.values()].flat().find((r) => r.id === id)!;
    expect(target.login, `review ${id}: only the dismissing account's own reviews are dismissed`).toBe(d.login);
    expect(decodeMarker(target.body), `review ${id}: only marked reviews are dismissed`).not.toBeNull();
  }
}

/**
 * A fresh world for every test of the file: started before each test; after each,
 * `check` runs (the fake's OpenAPI violations must be none), then the server stops.
 * The returned object always stands for the current test's world.
 */
export function useWorld(check: (w: World) => void = checkInvariants): World {
  let current: World | null = null;
  beforeEach(async () => {
    current = await world();
  });
  afterEach(async () => {
    const w = current!;
    current = null;
    try {
      check(w);
      expect(w.gh.violations()).toEqual([]); // every request and response matched GitHub's OpenAPI description
    } finally {
      await w.gh.stop();
    }
  });
  return new Proxy({} as World, {
    get: (_t, key) => (current as unknown as Record<PropertyKey, unknown>)[key],
    set: (_t, key, value) => {
      (current as unknown as Record<PropertyKey, unknown>)[key] = value;
      return true;
    },
  });
}
