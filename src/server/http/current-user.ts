import type { FastifyReply, FastifyRequest } from 'fastify';
import type { users } from '../db/schema';
import { UnauthorizedError } from './errors';

/** The signed-in user's row, as the accounts area's guard resolves it from the session cookie. */
export type SessionUser = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
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
