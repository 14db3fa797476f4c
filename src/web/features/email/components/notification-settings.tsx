import { Divider, Skeleton, Stack } from '@mantine/core';
import { ErrorAlert } from '../../../components/error-alert';
import { useDigestConfig } from '../api/get-digest-config';
import { DigestSettingsForm } from './digest-settings-form';
import { DigestStatus } from './digest-status';
import { WeeklyReportSwitch } from './weekly-report-switch';
import { LoadingPlaceholder } from '../../../components/loading-placeholder';

/**
 * Settings → Notifications: the digest's status and its settings, then the weekly report's
 * switch, with every load state. `emailVerified`: digests wait for a verified address, and the
 * status says so.
 */
export function NotificationSettings({ emailVerified = true }: { emailVerified?: boolean }) {
  const config = useDigestConfig();
  if (config.isPending) {
    return (
      <LoadingPlaceholder gap="md" label="Loading digest settings">
        <Skeleton height={74} radius="md" />
        <Skeleton height={36} width={320} />
        <Skeleton height={36} width={480} maw="100%" />
        <Skeleton height={36} width={480} maw="100%" />
      </LoadingPlaceholder>
    );
  }
  if (config.isError) {
    return (
      <ErrorAlert
        title="Could not load your digest settings"
        error={config.error}
        onRetry={() => void config.refetch()}
        retrying={config.isFetching}
      />
    );
  }
  return (
    <Stack gap="lg">
      <DigestStatus config={config.data} emailVerified={emailVerified} />
      <Divider />
      <DigestSettingsForm config={config.data} />
      <Divider />
      <WeeklyReportSwitch config={config.data} emailVerified={emailVerified} />
    </Stack>
  );
}
