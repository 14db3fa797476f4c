import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { restoreBackup, writeBackup } from '../../src/server/db/backup';
import { startBackupEndpoint } from '../../src/server/db/backup-endpoint';
import type { Database } from '../../src/server/db/client';
import { DataDirLockedError, LOCK_FILE } from '../../src/server/db/data-dir-lock';
import { runMigrations } from '../../src/server/db/migrate';
import { openPglite } from '../../src/server/db/pglite';
import {
  alerts,
  mentions,
  payments,
  subscriptionPlans,
  subscriptions,
  users,
} from '../../src/server/db/schema';
import { insertAlert, insertMentions } from '../helpers/mentions';

const dirs: string[] = [];
const tempDir = () => {
  dirs.push(mkdtempSync(path.join(tmpdir(), 'earshot-backup-')));
  return dirs[dirs.length - 1];
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** An embedded database in `dataDir`, migrated (from the run's template when there is one). */
async function embedded(dataDir: string) {
  const template = inject('pgliteTemplate');
  const database = await openPglite(
    dataDir,
    template ? { loadDataDir: new Blob([readFileSync(template)]) } : {},
  );
  if (!template) await runMigrations(database);
  return database;
}

/** Every row a backup must keep, in a stable order. */
async function rows(database: Database) {
  const { db } = database;
  return {
    users: await db.select().from(users).orderBy(asc(users.id)),
    alerts: await db.select().from(alerts).orderBy(asc(alerts.id)),
    subscriptions: await db.select().from(subscriptions).orderBy(asc(subscriptions.id)),
    payments: await db.select().from(payments).orderBy(asc(payments.id)),
    mentions: await db.select().from(mentions).orderBy(asc(mentions.id)),
  };
}

async function seed(database: Database) {
  const { db } = database;
  const [pro] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, 'Pro'));
  const accounts = await db
    .insert(users)
    .values([
      { username: 'ada', email: 'ada@example.com', password: 'hash-a', planType: 'pro' },
      { username: 'bob', email: 'bob@example.com', password: 'hash-b' },
    ])
    .returning();
  const [subscription] = await db
    .insert(subscriptions)
    .values({
      userId: accounts[0].id,
      planId: pro.id,
      status: 'active',
      currentPeriodStart: new Date('2026-11-01T00:00:00Z'),
      currentPeriodEnd: new Date('2026-12-01T00:00:00Z'),
    })
    .returning();
  await db.insert(payments).values({
    userId: accounts[0].id,
    subscriptionId: subscription.id,
    amount: 1499,
    status: 'succeeded',
    paymentMethod: 'Test card •••• 4242',
  });
  const alert = await insertAlert(db, accounts[0].id, 'zendesk');
  await insertMentions(db, alert, 40);
  await insertMentions(db, await insertAlert(db, accounts[1].id, 'notion'), 10);
  return alert;
}

describe('backups of the embedded database', { timeout: 120_000 }, () => {
  const source = tempDir();
  const archive = path.join(tempDir(), 'earshot.tar.gz');

  test('a backup taken from the running process while it writes restores every user, alert, mention, subscription and payment into an empty DATA_DIR', async () => {
    const database = await embedded(source);
    const endpoint = await startBackupEndpoint({
      database,
      dataDir: source,
      log: pino({ level: 'silent' }),
    });
    try {
      const alert = await seed(database);
      const before = await rows(database);
      // Writes go on during the backup, five mentions per transaction, each batch from an event
      // of its own as requests would be (a loop of PGlite queries alone never yields to I/O).
      let writing = true;
      const writer = (async () => {
        while (writing) {
          await insertMentions(database.db, alert, 5);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      let backup;
      try {
        backup = await writeBackup({ dataDir: source, file: archive });
      } finally {
        writing = false;
        await writer;
      }
      // This process holds the database: the archive came from it, over its endpoint.
      expect(backup.pid).toBe(process.pid);
      expect(backup.bytes).toBe(readFileSync(archive).length);
      const after = await rows(database);

      const target = path.join(tempDir(), 'data');
      expect(await restoreBackup({ dataDir: target, file: archive })).toEqual({ users: 2 });
      const restored = await openPglite(target);
      try {
        const got = await rows(restored);
        expect({ ...got, mentions: undefined }).toEqual({ ...before, mentions: undefined });
        // The mentions of the moment of the backup: all that were there, and of the writes
        // going on, whole transactions only.
        expect(got.mentions.length).toBeGreaterThanOrEqual(before.mentions.length);
        expect((got.mentions.length - before.mentions.length) % 5).toBe(0);
        expect(got.mentions).toEqual(after.mentions.slice(0, got.mentions.length));
      } finally {
        await restored.close();
      }
    } finally {
      await endpoint.close();
      await database.close();
    }
  });

  test('with no Earshot running, the backup opens the database itself', async () => {
    const file = path.join(tempDir(), 'offline.tar.gz');
    expect(await writeBackup({ dataDir: source, file })).toMatchObject({ pid: undefined });
    expect(existsSync(path.join(source, LOCK_FILE))).toBe(false);
    expect(await restoreBackup({ dataDir: path.join(tempDir(), 'data'), file })).toEqual({
      users: 2,
    });
  });

  test('restore refuses a DATA_DIR that is not empty, and leaves it alone', async () => {
    const listing = readdirSync(source);
    await expect(restoreBackup({ dataDir: source, file: archive })).rejects.toThrow(
      `DATA_DIR ${source} is not empty; restore into a new or empty directory ` +
        '(or move this one aside first)',
    );
    expect(readdirSync(source)).toEqual(listing);
  });

  test('restore refuses a file that is not a backup, and leaves no files behind', async () => {
    const file = path.join(tempDir(), 'notes.txt');
    writeFileSync(file, 'not an archive');
    const target = path.join(tempDir(), 'data');
    await expect(restoreBackup({ dataDir: target, file })).rejects.toThrow(
      `${file} is not an Earshot backup (not a gzip archive)`,
    );
    expect(existsSync(target)).toBe(false);
  });

  test('a DATA_DIR held by another live process is refused before its files are opened', async () => {
    const dataDir = tempDir();
    // The parent of this test process: alive, and not an Earshot, which the lock cannot tell.
    writeFileSync(
      path.join(dataDir, LOCK_FILE),
      JSON.stringify({ pid: process.ppid, startedAt: 1 }),
    );
    mkdirSync(path.join(dataDir, 'db'));
    const opening = openPglite(dataDir);
    await expect(opening).rejects.toThrow(DataDirLockedError);
    await expect(opening).rejects.toThrow(
      `Another Earshot process (PID ${process.ppid}) is using the embedded database in ` +
        `${dataDir}; stop it first or use a different DATA_DIR.`,
    );
    expect(readdirSync(path.join(dataDir, 'db'))).toEqual([]);
  });
});
