import { statsSchema } from '@shared/api/stats';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, type RequireUser } from '../http/current-user';
import type { StatsService } from './stats-service';

export function statsRoutes(
  app: FastifyInstance,
  deps: { stats: StatsService; requireUser: RequireUser },
) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/stats',
      { onRequest: deps.requireUser, schema: { response: { 200: statsSchema } } },
      (request) => deps.stats.get(currentUser(request)),
    );
}
