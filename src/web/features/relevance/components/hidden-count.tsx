import { Button, Group, Text } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { useHiddenCount } from '../api/get-hidden-count';

type Props = {
  /** The keyword filter of the list, if any: its count only. */
  alertId?: string;
  /** Whether the list shows only the hidden mentions now. */
  showing: boolean;
  onShow: () => void;
  onShowOthers: () => void;
};

/**
 * "12 mentions hidden today as likely not relevant — Show hidden" above the Alerts list, or,
 * while they are shown, a way back. Nothing when nothing was hidden today.
 */
export function HiddenCount({ alertId, showing, onShow, onShowOthers }: Props) {
  const count = useHiddenCount(alertId);
  if (showing) {
    return (
      <Group gap="xs" role="status" wrap="wrap">
        <Group gap={6} wrap="nowrap">
          <IconEyeOff size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm">Showing the mentions hidden as likely not relevant.</Text>
        </Group>
        <Button size="compact-sm" variant="light" onClick={onShowOthers}>
          Back to the others
        </Button>
      </Group>
    );
  }
  const hidden = count.data?.hiddenToday ?? 0;
  if (hidden === 0) return null;
  return (
    <Group gap="xs" role="status" wrap="wrap">
      <Group gap={6} wrap="nowrap">
        <IconEyeOff size={16} aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm">
          {hidden === 1
            ? '1 mention hidden today as likely not relevant.'
            : `${hidden.toLocaleString()} mentions hidden today as likely not relevant.`}
        </Text>
      </Group>
      <Button size="compact-sm" variant="light" onClick={onShow}>
        Show hidden
      </Button>
    </Group>
  );
}
