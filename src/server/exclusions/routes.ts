import { exclusionsSchema, exclusionsUpdateSchema } from '@shared/api/exclusions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, type RequireUser } from '../http/current-user';
import type { ExclusionService } from './service';

/**
 * 500 names of each kind take about 25 KB; the larger limit lets a list far over the cap (10,000
 * names) reach validation and get its 400 naming the cap, rather than a 413 about bytes.
 */
const BODY_LIMIT = 1024 * 1024;

export function exclusionRoutes(
  app: FastifyInstance,
  deps: { exclusions: ExclusionService; requireUser: RequireUser },
) {
  const { exclusions, requireUser } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/exclusions',
    { onRequest: requireUser, schema: { response: { 200: exclusionsSchema } } },
    (request) => exclusions.get(currentUser(request).id),
  );

  r.put(
    '/api/exclusions',
    {
      onRequest: requireUser,
      bodyLimit: BODY_LIMIT,
      schema: { body: exclusionsUpdateSchema, response: { 200: exclusionsSchema } },
    },
    (request) => exclusions.update(currentUser(request).id, request.body),
  );
}
