import { describe, expect, test } from 'vitest';
import { hackerNewsHtmlToText } from './html-text';
import { toHackerNewsItem } from './items';

const now = new Date('2026-11-27T12:00:00Z');
const time = now.getTime() / 1000 - 60;

describe('hackerNewsHtmlToText', () => {
  test.each([
    ['plain', 'plain'],
    ['It&#x27;s &quot;fine&quot; &gt; ok &amp; done', 'It\'s "fine" > ok & done'],
    ['one<p>two<p>three', 'one\n\ntwo\n\nthree'],
    [
      'see <a href="https://example.com/a/very/long/path/zendesk" rel="nofollow">https://example.com/a/very/lo...</a>',
      'see https://example.com/a/very/long/path/zendesk',
    ],
    ['<a href="https://x.test">the docs</a>', 'the docs'],
    ['<i>really</i> <pre><code>  npm i\n</code></pre>', 'really\n\n  npm i'],
    ['', ''],
  ])('%j reads %j', (html, text) => {
    expect(hackerNewsHtmlToText(html)).toBe(text);
  });
});

describe('toHackerNewsItem', () => {
  test('a story is a post with its score, comments and permalink; a link story matches its URL', () => {
    const story = toHackerNewsItem(
      {
        id: 42,
        type: 'story',
        by: 'pg',
        time,
        title: 'Show HN: Earshot',
        url: 'https://earshot.test',
        score: 12,
        descendants: 3,
      },
      now,
    );
    expect(story).toMatchObject({ type: 'story', title: 'Show HN: Earshot' });
    expect(story?.type === 'story' && story.item).toEqual({
      source: 'hackernews',
      id: '42',
      kind: 'post',
      community: '',
      title: 'Show HN: Earshot',
      body: 'https://earshot.test',
      permalink: 'https://news.ycombinator.com/item?id=42',
      author: 'pg',
      score: 12,
      commentCount: 3,
      createdAt: new Date(time * 1000),
      removed: false,
      nsfw: false,
    });
  });

  test('a comment has no score and waits for its story title; jobs and polls are posts', () => {
    const comment = toHackerNewsItem(
      { id: 43, type: 'comment', by: 'dang', time, parent: 42, text: 'Nice&#x2F;ok' },
      now,
    );
    expect(comment).toMatchObject({ type: 'comment', parent: 43 - 1 });
    expect(comment?.type === 'comment' && comment.item).toMatchObject({
      kind: 'comment',
      title: '',
      body: 'Nice/ok',
      score: null,
    });
    expect(toHackerNewsItem({ id: 44, type: 'job', time, title: 'Hiring' }, now)).toMatchObject({
      type: 'story',
    });
    expect(toHackerNewsItem({ id: 45, type: 'pollopt', time, text: 'yes' }, now)).toEqual({
      id: 45,
      type: 'other',
    });
  });

  test('deleted and dead items keep their place in a thread but are not stored', () => {
    expect(
      toHackerNewsItem({ id: 46, type: 'comment', time, parent: 42, deleted: true }, now),
    ).toEqual({ id: 46, type: 'comment', parent: 42, item: undefined });
    expect(
      toHackerNewsItem({ id: 47, type: 'story', time, title: 'x', dead: true }, now),
    ).toMatchObject({ type: 'story', item: undefined });
  });

  test.each([
    ['a negative id', { id: -1, type: 'story', time, title: 'x' }],
    ['an enormous id', { id: 2 ** 40, type: 'story', time, title: 'x' }],
    ['an unknown type', { id: 5, type: 'ad', time }],
    ['no time', { id: 5, type: 'story', title: 'x' }],
    ['a comment without parent', { id: 5, type: 'comment', time, text: 'x' }],
    ['a string', 'story'],
    [
      'null fields where strings go',
      { id: 5, type: 'story', time, title: null, by: null, text: null },
    ],
  ])('%s is skipped or cleaned, never thrown', (_, raw) => {
    expect(() => toHackerNewsItem(raw, now)).not.toThrow();
  });

  test('text is cleaned: NUL and bidi overrides dropped, a megabyte cut short, a future time taken as now', () => {
    const item = toHackerNewsItem(
      {
        id: 50,
        type: 'story',
        time: time + 86_400 * 365,
        title: 'a\u202Eb\u0000c',
        text: 'x'.repeat(1_000_000),
      },
      now,
    );
    expect(item?.type === 'story' && item.item).toMatchObject({ title: 'abc', createdAt: now });
    expect(item?.type === 'story' && item.item?.body.length).toBe(40_000);
  });
});
