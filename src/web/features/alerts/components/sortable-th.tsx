import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { AlertSort, SortField } from '../filter-alerts';

type Props = {
  field: SortField;
  sort: AlertSort;
  onSort: (field: SortField) => void;
  children: ReactNode;
};

/** A column header that sorts by its field; the arrow shows the current direction. */
export function SortableTh({ field, sort, onSort, children }: Props) {
  const active = sort.field === field;
  const Icon = !active ? IconSelector : sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      style={{ whiteSpace: 'nowrap' }}
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton onClick={() => onSort(field)}>
        <Group gap={4} wrap="nowrap">
          <Text fw={600} size="sm">
            {children}
          </Text>
          <Icon size={14} stroke={1.8} color={active ? undefined : 'var(--mantine-color-dimmed)'} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
