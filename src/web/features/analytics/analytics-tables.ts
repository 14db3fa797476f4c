import { formatPercent } from '@shared/analytics-words';
import type { Analytics } from '@shared/api/analytics';
import { authorName } from '@shared/sources';
import { communityName, siteLabel, type DayRow, type KeywordSeries } from './analytics-series';
import { toCsv, type CsvValue } from './csv';

export interface ReportColumn<Row> {
  label: string;
  /** Tells columns apart (keywords are the user's words: one may read "Total"). */
  key: string;
  /** What the CSV holds: a day as YYYY-MM-DD, counts as numbers. */
  value: (row: Row) => CsvValue;
  /** What the page shows, when it differs from the value ("Thu, Nov 20", "1,204"). */
  text?: (row: Row) => string;
}

/** One of the page's tables: what it shows, and (the same columns) what its CSV holds. */
export interface ReportTable<Row> {
  /** The file name's part: earshot-analytics-<name>-30d.csv. */
  name: string;
  /** The table's name for screen readers, and its caption's start. */
  label: string;
  columns: ReportColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
}

const count = (value: number) => value.toLocaleString();

/** The table's CSV: its headings, then each row's values. */
export const tableCsv = <Row>(table: ReportTable<Row>) =>
  toCsv(
    table.columns.map((column) => column.label),
    table.rows.map((row) => table.columns.map((column) => column.value(row))),
  );

/** Mentions per day: a column per charted keyword (and Other), and the day's total. */
export function perDayTable(
  chart: { series: KeywordSeries[]; rows: DayRow[] },
  formatDay: (day: string) => string,
): ReportTable<DayRow> {
  return {
    name: 'per-day',
    label: 'Mentions per day by keyword',
    columns: [
      { key: 'day', label: 'Day', value: (row) => row.day, text: (row) => formatDay(row.day) },
      ...chart.series.map((s) => ({
        key: s.name,
        label: s.label,
        value: (row: DayRow) => row[s.name] as number,
        text: (row: DayRow) => count(row[s.name] as number),
      })),
      { key: 'total', label: 'Total', value: (row) => row.total, text: (row) => count(row.total) },
    ],
    rows: chart.rows,
    rowKey: (row) => row.day,
  };
}

type SiteRow = Analytics['bySource'][number];

/** Mentions per site, with each site's part of all the mentions. */
export function bySiteTable(
  analytics: Pick<Analytics, 'bySource' | 'mentions'>,
): ReportTable<SiteRow> {
  const share = (row: SiteRow) =>
    formatPercent(analytics.mentions === 0 ? 0 : row.mentions / analytics.mentions);
  return {
    name: 'by-site',
    label: 'Mentions by site',
    columns: [
      { key: 'site', label: 'Site', value: (row) => siteLabel(row.source) },
      {
        key: 'mentions',
        label: 'Mentions',
        value: (row) => row.mentions,
        text: (row) => count(row.mentions),
      },
      { key: 'share', label: 'Share', value: share },
    ],
    rows: analytics.bySource,
    rowKey: (row) => row.source,
  };
}

type CommunityRow = Analytics['topCommunities'][number];

/** The communities with most mentions: r/SaaS, a Lobsters tag. */
export function communitiesTable(rows: CommunityRow[]): ReportTable<CommunityRow> {
  return {
    name: 'top-communities',
    label: 'Top communities',
    columns: [
      {
        key: 'community',
        label: 'Community',
        value: (row) => communityName(row.source, row.community),
      },
      { key: 'site', label: 'Site', value: (row) => siteLabel(row.source) },
      {
        key: 'mentions',
        label: 'Mentions',
        value: (row) => row.mentions,
        text: (row) => count(row.mentions),
      },
    ],
    rows,
    rowKey: (row) => `${row.source}:${row.community}`,
  };
}

type AuthorRow = Analytics['topAuthors'][number];

/** The authors with most mentions, named as their site writes them (u/name, @handle). */
export function authorsTable(rows: AuthorRow[]): ReportTable<AuthorRow> {
  return {
    name: 'top-authors',
    label: 'Top authors',
    columns: [
      { key: 'author', label: 'Author', value: (row) => authorName(row) },
      { key: 'site', label: 'Site', value: (row) => siteLabel(row.source) },
      {
        key: 'mentions',
        label: 'Mentions',
        value: (row) => row.mentions,
        text: (row) => count(row.mentions),
      },
    ],
    rows,
    rowKey: (row) => `${row.source}:${row.author}`,
  };
}
