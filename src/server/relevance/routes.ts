import { idParamSchema } from '@shared/api/alerts';
import { mentionIdParamSchema } from '@shared/api/mentions';
import {
  alertRelevanceSchema,
  feedbackBodySchema,
  feedbackSchema,
  hiddenCountQuerySchema,
  hiddenCountSchema,
  relevanceUpdateSchema,
} from '@shared/api/relevance';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentWorkspace } from '../http/current-user';
import type { PrivateScope } from '../http/private-scope';
import type { RelevanceService } from './service';

export function relevanceRoutes(app: PrivateScope, deps: { relevance: RelevanceService }) {
  const { relevance } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/mentions/:id/feedback',
    {
      config: { access: 'member' },
      schema: {
        params: mentionIdParamSchema,
        body: feedbackBodySchema,
        response: { 200: feedbackSchema },
      },
    },
    (request) =>
      relevance.setFeedback(currentWorkspace(request), request.params.id, request.body.label),
  );

  r.get(
    '/api/alerts/:id/relevance',
    {
      config: { access: 'viewer' },
      schema: { params: idParamSchema, response: { 200: alertRelevanceSchema } },
    },
    (request) => relevance.get(currentWorkspace(request), request.params.id),
  );

  r.put(
    '/api/alerts/:id/relevance',
    {
      config: { access: 'member' },
      schema: {
        params: idParamSchema,
        body: relevanceUpdateSchema,
        response: { 200: alertRelevanceSchema },
      },
    },
    (request) => relevance.update(currentWorkspace(request), request.params.id, request.body),
  );

  r.get(
    '/api/relevance/hidden',
    {
      config: { access: 'viewer' },
      schema: { querystring: hiddenCountQuerySchema, response: { 200: hiddenCountSchema } },
    },
    (request) => relevance.hiddenCount(currentWorkspace(request), request.query.alertId),
  );
}
