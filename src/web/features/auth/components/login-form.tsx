import { loginBodySchema } from '@shared/api/auth';
import { Button, Loader, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useLogin } from '../api/login';

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
        onError: (error) => {
          showServerFieldErrors(form, error, { username: 'email' });
          toastError('Login failed', error);
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
          placeholder="Your password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Button
          type="submit"
          size="md"
          fullWidth
          disabled={login.isPending}
          leftSection={login.isPending ? <Loader size={16} color="gray" /> : undefined}
        >
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </Stack>
    </form>
  );
}
