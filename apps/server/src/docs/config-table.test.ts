import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withConfigTable } from './config-table.ts';

const README = new URL('../../../../README.md', import.meta.url);

describe('README configuration table', () => {
  it('matches CONFIG_DOCS (regenerate with `npm run docs:config`)', () => {
    const readme = readFileSync(README, 'utf8');
    expect(readme).toBe(withConfigTable(readme));
  });
});
