import { profileBodySchema, usernameChangeProblem, type User } from '@shared/api/auth';
import { Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { failedSubmit } from '../../../lib/form-errors';
import { toastSuccess } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';
import { SaveChangesButton } from '../../../components/save-changes-button';

const validateProfile = schemaResolver(profileBodySchema, { sync: true });

/**
 * Username and email; Save is enabled only once something changed. See
 * docs/product.md §3 (Screens).
 */
export function ProfileForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  const form = useForm({
    initialValues: { username: user.username, email: user.email },
    validate: (values) => {
      const errors = validateProfile(values);
      const problem = usernameChangeProblem(values.username.trim(), user.username);
      return problem && !errors.username ? { ...errors, username: problem } : errors;
    },
  });

  const submit = form.onSubmit((values) => {
    update.mutate(profileBodySchema.parse(values), {
      onSuccess: (saved) => {
        const next = { username: saved.username, email: saved.email };
        form.setInitialValues(next);
        form.setValues(next);
        form.resetDirty(next);
        toastSuccess('Profile updated', 'Your profile has been saved.');
      },
      onError: failedSubmit(form, 'Update failed'),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={480}>
        <TextInput
          label="Username"
          description="3 to 30 characters, shown in the app."
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
        <SaveChangesButton dirty={form.isDirty()} pending={update.isPending} />
      </Stack>
    </form>
  );
}
