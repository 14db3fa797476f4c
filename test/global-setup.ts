import type { TestProject } from 'vitest/node';
import { ensureServerBuild } from '../scripts/ensure-build.mjs';
import { acquireTemplates } from './helpers/templates';

/**
 * Migrates one database before any test file runs, so that every file starts from a copy of it
 * instead of running each migration again (what epic-stack's global setup does with SQLite), and
 * bundles the server when stale: the tests that start server processes run the built entry
 * points, as `npm start` and `npm run backup` do.
 */
export default async function setup(project: TestProject) {
  ensureServerBuild();
  const { templates, release } = await acquireTemplates();
  if (templates.postgres) project.provide('postgresTemplate', templates.postgres);
  if (templates.pgliteTarball) project.provide('pgliteTemplate', templates.pgliteTarball);
  if (templates.pgliteEmptyTarball) {
    project.provide('pgliteEmptyTemplate', templates.pgliteEmptyTarball);
  }
  // Server processes given a DATA_DIR start from it (test/helpers/server-process.ts).
  project.provide('pgliteTemplateFolder', await templates.pgliteFolder());
  return release;
}
