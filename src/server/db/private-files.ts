import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * $DATA_DIR holds the database files, mail with live reset links, the backup endpoint's token
 * and the key of secrets at rest: only the account Earshot runs as may read any of it
 * (docs/decisions/020-private-files-and-secrets-at-rest.md).
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Files and folders this process creates from now on are its owner's only, whatever umask it
 * was started with. Called first thing by the entry points (the server, `npm run backup`).
 */
export function restrictUmask() {
  process.umask(0o077);
}

/**
 * Makes `dataDir` (if it exists) and everything under it owner-only: folders 0700, files
 * 0600. Run at start-up, it tightens an install made before, or by a process started with a
 * looser umask; and after PGlite creates or loads a cluster, whose files it makes 0666 itself.
 * Symbolic links are left alone (their target may be anywhere), and so are entries another
 * user owns (chmod is refused): the count of those is returned beside the count changed, for
 * the start-up to warn about rather than fail on.
 */
export function tightenDataDir(dataDir: string) {
  let changed = 0;
  let notOwned = 0;
  const visit = (entry: string) => {
    let stat;
    try {
      stat = lstatSync(entry);
    } catch (error) {
      // Gone meanwhile (a lock released, a temp file renamed): nothing to tighten.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    if (stat.isSymbolicLink()) return;
    const mode = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    if ((stat.mode & 0o777) !== mode) {
      try {
        chmodSync(entry, mode);
        changed++;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
        notOwned++;
      }
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(entry)) visit(path.join(entry, name));
    }
  };
  visit(dataDir);
  return { changed, notOwned };
}
