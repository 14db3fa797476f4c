import {
  createWriteStream,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { count } from 'drizzle-orm';
import { archiveOf, readEndpoint } from './backup-endpoint';
import { DataDirLockedError, lockOwner } from './data-dir-lock';
import { openPglite } from './pglite';
import { users } from './schema';

/** A backup or restore that cannot go ahead; the message is the one line to print. */
export class BackupError extends Error {}

/**
 * Writes a consistent archive of the embedded database in `dataDir` to `file` (decision 011).
 * When an Earshot process holds the database, that process makes the archive (through its
 * backup endpoint); otherwise this one opens the database, holding its lock meanwhile.
 */
export async function writeBackup({ dataDir, file }: { dataDir: string; file: string }) {
  if (existsSync(file)) throw new BackupError(`${file} already exists; name another file`);
  let owner = lockOwner(dataDir);
  if (owner === undefined) {
    if (!existsSync(path.join(dataDir, 'db', 'PG_VERSION'))) {
      throw new BackupError(`there is no embedded database in ${path.join(dataDir, 'db')}`);
    }
    try {
      const database = await openPglite(dataDir);
      try {
        const archive = await archiveOf(database);
        await writeWhole(file, Readable.fromWeb(archive.stream() as WebReadableStream));
        return { bytes: archive.size, pid: undefined };
      } finally {
        await database.close();
      }
    } catch (error) {
      // Earshot started in between: ask it instead.
      if (!(error instanceof DataDirLockedError)) throw error;
      owner = error.pid;
    }
  }
  return { bytes: await fetchFromOwner(dataDir, owner, file), pid: owner };
}

async function fetchFromOwner(dataDir: string, pid: number, file: string) {
  const endpoint = readEndpoint(dataDir);
  if (endpoint?.pid !== pid) {
    throw new BackupError(
      `Earshot (PID ${pid}) holds the embedded database in ${dataDir} but serves no backups ` +
        'yet: try again once it has started, or restart it if it is older than this command',
    );
  }
  const res = await fetch(`http://127.0.0.1:${endpoint.port}/backup`, {
    headers: { authorization: `Bearer ${endpoint.token}` },
  }).catch((error: unknown) => {
    throw new BackupError(
      `cannot reach Earshot (PID ${pid}) on 127.0.0.1:${endpoint.port}: ${(error as Error).message}`,
    );
  });
  if (!res.ok || !res.body) {
    const text = (await res.text()).trim();
    throw new BackupError(`Earshot (PID ${pid}) answered ${res.status}: ${text}`);
  }
  await writeWhole(file, Readable.fromWeb(res.body as WebReadableStream));
  return Number(res.headers.get('content-length') ?? 0);
}

/** Writes `file` whole or not at all: a failed backup leaves no archive that looks complete. */
async function writeWhole(file: string, body: Readable) {
  const partial = `${file}.partial`;
  try {
    await pipeline(body, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * Restores an archive of `writeBackup`'s into `dataDir`, which must be new or empty: it never
 * overwrites a database. Returns the number of user accounts restored, as a check that the
 * archive is an Earshot database. On failure the directory is emptied again.
 */
export async function restoreBackup({ dataDir, file }: { dataDir: string; file: string }) {
  const existed = existsSync(dataDir);
  if (existed && readdirSync(dataDir).length > 0) {
    throw new BackupError(
      `DATA_DIR ${dataDir} is not empty; restore into a new or empty directory ` +
        '(or move this one aside first)',
    );
  }
  let bytes;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new BackupError(`cannot read ${file}: ${(error as Error).message}`);
  }
  // gzip's magic number: anything else is not an archive of ours, and PGlite would say less.
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) {
    throw new BackupError(`${file} is not an Earshot backup (not a gzip archive)`);
  }
  try {
    const database = await openPglite(dataDir, {
      loadDataDir: new Blob([bytes], { type: 'application/gzip' }),
    });
    try {
      const [row] = await database.db.select({ users: count() }).from(users);
      return { users: row.users };
    } finally {
      await database.close();
    }
  } catch (error) {
    // A process that started on the empty directory meanwhile keeps it, and its files.
    if (error instanceof DataDirLockedError) throw error;
    if (existed) {
      for (const entry of readdirSync(dataDir)) {
        rmSync(path.join(dataDir, entry), { recursive: true, force: true });
      }
    } else rmSync(dataDir, { recursive: true, force: true });
    throw new BackupError(`${file} could not be restored: ${(error as Error).message}`);
  }
}

/** The name `npm run backup` gives an archive by default: sortable, no characters to quote. */
export function defaultBackupName(now: Date) {
  return `earshot-backup-${now.toISOString().slice(0, 19).replace(/:/g, '-')}Z.tar.gz`;
}
