import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { dumpPglite } from './pglite';
import { privateArchive } from './private-archive';
import type { Database } from './types';

/**
 * How `npm run backup` reaches the process that owns the embedded database (decision 011):
 * `$DATA_DIR/backup-endpoint.json`, readable by its owner only, names a loopback port and a
 * token. Nothing but the archive is served there, and never on the app's own listener.
 */
export const ENDPOINT_FILE = 'backup-endpoint.json';

export const endpointSchema = z.object({
  pid: z.number().int().positive(),
  port: z.number().int().min(1).max(65535),
  token: z.string().min(32),
});
export type BackupEndpoint = z.infer<typeof endpointSchema>;

/**
 * A consistent archive of an open embedded database: PGlite's data directory as a gzipped
 * tarball (names relative, files 0600, folders 0700), taken between two queries (see `dumpPglite`). The checkpoint first writes committed
 * pages out, so loading the archive has little log to replay.
 */
export async function archiveOf(database: Database): Promise<Blob> {
  await database.db.execute(sql`checkpoint`);
  // Relative names and owner-only modes (private-archive.ts), then gzip.
  return privateArchive(await dumpPglite(database, 'none'));
}

/**
 * Serves `GET /backup` (the archive) on 127.0.0.1 to whoever shows the token of
 * `$dataDir/backup-endpoint.json`, and writes that file. `close()` stops it and removes it.
 */
export async function startBackupEndpoint(deps: {
  database: Database;
  dataDir: string;
  log: FastifyBaseLogger;
}) {
  const { database, dataDir, log } = deps;
  const token = randomBytes(32).toString('base64url');
  const expected = Buffer.from(`Bearer ${token}`);
  const server: Server = createServer((req, res) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.writeHead(401).end('a token from backup-endpoint.json is needed\n');
      return;
    }
    if (req.method !== 'GET' || req.url !== '/backup') {
      res.writeHead(404).end('only GET /backup is served here\n');
      return;
    }
    const started = Date.now();
    archiveOf(database)
      .then(async (archive) => {
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': archive.size });
        await pipeline(Readable.fromWeb(archive.stream() as WebReadableStream), res);
        log.info({ bytes: archive.size, ms: Date.now() - started }, 'backup archive served');
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'backup archive failed');
        if (!res.headersSent) res.writeHead(500).end(`${(error as Error).message}\n`);
        else res.destroy();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const file = path.join(dataDir, ENDPOINT_FILE);
  const endpoint: BackupEndpoint = { pid: process.pid, port, token };
  // Whole or not at all, and never readable by other users, even for a moment.
  const temp = `${file}.${process.pid}`;
  writeFileSync(temp, `${JSON.stringify(endpoint)}\n`, { mode: 0o600 });
  renameSync(temp, file);
  // Also when start-up fails later (process.exit): a leftover would name a port nobody serves.
  const removeFile = () => {
    process.off('exit', removeFile);
    try {
      if (readEndpoint(dataDir)?.token === token) rmSync(file, { force: true });
    } catch {
      // Unreadable now: leave it; `npm run backup` checks its PID against the lock's.
    }
  };
  process.on('exit', removeFile);
  return {
    port,
    async close() {
      removeFile();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The endpoint `$dataDir/backup-endpoint.json` names, if the file is there and well formed. */
export function readEndpoint(dataDir: string): BackupEndpoint | undefined {
  let text;
  try {
    text = readFileSync(path.join(dataDir, ENDPOINT_FILE), 'utf8');
  } catch (error) {
    // Not there: no process serves backups. Unreadable (another user's) is worth saying.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const parsed = endpointSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
