import {
  IconBell,
  IconChartHistogram,
  IconCreditCard,
  IconTags,
  IconLayoutDashboard,
  IconSettings,
  IconSparkles,
  type Icon,
} from '@tabler/icons-react';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  /** Whether the item is the current page; the dashboard answers on two paths. */
  isActive: (pathname: string) => boolean;
}

const under = (base: string) => (pathname: string) =>
  pathname === base || pathname.startsWith(`${base}/`);

const dashboard: NavItem = {
  label: 'Dashboard',
  to: '/',
  icon: IconLayoutDashboard,
  isActive: (pathname) => pathname === '/' || under('/dashboard')(pathname),
};
const keywords: NavItem = {
  label: 'Keywords',
  to: '/alerts',
  icon: IconTags,
  isActive: under('/alerts'),
};
const alerts: NavItem = {
  label: 'Alerts',
  to: '/mentions',
  icon: IconBell,
  isActive: under('/mentions'),
};
const analytics: NavItem = {
  label: 'Analytics',
  to: '/analytics',
  icon: IconChartHistogram,
  isActive: under('/analytics'),
};
const settings: NavItem = {
  label: 'Settings',
  to: '/settings',
  icon: IconSettings,
  isActive: under('/settings'),
};
export const upgradeItem: NavItem = {
  label: 'Upgrade to Pro',
  to: '/pricing',
  icon: IconSparkles,
  isActive: under('/pricing'),
};

/** A Pro user has nothing to upgrade to; the same place shows the plans. */
export const plansItem: NavItem = { ...upgradeItem, label: 'Plans', icon: IconCreditCard };

/** The desktop sidebar's pages, in order: docs/product.md §3 (Screens). */
export const SIDEBAR_ITEMS: NavItem[] = [dashboard, keywords, alerts, analytics];

/** The mobile bottom tab bar: docs/product.md §3 (Screens). */
export const BOTTOM_TAB_ITEMS: NavItem[] = [dashboard, keywords, alerts, analytics, settings];

export const settingsItem = settings;
