import { SegmentedControl } from '@mantine/core';
import { ANALYTICS_DAYS, type AnalyticsDays } from '@shared/api/analytics';

const PERIODS = ANALYTICS_DAYS.map((days) => ({ value: String(days), label: `${days} days` }));

/** The period the report covers: 7, 30 or 90 days. */
export function PeriodControl(props: {
  value: AnalyticsDays;
  onChange: (days: AnalyticsDays) => void;
}) {
  return (
    <SegmentedControl
      aria-label="Period"
      data={PERIODS}
      value={String(props.value)}
      onChange={(value) => props.onChange(Number(value) as AnalyticsDays)}
    />
  );
}
