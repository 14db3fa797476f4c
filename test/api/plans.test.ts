import { expect, test } from 'vitest';
import { build } from '../helpers/test-app';

const t = await build();

test('the seeded Free and Pro plans are listed with their limits', async () => {
  const res = await t.client().get('/api/subscriptions/plans');
  expect(res.status).toBe(200);
  expect(res.body.map((p: { name: string }) => p.name)).toEqual(['Free', 'Pro']);
  expect(res.body[0]).toMatchObject({
    price: 0,
    limits: { activeKeywords: 3, monthlyMentions: 50, seats: 1 },
  });
  expect(res.body[1]).toMatchObject({
    price: 1499,
    interval: 'month',
    limits: { activeKeywords: null },
  });
  expect(res.body[1].features).toContain('Priority support');
});
