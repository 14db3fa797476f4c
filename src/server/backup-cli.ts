// `npm run backup [-- FILE]` and `npm run restore FILE` for the embedded database (decision 011).
import path from 'node:path';
import dotenv from 'dotenv';
import { z } from 'zod';
import { ConfigError, loadConfig } from './config';
import { BackupError, defaultBackupName, restoreBackup, writeBackup } from './db/backup';
import { DataDirLockedError } from './db/data-dir-lock';
import { restrictUmask } from './db/private-files';

const USAGE = 'usage: npm run backup [-- FILE]   or   npm run restore FILE';

const argsSchema = z.union([
  z.tuple([z.literal('backup')]).transform(() => ({ command: 'backup' as const, file: undefined })),
  z
    .tuple([z.literal('backup'), z.string().min(1)])
    .transform(([, file]) => ({ command: 'backup' as const, file })),
  z
    .tuple([z.literal('restore'), z.string().min(1)])
    .transform(([, file]) => ({ command: 'restore' as const, file })),
]);

function fail(message: string): never {
  process.stderr.write(`earshot: ${message}\n`);
  process.exit(1);
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

async function main() {
  // The archive and a restored database are the owner's only, whatever the umask.
  restrictUmask();
  const args = argsSchema.safeParse(process.argv.slice(2));
  if (!args.success) fail(USAGE);
  dotenv.config({ quiet: true });
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (config.databaseUrl) {
    fail('DATABASE_URL is set: back up PostgreSQL with pg_dump and pg_restore (README, "Backups")');
  }
  const { dataDir } = config;
  const started = Date.now();
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  if (args.data.command === 'backup') {
    const file = args.data.file ?? defaultBackupName(new Date());
    const { bytes, pid } = await writeBackup({ dataDir, file });
    const by = pid ? `the running Earshot (PID ${pid})` : `${dataDir} (no Earshot running)`;
    process.stdout.write(
      `Backup of ${by} written to ${file} (${megabytes(bytes)}, ${seconds()})\n`,
    );
  } else {
    const { file } = args.data;
    const { users } = await restoreBackup({ dataDir, file });
    process.stdout.write(
      `Restored ${file} into ${path.join(dataDir, 'db')} (${users} user account${users === 1 ? '' : 's'}, ${seconds()}); ` +
        `start Earshot with DATA_DIR=${dataDir}\n`,
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof BackupError || error instanceof DataDirLockedError) fail(error.message);
  fail((error as Error).stack ?? String(error));
});
