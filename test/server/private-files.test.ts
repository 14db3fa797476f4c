import { execFile } from 'node:child_process';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
import { eventually } from '../helpers/eventually';
import { freePort, spawnServer, waitUntilReady } from '../helpers/server-process';

// Everything under DATA_DIR is its owner's only (folders 0700, files 0600), whatever the umask
// the server starts with, an older install included; a backup archive's entries are relative
// and owner-only too.

const run = promisify(execFile);
const dirs: string[] = [];
const tempDir = () => {
  dirs.push(mkdtempSync(path.join(tmpdir(), 'earshot-private-')));
  return dirs[dirs.length - 1];
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Every entry under `root` (itself included) with a mode other than 0700/0600. */
function loose(root: string) {
  const found: string[] = [];
  const visit = (entry: string) => {
    const stat = lstatSync(entry);
    const mode = stat.mode & 0o777;
    if (mode !== (stat.isDirectory() ? 0o700 : 0o600)) {
      found.push(`${mode.toString(8)} ${path.relative(root, entry) || '.'}`);
    }
    if (stat.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return found;
}

/** The name, mode and type of each entry of a tar archive (ustar headers). */
function tarEntries(tar: Buffer) {
  const entries: { name: string; mode: number; type: string }[] = [];
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) break;
    const text = (from: number, to: number) =>
      header.toString('latin1', from, to).replace(/\0.*$/s, '');
    const prefix = text(345, 500);
    entries.push({
      name: prefix ? `${prefix}/${text(0, 100)}` : text(0, 100),
      mode: parseInt(text(100, 108), 8),
      type: text(156, 157),
    });
    at += 512 + Math.ceil(parseInt(text(124, 136).trim() || '0', 8) / 512) * 512;
  }
  return entries;
}

describe('files under DATA_DIR and the key of secrets at rest', { timeout: 120_000 }, () => {
  test('started with umask 000 over a loose older install: everything ends 0700/0600, the backup archive too', async () => {
    const dataDir = path.join(tempDir(), 'data');
    // An older install: folders and a mail anyone could read.
    mkdirSync(path.join(dataDir, 'outbox'), { recursive: true, mode: 0o777 });
    chmodSync(dataDir, 0o777);
    chmodSync(path.join(dataDir, 'outbox'), 0o777);
    const oldMail = path.join(dataDir, 'outbox', 'old-reset-link.eml');
    writeFileSync(oldMail, 'a reset link');
    chmodSync(oldMail, 0o666);

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = spawnServer(
      { LOG_LEVEL: 'error', REDDIT_ENABLED: 'false', DATA_DIR: dataDir, PORT: String(port) },
      { umask: '000' },
    );
    await waitUntilReady(server, url);
    // Registration mails a verification link to the outbox.
    const register = await fetch(`${url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'private@example.com', password: 'secret1' }),
    });
    expect(register.status).toBe(201);
    await eventually(
      'the verification mail in the outbox',
      () => readdirSync(path.join(dataDir, 'outbox')).length === 2,
    );

    const archive = path.join(tempDir(), 'earshot.tar.gz');
    await run(
      '/bin/sh',
      [
        '-c',
        `umask 000 && exec "$0" dist/server/backup-cli.js backup "$1"`,
        process.execPath,
        archive,
      ],
      { env: { PATH: process.env.PATH, DATA_DIR: dataDir } },
    );

    expect(readdirSync(path.join(dataDir, 'db')).length).toBeGreaterThan(10);
    expect(loose(dataDir)).toEqual([]);
    expect(lstatSync(archive).mode & 0o777).toBe(0o600);
    const entries = tarEntries(gunzipSync(readFileSync(archive)));
    expect(entries.length).toBeGreaterThan(100);
    expect(entries.find((e) => e.name === 'PG_VERSION')).toBeDefined();
    for (const entry of entries) {
      expect(entry.name, 'relative and inside the archive').not.toMatch(/^\/|(^|\/)\.\.(\/|$)/);
      expect(entry.mode, entry.name).toBe(entry.type === '5' ? 0o700 : 0o600);
    }

    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
    expect(loose(dataDir)).toEqual([]);
    // The key of secrets at rest was generated there (0600, checked above)…
    expect(readFileSync(path.join(dataDir, 'app-secret'), 'utf8').trim()).toMatch(/^[\w-]{43}$/);

    // …and another key cannot be used on this database: one clear line, exit 1.
    const wrongKey = spawnServer({
      LOG_LEVEL: 'error',
      REDDIT_ENABLED: 'false',
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      APP_SECRET: 'not the key this database was first started with',
    });
    expect(await wrongKey.exit).toBe(1);
    expect(wrongKey.stderr().trim()).toMatch(
      /^earshot: cannot start: a stored secret cannot be decrypted with this APP_SECRET/,
    );
  });
});
