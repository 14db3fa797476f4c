import { describe, expect, test } from 'vitest';
import {
  authorName,
  hasScore,
  mentionHref,
  mentionLabel,
  mentionPlace,
  openOnLabel,
} from './mention-site';

const reddit = {
  source: 'reddit' as const,
  subreddit: 'SaaS',
  community: 'SaaS',
  author: 'spez',
  permalink: 'https://www.reddit.com/r/SaaS/comments/abc/x/',
  isComment: false,
};
const hackernews = {
  ...reddit,
  source: 'hackernews' as const,
  subreddit: '',
  community: '',
  author: 'pg',
  permalink: 'https://news.ycombinator.com/item?id=42',
};
const lobsters = {
  ...hackernews,
  source: 'lobsters' as const,
  community: 'rust, web',
  author: 'jcs',
  permalink: 'https://lobste.rs/s/abc123',
};
const bluesky = {
  ...hackernews,
  source: 'bluesky' as const,
  author: 'alice.bsky.social',
  permalink: 'https://bsky.app/profile/alice.bsky.social/post/3k',
};

describe('how a card names its site', () => {
  test.each([
    ['a Reddit item by its subreddit', reddit, 'r/SaaS', 'Open on Reddit', 'u/spez'],
    [
      'a Hacker News item by the site alone',
      hackernews,
      'Hacker News',
      'Open on Hacker News',
      'pg',
    ],
    ['a Lobsters item with its tags', lobsters, 'Lobsters · rust, web', 'Open on Lobsters', 'jcs'],
    [
      'a Bluesky item by its author handle',
      bluesky,
      'Bluesky · @alice.bsky.social',
      'Open on Bluesky',
      '@alice.bsky.social',
    ],
  ])('%s', (_, mention, place, link, author) => {
    expect(mentionPlace(mention)).toBe(place);
    expect(openOnLabel(mention.source)).toBe(link);
    expect(authorName(mention)).toBe(author);
  });

  test('a Lobsters story without tags is just Lobsters', () => {
    expect(mentionPlace({ ...lobsters, community: '' })).toBe('Lobsters');
  });

  test('bidi controls in a handle cannot reorder the place', () => {
    expect(mentionPlace({ ...bluesky, author: 'eve\u202e.bsky.social' })).toBe(
      'Bluesky · @eve.bsky.social',
    );
  });

  test('the accessible name says the kind and the place', () => {
    expect(mentionLabel({ ...reddit, isComment: true })).toBe('Comment in r/SaaS');
    expect(mentionLabel(hackernews)).toBe('Post on Hacker News');
    expect(mentionLabel({ ...bluesky, isComment: true })).toBe(
      'Comment on Bluesky · @alice.bsky.social',
    );
  });
});

describe('which items show a score', () => {
  test.each([
    ['Reddit posts', reddit, true],
    ['Reddit comments', { ...reddit, isComment: true }, true],
    ['Hacker News stories', hackernews, true],
    ['not Hacker News comments', { ...hackernews, isComment: true }, false],
    ['Lobsters comments', { ...lobsters, isComment: true }, true],
    ['not Bluesky posts', bluesky, false],
    ['not Bluesky replies', { ...bluesky, isComment: true }, false],
  ])('%s', (_, mention, shown) => {
    expect(hasScore(mention)).toBe(shown);
  });
});

describe('where a card links', () => {
  test.each([
    [
      'a Reddit path on Reddit',
      { ...reddit, permalink: '/r/SaaS/comments/abc/x/' },
      'https://www.reddit.com/r/SaaS/comments/abc/x/',
    ],
    ['a Hacker News item on Hacker News', hackernews, 'https://news.ycombinator.com/item?id=42'],
    ['a Lobsters story on Lobsters', lobsters, 'https://lobste.rs/s/abc123'],
    ['a Bluesky post on Bluesky', bluesky, 'https://bsky.app/profile/alice.bsky.social/post/3k'],
    [
      'another host to the site itself',
      { ...hackernews, permalink: 'https://evil.example/item?id=42' },
      'https://news.ycombinator.com/',
    ],
    [
      'a script URL to the site itself',
      { ...bluesky, permalink: 'javascript:alert(1)' },
      'https://bsky.app/',
    ],
    [
      'plain http to the site itself',
      { ...lobsters, permalink: 'http://lobste.rs/s/abc123' },
      'https://lobste.rs/',
    ],
    ['not a URL to the site itself', { ...lobsters, permalink: 's/abc' }, 'https://lobste.rs/'],
  ])('%s', (_, mention, href) => {
    expect(mentionHref(mention)).toBe(href);
  });
});
