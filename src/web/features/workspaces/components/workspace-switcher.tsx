import { Box, Loader, Menu, Text, UnstyledButton } from '@mantine/core';
import type { Workspace } from '@shared/api/workspaces';
import { IconCheck, IconSelector } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useWorkspaces } from '../api/get-workspaces';
import { useSwitchWorkspace } from '../api/switch-workspace';
import { ROLE_LABELS, withArticle } from '../member-rules';
import classes from './workspace-switcher.module.css';

// Names are account names or emails: long and unbroken, cut with an ellipsis.
const oneLine = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

function roleLine(workspace: Workspace) {
  return `${ROLE_LABELS[workspace.role]}${workspace.isPersonal ? ' · your own' : ''}`;
}

/**
 * The current workspace's name and the user's role in it, opening the list of the others to
 * switch to. Nothing for someone in one workspace only: there is nowhere to switch to.
 */
export function WorkspaceSwitcher({ onSwitched }: { onSwitched?: () => void }) {
  const workspaces = useWorkspaces();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const switchTo = useSwitchWorkspace({
    onSuccess: (workspace) => {
      toastSuccess(
        'Workspace switched',
        `You are in ${workspace.name} as ${withArticle(workspace.role)}.`,
      );
      onSwitched?.();
      // A keyword's own page belongs to the workspace left behind.
      if (pathname.startsWith('/alerts/debug/')) void navigate('/alerts');
    },
    onError: (error) => toastError('Could not switch workspace', error),
  });
  const items = workspaces.data?.items ?? [];
  const current = items.find((workspace) => workspace.isCurrent);
  if (items.length < 2 || !current) return null;
  return (
    <Menu position="bottom-start" width="target" shadow="md">
      <Menu.Target>
        <UnstyledButton className={classes.target} disabled={switchTo.isPending}>
          {/* Spans: a button holds phrasing content only. */}
          <Box component="span" style={{ flex: 1, minWidth: 0 }}>
            <Text span display="block" size="xs" c="dimmed">
              Workspace
            </Text>
            <Text span display="block" size="sm" fw={600} style={oneLine}>
              {current.name}
            </Text>
            <Text span display="block" size="xs" c="dimmed">
              {roleLine(current)}
            </Text>
          </Box>
          {switchTo.isPending ? (
            <Loader size={16} role="status" aria-label="Switching workspace" />
          ) : (
            <IconSelector size={16} aria-hidden />
          )}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Switch to</Menu.Label>
        {items.map((workspace) => (
          <Menu.Item
            key={workspace.id}
            onClick={() => !workspace.isCurrent && switchTo.mutate(workspace.id)}
            rightSection={workspace.isCurrent && <IconCheck size={14} aria-hidden />}
            aria-current={workspace.isCurrent || undefined}
          >
            <Text span display="block" size="sm" style={oneLine}>
              {workspace.name}
            </Text>
            <Text span display="block" size="xs" c="dimmed">
              {roleLine(workspace)}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
