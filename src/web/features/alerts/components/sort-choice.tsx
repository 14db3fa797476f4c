import { Button, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import {
  nextSort,
  sortDirectionName,
  sortFieldName,
  type AlertSort,
  type SortField,
} from '../filter-alerts';

const FIELDS: SortField[] = ['keyword', 'updatedAt', 'createdAt'];

/** Sort fields as buttons: the chosen one again reverses it, a new one starts ascending. */
export function SortChoice({
  value,
  onChange,
}: {
  value: AlertSort;
  onChange: (sort: AlertSort) => void;
}) {
  return (
    <Stack gap={6} role="group" aria-label="Sort by">
      <Text size="sm" fw={500}>
        Sort by
      </Text>
      {FIELDS.map((field) => {
        const active = value.field === field;
        const Arrow = value.direction === 'asc' ? IconArrowUp : IconArrowDown;
        return (
          <Button
            key={field}
            variant={active ? 'light' : 'default'}
            justify="space-between"
            fullWidth
            aria-pressed={active}
            onClick={() => onChange(nextSort(value, field))}
            rightSection={
              active ? (
                <Text span size="sm" fw={600}>
                  {sortDirectionName(value)} <Arrow size={14} style={{ verticalAlign: -2 }} />
                </Text>
              ) : (
                <span />
              )
            }
          >
            {sortFieldName(field)}
          </Button>
        );
      })}
      <Text size="xs" c="dimmed">
        Choose the same field again to reverse the order.
      </Text>
    </Stack>
  );
}
