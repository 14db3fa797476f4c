// `npm run backup [-- FILE]` and `npm run restore FILE`. Like `npm start`, it runs the built
// server code, rebuilding it when the sources changed; but only the server part: rebuilding the
// web app would replace the files a running Earshot is serving.
import { execSync } from 'node:child_process';
import { buildIsStale } from './ensure-build.mjs';

if (buildIsStale()) {
  execSync('npm run --silent build:server', { stdio: 'inherit' });
}
await import('../dist/server/backup-cli.js');
