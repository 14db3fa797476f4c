import { BarChart } from '@mantine/charts';
import type { Analytics } from '@shared/api/analytics';
import { siteLabel } from '../analytics-series';

/** Mentions per site, one horizontal bar each, most first. */
export function BySiteChart({ bySource }: Pick<Analytics, 'bySource'>) {
  const data = bySource.map((row) => ({ site: siteLabel(row.source), mentions: row.mentions }));
  return (
    <BarChart
      h={48 + 44 * data.length}
      data={data}
      dataKey="site"
      orientation="vertical"
      series={[{ name: 'mentions', label: 'Mentions', color: 'blue.6' }]}
      tickLine="none"
      gridAxis="y"
      xAxisProps={{ allowDecimals: false }}
      yAxisProps={{ width: 96 }}
      maxBarWidth={28}
      valueFormatter={(value) => value.toLocaleString()}
    />
  );
}
