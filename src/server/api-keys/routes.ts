import { apiKeyCreatedSchema, apiKeyCreateSchema, apiKeyListSchema } from '@shared/api/api-keys';
import { idParamSchema } from '@shared/api/alerts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentWorkspace } from '../http/current-user';
import type { PrivateScope } from '../http/private-scope';
import type { ApiKeyService } from './service';

/**
 * Settings → API, with a session: keys are made, listed and revoked by the workspace's admins
 * and owners (a key reaches everything the workspace holds). A key cannot manage keys.
 */
export function apiKeyRoutes(app: PrivateScope, deps: { apiKeys: ApiKeyService }) {
  const { apiKeys } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/api-keys',
    { config: { access: 'admin' }, schema: { response: { 200: apiKeyListSchema } } },
    (request) => apiKeys.list(currentWorkspace(request)),
  );

  r.post(
    '/api/api-keys',
    {
      config: { access: 'admin' },
      schema: { body: apiKeyCreateSchema, response: { 201: apiKeyCreatedSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await apiKeys.create(currentWorkspace(request), request.body)),
  );

  r.delete(
    '/api/api-keys/:id',
    { config: { access: 'admin' }, schema: { params: idParamSchema } },
    async (request, reply) => {
      await apiKeys.revoke(currentWorkspace(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
