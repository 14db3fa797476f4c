import { registerBodySchema } from '@shared/api/auth';
import { Button, Loader, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { toastError, toastSuccess } from '../../../lib/toast';
import { browserTimeZone, useRegister } from '../api/register';

const registerFormSchema = z
  .object({
    email: registerBodySchema.shape.email,
    password: registerBodySchema.shape.password,
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const registration = useRegister();
  const form = useForm({
    initialValues: { email: '', password: '', confirmPassword: '' },
    validate: schemaResolver(registerFormSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    const { email, password } = registerFormSchema.parse(values);
    // The username starts out equal to the email (spec §3); the timezone seeds digest times.
    registration.mutate(
      { username: email, email, password, timezone: browserTimeZone() },
      {
        onSuccess: (user) => {
          toastSuccess('Registration successful', `Welcome to Earshot, ${user.username}!`);
          onSuccess();
        },
        onError: (error) => {
          showServerFieldErrors(form, error, { username: 'email' });
          toastError('Registration failed', error);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          placeholder="you@example.com"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
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
        <Button
          type="submit"
          size="md"
          fullWidth
          disabled={registration.isPending}
          leftSection={registration.isPending ? <Loader size={16} color="gray" /> : undefined}
        >
          {registration.isPending ? 'Creating Account...' : 'Create Account'}
        </Button>
      </Stack>
    </form>
  );
}
