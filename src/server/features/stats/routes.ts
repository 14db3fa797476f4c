import { statsSchema } from '@shared/api/stats';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { RequireUser } from '../../http/types';
import { currentUser } from '../auth/guard';
import { getStats } from './service';

export function statsRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; requireUser: RequireUser },
) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/stats',
      { onRequest: deps.requireUser, schema: { response: { 200: statsSchema } } },
      (request) => getStats(deps, currentUser(request).id),
    );
}
