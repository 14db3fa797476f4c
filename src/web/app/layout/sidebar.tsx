import { Anchor, AppShell, Divider, Stack } from '@mantine/core';
import type { User } from '@shared/api/auth';
import { IconExternalLink, IconLifebuoy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Logo } from '../../components/logo';
import { WorkspaceSwitcher } from '../../features/workspaces';
import { useSupportEmail } from '../../lib/get-site-info';
import classes from './app-layout.module.css';
import { plansItem, SIDEBAR_ITEMS, upgradeItem } from './nav-items';
import { NavLinkItem } from './nav-link-item';
import { UsageBox } from './usage-box';
import { UserSummary } from './user-summary';

interface SidebarProps {
  user: User;
  onLogout: () => void;
  loggingOut: boolean;
}

/** Help & Support: a mail to the server's support address (SUPPORT_EMAIL). */
export function HelpLink({ onNavigate }: { onNavigate?: () => void }) {
  const supportEmail = useSupportEmail();
  return (
    <a
      href={supportEmail ? `mailto:${supportEmail}` : undefined}
      className={classes.link}
      onClick={onNavigate}
    >
      <IconLifebuoy size={20} stroke={1.7} className={classes.linkIcon} aria-hidden />
      <span style={{ flex: 1 }}>Help &amp; Support</span>
      <IconExternalLink size={14} aria-hidden />
    </a>
  );
}

/**
 * The desktop navigation: the workspace, pages, upgrade, help, plan usage, and the signed-in
 * user.
 */
export function Sidebar({ user, onLogout, loggingOut }: SidebarProps) {
  const isPro = user.planType === 'pro';
  return (
    <AppShell.Navbar p="md" className={classes.navbar} aria-label="Sidebar" visibleFrom="sm">
      <AppShell.Section mb="lg" px={6} pt={4}>
        <Anchor component={Link} to="/" aria-label="Earshot dashboard" underline="never">
          <Logo size={30} />
        </Anchor>
      </AppShell.Section>
      <AppShell.Section mb="md">
        <WorkspaceSwitcher />
      </AppShell.Section>
      <AppShell.Section grow component="nav" aria-label="Main">
        <Stack gap={4}>
          {SIDEBAR_ITEMS.map((item) => (
            <NavLinkItem key={item.to} item={item} />
          ))}
          {isPro ? (
            <NavLinkItem item={plansItem} />
          ) : (
            <NavLinkItem item={upgradeItem} className={classes.upgradeLink} />
          )}
          <HelpLink />
        </Stack>
      </AppShell.Section>
      <AppShell.Section>
        <Stack gap="md">
          <UsageBox user={user} />
          <Divider />
          <UserSummary user={user} onLogout={onLogout} loggingOut={loggingOut} />
        </Stack>
      </AppShell.Section>
    </AppShell.Navbar>
  );
}
