import { Group, Pill, Text } from '@mantine/core';
import dayjs from 'dayjs';
import {
  changedFilters,
  resetFilter,
  sortLabel,
  type AlertFilters,
  type FilterKey,
} from '../filter-alerts';
import { NOTIFICATION_OPTIONS, STATUS_OPTIONS, labelOf } from './filter-options';

function chipLabel(filters: AlertFilters, key: FilterKey): string {
  switch (key) {
    case 'search':
      return `Search: "${filters.search.trim()}"`;
    case 'includeSubreddits':
      return 'Keywords only';
    case 'status':
      return `Status: ${labelOf(STATUS_OPTIONS, filters.status)}`;
    case 'notification':
      return `Notification: ${labelOf(NOTIFICATION_OPTIONS, filters.notification)}`;
    case 'createdFrom':
      return `Created after ${dayjs(filters.createdFrom).format('MMM D, YYYY')}`;
    case 'sort':
      return `Sort: ${sortLabel(filters.sort)}`;
  }
}

type Props = { filters: AlertFilters; onChange: (filters: AlertFilters) => void; count: number };

/** "Active filters": one removable chip per filter that differs from its default, and the count. */
export function ActiveFilterChips({ filters, onChange, count }: Props) {
  const changed = changedFilters(filters);
  if (changed.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap" aria-label="Active filters" role="group">
      <Text size="sm" fw={600}>
        Active filters:
      </Text>
      {changed.map((key) => (
        <Pill
          key={key}
          withRemoveButton
          onRemove={() => onChange(resetFilter(filters, key))}
          removeButtonProps={{ 'aria-label': `Remove filter ${chipLabel(filters, key)}` }}
          size="md"
        >
          {chipLabel(filters, key)}
        </Pill>
      ))}
      <Text size="sm" c="dimmed" role="status">
        {count === 1 ? '1 result' : `${count.toLocaleString()} results`}
      </Text>
    </Group>
  );
}
