import { Modal } from '@mantine/core';
import type { Alert } from '@shared/api/alerts';
import { useAlerts } from '../api/get-alerts';
import { KeywordForm } from './keyword-form';

type Props = {
  opened: boolean;
  onClose: () => void;
  /** Set to edit this alert; unset to create one. */
  alert?: Alert;
  /** Told of a keyword just created (the dashboard shows what its past week search found). */
  onCreated?: (alert: Alert) => void;
};

/** The keyword dialog shared by create and edit: docs/product.md §3 (Screens). */
export function KeywordDialog({ opened, onClose, alert, onCreated }: Props) {
  const alerts = useAlerts();
  // The first-time guide: shown to someone who has no alert yet.
  const firstTime = alerts.isSuccess && alerts.data.length === 0;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={alert ? 'Edit Alert' : 'Add New Keywords'}
      size="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {/* The modal unmounts its body when closed, so each opening starts a fresh form. */}
      <KeywordForm
        key={alert?.id ?? 'create'}
        alert={alert}
        showGuide={firstTime}
        onCancel={onClose}
        onDone={(created) => {
          if (created) onCreated?.(created);
          onClose();
        }}
      />
    </Modal>
  );
}
