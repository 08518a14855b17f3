// The server's copy of the API messages' translations (ADR 121). The messages of packages/contracts
// are translated once, in the web's catalogs (ADR 113, docs/translating.md); the server's extraction
// puts them in src/locales/<language>/contracts.po, and this script copies each translation there,
// line for line as the web's catalog writes it. `npm run i18n:extract:server` runs it after extracting;
// with `--check` (in `npm run i18n:check:server`) it changes nothing and fails when a copy differs.
// Usage: node apps/server/scripts/i18n-contracts.ts [--check] [lingui config], the server's by default.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The languages translated from English (the English copy is the extraction's own). */
const TRANSLATED = ['de', 'fr', 'es'] as const;

/** Each entry of a catalog: its `msgid` line, and the `msgstr` line with its continuation lines. */
export function translationsOf(catalog: string): Map<string, string[]> {
  const lines = catalog.split('\n');
  const found = new Map<string, string[]>();
  lines.forEach((line, index) => {
    if (!line.startsWith('msgid ') || !lines[index + 1]?.startsWith('msgstr ')) return;
    const translation = [lines[index + 1] ?? ''];
    for (let next = index + 2; lines[next]?.startsWith('"'); next++) translation.push(lines[next] ?? '');
    found.set(line, translation);
  });
  return found;
}

/** `catalog` with the translation `from` has of each of its messages (others left as they are). */
export function withTranslations(catalog: string, from: ReadonlyMap<string, string[]>): string {
  const lines = catalog.split('\n');
  const out: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? '';
    out.push(line);
    const translation = from.get(line);
    if (!line.startsWith('msgid ') || !translation || !lines[index + 1]?.startsWith('msgstr ')) continue;
    out.push(...translation);
    index++;
    while (lines[index + 1]?.startsWith('"')) index++;
  }
  return out.join('\n');
}

/** The server's contracts catalog of `language` and the web's catalog it copies from, under `rootDir`. */
const catalogsOf = (rootDir: string, language: string) => ({
  server: path.join(rootDir, 'src/locales', language, 'contracts.po'),
  web: path.join(rootDir, '../web/src/locales', language, 'messages.po'),
});

/** Copies (or with `check`, compares) every translation; answers the catalogs that differed. */
export function copyTranslations(rootDir: string, check: boolean): string[] {
  const differing: string[] = [];
  for (const language of TRANSLATED) {
    const files = catalogsOf(rootDir, language);
    const current = readFileSync(files.server, 'utf8');
    const copied = withTranslations(current, translationsOf(readFileSync(files.web, 'utf8')));
    if (copied === current) continue;
    differing.push(files.server);
    if (!check) writeFileSync(files.server, copied);
  }
  return differing;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const config =
    args.find((arg) => arg !== '--check') ?? fileURLToPath(new URL('../lingui.config.ts', import.meta.url));
  const { default: settings } = (await import(pathToFileURL(config).href)) as {
    default: { rootDir?: string };
  };
  const differing = copyTranslations(settings.rootDir ?? path.dirname(config), check);
  for (const file of differing) console.log(`${check ? 'Differs from' : 'Copied into'} ${file}`);
  if (check && differing.length > 0) {
    console.error(
      "The server's copies of the API messages' translations differ from the web's: run `npm run i18n:extract:server`.",
    );
    process.exit(1);
  }
}
