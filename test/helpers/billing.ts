import { eq } from 'drizzle-orm';
import { payments, subscriptions, users } from '../../src/server/db/schema';
import type { FakeStripe } from '../fakes/stripe/server';
import type { TestApp } from './test-app';

/** POSTs a webhook the way Stripe does: the exact bytes, signed. */
export async function deliver(
  t: TestApp,
  stripe: FakeStripe,
  event: Record<string, unknown>,
  options: { secret?: string; signature?: string | null } = {},
) {
  const signed = stripe.sign(event, options.secret);
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (options.signature !== null)
    headers['stripe-signature'] = options.signature ?? signed.signature;
  return t.client().request('POST', '/api/subscriptions/webhook', signed.body, headers);
}

export async function planIds(t: TestApp) {
  const res = await t.client().get('/api/subscriptions/plans');
  const byName = Object.fromEntries(
    res.body.map((p: { name: string; id: number }) => [p.name, p.id]),
  );
  return { free: byName.Free as number, pro: byName.Pro as number };
}

/** The billing rows of one user, for "nothing changed" assertions. */
export async function billingRows(t: TestApp, userId: number) {
  const [user] = await t.db.select().from(users).where(eq(users.id, userId));
  return {
    user,
    subscriptions: await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(subscriptions.id),
    payments: await t.db
      .select()
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(payments.id),
  };
}
