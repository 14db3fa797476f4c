import { planListSchema } from '@shared/api/plans';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { listPlans } from './service';

export function planRoutes(app: FastifyInstance, deps: { db: Db }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/subscriptions/plans', { schema: { response: { 200: planListSchema } } }, () =>
      listPlans(deps.db),
    );
}
