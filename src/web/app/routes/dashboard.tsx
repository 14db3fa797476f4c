import { Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { Alert } from '@shared/api/alerts';
import { Suspense, useState, type ReactNode } from 'react';
import { NoticeArea } from '../../components/notice-area';
import { PageHeader } from '../../components/page-header';
import { useVerifyEmailNotice } from '../../features/accounts';
import {
  AlertsOverview,
  KeywordDialog,
  useAlerts,
  useFilterScopeChangeNotice,
} from '../../features/alerts';
import { usePausedAlertsNotice } from '../../features/billing';
import { usePausedChannelsNotice } from '../../features/channels';
import { StatsCards, useQuotaNotice } from '../../features/dashboard';
import { useBackfillNotice } from '../../features/diagnostic';
import { MonitoringHealth } from '../../features/ingestion';
import { LazyActivityChart, RecentMentions, useStats } from '../../features/mentions';
import { FeedbackButtons } from '../../features/relevance';
import { useAssignees, useReadOnlyNotice } from '../../features/workspaces';
import { useSitesText } from '../../lib/sites-text';
import { useCan } from '../../lib/workspace-access';

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
  const sites = useSitesText();
  const [createOpened, create] = useDisclosure(false);
  const canEdit = useCan('member');
  const assignees = useAssignees();
  const [created, setCreated] = useState<Alert>();
  // A keyword added then deleted takes its notice with it (its searches would answer 404).
  const alerts = useAlerts();
  const createdAndKept = alerts.data?.some((alert) => alert.id === created?.id)
    ? created
    : undefined;
  // One notice area, most urgent first, the rest folded (decision 027). A new notice is one
  // more hook here.
  const notices = [
    useReadOnlyNotice(),
    useQuotaNotice(stats.data),
    usePausedChannelsNotice(),
    useBackfillNotice(createdAndKept, () => setCreated(undefined)),
    useVerifyEmailNotice(),
    usePausedAlertsNotice(),
    useFilterScopeChangeNotice(),
  ];
  return (
    <>
      <PageHeader
        title="Dashboard"
        actions={
          canEdit && (
            <Button leftSection={<IconPlus size={16} />} onClick={create.open}>
              Add Keyword
            </Button>
          )
        }
      />
      <Stack gap="lg">
        <NoticeArea notices={notices} />
        <MonitoringHealth />
        <StatsCards
          stats={stats.data}
          isPending={stats.isPending}
          error={stats.error}
          onRetry={() => stats.refetch()}
        />
        <Section
          title={`Keywords being monitored on ${sites}`}
          description="Each keyword is checked against new posts and comments as they arrive."
        >
          <AlertsOverview onCreate={create.open} />
        </Section>
        <Section
          title="Latest discussions matching your keywords"
          description="The newest posts and comments that matched, ready for a reply."
        >
          <RecentMentions feedback={FeedbackButtons} assignees={assignees} />
        </Section>
        <Section
          title="Mentions per day"
          description="The last 30 days, by keyword: the five busiest and the rest as Other."
        >
          {/* The chart loads after the rest of the page (it is most of the dashboard's code). */}
          <Suspense fallback={<Skeleton height={240} />}>
            <LazyActivityChart />
          </Suspense>
        </Section>
      </Stack>
      <KeywordDialog opened={createOpened} onClose={create.close} onCreated={setCreated} />
    </>
  );
}
