import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{shared,server,electron,renderer,bench,scripts}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'e2e/**', '**/*.reliability.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // one PostgreSQL cluster for the run; the server suites run on SQLite and on PostgreSQL
    globalSetup: ['server/test-support/pg-global-setup.ts'],
  },
});
