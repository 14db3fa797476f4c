import { passwordResetRequestSchema } from '@shared/api/auth';
import { Alert, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { failedSubmit } from '../../../lib/form-errors';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { EmailField, PendingSubmitButton } from './credential-fields';

/** "Forgot password?": the answer is the same whether or not the email has an account. */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const form = useForm({
    initialValues: { email: '' },
    validate: schemaResolver(passwordResetRequestSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    request.mutate(passwordResetRequestSchema.parse(values), {
      onError: failedSubmit(form, 'Could not send the link'),
    });
  });

  if (request.isSuccess) {
    return (
      <Alert color="green" variant="light" title="Check your email" role="status">
        {request.data.message}
      </Alert>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Enter your account&apos;s email and we&apos;ll send you a link to choose a new password.
        </Text>
        <EmailField {...form.getInputProps('email')} />
        <PendingSubmitButton
          pending={request.isPending}
          label="Send Reset Link"
          pendingLabel="Sending..."
        />
      </Stack>
    </form>
  );
}
