import { testEmailBodySchema, testEmailResultSchema } from '@shared/api/digests';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/current-user';
import type { PrivateScope } from '../../http/private-scope';
import type { TestEmailService } from './service';

export function testEmailRoutes(app: PrivateScope, deps: { testEmail: TestEmailService }) {
  const { testEmail } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/test-email',
    {
      config: { access: 'personal' },
      schema: { body: testEmailBodySchema, response: { 200: testEmailResultSchema } },
    },
    (request) => {
      return testEmail.send(currentUser(request), request.body.email);
    },
  );
}
