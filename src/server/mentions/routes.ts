import { Readable } from 'node:stream';
import {
  activityQuerySchema,
  activitySchema,
  mentionFiltersSchema,
  mentionIdParamSchema,
  mentionListQuerySchema,
  mentionPageSchema,
  mentionSchema,
  repliedBodySchema,
} from '@shared/api/mentions';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../http/current-user';
import type { PrivateScope } from '../http/private-scope';
import type { MentionService } from './service';

// Excel reads a CSV file as UTF-8 only when it starts with a byte order mark.
const BOM = '\ufeff';

export function mentionRoutes(app: PrivateScope, deps: { mentions: MentionService }) {
  const { mentions } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/mentions',
    { schema: { querystring: mentionListQuerySchema, response: { 200: mentionPageSchema } } },
    (request) => mentions.list(currentUser(request), request.query),
  );

  r.get(
    '/api/mentions/activity',
    { schema: { querystring: activityQuerySchema, response: { 200: activitySchema } } },
    (request) => mentions.activity(currentUser(request), request.query.days),
  );

  r.get(
    '/api/mentions/export.csv',
    { schema: { querystring: mentionFiltersSchema } },
    (request, reply) => {
      const rows = mentions.exportCsv(currentUser(request), request.query);
      async function* withBom() {
        yield BOM;
        yield* rows;
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="earshot-mentions.csv"')
        .header('cache-control', 'no-store')
        .send(Readable.from(withBom()));
    },
  );

  r.put(
    '/api/mentions/:id/replied',
    {
      schema: {
        params: mentionIdParamSchema,
        body: repliedBodySchema,
        response: { 200: mentionSchema },
      },
    },
    (request) =>
      mentions.setReplied(currentUser(request).id, request.params.id, request.body.hasReplied),
  );

  r.put(
    '/api/mentions/:id/read',
    { schema: { params: mentionIdParamSchema, response: { 200: mentionSchema } } },
    (request) => mentions.markRead(currentUser(request).id, request.params.id),
  );
}
