import { Button, Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconSearch, IconX } from '@tabler/icons-react';
import type { AlertFilters, NotificationFilter, StatusFilter } from '../filter-alerts';
import { NOTIFICATION_OPTIONS, STATUS_OPTIONS } from './filter-options';

type Props = {
  filters: AlertFilters;
  onChange: (filters: AlertFilters) => void;
  onOpenAdvanced: () => void;
  onReset: () => void;
  changed: boolean;
};

/** Search, status and notification filters above the Manage Keywords list. */
export function KeywordFiltersBar({ filters, onChange, onOpenAdvanced, onReset, changed }: Props) {
  const set = (patch: Partial<AlertFilters>) => onChange({ ...filters, ...patch });
  return (
    <Stack gap="xs">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          aria-label="Search keywords or subreddits"
          placeholder="Search keywords or subreddits"
          leftSection={<IconSearch size={16} />}
          value={filters.search}
          onChange={(event) => set({ search: event.currentTarget.value })}
          style={{ flex: '1 1 300px' }}
          type="search"
        />
        <Select
          aria-label="Status"
          data={STATUS_OPTIONS}
          value={filters.status}
          onChange={(value) => set({ status: (value ?? 'all') as StatusFilter })}
          allowDeselect={false}
          w={{ base: 'calc(50% - 6px)', sm: 160 }}
        />
        <Select
          aria-label="Notification"
          data={NOTIFICATION_OPTIONS}
          value={filters.notification}
          onChange={(value) => set({ notification: (value ?? 'all') as NotificationFilter })}
          allowDeselect={false}
          w={{ base: 'calc(50% - 6px)', sm: 190 }}
        />
        <Button
          variant="default"
          leftSection={<IconAdjustmentsHorizontal size={16} />}
          onClick={onOpenAdvanced}
        >
          Advanced Filters
        </Button>
        {changed && (
          <Button variant="subtle" color="gray" leftSection={<IconX size={16} />} onClick={onReset}>
            Reset
          </Button>
        )}
      </Group>
      <Checkbox
        label="Include subreddits in search"
        checked={filters.includeSubreddits}
        onChange={(event) => set({ includeSubreddits: event.currentTarget.checked })}
        size="sm"
      />
    </Stack>
  );
}
