// What the app and other features may use of workspaces (the switcher, the Team tab, invitations,
// and the current workspace's role and members).
export { useAssignees } from './api/get-members';
export { useCurrentWorkspace, useWorkspaces } from './api/get-workspaces';
export { AcceptInvitation } from './components/accept-invitation';
export { useReadOnlyNotice } from './components/read-only-notice';
export { TeamSettings } from './components/team-settings';
export { WorkspaceAccessScope } from './components/workspace-access-scope';
export { WorkspaceSwitcher } from './components/workspace-switcher';
