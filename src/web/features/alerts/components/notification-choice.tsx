import { Group, Radio } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { NOTIFICATION_LABELS, type AlertFormValues } from '../alert-form-values';

/**
 * Dashboard only, or Dashboard + Email: in the dialog's main part, not behind Advanced Options,
 * since it is the one choice most people make.
 */
export function NotificationChoice({ form }: { form: UseFormReturnType<AlertFormValues> }) {
  return (
    <Radio.Group
      label="Notification method"
      {...form.getInputProps('notificationMethod')}
      key={form.key('notificationMethod')}
    >
      <Group gap="xl" mt={6} align="flex-start" style={{ rowGap: 'var(--mantine-spacing-sm)' }}>
        <Radio
          value="realtime"
          label={NOTIFICATION_LABELS.realtime}
          description="Matches appear on your dashboard"
        />
        <Radio
          value="email"
          label={NOTIFICATION_LABELS.email}
          description="Also in your daily or weekly email digest"
        />
      </Group>
    </Radio.Group>
  );
}
