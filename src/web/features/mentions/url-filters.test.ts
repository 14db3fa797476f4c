import { describe, expect, test } from 'vitest';
import { exportUrl } from './api/export-mentions';
import { filtersFromSearch } from './url-filters';

const read = (search: string) => filtersFromSearch(new URLSearchParams(search));

describe("the Alerts list's filters in its URL", () => {
  test('a site is read by its canonical name, its alias included', () => {
    expect(read('source=hackernews')).toEqual({ source: 'hackernews' });
    expect(read('source=HN')).toEqual({ source: 'hackernews' });
  });

  test('a site the API would refuse is dropped, the other filters kept', () => {
    expect(read('source=myspace&replied=false')).toEqual({ replied: 'false' });
  });

  test('the site goes with the other filters to the list and the CSV export', () => {
    const filters = read('subreddit=saas&source=bluesky&since=2026-11-01&alertId=7');
    expect(filters).toEqual({
      alertId: '7',
      subreddit: 'saas',
      source: 'bluesky',
      since: '2026-11-01',
    });
    const url = new URL(exportUrl(filters), 'http://127.0.0.1');
    expect(url.pathname).toBe('/api/mentions/export.csv');
    expect(url.searchParams.get('source')).toBe('bluesky');
    expect(url.searchParams.get('subreddit')).toBe('saas');
  });
});
