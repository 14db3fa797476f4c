import { passwordsMatch, registerBodySchema } from '@shared/api/auth';
import { PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { failedSubmit } from '../../../lib/form-errors';
import { toastSuccess } from '../../../lib/toast';
import { useRegister } from '../api/register';
import { browserTimeZone } from '../browser-time-zone';
import { EmailField, PendingSubmitButton } from './credential-fields';

const registerFormSchema = z
  .object({
    email: registerBodySchema.shape.email,
    password: registerBodySchema.shape.password,
    confirmPassword: z.string(),
  })
  .refine(...passwordsMatch('password'));

export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const registration = useRegister();
  const form = useForm({
    initialValues: { email: '', password: '', confirmPassword: '' },
    validate: schemaResolver(registerFormSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    const { email, password } = registerFormSchema.parse(values);
    // The username starts out equal to the email, docs/product.md §4 (Entities); the timezone
    // seeds digest times.
    registration.mutate(
      { username: email, email, password, timezone: browserTimeZone() },
      {
        onSuccess: (user) => {
          toastSuccess('Registration successful', `Welcome to Earshot, ${user.username}!`);
          onSuccess();
        },
        onError: failedSubmit(form, 'Registration failed', { username: 'email' }),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <EmailField {...form.getInputProps('email')} />
        <PasswordInput
          label="Password"
          placeholder="At least 6 characters"
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm Password"
          placeholder="Repeat your password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <PendingSubmitButton
          pending={registration.isPending}
          label="Create Account"
          pendingLabel="Creating Account..."
        />
      </Stack>
    </form>
  );
}
