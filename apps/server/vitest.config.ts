import { configDefaults, defineProject } from 'vitest/config';

/**
 * Tests that start other processes (the server, the command-line scripts, lock holders): they take
 * minutes, so they are a project of their own (vitest.processes.config.ts) that `npm test` runs after
 * the everyday `npm run test:unit`.
 */
export const PROCESS_TESTS = ['src/**/*.process.test.ts', 'scripts/**/*.process.test.ts'];

/** Tests of several server processes on PostgreSQL, S3 and Redis: vitest.instances.config.ts. */
export const INSTANCES_TESTS = ['src/**/*.instances.test.ts'];

/** Tests of outages under load (a PostgreSQL failover, ...): vitest.resilience.config.ts. */
export const RESILIENCE_TESTS = ['src/**/*.resilience.test.ts'];

export const SERVER_TEST_OPTIONS = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
} as const;

export default defineProject({
  test: {
    ...SERVER_TEST_OPTIONS,
    name: 'server',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...PROCESS_TESTS, ...INSTANCES_TESTS, ...RESILIENCE_TESTS],
    globalSetup: ['src/test/global-setup.ts'],
    // A worker runs its files one after another in one process: modules are loaded once and the
    // embedded databases are emptied and lent again (test/test-database.ts) instead of started anew.
    // Modules are shared, so a test file must not replace one (vi.mock): pass a stand-in instead.
    isolate: false,
  },
});
