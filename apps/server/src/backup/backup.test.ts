import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { create } from 'tar';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BackupError, entryPart, parseManifest } from './archive-format.ts';
import { createBackup } from './create-backup.ts';
import { readBackup, restoreBackup } from './restore-backup.ts';

/** Faults a test switches on: the disk fills while unpacking, or a part cannot be moved into place. */
const faults = vi.hoisted(() => ({ extract: false, placing: undefined as string | undefined }));
vi.mock('tar', async (importOriginal) => {
  const tar = await importOriginal<typeof import('tar')>();
  const extract = async (...args: Parameters<typeof tar.extract>) => {
    await tar.extract(...args);
    if (faults.extract) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
  };
  return { ...tar, extract };
});
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const rename = async (from: string, to: string) => {
    if (faults.placing && from.includes('.restore-') && to.endsWith(`/${faults.placing}`)) {
      throw Object.assign(new Error(`EIO: i/o error, rename '${from}' -> '${to}'`), { code: 'EIO' });
    }
    return fs.rename(from, to);
  };
  return { ...fs, rename, default: { ...fs, rename } };
});
afterEach(() => {
  faults.extract = false;
  faults.placing = undefined;
});

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'mqr-backup-unit-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A DATA_DIR as a stopped server leaves it (a stand-in database folder, two files, the secret). */
async function dataDir(name: string): Promise<string> {
  const dir = path.join(root, name);
  await mkdir(path.join(dir, 'db', 'base'), { recursive: true });
  await writeFile(path.join(dir, 'db', 'PG_VERSION'), '17\n');
  await writeFile(path.join(dir, 'db', 'base', '1'), Buffer.alloc(10_000, 7));
  await mkdir(path.join(dir, 'files', 'org-1'), { recursive: true });
  await writeFile(path.join(dir, 'files', 'org-1', 'a.pdf'), 'first file');
  await writeFile(path.join(dir, 'files', 'org-1', 'b.png'), 'second file');
  await writeFile(path.join(dir, 'jwt-secret'), 'x'.repeat(64), { mode: 0o600 });
  return dir;
}

/** A gzipped tar of `entries` (name → content, or a symlink target) made from a folder of its own. */
async function archiveOf(name: string, entries: Record<string, string | { link: string }>): Promise<string> {
  const source = path.join(root, `${name}-source`);
  for (const [entry, content] of Object.entries(entries)) {
    await mkdir(path.dirname(path.join(source, entry)), { recursive: true });
    if (typeof content === 'string') await writeFile(path.join(source, entry), content);
    else await symlink(content.link, path.join(source, entry));
  }
  const file = path.join(root, `${name}.tar.gz`);
  await create({ file, cwd: source, gzip: true }, Object.keys(entries));
  return file;
}

