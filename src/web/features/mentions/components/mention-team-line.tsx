import { Group, Text } from '@mantine/core';
import type { Mention } from '@shared/api/mentions';
import type { MentionPerson } from '@shared/api/workspaces';
import { RelativeTime } from '../../../components/relative-time';
import { useCan, useWorkspaceAccess } from '../../../lib/workspace-access';
import { AssignMenu } from './assign-menu';

type Props = { mention: Mention; assignees: MentionPerson[] };

// An email can be long and unbroken: it wraps rather than widening a phone's card.
const wrap = { overflowWrap: 'anywhere' } as const;

/** Who replied and when, who has it, and the Assign menu: the team's work on one mention. */
export function MentionTeamLine({ mention, assignees }: Props) {
  const userId = useWorkspaceAccess()?.userId;
  // Assigning needs someone else to hand it to.
  const canAssign = useCan('member') && assignees.length > 1;
  const name = (person: MentionPerson) => (person.userId === userId ? 'you' : person.email);
  if (!mention.repliedBy && !mention.assignedTo && !canAssign) return null;
  return (
    <Group gap="md" wrap="wrap">
      {mention.repliedBy && (
        <Text size="xs" c="dimmed" style={wrap}>
          Replied by {name(mention.repliedBy)}
          {mention.repliedAt && (
            <>
              {' · '}
              <RelativeTime date={mention.repliedAt} span inherit />
            </>
          )}
        </Text>
      )}
      {mention.assignedTo && (
        <Text size="xs" fw={600} c="indigo.8" style={wrap}>
          Assigned to {name(mention.assignedTo)}
        </Text>
      )}
      {canAssign && <AssignMenu mention={mention} assignees={assignees} userId={userId} />}
    </Group>
  );
}
