import { Alert, Anchor, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  INVITATION_TTL_DAYS,
  invitationCreateSchema,
  ROLE_DESCRIPTIONS,
  type Role,
  type Workspace,
} from '@shared/api/workspaces';
import { IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';
import { failedSubmit } from '../../../lib/form-errors';
import { toastSuccess } from '../../../lib/toast';
import { useCreateInvitation } from '../api/create-invitation';
import { grantableRoles, ROLE_LABELS } from '../member-rules';

type Props = { workspace: Workspace; members: number; seats: number };

/**
 * Invite by email with a role: the link is mailed, and the person joins once they accept with
 * that address, verified. Past the plan's seats the form says why it cannot send.
 */
export function InviteForm({ workspace, members, seats }: Props) {
  const form = useForm<{ email: string; role: Role }>({
    initialValues: { email: '', role: 'member' },
    validate: schemaResolver(invitationCreateSchema, { sync: true }),
  });
  const invite = useCreateInvitation({
    onSuccess: (invitation) => {
      form.reset();
      toastSuccess(
        'Invitation sent',
        `We emailed ${invitation.email} a link that works for ${INVITATION_TTL_DAYS} days.`,
      );
    },
    onError: failedSubmit(form, 'Could not send the invitation'),
  });
  const submit = form.onSubmit((values) => {
    const { email, role } = invitationCreateSchema.parse(values);
    invite.mutate({ workspaceId: workspace.id, email, role });
  });

  if (members >= seats) {
    const plan = `This workspace's plan has ${seats} ${seats === 1 ? 'seat' : 'seats'}`;
    const owner = workspace.role === 'owner';
    return (
      <Alert color="yellow" variant="light" title="Every seat is taken">
        <Text size="sm">
          {members === 1 && owner
            ? `${plan}, and it is yours. Upgrade to invite people. `
            : owner
              ? `${plan}, and all are taken. Upgrade, or remove a member, to invite someone. `
              : `${plan}, and all are taken. Remove a member, or ask the owner to upgrade, to invite someone.`}
          {owner && (
            <Anchor component={Link} to="/pricing" size="sm" fw={600}>
              See plans
            </Anchor>
          )}
        </Text>
      </Alert>
    );
  }
  const roles = grantableRoles(workspace.role).map((role) => ({
    value: role,
    label: ROLE_LABELS[role],
  }));
  const role = form.getValues().role;
  return (
    <form onSubmit={submit} noValidate aria-label="Invite someone">
      <Stack gap="xs">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Email"
            type="email"
            placeholder="colleague@example.com"
            autoComplete="off"
            required
            style={{ flex: '1 1 16rem' }}
            {...form.getInputProps('email')}
          />
          <Select
            label="Role"
            data={roles}
            allowDeselect={false}
            w={{ base: '100%', xs: 150 }}
            {...form.getInputProps('role')}
          />
          {/* Level with the inputs under their labels. */}
          <Button
            type="submit"
            mt={{ base: 0, xs: 25 }}
            leftSection={<IconSend size={16} aria-hidden />}
            loading={invite.isPending}
          >
            Send invitation
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {ROLE_LABELS[role]}: {ROLE_DESCRIPTIONS[role]}. The link works for {INVITATION_TTL_DAYS}{' '}
          days, once, for that address only.
        </Text>
      </Stack>
    </form>
  );
}
