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
import { currentWorkspace } from '../http/current-user';
import type { PrivateScope } from '../http/private-scope';
import type { AlertService } from './service';

export function alertRoutes(app: PrivateScope, deps: { alerts: AlertService }) {
  const { alerts } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/alerts',
    { config: { access: 'viewer' }, schema: { response: { 200: alertListSchema } } },
    (request) => alerts.list(currentWorkspace(request).id),
  );

  r.post(
    '/api/alerts',
    {
      config: { access: 'member' },
      schema: { body: alertCreateSchema, response: { 201: alertSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await alerts.create(currentWorkspace(request).id, request.body)),
  );

  r.put(
    '/api/alerts/:id',
    {
      config: { access: 'member' },
      schema: { params: idParamSchema, body: alertUpdateSchema, response: { 200: alertSchema } },
    },
    (request) => alerts.update(currentWorkspace(request).id, request.params.id, request.body),
  );

  r.delete(
    '/api/alerts/:id',
    { config: { access: 'member' }, schema: { params: idParamSchema } },
    async (request, reply) => {
      await alerts.remove(currentWorkspace(request).id, request.params.id);
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/alerts/filter-scope-notice',
    { config: { access: 'viewer' }, schema: { response: { 200: filterScopeNoticeSchema } } },
    (request) => alerts.filterScopeNotice(currentWorkspace(request).id),
  );

  r.delete(
    '/api/alerts/filter-scope-notice',
    { config: { access: 'member' } },
    async (request, reply) => {
      await alerts.dismissFilterScopeNotice(currentWorkspace(request).id);
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/alerts/error-info/:id',
    {
      config: { access: 'viewer' },
      schema: { params: idParamSchema, response: { 200: alertErrorInfoSchema } },
    },
    (request) => alerts.errorInfo(currentWorkspace(request).id, request.params.id),
  );
}
