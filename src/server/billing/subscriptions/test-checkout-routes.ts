import {
  checkoutIdParamSchema,
  testCheckoutResultSchema,
  testCheckoutSchema,
} from '@shared/api/subscriptions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, type RequireUser } from '../../http/current-user';
import type { TestCheckoutService } from './test-checkout';

/** The built-in test mode's checkout page (no payment provider configured). */
export function testCheckoutRoutes(
  app: FastifyInstance,
  deps: { testCheckout: TestCheckoutService; requireUser: RequireUser },
) {
  const { testCheckout, requireUser } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/subscriptions/test-checkout/:id',
    {
      onRequest: requireUser,
      schema: { params: checkoutIdParamSchema, response: { 200: testCheckoutSchema } },
    },
    (request) => testCheckout.testCheckout(currentUser(request).id, request.params.id),
  );

  r.post(
    '/api/subscriptions/test-checkout/:id/pay',
    {
      onRequest: requireUser,
      schema: { params: checkoutIdParamSchema, response: { 200: testCheckoutResultSchema } },
    },
    (request) => testCheckout.payTestCheckout(currentUser(request).id, request.params.id),
  );

  r.post(
    '/api/subscriptions/test-checkout/:id/cancel',
    {
      onRequest: requireUser,
      schema: { params: checkoutIdParamSchema, response: { 200: testCheckoutResultSchema } },
    },
    (request) => testCheckout.cancelTestCheckout(currentUser(request).id, request.params.id),
  );
}
