import {
  loginBodySchema,
  passwordBodySchema,
  profileBodySchema,
  registerBodySchema,
  userSchema,
} from '@shared/api/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../clock';
import type { Config } from '../config';
import { createRateLimiter } from '../http/rate-limiter';
import { currentUser, type RequireUser } from '../http/current-user';
import type { SessionCookies } from './guard';
import { toUserDto, type AuthService } from './service';

const MINUTE = 60_000;

export function authRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    cookies: SessionCookies;
    requireUser: RequireUser;
    config: Config;
    clock: Clock;
  },
) {
  const { auth, cookies, requireUser, config, clock } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tooMany = 'Too many attempts. Please wait a minute and try again.';
  const loginPerIp = createRateLimiter({
    max: config.authRateLimitPerMinute,
    windowMs: MINUTE,
    clock,
    message: tooMany,
  });
  const loginPerEmail = createRateLimiter({
    max: config.authRateLimitPerMinute,
    windowMs: MINUTE,
    clock,
    message: tooMany,
  });
  const registerPerIp = createRateLimiter({
    max: Math.max(1, Math.floor(config.authRateLimitPerMinute / 2)),
    windowMs: MINUTE,
    clock,
    message: 'Too many sign-ups from this address. Please wait a minute and try again.',
  });

  r.post(
    '/api/register',
    { schema: { body: registerBodySchema, response: { 201: userSchema } } },
    async (request, reply) => {
      registerPerIp.hit(request.ip);
      const { user, session } = await auth.register(request.body);
      cookies.set(reply, session.token, session.expiresAt);
      return reply.status(201).send(toUserDto(user));
    },
  );

  r.post(
    '/api/login',
    { schema: { body: loginBodySchema, response: { 200: userSchema } } },
    async (request, reply) => {
      loginPerIp.hit(request.ip);
      loginPerEmail.hit(request.body.username);
      const { user, session } = await auth.login(request.body, cookies.read(request));
      cookies.set(reply, session.token, session.expiresAt);
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
    async (request) => toUserDto(await auth.updateProfile(currentUser(request), request.body)),
  );

  r.put(
    '/api/user/password',
    {
      onRequest: requireUser,
      schema: { body: passwordBodySchema, response: { 204: z.undefined() } },
    },
    async (request, reply) => {
      const session = await auth.changePassword(currentUser(request), request.body);
      cookies.set(reply, session.token, session.expiresAt);
      return reply.status(204).send();
    },
  );

  r.delete('/api/user', { onRequest: requireUser }, async (request, reply) => {
    await auth.deleteAccount(currentUser(request).id);
    cookies.clear(reply);
    return reply.status(204).send();
  });
}
