import { loginBodySchema } from '@shared/api/auth';
import { PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { failedSubmit } from '../../../lib/form-errors';
import { toastSuccess } from '../../../lib/toast';
import { useLogin } from '../api/login';
import { EmailField, PendingSubmitButton } from './credential-fields';

const loginFormSchema = z.object({
  email: loginBodySchema.shape.username,
  password: loginBodySchema.shape.password,
});

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const login = useLogin();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginFormSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    const { email, password } = loginFormSchema.parse(values);
    login.mutate(
      { username: email, password },
      {
        onSuccess: (user) => {
          toastSuccess('Login successful', `Welcome back, ${user.username}!`);
          onSuccess();
        },
        onError: failedSubmit(form, 'Login failed', { username: 'email' }),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <EmailField {...form.getInputProps('email')} />
        <PasswordInput
          label="Password"
          placeholder="Your password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <PendingSubmitButton
          pending={login.isPending}
          label="Sign In"
          pendingLabel="Signing in..."
        />
      </Stack>
    </form>
  );
}
