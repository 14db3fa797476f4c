import { Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { PageHeader } from '../../components/page-header';
import { AlertsOverview } from '../../features/alerts/components/alerts-overview';
import { KeywordDialog } from '../../features/alerts/components/keyword-dialog';
import { QuotaNotice } from '../../features/dashboard/components/quota-notice';
import { PausedAlertsNotice } from '../../features/plans/components/paused-alerts-notice';
import { StatsCards } from '../../features/dashboard/components/stats-cards';
import { useLiveDashboard } from '../../features/dashboard/use-live-dashboard';
import { RecentMentions } from '../../features/mentions/components/recent-mentions';
import { MonitoringHealth } from '../../features/ingestion/components/monitoring-health';
import { useStats } from '../../features/stats/api/get-stats';

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
  useLiveDashboard(stats.data?.monthMentions);
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
