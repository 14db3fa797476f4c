import { Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  API_KEY_SCOPES,
  apiKeyCreateSchema,
  type ApiKeyCreate,
  type ApiKeyCreated,
} from '@shared/api/api-keys';
import { IconKey } from '@tabler/icons-react';
import { failedSubmit } from '../../../lib/form-errors';
import { useCreateApiKey } from '../api/create-api-key';
import { SCOPE_INFO } from '../scopes';

/** A name to tell keys apart and a scope (read by default: the least a tool needs). */
export function CreateApiKeyForm({ onCreated }: { onCreated: (created: ApiKeyCreated) => void }) {
  const form = useForm<ApiKeyCreate>({
    initialValues: { name: '', scope: 'read' },
    validate: schemaResolver(apiKeyCreateSchema, { sync: true }),
  });
  const create = useCreateApiKey({
    onSuccess: (created) => {
      form.reset();
      onCreated(created);
    },
    onError: failedSubmit(form, 'Could not create the API key'),
  });
  const submit = form.onSubmit((values) => create.mutate(apiKeyCreateSchema.parse(values)));

  return (
    <form onSubmit={submit} noValidate aria-label="Create an API key">
      <Stack gap="md">
        <TextInput
          label="Name"
          description="What will use it, to tell keys apart"
          placeholder="Zapier, Claude Desktop, reporting script"
          autoComplete="off"
          required
          maw={{ sm: 420 }}
          {...form.getInputProps('name')}
        />
        <Radio.Group label="Scope" required {...form.getInputProps('scope')}>
          <Group gap="xl" mt={6} align="flex-start" style={{ rowGap: 'var(--mantine-spacing-sm)' }}>
            {API_KEY_SCOPES.map((scope) => (
              <Radio
                key={scope}
                value={scope}
                label={SCOPE_INFO[scope].label}
                description={SCOPE_INFO[scope].description}
              />
            ))}
          </Group>
        </Radio.Group>
        <Group>
          <Button
            type="submit"
            leftSection={<IconKey size={16} aria-hidden />}
            loading={create.isPending}
          >
            Create key
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
