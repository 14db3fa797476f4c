import {
  cancelBodySchema,
  checkoutBodySchema,
  checkoutResponseSchema,
  currentSubscriptionSchema,
  pausedAlertsSchema,
  paymentListSchema,
} from '@shared/api/subscriptions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/current-user';
import type { PrivateScope } from '../../http/private-scope';
import type { SubscriptionService } from './service';

const webhookAnswerSchema = z.object({ received: z.boolean(), duplicate: z.boolean() });

/** The signed-in user's subscription: current plan, payments, checkout, cancel and resume. */
export function subscriptionRoutes(
  app: PrivateScope,
  deps: { subscriptions: SubscriptionService },
) {
  const { subscriptions } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/subscriptions/current',
    { config: { access: 'personal' }, schema: { response: { 200: currentSubscriptionSchema } } },
    (request) => subscriptions.current(currentUser(request).id),
  );

  r.get(
    '/api/subscriptions/payments',
    { config: { access: 'personal' }, schema: { response: { 200: paymentListSchema } } },
    (request) => subscriptions.payments(currentUser(request).id),
  );

  r.post(
    '/api/subscriptions/checkout',
    {
      config: { access: 'personal' },
      schema: { body: checkoutBodySchema, response: { 200: checkoutResponseSchema } },
    },
    (request) => subscriptions.checkout(currentUser(request).id, request.body),
  );

  r.post(
    '/api/subscriptions/cancel',
    {
      config: { access: 'personal' },
      schema: { body: cancelBodySchema, response: { 200: currentSubscriptionSchema } },
    },
    (request) => subscriptions.cancel(currentUser(request).id, request.body),
  );

  r.post(
    '/api/subscriptions/resume',
    { config: { access: 'personal' }, schema: { response: { 200: currentSubscriptionSchema } } },
    (request) => subscriptions.resume(currentUser(request).id),
  );

  r.get(
    '/api/subscriptions/paused-alerts',
    { config: { access: 'personal' }, schema: { response: { 200: pausedAlertsSchema } } },
    (request) => subscriptions.pausedAlerts(currentUser(request).id),
  );

  r.post(
    '/api/subscriptions/paused-alerts/dismiss',
    { config: { access: 'personal' } },
    async (request, reply) => {
      await subscriptions.dismissPausedAlerts(currentUser(request).id);
      return reply.status(204).send();
    },
  );
}

/** Stripe's webhook: its signature, not a session, says who is calling. */
export function stripeWebhookRoutes(
  app: FastifyInstance,
  deps: { subscriptions: SubscriptionService },
) {
  const { subscriptions } = deps;
  // Stripe signs the exact bytes it sent, so this route alone keeps the raw body.
  app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    raw
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/subscriptions/webhook',
        { bodyLimit: 1024 * 1024, schema: { response: { 200: webhookAnswerSchema } } },
        (request) => {
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const signature = request.headers['stripe-signature'];
          return subscriptions.handleWebhook(
            body,
            typeof signature === 'string' ? signature : undefined,
          );
        },
      );
  });
}
