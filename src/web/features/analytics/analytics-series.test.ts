import { describe, expect, test } from 'vitest';
import { communityName, daysBetween, headingText, perDayChart, plural } from './analytics-series';

const day = (d: string) => d.slice(5);

describe('the days of a period', () => {
  test.each([
    ['one day', '2026-11-20', '2026-11-20', ['2026-11-20']],
    [
      'across a month end',
      '2026-11-29',
      '2026-12-02',
      ['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02'],
    ],
    ['across a leap day', '2028-02-28', '2028-03-01', ['2028-02-28', '2028-02-29', '2028-03-01']],
    [
      'across a daylight saving change (days, not hours)',
      '2026-03-28',
      '2026-03-30',
      ['2026-03-28', '2026-03-29', '2026-03-30'],
    ],
  ])('%s', (_name, from, to, expected) => {
    expect(daysBetween(from, to)).toEqual(expected);
  });

  test('a period of 90 days has 90 days', () => {
    expect(daysBetween('2026-09-02', '2026-11-30')).toHaveLength(90);
  });
});

describe('the per-day chart', () => {
  test('days without mentions are filled with 0 between from and to', () => {
    const chart = perDayChart(
      {
        from: '2026-11-20',
        to: '2026-11-23',
        perDay: [
          { day: '2026-11-21', alertId: 1, keyword: 'node.js', mentions: 3 },
          { day: '2026-11-23', alertId: 1, keyword: 'node.js', mentions: 1 },
        ],
      },
      day,
    );
    expect(chart.rows).toEqual([
      { day: '2026-11-20', date: '11-20', total: 0, s0: 0 },
      { day: '2026-11-21', date: '11-21', total: 3, s0: 3 },
      { day: '2026-11-22', date: '11-22', total: 0, s0: 0 },
      { day: '2026-11-23', date: '11-23', total: 1, s0: 1 },
    ]);
    expect(chart.series).toEqual([
      { name: 's0', label: 'node.js', color: 'blue.6', mentions: 4, share: 1 },
    ]);
    expect(chart.total).toBe(4);
  });

  test('the five busiest keywords get a series each, ranked by their period total; the rest is Other', () => {
    // Keyword k has k mentions on the first day (and kw7 one more on the second).
    const perDay = [1, 2, 3, 4, 5, 6, 7].map((k) => ({
      day: '2026-11-20',
      alertId: k,
      keyword: `kw${k}`,
      mentions: k,
    }));
    perDay.push({ day: '2026-11-21', alertId: 7, keyword: 'kw7', mentions: 1 });
    const chart = perDayChart({ from: '2026-11-20', to: '2026-11-21', perDay }, day);
    expect(chart.series.map((s) => [s.label, s.mentions])).toEqual([
      ['kw7', 8],
      ['kw6', 6],
      ['kw5', 5],
      ['kw4', 4],
      ['kw3', 3],
      ['Other', 3],
    ]);
    expect(chart.series.at(-1)?.color).toBe('gray.5');
    expect(chart.rows[0]).toMatchObject({ s0: 7, s1: 6, s5: 1 + 2, total: 28 });
    expect(chart.rows[1]).toMatchObject({ s0: 1, s5: 0, total: 1 });
    expect(chart.total).toBe(29);
  });

  test("each series' share of voice is its part of all the keywords' mentions", () => {
    const chart = perDayChart(
      {
        from: '2026-11-20',
        to: '2026-11-20',
        perDay: [
          { day: '2026-11-20', alertId: 1, keyword: 'a', mentions: 3 },
          { day: '2026-11-20', alertId: 2, keyword: 'b', mentions: 1 },
        ],
      },
      day,
    );
    expect(chart.series.map((s) => s.share)).toEqual([0.75, 0.25]);
  });

  test('equal totals rank by keyword, whatever order the rows come in', () => {
    const rows = [
      { day: '2026-11-20', alertId: 2, keyword: 'zeta', mentions: 2 },
      { day: '2026-11-20', alertId: 1, keyword: 'alpha', mentions: 2 },
    ];
    const labels = (perDay: typeof rows) =>
      perDayChart({ from: '2026-11-20', to: '2026-11-20', perDay }, day).series.map((s) => s.label);
    expect(labels(rows)).toEqual(['alpha', 'zeta']);
    expect(labels([...rows].reverse())).toEqual(['alpha', 'zeta']);
  });

  test('no mentions make no series and a zero total', () => {
    const chart = perDayChart({ from: '2026-11-20', to: '2026-11-21', perDay: [] }, day);
    expect(chart.series).toEqual([]);
    expect(chart.rows.map((r) => r.total)).toEqual([0, 0]);
    expect(chart.total).toBe(0);
  });
});

describe('names', () => {
  test.each([
    ['reddit', 'SaaS', 'r/SaaS'],
    ['lobsters', 'rust', 'rust'],
  ] as const)('a %s community %s reads %s', (source, community, expected) => {
    expect(communityName(source, community)).toBe(expected);
  });

  test.each([
    ['zendesk', 'zendesk'],
    ['exactly twenty-four char', 'exactly twenty-four char'],
    ['"customer support" AND (zendesk OR freshdesk)', '"customer support" AND…'],
  ])('the heading of %s reads %s', (label, expected) => {
    expect(headingText(label)).toBe(expected);
    expect(headingText(label).length).toBeLessThanOrEqual(24);
  });

  test.each([
    [0, '0 replies'],
    [1, '1 reply'],
    [1234, '1,234 replies'],
  ])('%d with its noun: %s', (count, expected) => {
    expect(plural(count, 'reply', 'replies')).toBe(expected);
  });
});
