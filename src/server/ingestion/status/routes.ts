import { ingestionStatusSchema, redditAccessSchema } from '@shared/api/ingestion';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentWorkspace } from '../../http/current-user';
import type { PrivateScope } from '../../http/private-scope';
import type { IngestionService } from './ingestion-service';

export function ingestionRoutes(app: PrivateScope, deps: { ingestion: IngestionService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/ingestion/status',
    { config: { access: 'viewer' }, schema: { response: { 200: ingestionStatusSchema } } },
    (request) => deps.ingestion.status(currentWorkspace(request)),
  );
  r.get(
    '/api/reddit-access',
    { config: { access: 'viewer' }, schema: { response: { 200: redditAccessSchema } } },
    () => deps.ingestion.access(),
  );
}
