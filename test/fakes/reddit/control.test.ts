import { afterEach, describe, expect, test } from 'vitest';
import { eventually } from '../../helpers/eventually';
import { startFakeReddit, type FakeReddit } from './index';

let fake: FakeReddit;
afterEach(() => fake.stop());

async function control(method: string, path: string, body?: unknown) {
  const res = await fetch(`${fake.url}/_fake/${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

async function listing(path: string) {
  const basic = Buffer.from('fake-client-id:fake-client-secret').toString('base64');
  const token = await fetch(`${fake.url}/api/v1/access_token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}` },
    body: new URLSearchParams({ grant_type: 'client_credentials' }),
  }).then((res) => res.json() as Promise<{ access_token: string }>);
  const res = await fetch(`${fake.url}${path}`, {
    headers: { authorization: `bearer ${token.access_token}` },
  });
  // Tests read fields of arbitrary fake answers freely; the assertions check the shape.
  return { status: res.status, json: (await res.json().catch(() => undefined)) as any };
}

describe('control API', () => {
  test('posts and comments created over HTTP appear in listings and the item log', async () => {
    fake = await startFakeReddit({ seed: 1 });
    const post = await control('POST', 'posts', {
      subreddit: 'saas',
      title: 'Looking for a zendesk alternative',
    });
    expect(post.status).toBe(201);
    const { data } = JSON.parse(post.text);
    const comment = await control('POST', 'comments', {
      subreddit: 'saas',
      body: 'Freshdesk?',
      linkId: data.name,
    });
    expect(comment.status).toBe(201);
    const names = (await listing('/r/saas/new')).json.data.children.map((c: any) => c.data.name);
    expect(names).toEqual([data.name]);
    const items = await control('GET', 'items');
    expect(items.headers.get('content-type')).toContain('application/x-ndjson');
    const lines = items.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((l) => l.kind)).toEqual(['t3', 't1']);
    expect(lines[1]).toMatchObject({ body: 'Freshdesk?', linkId: data.name, subreddit: 'saas' });
    expect((await control('GET', 'items?offset=1')).text.trim().split('\n')).toHaveLength(1);
    expect((await control('GET', `items?since=${Date.now() + 60_000}`)).text).toBe('');
  });

  test('bad input is a 400 with a message and details, and nothing is stored', async () => {
    fake = await startFakeReddit();
    const bad = await control('POST', 'posts', { subreddit: 'saas' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toMatchObject({
      message: expect.any(String),
      details: expect.any(Array),
    });
    expect((await control('POST', 'posts', { subreddit: 'no spaces', title: 'x' })).status).toBe(
      400,
    );
    expect((await control('POST', 'faults', [{ kind: 'explode' }])).status).toBe(400);
    expect(fake.items()).toEqual([]);
  });

  test('faults (a RegExp as a string), forbid, remove and the request summary', async () => {
    fake = await startFakeReddit();
    const post = JSON.parse(
      (await control('POST', 'posts', { subreddit: 'alpha', title: 't' })).text,
    ).data.name;
    expect(
      (await control('POST', 'faults', [{ kind: 'status', status: 503, match: '^/r/[^/]+/new' }]))
        .status,
    ).toBe(204);
    expect((await listing('/r/alpha/new')).status).toBe(503);
    expect((await listing('/r/alpha/new')).status).toBe(200);
    await control('POST', 'faults', { faults: [{ kind: 'status', status: 502, times: null }] });
    expect((await listing('/r/alpha/new')).status).toBe(502);
    expect((await listing('/r/alpha/new')).status).toBe(502);
    expect((await control('DELETE', 'faults')).status).toBe(204);
    await control('POST', `remove/${post}`);
    expect((await listing('/r/alpha/new')).json.data.children).toEqual([]);
    await control('POST', 'forbid/alpha?status=404');
    expect((await listing('/r/alpha/new')).status).toBe(404);
    const summary = JSON.parse((await control('GET', 'requests/summary')).text);
    expect(summary).toMatchObject({
      byKind: { token: 6, new: 6 },
      byStatus: { 502: 2, 503: 1, 404: 1 },
    });
    expect(Object.values(summary.byMinute).reduce((a: any, b: any) => a + b)).toBe(12);
  });

  test('unlisted posts and approve over HTTP; an unknown fullname is a 404', async () => {
    fake = await startFakeReddit();
    const post = async (body: object) =>
      JSON.parse((await control('POST', 'posts', { subreddit: 'alpha', title: 't', ...body })).text)
        .data.name as string;
    const unlisted = await post({ unlisted: true });
    const removed = await post({});
    expect((await listing('/r/alpha/new')).json.data.children).toHaveLength(1);
    expect((await control('GET', 'items')).text).toContain('"unlisted":true');
    await control('POST', `remove/${removed}`);
    expect((await listing('/r/alpha/new')).json.data.children).toEqual([]);
    expect((await control('POST', `approve/${removed}`)).status).toBe(204);
    const names = (await listing('/r/alpha/new')).json.data.children.map((c: any) => c.data.name);
    expect(names).toEqual([removed]);
    const info = await listing(`/api/info?id=${unlisted},${removed}`);
    expect(info.json.data.children.map((c: any) => c.data.author)).not.toContain('[deleted]');
    for (const route of ['approve', 'remove', 'delete', 'score']) {
      const missing = await control('POST', `${route}/t3_nothere?score=1`);
      expect(missing.status).toBe(404);
      expect(JSON.parse(missing.text)).toEqual({ message: 'unknown item t3_nothere' });
    }
    expect(
      (await control('POST', 'posts', { subreddit: 'a1', title: 't', unlisted: 1 })).status,
    ).toBe(400);
  });

  test('the firehose starts and stops over HTTP', async () => {
    fake = await startFakeReddit();
    const body = { commentsPerSecond: 40, postsPerSecond: 10, subreddits: ['one', 'two'] };
    expect((await control('POST', 'firehose', body)).status).toBe(204);
    await eventually('11 items', () => fake!.items().length > 10);
    expect((await control('DELETE', 'firehose')).status).toBe(204);
    const count = fake.items().length;
    expect(count).toBeGreaterThan(10);
    for (const item of fake.items()) expect(['one', 'two']).toContain(item.subreddit);
    // Stopped: a few of its ticks later (40 comments a second), still no new item.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fake.items().length).toBe(count);
  });
});
