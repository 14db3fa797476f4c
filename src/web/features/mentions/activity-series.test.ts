import { describe, expect, test } from 'vitest';
import { activityChart } from './activity-series';

const activity = (n: number) => ({
  timezone: 'UTC',
  days: ['2026-11-20', '2026-11-21'],
  series: Array.from({ length: n }, (_, i) => ({
    alertId: i + 1,
    keyword: i === 0 ? 'node.js' : `kw${i}`,
    counts: [10 - i, 1],
  })),
});

describe('activity chart series', () => {
  test('up to five keywords get a series each, keyed so that dots are harmless', () => {
    const chart = activityChart(activity(3), (d) => d.slice(5));
    expect(chart.series.map((s) => s.label)).toEqual(['node.js', 'kw1', 'kw2']);
    expect(chart.rows).toEqual([
      { date: '11-20', s0: 10, s1: 9, s2: 8 },
      { date: '11-21', s0: 1, s1: 1, s2: 1 },
    ]);
    expect(chart.total).toBe(30);
  });

  test('the keywords past the fifth are summed as Other', () => {
    const chart = activityChart(activity(8), (d) => d);
    expect(chart.series.map((s) => s.label)).toEqual([
      'node.js',
      'kw1',
      'kw2',
      'kw3',
      'kw4',
      'Other',
    ]);
    expect(chart.rows[0].s5).toBe(5 + 4 + 3);
    expect(chart.rows[1].s5).toBe(3);
  });

  test('no series means an empty chart with a zero total', () => {
    const chart = activityChart(activity(0), (d) => d);
    expect(chart.series).toEqual([]);
    expect(chart.total).toBe(0);
  });
});
