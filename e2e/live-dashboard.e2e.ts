import type { Page } from 'playwright-core';
import type { MentionPage } from '../src/shared/api/mentions';
import { afterAll, describe, expect, test } from 'vitest';
import { startFakeReddit, type FakeReddit } from '../test/fakes/reddit';
import { DESKTOP, registerThroughApi } from './support/browser';
import { text, visible } from './support/locators';
import { fakeRedditEnv } from './support/reddit-env';
import { useBrowserSuite } from './support/suite';
import { uniqueTag } from './support/unique-tag';

let fake: FakeReddit | undefined;
const suite = useBrowserSuite('live-dashboard', {
  env: async () => fakeRedditEnv((fake = await startFakeReddit())),
});
afterAll(async () => fake?.stop());

const POSTS = 5;
/** How long the dashboard is left alone while its requests are counted. */
const IDLE_MS = 20_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** When (the browser's clock, the server's too: both on this machine) `title` shows up. */
const shownAt = (page: Page, title: string) =>
  page
    .waitForFunction((t) => document.body.innerText.includes(t) && Date.now(), title, {
      polling: 'raf',
      timeout: 20_000,
    })
    .then((handle) => handle.jsonValue() as Promise<number>);

describe.skipIf(!suite.enabled)('a live dashboard', () => {
  test('shows stored posts as they arrive, without a reload, and an idle tab sends no requests', async () => {
    const url = suite.server.url;
    const session = await suite.open(DESKTOP);
    const { page, context } = session;
    await registerThroughApi(context, url);
    const keyword = `livedesk${uniqueTag()}`;
    const created = await context.request.post(`${url}/api/alerts`, {
      data: { keyword },
      headers: { Origin: url },
    });
    expect(created.status()).toBe(201);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto(`${url}/dashboard`);
    const health = page.getByRole('status', { name: 'Monitoring status' });
    await expect
      .poll(() => text(health), { timeout: 20_000 })
      .toMatch(/Monitoring 2 listings · last update/);

    // Stored → visible, post by post: the mention's createdAt is when the worker stored it.
    const latencies: number[] = [];
    for (let i = 1; i <= POSTS; i++) {
      const title = `Is ${keyword} worth it, take ${i}?`;
      const visibleAt = shownAt(page, title);
      fake!.addPost({ subreddit: 'SaaS', title });
      const seen = await visibleAt;
      const res = await context.request.get(`${url}/api/mentions?limit=1`);
      const [mention] = ((await res.json()) as MentionPage).items;
      expect(mention.title).toBe(title);
      latencies.push(seen - Date.parse(mention.createdAt));
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p95 = percentile(sorted, 95);
    // The figures, for a look; the target (p95 under a second) is bench:live's, measured on a
    // machine that runs nothing else: this file shares its cores with the rest of the suite.
    console.info(`stored → visible over ${POSTS} posts: p50 ${p50} ms, p95 ${p95} ms`);
    // Each one came through the open page: never a second load of it.
    expect(requests.filter((path) => path === '/dashboard')).toHaveLength(1);

    // Idle: the worker keeps reading the fake every few seconds, and the tab hears of it
    // through its one stream, but asks for nothing.
    const before = requests.length;
    await page.waitForTimeout(IDLE_MS);
    const idle = requests.slice(before);
    console.info(`requests of an idle dashboard over ${IDLE_MS / 1000} s: ${idle.length}`);
    expect(idle).toEqual([]);
    expect(requests.filter((path) => path === '/api/events')).toHaveLength(1);
    // The monitoring line stayed current all the same: patched from the stream's reads.
    await visible(health);
    expect(await text(health)).toMatch(/last update \d s ago/);
  });
});
