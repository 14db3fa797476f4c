import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ApiKeyCreated } from '@shared/api/api-keys';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { allows, useWorkspaceAccess } from '../../../lib/workspace-access';
import { useApiKeys } from '../api/get-api-keys';
import { ApiIntro } from './api-intro';
import { ApiKeyCreatedDialog } from './api-key-created-dialog';
import { ApiKeyTable } from './api-key-table';
import { CreateApiKeyForm } from './create-api-key-form';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';

function KeysLoading() {
  return (
    <LoadingPlaceholder gap="sm" label="Loading the API keys">
      <Skeleton h={18} w="40%" />
      <Skeleton h={44} />
      <Skeleton h={44} />
    </LoadingPlaceholder>
  );
}

/** Below admin (or an admin of a read-only workspace): why there is no form, and who can. */
function AdminsOnlyNotice({ readOnly }: { readOnly: boolean }) {
  return (
    <Alert
      color="gray"
      variant="light"
      role="status"
      icon={<IconLock size={18} aria-hidden />}
      title={readOnly ? 'This workspace is read-only' : 'Only admins and owners manage API keys'}
    >
      <Text size="sm">
        {readOnly
          ? 'It has more members than its plan has seats, so only its owner can create, see and revoke API keys until they upgrade or remove members.'
          : 'A key reaches everything this workspace holds, so only its admins and owners can create, see and revoke keys. Ask one of them for a key.'}
      </Text>
    </Alert>
  );
}

function KeyManager() {
  const keys = useApiKeys();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  let list;
  if (keys.isPending) list = <KeysLoading />;
  else if (keys.isError) {
    list = (
      <ErrorAlert
        title="Could not load the API keys"
        error={keys.error}
        onRetry={() => void keys.refetch()}
        retrying={keys.isFetching}
      />
    );
  } else list = <ApiKeyTable keys={keys.data.items} />;
  return (
    <>
      <Stack gap="xs">
        <Title order={3} fz="md">
          Create a key
        </Title>
        <CreateApiKeyForm onCreated={setCreated} />
      </Stack>
      <Stack gap="xs">
        <Title order={3} fz="md">
          Keys
        </Title>
        {list}
      </Stack>
      <ApiKeyCreatedDialog created={created} onClose={() => setCreated(null)} />
    </>
  );
}

/**
 * Settings → API: how to call the API and connect an agent, and the workspace's keys for the
 * admins and owners who manage them. The keys are asked for only once the role is known: the
 * server answers anyone below admin 403.
 */
export function ApiSettings() {
  const access = useWorkspaceAccess();
  return (
    <Stack gap="lg">
      <ApiIntro />
      {access === null ? (
        <KeysLoading />
      ) : allows(access, 'admin') ? (
        <KeyManager />
      ) : (
        <AdminsOnlyNotice readOnly={access.readOnly && access.role === 'admin'} />
      )}
    </Stack>
  );
}
