import { formatPercent } from '@shared/analytics-words';
import { BarChart } from '@mantine/charts';
import { Box, ColorSwatch, Group, Text } from '@mantine/core';
import { useId } from 'react';
import { type DayRow, type KeywordSeries } from '../analytics-series';

interface PerDayChartProps {
  series: KeywordSeries[];
  rows: DayRow[];
}

/** Mentions per day, stacked by keyword (top 5 and Other). */
export function PerDayChart({ series, rows }: PerDayChartProps) {
  return (
    <>
      <BarChart
        h={260}
        data={rows}
        dataKey="date"
        type="stacked"
        series={series.map(({ name, label, color }) => ({ name, label, color }))}
        tickLine="none"
        gridAxis="x"
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
        yAxisProps={{ allowDecimals: false, width: 32 }}
        valueFormatter={(value) => value.toLocaleString()}
      />
      <ShareOfVoice series={series} />
    </>
  );
}

/** The chart's legend: each keyword's part of all the keywords' mentions in the period. */
function ShareOfVoice({ series }: { series: KeywordSeries[] }) {
  const headingId = useId();
  return (
    <Box mt="md">
      <Text size="sm" fw={600} id={headingId}>
        Share of voice
      </Text>
      <Group
        component="ul"
        aria-labelledby={headingId}
        gap="xs"
        m={0}
        mt={6}
        p={0}
        style={{ listStyle: 'none', columnGap: 'var(--mantine-spacing-lg)' }}
      >
        {series.map((s) => (
          <Group key={s.name} component="li" gap={6} wrap="nowrap" maw="100%">
            <ColorSwatch
              color={`var(--mantine-color-${s.color.replace('.', '-')})`}
              size={12}
              withShadow={false}
              aria-hidden
            />
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {s.label}
            </Text>
            <Text size="sm" fw={600}>
              {formatPercent(s.share)}
            </Text>
          </Group>
        ))}
      </Group>
    </Box>
  );
}
