import { BarChart } from '@mantine/charts';
import { EmptyState, Skeleton } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { useActivity } from '../api/get-activity';
import { activityChart } from '../activity-series';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';

const formatDay = (day: string) => dayjs(day).format('MMM D');

/** Mentions found per day over the last 30 days, stacked by keyword (top 5 and Other). */
export function ActivityChart() {
  const activity = useActivity();
  const chart = useMemo(
    () => (activity.data ? activityChart(activity.data, formatDay) : undefined),
    [activity.data],
  );
  if (activity.isPending)
    return (
      <LoadingPlaceholder label="Loading activity">
        <Skeleton height={240} />
      </LoadingPlaceholder>
    );
  if (activity.isError || !chart) {
    return (
      <ErrorAlert
        title="Could not load the activity chart"
        error={activity.error}
        onRetry={() => activity.refetch()}
        retrying={activity.isFetching}
      />
    );
  }
  if (chart.total === 0) {
    return (
      <EmptyState
        py="xl"
        icon={<IconChartBar size={28} stroke={1.5} />}
        withIndicatorBackground
        description="No mentions in the last 30 days yet. Each day's matches will be charted here, per keyword."
      />
    );
  }
  return (
    <BarChart
      h={240}
      data={chart.rows}
      dataKey="date"
      type="stacked"
      series={chart.series}
      withLegend
      legendProps={{ verticalAlign: 'bottom', wrapperStyle: { paddingTop: 8 } }}
      tickLine="none"
      gridAxis="x"
      xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
      yAxisProps={{ allowDecimals: false, width: 32 }}
      valueFormatter={(value) => value.toLocaleString()}
      aria-label="Mentions per day by keyword"
    />
  );
}
