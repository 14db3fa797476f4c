import {
  Button,
  Group,
  Modal,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CHANNEL_KINDS,
  CHANNEL_NAME_MAX,
  channelInputProblems,
  type ChannelCreated,
  type ChannelKind,
} from '@shared/api/channels';
import { failedSubmit } from '../../../lib/form-errors';
import { useCreateChannel } from '../api/create-channel';
import { KIND_INFO } from './channel-kinds';

type Values = { kind: ChannelKind; name: string; target: string; token: string };

const INITIAL: Values = { kind: 'slack', name: '', target: '', token: '' };

/** The fields a kind sends: a token only where the kind has one. */
const toInput = (values: Values) => ({
  kind: values.kind,
  name: values.name,
  target: values.target.trim(),
  token: KIND_INFO[values.kind].token ? values.token.trim() || undefined : undefined,
});

/**
 * The browser does not know the server's ALLOW_PRIVATE_WEBHOOKS, so it checks what holds either
 * way (a URL of another platform, a Telegram token's shape, a missing topic); whether a plain
 * http or private address is allowed is the server's answer, shown under the field on submit.
 */
function problems(values: Values): Record<string, string> {
  const name = values.name.trim();
  const nameProblem =
    name === ''
      ? 'Name is required'
      : name.length > CHANNEL_NAME_MAX
        ? `Name must be at most ${CHANNEL_NAME_MAX} characters`
        : undefined;
  return {
    ...(nameProblem ? { name: nameProblem } : {}),
    ...channelInputProblems(toInput(values), { allowPrivate: true }),
  };
}

type Props = {
  opened: boolean;
  onClose: () => void;
  onCreated: (created: ChannelCreated) => void;
};

/** Add channel: the kind, where to find what it needs, and the fields checked as you type. */
export function AddChannelDialog({ opened, onClose, onCreated }: Props) {
  const form = useForm<Values>({
    initialValues: INITIAL,
    validateInputOnChange: ['name', 'target', 'token'],
    validate: problems,
  });
  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };
  const create = useCreateChannel({
    onSuccess: (created) => {
      form.reset();
      onCreated(created);
    },
    onError: failedSubmit(form, 'Could not add the channel'),
  });
  const kind = form.getValues().kind;
  const info = KIND_INFO[kind];

  return (
    <Modal opened={opened} onClose={close} title="Add channel" size="lg">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => create.mutate(toInput(values)))}
        aria-label="Add channel"
      >
        <Stack gap="md">
          <Radio.Group
            label="Where to send"
            {...form.getInputProps('kind')}
            key={form.key('kind')}
            onChange={(value) => {
              form.setFieldValue('kind', value as ChannelKind);
              form.setFieldValue('token', '');
              form.clearErrors();
            }}
          >
            <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" mt="xs">
              {CHANNEL_KINDS.map((value) => {
                const { label, icon: KindIcon } = KIND_INFO[value];
                return (
                  <Radio.Card key={value} value={value} radius="md" p="xs">
                    <Group gap={8} wrap="nowrap">
                      <Radio.Indicator size="xs" />
                      <KindIcon size={18} aria-hidden />
                      <Text size="sm" fw={500}>
                        {label}
                      </Text>
                    </Group>
                  </Radio.Card>
                );
              })}
            </SimpleGrid>
          </Radio.Group>
          <Text size="sm" c="dimmed">
            {info.help}
          </Text>
          <TextInput
            label="Name"
            description="How this channel is listed, e.g. #marketing or My phone."
            required
            data-autofocus
            autoComplete="off"
            {...form.getInputProps('name')}
            key={form.key('name')}
          />
          <TextInput
            label={info.targetLabel}
            placeholder={info.targetPlaceholder}
            required
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps('target')}
            key={form.key('target')}
          />
          {info.token && (
            <PasswordInput
              label={info.token.label}
              description={info.token.description}
              required={info.token.required}
              autoComplete="off"
              {...form.getInputProps('token')}
              key={`${form.key('token')}-${kind}`}
            />
          )}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add channel
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
