import { channel } from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import { describe, expect, test } from 'vitest';
import { build } from '../helpers/test-app';

/**
 * The routes a stranger may call: each is either harmless (health, the plans on the pricing
 * page) or carries its own credential (a link's or feed's token, Stripe's signature), and
 * answers without a session. Every other route must answer 401 to a request without one.
 * A HEAD route is public when its GET is.
 */
const PUBLIC_ROUTES = [
  'GET /healthz',
  'GET /readyz',
  'GET /api/site',
  'POST /api/register',
  'POST /api/login',
  'POST /api/logout',
  'POST /api/email-verification/confirm',
  'POST /api/password-reset/request',
  'POST /api/password-reset/confirm',
  'GET /api/subscriptions/plans',
  'POST /api/subscriptions/webhook',
  'GET /api/feeds/:token/:format',
  'GET /api/feeds/:token/alerts/:alertId/:format',
  'GET /unsubscribe',
  'POST /unsubscribe',
  // The public API's reference: its document and the page that renders it (DESIGN §7).
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/',
  'GET /api/docs/openapi.json',
  'GET /api/docs/openapi.yaml',
  'GET /api/docs/js/scalar.js',
];

/** Where the credential is an API key, not a session: the 401 says so. */
const usesApiKey = (url: string) => url.startsWith('/api/v1/') || url === '/mcp';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// The route table, as Fastify's onRoute hook reports it: hooked in as the app's instance is
// created, before any area registers a route, through the channel Fastify publishes for that.
const routes: { method: string; url: string }[] = [];
const initialization = channel('fastify.initialization');
const collectRoutes = (message: unknown) => {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
};
initialization.subscribe(collectRoutes);
const t = await build();
initialization.unsubscribe(collectRoutes);

const keyOf = ({ method, url }: { method: string; url: string }) =>
  `${method === 'HEAD' ? 'GET' : method} ${url}`;
const privateRoutes = routes.filter((route) => !PUBLIC_ROUTES.includes(keyOf(route)));

describe('routes without a session (or, for the public API, without a key)', () => {
  test('the walk saw the whole route table', () => {
    // printRoutes lists each path once with its methods: "├── /api/alerts (GET, HEAD, POST)".
    const printed = t.app.printRoutes({ commonPrefix: false });
    const methods = [...printed.matchAll(/\(([A-Z, ]+)\)$/gm)].flatMap((m) => m[1].split(', '));
    expect(routes.length).toBe(methods.length);
    expect(privateRoutes.length).toBeGreaterThan(50);
  });

  test('every public route of the list is registered, so the list cannot outlive a route', () => {
    const registered = new Set(routes.map(keyOf));
    expect(PUBLIC_ROUTES.filter((key) => !registered.has(key))).toEqual([]);
  });

  const cases = privateRoutes.map(({ method, url }) => [method, url]);
  test.each(cases)('%s %s answers 401', async (method, url) => {
    // As a browser on the app's own page would send it: a write carries the same-origin
    // Origin header, so the cross-site check (403) lets it through to the session check.
    const headers: Record<string, string> = WRITES.has(method)
      ? { origin: new URL(t.config.appUrl).origin }
      : {};
    const path = url.replace(/:\w+/g, '1');
    const res = await t.client().request(method, path, undefined, headers);
    expect(res.status).toBe(401);
    if (method === 'HEAD') return;
    if (usesApiKey(url)) expect(res.body.message).toMatch(/^Send an API key/);
    else expect(res.body).toEqual({ message: 'Please sign in to continue' });
  });
});
