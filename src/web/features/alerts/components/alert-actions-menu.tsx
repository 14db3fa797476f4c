import { ActionIcon, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Alert } from '@shared/api/alerts';
import {
  IconDotsVertical,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconStethoscope,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCan } from '../../../lib/workspace-access';
import { useUpdateAlert } from '../api/update-alert';
import { DeleteAlertDialog } from './delete-alert-dialog';
import { KeywordDialog } from './keyword-dialog';
import { quoteKeyword } from '../../../lib/quote-keyword';

/**
 * A row's menu: Edit, Pause/Resume Alerts, Diagnostics, Delete, with the dialogs they open; a
 * viewer gets Diagnostics only.
 */
export function AlertActionsMenu({ alert }: { alert: Alert }) {
  const canEdit = useCan('member');
  const [editOpened, edit] = useDisclosure(false);
  const [deleteOpened, confirmDelete] = useDisclosure(false);
  const toggle = useUpdateAlert({
    onSuccess: (updated) => {
      const state = updated.isActive ? 'active' : 'paused';
      toastSuccess(
        updated.isActive ? 'Alert Resumed' : 'Alert Paused',
        `Alert ${quoteKeyword(updated.keyword, 'straight')} is now ${state}.`,
      );
    },
    onError: (error) => toastError('Error updating alert', error),
  });

  // Pause/resume sends the whole alert back with isActive flipped: docs/product.md §4 (Entities).
  const flip = () => toggle.mutate({ id: alert.id, data: { ...alert, isActive: !alert.isActive } });

  return (
    <>
      <Menu position="bottom-end" shadow="md" width={180}>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Actions for ${quoteKeyword(alert.keyword, 'straight')}`}
            loading={toggle.isPending}
          >
            <IconDotsVertical size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {canEdit && (
            <>
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={edit.open}>
                Edit
              </Menu.Item>
              <Menu.Item
                leftSection={
                  alert.isActive ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />
                }
                onClick={flip}
                disabled={toggle.isPending}
              >
                {alert.isActive ? 'Pause Alerts' : 'Resume Alerts'}
              </Menu.Item>
            </>
          )}
          <Menu.Item
            component={Link}
            to={`/alerts/debug/${alert.id}`}
            leftSection={<IconStethoscope size={16} />}
          >
            Diagnostics
          </Menu.Item>
          {canEdit && (
            <>
              <Menu.Divider />
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={confirmDelete.open}
              >
                Delete
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      {canEdit && (
        <>
          <KeywordDialog opened={editOpened} onClose={edit.close} alert={alert} />
          <DeleteAlertDialog alert={alert} opened={deleteOpened} onClose={confirmDelete.close} />
        </>
      )}
    </>
  );
}
