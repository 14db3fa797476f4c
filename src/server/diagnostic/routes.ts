import { idParamSchema } from '@shared/api/alerts';
import {
  alertMonitoringSchema,
  testRedditApiBodySchema,
  testRedditApiResultSchema,
} from '@shared/api/diagnostic';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentWorkspace } from '../http/current-user';
import type { PrivateScope } from '../http/private-scope';
import type { DiagnosticService } from './service';

export function diagnosticRoutes(app: PrivateScope, deps: { diagnostic: DiagnosticService }) {
  const { diagnostic } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/test-reddit-api',
    {
      config: { access: 'member' },
      schema: { body: testRedditApiBodySchema, response: { 200: testRedditApiResultSchema } },
    },
    (request) => diagnostic.testApi(currentWorkspace(request).id, request.body.alertId),
  );

  r.get(
    '/api/alerts/:id/monitoring',
    {
      config: { access: 'viewer' },
      schema: { params: idParamSchema, response: { 200: alertMonitoringSchema } },
    },
    (request) => diagnostic.monitoring(currentWorkspace(request).id, request.params.id),
  );
}
