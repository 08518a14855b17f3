import { defineConfig } from 'vitest/config';
import UnfinishedTestsReporter from './scripts/unfinished-tests-reporter.ts';

// One run over every workspace that has unit or API tests; each keeps its own config. The server's
// process-spawning tests are a project of their own, left out of `npm run test:unit` (the everyday
// loop) and run by `npm run test:processes`; `npm test` runs both.
export default defineConfig({
  test: {
    // PGlite (WebAssembly PostgreSQL) and argon2 are CPU-heavy: one worker per core on these 2-core machines.
    maxWorkers: 2,
    // A worker that dies says only "Worker exited unexpectedly": the second reporter names its file.
    reporters: ['default', new UnfinishedTestsReporter()],
    projects: [
      'packages/contracts',
      'apps/server/vitest.config.ts',
      'apps/server/vitest.processes.config.ts',
      'apps/web',
    ],
  },
});
