import { useMemo, type ReactNode } from 'react';
import { WorkspaceAccessProvider } from '../../../lib/workspace-access';
import { useCurrentWorkspace } from '../api/get-workspaces';

/**
 * Tells every feature inside what the signed-in user may do in the current workspace (lib's
 * useCan), so each hides the controls their role cannot use.
 */
export function WorkspaceAccessScope({
  userId,
  children,
}: {
  userId: number;
  children: ReactNode;
}) {
  const workspace = useCurrentWorkspace();
  const role = workspace?.role;
  const readOnly = workspace?.readOnly ?? false;
  const shared = (workspace?.memberCount ?? 1) > 1;
  const access = useMemo(
    () => (role ? { role, readOnly, shared, userId } : null),
    [role, readOnly, shared, userId],
  );
  return <WorkspaceAccessProvider value={access}>{children}</WorkspaceAccessProvider>;
}
