import { roleAtLeast, type Role } from '@shared/api/workspaces';
import type { FastifyRequest, RouteOptions } from 'fastify';
import type { CurrentWorkspace } from './current-user';
import { ForbiddenError } from './errors';

/**
 * What a private route needs (decision 031): `personal` acts on the signed-in person only
 * (password, sessions, digest settings) and any member may call it; a role is the least one
 * needed in the current workspace. Every private route declares it next to its schema, as
 * `config: { access }`; one whose declaration is missing stops the server at start-up.
 */
export type Access = 'personal' | Role;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** onRoute: a private route without a declared access is a bug caught before it can serve. */
export function requireDeclaredAccess(route: RouteOptions) {
  const access = (route.config as { access?: Access } | undefined)?.access;
  if (!access) {
    throw new Error(`${String(route.method)} ${route.url} declares no access (config.access)`);
  }
}

const WORD: Record<Role, string> = {
  owner: 'an owner',
  admin: 'an admin',
  member: 'a member',
  viewer: 'a viewer',
};

/**
 * 403 when the caller's role is below `access`, or when the workspace is read-only (more
 * members than seats) and the caller, not its owner, asks to change something. Routes get it
 * from their declaration; an MCP tool, one route with many tools, asks for each.
 */
export function assertAccess(workspace: CurrentWorkspace, access: Access) {
  if (access === 'personal') return;
  if (!roleAtLeast(workspace.role, access)) {
    throw new ForbiddenError(
      `Only ${WORD[access]} or above can do this in this workspace; you are ${WORD[workspace.role]}.`,
    );
  }
  if (workspace.readOnly && access !== 'viewer' && workspace.role !== 'owner') {
    throw new ForbiddenError(
      'This workspace has more members than its plan has seats, so it is read-only until its owner upgrades or removes members.',
    );
  }
}

/** onRequest, after the caller's user and workspace are known: the route's declared access. */
export async function enforceRouteAccess(request: FastifyRequest) {
  const access = request.routeOptions.config.access;
  if (access && request.workspace) assertAccess(request.workspace, access);
}
