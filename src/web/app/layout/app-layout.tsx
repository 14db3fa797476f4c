import { AppShell, Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { User } from '@shared/api/auth';
import type { ReactNode } from 'react';
import { useWorkspaces, WorkspaceAccessScope } from '../../features/workspaces';
import { FRAME } from './frame-sizes';
import { BottomTabs, MobileMenu, MobileTopBar } from './mobile-nav';
import { Sidebar } from './sidebar';
import { useLiveEvents } from './use-live-events';
import { useLogoutAction } from './use-logout-action';

/**
 * The signed-in frame: sidebar on desktop; top bar, slide-out menu and bottom tabs on mobile;
 * around it all, what the user's role in the current workspace allows.
 */
export function AppLayout({ user, children }: { user: User; children: ReactNode }) {
  const [menuOpened, menu] = useDisclosure(false);
  const { logout, isPending } = useLogoutAction();
  const workspaces = useWorkspaces();
  const current = workspaces.data?.items.find((workspace) => workspace.isCurrent);
  useLiveEvents(current?.id);
  return (
    <WorkspaceAccessScope userId={user.id}>
      <AppShell
        header={{ height: { base: FRAME.topBarHeight, sm: 0 } }}
        footer={{ height: { base: FRAME.bottomTabsHeight, sm: 0 } }}
        navbar={{ width: FRAME.sidebarWidth, breakpoint: 'sm', collapsed: { mobile: true } }}
        padding={{ base: 'md', sm: 'xl' }}
      >
        <MobileTopBar user={user} menuOpened={menuOpened} onToggleMenu={menu.toggle} />
        <MobileMenu
          user={user}
          opened={menuOpened}
          onClose={menu.close}
          onLogout={logout}
          loggingOut={isPending}
        />
        <Sidebar user={user} onLogout={logout} loggingOut={isPending} />
        <AppShell.Main>
          <Box maw={1200} mx="auto">
            {children}
          </Box>
        </AppShell.Main>
        <BottomTabs />
      </AppShell>
    </WorkspaceAccessScope>
  );
}
