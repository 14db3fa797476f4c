import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { InterleavedSequencer } from './test/helpers/interleaved-sequencer.js';

export default defineConfig({
  resolve: {
    alias: { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) },
  },
  test: {
    environment: 'node',
    // One worker more than the cores: most test files spend their time waiting on servers,
    // browsers and timers, not computing (Vitest's default, one less than the cores, leaves a
    // two-core machine running one file at a time). Browser and API files alternate.
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: InterleavedSequencer },
    testTimeout: 30_000,
    hookTimeout: 180_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          setupFiles: ['test/setup-console.ts'],
          isolate: false,
          // The test processes open PGlite dozens of times: WebAssembly on V8's baseline
          // compiler only, as the servers tests start (TEST_SERVER_NODE_FLAGS, decision 036).
          execArgv: ['--liftoff-only'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          // Builds the app once (when stale) before any browser test starts a server.
          globalSetup: ['e2e/support/global-setup.ts'],
          // Files share their process's modules (Playwright's client loads once, about a
          // CPU-second) and its Chromium (sharedBrowser); each file starts its own server.
          isolate: false,
          testTimeout: 60_000,
          // A page on a loaded two-core runner can take more than expect.poll's default second
          // to render; ten seconds, like the `visible` helper, fails only what never appears.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          // One retry, as Playwright's own CI default does: a browser on a loaded two-core runner
          // can miss a timing window; a real failure fails twice. Failures leave a screenshot.
          retry: 1,
        },
      },
    ],
  },
});
