import { passwordResetBodySchema } from '@shared/api/auth';
import { PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { failedSubmit } from '../../../lib/form-errors';
import { toastSuccess } from '../../../lib/toast';
import { useResetPassword } from '../api/reset-password';
import { PendingSubmitButton } from './credential-fields';

/** The new password from a reset link: same rules as everywhere; every session then ends. */
export function ResetPasswordForm({ token, onSuccess }: { token: string; onSuccess: () => void }) {
  const reset = useResetPassword();
  const form = useForm({
    initialValues: { token, newPassword: '', confirmPassword: '' },
    validate: schemaResolver(passwordResetBodySchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    reset.mutate(values, {
      onSuccess: (result) => {
        toastSuccess('Password changed', result.message);
        onSuccess();
      },
      onError: failedSubmit(form, 'Could not change the password'),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
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
        <PendingSubmitButton
          pending={reset.isPending}
          label="Set New Password"
          pendingLabel="Saving..."
        />
      </Stack>
    </form>
  );
}
