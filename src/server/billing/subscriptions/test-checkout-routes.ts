import {
  checkoutIdParamSchema,
  testCheckoutResultSchema,
  testCheckoutSchema,
} from '@shared/api/subscriptions';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/current-user';
import type { PrivateScope } from '../../http/private-scope';
import type { TestCheckoutService } from './test-checkout';

/** The built-in test mode's checkout page (no payment provider configured). */
export function testCheckoutRoutes(app: PrivateScope, deps: { testCheckout: TestCheckoutService }) {
  const { testCheckout } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/subscriptions/test-checkout/:id',
    {
      config: { access: 'personal' },
      schema: { params: checkoutIdParamSchema, response: { 200: testCheckoutSchema } },
    },
    (request) => testCheckout.testCheckout(currentUser(request).id, request.params.id),
  );

  r.post(
    '/api/subscriptions/test-checkout/:id/pay',
    {
      config: { access: 'personal' },
      schema: { params: checkoutIdParamSchema, response: { 200: testCheckoutResultSchema } },
    },
    (request) => testCheckout.payTestCheckout(currentUser(request).id, request.params.id),
  );

  r.post(
    '/api/subscriptions/test-checkout/:id/cancel',
    {
      config: { access: 'personal' },
      schema: { params: checkoutIdParamSchema, response: { 200: testCheckoutResultSchema } },
    },
    (request) => testCheckout.cancelTestCheckout(currentUser(request).id, request.params.id),
  );
}
