import {
  channelCreatedSchema,
  channelCreateSchema,
  channelListSchema,
  channelSchema,
  channelSecretSchema,
  channelTestResultSchema,
  channelUpdateSchema,
  deadLetterListSchema,
} from '@shared/api/channels';
import { idParamSchema } from '@shared/api/alerts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentWorkspace } from '../http/current-user';
import type { PrivateScope } from '../http/private-scope';
import type { ChannelService } from './service';

/** The notification channels of ../shared/DESIGN.md §5, and their dead letters. */
export function channelRoutes(app: PrivateScope, deps: { channels: ChannelService }) {
  const { channels } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/channels',
    { config: { access: 'viewer' }, schema: { response: { 200: channelListSchema } } },
    (request) => channels.list(currentWorkspace(request).id),
  );

  r.post(
    '/api/channels',
    {
      config: { access: 'admin' },
      schema: { body: channelCreateSchema, response: { 201: channelCreatedSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await channels.create(currentWorkspace(request).id, request.body)),
  );

  r.get(
    '/api/channels/dead-letters',
    { config: { access: 'viewer' }, schema: { response: { 200: deadLetterListSchema } } },
    (request) => channels.deadLetters(currentWorkspace(request).id),
  );

  r.post(
    '/api/channels/dead-letters/:id/retry',
    { config: { access: 'admin' }, schema: { params: idParamSchema } },
    async (request, reply) => {
      await channels.retryDeadLetter(currentWorkspace(request).id, request.params.id);
      return reply.status(204).send();
    },
  );

  r.patch(
    '/api/channels/:id',
    {
      config: { access: 'admin' },
      schema: {
        params: idParamSchema,
        body: channelUpdateSchema,
        response: { 200: channelSchema },
      },
    },
    (request) => channels.update(currentWorkspace(request).id, request.params.id, request.body),
  );

  r.delete(
    '/api/channels/:id',
    { config: { access: 'admin' }, schema: { params: idParamSchema } },
    async (request, reply) => {
      await channels.remove(currentWorkspace(request).id, request.params.id);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/channels/:id/test',
    {
      config: { access: 'admin' },
      schema: { params: idParamSchema, response: { 200: channelTestResultSchema } },
    },
    (request) => channels.test(currentWorkspace(request).id, request.params.id),
  );

  r.post(
    '/api/channels/:id/rotate-secret',
    {
      config: { access: 'admin' },
      schema: { params: idParamSchema, response: { 200: channelSecretSchema } },
    },
    (request) => channels.rotateSecret(currentWorkspace(request).id, request.params.id),
  );
}
