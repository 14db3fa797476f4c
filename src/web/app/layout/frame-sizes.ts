/**
 * The signed-in frame's sizes in px, for the AppShell and, as CSS variables (theme.ts), for what
 * must keep clear of it outside the shell: the toasts (styles.css).
 */
export const FRAME = { sidebarWidth: 264, topBarHeight: 56, bottomTabsHeight: 64 } as const;

export const frameCssVariables = {
  '--app-sidebar-width': `${FRAME.sidebarWidth}px`,
  '--app-bottom-tabs-height': `${FRAME.bottomTabsHeight}px`,
};
