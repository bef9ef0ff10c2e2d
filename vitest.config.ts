import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        test: {
          name: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/*/test/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/server/test/**/*.test.ts',
            'e2e/**/*.test.ts',
          ],
          testTimeout: 60_000,
          // Building an app opens a database (PGlite's first start takes seconds on a busy machine).
          hookTimeout: 60_000,
          pool: 'forks',
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
          testTimeout: 30_000,
        },
      },
    ],
  },
});
