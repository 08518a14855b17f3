// npm run i18n:check:server (part of npm test, ADR 111): fails when the server's committed catalogs
// differ from a fresh extraction (a message added, changed or removed in the code without
// `npm run i18n:extract:server`), when German, French or Spanish lacks a translation, or when the
// copy of an API message's translation differs from the web catalog's (ADR 121).
// Usage: node apps/server/scripts/i18n-check.ts [lingui config], the server's by default.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const config = process.argv[2] ?? fileURLToPath(new URL('../lingui.config.ts', import.meta.url));
/** Lingui's command line: the `lingui` bin beside the package's main module. */
const lingui = fileURLToPath(new URL('./lingui.js', import.meta.resolve('@lingui/cli')));

const CHECKS = [
  // --overwrite: the English catalog must say what the code's descriptors say, word for word.
  ['sync', '--clean', '--overwrite'],
  ['missing', '--mode', 'catalog'],
];

let failed = false;
for (const check of CHECKS) {
  const run = spawnSync(
    process.execPath,
    [lingui, 'check', ...check, '--config', config, '--workers', '1', '--verbose'],
    { stdio: 'inherit' },
  );
  if (run.status !== 0) failed = true;
}
// The API messages' translations, copied from the web's catalogs (ADR 121).
const copies = spawnSync(
  process.execPath,
  [fileURLToPath(new URL('./i18n-contracts.ts', import.meta.url)), '--check', config],
  { stdio: 'inherit' },
);
if (copies.status !== 0) failed = true;
if (failed) {
  console.error('The server catalogs are out of date: run `npm run i18n:extract:server`, then translate.');
  process.exit(1);
}
