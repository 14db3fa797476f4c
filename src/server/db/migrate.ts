import { fileURLToPath } from 'node:url';
import type { Database } from './types';

// Beside this file in development (src/server/db/migrations); the build copies the folder next
// to the bundle (dist/server/migrations).
const defaultFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies pending migrations. Idempotent, and safe when several processes start at once. */
export function runMigrations(database: Database, migrationsFolder = defaultFolder) {
  return database.migrate(migrationsFolder);
}
