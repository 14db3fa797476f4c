import { Button, Collapse, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { FEED_ITEMS } from '@shared/api/feeds';
import { IconChevronDown, IconChevronRight, IconRefresh } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/error-alert';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCan } from '../../../lib/workspace-access';
import { useFeeds } from '../api/get-feeds';
import { useRotateFeeds } from '../api/rotate-feeds';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CopyField } from './copy-field';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';

/** Settings → Notifications → Feeds: secret Atom and JSON Feed URLs, all mentions or a keyword's. */
export function FeedsSettings() {
  const feeds = useFeeds();
  // New URLs break every reader of the old ones: an admin's call.
  const canRotate = useCan('admin');
  const [perKeyword, keywordsToggle] = useDisclosure(false);
  const [confirmOpened, confirm] = useDisclosure(false);
  const rotate = useRotateFeeds({
    onSuccess: () => {
      confirm.close();
      toastSuccess('Feed URLs regenerated', 'The old URLs no longer work.');
    },
    onError: (error) => {
      confirm.close();
      toastError('Could not regenerate the feed URLs', error);
    },
  });

  if (feeds.isPending) {
    return (
      <LoadingPlaceholder gap="md" label="Loading feeds">
        <Skeleton height={58} />
        <Skeleton height={58} />
      </LoadingPlaceholder>
    );
  }
  if (feeds.isError) {
    return (
      <ErrorAlert
        title="Could not load your feed URLs"
        error={feeds.error}
        onRetry={() => void feeds.refetch()}
        retrying={feeds.isFetching}
      />
    );
  }
  const { atomUrl, jsonUrl, alerts } = feeds.data;
  return (
    <Stack gap="md">
      <Text size="sm">
        Paste a URL into a feed reader or an automation tool. Each feed holds your newest{' '}
        {FEED_ITEMS} mentions. Anyone with a URL can read the feed, so keep them private.
      </Text>
      <Title order={3} fz="md">
        All mentions
      </Title>
      <CopyField label="Atom feed URL" value={atomUrl} />
      <CopyField label="JSON Feed URL" value={jsonUrl} />
      {alerts.length > 0 && (
        <>
          <Button
            variant="subtle"
            px={0}
            style={{ alignSelf: 'flex-start' }}
            leftSection={
              perKeyword ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />
            }
            aria-expanded={perKeyword}
            onClick={keywordsToggle.toggle}
          >
            Feeds for each keyword ({alerts.length})
          </Button>
          <Collapse expanded={perKeyword}>
            <Stack gap="md">
              {alerts.map((alert) => (
                <Stack key={alert.alertId} gap="xs" role="group" aria-label={alert.keyword}>
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {alert.keyword}
                  </Text>
                  <CopyField label={`Atom feed URL for ${alert.keyword}`} value={alert.atomUrl} />
                  <CopyField label={`JSON Feed URL for ${alert.keyword}`} value={alert.jsonUrl} />
                </Stack>
              ))}
            </Stack>
          </Collapse>
        </>
      )}
      {canRotate && (
        <>
          <Divider />
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed" style={{ flex: '1 1 16rem' }}>
              Shared a URL by mistake? Regenerate them: every old URL stops working.
            </Text>
            <Button
              variant="default"
              color="red"
              leftSection={<IconRefresh size={16} />}
              onClick={confirm.open}
            >
              Regenerate URLs
            </Button>
          </Group>
          <ConfirmDialog
            opened={confirmOpened}
            title="Regenerate the feed URLs?"
            confirmLabel="Regenerate URLs"
            loading={rotate.isPending}
            onConfirm={() => rotate.mutate()}
            onClose={confirm.close}
          >
            Every feed gets a new URL. The old URLs stop working at once, so each feed reader or
            tool that uses one needs the new URL.
          </ConfirmDialog>
        </>
      )}
    </Stack>
  );
}
