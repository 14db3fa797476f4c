import { XMLParser } from 'fast-xml-parser';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { insertAlert, insertMentions } from '../helpers/mentions';
import { build } from '../helpers/test-app';

const t = await build({ APP_URL: 'https://earshot.example' });

/** JSON Feed 1.1's required and used members (https://www.jsonfeed.org/version/1.1/). */
const jsonFeedSchema = z.object({
  version: z.literal('https://jsonfeed.org/version/1.1'),
  title: z.string().min(1),
  home_page_url: z.url(),
  feed_url: z.url(),
  items: z.array(
    z.object({
      id: z.string().min(1),
      url: z.url(),
      title: z.string(),
      content_text: z.string(),
      date_published: z.iso.datetime(),
      date_modified: z.iso.datetime(),
      authors: z.array(z.object({ name: z.string() })),
      tags: z.array(z.string()),
    }),
  ),
});

const atom = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'entry' });

/** The path of an absolute feed URL, fetched from the test server without any cookie. */
const fetchFeed = async (url: string) => {
  const { pathname } = new URL(url);
  const response = await fetch(`${t.url}${pathname}`);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    text: await response.text(),
    headers: response.headers,
  };
};

async function userWithMentions(count: number) {
  const signed = await t.signedIn();
  const alert = await insertAlert(t.db, signed.user.id, 'zendesk');
  await insertMentions(t.db, alert, count);
  return { ...signed, alert };
}

describe('feeds', () => {
  test('GET /api/feeds: absolute URLs on APP_URL with a secret token, the same on each visit', async () => {
    const { client, alert } = await userWithMentions(1);
    const first = await client.get('/api/feeds');
    expect(first.status).toBe(200);
    expect(first.body.atomUrl).toMatch(/^https:\/\/earshot\.example\/api\/feeds\/[\w-]{43}\/atom$/);
    expect(first.body.jsonUrl).toMatch(/\/json$/);
    expect(first.body.alerts).toEqual([
      {
        alertId: alert.id,
        keyword: 'zendesk',
        atomUrl: first.body.atomUrl.replace(/\/atom$/, `/alerts/${alert.id}/atom`),
        jsonUrl: first.body.jsonUrl.replace(/\/json$/, `/alerts/${alert.id}/json`),
      },
    ]);
    expect((await client.get('/api/feeds')).body).toEqual(first.body);
    expect((await t.client().get('/api/feeds')).status).toBe(401);
  });

  test('the JSON Feed 1.1 holds the newest 50 mentions, no cookie needed', async () => {
    const { client } = await userWithMentions(55);
    const urls = (await client.get('/api/feeds')).body;
    const feed = await fetchFeed(urls.jsonUrl);
    expect(feed.status).toBe(200);
    expect(feed.type).toBe('application/feed+json; charset=utf-8');
    expect(feed.headers.get('cache-control')).toBe('private, max-age=60');
    const parsed = jsonFeedSchema.parse(JSON.parse(feed.text));
    expect(parsed.feed_url).toBe(urls.jsonUrl);
    expect(parsed.items).toHaveLength(50);
    expect(parsed.items[0].title).toMatch(/^Looking for zendesk alternatives \(\d+\)$/);
    expect(parsed.items[0].url).toMatch(/^https:\/\/www\.reddit\.com\/r\/SaaS\/comments\//);
    expect(parsed.items[0].tags).toEqual(['r/SaaS', 'zendesk']);
    // Newest first, by Reddit time.
    const times = parsed.items.map((i) => i.date_published);
    expect([...times].sort().reverse()).toEqual(times);
  });

  test('the Atom feed parses, escapes Reddit text and drops what XML cannot carry', async () => {
    const { client, user } = await t.signedIn();
    const alert = await insertAlert(t.db, user.id, 'helpdesk');
    await insertMentions(t.db, alert, 1, {
      title: 'A <b>bold</b> & "quoted" \u0001 title',
      body: `Body with ]]> and <script>alert(1)</script>\u0007 ${'long '.repeat(100)}`,
    });
    const urls = (await client.get('/api/feeds')).body;
    const feed = await fetchFeed(urls.atomUrl);
    expect(feed.status).toBe(200);
    expect(feed.type).toBe('application/atom+xml; charset=utf-8');
    const parsed = atom.parse(feed.text).feed;
    expect(parsed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(parsed.id).toBe(`tag:earshot.example,2026:earshot:user:${user.id}`);
    const [entry] = parsed.entry;
    // Escaped in the document, the same text once a reader parses it.
    expect(feed.text).toContain('A &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot; title');
    expect(entry.title).toBe('A <b>bold</b> & "quoted" title');
    expect(entry.link['@_href']).toMatch(/^https:\/\/www\.reddit\.com\//);
    expect(entry.summary['#text']).toMatch(/…$/);
    expect(feed.text).not.toContain('\u0001');
  });

  test('one keyword’s feed; another user’s alert and a rotated token answer 404', async () => {
    const { client, user, alert } = await userWithMentions(3);
    const other = await insertAlert(t.db, user.id, 'freshdesk');
    await insertMentions(t.db, other, 2);
    const stranger = await userWithMentions(1);
    const urls = (await client.get('/api/feeds')).body;
    const mine = urls.alerts.find((a: { alertId: number }) => a.alertId === alert.id);
    const one = jsonFeedSchema.parse(JSON.parse((await fetchFeed(mine.jsonUrl)).text));
    expect(one.items).toHaveLength(3);
    expect(one.title).toBe('Earshot: Reddit mentions of zendesk');
    expect(
      jsonFeedSchema.parse(JSON.parse((await fetchFeed(urls.jsonUrl)).text)).items,
    ).toHaveLength(5);

    const theirs = mine.jsonUrl.replace(`/alerts/${alert.id}/`, `/alerts/${stranger.alert.id}/`);
    expect((await fetchFeed(theirs)).status).toBe(404);

    const rotated = await client.post('/api/feeds/rotate');
    expect(rotated.status).toBe(200);
    expect(rotated.body.atomUrl).not.toBe(urls.atomUrl);
    expect((await fetchFeed(urls.atomUrl)).status).toBe(404);
    expect((await fetchFeed(rotated.body.atomUrl)).status).toBe(200);
    expect((await client.get('/api/feeds')).body).toEqual(rotated.body);
  });

  test('bad feed paths are 400s, unknown tokens 404s, never 500s', async () => {
    const unknown = 'A'.repeat(43);
    expect((await fetchFeed(`${t.url}/api/feeds/${unknown}/atom`)).status).toBe(404);
    expect((await fetchFeed(`${t.url}/api/feeds/short/atom`)).status).toBe(400);
    expect((await fetchFeed(`${t.url}/api/feeds/${unknown}/rss`)).status).toBe(400);
    expect((await fetchFeed(`${t.url}/api/feeds/${unknown}/alerts/99999999999/json`)).status).toBe(
      400,
    );
    expect((await t.client().post('/api/feeds/rotate')).status).toBe(401);
  });
});
