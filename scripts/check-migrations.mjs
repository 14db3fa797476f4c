#!/usr/bin/env node
// Fails when the Drizzle schema (src/server/db/schema) and the SQL migrations disagree, that is
// when `npm run db:generate` would write a migration. It runs drizzle-kit generate against a
// temporary copy of the migrations folder, so the real one is never touched; drizzle-kit only
// compares the schema with the last snapshot in meta/: no database and no network are needed.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const migrations = path.join(root, 'src/server/db/migrations');
const drizzleKit = path.join(root, 'node_modules/drizzle-kit/bin.cjs');
// drizzle-kit refuses to ask its rename questions without a terminal; should one ever wait for
// an answer instead, the check gives up rather than hang CI.
const TIMEOUT_MS = 120_000;

/** Every file under dir, as paths relative to it, with its contents. */
function filesOf(dir) {
  const files = new Map();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, file), readFileSync(file, 'utf8'));
  }
  return files;
}

const started = Date.now();
const scratch = mkdtempSync(path.join(tmpdir(), 'earshot-migrations-'));
let failure;
try {
  const copy = path.join(scratch, 'migrations');
  cpSync(migrations, copy, { recursive: true });
  // The project's own drizzle.config.ts, pointed at the copy. drizzle-kit reads `out` relative
  // to the working directory (an absolute path gets "./" put in front of it).
  const config = path.join(scratch, 'drizzle.config.ts');
  writeFileSync(
    config,
    `import base from ${JSON.stringify(path.join(root, 'drizzle.config.ts'))};\n` +
      `export default { ...base, out: ${JSON.stringify(path.relative(root, copy))} };\n`,
  );
  const run = spawnSync(process.execPath, [drizzleKit, 'generate', '--config', config], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: TIMEOUT_MS,
  });
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim();
  const before = filesOf(migrations);
  const after = filesOf(copy);
  const added = [...after.keys()].filter((file) => !before.has(file)).sort();
  const changed = [...after.keys()]
    .filter((file) => before.has(file) && before.get(file) !== after.get(file))
    .sort();

  if (added.length > 0 || changed.length > 0) {
    const sql = added
      .filter((file) => file.endsWith('.sql'))
      .map((file) => `--- ${file}\n${after.get(file).trim()}`);
    failure = [
      'The schema (src/server/db/schema) and the migrations disagree: drizzle-kit would write',
      ...[
        ...added.map((file) => `  new      ${file}`),
        ...changed.map((file) => `  changed  ${file}`),
      ],
      ...sql,
      'Run `npm run db:generate -- --name <what-changed>`, review the SQL and commit it.',
    ].join('\n');
  } else if (output.includes('Interactive prompts require a TTY')) {
    const what = /prompt(\w+)Conflicts/.exec(output)?.[1].toLowerCase() ?? 'names';
    failure =
      'The schema (src/server/db/schema) and the migrations disagree, and drizzle-kit needs to ' +
      `ask whether ${what} were renamed or dropped and added. Run \`npm run db:generate -- ` +
      '--name <what-changed>` in a terminal, answer it, review the SQL and commit it.';
  } else if (run.error || run.signal) {
    failure =
      `drizzle-kit generate did not finish (${run.error?.message ?? run.signal}); it may be ` +
      'waiting for an answer. Run `npm run db:generate` in a terminal.\n' +
      output;
  } else if (run.status !== 0 || !output.includes('No schema changes')) {
    // drizzle-kit exits 0 on some errors (a missing snapshot), so silence is not enough.
    failure = `drizzle-kit generate did not answer as expected (exit ${run.status}):\n${output}`;
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (failure) {
  console.error(failure);
  process.exit(1);
}
console.log(`Migrations match the schema (checked in ${seconds} s).`);
