import { ingestionStatusSchema, redditAccessSchema } from '@shared/api/ingestion';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, type RequireUser } from '../../http/current-user';
import type { IngestionService } from './ingestion-service';

export function ingestionRoutes(
  app: FastifyInstance,
  deps: { ingestion: IngestionService; requireUser: RequireUser },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/ingestion/status',
    { onRequest: deps.requireUser, schema: { response: { 200: ingestionStatusSchema } } },
    (request) => deps.ingestion.status(currentUser(request).id),
  );
  r.get(
    '/api/reddit-access',
    { onRequest: deps.requireUser, schema: { response: { 200: redditAccessSchema } } },
    () => deps.ingestion.access(),
  );
}
