import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CHANNEL_NAME_MAX, type Channel } from '@shared/api/channels';
import { failedSubmit } from '../../../lib/form-errors';
import { toastSuccess } from '../../../lib/toast';
import { useUpdateChannel } from '../api/update-channel';

type Props = { channel: Channel; opened: boolean; onClose: () => void };

export function RenameChannelDialog({ channel, opened, onClose }: Props) {
  const form = useForm({
    initialValues: { name: channel.name },
    validateInputOnChange: true,
    validate: {
      name: (value) =>
        value.trim() === ''
          ? 'Name is required'
          : value.trim().length > CHANNEL_NAME_MAX
            ? `Name must be at most ${CHANNEL_NAME_MAX} characters`
            : null,
    },
  });
  const update = useUpdateChannel({
    onSuccess: () => {
      toastSuccess('Channel renamed');
      onClose();
    },
    onError: failedSubmit(form, 'Could not rename the channel'),
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Rename channel">
      <form
        noValidate
        onSubmit={form.onSubmit(({ name }) => update.mutate({ id: channel.id, data: { name } }))}
      >
        <Stack gap="md">
          <TextInput
            label="Name"
            required
            data-autofocus
            autoComplete="off"
            {...form.getInputProps('name')}
            key={form.key('name')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save name
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
