import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { ForbiddenError } from './errors';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origins allowed to write. APP_URL's origin, and when it is a loopback address the other
 * loopback spellings of it too (the default APP_URL says 127.0.0.1, some people open localhost).
 */
export function allowedOrigins(appUrl: string) {
  const url = new URL(appUrl);
  if (!LOOPBACK.has(url.hostname)) return new Set([url.origin]);
  return new Set(
    [...LOOPBACK].map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`),
  );
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Writes that carry their own credential rather than a cookie, so a cross-site page cannot
 * make them for a visitor: RFC 8058 one-click unsubscribe (mail providers POST from their own
 * servers with a token), and the public API and MCP server (a bearer key; DESIGN §7).
 */
const originExempt = (path: string) =>
  path === '/unsubscribe' || path === '/mcp' || path.startsWith('/api/v1/');

export async function installSecurity(app: FastifyInstance, config: Config) {
  const origins = allowedOrigins(config.appUrl);
  // CSRF: SameSite=Lax cookies plus this check. Requests without Origin (curl, same-origin GET
  // navigations in old browsers) pass; a browser sending another site's Origin does not.
  app.addHook('onRequest', async (request) => {
    const origin = request.headers.origin;
    if (originExempt(request.url.split('?')[0])) return;
    if (WRITE_METHODS.has(request.method) && origin !== undefined && !origins.has(origin)) {
      throw new ForbiddenError('Cross-site request refused');
    }
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables and component styles into <style> tags at runtime.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: config.secureCookies,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
