import { describe, expect, test } from 'vitest';
import { authorLabel, communityLabel, formatSpan, plural, shareOfVoice } from './format';

describe('figures in words', () => {
  test.each([
    [1, 'reply', 'replies', '1 reply'],
    [0, 'reply', 'replies', '0 replies'],
    [1204, 'mention', undefined, '1,204 mentions'],
  ])('%d %s', (n, one, many, expected) => {
    expect(plural(n, one, many)).toBe(expected);
  });

  test.each([
    ['2026-11-16', '2026-11-22', 'Nov 16 – Nov 22, 2026'],
    ['2026-12-28', '2027-01-03', 'Dec 28, 2026 – Jan 3, 2027'],
  ])('the week %s to %s reads "%s"', (from, to, expected) => {
    expect(formatSpan(from, to)).toBe(expected);
  });
});

describe('share of voice', () => {
  test('sums each keyword over the days, most first, shares of the keywords’ total', () => {
    const perDay = [
      { day: '2026-11-16', alertId: 1, keyword: 'stripe', mentions: 2 },
      { day: '2026-11-16', alertId: 2, keyword: 'paddle', mentions: 3 },
      { day: '2026-11-17', alertId: 1, keyword: 'stripe', mentions: 4 },
      { day: '2026-11-18', alertId: 3, keyword: 'lemon', mentions: 3 },
    ];
    expect(shareOfVoice(perDay)).toEqual([
      { keyword: 'stripe', mentions: 6, share: 0.5 },
      { keyword: 'lemon', mentions: 3, share: 0.25 },
      { keyword: 'paddle', mentions: 3, share: 0.25 },
    ]);
  });

  test('no days, no keywords', () => {
    expect(shareOfVoice([])).toEqual([]);
  });
});

describe('names', () => {
  test.each([
    [{ source: 'reddit', community: 'SaaS' }, 'r/SaaS'],
    [{ source: 'lobsters', community: 'rust' }, 'Lobsters · rust'],
  ] as const)('the community %o reads %s', (row, expected) => {
    expect(communityLabel(row)).toBe(expected);
  });

  test.each([
    [{ source: 'reddit', author: 'pat' }, 'u/pat'],
    [{ source: 'bluesky', author: 'alice.bsky.social' }, '@alice.bsky.social (Bluesky)'],
    [{ source: 'hackernews', author: 'pg\n\u202Eevil' }, 'pg evil (Hacker News)'],
  ] as const)('the author %o reads %s', (row, expected) => {
    expect(authorLabel(row)).toBe(expected);
  });
});
