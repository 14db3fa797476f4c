import { previewRequestSchema, previewSchema } from '@shared/api/preview';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../http/current-user';
import type { PrivateScope } from '../http/private-scope';
import type { PreviewService } from './service';

export function previewRoutes(app: PrivateScope, deps: { preview: PreviewService }) {
  const { preview } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/alerts/preview',
    {
      config: { access: 'viewer' },
      schema: { body: previewRequestSchema, response: { 200: previewSchema } },
    },
    (request) => preview.preview(currentUser(request).id, request.body),
  );
}
