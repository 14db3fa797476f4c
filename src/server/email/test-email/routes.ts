import { testEmailBodySchema, testEmailResultSchema } from '@shared/api/digests';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, type RequireUser } from '../../http/current-user';
import type { TestEmailService } from './service';

export function testEmailRoutes(
  app: FastifyInstance,
  deps: { testEmail: TestEmailService; requireUser: RequireUser },
) {
  const { testEmail, requireUser } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/test-email',
    {
      onRequest: requireUser,
      schema: { body: testEmailBodySchema, response: { 200: testEmailResultSchema } },
    },
    (request) => {
      return testEmail.send(currentUser(request), request.body.email);
    },
  );
}
