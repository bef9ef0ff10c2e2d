import { defineConfig } from 'vitest/config';

// Time limits catch hangs, not slowness: CI shares two cores between two test files and has been
// seen to run them 6x slower than a quiet machine (VM steal), and a slow test must still pass.
export default defineConfig({
  test: {
    pool: 'forks',
    // Both cores: most files wait on a browser, a server or a worker thread for much of their time.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'node',
          // Unit tests sit beside their code; the two cross-cutting suites have folders of their own:
          // the engine over the whole corpus, and servers run as real processes (crashes, two at once).
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/engine/corpus-tests/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/server/process-tests/**/*.test.ts',
            'fuzz/**/*.test.ts',
          ],
          testTimeout: 120_000,
          // Building an app opens a database (PGlite's first start takes seconds on a busy machine).
          hookTimeout: 120_000,
          pool: 'forks',
          // One fresh PGlite cluster for the run, copied by each test that needs a database.
          globalSetup: ['./packages/test-support/src/pglite-template.global-setup.ts'],
        },
      },
      {
        // A real Chromium against the built site on its real server. Each wait in a page may take a
        // minute (e2e/support/browser-context.ts) and a test makes several: a test must not fail
        // because two cores were shared with another test file, a browser and a server.
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          pool: 'forks',
          globalSetup: ['./packages/test-support/src/pglite-template.global-setup.ts'],
        },
      },
      {
        // Component and unit tests of the web app run in jsdom with the app's Vite config (JSX, JSON).
        extends: './apps/web/vite.config.ts',
        root: './apps/web',
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
