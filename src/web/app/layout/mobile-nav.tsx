import {
  Anchor,
  AppShell,
  Avatar,
  Burger,
  Button,
  Divider,
  Drawer,
  Group,
  Stack,
} from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import type { User } from '@shared/api/auth';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/logo';
import { WorkspaceSwitcher } from '../../features/workspaces';
import classes from './app-layout.module.css';
import { BOTTOM_TAB_ITEMS, plansItem, settingsItem, upgradeItem } from './nav-items';
import { NavLinkItem } from './nav-link-item';
import { HelpLink } from './sidebar';
import { UsageBox } from './usage-box';
import { userInitial, UserSummary } from './user-summary';

interface MobileTopBarProps {
  user: User;
  menuOpened: boolean;
  onToggleMenu: () => void;
}

/** Below 768 px: logo, a burger for the slide-out menu, and the user's initial. */
export function MobileTopBar({ user, menuOpened, onToggleMenu }: MobileTopBarProps) {
  return (
    <AppShell.Header hiddenFrom="sm" px="md">
      <Group h="100%" justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Burger
            opened={menuOpened}
            onClick={onToggleMenu}
            size="sm"
            aria-label={menuOpened ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpened}
            aria-controls="mobile-menu"
          />
          <Anchor component={Link} to="/" aria-label="Earshot dashboard" underline="never">
            <Logo size={26} />
          </Anchor>
        </Group>
        <Anchor component={Link} to="/settings" aria-label="Account settings" underline="never">
          <Avatar color="indigo" variant="filled" radius="xl" size={32}>
            {userInitial(user)}
          </Avatar>
        </Anchor>
      </Group>
    </AppShell.Header>
  );
}

interface MobileMenuProps {
  user: User;
  opened: boolean;
  onClose: () => void;
  onLogout: () => void;
  loggingOut: boolean;
}

/** The slide-out menu: the workspace, upgrade and help links, plan usage, the user, Logout. */
export function MobileMenu({ user, opened, onClose, onLogout, loggingOut }: MobileMenuProps) {
  const isPro = user.planType === 'pro';
  return (
    <Drawer
      id="mobile-menu"
      opened={opened}
      onClose={onClose}
      size={300}
      padding="md"
      title={<Logo size={26} />}
      closeButtonProps={{ 'aria-label': 'Close menu' }}
      hiddenFrom="sm"
    >
      <Stack gap="md">
        <WorkspaceSwitcher onSwitched={onClose} />
        <Stack gap={4} component="nav" aria-label="Menu">
          {isPro ? (
            <NavLinkItem item={plansItem} onNavigate={onClose} />
          ) : (
            <NavLinkItem item={upgradeItem} className={classes.upgradeLink} onNavigate={onClose} />
          )}
          <NavLinkItem item={settingsItem} onNavigate={onClose} />
          <HelpLink onNavigate={onClose} />
        </Stack>
        <UsageBox user={user} />
        <Divider />
        <UserSummary
          user={user}
          onLogout={onLogout}
          loggingOut={loggingOut}
          onNavigate={onClose}
          withLogoutIcon={false}
        />
        <Button
          variant="default"
          fullWidth
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={onLogout}
          loading={loggingOut}
        >
          Logout
        </Button>
      </Stack>
    </Drawer>
  );
}

/** Below 768 px: the fixed bottom tab bar. */
export function BottomTabs() {
  const { pathname } = useLocation();
  return (
    <AppShell.Footer hiddenFrom="sm" className={classes.footer}>
      <nav aria-label="Tabs" className={classes.tabs}>
        {BOTTOM_TAB_ITEMS.map((item) => {
          const Icon = item.icon;
          return (
            <Link
              key={item.to}
              to={item.to}
              className={classes.tab}
              aria-current={item.isActive(pathname) ? 'page' : undefined}
            >
              <Icon size={22} stroke={1.7} aria-hidden />
              <span>{item.label}</span>
            </Link>
          );
        })}
      </nav>
    </AppShell.Footer>
  );
}
