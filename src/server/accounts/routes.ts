import {
  loginBodySchema,
  messageResultSchema,
  PASSWORD_RESET_REQUESTED,
  passwordBodySchema,
  passwordResetBodySchema,
  passwordResetRequestSchema,
  profileBodySchema,
  registerBodySchema,
  userSchema,
  verifyEmailBodySchema,
} from '@shared/api/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config';
import { currentUser, type RequireUser } from '../http/current-user';
import { DEVICE_COOKIE, DEVICE_TTL_MS } from './devices';
import type { SessionCookies } from './guard';
import type { GuessingLimits } from './guessing';
import type { Caller } from './caller';
import { toUserDto, type AuthService } from './service';

export function authRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    cookies: SessionCookies;
    requireUser: RequireUser;
    config: Config;
    limits: GuessingLimits;
  },
) {
  const { auth, cookies, requireUser, config, limits } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const caller = (request: FastifyRequest): Caller => ({
    ip: request.ip,
    deviceCookie: request.cookies[DEVICE_COOKIE],
  });
  // Sent only to the login route: it is the one place a known device matters.
  const setDeviceCookie = (reply: FastifyReply, value: string) =>
    reply.setCookie(DEVICE_COOKIE, value, {
      path: '/api/login',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      maxAge: DEVICE_TTL_MS / 1000,
    });

  r.post(
    '/api/register',
    { schema: { body: registerBodySchema, response: { 201: userSchema } } },
    async (request, reply) => {
      limits.registerPerIp.hit(request.ip);
      const { user, session } = await auth.register(request.body);
      cookies.set(reply, session.token, session.expiresAt);
      return reply.status(201).send(toUserDto(user));
    },
  );

  r.post(
    '/api/login',
    { schema: { body: loginBodySchema, response: { 200: userSchema } } },
    async (request, reply) => {
      const { user, session, deviceCookie } = await auth.login(
        request.body,
        caller(request),
        cookies.read(request),
      );
      cookies.set(reply, session.token, session.expiresAt);
      setDeviceCookie(reply, deviceCookie);
      return toUserDto(user);
    },
  );

  r.post('/api/logout', async (request, reply) => {
    await auth.logout(cookies.read(request));
    cookies.clear(reply);
    return reply.status(204).send();
  });

  r.get(
    '/api/user',
    { onRequest: requireUser, schema: { response: { 200: userSchema } } },
    async (request) => toUserDto(currentUser(request)),
  );

  r.put(
    '/api/user/profile',
    { onRequest: requireUser, schema: { body: profileBodySchema, response: { 200: userSchema } } },
    async (request) =>
      toUserDto(await auth.updateProfile(currentUser(request), request.body, caller(request))),
  );

  r.put(
    '/api/user/password',
    {
      onRequest: requireUser,
      schema: { body: passwordBodySchema, response: { 204: z.undefined() } },
    },
    async (request, reply) => {
      const session = await auth.changePassword(
        currentUser(request),
        request.body,
        caller(request),
      );
      cookies.set(reply, session.token, session.expiresAt);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/user/email-verification',
    { onRequest: requireUser, schema: { response: { 200: messageResultSchema } } },
    (request) => auth.resendVerification(currentUser(request)),
  );

  r.post(
    '/api/email-verification/confirm',
    { schema: { body: verifyEmailBodySchema, response: { 200: messageResultSchema } } },
    (request) => auth.verifyEmail(request.body.token, caller(request)),
  );

  r.post(
    '/api/password-reset/request',
    { schema: { body: passwordResetRequestSchema, response: { 202: messageResultSchema } } },
    async (request, reply) => {
      auth.requestPasswordReset(request.body.email, caller(request));
      return reply.status(202).send({ message: PASSWORD_RESET_REQUESTED });
    },
  );

  r.post(
    '/api/password-reset/confirm',
    { schema: { body: passwordResetBodySchema, response: { 200: messageResultSchema } } },
    (request) => auth.resetPassword(request.body, caller(request)),
  );

  r.delete('/api/user', { onRequest: requireUser }, async (request, reply) => {
    await auth.deleteAccount(currentUser(request).id);
    cookies.clear(reply);
    return reply.status(204).send();
  });
}
