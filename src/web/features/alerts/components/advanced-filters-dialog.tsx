import { Button, Divider, Group, Modal, Stack } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { AlertFilters } from '../filter-alerts';
import { SortChoice } from './sort-choice';

type Props = {
  opened: boolean;
  filters: AlertFilters;
  onApply: (patch: Pick<AlertFilters, 'sort' | 'createdFrom'>) => void;
  onResetAll: () => void;
  onClose: () => void;
};

const daysAgo = (days: number) => dayjs().subtract(days, 'day').format('YYYY-MM-DD');

/** Sorting and the created-date filter, applied together with "Apply Filters". */
export function AdvancedFiltersDialog({ opened, filters, onApply, onResetAll, onClose }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Advanced Filters"
      styles={{ title: { fontWeight: 700 } }}
    >
      {/* Mounted per opening, so the draft starts from the filters in use. */}
      <AdvancedFiltersForm filters={filters} onApply={onApply} onResetAll={onResetAll} />
    </Modal>
  );
}

function AdvancedFiltersForm({ filters, onApply, onResetAll }: Omit<Props, 'opened' | 'onClose'>) {
  const [sort, setSort] = useState(filters.sort);
  const [createdFrom, setCreatedFrom] = useState(filters.createdFrom);
  return (
    <Stack gap="lg">
      <SortChoice value={sort} onChange={setSort} />
      <Divider />
      <Stack gap="xs">
        <DatePickerInput
          label="Created on or after"
          placeholder="Any date"
          value={createdFrom}
          onChange={setCreatedFrom}
          valueFormat="MMM D, YYYY"
          maxDate={new Date()}
          clearable
          leftSection={<IconCalendar size={16} />}
          popoverProps={{ withinPortal: true }}
        />
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => setCreatedFrom(daysAgo(7))}>
            Last 7 days
          </Button>
          <Button size="xs" variant="light" onClick={() => setCreatedFrom(daysAgo(30))}>
            Last 30 days
          </Button>
          <Button size="xs" variant="subtle" color="gray" onClick={() => setCreatedFrom(null)}>
            Clear date
          </Button>
        </Group>
      </Stack>
      <Group justify="space-between" gap="sm">
        <Button variant="default" onClick={onResetAll}>
          Reset All Filters
        </Button>
        <Button onClick={() => onApply({ sort, createdFrom })}>Apply Filters</Button>
      </Group>
    </Stack>
  );
}
