import { alertFeedParamsSchema, feedParamsSchema, feedsSchema } from '@shared/api/feeds';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentWorkspace } from '../http/current-user';
import type { PrivateScope } from '../http/private-scope';
import type { FeedFormat, FeedService } from './service';

/** The signed-in user's feed URLs, and a new token for them. */
export function feedRoutes(app: PrivateScope, deps: { feeds: FeedService }) {
  const { feeds } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/feeds',
    { config: { access: 'viewer' }, schema: { response: { 200: feedsSchema } } },
    (request) => feeds.urls(currentWorkspace(request).id),
  );

  r.post(
    '/api/feeds/rotate',
    { config: { access: 'admin' }, schema: { response: { 200: feedsSchema } } },
    (request) => feeds.rotate(currentWorkspace(request).id),
  );
}

/**
 * The feeds themselves, for feed readers: the token in the path is the credential, no cookie is
 * read.
 */
export function publicFeedRoutes(app: FastifyInstance, deps: { feeds: FeedService }) {
  const { feeds } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const send = async (
    reply: { header: (k: string, v: string) => unknown; type: (t: string) => unknown },
    token: string,
    format: FeedFormat,
    alertId?: number,
  ) => {
    const feed = await feeds.render(token, format, alertId);
    reply.type(feed.type);
    // Readers poll: a minute of caching in the reader costs nothing, and never in a shared cache.
    reply.header('cache-control', 'private, max-age=60');
    reply.header('x-robots-tag', 'noindex');
    return feed.body;
  };

  r.get('/api/feeds/:token/:format', { schema: { params: feedParamsSchema } }, (request, reply) =>
    send(reply, request.params.token, request.params.format),
  );

  r.get(
    '/api/feeds/:token/alerts/:alertId/:format',
    { schema: { params: alertFeedParamsSchema } },
    (request, reply) =>
      send(reply, request.params.token, request.params.format, request.params.alertId),
  );
}
