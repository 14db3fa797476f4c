import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { Job } from '../jobs/runner';
import { renewTestModeSubscriptions } from './subscriptions/test-checkout';

export type BillingJobName = 'billing.renew-test-mode';

export function createBillingJobs(deps: { db: Db; clock: Clock }): Job<BillingJobName>[] {
  return [
    {
      // Test-mode subscriptions (no payment provider configured) renew at period end.
      name: 'billing.renew-test-mode',
      everyMs: 60_000,
      timeoutMs: 60_000,
      retries: 1,
      run: async () => void (await renewTestModeSubscriptions(deps)),
    },
  ];
}
