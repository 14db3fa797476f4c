import { Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { PageHeader } from '../../components/page-header';
import { AlertsOverview } from '../../features/alerts/components/alerts-overview';
import { KeywordDialog } from '../../features/alerts/components/keyword-dialog';
import { QuotaNotice } from '../../features/dashboard/components/quota-notice';
import { PausedAlertsNotice } from '../../features/plans/components/paused-alerts-notice';
import { StatsCards } from '../../features/dashboard/components/stats-cards';
import { RecentMentions } from '../../features/mentions/components/recent-mentions';
import { MonitoringHealth } from '../../features/ingestion/components/monitoring-health';
import { useIngestionStatus } from '../../features/ingestion/api/get-ingestion-status';
import { useStats } from '../../features/stats/api/get-stats';
import { queryKeys } from '../../lib/query-keys';

// The chart library is most of the dashboard's code: it loads after the rest of the page.
const ActivityChart = lazy(async () => ({
  default: (await import('../../features/mentions/components/activity-chart')).ActivityChart,
}));

function Section(props: { title: string; description: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-label={props.title}>
      <Title order={2} size="h4">
        {props.title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {props.description}
      </Text>
      {props.children}
    </Paper>
  );
}

/** / and /dashboard: stats, the keywords being monitored, and the latest matching discussions. */
export default function DashboardPage() {
  const stats = useStats();
  // New mentions arrive and listings are read while the page is open: the counts and each
  // keyword's "Checked …" state follow the monitoring status.
  const queryClient = useQueryClient();
  const { dataUpdatedAt } = useIngestionStatus();
  useEffect(() => {
    if (!dataUpdatedAt) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.stats });
    void queryClient.invalidateQueries({ queryKey: queryKeys.alerts });
  }, [dataUpdatedAt, queryClient]);
  // When the counts show mentions stored since, the latest discussions and the chart follow.
  const stored = stats.data?.monthMentions;
  const seen = useRef(stored);
  useEffect(() => {
    if (stored === undefined) return;
    if (seen.current !== undefined && stored !== seen.current) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.mentions.all });
    }
    seen.current = stored;
  }, [stored, queryClient]);
  const [createOpened, create] = useDisclosure(false);
  return (
    <>
      <PageHeader
        title="Dashboard"
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={create.open}>
            Add Keyword
          </Button>
        }
      />
      <Stack gap="lg">
        <PausedAlertsNotice />
        <MonitoringHealth />
        <QuotaNotice stats={stats.data} />
        <StatsCards
          stats={stats.data}
          isPending={stats.isPending}
          error={stats.error}
          onRetry={() => stats.refetch()}
        />
        <Section
          title="Keywords being monitored on Reddit"
          description="Each keyword is checked against new posts and comments as they arrive."
        >
          <AlertsOverview onCreate={create.open} />
        </Section>
        <Section
          title="Latest discussions matching your keywords"
          description="The newest posts and comments that matched, ready for a reply."
        >
          <RecentMentions />
        </Section>
        <Section
          title="Mentions per day"
          description="The last 30 days, by keyword: the five busiest and the rest as Other."
        >
          <Suspense fallback={<Skeleton height={240} />}>
            <ActivityChart />
          </Suspense>
        </Section>
      </Stack>
      <KeywordDialog opened={createOpened} onClose={create.close} />
    </>
  );
}
