import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm run i18n:check:web` (docs/translating.md) on a copy of the web app: it passes on the catalogs as
// committed, and fails when a message is in the code but not in the catalogs, or a language lacks a
// translation. The copy lives in a temporary folder; the working tree is never touched.

const run = promisify(execFile);
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

describe('npm run i18n:check:web', () => {
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
    await symlink(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    await cp(path.join(web, 'package.json'), path.join(copy, 'package.json'));
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('passes on the catalogs as committed', async () => {
    const result = await check(root);
    expect(result.output).toContain('PASS sync');
    expect(result.output).toContain('PASS missing');
    expect(result.code).toBe(0);
  });

  it('fails on a message added in the code but not extracted', async () => {
    const texts = path.join(copy, 'src/features/public-asset/texts.ts');
    const original = await readFile(texts, 'utf8');
    await writeFile(texts, `${original}\nexport const ADDED = msg\`A sentence nobody extracted.\`;\n`);
    try {
      const result = await check(root);
      expect(result.code).not.toBe(0);
      expect(result.output).toContain('FAIL sync');
    } finally {
      await writeFile(texts, original);
    }
  });

  it('fails when a language lacks a translation', async () => {
    const catalog = path.join(copy, 'src/locales/fr/messages.po');
    const original = await readFile(catalog, 'utf8');
    // The first translated message loses its translation.
    await writeFile(catalog, original.replace(/(msgid "[^"]+"\n)msgstr "[^"]+"/, '$1msgstr ""'));
    try {
      const result = await check(root);
      expect(result.code).not.toBe(0);
      expect(result.output).toContain('FAIL missing');
    } finally {
      await writeFile(catalog, original);
    }
  });
});
