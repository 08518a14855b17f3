import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { create } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupError, entryPart, parseManifest } from './archive-format.ts';
import { createBackup } from './create-backup.ts';
import { readBackup, restoreBackup } from './restore-backup.ts';

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
    expect(await readBackup(file)).toEqual({ manifest, files: { count: 2, bytes: 21 } });
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
});
