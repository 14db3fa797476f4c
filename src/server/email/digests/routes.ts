import { digestConfigSchema, digestConfigUpdateSchema } from '@shared/api/digests';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/current-user';
import type { PrivateScope } from '../../http/private-scope';
import type { DigestService } from './service';
import { unsubscribePage } from './unsubscribe-page';
import { UNSUBSCRIBE_LISTS, type UnsubscribeList } from './unsubscribe-token';

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

const tokenQuery = z.object({
  token: z.string().max(200).optional().default(''),
  // Checked by the handler: an unknown list is an invalid link, not a 400 in JSON.
  list: z.string().max(40).optional().default('digest'),
});

const readList = (list: string): UnsubscribeList | undefined =>
  UNSUBSCRIBE_LISTS.find((known) => known === list);

/**
 * GET /unsubscribe shows a page (no state change: mail scanners prefetch links); POST
 * unsubscribes, or re-subscribes with action=resubscribe from that page. The POST is also
 * RFC 8058's one-click target: mail providers send it from their servers, without a session
 * or an Origin, as form data — so it is the one write exempt from the Origin check.
 */
export async function unsubscribeRoutes(
  app: FastifyInstance,
  deps: {
    digests: DigestService;
    /** The weekly report's switch (its links carry list=weekly-report; decision 035). */
    weeklyReports: { setActive(userId: number, isActive: boolean): Promise<void> };
    appUrl: string;
  },
) {
  const { digests, weeklyReports, appUrl } = deps;
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
    const page = (
      state: Parameters<typeof unsubscribePage>[0]['state'],
      token: string,
      list: UnsubscribeList = 'digest',
    ) => unsubscribePage({ state, token, appUrl, list });
    /** The user the link names and whether what it turns off is on; undefined if invalid. */
    const verify = async (query: { token: string; list: string }) => {
      const list = readList(query.list);
      const found = list && (await digests.verifyToken(query.token));
      if (!list || !found) return undefined;
      const isOn = list === 'digest' ? found.isActive : found.weeklyReport;
      return { list, userId: found.userId, isOn };
    };

    r.get('/unsubscribe', { schema: { querystring: tokenQuery } }, async (request, reply) => {
      const { token } = request.query;
      const found = await verify(request.query);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!found) return reply.status(400).send(page('invalid', token));
      return page(found.isOn ? 'confirm' : 'unsubscribed', token, found.list);
    });

    r.post('/unsubscribe', { schema: { querystring: tokenQuery } }, async (request, reply) => {
      const { token } = request.query;
      const found = await verify(request.query);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!found) return reply.status(400).send(page('invalid', token));
      const body = (request.body ?? {}) as Record<string, unknown>;
      const resubscribe = body.action === 'resubscribe';
      if (found.list === 'digest') await digests.setActive(found.userId, resubscribe);
      else await weeklyReports.setActive(found.userId, resubscribe);
      return page(resubscribe ? 'resubscribed' : 'unsubscribed', token, found.list);
    });
  });
}
