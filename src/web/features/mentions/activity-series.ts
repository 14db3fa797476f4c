import type { Activity } from '@shared/api/mentions';

export const TOP_KEYWORDS = 5;
const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'pink.6'];
const OTHER_COLOR = 'gray.5';

export type ChartSeries = { name: string; label: string; color: string };
export type ChartRow = { date: string } & Record<string, number | string>;

/**
 * The chart's bars: the five keywords with the most mentions in the period, one series each,
 * and the rest summed as "Other". Series are keyed s0…s5, not by keyword: the chart library
 * reads a dot in a key ("node.js") as a path into the row.
 */
export function activityChart(activity: Activity, formatDay: (day: string) => string) {
  const top = activity.series.slice(0, TOP_KEYWORDS);
  const rest = activity.series.slice(TOP_KEYWORDS);
  const series: ChartSeries[] = top.map((s, i) => ({
    name: `s${i}`,
    label: s.keyword,
    color: COLORS[i],
  }));
  if (rest.length > 0) series.push({ name: `s${top.length}`, label: 'Other', color: OTHER_COLOR });
  const rows: ChartRow[] = activity.days.map((day, d) => {
    const row: ChartRow = { date: formatDay(day) };
    top.forEach((s, i) => (row[`s${i}`] = s.counts[d]));
    if (rest.length > 0) row[`s${top.length}`] = rest.reduce((sum, s) => sum + s.counts[d], 0);
    return row;
  });
  const total = activity.series.reduce((sum, s) => sum + s.counts.reduce((a, b) => a + b, 0), 0);
  return { series, rows, total };
}
