import { Alert, Button, Code, Group, List, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import type { PageNotice } from '../../../components/notice-area';
import type { FilterScopeNotice as FilterScopeData } from '@shared/api/alerts';
import { useCan } from '../../../lib/workspace-access';
import { useDismissFilterScopeNotice, useFilterScopeNotice } from '../api/filter-scope-notice';

/**
 * The notice area's line, shown once to owners of keywords written before top-level filters
 * applied to the whole query (decision 024): which filters now apply to every side of their OR.
 */
export function useFilterScopeChangeNotice(): PageNotice | null {
  const notice = useFilterScopeNotice();
  // A viewer can neither change the keywords nor dismiss the notice (403).
  const canEdit = useCan('member');
  const items = notice.data?.items ?? [];
  if (items.length === 0 || !canEdit) return null;
  return { id: 'filter-scope', urgency: 'advice', element: <FilterScopeNotice items={items} /> };
}

function FilterScopeNotice({ items }: { items: FilterScopeData['items'] }) {
  const dismiss = useDismissFilterScopeNotice();
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconFilter size={18} />}
      role="status"
      title="Filters now apply to the whole keyword"
    >
      <Text size="sm">
        A filter such as <Code>-author:AutoModerator</Code> written outside parentheses now applies
        to every side of an OR, not only the last one. To keep one local, put it in parentheses with
        its terms. This changed:
      </Text>
      <List size="sm" mt={4} spacing={2} style={{ overflowWrap: 'anywhere' }}>
        {items.map((item) => (
          <List.Item key={item.alertId}>
            <Code>{item.keyword}</Code>:{' '}
            {item.filters.map((f, i) => (
              <span key={f}>
                {i > 0 && ', '}
                <Code>{f}</Code>
              </span>
            ))}
          </List.Item>
        ))}
      </List>
      <Group mt="xs">
        <Button
          size="xs"
          variant="light"
          loading={dismiss.isPending}
          onClick={() => dismiss.mutate()}
        >
          Got it
        </Button>
        {dismiss.isError && (
          <Text size="sm" c="red" role="alert">
            {dismiss.error.message}
          </Text>
        )}
      </Group>
    </Alert>
  );
}
