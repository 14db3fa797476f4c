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
import { assigneeBodySchema } from '@shared/api/workspaces';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentWorkspace } from '../http/current-user';
import type { PrivateScope } from '../http/private-scope';
import type { MentionService } from './service';

// Excel reads a CSV file as UTF-8 only when it starts with a byte order mark.
const BOM = '\ufeff';

export function mentionRoutes(app: PrivateScope, deps: { mentions: MentionService }) {
  const { mentions } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/mentions',
    {
      config: { access: 'viewer' },
      schema: { querystring: mentionListQuerySchema, response: { 200: mentionPageSchema } },
    },
    (request) => mentions.list(currentWorkspace(request), request.query),
  );

  r.get(
    '/api/mentions/activity',
    {
      config: { access: 'viewer' },
      schema: { querystring: activityQuerySchema, response: { 200: activitySchema } },
    },
    (request) => mentions.activity(currentWorkspace(request), request.query.days),
  );

  r.get(
    '/api/mentions/export.csv',
    { config: { access: 'viewer' }, schema: { querystring: mentionFiltersSchema } },
    (request, reply) => {
      const rows = mentions.exportCsv(currentWorkspace(request), request.query);
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
      config: { access: 'member' },
      schema: {
        params: mentionIdParamSchema,
        body: repliedBodySchema,
        response: { 200: mentionSchema },
      },
    },
    (request) =>
      mentions.setReplied(currentWorkspace(request), request.params.id, request.body.hasReplied),
  );

  r.put(
    '/api/mentions/:id/read',
    {
      config: { access: 'member' },
      schema: { params: mentionIdParamSchema, response: { 200: mentionSchema } },
    },
    (request) => mentions.markRead(currentWorkspace(request).id, request.params.id),
  );

  r.put(
    '/api/mentions/:id/assignee',
    {
      config: { access: 'member' },
      schema: {
        params: mentionIdParamSchema,
        body: assigneeBodySchema,
        response: { 200: mentionSchema },
      },
    },
    (request) => mentions.assign(currentWorkspace(request), request.params.id, request.body.userId),
  );
}
