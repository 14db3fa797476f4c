import { digestConfigSchema, digestConfigUpdateSchema } from '@shared/api/digests';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/current-user';
import type { PrivateScope } from '../../http/private-scope';
import type { DigestService } from './service';
import { unsubscribePage } from './unsubscribe-page';

export function digestRoutes(app: PrivateScope, deps: { digests: DigestService }) {
  const { digests } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/digest-config',
    { config: { access: 'personal' }, schema: { response: { 200: digestConfigSchema } } },
    (request) => digests.get(currentUser(request)),
  );

  r.put(
    '/api/digest-config',
    {
      config: { access: 'personal' },
      schema: { body: digestConfigUpdateSchema, response: { 200: digestConfigSchema } },
    },
    (request) => digests.update(currentUser(request), request.body),
  );
}

const tokenQuery = z.object({ token: z.string().max(200).optional().default('') });

/**
 * GET /unsubscribe shows a page (no state change: mail scanners prefetch links); POST
 * unsubscribes, or re-subscribes with action=resubscribe from that page. The POST is also
 * RFC 8058's one-click target: mail providers send it from their servers, without a session
 * or an Origin, as form data — so it is the one write exempt from the Origin check.
 */
export async function unsubscribeRoutes(
  app: FastifyInstance,
  deps: { digests: DigestService; appUrl: string },
) {
  const { digests, appUrl } = deps;
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 8 * 1024 },
      (request, body, done) => {
        const isForm = request.headers['content-type']?.startsWith(
          'application/x-www-form-urlencoded',
        );
        done(null, isForm ? Object.fromEntries(new URLSearchParams(body as string)) : {});
      },
    );
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const page = (state: Parameters<typeof unsubscribePage>[0]['state'], token: string) =>
      unsubscribePage({ state, token, appUrl });

    r.get('/unsubscribe', { schema: { querystring: tokenQuery } }, async (request, reply) => {
      const { token } = request.query;
      const found = await digests.verifyToken(token);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!found) return reply.status(400).send(page('invalid', token));
      return page(found.isActive ? 'confirm' : 'unsubscribed', token);
    });

    r.post('/unsubscribe', { schema: { querystring: tokenQuery } }, async (request, reply) => {
      const { token } = request.query;
      const found = await digests.verifyToken(token);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!found) return reply.status(400).send(page('invalid', token));
      const body = (request.body ?? {}) as Record<string, unknown>;
      const resubscribe = body.action === 'resubscribe';
      await digests.setActive(found.userId, resubscribe);
      return page(resubscribe ? 'resubscribed' : 'unsubscribed', token);
    });
  });
}
