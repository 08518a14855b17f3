// Rewrites the README's configuration table from the server's CONFIG_DOCS.
import { readFileSync, writeFileSync } from 'node:fs';
import { withConfigTable } from '../apps/server/src/docs/config-table.ts';

const readme = new URL('../README.md', import.meta.url);
writeFileSync(readme, withConfigTable(readFileSync(readme, 'utf8')));
console.log('README configuration table updated.');
