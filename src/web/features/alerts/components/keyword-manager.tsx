import { Button, EmptyState, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFilterOff, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSteadyOrder } from '../../../lib/steady-order';
import { useCan } from '../../../lib/workspace-access';
import { useAlerts } from '../api/get-alerts';
import { DEFAULT_FILTERS, changedFilters, filterAlerts } from '../filter-alerts';
import { ActiveFilterChips } from './active-filter-chips';
import { AdvancedFiltersDialog } from './advanced-filters-dialog';
import { AlertCard } from './alert-card';
import { AlertsLoadError, AlertsLoading } from './alerts-load-state';
import { HowKeywordsWork } from './how-keywords-work';
import { KeywordFiltersBar } from './keyword-filters-bar';

/**
 * Manage Keywords: every alert as a card, filtered and sorted on the client. See
 * docs/product.md §3 (Screens).
 */
export function KeywordManager({ onCreate }: { onCreate: () => void }) {
  const alerts = useAlerts();
  const canEdit = useCan('member');
  const [filters, setFilters] = useState(DEFAULT_FILTERS);
  const [advancedOpened, advanced] = useDisclosure(false);
  const filtered = useMemo(() => filterAlerts(alerts.data ?? [], filters), [alerts.data, filters]);
  // An edited or paused card keeps its place until the filters or the sort change.
  const visible = useSteadyOrder(filtered, JSON.stringify(filters));
  const reset = () => setFilters(DEFAULT_FILTERS);

  if (alerts.isPending) return <AlertsLoading />;
  if (alerts.isError) return <AlertsLoadError alerts={alerts} />;
  if (alerts.data.length === 0) {
    return (
      <Stack gap="lg" align="flex-start">
        <HowKeywordsWork />
        {canEdit ? (
          <Button leftSection={<IconPlus size={16} />} onClick={onCreate}>
            Create your first keyword
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            No keywords in this workspace yet. You can read them here, but not add them.
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <KeywordFiltersBar
        filters={filters}
        onChange={setFilters}
        onOpenAdvanced={advanced.open}
        onReset={reset}
        changed={changedFilters(filters).length > 0}
      />
      <ActiveFilterChips filters={filters} onChange={setFilters} count={visible.length} />
      {visible.length === 0 ? (
        <EmptyState
          py="xl"
          icon={<IconFilterOff size={28} stroke={1.5} />}
          withIndicatorBackground
          title="No keywords match your filters"
          description="Try another search, or reset the filters to see every keyword."
        >
          <EmptyState.Actions>
            <Button variant="default" onClick={reset}>
              Reset filters
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" aria-label="Keywords" role="list">
          {visible.map((alert) => (
            <div role="listitem" key={alert.id}>
              <AlertCard alert={alert} detailed />
            </div>
          ))}
        </SimpleGrid>
      )}
      <AdvancedFiltersDialog
        opened={advancedOpened}
        filters={filters}
        onApply={(patch) => {
          setFilters({ ...filters, ...patch });
          advanced.close();
        }}
        onResetAll={() => {
          reset();
          advanced.close();
        }}
        onClose={advanced.close}
      />
    </Stack>
  );
}
