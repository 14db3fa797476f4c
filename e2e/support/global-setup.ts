import type { TestProject } from 'vitest/node';
import { ensureBuild } from '../../scripts/ensure-build.mjs';
import { acquireTemplates } from '../../test/helpers/templates';

/**
 * Builds the app once (when stale) before any browser test starts a server, and hands the
 * servers a migrated database to start from: a copy of a migrated PGlite folder, or a copy of
 * the template database on TEST_DATABASE_URL's server.
 */
export default async function setup(project: TestProject) {
  ensureBuild({ quiet: true });
  const { templates, release } = await acquireTemplates();
  if (templates.postgres) project.provide('postgresTemplate', templates.postgres);
  else project.provide('pgliteTemplateFolder', await templates.pgliteFolder());
  return release;
}
