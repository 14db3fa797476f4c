import { idParamSchema } from '@shared/api/alerts';
import {
  alertMonitoringSchema,
  testRedditApiBodySchema,
  testRedditApiResultSchema,
} from '@shared/api/diagnostic';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, type RequireUser } from '../http/current-user';
import type { DiagnosticService } from './service';

export function diagnosticRoutes(
  app: FastifyInstance,
  deps: { diagnostic: DiagnosticService; requireUser: RequireUser },
) {
  const { diagnostic, requireUser } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/test-reddit-api',
    {
      onRequest: requireUser,
      schema: { body: testRedditApiBodySchema, response: { 200: testRedditApiResultSchema } },
    },
    (request) => diagnostic.testApi(currentUser(request).id, request.body.alertId),
  );

  r.get(
    '/api/alerts/:id/monitoring',
    {
      onRequest: requireUser,
      schema: { params: idParamSchema, response: { 200: alertMonitoringSchema } },
    },
    (request) => diagnostic.monitoring(currentUser(request).id, request.params.id),
  );
}
