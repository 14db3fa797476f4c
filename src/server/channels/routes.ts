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
import { currentUser } from '../http/current-user';
import type { PrivateScope } from '../http/private-scope';
import type { ChannelService } from './service';

/** The notification channels of ../shared/DESIGN.md §5, and their dead letters. */
export function channelRoutes(app: PrivateScope, deps: { channels: ChannelService }) {
  const { channels } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/channels', { schema: { response: { 200: channelListSchema } } }, (request) =>
    channels.list(currentUser(request).id),
  );

  r.post(
    '/api/channels',
    { schema: { body: channelCreateSchema, response: { 201: channelCreatedSchema } } },
    async (request, reply) =>
      reply.status(201).send(await channels.create(currentUser(request).id, request.body)),
  );

  r.get(
    '/api/channels/dead-letters',
    { schema: { response: { 200: deadLetterListSchema } } },
    (request) => channels.deadLetters(currentUser(request).id),
  );

  r.post(
    '/api/channels/dead-letters/:id/retry',
    { schema: { params: idParamSchema } },
    async (request, reply) => {
      await channels.retryDeadLetter(currentUser(request).id, request.params.id);
      return reply.status(204).send();
    },
  );

  r.patch(
    '/api/channels/:id',
    {
      schema: {
        params: idParamSchema,
        body: channelUpdateSchema,
        response: { 200: channelSchema },
      },
    },
    (request) => channels.update(currentUser(request).id, request.params.id, request.body),
  );

  r.delete('/api/channels/:id', { schema: { params: idParamSchema } }, async (request, reply) => {
    await channels.remove(currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });

  r.post(
    '/api/channels/:id/test',
    { schema: { params: idParamSchema, response: { 200: channelTestResultSchema } } },
    (request) => channels.test(currentUser(request).id, request.params.id),
  );

  r.post(
    '/api/channels/:id/rotate-secret',
    { schema: { params: idParamSchema, response: { 200: channelSecretSchema } } },
    (request) => channels.rotateSecret(currentUser(request).id, request.params.id),
  );
}
