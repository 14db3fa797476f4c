import { Button, EmptyState, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { Analytics, AnalyticsDays } from '@shared/api/analytics';
import { IconChartHistogram } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { useCan } from '../../../lib/workspace-access';
import { useAnalytics } from '../api/get-analytics';
import { perDayChart } from '../analytics-series';
import {
  authorsTable,
  bySiteTable,
  communitiesTable,
  perDayTable,
  type ReportTable as Table,
} from '../analytics-tables';
import { BySiteChart } from './by-site-chart';
import { ChartSection } from './chart-section';
import { FigureCards, FigureCardsSkeleton } from './figure-cards';
import { PerDayChart } from './per-day-chart';
import { ReportSection } from './report-section';
import { ExportCsvButton, ReportTable } from './report-table';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';

const shortDay = (day: string) => dayjs(day).format('MMM D');
const longDay = (day: string) => dayjs(day).format('ddd, MMM D');
const fullDay = (day: string) => dayjs(day).format('MMM D, YYYY');

/** "Nov 1 – Nov 30, 2026": the period, its year once. */
const periodText = ({ from, to }: Pick<Analytics, 'from' | 'to'>) =>
  `${shortDay(from)} – ${fullDay(to)}`;

/**
 * The Analytics page's report for the period `days`: its figures, mentions per day by keyword
 * (share of voice), by site, the top communities and authors. Each chart can show its table;
 * each table exports as CSV.
 */
export function AnalyticsReport({ days }: { days: AnalyticsDays }) {
  const analytics = useAnalytics(days);
  if (analytics.isPending) return <ReportSkeleton />;
  // A failed refetch (after new mentions) keeps the figures shown; a failed first load says so.
  if (!analytics.data) {
    return (
      <ErrorAlert
        title="Could not load the analytics"
        error={analytics.error}
        onRetry={() => analytics.refetch()}
        retrying={analytics.isFetching}
      />
    );
  }
  // Another period's figures stay until this one's arrive, dimmed and marked busy.
  const stale = analytics.isPlaceholderData;
  return (
    <Stack gap="lg" aria-busy={stale} style={{ opacity: stale ? 0.6 : 1 }}>
      <Text size="sm" c="dimmed">
        {periodText(analytics.data)} · Days in {analytics.data.timezone}
      </Text>
      {analytics.data.mentions === 0 ? (
        <NoMentions days={analytics.data.days} />
      ) : (
        <Report analytics={analytics.data} />
      )}
    </Stack>
  );
}

function Report({ analytics }: { analytics: Analytics }) {
  const { days } = analytics;
  const chart = useMemo(() => perDayChart(analytics, shortDay), [analytics]);
  const tables = useMemo(
    () => ({
      perDay: perDayTable(chart, longDay),
      bySite: bySiteTable(analytics),
      communities: communitiesTable(analytics.topCommunities),
      authors: authorsTable(analytics.topAuthors),
    }),
    [analytics, chart],
  );
  const over = `${periodText(analytics)}, days in ${analytics.timezone}`;
  return (
    <>
      <FigureCards analytics={analytics} />
      <ChartSection
        title="Mentions per day by keyword"
        description="The five busiest keywords and the rest as Other. Share of voice: each keyword's part of all their matches."
        chart={<PerDayChart series={chart.series} rows={chart.rows} />}
        table={tables.perDay}
        caption={`Mentions per day by keyword, ${over}`}
        days={days}
      />
      <ChartSection
        title="By site"
        description="Where the mentions were posted."
        chart={<BySiteChart bySource={analytics.bySource} />}
        table={tables.bySite}
        caption={`Mentions by site, ${over}`}
        days={days}
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <TopList
          title="Top communities"
          description="The subreddits and Lobsters tags with most mentions."
          none="No mentions came from a subreddit or a Lobsters tag."
          table={tables.communities}
          caption={`Top communities by mentions, ${over}`}
          days={days}
        />
        <TopList
          title="Top authors"
          description="Who mentioned your keywords most."
          none="No authors to rank."
          table={tables.authors}
          caption={`Top authors by mentions, ${over}`}
          days={days}
        />
      </SimpleGrid>
    </>
  );
}

function TopList<Row>(props: {
  title: string;
  description: string;
  none: string;
  table: Table<Row>;
  caption: string;
  days: number;
}) {
  const { table } = props;
  return (
    <ReportSection
      title={props.title}
      description={props.description}
      actions={table.rows.length > 0 && <ExportCsvButton table={table} days={props.days} />}
    >
      {table.rows.length > 0 ? (
        <ReportTable table={table} caption={props.caption} />
      ) : (
        <Text size="sm" c="dimmed">
          {props.none}
        </Text>
      )}
    </ReportSection>
  );
}

function NoMentions({ days }: { days: number }) {
  const canEdit = useCan('member');
  return (
    <Paper withBorder p="xl">
      <EmptyState
        variant="light"
        icon={<IconChartHistogram size={28} aria-hidden />}
        title={`No mentions in the last ${days} days`}
        description="Analytics fill in as your keywords catch posts and comments: mentions per day, by site, community and author, and how the team replied."
      >
        {canEdit && (
          <EmptyState.Actions>
            <Button component={Link} to="/alerts">
              Add keywords
            </Button>
          </EmptyState.Actions>
        )}
      </EmptyState>
    </Paper>
  );
}

function ReportSkeleton() {
  return (
    <LoadingPlaceholder gap="lg" label="Loading analytics">
      <Skeleton height={16} width={260} />
      <FigureCardsSkeleton />
      <Skeleton height={380} radius="lg" />
      <Skeleton height={220} radius="lg" />
    </LoadingPlaceholder>
  );
}
