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
import { identitiesAnswerSchema, identitiesUpdateSchema } from '@shared/api/identities';
import type { IdentityService } from './identities';
import { z } from 'zod';
import type { Config } from '../config';
import { currentUser } from '../http/current-user';
import type { PrivateScope } from '../http/private-scope';
import { DEVICE_COOKIE, DEVICE_TTL_MS } from './devices';
import type { SessionCookies } from './guard';
import type { GuessingLimits } from './guessing';
import type { Caller } from './caller';
import { toUserDto, type AuthService } from './service';

/** Who is asking, for the guessing limits: the address, and the device cookie if any. */
const callerOf = (request: FastifyRequest): Caller => ({
  ip: request.ip,
  deviceCookie: request.cookies[DEVICE_COOKIE],
});

/**
 * What a stranger may do: register, sign in and out, and follow the links of the account
 * emails (verify an address, reset a password). The links' tokens are their credential.
 */
export function publicAccountRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; cookies: SessionCookies; config: Config; limits: GuessingLimits },
) {
  const { auth, cookies, config, limits } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

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
      await limits.registerPerIp.hit(request.ip);
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
        callerOf(request),
        cookies.read(request),
      );
      cookies.set(reply, session.token, session.expiresAt);
      setDeviceCookie(reply, deviceCookie);
      return toUserDto(user);
    },
  );

  r.post('/api/logout', { config: { access: 'personal' } }, async (request, reply) => {
    await auth.logout(cookies.read(request));
    cookies.clear(reply);
    return reply.status(204).send();
  });

  r.post(
    '/api/email-verification/confirm',
    { schema: { body: verifyEmailBodySchema, response: { 200: messageResultSchema } } },
    (request) => auth.verifyEmail(request.body.token, callerOf(request)),
  );

  r.post(
    '/api/password-reset/request',
    { schema: { body: passwordResetRequestSchema, response: { 202: messageResultSchema } } },
    async (request, reply) => {
      await auth.requestPasswordReset(request.body.email, callerOf(request));
      return reply.status(202).send({ message: PASSWORD_RESET_REQUESTED });
    },
  );

  r.post(
    '/api/password-reset/confirm',
    { schema: { body: passwordResetBodySchema, response: { 200: messageResultSchema } } },
    (request) => auth.resetPassword(request.body, callerOf(request)),
  );
}

/** The signed-in user's own account: profile, password, verification email, deletion. */
export function accountRoutes(
  app: PrivateScope,
  deps: { auth: AuthService; cookies: SessionCookies; identities: IdentityService },
) {
  const { auth, cookies, identities } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/user/identities',
    { config: { access: 'personal' }, schema: { response: { 200: identitiesAnswerSchema } } },
    async (request) => ({ identities: await identities.get(currentUser(request).id) }),
  );

  r.put(
    '/api/user/identities',
    {
      config: { access: 'personal' },
      schema: { body: identitiesUpdateSchema, response: { 200: identitiesAnswerSchema } },
    },
    async (request) => ({
      identities: await identities.update(currentUser(request).id, request.body),
    }),
  );

  r.get(
    '/api/user',
    { config: { access: 'personal' }, schema: { response: { 200: userSchema } } },
    async (request) => toUserDto(currentUser(request)),
  );

  r.put(
    '/api/user/profile',
    {
      config: { access: 'personal' },
      schema: { body: profileBodySchema, response: { 200: userSchema } },
    },
    async (request) =>
      toUserDto(await auth.updateProfile(currentUser(request), request.body, callerOf(request))),
  );

  r.put(
    '/api/user/password',
    {
      config: { access: 'personal' },
      schema: { body: passwordBodySchema, response: { 204: z.undefined() } },
    },
    async (request, reply) => {
      const session = await auth.changePassword(
        currentUser(request),
        request.body,
        callerOf(request),
      );
      cookies.set(reply, session.token, session.expiresAt);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/user/email-verification',
    { config: { access: 'personal' }, schema: { response: { 200: messageResultSchema } } },
    (request) => auth.resendVerification(currentUser(request)),
  );

  r.delete('/api/user', { config: { access: 'personal' } }, async (request, reply) => {
    await auth.deleteAccount(currentUser(request).id);
    cookies.clear(reply);
    return reply.status(204).send();
  });
}
