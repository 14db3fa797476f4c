import { passwordBodySchema } from '@shared/api/auth';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { failedSubmit } from '../../../lib/form-errors';
import { toastSuccess } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';

export function PasswordForm() {
  const change = useChangePassword();
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: schemaResolver(passwordBodySchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        toastSuccess('Password updated', 'Your password has been changed.');
      },
      onError: failedSubmit(form, 'Update failed'),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={480}>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label="New password"
          description="At least 6 characters"
          autoComplete="new-password"
          required
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            Update Password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
