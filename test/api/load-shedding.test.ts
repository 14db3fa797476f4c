import { describe, expect, test } from 'vitest';
import { databaseWaitCheck } from '../../src/server/http/load-shedding';
import { eventually } from '../helpers/eventually';
import { build } from '../helpers/test-app';

// Under load the API answers 503 with Retry-After at once, so that ingestion keeps the
// machine; health probes and the web app's files are not refused.

describe('load shedding', async () => {
  const t = await build({ SHED_EVENT_LOOP_DELAY_MS: '0', SHED_DB_WAIT_MS: '100' });

  test('while the database keeps web queries waiting, the API answers 503 with Retry-After', async ({
    skip,
  }) => {
    // Only the embedded database has one connection that worker work can hold.
    if (t.database.kind !== 'pglite') skip();
    const { client } = await t.signedIn();
    expect((await client.get('/api/user')).status).toBe(200);
    let release!: () => void;
    const holding = t.db.transaction(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      // A request sent now would queue behind the transaction; the next probe says so.
      await eventually('the database wait noticed', () => t.app.isUnderPressure());
      const refused = await client.get('/api/user');
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(refused.body).toEqual({
        message: 'Earshot is busy right now. Please try again in 5 seconds.',
      });
      expect((await client.get('/healthz')).status).toBe(200);
    } finally {
      release();
      await holding;
    }
    await eventually('the API back', async () => (await client.get('/api/user')).status === 200);
  });

  test('the database wait check answers false once a probe takes longer than the limit or a listing is behind', async () => {
    const never = () => new Promise<void>(() => {});
    const started = Date.now();
    expect(await databaseWaitCheck(never, 30)()).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await databaseWaitCheck(async () => {}, 30)()).toBe(true);
    expect(await databaseWaitCheck(() => Promise.reject(new Error('down')), 30)()).toBe(false);
    // A listing behind: ingestion needs the machine, whatever the database wait.
    expect(
      await databaseWaitCheck(
        async () => {},
        30,
        async () => true,
      )(),
    ).toBe(false);
    expect(
      await databaseWaitCheck(
        async () => {},
        30,
        async () => false,
      )(),
    ).toBe(true);
  });
});

describe('event-loop delay', async () => {
  const t = await build({ SHED_EVENT_LOOP_DELAY_MS: '1', SHED_DB_WAIT_MS: '0' });

  test('a stalled event loop makes the API answer 503; /healthz still answers', async () => {
    const client = t.client();
    const refused = await eventually('a 503', async () => {
      // Stall the loop, as a burst of CPU-bound work would.
      const until = Date.now() + 50;
      while (Date.now() < until);
      const res = await client.get('/api/user');
      return res.status === 503 && res;
    });
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.body.message).toMatch(/^Earshot is busy right now/);
    expect((await client.get('/healthz')).status).toBe(200);
  });
});
