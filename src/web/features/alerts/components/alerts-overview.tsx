import { Button, EmptyState, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconTags } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSteadyOrder } from '../../../lib/steady-order';
import { useCan } from '../../../lib/workspace-access';
import { usePhone } from '../../../lib/use-phone';
import { useAlerts } from '../api/get-alerts';
import { DEFAULT_SORT, nextSort, sortAlerts } from '../filter-alerts';
import { AlertCard } from './alert-card';
import { AlertsTable } from './alerts-table';
import { AlertsLoadError, AlertsLoading } from './alerts-load-state';
import { useSitesText } from '../../../lib/sites-text';

/** The dashboard's "Keywords being monitored on Reddit, …": every state of the alert list. */
export function AlertsOverview({ onCreate }: { onCreate: () => void }) {
  const alerts = useAlerts();
  const sites = useSitesText();
  const canEdit = useCan('member');
  const [sort, setSort] = useState(DEFAULT_SORT);
  // Phones get cards: six columns do not fit 390 px and a sideways-scrolling table hides actions.
  const narrow = usePhone();
  const sortedNow = useMemo(() => sortAlerts(alerts.data ?? [], sort), [alerts.data, sort]);
  // Pausing or editing a row keeps it where it is until the next sort or visit.
  const sorted = useSteadyOrder(sortedNow, `${sort.field}:${sort.direction}`);

  if (alerts.isPending) return <AlertsLoading />;
  if (alerts.isError) return <AlertsLoadError alerts={alerts} />;
  if (sorted.length === 0) {
    return (
      <EmptyState
        py="xl"
        icon={<IconTags size={28} stroke={1.5} />}
        withIndicatorBackground
        title="No keywords found"
        description={
          canEdit
            ? `Create your first keyword to start monitoring ${sites}`
            : 'Nobody in this workspace has added a keyword yet.'
        }
      >
        {canEdit && (
          <EmptyState.Actions>
            <Button leftSection={<IconPlus size={16} />} onClick={onCreate}>
              Add your first keyword
            </Button>
          </EmptyState.Actions>
        )}
      </EmptyState>
    );
  }
  if (narrow) {
    return (
      <Stack gap="sm">
        <Group gap="xs" role="group" aria-label="Sort keywords">
          <Text size="sm" c="dimmed">
            Sort:
          </Text>
          {(['updatedAt', 'keyword'] as const).map((field) => (
            <Button
              key={field}
              size="compact-sm"
              variant={sort.field === field ? 'light' : 'subtle'}
              color={sort.field === field ? undefined : 'gray'}
              aria-pressed={sort.field === field}
              onClick={() => setSort(nextSort(sort, field))}
            >
              {field === 'keyword' ? 'Keyword' : 'Last Updated'}
              {sort.field === field && (sort.direction === 'asc' ? ' ↑' : ' ↓')}
            </Button>
          ))}
        </Group>
        {sorted.map((alert) => (
          <AlertCard key={alert.id} alert={alert} />
        ))}
      </Stack>
    );
  }
  return (
    <AlertsTable alerts={sorted} sort={sort} onSort={(field) => setSort(nextSort(sort, field))} />
  );
}
