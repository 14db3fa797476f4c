import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { alerts, sessions, testCheckoutSessions, users } from '../../src/server/db/schema';
import { planIds } from '../helpers/billing';
import { build } from '../helpers/test-app';

// DELETE /api/user racing the same user's writes once answered 500 (foreign-key
// violations) on PostgreSQL. The losers are 401 (or 404), and nothing is left half-deleted.
// On PGlite the requests take turns; on PostgreSQL (TEST_DATABASE_URL) they truly overlap.
const t = await build();
const plans = await planIds(t);

describe('deleting the account while its writes are in flight', () => {
  test('alerts and checkouts racing DELETE /api/user answer 2xx, 401 or 404, never 500', async () => {
    const seen = new Set<number>();
    for (let round = 0; round < 6; round++) {
      const { client, user } = await t.signedIn();
      // Warm the connection and the session, so the requests start together.
      expect((await client.get('/api/user')).status).toBe(200);
      // Three alerts: the Free plan's limit, so no answer is a 403.
      const writes = [
        ...Array.from({ length: 3 }, (_, i) =>
          client.post('/api/alerts', { keyword: `racer${round}x${i}` }),
        ),
        ...Array.from({ length: 3 }, () =>
          client.post('/api/subscriptions/checkout', { planId: plans.pro }),
        ),
      ];
      const deletion = client.delete('/api/user');
      const answers = await Promise.all(writes);
      expect((await deletion).status).toBe(204);
      for (const answer of answers) {
        seen.add(answer.status);
        expect([200, 201, 401, 404], answer.text).toContain(answer.status);
        if (answer.status === 401) expect(answer.body.message).toBeTruthy();
      }
      // All of the account or none of it: nothing refers to the deleted user.
      expect(await t.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
      expect(await t.db.select().from(alerts).where(eq(alerts.workspaceId, user.id))).toEqual([]);
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
      expect(
        await t.db
          .select()
          .from(testCheckoutSessions)
          .where(eq(testCheckoutSessions.userId, user.id)),
      ).toEqual([]);
    }
    expect([...seen].some((status) => status >= 500)).toBe(false);
  });
});
