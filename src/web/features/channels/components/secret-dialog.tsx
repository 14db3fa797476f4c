import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

type Props = {
  /** The signing secret to show, or null when the dialog is closed. */
  secret: string | null;
  channelName: string;
  onClose: () => void;
};

/** A webhook's signing secret, the one time Earshot shows it. */
export function SecretDialog({ secret, channelName, onClose }: Props) {
  return (
    <Modal
      opened={secret !== null}
      onClose={onClose}
      title="Signing secret"
      closeOnClickOutside={false}
    >
      <Stack gap="md">
        <Text size="sm">
          Requests to &quot;{channelName}&quot; are signed with this secret. It is shown once: copy
          it now and keep it with your receiver. If you lose it, rotate it to get a new one.
        </Text>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {secret}
        </Code>
        <Group justify="flex-end" gap="sm">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
