// Bundles the server into dist/server/main.js and the backup command into
// dist/server/backup-cli.js (dependencies stay in node_modules) and copies the SQL migrations
// beside them, where src/server/db/migrate.ts looks for them at run time.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: ['src/server/main.ts', 'src/server/backup-cli.ts'],
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
