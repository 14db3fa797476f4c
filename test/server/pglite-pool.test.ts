import { asc, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { subscriptionPlans, users } from '../../src/server/db/schema';
import { openMigratedPglite } from '../helpers/database';
import { createPglitePool } from '../helpers/pglite-pool';

// The pool that hands test files their PGlite databases: what a file gets must be what a newly
// opened template gives, whatever the file before it did.
describe('the test processes’ PGlite pool', () => {
  const opened: Database[] = [];
  const lease = createPglitePool(async () => {
    const database = await openMigratedPglite();
    opened.push(database);
    return database;
  });
  afterAll(async () => {
    for (const database of opened) await database.close().catch(() => {});
  });

  const addUser = (database: Database, name: string) =>
    database.db
      .insert(users)
      .values({ username: name, email: `${name}@example.com`, password: 'x' })
      .returning({ id: users.id });
  const plans = (database: Database) =>
    database.db.select().from(subscriptionPlans).orderBy(asc(subscriptionPlans.id));

  /** Whether an id given in one statement still holds in the next: a transaction is open. */
  const inTransaction = async (database: Database) => {
    await database.db.execute(sql`select txid_current()`);
    const result = await database.db.execute(sql`select txid_current_if_assigned()::text as id`);
    return (result as unknown as { rows: { id: string | null }[] }).rows[0]!.id !== null;
  };
  /** Drizzle wraps a driver's error in its own ("Failed query: ..."). */
  const failure = (query: Promise<unknown>) =>
    query.then(
      () => 'no error',
      (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
    );

  it('hands a returned database out again holding only the template’s rows and sequences', async () => {
    const first = await lease();
    const seeded = await plans(first);
    expect(seeded.length).toBeGreaterThan(0);
    expect(await addUser(first, 'first')).toEqual([{ id: 1 }]);
    await addUser(first, 'second');
    await first.db.delete(subscriptionPlans).where(sql`${subscriptionPlans.id} = ${seeded[0]!.id}`);
    await first.db.insert(subscriptionPlans).values({ name: 'extra', price: 1, limits: {} });
    await first.close();

    const second = await lease();
    expect(opened).toHaveLength(1);
    expect(await second.db.select().from(users)).toEqual([]);
    expect(await plans(second)).toEqual(seeded);
    // Ids start where a new database's do, the seeded rows' sequence included.
    expect(await addUser(second, 'again')).toEqual([{ id: 1 }]);
    const addPlan = (database: Database) =>
      database.db
        .insert(subscriptionPlans)
        .values({ name: 'extra', price: 1, limits: {} })
        .returning({ id: subscriptionPlans.id });
    const opening = await openMigratedPglite();
    expect(await addPlan(second)).toEqual(await addPlan(opening));
    await opening.close();
    await second.close();
  });

  it('refuses a closed lease’s queries, so a file’s leftover timer cannot reach the next file', async () => {
    const first = await lease();
    await first.close();
    expect(await failure(first.db.select().from(users))).toMatch(/closed its database/);
    await expect(first.ping()).rejects.toThrow(/closed its database/);
    const next = await lease();
    await next.ping();
    await next.close();
  });

  it('drops the listeners a file left, so the next file’s listener hears its notifications', async () => {
    const first = await lease();
    const heardByFirst: (string | undefined)[] = [];
    await first.listen(
      'pool_test',
      (payload) => heardByFirst.push(payload),
      () => {},
    );
    await first.close();

    const next = await lease();
    const heard: (string | undefined)[] = [];
    const unlisten = await next.listen(
      'pool_test',
      (payload) => heard.push(payload),
      () => {},
    );
    await next.db.execute(sql`select pg_notify('pool_test', 'hello')`);
    await expect.poll(() => heard).toEqual(['hello']);
    expect(heardByFirst).toEqual([]);
    await unlisten();
    await next.close();
  });

  it('ends a transaction a file left open, and empties what it wrote', async () => {
    const first = await lease();
    await first.db.execute(sql`begin`);
    await addUser(first, 'uncommitted');
    expect(await inTransaction(first)).toBe(true);
    await first.close();
    const next = await lease();
    expect(await inTransaction(next)).toBe(false);
    expect(await next.db.select().from(users)).toEqual([]);
    await next.close();
  });

  it('opens a new database instead of one a file left in a failed transaction', async () => {
    const before = opened.length;
    const first = await lease();
    await first.db.execute(sql`begin`);
    expect(await failure(first.db.execute(sql`select 1 / 0`))).toMatch(/division by zero/);
    await first.close();
    const next = await lease();
    expect(opened).toHaveLength(before + 1);
    expect(await inTransaction(next)).toBe(false);
    expect(await plans(next)).not.toEqual([]);
    await next.close();
  });
});
