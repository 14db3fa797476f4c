import {
  alertCreateSchema,
  alertErrorInfoSchema,
  alertListSchema,
  alertSchema,
  alertUpdateSchema,
  filterScopeNoticeSchema,
  idParamSchema,
} from '@shared/api/alerts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../http/current-user';
import type { PrivateScope } from '../http/private-scope';
import type { AlertService } from './service';

export function alertRoutes(app: PrivateScope, deps: { alerts: AlertService }) {
  const { alerts } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/alerts', { schema: { response: { 200: alertListSchema } } }, (request) =>
    alerts.list(currentUser(request).id),
  );

  r.post(
    '/api/alerts',
    { schema: { body: alertCreateSchema, response: { 201: alertSchema } } },
    async (request, reply) =>
      reply.status(201).send(await alerts.create(currentUser(request).id, request.body)),
  );

  r.put(
    '/api/alerts/:id',
    { schema: { params: idParamSchema, body: alertUpdateSchema, response: { 200: alertSchema } } },
    (request) => alerts.update(currentUser(request).id, request.params.id, request.body),
  );

  r.delete('/api/alerts/:id', { schema: { params: idParamSchema } }, async (request, reply) => {
    await alerts.remove(currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });

  r.get(
    '/api/alerts/filter-scope-notice',
    { schema: { response: { 200: filterScopeNoticeSchema } } },
    (request) => alerts.filterScopeNotice(currentUser(request).id),
  );

  r.delete('/api/alerts/filter-scope-notice', async (request, reply) => {
    await alerts.dismissFilterScopeNotice(currentUser(request).id);
    return reply.status(204).send();
  });

  r.get(
    '/api/alerts/error-info/:id',
    { schema: { params: idParamSchema, response: { 200: alertErrorInfoSchema } } },
    (request) => alerts.errorInfo(currentUser(request).id, request.params.id),
  );
}
