import type { TestProject } from 'vitest/node';
import { acquireTemplates } from './helpers/templates';

/**
 * Migrates one database before any test file runs, so that every file starts from a copy of it
 * instead of running each migration again (what epic-stack's global setup does with SQLite).
 */
export default async function setup(project: TestProject) {
  const { templates, release } = await acquireTemplates();
  if (templates.postgres) project.provide('postgresTemplate', templates.postgres);
  if (templates.pgliteTarball) project.provide('pgliteTemplate', templates.pgliteTarball);
  return release;
}
