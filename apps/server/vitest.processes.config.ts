import { defineProject } from 'vitest/config';
import { PROCESS_TESTS, SERVER_TEST_OPTIONS } from './vitest.config.ts';

/** The server's tests that spawn processes (see PROCESS_TESTS): `npm run test:processes`, part of `npm test`. */
export default defineProject({
  test: { ...SERVER_TEST_OPTIONS, name: 'server-processes', include: PROCESS_TESTS },
});
