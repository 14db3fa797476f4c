import { roleAtLeast, type Role } from '@shared/api/workspaces';
import { createContext, useContext } from 'react';

/** What the signed-in person may do in the current workspace, for hiding what they cannot. */
export interface WorkspaceAccess {
  role: Role;
  /** More members than seats (after a downgrade): only the owner may change anything. */
  readOnly: boolean;
  /** More than one member: assigning and "Assigned to me" mean something. */
  shared: boolean;
  /** The signed-in user, for "Assigned to you" and "Replied by you". */
  userId: number;
}

const WorkspaceAccessContext = createContext<WorkspaceAccess | null>(null);

/**
 * Set by the app shell from the current workspace; features read it here rather than from the
 * workspaces feature, which they do not import (decision 018).
 */
export const WorkspaceAccessProvider = WorkspaceAccessContext.Provider;

/** The current workspace's access; null while the workspaces load, and outside the shell. */
export const useWorkspaceAccess = () => useContext(WorkspaceAccessContext);

/** Whether `access` allows what needs the `least` role (a read-only workspace: its owner only). */
export function allows(access: WorkspaceAccess | null, least: Role) {
  // Unknown (loading): shown, as for the owner of a personal workspace, which most people are;
  // the server answers 403 to anyone it does not allow all the same.
  if (!access) return true;
  if (access.readOnly && access.role !== 'owner' && least !== 'viewer') return false;
  return roleAtLeast(access.role, least);
}

/** Whether the signed-in person may do what needs the `least` role in the current workspace. */
export const useCan = (least: Role) => allows(useWorkspaceAccess(), least);
