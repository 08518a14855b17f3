import { defineConfig } from 'vitest/config';

// One run over every workspace that has unit or API tests; each keeps its own config.
export default defineConfig({
  test: {
    // PGlite (WebAssembly PostgreSQL) and argon2 are CPU-heavy: one worker per core on these 2-core machines.
    maxWorkers: 2,
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
  },
});
