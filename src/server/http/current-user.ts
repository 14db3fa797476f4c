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

/** onRequest hook for protected routes: sets request.user or answers 401 (accounts/guard.ts). */
export type RequireUser = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The signed-in user inside a handler behind requireUser. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}
