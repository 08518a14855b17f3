import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm run i18n:check:web` (docs/translating.md) on a copy of the web app: it passes on the catalogs as
// committed, and fails when a message is in the code but not in the catalogs, when a language lacks a
// translation, when the public page loads a file its catalog does not know, or when the public catalog
// translates a message otherwise than the app's (ADR 120). The copy lives in a temporary folder; the
// working tree is never touched.

const run = promisify(execFile);
/** A message with its translation in a .po file (the first one): `$1` is its msgid line. */
const TRANSLATED = /(msgid "[^"]+"\n)msgstr "[^"]+"/;
const repo = path.resolve(import.meta.dirname, '../../../..');
const web = path.join(repo, 'apps/web');

async function checkCommand(): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(repo, 'package.json'), 'utf8'));
  return manifest.scripts['i18n:check:web'];
}

/** Runs the check in `root` (a copy of the repository's layout): its exit code and output. */
async function check(root: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run('sh', ['-c', await checkCommand()], {
      cwd: root,
      env: { ...process.env, PATH: `${path.join(repo, 'node_modules/.bin')}:${process.env.PATH}` },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

// Each run extracts the whole app twice (sync, then the public page's build): slow on a busy machine.
describe('npm run i18n:check:web', { timeout: 90_000 }, () => {
  let root: string;
  let copy: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'mqr-i18n-check-'));
    copy = path.join(root, 'apps/web');
    await cp(path.join(web, 'src'), path.join(copy, 'src'), { recursive: true });
    await cp(path.join(web, 'lingui.config.ts'), path.join(copy, 'lingui.config.ts'));
    // The server's messages the web words (ADR 113) are extracted from the contracts too.
    const contracts = path.join(repo, 'packages/contracts/src');
    await cp(contracts, path.join(root, 'packages/contracts/src'), { recursive: true });
    await cp(
      path.join(repo, 'packages/contracts/package.json'),
      path.join(root, 'packages/contracts/package.json'),
    );
    await cp(path.join(web, 'scripts'), path.join(copy, 'scripts'), { recursive: true });
    await cp(path.join(web, 'package.json'), path.join(copy, 'package.json'));
    // The repository's packages, but the copy's contracts: the public page's build resolves them there.
    const modules = path.join(root, 'node_modules');
    await mkdir(path.join(modules, '@mqr'), { recursive: true });
    for (const entry of await readdir(path.join(repo, 'node_modules'))) {
      if (entry !== '@mqr') await symlink(path.join(repo, 'node_modules', entry), path.join(modules, entry));
    }
    await symlink(path.join(root, 'packages/contracts'), path.join(modules, '@mqr/contracts'), 'dir');
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const checkCopy = () => check(root);

  /** Runs `then` with a file of the copy's web app edited, and puts it back whatever happens. */
  async function whileEdited<T>(
    file: string,
    then: () => Promise<T>,
    edit: (text: string) => string,
  ): Promise<T> {
    const edited = path.join(copy, file);
    const original = await readFile(edited, 'utf8');
    const changed = edit(original);
    expect(changed).not.toBe(original);
    await writeFile(edited, changed);
    try {
      return await then();
    } finally {
      await writeFile(edited, original);
    }
  }

  it('passes on the catalogs as committed', async () => {
    const result = await check(root);
    expect(result.output).toContain('PASS public page modules');
    expect(result.output).toContain('PASS public translations');
    expect(result.output).toContain('PASS sync');
    expect(result.output).toContain('PASS missing');
    expect(result.code).toBe(0);
  });

  it('fails when the public page loads a file its list of files lacks (i18n:extract not run)', async () => {
    const notice = path.join(copy, 'src/features/public-asset/notice.ts');
    // No message in it: the catalogs stay in sync, only the list is stale.
    await writeFile(notice, "export const NOTICE = { id: 'x3Kd9a' };\n");
    try {
      const result = await whileEdited('src/features/public-asset/texts.ts', checkCopy, (text) =>
        text
          // After the file's macro import, whatever it imports from it.
          .replace(
            /^(import \{[^}]*\} from '@lingui\/core\/macro';)$/m,
            "$1\nimport { NOTICE } from './notice.ts';",
          )
          .replace(
            'export const PUBLIC_ASSET_TEXTS = {',
            'export const PUBLIC_ASSET_TEXTS = {\n  notice: NOTICE,',
          ),
      );
      expect(result.code).not.toBe(0);
      expect(result.output).toContain('FAIL public page modules');
      expect(result.output).toContain('loaded, not listed: src/features/public-asset/notice.ts');
    } finally {
      await rm(notice);
    }
  });

  it('fails when the public catalog translates a message otherwise than the app’s', async () => {
    const result = await whileEdited('src/locales/fr/public.po', checkCopy, (text) =>
      text.replace(TRANSLATED, '$1msgstr "Autre chose"'),
    );
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('FAIL public translations');
  });

  it('gives the public catalog the app’s translations when extracting (its last step)', async () => {
    const catalog = path.join(copy, 'src/locales/de/public.po');
    const original = await readFile(catalog, 'utf8');
    const copied = await whileEdited(
      'src/locales/de/public.po',
      async () => {
        await run(process.execPath, [path.join(copy, 'scripts/public-catalog.ts'), 'translations'], {
          cwd: root,
        });
        return readFile(catalog, 'utf8');
      },
      (text) => text.replace(new RegExp(TRANSLATED.source, 'g'), '$1msgstr ""'),
    );
    expect(copied).toBe(original);
  });

  it('fails on a message added in the code but not extracted', async () => {
    const result = await whileEdited(
      'src/features/public-asset/texts.ts',
      checkCopy,
      (text) => `${text}\nexport const ADDED = msg\`A sentence nobody extracted.\`;\n`,
    );
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('FAIL sync');
  });

  it('fails when a language lacks a translation', async () => {
    // The first translated message loses its translation.
    const result = await whileEdited('src/locales/fr/messages.po', checkCopy, (text) =>
      text.replace(TRANSLATED, '$1msgstr ""'),
    );
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('FAIL missing');
  });
});
