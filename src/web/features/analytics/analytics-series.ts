import type { Analytics } from '@shared/api/analytics';
import { SOURCE_LABELS, type SourceName } from '@shared/sources';

export const TOP_KEYWORDS = 5;
// The dashboard's activity chart's colours (features/mentions/activity-series.ts), so a keyword
// has the same colour in both charts when it is as busy in both.
const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'pink.6'];
const OTHER_COLOR = 'gray.5';

export type KeywordSeries = {
  /** s0…s5: the chart library reads a dot in a key ("node.js") as a path into the row. */
  name: string;
  label: string;
  color: string;
  /** The series' mentions over the period, and its share of all keywords' (0 to 1). */
  mentions: number;
  share: number;
};
export type DayRow = { day: string; date: string; total: number } & Record<string, number | string>;

const DAY_MS = 24 * 3600_000;

/** Every day from `from` to `to` (YYYY-MM-DD, both included), oldest first. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += DAY_MS) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * The per-day chart and its table: one row per day of the period (days without mentions at 0),
 * the five keywords with most mentions in the period as a series each and the rest summed as
 * "Other", each with its share of voice (its part of all the keywords' mentions).
 */
export function perDayChart(
  analytics: Pick<Analytics, 'from' | 'to' | 'perDay'>,
  formatDay: (day: string) => string,
) {
  const byAlert = new Map<number, { keyword: string; mentions: number }>();
  for (const row of analytics.perDay) {
    const entry = byAlert.get(row.alertId) ?? { keyword: row.keyword, mentions: 0 };
    entry.mentions += row.mentions;
    byAlert.set(row.alertId, entry);
  }
  // Most mentions first; a tie goes by keyword, so the order does not depend on the rows'.
  const ranked = [...byAlert.entries()].sort(
    ([, a], [, b]) => b.mentions - a.mentions || a.keyword.localeCompare(b.keyword),
  );
  const total = ranked.reduce((sum, [, entry]) => sum + entry.mentions, 0);
  const share = (mentions: number) => (total === 0 ? 0 : mentions / total);
  const top = ranked.slice(0, TOP_KEYWORDS);
  const rest = ranked.slice(TOP_KEYWORDS);
  const seriesOf = new Map<number, string>();
  const series: KeywordSeries[] = top.map(([alertId, entry], i) => {
    seriesOf.set(alertId, `s${i}`);
    return {
      name: `s${i}`,
      label: entry.keyword,
      color: COLORS[i],
      mentions: entry.mentions,
      share: share(entry.mentions),
    };
  });
  if (rest.length > 0) {
    const other = `s${top.length}`;
    for (const [alertId] of rest) seriesOf.set(alertId, other);
    const mentions = rest.reduce((sum, [, entry]) => sum + entry.mentions, 0);
    series.push({
      name: other,
      label: 'Other',
      color: OTHER_COLOR,
      mentions,
      share: share(mentions),
    });
  }

  const rows: DayRow[] = daysBetween(analytics.from, analytics.to).map((day) => {
    const row: DayRow = { day, date: formatDay(day), total: 0 };
    for (const s of series) row[s.name] = 0;
    return row;
  });
  const rowOf = new Map(rows.map((row) => [row.day, row]));
  for (const { day, alertId, mentions } of analytics.perDay) {
    const row = rowOf.get(day);
    const name = seriesOf.get(alertId);
    if (!row || !name) continue;
    row[name] = (row[name] as number) + mentions;
    row.total += mentions;
  }
  return { series, rows, total };
}

/**
 * A keyword as a column heading: a long query cut to `max` characters with an ellipsis, so a
 * phone's card keeps room for the values (the legend and the CSV keep it whole).
 */
export const headingText = (label: string, max = 24) =>
  label.length <= max ? label : `${label.slice(0, max - 1).trimEnd()}…`;

/** "1 reply", "2 replies": a count with its noun. */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString()} ${count === 1 ? one : many}`;

/** A community as its site names it: r/SaaS on Reddit, the tag itself on Lobsters. */
export const communityName = (source: SourceName, community: string) =>
  source === 'reddit' ? `r/${community}` : community;

export const siteLabel = (source: SourceName) => SOURCE_LABELS[source];
