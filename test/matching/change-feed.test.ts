import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { alerts, users } from '../../src/server/db/schema';
import type { MatchItem } from '../../src/server/matching';
import { watchAlertChanges, type AlertChangeBatch } from '../../src/server/db/alert-change-feed';
import { alertChangeLogState, alertChanges } from '../../src/server/db/alert-change-schema';
import {
  startAlertIndexSync,
  type AlertIndexSync,
} from '../../src/server/ingestion/alert-index-sync';
import { freshDatabase } from '../helpers/database';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const post = (text: string): MatchItem => ({
  id: 't3_x',
  kind: 'post',
  subreddit: 'pics',
  title: text,
  body: '',
  score: 5,
});
const within = { timeout: 5000, interval: 50 };

describe(`alert change feed (${kind})`, () => {
  let database: Database;
  /** A second connection, as a web process would have (the same instance on PGlite). */
  let web: Database;
  let userId: number;
  let sync: AlertIndexSync;

  beforeAll(async () => {
    database = await freshDatabase();
    web = database;
    if (database.url) {
      web = await openDatabase({ databaseUrl: database.url, dataDir: '' });
    }
    const [user] = await web.db
      .insert(users)
      .values({ username: 'a@example.com', email: 'a@example.com', password: 'x' })
      .returning();
    userId = user.id;
    await web.db.insert(alerts).values({ workspaceId: userId, keyword: 'existing' });
    sync = await startAlertIndexSync(database, { pollMs: 200 });
  });

  afterAll(async () => {
    await sync?.stop();
    if (web !== database) await web.close();
    await database.close();
  });

  const matchedIds = (text: string) => sync.index.match(post(text)).map((match) => match.alertId);

  test('the index starts from the active alerts', () => {
    expect(sync.index.size).toBe(1);
    expect(matchedIds('existing')).toHaveLength(1);
  });

  test('inserts, edits, pauses and deletes made elsewhere reach the index', async () => {
    const [created] = await web.db
      .insert(alerts)
      .values({ workspaceId: userId, keyword: 'kubernetes' })
      .returning();
    await expect.poll(() => matchedIds('Kubernetes!'), within).toEqual([created.id]);

    await web.db.update(alerts).set({ keyword: '"helm chart"' }).where(eq(alerts.id, created.id));
    await expect.poll(() => matchedIds('a helm-chart'), within).toEqual([created.id]);
    expect(matchedIds('kubernetes')).toEqual([]);

    await web.db.update(alerts).set({ isPaused: true }).where(eq(alerts.id, created.id));
    await expect.poll(() => matchedIds('a helm chart'), within).toEqual([]);

    await web.db.update(alerts).set({ isPaused: false }).where(eq(alerts.id, created.id));
    await expect.poll(() => matchedIds('a helm chart'), within).toEqual([created.id]);

    await web.db.delete(alerts).where(eq(alerts.id, created.id));
    await expect.poll(() => matchedIds('a helm chart'), within).toEqual([]);
  });

  test('bookkeeping updates do not write to the change log', async () => {
    const count = async () => (await web.db.select().from(alertChanges)).length;
    const before = await count();
    await web.db.update(alerts).set({ lastPolledAt: new Date(), pollPriority: 3 });
    expect(await count()).toBe(before);
    await web.db.update(alerts).set({ minScore: 2 });
    expect(await count()).toBe(before + 1);
  });

  test('a change without a notification is found by the catch-up poll', async () => {
    const batches: AlertChangeBatch[] = [];
    const watch = await watchAlertChanges(database, (batch) => void batches.push(batch), {
      pollMs: 100,
    });
    // Written straight to the log: no trigger, so no NOTIFY.
    await web.db
      .insert(alertChanges)
      .values({ alertId: 424242, tx: sql`pg_current_xact_id()::text::bigint` });
    await expect.poll(() => batches.flatMap((batch) => batch.alertIds), within).toContain(424242);
    await watch.stop();
  });

  test('a lost track (pruned log) asks for a full reload', async () => {
    const batches: AlertChangeBatch[] = [];
    const watch = await watchAlertChanges(database, (batch) => void batches.push(batch), {
      pollMs: 100,
    });
    await web.db
      .update(alertChangeLogState)
      .set({ prunedBelowTx: BigInt(Number.MAX_SAFE_INTEGER) });
    await expect.poll(() => batches.some((batch) => batch.reset), within).toBe(true);
    await watch.stop();
    await web.db.update(alertChangeLogState).set({ prunedBelowTx: 0n });
  });

  test.runIf(kind === 'PostgreSQL')(
    'a transaction that commits after a younger one is not skipped',
    async () => {
      const slow = new pg.Client({ connectionString: web.url });
      await slow.connect();
      try {
        await slow.query('begin');
        const { rows } = await slow.query(
          `insert into alerts (workspace_id, keyword) values ($1, 'slowpoke') returning id`,
          [userId],
        );
        const [fast] = await web.db
          .insert(alerts)
          .values({ workspaceId: userId, keyword: 'speedy' })
          .returning();
        await expect.poll(() => matchedIds('speedy'), within).toEqual([fast.id]);
        // The watcher polled past the younger transaction; the older one is still open.
        await new Promise((resolve) => setTimeout(resolve, 400));
        await slow.query('commit');
        await expect.poll(() => matchedIds('slowpoke'), within).toEqual([rows[0].id]);
      } finally {
        await slow.end();
      }
    },
  );
});
