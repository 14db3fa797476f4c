import type { Analytics } from '@shared/api/analytics';
import type { CsvValue } from '@shared/csv';
import { describe, expect, test } from 'vitest';
import { perDayChart } from './analytics-series';
import {
  authorsTable,
  bySiteTable,
  communitiesTable,
  perDayTable,
  tableCsv,
} from './analytics-tables';

const shown = <Row>(table: {
  columns: { text?: (row: Row) => string; value: (row: Row) => CsvValue }[];
  rows: Row[];
}) => table.rows.map((row) => table.columns.map((c) => (c.text ?? c.value)(row)));

describe('the report tables and their CSV', () => {
  test('per day: a column per charted keyword and the total; ISO days in the file, words on the page', () => {
    const chart = perDayChart(
      {
        from: '2026-11-20',
        to: '2026-11-21',
        perDay: [
          { day: '2026-11-20', alertId: 1, keyword: '=cmd', mentions: 1200 },
          { day: '2026-11-21', alertId: 2, keyword: 'Total', mentions: 2 },
        ],
      },
      (d) => d,
    );
    const table = perDayTable(chart, (d) => `day ${d.slice(8)}`);
    expect(table.columns.map((c) => c.label)).toEqual(['Day', '=cmd', 'Total', 'Total']);
    // A keyword may read like a heading: the columns stay apart.
    expect(new Set(table.columns.map((c) => c.key)).size).toBe(4);
    expect(shown(table)).toEqual([
      ['day 20', (1200).toLocaleString(), '0', (1200).toLocaleString()],
      ['day 21', '0', '2', '2'],
    ]);
    expect(tableCsv(table)).toBe(
      "Day,'=cmd,Total,Total\r\n2026-11-20,1200,0,1200\r\n2026-11-21,0,2,2\r\n",
    );
  });

  test("by site: each site's mentions and share of all", () => {
    const table = bySiteTable({
      mentions: 4,
      bySource: [
        { source: 'reddit', mentions: 3 },
        { source: 'hackernews', mentions: 1 },
      ],
    });
    expect(tableCsv(table)).toBe('Site,Mentions,Share\r\nReddit,3,75%\r\nHacker News,1,25%\r\n');
  });

  test('communities and authors are named as their sites write them, a leading @ or - defused', () => {
    const communities: Analytics['topCommunities'] = [
      { source: 'reddit', community: 'SaaS', mentions: 5 },
      { source: 'lobsters', community: 'rust', mentions: 2 },
    ];
    const authors: Analytics['topAuthors'] = [
      { source: 'reddit', author: 'alice', mentions: 4 },
      { source: 'bluesky', author: 'bob.bsky.social', mentions: 3 },
      { source: 'hackernews', author: '-dash', mentions: 1 },
    ];
    expect(tableCsv(communitiesTable(communities))).toBe(
      'Community,Site,Mentions\r\nr/SaaS,Reddit,5\r\nrust,Lobsters,2\r\n',
    );
    expect(tableCsv(authorsTable(authors))).toBe(
      "Author,Site,Mentions\r\nu/alice,Reddit,4\r\n'@bob.bsky.social,Bluesky,3\r\n'-dash,Hacker News,1\r\n",
    );
  });

  test('rows have keys of their own (a community and an author may share a name across sites)', () => {
    const table = communitiesTable([
      { source: 'reddit', community: 'rust', mentions: 2 },
      { source: 'lobsters', community: 'rust', mentions: 2 },
    ]);
    expect(new Set(table.rows.map(table.rowKey)).size).toBe(2);
  });
});
