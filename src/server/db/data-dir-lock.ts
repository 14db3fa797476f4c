import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-files';

/**
 * The embedded database is one process's files: PGlite has no way to tell that another process
 * has them open, and two processes on one folder hand out the same ids and lose each other's
 * writes. `$DATA_DIR/earshot.lock` names the process that owns them.
 */
export const LOCK_FILE = 'earshot.lock';

const lockSchema = z.object({
  pid: z.number().int().positive(),
  /** The owner's `performance.timeOrigin`: tells this process from an earlier one of its PID. */
  startedAt: z.number(),
});
type Owner = z.infer<typeof lockSchema>;

export class DataDirLockedError extends Error {
  constructor(
    readonly pid: number,
    dataDir: string,
  ) {
    super(
      pid === process.pid
        ? `the embedded database in ${dataDir} is already open in this process`
        : `Another Earshot process (PID ${pid}) is using the embedded database in ${dataDir}; ` +
            'stop it first or use a different DATA_DIR.',
    );
  }
}

export interface DataDirLock {
  /** Removes the lock file if it is still this process's. Safe to call twice. */
  release(): void;
}

const self = (): Owner => ({ pid: process.pid, startedAt: performance.timeOrigin });

/**
 * Takes `$dataDir/earshot.lock` for this process, or throws `DataDirLockedError` naming the
 * live process that holds it. A lock whose process is gone (killed, crashed, a container
 * restarted with the same PID) is taken over. The lock is released by `release()` or, failing
 * that, when this process exits in any way but a kill.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const file = path.join(dataDir, LOCK_FILE);
  const me = self();
  for (let attempt = 0; attempt < 5; attempt++) {
    if (create(file, me)) {
      const release = () => {
        process.off('exit', release);
        if (sameOwner(read(file), me)) unlinkSync(file);
      };
      process.on('exit', release);
      return { release };
    }
    const owner = read(file);
    if (owner && isAlive(owner)) throw new DataDirLockedError(owner.pid, dataDir);
    // Stale (or vanished). Move it aside atomically and look at what was moved: if another
    // process replaced the stale lock with its own in the meantime, that one goes back.
    const aside = `${file}.${me.pid}.${randomBytes(4).toString('hex')}`;
    try {
      renameSync(file, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const moved = read(aside);
    if (moved && !sameOwner(moved, owner) && isAlive(moved)) {
      try {
        linkSync(aside, file);
      } finally {
        unlinkSync(aside);
      }
      throw new DataDirLockedError(moved.pid, dataDir);
    }
    unlinkSync(aside);
  }
  throw new Error(`could not take the lock ${file}: other processes keep changing it`);
}

/** The PID of the live process holding `$dataDir/earshot.lock`, if any (this one included). */
export function lockOwner(dataDir: string): number | undefined {
  const owner = read(path.join(dataDir, LOCK_FILE));
  return owner && isAlive(owner) ? owner.pid : undefined;
}

/**
 * Creates the lock with its whole content at once: written to a file of our own, then linked
 * to the lock's name, which fails when the name exists. (Writing the lock in place would let
 * another process read it empty, take it for stale, and take it over.)
 */
function create(file: string, owner: Owner) {
  const temp = `${file}.${owner.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, `${JSON.stringify(owner)}\n`, { mode: PRIVATE_FILE_MODE });
  try {
    linkSync(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temp);
  }
}

/** The lock's owner; undefined when the file is missing or not a lock (a stale leftover). */
function read(file: string): Owner | undefined {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const parsed = lockSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function sameOwner(a: Owner | undefined, b: Owner | undefined) {
  return a !== undefined && b !== undefined && a.pid === b.pid && a.startedAt === b.startedAt;
}

function isAlive(owner: Owner) {
  // Our own PID in a lock we did not write is an earlier process's: after a container restart
  // the new process often gets the PID the old one had.
  if (owner.pid === process.pid) return owner.startedAt === performance.timeOrigin;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
