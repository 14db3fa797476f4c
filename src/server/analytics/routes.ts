import { analyticsQuerySchema, analyticsSchema } from '@shared/api/analytics';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentWorkspace } from '../http/current-user';
import type { PrivateScope } from '../http/private-scope';
import type { AnalyticsService } from './service';

export function analyticsRoutes(app: PrivateScope, deps: { analytics: AnalyticsService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/analytics',
    {
      config: { access: 'viewer' },
      schema: { querystring: analyticsQuerySchema, response: { 200: analyticsSchema } },
    },
    (request) => deps.analytics.get(currentWorkspace(request), request.query.days),
  );
}
