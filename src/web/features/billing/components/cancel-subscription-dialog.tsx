import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCancelSubscription } from '../api/cancel-subscription';
import { formatLongDate } from '../format-date';

interface Props {
  opened: boolean;
  onClose: () => void;
  periodEnd: string | null;
  /** Already set to cancel at period end: only "now" is left to choose. */
  atPeriodEndSet: boolean;
  freeKeywordLimit: number | null;
}

/** The confirmation before cancelling: at period end (keeps Pro until then) or now. */
export function CancelSubscriptionDialog({
  opened,
  onClose,
  periodEnd,
  atPeriodEndSet,
  freeKeywordLimit,
}: Props) {
  const cancel = useCancelSubscription();

  const run = async (immediate: boolean) => {
    try {
      await cancel.mutateAsync({ immediate });
    } catch (error) {
      toastError('Cancellation Failed', error);
      return;
    }
    onClose();
    if (immediate) toastSuccess('Subscription Canceled', 'You are now on the Free plan.');
    else
      toastSuccess(
        'Subscription Will Cancel',
        'You will be downgraded to Free at the end of your billing period.',
      );
  };

  const pending = cancel.isPending ? cancel.variables?.immediate : undefined;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Cancel your Pro subscription?"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      closeOnClickOutside={!cancel.isPending}
      closeOnEscape={!cancel.isPending}
    >
      <Stack gap="md">
        <Text size="sm">
          Cancel at the end of the billing period to keep Pro
          {periodEnd ? ` until ${formatLongDate(periodEnd)}` : ''}, or cancel now to return to Free
          straight away.
        </Text>
        <Text size="sm" c="dimmed">
          On Free
          {freeKeywordLimit === null
            ? ''
            : `, your ${freeKeywordLimit} most recently updated keywords stay active and`}{' '}
          the others are paused, not deleted: upgrading again resumes them.
        </Text>
        <Stack gap="xs">
          {!atPeriodEndSet && (
            <Button
              variant="light"
              color="orange"
              onClick={() => void run(false)}
              loading={pending === false}
              disabled={cancel.isPending}
            >
              Cancel at Period End
            </Button>
          )}
          <Button
            color="red"
            onClick={() => void run(true)}
            loading={pending === true}
            disabled={cancel.isPending}
          >
            Cancel Immediately
          </Button>
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
            Keep Subscription
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
