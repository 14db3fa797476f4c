import { exclusionsSchema, exclusionsUpdateSchema } from '@shared/api/exclusions';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentWorkspace } from '../http/current-user';
import type { PrivateScope } from '../http/private-scope';
import type { ExclusionService } from './service';

/**
 * 500 names of each kind take about 25 KB; the larger limit lets a list far over the cap (10,000
 * names) reach validation and get its 400 naming the cap, rather than a 413 about bytes.
 */
const BODY_LIMIT = 1024 * 1024;

export function exclusionRoutes(app: PrivateScope, deps: { exclusions: ExclusionService }) {
  const { exclusions } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/exclusions',
    { config: { access: 'viewer' }, schema: { response: { 200: exclusionsSchema } } },
    (request) => exclusions.get(currentWorkspace(request).id),
  );

  r.put(
    '/api/exclusions',
    {
      config: { access: 'member' },
      bodyLimit: BODY_LIMIT,
      schema: { body: exclusionsUpdateSchema, response: { 200: exclusionsSchema } },
    },
    (request) => exclusions.update(currentWorkspace(request).id, request.body),
  );
}
