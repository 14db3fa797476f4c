import type { Role } from '@shared/api/workspaces';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { users } from '../db/schema';
import { UnauthorizedError } from './errors';

/** The signed-in user's row, as the accounts area's guard resolves it from the session cookie. */
export type SessionUser = typeof users.$inferSelect;

/**
 * The workspace a request works in (the session's current one) and the caller's place in it.
 * Team services take it where they used to take the user: `id` is the workspace's, `timezone`
 * and `userId` the person's.
 */
export interface CurrentWorkspace {
  id: number;
  role: Role;
  /** More members than the plan's seats: only the owner may write (decision 031). */
  readOnly: boolean;
  userId: number;
  timezone: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    workspace: CurrentWorkspace | null;
  }
}

/** The private scope's onRequest hook: sets request.user or answers 401 (accounts/guard.ts). */
export type RequireUser = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The signed-in user, typed as present, inside a handler of the private scope (whose hook has
 * set it; see private-scope.ts). Asked for on a public route, it answers 401 rather than
 * letting a handler run without a user.
 */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}

/** The current workspace, set by the same hook as the user. */
export function currentWorkspace(request: FastifyRequest): CurrentWorkspace {
  if (!request.workspace) throw new UnauthorizedError();
  return request.workspace;
}
