import { describe, expect, test } from 'vitest';
import { alertInput } from '../../../test/matching/alert-input';
import type { AlertInput, MatchItem } from '../matching';
import { RecentItemWindow } from './recent-window';

let now = Date.parse('2026-11-25T10:00:00Z');
const window = () => new RecentItemWindow({ spanMs: 3_600_000, now: () => now });

let ids = 0;
const post = (title: string, body = '', fields: Partial<MatchItem> = {}): MatchItem => ({
  id: `t3_p${++ids}`,
  kind: 'post',
  subreddit: 'SaaS',
  title,
  body,
  score: 1,
  author: 'founder',
  nsfw: false,
  permalink: `https://www.reddit.com/r/SaaS/comments/p${ids}/x/`,
  ...fields,
});
const comment = (body: string, fields: Partial<MatchItem> = {}): MatchItem => ({
  ...post('Its post title', body, fields),
  id: `t1_c${++ids}`,
  kind: 'comment',
  ...fields,
});
const alert = (keyword: string, fields: Partial<AlertInput> = {}) => alertInput(1, keyword, fields);
// Searches that must cover the whole window whatever the machine's load (a loaded CI machine can
// spend the served 200 ms budget after the first chunk); the budget has a test of its own.
const unhurried = { budgetMs: 60_000 };

describe('RecentItemWindow', () => {
  test('finds what the matcher matches, with its rules and operators, newest first', () => {
    const w = window();
    w.add(post('Stripe fees are high', 'any alternative?'));
    w.add(comment('we left Stripe last year', { author: 'AutoModerator' }));
    w.add(post('Paddle or Lemon Squeezy?', 'not stripe related', { subreddit: 'startups' }));
    w.add(post('The striped shirt', 'nothing here'));
    w.add(post('Ｓｔｒｉｐｅ in full width', ''));
    now += 60_000;
    expect(w.search(alert('stripe'), unhurried)?.matches).toBe(4);
    expect(w.search(alert('stripe', { includeComments: false }), unhurried)?.matches).toBe(3);
    expect(w.search(alert('stripe', { subreddits: 'startups' }), unhurried)?.matches).toBe(1);
    // titlesOnly is about posts: a comment still matches on its text.
    expect(w.search(alert('stripe', { titlesOnly: true }), unhurried)?.matches).toBe(3);
    expect(w.search(alert('stripe -author:automoderator type:comment'), unhurried)?.matches).toBe(
      0,
    );
    expect(w.search(alert('title:stripe'), unhurried)?.matches).toBe(2);
    expect(w.search(alert('stripe NEAR/2 high'), unhurried)?.matches).toBe(1);
    const found = w.search(alert('stripe OR paddle'), unhurried);
    expect(found?.examples.map((e) => e.title)).toEqual([
      'Ｓｔｒｉｐｅ in full width',
      'Paddle or Lemon Squeezy?',
      'Its post title',
      'Stripe fees are high',
    ]);
    expect(found?.examples[2]).toMatchObject({ kind: 'comment', subreddit: 'SaaS' });
    expect(found?.examples[0].permalink).toMatch(
      /^https:\/\/www\.reddit\.com\/r\/SaaS\/comments\//,
    );
    expect(found).toMatchObject({ items: 5, complete: true, spanMs: 60_000 });
  });

  test('a keyword that does not parse has no search', () => {
    expect(window().search(alert('"open'))).toBeUndefined();
  });

  test('items older than the span leave, chunk by chunk', () => {
    const w = window();
    for (let i = 0; i < 20_000; i++) w.add(post(`item ${i} about stripe`));
    now += 50 * 60_000;
    for (let i = 0; i < 20_000; i++) w.add(post(`item ${i} about paddle`));
    now += 20 * 60_000;
    w.add(post('one more about paddle'));
    const found = w.search(alert('stripe OR paddle'), { budgetMs: 60_000 });
    expect(found?.complete).toBe(true);
    // The first chunk (16,384 stripe items) is gone; the rest of stripe's shares a chunk with paddle.
    expect(found?.matches).toBe(40_001 - 16_384);
    expect(w.stats().items).toBe(40_001 - 16_384);
    expect(w.stats().bytes).toBeGreaterThan(0);
  });

  test('stops at its time budget, past the newest chunk, and says the search was not complete', () => {
    const w = window();
    for (let i = 0; i < 60_000; i++) w.add(post(`the common word ${i}`));
    const found = w.search(alert('common'), { budgetMs: 0 });
    expect(found?.complete).toBe(false);
    expect(found?.items).toBeLessThan(60_000);
    // A budget spent before the first chunk still searches the newest one.
    expect(found?.items).toBeGreaterThan(0);
    expect(found?.matches).toBe(found?.items);
  });

  test('counts the sites the keyword hears, and its examples name their site and link to it', () => {
    const w = window();
    w.add(post('Stripe fees on Reddit'));
    w.add(
      post('Stripe fees, Show HN', '', {
        source: 'hackernews',
        subreddit: '',
        permalink: 'https://news.ycombinator.com/item?id=42',
      }),
    );
    w.add(
      post('', 'stripe or paddle?', {
        source: 'bluesky',
        subreddit: '',
        author: 'alice.bsky.social',
        permalink: 'https://bsky.app/profile/did:plc:a/post/3l1',
      }),
    );
    now += 60_000;
    expect(w.search(alert('stripe'), unhurried)?.matches).toBe(3);
    const hn = w.search(alert('stripe', { sources: ['hackernews', 'lobsters'] }), unhurried);
    expect(hn?.matches).toBe(1);
    expect(hn?.examples[0]).toMatchObject({
      source: 'hackernews',
      place: 'Hacker News',
      permalink: 'https://news.ycombinator.com/item?id=42',
    });
    const bsky = w.search(alert('stripe', { sources: ['bluesky'] }), unhurried);
    expect(bsky?.examples[0]).toMatchObject({ place: 'Bluesky · @alice.bsky.social' });
    expect(
      w.search(alert('stripe', { sources: ['reddit'] }), unhurried)?.examples[0],
    ).toMatchObject({
      place: 'r/SaaS',
      permalink: expect.stringMatching(/^https:\/\/www\.reddit\.com\/r\/SaaS\//),
    });
  });
});
