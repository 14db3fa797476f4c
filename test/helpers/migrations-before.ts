import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const migrations = fileURLToPath(new URL('../../src/server/db/migrations', import.meta.url));

/**
 * The migrations folder as it was before `tag`: a copy with the journal cut there, to build a
 * database as an older version left it. Remove `path.dirname` of it when done.
 */
export function migrationsBefore(tag: string) {
  const folder = path.join(mkdtempSync(path.join(tmpdir(), 'earshot-migrations-')), 'm');
  cpSync(migrations, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  const cut = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}