/** Every file under `dir` with a digest of its bytes: what a restore must leave exactly as it was. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, file)] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  }
  return files;
}

const MANIFEST = JSON.stringify({
  format: 'maintenance-qr-backup',
  version: 1,
  createdAt: '2026-11-26T00:00:00.000Z',
  parts: ['files'],
  files: { count: 1, bytes: 5 },
});

describe('backup archive entries', () => {
  it('belong to a part of DATA_DIR, or to nothing when they could land outside it', () => {
    expect(entryPart('manifest.json')).toBe('manifest');
    expect(entryPart('db/')).toBe('db');
    expect(entryPart('db/base/1')).toBe('db');
    expect(entryPart('files/org/a.pdf')).toBe('files');
    expect(entryPart('jwt-secret')).toBe('jwt-secret');
    for (const outside of ['../etc/passwd', '/etc/passwd', 'db/../../x', 'files/./a', 'evil.sh', 'dbx/a']) {
      expect(entryPart(outside)).toBeUndefined();
    }
  });

  it('start with a manifest of our format and version', () => {
    expect(() => parseManifest('not json')).toThrow(/manifest is not JSON/);
    expect(() => parseManifest('{"format":"other","version":1}')).toThrow(/another format/);
    expect(() => parseManifest('{"format":"maintenance-qr-backup","version":2,"parts":[]}')).toThrow(
      /format version 2, which this version cannot restore/,
    );
    expect(() => parseManifest('{"format":"maintenance-qr-backup","version":1,"parts":["etc"]}')).toThrow(
      /unknown parts/,
    );
  });
});

describe('createBackup and restoreBackup', () => {
  it('round-trip DATA_DIR into an empty folder, refuse a full one unless forced, never overwrite an archive', async () => {
    const source = await dataDir('source');
    const file = path.join(root, 'round-trip.tar.gz');
    const manifest = await createBackup({ dataDir: source, parts: ['db', 'files', 'jwt-secret'], file });
    expect(manifest).toMatchObject({ parts: ['db', 'files', 'jwt-secret'], files: { count: 2, bytes: 21 } });
    expect(await readBackup(file)).toEqual({
      manifest,
      parts: {
        db: { count: 2, bytes: 10_003 },
        files: { count: 2, bytes: 21 },
        'jwt-secret': { count: 1, bytes: 64 },
      },
      files: { count: 2, bytes: 21 },
    });
    await expect(createBackup({ dataDir: source, parts: ['db'], file })).rejects.toThrow(/already exists/);
    expect(existsSync(`${file}.partial`)).toBe(false);

    const target = path.join(root, 'target');
    await restoreBackup({ file, dataDir: target });
    expect(await readFile(path.join(target, 'files', 'org-1', 'b.png'), 'utf8')).toBe('second file');
    expect(await readFile(path.join(target, 'db', 'base', '1'))).toEqual(Buffer.alloc(10_000, 7));
    await expect(restoreBackup({ file, dataDir: target })).rejects.toThrow(
      /already holds db, files, jwt-secret: restore into an empty folder, or add --force/,
    );
    await writeFile(path.join(target, 'files', 'org-1', 'later.txt'), 'made after the backup');
    await restoreBackup({ file, dataDir: target, force: true });
    expect(existsSync(path.join(target, 'files', 'org-1', 'later.txt'))).toBe(false);
    // Nothing of the unpacking is left behind.
    expect(readdirSync(target).sort()).toEqual(['db', 'files', 'jwt-secret']);
  });

  it('refuses archives that are not backups, hold links or other names, or miss files, and writes nothing', async () => {
    const refusals: [string, Record<string, string | { link: string }>, RegExp][] = [
      ['no-manifest', { 'files/a': 'hello' }, /does not start with a manifest/],
      ['other-name', { 'manifest.json': MANIFEST, 'evil.sh': 'echo' }, /holds evil\.sh, which is no part/],
      [
        'link',
        { 'manifest.json': MANIFEST, 'files/a': { link: '/etc/passwd' } },
        /files\/a is a SymbolicLink/,
      ],
    ];
    for (const [name, entries, message] of refusals) {
      const target = path.join(root, `refused-${name}`);
      await expect(restoreBackup({ file: await archiveOf(name, entries), dataDir: target })).rejects.toThrow(
        message,
      );
      expect(existsSync(path.join(target, 'files'))).toBe(false);
    }
    const junk = path.join(root, 'junk.tar.gz');
    await writeFile(junk, Buffer.alloc(3000, 1));
    await expect(readBackup(junk)).rejects.toBeInstanceOf(BackupError);
    // A backup cut short (a full disk, a copy interrupted) is refused before anything is written.
    const whole = await readFile(
      await archiveOf('whole', { 'manifest.json': MANIFEST, 'files/a': 'x'.repeat(50_000) }),
    );
    const cut = path.join(root, 'cut.tar.gz');
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(restoreBackup({ file: cut, dataDir: path.join(root, 'refused-cut') })).rejects.toThrow(
      /is not a readable backup archive/,
    );
    expect(existsSync(path.join(root, 'refused-cut'))).toBe(false);
  });

  it('checks that the archive holds every part its manifest lists, and no other, before touching DATA_DIR', async () => {
    const manifest = (parts: string[]) =>
      JSON.stringify({ ...JSON.parse(MANIFEST), parts, files: { count: 1, bytes: 3 } });
    const database = { 'db/PG_VERSION': '17\n', 'db/base/1': 'new database' };
    const cases: [string, Record<string, string>, RegExp][] = [
      [
        'lacks-secret',
        { 'manifest.json': manifest(['db', 'files', 'jwt-secret']), ...database, 'files/org-1/n.pdf': 'new' },
        /is incomplete: its manifest lists jwt-secret \(the JWT secret\), which the archive does not hold\. Nothing was changed\./,
      ],
      [
        'lacks-files',
        {
          'manifest.json': manifest(['jwt-secret', 'db', 'files']),
          ...database,
          'jwt-secret': 'y'.repeat(64),
        },
        /its manifest lists files \(the uploaded files\), which the archive does not hold/,
      ],
      [
        'unlisted',
        { 'manifest.json': manifest(['files']), ...database, 'files/org-1/n.pdf': 'new' },
        /it holds db \(the embedded database\), which its manifest does not list/,
      ],
      [
        'no-pg-version',
        { 'manifest.json': manifest(['db']), 'db/base/1': 'new database' },
        /its database has no PG_VERSION/,
      ],
      [
        'secret-folder',
        { 'manifest.json': manifest(['jwt-secret']), 'jwt-secret/x': 'y' },
        /jwt-secret is a folder, not a file/,
      ],
    ];
    for (const [name, entries, message] of cases) {
      const target = await dataDir(`forced-${name}`);
      const before = await snapshot(target);
      await expect(
        restoreBackup({ file: await archiveOf(name, entries), dataDir: target, force: true }),
      ).rejects.toThrow(message);
      expect(await snapshot(target), name).toEqual(before);
      expect(readdirSync(target).sort(), name).toEqual(['db', 'files', 'jwt-secret']);
    }
  });

  it('keeps the old data as it was when unpacking fails, or when a part cannot be moved into place', async () => {
    const file = path.join(root, 'replacement.tar.gz');
    const replacement = await dataDir('replacement');
    await writeFile(path.join(replacement, 'jwt-secret'), 'z'.repeat(64));
    await writeFile(path.join(replacement, 'files', 'org-1', 'a.pdf'), 'replaced file');
    await createBackup({ dataDir: replacement, parts: ['db', 'files', 'jwt-secret'], file });

    const target = await dataDir('kept');
    const before = await snapshot(target);
    faults.extract = true;
    await expect(restoreBackup({ file, dataDir: target, force: true })).rejects.toThrow(/no space left/);
    expect(await snapshot(target)).toEqual(before);
    expect(readdirSync(target).sort()).toEqual(['db', 'files', 'jwt-secret']);

    faults.extract = false;
    for (const part of ['db', 'files', 'jwt-secret']) {
      faults.placing = part;
      await expect(restoreBackup({ file, dataDir: target, force: true }), part).rejects.toThrow(/i\/o error/);
      expect(await snapshot(target), part).toEqual(before);
      expect(readdirSync(target).sort(), part).toEqual(['db', 'files', 'jwt-secret']);
    }

    faults.placing = undefined;
    await restoreBackup({ file, dataDir: target, force: true });
    expect(await readFile(path.join(target, 'jwt-secret'), 'utf8')).toBe('z'.repeat(64));
    expect(await readFile(path.join(target, 'files', 'org-1', 'a.pdf'), 'utf8')).toBe('replaced file');
    expect(readdirSync(target).sort()).toEqual(['db', 'files', 'jwt-secret']);
  });
});
