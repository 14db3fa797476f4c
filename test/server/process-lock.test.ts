import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import { restoreBackup } from '../../src/server/db/backup';
import { ENDPOINT_FILE } from '../../src/server/db/backup-endpoint';
import { LOCK_FILE } from '../../src/server/db/data-dir-lock';
import { freePort, migratedDataDir, spawnServer, waitUntilReady } from '../helpers/server-process';

const dirs: string[] = [];
const tempDir = () => {
  dirs.push(mkdtempSync(path.join(tmpdir(), 'earshot-lock-')));
  return dirs[dirs.length - 1];
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const run = promisify(execFile);

/** The PID of a process that has exited: what a killed Earshot leaves in its lock. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;

// Two server processes and the backup command, each a process of its own with the embedded
// database: seconds each on a loaded machine.
describe('one embedded database, one process', { timeout: 180_000 }, () => {
  test("a dead process's lock is taken over; a second process exits 1 with one line; `npm run backup` takes the archive from the running one; a clean stop removes the lock", async () => {
    const dataDir = migratedDataDir('earshot-lock-');
    dirs.push(dataDir);
    const stalePid = deadPid();
    writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify({ pid: stalePid, startedAt: 1 }));

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = { LOG_LEVEL: 'error', REDDIT_ENABLED: 'false', DATA_DIR: dataDir };
    const first = spawnServer({ ...env, PORT: String(port) });
    await waitUntilReady(first, url);
    expect(JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(
      first.child.pid,
    );

    const second = spawnServer({ ...env, PORT: String(await freePort()) });
    expect(await second.exit).toBe(1);
    expect(second.output().trim()).toBe(
      `earshot: Another Earshot process (PID ${first.child.pid}) is using the embedded ` +
        `database in ${dataDir}; stop it first or use a different DATA_DIR.`,
    );

    // `npm run backup` while it runs: the running process makes the archive.
    const register = await fetch(`${url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'kept@example.com', password: 'secret1' }),
    });
    expect(register.status).toBe(201);
    const archive = path.join(tempDir(), 'earshot.tar.gz');
    const backup = await run(process.execPath, ['dist/server/backup-cli.js', 'backup', archive], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    });
    expect(backup.stdout.replace(/\([\d.]+ MB, [\d.]+ s\)/, '(… MB, … s)')).toBe(
      `Backup of the running Earshot (PID ${first.child.pid}) written to ${archive} (… MB, … s)\n`,
    );

    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    expect(existsSync(path.join(dataDir, ENDPOINT_FILE))).toBe(false);

    // The archive holds the account (backup.test.ts checks every kind of row).
    const restored = path.join(tempDir(), 'restored');
    expect(await restoreBackup({ dataDir: restored, file: archive })).toEqual({ users: 1 });
  });
});
