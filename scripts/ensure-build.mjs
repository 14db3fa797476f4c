// Builds the web app and the server when dist/ is missing or older than any input, so that
// `npm start` on a fresh clone or after a pull needs no separate build step.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const STAMP = 'dist/.build-stamp';
const INPUTS = [
  'src',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.web.json',
];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry)) {
    if (child.endsWith('.test.ts')) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

export function buildIsStale() {
  if (
    !existsSync(STAMP) ||
    !existsSync('dist/web/index.html') ||
    !existsSync('dist/server/main.js') ||
    !existsSync('dist/server/backup-cli.js')
  ) {
    return true;
  }
  const built = statSync(STAMP).mtimeMs;
  return INPUTS.some((input) => newestMtime(input) > built);
}

export function ensureBuild({ quiet = false } = {}) {
  if (!buildIsStale()) return false;
  if (!quiet)
    process.stderr.write(
      'earshot: building the web app and server (first start or sources changed)...\n',
    );
  // Always a production build, even when called from a test runner that sets NODE_ENV=test
  // (which would otherwise bundle React's development build).
  execSync('npm run --silent build', {
    stdio: quiet ? 'pipe' : 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  writeFileSync(STAMP, new Date().toISOString());
  return true;
}

const SERVER_INPUTS = ['src/server', 'src/shared', 'package-lock.json'];

/**
 * Bundles only the server (esbuild: about a second) when dist/server is missing or older than
 * its sources: what tests that start server processes need, without the web app's build.
 */
export function ensureServerBuild() {
  const entries = ['dist/server/main.js', 'dist/server/backup-cli.js'];
  if (entries.every((entry) => existsSync(entry))) {
    const built = Math.min(...entries.map((entry) => statSync(entry).mtimeMs));
    if (!SERVER_INPUTS.some((input) => newestMtime(input) > built)) return false;
  }
  execSync('node scripts/build-server.mjs', { stdio: 'pipe' });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBuild();
