import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScript } from '#server/test/run-script.ts';

const SCRIPT = fileURLToPath(new URL('./i18n-check.ts', import.meta.url));
const SERVER = fileURLToPath(new URL('..', import.meta.url));
const REPOSITORY = path.resolve(SERVER, '../..');
const CONFIG = path.join(SERVER, 'lingui.config.ts');

/** The server's source files that hold message descriptors, relative to apps/server. */
async function filesWithMessages(): Promise<string[]> {
  const entries = await readdir(path.join(SERVER, 'src'), { recursive: true, withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    const file = path.join(entry.parentPath, entry.name);
    if ((await readFile(file, 'utf8')).includes('/*i18n*/')) found.push(path.relative(SERVER, file));
  }
  return found;
}

// The check on a copy of the server's messages and catalogs in a temporary folder, laid out as the
// repository is (the contracts' messages and the web's catalogs beside it): the repository is never
// changed.
describe('npm run i18n:check:server', () => {
  let root: string;
  let copy: string;
  const check = () => runScript(SCRIPT, [path.join(copy, 'lingui.config.ts')], {});

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'mqr-i18n-check-'));
    copy = path.join(root, 'apps/server');
    for (const file of await filesWithMessages()) {
      await mkdir(path.dirname(path.join(copy, file)), { recursive: true });
      await cp(path.join(SERVER, file), path.join(copy, file));
    }
    await cp(path.join(SERVER, 'src/locales'), path.join(copy, 'src/locales'), { recursive: true });
    for (const folder of ['packages/contracts/src', 'apps/web/src/locales']) {
      await cp(path.join(REPOSITORY, folder), path.join(root, folder), { recursive: true });
    }
    // The server's own configuration, its folders taken from the copy.
    await writeFile(
      path.join(copy, 'lingui.config.ts'),
      `import config from ${JSON.stringify(CONFIG)};\nexport default { ...config, rootDir: ${JSON.stringify(copy)} };\n`,
    );
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('passes on the committed catalogs, and fails on a message added but not extracted', {
    timeout: 120_000,
  }, async () => {
    const committed = await check();
    expect(committed.code, committed.stdout + committed.stderr).toBe(0);

    await writeFile(
      path.join(copy, 'src/new-texts.ts'),
      "export const NEW = /*i18n*/ { id: 'test.notExtracted', message: 'Not extracted yet' };\n",
    );
    const added = await check();
    expect(added.code).toBe(1);
    expect(added.stdout + added.stderr).toMatch(/FAIL sync/);
    expect(added.stderr).toMatch(/run `npm run i18n:extract:server`/);
  });

  it('fails when a language lacks a translation', { timeout: 120_000 }, async () => {
    await rm(path.join(copy, 'src/new-texts.ts'), { force: true });
    const catalog = path.join(copy, 'src/locales/fr/messages.po');
    const text = await readFile(catalog, 'utf8');
    await writeFile(catalog, text.replace('msgstr "Planifiée"', 'msgstr ""'));
    const missing = await check();
    expect(missing.code).toBe(1);
    expect(missing.stdout + missing.stderr).toMatch(
      /FAIL missing[\s\S]*fr\/messages\.po: calendarFeed\.planned/,
    );
    await writeFile(catalog, text);
  });

  it("fails when the copy of an API message's translation differs from the web's", {
    timeout: 120_000,
  }, async () => {
    expect((await check()).code).toBe(0);
    const web = path.join(root, 'apps/web/src/locales/de/messages.po');
    const text = await readFile(web, 'utf8');
    await writeFile(
      web,
      text.replace(/(msgid "import\.formula"\n)msgstr "[^"]+"/, '$1msgstr "Neu übersetzt."'),
    );
    const differs = await check();
    expect(differs.code).toBe(1);
    expect(differs.stdout).toMatch(/Differs from .*apps\/server\/src\/locales\/de\/contracts\.po/);
    expect(differs.stderr).toMatch(/run `npm run i18n:extract:server`/);
  });
});
