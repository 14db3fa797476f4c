import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { hasSharedFixture } from '../../../test/helpers/shared-fixtures';
import { parseAtomFeed } from './atom-feed';
import { feedHtmlToText } from './html-text';

const entry = (fields: string) => `<entry>${fields}</entry>`;
const feed = (...entries: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom">${entries.join('')}</feed>`;
const post = entry(`
  <author><name>/u/founder42</name></author>
  <category term="SaaS" label="r/SaaS"/>
  <content type="html">&lt;!-- SC_OFF --&gt;&lt;div class="md"&gt;&lt;p&gt;We &amp;amp; our team don&amp;#39;t like Zendesk.&lt;/p&gt; &lt;p&gt;Ideas?&lt;/p&gt;&lt;/div&gt;&lt;!-- SC_ON --&gt; &amp;#32; submitted by &amp;#32; &lt;a href="x"&gt; /u/founder42 &lt;/a&gt; &lt;span&gt;&lt;a href="y"&gt;[link]&lt;/a&gt;&lt;/span&gt;</content>
  <id>t3_abc123</id>
  <link href="https://www.reddit.com/r/SaaS/comments/abc123/a_zendesk_alternative/"/>
  <published>2026-11-21T11:59:00+00:00</published>
  <title>A Zendesk alternative &lt;3</title>`);
const comment = entry(`
  <author><name>/u/helper</name></author>
  <category term="startups" label="r/startups"/>
  <content type="html">&lt;div class="md"&gt;&lt;p&gt;Try a shared inbox.&lt;/p&gt;&lt;/div&gt;</content>
  <id>t1_def456</id>
  <link href="https://www.reddit.com/r/startups/comments/abc123/x/def456/"/>
  <published>2026-11-21T12:00:00+00:00</published>
  <title>/u/helper on Which support tools do you use?</title>`);

describe('parseAtomFeed', () => {
  test('reads posts and comments with their text, subreddit, link and time', () => {
    const page = parseAtomFeed(feed(post, comment));
    expect(page.skipped).toBe(0);
    expect(page.items).toEqual([
      {
        fullname: 't3_abc123',
        kind: 'post',
        subreddit: 'SaaS',
        title: 'A Zendesk alternative <3',
        body: "We & our team don't like Zendesk.\n\nIdeas?",
        permalink: 'https://www.reddit.com/r/SaaS/comments/abc123/a_zendesk_alternative/',
        author: 'founder42',
        score: 0,
        commentCount: 0,
        createdAt: new Date('2026-11-21T11:59:00Z'),
        removed: false,
        nsfw: false,
      },
      expect.objectContaining({
        fullname: 't1_def456',
        kind: 'comment',
        title: 'Which support tools do you use?',
        body: 'Try a shared inbox.',
        author: 'helper',
      }),
    ]);
  });

  test('an empty feed has no items; an unreadable entry is skipped and counted', () => {
    expect(parseAtomFeed(feed())).toEqual({ items: [], skipped: 0 });
    const broken = entry('<id>t3_zz</id><title>no category, link or date</title>');
    expect(parseAtomFeed(feed(broken, post))).toMatchObject({ skipped: 1 });
  });

  test.each([
    ['a truncated feed', feed(post, comment).slice(0, 400)],
    [
      'an HTML block page',
      '<!doctype html><html><body><h1>whoa there, pardner!</h1></body></html>',
    ],
    ['JSON', '{"kind":"Listing"}'],
    ['an empty body', ''],
    ['XML that is not Atom', '<?xml version="1.0"?><rss><channel/></rss>'],
  ])('%s is a malformed answer', (_, body) => {
    expect(() => parseAtomFeed(body)).toThrow(expect.objectContaining({ failure: 'malformed' }));
  });
});

describe('feedHtmlToText', () => {
  test.each([
    [
      'a link post (no text of its own)',
      '<table><tr><td><a href="x"><img src="y"/></a></td><td> &#32; submitted by &#32; <a href="u"> /u/a </a></td></tr></table>',
      '',
    ],
    [
      'entities and line breaks',
      '<div class="md"><p>a&amp;b&nbsp;&lt;c&gt;<br/>next</p></div>',
      'a&b\u00a0<c>\nnext',
    ],
    [
      'nested divs and lists',
      '<div class="md"><ul><li>one</li><li>two</li></ul><div><p>in</p></div></div> footer',
      'one\ntwo\n\nin',
    ],
  ])('%s', (_, html, expected) => {
    expect(feedHtmlToText(html)).toBe(expected);
  });
});

const fixture = resolve(
  fileURLToPath(new URL('.', import.meta.url)),
  '../../../../shared/fixtures/reddit/rss/top-thinkpad-2022.atom.xml',
);
const recorded = hasSharedFixture(fixture, 'the recorded r/thinkpad feed (atom-feed.test.ts)');
describe.skipIf(!recorded)('the recorded r/thinkpad feed', () => {
  test('gives its 5 posts; the self post keeps its text without the footer', () => {
    const page = parseAtomFeed(readFileSync(fixture, 'utf8'));
    expect(page.skipped).toBe(0);
    expect(page.items).toHaveLength(5);
    expect(page.items.every((i) => i.kind === 'post' && i.subreddit === 'thinkpad')).toBe(true);
    const self = page.items.find((i) => i.fullname === 't3_sf696u');
    expect(self?.body).toMatch(/^I don't Iike to buy computers brand new/);
    expect(self?.body).not.toMatch(/submitted by|\[comments\]/);
    expect(page.items.find((i) => i.fullname === 't3_shueto')?.body).toBe('');
  });
});
