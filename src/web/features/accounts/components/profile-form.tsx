import { profileBodySchema, usernameChangeProblem, type User } from '@shared/api/auth';
import { PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { failedSubmit } from '../../../lib/form-errors';
import { toastSuccess } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';
import { SaveChangesButton } from '../../../components/save-changes-button';
import { VerifyEmailNotice } from './verify-email-notice';

const validateProfile = schemaResolver(profileBodySchema, { sync: true });

/**
 * Username and email; Save is enabled only once something changed. A new email asks for the
 * current password and waits for its link (decision record 009). See docs/product.md §3.
 */
/** The typed email differs from the account's and from the one already waiting for its link. */
const isEmailChange = (typed: string, user: User) => {
  const email = typed.trim().toLowerCase();
  return email !== user.email && email !== user.pendingEmail;
};

export function ProfileForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  const form = useForm({
    initialValues: { username: user.username, email: user.email, currentPassword: '' },
    validate: (values) => {
      const errors: Record<string, ReactNode> = validateProfile(values);
      const problem = usernameChangeProblem(values.username.trim(), user.username);
      if (problem && !errors.username) errors.username = problem;
      // An empty password is the server's to name (after a taken address, which it says first).
      return errors;
    },
  });

  const emailChanging = isEmailChange(form.values.email, user);

  const submit = form.onSubmit((values) => {
    const body = profileBodySchema.parse(values);
    update.mutate(emailChanging ? body : { ...body, currentPassword: undefined }, {
      onSuccess: (saved) => {
        const next = { username: saved.username, email: saved.email, currentPassword: '' };
        form.setInitialValues(next);
        form.setValues(next);
        form.resetDirty(next);
        toastSuccess(
          'Profile updated',
          emailChanging && saved.pendingEmail
            ? `We sent a link to ${saved.pendingEmail}. Your email changes when you open it.`
            : 'Your profile has been saved.',
        );
      },
      onError: failedSubmit(form, 'Update failed'),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={480}>
        <VerifyEmailNotice user={user} />
        <TextInput
          label="Username"
          description="3 to 30 characters, no @, shown in the app."
          autoComplete="username"
          required
          {...form.getInputProps('username')}
        />
        <TextInput
          label="Email"
          type="email"
          description="Used to sign in and for email notifications."
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        {emailChanging && (
          <PasswordInput
            label="Current password"
            description="Needed to change your email. We'll tell your current address."
            autoComplete="current-password"
            required
            {...form.getInputProps('currentPassword')}
          />
        )}
        <SaveChangesButton dirty={form.isDirty()} pending={update.isPending} />
      </Stack>
    </form>
  );
}
