import { Group, Text, Tooltip } from '@mantine/core';
import { isLiveAlert, type Alert } from '@shared/api/alerts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { RelativeTime } from '../../../components/relative-time';

type Props = {
  alert: Pick<Alert, 'isActive' | 'isPaused' | 'lastPolledAt' | 'lastError'>;
};

/** When a live alert was last checked on Reddit, or what keeps it from being checked. */
export function AlertCheckState({ alert }: Props) {
  if (!isLiveAlert(alert)) return null;
  if (alert.lastError) {
    return (
      <Tooltip label={alert.lastError} multiline maw={320} withArrow>
        <Group gap={4} wrap="nowrap" c="red" style={{ minWidth: 0 }}>
          <IconAlertTriangle size={14} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="xs" inherit lineClamp={2} maw={240}>
            {alert.lastError}
          </Text>
        </Group>
      </Tooltip>
    );
  }
  return (
    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {alert.lastPolledAt ? (
        <>
          Checked <RelativeTime date={alert.lastPolledAt} inherit />
        </>
      ) : (
        'Not checked yet'
      )}
    </Text>
  );
}
