import { defineConfig } from 'vitest/config';

// The reliability and security suite (issue 9): fault injection, hostile input, the app's
// surface. Child servers and 10,000-request campaigns need generous timeouts; forks keep
// SIGKILLed children and mounts apart from the runner.
export default defineConfig({
  test: {
    include: ['reliability/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
    pool: 'forks',
    // 2 cores: two files at a time keeps child servers from starving each other
    maxWorkers: 2,
    globalSetup: ['reliability/support/global-setup.ts', 'server/test-support/pg-global-setup.ts'],
  },
});
