import { Stack, Table, Text } from '@mantine/core';
import type { Alert } from '@shared/api/alerts';
import { NOTIFICATION_LABELS } from '../alert-form-values';
import type { AlertSort, SortField } from '../filter-alerts';
import { AlertActionsMenu } from './alert-actions-menu';
import { AlertCheckState } from './alert-check-state';
import { AlertStatusBadge } from './alert-status-badge';
import { RelativeTime } from '../../../components/relative-time';
import { KeywordText } from './keyword-text';
import { SortableTh } from './sortable-th';
import { SubredditChips } from './subreddit-chips';

// Short columns keep to one line, so the keyword and subreddit columns take the slack.
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

type Props = { alerts: Alert[]; sort: AlertSort; onSort: (field: SortField) => void };

/** The dashboard's table of keywords (wide screens; phones get cards). */
export function AlertsTable({ alerts, sort, onSort }: Props) {
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortableTh field="keyword" sort={sort} onSort={onSort}>
              Keyword
            </SortableTh>
            <Table.Th>Subreddits</Table.Th>
            <SortableTh field="updatedAt" sort={sort} onSort={onSort}>
              Last Updated
            </SortableTh>
            <Table.Th style={NO_WRAP}>Frequency</Table.Th>
            <Table.Th w={170}>Status</Table.Th>
            <Table.Th w={72}>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {alerts.map((alert) => (
            <Table.Tr key={alert.id}>
              <Table.Td miw={180}>
                <KeywordText fw={600} size="sm" keyword={alert.keyword} />
              </Table.Td>
              <Table.Td miw={160}>
                <SubredditChips alert={alert} />
              </Table.Td>
              <Table.Td style={NO_WRAP}>
                <RelativeTime date={alert.updatedAt} size="sm" />
              </Table.Td>
              <Table.Td style={NO_WRAP}>
                <Text size="sm">{NOTIFICATION_LABELS[alert.digestFrequency]}</Text>
              </Table.Td>
              <Table.Td w={170} miw={170}>
                <Stack gap={4} align="flex-start">
                  <AlertStatusBadge alert={alert} />
                  <AlertCheckState alert={alert} />
                </Stack>
              </Table.Td>
              <Table.Td>
                <AlertActionsMenu alert={alert} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
