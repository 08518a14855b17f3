import { defineConfig } from 'vitest/config';

// One run over every workspace that has unit or API tests; each keeps its own config.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
  },
});
