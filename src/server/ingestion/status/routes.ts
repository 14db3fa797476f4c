import { ingestionStatusSchema, redditAccessSchema } from '@shared/api/ingestion';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/current-user';
import type { PrivateScope } from '../../http/private-scope';
import type { IngestionService } from './ingestion-service';

export function ingestionRoutes(app: PrivateScope, deps: { ingestion: IngestionService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/ingestion/status',
    { schema: { response: { 200: ingestionStatusSchema } } },
    (request) => deps.ingestion.status(currentUser(request).id),
  );
  r.get('/api/reddit-access', { schema: { response: { 200: redditAccessSchema } } }, () =>
    deps.ingestion.access(),
  );
}
