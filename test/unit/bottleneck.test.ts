// The direct bottleneck dependency exists for one thing: github/client.ts builds the throttling
// plugin's write and notification groups itself (the plugin's `throttle.write` and
// `throttle.notifications` options take a Bottleneck.Group and nothing else), so that the test
// clock shortens their spacing. These tests fail as soon as that copy and the plugin's diverge,
// or the plugin stops honouring the groups it is given.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const fromRoot = createRequire(join(ROOT, 'package.json'));
const PLUGIN = join(ROOT, 'node_modules', '@octokit', 'plugin-throttling', 'package.json');
const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

describe('bottleneck: one copy, the one the throttling plugin uses', () => {
  test("the copy client.ts imports is the one @octokit/plugin-throttling resolves, at package.json's pin", () => {
    const ours = fromRoot.resolve('bottleneck/package.json');
    const theirs = createRequire(PLUGIN).resolve('bottleneck/package.json');
    expect(theirs).toBe(ours); // deduplicated: npm would nest a second copy under the plugin otherwise
    const pinned = json(join(ROOT, 'package.json')).devDependencies.bottleneck;
    expect(json(ours).version).toBe(pinned);
    // and the pin is inside the range the plugin declares (a caret range: same major, not older)
    const range = json(PLUGIN).dependencies.bottleneck as string;
    const [major, minor, patch] = range.replace(/^\^/, '').split('.').map(Number);
    const [m, n, p] = (pinned as string).split('.').map(Number);
    expect(range).toMatch(/^\^\d+\.\d+\.\d+$/);
    expect(m).toBe(major);
    expect([n! - minor!, p! - patch!].find((d) => d !== 0) ?? 0).toBeGreaterThanOrEqual(0);
  });
});

describe('the plugin spaces writes by the groups client.ts gives it', () => {
  let server: Server;
  const arrivals: number[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      arrivals.push(Date.now());
      req.resume();
      req.on('end', () => {
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    // the client reads GITHUB_API_URL when it is built
    process.env['GITHUB_API_URL'] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  const apiUrl = process.env['GITHUB_API_URL'];
  afterAll(async () => {
    if (apiUrl === undefined) delete process.env['GITHUB_API_URL'];
    else process.env['GITHUB_API_URL'] = apiUrl;
    await new Promise<void>((r) => server.close(() => r()));
  });

  test("two writes at once are 1 s times the clock apart: neither the plugin's own 1 s nor unspaced", async () => {
    const { buildOctokit } = await import('../../src/github/client.js');
    const octokit = buildOctokit({
      token: 'ghp_test',
      owner: 'o',
      repo: 'r',
      requestTimeoutMs: 10_000,
      deadline: Date.now() + 30_000,
      timeScale: 0.4,
      warn: () => {},
    });
    const write = () =>
      octokit.rest.repos.createCommitStatus({ owner: 'o', repo: 'r', sha: 'a'.repeat(40), state: 'success' });
    await Promise.all([write(), write()]);
    expect(arrivals).toHaveLength(2);
    const gap = arrivals[1]! - arrivals[0]!;
    // 400 ms apart as the limiter releases them; arrivals differ by the first connection's set-up
    expect(gap).toBeGreaterThanOrEqual(200); // unspaced: a few ms
    expect(gap).toBeLessThan(900); // the plugin's own group: 1000 ms
  });
});
