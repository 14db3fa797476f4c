import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createStripeProvider } from './stripe';
import { createTestModeProvider } from './test-mode';
import type { PaymentProvider } from './types';

export type { PaymentProvider } from './types';

/**
 * Stripe when STRIPE_SECRET_KEY is set, else the built-in test mode; see
 * docs/product.md §8 (Runtime contract) and docs/decisions/010-billing-providers.md.
 */
export function createPaymentProvider(deps: {
  config: Config;
  db: Db;
  clock: Clock;
}): PaymentProvider {
  return deps.config.stripe.configured
    ? createStripeProvider(deps.config.stripe)
    : createTestModeProvider({ db: deps.db, clock: deps.clock });
}
