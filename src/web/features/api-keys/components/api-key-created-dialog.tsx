import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import type { ApiKeyCreated } from '@shared/api/api-keys';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';

const MONOSPACE = {
  fontFamily: 'var(--mantine-font-family-monospace)',
  fontSize: 13,
  wordBreak: 'break-all',
  resize: 'none',
} as const;

type Props = {
  /** The key just made, or null when the dialog is closed. */
  created: ApiKeyCreated | null;
  onClose: () => void;
};

/**
 * The new key, the one time Earshot has it (only its hash is stored), and a first call to try
 * it with. A click outside does not close it: the key would be lost before it was copied.
 */
export function ApiKeyCreatedDialog({ created, onClose }: Props) {
  const key = created?.key ?? '';
  const curl = `curl -H "Authorization: Bearer ${key}" ${window.location.origin}/api/v1/mentions`;
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title="Your new API key"
      size="lg"
      closeOnClickOutside={false}
    >
      <Stack gap="md">
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title="Copy this key now: it will not be shown again."
        >
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Keep it where your tool keeps its secrets: anyone who has it can{' '}
            {created?.apiKey.scope === 'write' ? 'read and change' : 'read'} this workspace&apos;s
            keywords and mentions as you. Lost it? Revoke it and create another.
          </Text>
        </Alert>
        <Textarea
          label="API key"
          value={key}
          readOnly
          autosize
          minRows={1}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: MONOSPACE }}
        />
        <Group>
          <CopyButton value={key}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'light' : 'filled'}
                color={copied ? 'teal' : undefined}
                leftSection={
                  copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                }
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Try it
          </Text>
          <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {curl}
          </Code>
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
