// The workspaces area: who belongs to which workspace with which role, invitations, and the
// workspace each request works in.
export { deleteWorkspacesOnlyOwnedBy, workspaceColumns, type MembershipRow } from './repo';
export { workspaceRoutes } from './routes';
export { INVITATIONS_PER_HOUR, type InvitationMail } from './invitation-service';
export {
  createWorkspaceService,
  toCurrent as toCurrentWorkspace,
  type WorkspaceService,
} from './service';
