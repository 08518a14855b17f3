import { defineProject } from 'vitest/config';
import { INSTANCES_TESTS, SERVER_TEST_OPTIONS } from './vitest.config.ts';

/**
 * Several server processes on PostgreSQL, S3 (s3rver) and Redis (ADR 069): `npm run test:instances`
 * (scripts/test-two-instances.ts), which needs PostgreSQL and Redis; not part of the root projects.
 */
export default defineProject({
  test: { ...SERVER_TEST_OPTIONS, name: 'server-instances', include: INSTANCES_TESTS, testTimeout: 120_000 },
});
