import { defineProject } from 'vitest/config';
import { RESILIENCE_TESTS, SERVER_TEST_OPTIONS } from './vitest.config.ts';

/**
 * Outages rehearsed under load with server processes, each test starting what it needs (the PostgreSQL
 * failover cluster, ADR 132): `npm run test:resilience` (scripts/test-resilience.ts); not part of the
 * root projects. One file at a time: each loads the machine on its own.
 */
export default defineProject({
  test: {
    ...SERVER_TEST_OPTIONS,
    name: 'server-resilience',
    include: RESILIENCE_TESTS,
    testTimeout: 300_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
