import { statsSchema } from '@shared/api/stats';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentWorkspace } from '../http/current-user';
import type { PrivateScope } from '../http/private-scope';
import type { StatsService } from './stats-service';

export function statsRoutes(app: PrivateScope, deps: { stats: StatsService }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/stats',
      { config: { access: 'viewer' }, schema: { response: { 200: statsSchema } } },
      (request) => deps.stats.get(currentWorkspace(request)),
    );
}
