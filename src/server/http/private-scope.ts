import type { FastifyInstance } from 'fastify';
import type { RequireUser } from './current-user';
import { enforceRouteAccess, requireDeclaredAccess } from './route-access';

declare const sessionRequired: unique symbol;

/**
 * A Fastify scope that holds private routes: one hook in it answers 401 to a request without
 * a valid credential (the web app's session, or the public API's key), so no route has to
 * remember to ask for one. Functions that register
 * private routes take this type, not FastifyInstance, so handing them the public app (where no
 * session is checked) does not compile.
 */
export type PrivateScope = FastifyInstance & { readonly [sessionRequired]: true };

/**
 * Registers private routes inside one encapsulated plugin whose onRequest hook is
 * `authenticate` (the accounts area's requireUser, or the API keys' requireApiKey), then the
 * route's declared access (route-access.ts). The hook runs after the app's own onRequest hooks (the Origin
 * check answers a cross-site write 403 first, and the cookies are parsed) and before the body
 * is read, so a stranger gets 401, not a 400 about the body; rate limits, counted in the
 * handlers and services, come after it.
 */
export async function registerPrivateRoutes(
  app: FastifyInstance,
  authenticate: RequireUser,
  register: (scope: PrivateScope) => void | Promise<void>,
) {
  await app.register(async (scope) => {
    scope.addHook('onRoute', requireDeclaredAccess);
    scope.addHook('onRequest', authenticate);
    scope.addHook('onRequest', enforceRouteAccess);
    await register(scope as PrivateScope);
  });
}
