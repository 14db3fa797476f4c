import { Button, Menu, VisuallyHidden } from '@mantine/core';
import type { Mention } from '@shared/api/mentions';
import type { MentionPerson } from '@shared/api/workspaces';
import { IconCheck, IconUserShare } from '@tabler/icons-react';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useUpdateAssignee } from '../api/update-assignee';

type Props = {
  mention: Mention;
  /** The workspace's members, the signed-in one among them. */
  assignees: MentionPerson[];
  /** The signed-in user, named "you". */
  userId: number | undefined;
};

/** Hands the mention to a member, or to nobody; the member is told as they chose to be. */
export function AssignMenu({ mention, assignees, userId }: Props) {
  const update = useUpdateAssignee({
    onSuccess: (saved) =>
      toastSuccess(
        saved.assignedTo ? 'Mention assigned' : 'Mention unassigned',
        saved.assignedTo
          ? `Assigned to ${saved.assignedTo.userId === userId ? 'you' : saved.assignedTo.email}.`
          : 'Nobody is assigned to it now.',
      ),
    onError: (error) => toastError('Could not assign the mention', error),
  });
  const current = mention.assignedTo?.userId ?? null;
  const choose = (next: number | null) => {
    if (next !== current) update.mutate({ id: mention.id, userId: next });
  };
  const item = (value: number | null, label: string) => (
    <Menu.Item
      key={value ?? 'none'}
      onClick={() => choose(value)}
      leftSection={
        <IconCheck size={14} aria-hidden style={{ opacity: value === current ? 1 : 0 }} />
      }
    >
      {label}
      {value === current && <VisuallyHidden> (current)</VisuallyHidden>}
    </Menu.Item>
  );
  return (
    <Menu position="bottom-start" shadow="md" withinPortal>
      <Menu.Target>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconUserShare size={14} aria-hidden />}
          loading={update.isPending}
        >
          {current === null ? 'Assign' : 'Reassign'}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Assign to</Menu.Label>
        {item(null, 'Unassigned')}
        {assignees.map((person) =>
          item(person.userId, person.userId === userId ? `${person.email} (you)` : person.email),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
