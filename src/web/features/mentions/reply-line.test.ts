import { describe, expect, test } from 'vitest';
import { replyDelay, replyHref, replyLineParts, replyLineText, type Reply } from './reply-line';

const POSTED = '2026-03-02T10:00:00.000Z';
const after = (ms: number) => new Date(Date.parse(POSTED) + ms).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const post = {
  source: 'reddit' as const,
  subreddit: 'SaaS',
  community: 'SaaS',
  author: 'someone',
  permalink: 'https://www.reddit.com/r/SaaS/comments/abc/x/',
  isComment: false,
  redditCreatedAt: POSTED,
};

const reply = (fields: Partial<Reply> = {}): Reply => ({
  permalink: 'https://www.reddit.com/r/SaaS/comments/abc/x/def/',
  createdAt: after(12 * MINUTE),
  score: 14,
  replies: 3,
  detected: true,
  removedAt: null,
  ...fields,
});

describe('how long after the item the reply came', () => {
  test.each([
    ['seconds read as less than a minute', 20 * SECOND, 'less than a minute'],
    ['a reply timed before its item (clock skew) too', -3 * MINUTE, 'less than a minute'],
    ['one minute', MINUTE, '1 min'],
    ['minutes round to the nearest', 12 * MINUTE + 40 * SECOND, '13 min'],
    ['59 minutes stay minutes', 59 * MINUTE, '59 min'],
    ['almost an hour reads as an hour', 59 * MINUTE + 45 * SECOND, '1 h'],
    ['an hour and a half rounds to 2 h', 90 * MINUTE, '2 h'],
    ['23 hours stay hours', 23 * HOUR, '23 h'],
    ['almost a day reads as a day', 23 * HOUR + 40 * MINUTE, '1 d'],
    ['days', 3 * DAY + 2 * HOUR, '3 d'],
  ])('%s', (_, ms, words) => {
    expect(replyDelay(POSTED, after(ms))).toBe(words);
  });
});

describe("the card's reply line", () => {
  test.each([
    [
      'a Reddit post with score and replies',
      post,
      reply(),
      'Replied 12 min after the post · 14 points · 3 replies',
    ],
    [
      'one point and one reply are singular',
      post,
      reply({ score: 1, replies: 1 }),
      'Replied 12 min after the post · 1 point · 1 reply',
    ],
    [
      'zero and negative scores are plural',
      post,
      reply({ score: -2, replies: 0 }),
      'Replied 12 min after the post · -2 points · 0 replies',
    ],
    [
      'a comment is replied after the comment',
      { ...post, isComment: true },
      reply({ createdAt: after(3 * HOUR) }),
      'Replied 3 h after the comment · 14 points · 3 replies',
    ],
    [
      'Bluesky counts likes',
      { ...post, source: 'bluesky' as const, subreddit: '', community: '' },
      reply({ score: 1, replies: 2, createdAt: after(2 * DAY) }),
      'Replied 2 d after the post · 1 like · 2 replies',
    ],
    [
      'Hacker News counts points, and leaves out what it does not give',
      { ...post, source: 'hackernews' as const, subreddit: '', community: '' },
      reply({ score: null, replies: 5 }),
      'Replied 12 min after the post · 5 replies',
    ],
    [
      'Lobsters counts points',
      { ...post, source: 'lobsters' as const, subreddit: '', community: '' },
      reply({ score: 7, replies: null }),
      'Replied 12 min after the post · 7 points',
    ],
    [
      'neither score nor replies: the lead alone',
      post,
      reply({ score: null, replies: null, createdAt: after(30 * SECOND) }),
      'Replied less than a minute after the post',
    ],
    [
      'an unreadable time leaves the interval out',
      post,
      reply({ createdAt: 'not a date' }),
      'Replied · 14 points · 3 replies',
    ],
    [
      'a deleted reply stays, marked',
      post,
      reply({ removedAt: after(DAY) }),
      'Replied 12 min after the post · 14 points · 3 replies · reply deleted',
    ],
  ])('%s', (_, mention, given, line) => {
    expect(replyLineText(replyLineParts(mention, given))).toBe(line);
  });

  test('only the lead is the link; the deleted mark is apart from the facts', () => {
    expect(replyLineParts(post, reply({ removedAt: after(DAY) }))).toEqual({
      lead: 'Replied 12 min after the post',
      facts: ['14 points', '3 replies'],
      deleted: true,
    });
  });
});

describe("the reply's link", () => {
  test.each([
    [
      'a Reddit reply on reddit.com',
      post,
      'https://www.reddit.com/r/SaaS/comments/abc/x/def/',
      'https://www.reddit.com/r/SaaS/comments/abc/x/def/',
    ],
    [
      'a Reddit reply elsewhere falls back to the subreddit',
      post,
      'https://evil.example/r/SaaS/comments/abc/x/def/',
      'https://www.reddit.com/r/SaaS/',
    ],
    [
      'a Hacker News reply on its site',
      { ...post, source: 'hackernews' as const },
      'https://news.ycombinator.com/item?id=43',
      'https://news.ycombinator.com/item?id=43',
    ],
    [
      'a Bluesky reply off its site goes to the front page',
      { ...post, source: 'bluesky' as const },
      'javascript:alert(1)',
      'https://bsky.app/',
    ],
  ])('%s', (_, mention, permalink, href) => {
    expect(replyHref(mention, reply({ permalink }))).toBe(href);
  });
});
