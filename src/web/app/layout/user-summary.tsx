import { ActionIcon, Avatar, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { User } from '@shared/api/auth';
import { IconLogout } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import classes from './app-layout.module.css';

export function userInitial(user: User) {
  return (user.username.trim()[0] ?? '?').toUpperCase();
}

interface UserSummaryProps {
  user: User;
  onLogout: () => void;
  loggingOut: boolean;
  onNavigate?: () => void;
  /** Show Logout as an icon beside the name (sidebar) rather than leaving it to the caller. */
  withLogoutIcon?: boolean;
}

/** The user's initial and name (a link to Settings) with the Logout action beside it. */
export function UserSummary({
  user,
  onLogout,
  loggingOut,
  onNavigate,
  withLogoutIcon = true,
}: UserSummaryProps) {
  const { pathname } = useLocation();
  return (
    <Group gap={4} wrap="nowrap">
      <Link
        to="/settings"
        className={classes.userLink}
        aria-current={pathname.startsWith('/settings') ? 'page' : undefined}
        onClick={onNavigate}
      >
        <Avatar color="indigo" variant="filled" radius="xl" size={34} aria-hidden>
          {userInitial(user)}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          {/* The name read out holds the visible text (WCAG 2.5.3), after what the link does. */}
          <Text size="sm" fw={600} truncate="end">
            <VisuallyHidden>Account settings for </VisuallyHidden>
            {user.username}
          </Text>
          <Text size="xs" c="dimmed">
            {user.planType === 'pro' ? 'Pro plan' : 'Free plan'}
          </Text>
        </div>
      </Link>
      {withLogoutIcon && (
        <Tooltip label="Logout" withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Logout"
            onClick={onLogout}
            loading={loggingOut}
          >
            <IconLogout size={19} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
