import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { parseListing, type ListingPage, type RedditItem } from '../../reddit';
import { checkedBack } from './listing-pages';

const NOW = Date.parse('2026-11-21T12:00:00Z');

/** A newest-first page of `count` posts, the newest `newestAgoMs` old, `gapMs` apart. */
function page(count: number, newestAgoMs: number, gapMs: number): ListingPage {
  const items = Array.from({ length: count }, (_, i): RedditItem => ({
    fullname: `t3_p${i}`,
    kind: 'post',
    subreddit: 'saas',
    title: `post ${i}`,
    body: '',
    permalink: `https://www.reddit.com/r/saas/comments/p${i}/`,
    author: 'someone',
    score: 1,
    commentCount: 0,
    createdAt: new Date(NOW - newestAgoMs - i * gapMs),
    removed: false,
    nsfw: false,
  }));
  return {
    items,
    skipped: 0,
    firstFullname: items[0]?.fullname ?? null,
    lastFullname: items.at(-1)?.fullname ?? null,
  } as ListingPage;
}

describe('checkedBack: what a re-read went back over', () => {
  test('a 30-minute-old quiet listing: 60 items back span under 30 minutes, whatever its rate', () => {
    // The fake's subreddit: a post every 29 s for the last half hour; the re-read page starts
    // at the anchor 60 items behind the cursor, which is the 5th newest item.
    const listing = page(65, 10_000, 29_000);
    const cursor = listing.items[4];
    const anchor = { fullname: 't3_anchor', createdMs: NOW - 10_000 - 65 * 29_000 };
    const back = checkedBack(listing, cursor.fullname, anchor);
    expect(back?.items).toBe(60);
    // From the cursor's post back to the anchor: 61 gaps of 29 s, about 29.5 minutes.
    expect(back?.spanMs).toBe(61 * 29_000);
  });

  test('without an anchor the span runs to the oldest item re-read', () => {
    const listing = page(10, 0, 1_000);
    expect(checkedBack(listing, 't3_p2', null)).toEqual({ items: 7, spanMs: 7_000 });
  });

  test('the cursor as the oldest item: nothing checked back, no time', () => {
    const listing = page(3, 0, 5_000);
    expect(checkedBack(listing, 't3_p2', null)).toEqual({ items: 0, spanMs: 0 });
  });

  test('a cursor missing from the page says nothing', () => {
    expect(checkedBack(page(3, 0, 5_000), 't3_gone', null)).toBeNull();
  });
});

// A recorded r/all/new page (beside the repository, absent on a fresh clone).
const RECORDED = fileURLToPath(
  new URL('../../../../../shared/fixtures/reddit/posts-new-all-1.json', import.meta.url),
);

test.runIf(existsSync(RECORDED))('a recorded r/all/new page: the span is its own', () => {
  const recorded = parseListing(JSON.parse(readFileSync(RECORDED, 'utf8')))!;
  const { items } = recorded;
  const back = checkedBack(recorded, items[10].fullname, null)!;
  expect(back.items).toBe(items.length - 11);
  expect(back.spanMs).toBe(items[10].createdAt.getTime() - items.at(-1)!.createdAt.getTime());
  // r/all/new moves fast: a page back is seconds to minutes, never days.
  expect(back.spanMs).toBeLessThan(3600_000);
});
