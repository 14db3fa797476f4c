import { previewRequestSchema, previewSchema } from '@shared/api/preview';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, type RequireUser } from '../http/current-user';
import type { PreviewService } from './service';

export function previewRoutes(
  app: FastifyInstance,
  deps: { preview: PreviewService; requireUser: RequireUser },
) {
  const { preview, requireUser } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/alerts/preview',
    {
      onRequest: requireUser,
      schema: { body: previewRequestSchema, response: { 200: previewSchema } },
    },
    (request) => preview.preview(currentUser(request).id, request.body),
  );
}
