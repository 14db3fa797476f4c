import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { UnauthorizedError } from '../http/errors';
import type { CurrentWorkspace, RequireUser, SessionUser } from '../http/current-user';
import type { AuthService } from './service';
import { SESSION_COOKIE } from './sessions';

export function createSessionCookies(config: Config) {
  const base = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.secureCookies,
  };
  return {
    set(reply: FastifyReply, token: string, expires: Date) {
      reply.setCookie(SESSION_COOKIE, token, { ...base, expires });
    },
    clear(reply: FastifyReply) {
      reply.clearCookie(SESSION_COOKIE, base);
    },
    read: (request: FastifyRequest) => request.cookies[SESSION_COOKIE],
  };
}

export type SessionCookies = ReturnType<typeof createSessionCookies>;

/**
 * The private scope's onRequest hook (http/private-scope.ts), before body parsing, so a stranger
 * gets 401, not 400: sets request.user or answers 401, clearing a cookie that names no session.
 */
export function createRequireUser(
  auth: AuthService,
  cookies: SessionCookies,
  resolveWorkspace: (
    user: SessionUser,
    preferred: number | null,
  ) => Promise<CurrentWorkspace | undefined>,
): RequireUser {
  return async function requireUser(request: FastifyRequest, reply: FastifyReply) {
    const token = cookies.read(request);
    const resolved = token ? await auth.resolveSession(token) : undefined;
    if (!token || !resolved) {
      if (token) cookies.clear(reply);
      throw new UnauthorizedError();
    }
    if (resolved.extendedUntil) cookies.set(reply, token, resolved.extendedUntil);
    const workspace = await resolveWorkspace(resolved.user, resolved.workspaceId);
    // Every account has its personal workspace; one without any was deleted meanwhile.
    if (!workspace) throw new UnauthorizedError();
    request.user = resolved.user;
    request.workspace = workspace;
  };
}
