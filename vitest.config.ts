import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Orders the files for the one worker pool both projects share, so that browser files run one
 * after another beside the unit and API files instead of all together (vitest's own order runs
 * one project, then the other). Chromium takes a core while it renders, so two browser files at
 * once on two cores slow each other down, while most unit and API files wait on timers and
 * sockets. The pool is played forward on the last run's durations: when a worker frees up and no
 * browser file runs, the next browser file is queued, else the longest unit file. Unit workers
 * stay up between files (`isolate: false`) and are replaced only when a browser file comes next.
 */
class InterleavingSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files); // failed first, then longest first, per project
    const isBrowser = (file: TestSpecification) => file.project.name === 'e2e';
    const browser = sorted.filter(isBrowser);
    const other = sorted.filter((file) => !isBrowser(file));
    if (browser.length === 0 || other.length === 0) return sorted;
    // A fresh clone has no durations yet: a browser file takes tens of seconds, most others few.
    const duration = (file: TestSpecification) =>
      this.ctx.cache.getFileTestResults(
        `${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`,
      )?.duration ?? (isBrowser(file) ? 40_000 : 4_000);

    const free: number[] = Array(Math.max(1, this.ctx.config.maxWorkers)).fill(0);
    let browserFreeAt = 0;
    const order: TestSpecification[] = [];
    while (browser.length + other.length > 0) {
      const now = Math.min(...free);
      const worker = free.indexOf(now);
      const next =
        browser.length > 0 && (browserFreeAt <= now || other.length === 0)
          ? browser.shift()!
          : other.shift()!;
      free[worker] = now + duration(next);
      if (isBrowser(next)) browserFreeAt = free[worker];
      order.push(next);
    }
    return order;
  }
}

export default defineConfig({
  resolve: {
    alias: { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) },
  },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 180_000,
    // More workers than cores: most files wait (on servers, timers, the browser) more than they
    // compute. Vitest's default here is cores - 1, one worker on a two-core machine.
    maxWorkers: 3,
    sequence: { sequencer: InterleavingSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Migrates one template database that each file's database is a copy of.
          globalSetup: ['test/global-setup.ts'],
          // An unexpected console.error fails the test (test/helpers/console.ts).
          setupFiles: ['test/setup-console.ts'],
          // Files share a worker's loaded modules (Fastify, drizzle, PGlite's WebAssembly) instead
          // of importing them again each: nothing in src/ keeps state between files but caches.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          // Builds the app once (when stale) and makes the template database the servers copy.
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          // expect.poll's default second is short for a browser on a loaded two-core machine.
          expect: { poll: { timeout: 10_000 } },
          // One retry, as Playwright's own CI default does: a browser on a loaded two-core runner
          // can miss a timing window; a real failure fails twice. Failures leave a screenshot.
          retry: 1,
        },
      },
    ],
  },
});
