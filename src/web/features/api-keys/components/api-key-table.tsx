import { Badge, Button, Code, EmptyState, Stack, Text } from '@mantine/core';
import type { ApiKey } from '@shared/api/api-keys';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDay, RelativeTime } from '../../../components/relative-time';
import { ResponsiveTable, type TableColumn } from '../../../components/responsive-table';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { SCOPE_COLOR, SCOPE_INFO } from '../scopes';

const WRAP = { overflowWrap: 'anywhere' } as const;

/**
 * The workspace's live keys: the first characters of each (to find one in a tool's settings or
 * a leak report), when and by whom it was made, when it was last used; Revoke after a confirmation.
 */
export function ApiKeyTable({ keys }: { keys: ApiKey[] }) {
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useRevokeApiKey({
    onSuccess: () => {
      toastSuccess('API key revoked', `"${revoking?.name}" no longer works.`);
      setRevoking(null);
    },
    onError: (error) => {
      toastError('Could not revoke the API key', error);
      setRevoking(null);
    },
  });

  if (keys.length === 0) {
    return (
      <EmptyState
        py="lg"
        icon={<IconKey size={28} stroke={1.5} />}
        withIndicatorBackground
        title="No API keys yet."
        description="Create one above for each tool or agent, so that you can revoke one without stopping the others."
      />
    );
  }
  const columns: TableColumn<ApiKey>[] = [
    {
      label: 'Name',
      cell: (key) => (
        <Text size="sm" fw={600} style={WRAP}>
          {key.name}
        </Text>
      ),
    },
    {
      label: 'Scope',
      nowrap: true,
      cell: (key) => (
        // Its full width: a badge's label would otherwise shrink to an ellipsis in a tight table.
        <Badge
          variant="light"
          color={SCOPE_COLOR[key.scope]}
          tt="none"
          style={{ minWidth: 'max-content' }}
        >
          {SCOPE_INFO[key.scope].label}
        </Badge>
      ),
    },
    {
      label: 'Key',
      nowrap: true,
      cell: (key) => <Code>{key.prefix}…</Code>,
    },
    {
      label: 'Created',
      cell: (key) => (
        <Stack gap={0}>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDay(key.createdAt)}
          </Text>
          <Text size="xs" c="dimmed" style={WRAP}>
            by {key.createdBy?.email ?? 'a former member'}
          </Text>
        </Stack>
      ),
    },
    {
      label: 'Last used',
      nowrap: true,
      cell: (key) =>
        key.lastUsedAt ? (
          <RelativeTime date={key.lastUsedAt} size="sm" />
        ) : (
          <Text size="sm" c="dimmed">
            Never
          </Text>
        ),
    },
    {
      label: 'Actions',
      nowrap: true,
      cell: (key) => (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          aria-label={`Revoke ${key.name}`}
          onClick={() => setRevoking(key)}
        >
          Revoke
        </Button>
      ),
    },
  ];
  return (
    <>
      <ResponsiveTable
        label="API keys"
        minWidth={760}
        columns={columns}
        rows={keys}
        rowKey={(key) => key.id}
      />
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke this API key?"
        confirmLabel="Revoke key"
        loading={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
        onClose={() => setRevoking(null)}
      >
        &quot;{revoking?.name}&quot; ({revoking?.prefix}…) stops working at once: every tool or
        agent that uses it is refused until you give it a new key. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
