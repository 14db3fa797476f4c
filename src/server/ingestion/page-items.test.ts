import { describe, expect, test } from 'vitest';
import type { RedditItem } from '../reddit';
import type { ListingRow } from './listings/listing-repo';
import { estimateMissed, idsAreSequential } from './page-items';

const T0 = Date.parse('2026-11-21T12:00:00Z');
const item = (id: number, secondsAfter: number): RedditItem => ({
  fullname: `t1_${id.toString(36)}`,
  kind: 'comment',
  subreddit: 'saas',
  title: '',
  body: '',
  permalink: '',
  author: 'a',
  score: 1,
  commentCount: 0,
  createdAt: new Date(T0 + secondsAfter * 1000),
  removed: false,
  nsfw: false,
});
// 60 items a minute: the rate fallback gives one per second of the gap.
const listing = { itemsPerMinute: 60 } as ListingRow;
const BASE = parseInt('p000000', 36);

describe('the gap estimate', () => {
  test('sequential ids: the share of ids the reachable pages show, over the ids missed', () => {
    // Every second id shows in the listing; 1,000 ids lie between the cursor and the oldest.
    const reachable = Array.from({ length: 100 }, (_, i) => item(BASE + 1001 + 2 * i, 600 + i));
    const cursor = `t1_${BASE.toString(36)}`;
    expect(idsAreSequential(reachable)).toBe(true);
    expect(estimateMissed(listing, cursor, reachable, T0, T0 + 600_000)).toBe(500);
  });

  test('random ids say nothing: the estimate falls back to the rate over the gap’s time', () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const reachable = Array.from({ length: 100 }, (_, i) =>
      item(BASE + Math.floor(random() * 1e9), 600 + i),
    );
    const cursor = `t1_${BASE.toString(36)}`;
    expect(idsAreSequential(reachable)).toBe(false);
    expect(estimateMissed(listing, cursor, reachable, T0, T0 + 600_000)).toBe(600);
  });

  test.each([
    ['too few ids', [item(BASE, 0), item(BASE + 1, 1)], false],
    [
      'a few ids out of order, as in r/all',
      [0, 1, 3, 2, 4, 5, 6, 7, 8, 9, 10, 11].map((n, i) => item(BASE + n, i)),
      true,
    ],
    [
      'a burst within one second, newest first as a listing serves it',
      Array.from({ length: 150 }, (_, i) => item(BASE + 1000 - 2 * i, 0)),
      true,
    ],
    [
      'random ids, 40 a second',
      Array.from({ length: 120 }, (_, i) =>
        item(BASE + ((i * 7919) % 1000) * 1000, Math.floor(i / 40)),
      ),
      false,
    ],
  ])('%s', (_name, items, expected) => {
    expect(idsAreSequential(items)).toBe(expected);
  });
});
