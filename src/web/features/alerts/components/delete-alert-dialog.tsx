import { Button, Group, Modal, Text } from '@mantine/core';
import type { Alert } from '@shared/api/alerts';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDeleteAlert } from '../api/delete-alert';
import { quoteKeyword } from '../../../lib/quote-keyword';

type Props = { alert: Alert; opened: boolean; onClose: () => void };

/** Deleting asks first, and says it cannot be undone: docs/product.md §3 (Screens). */
export function DeleteAlertDialog({ alert, opened, onClose }: Props) {
  const remove = useDeleteAlert({
    onSuccess: () => {
      toastSuccess('Alert deleted', 'Your alert has been deleted successfully.');
      onClose();
    },
    onError: (error) => {
      toastError('Delete failed', error);
      onClose();
    },
  });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Are you sure?"
      centered
      styles={{ title: { fontWeight: 700 } }}
    >
      <Text size="sm">
        This will permanently delete the alert for {quoteKeyword(alert.keyword, 'straight')}. This
        action cannot be undone.
      </Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(alert.id)}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
