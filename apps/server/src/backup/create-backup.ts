import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { create } from 'tar';
import {
  BACKUP_FORMAT,
  BackupError,
  type BackupManifest,
  type BackupPart,
  MANIFEST_NAME,
} from './archive-format.ts';

/** How many files a folder holds (at any depth) and their bytes; none when it does not exist. */
export async function countFiles(dir: string): Promise<{ count: number; bytes: number }> {
  if (!existsSync(dir)) return { count: 0, bytes: 0 };
  let count = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    count++;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { count, bytes };
}

/**
 * Writes one gzipped tar archive of DATA_DIR's `parts` (those that exist) with a manifest first. The
 * caller holds DATA_DIR's lock, so no server changes them meanwhile. Written beside `file` under
 * another name, then renamed: a failed backup leaves no half archive behind. Never overwrites `file`.
 */
export async function createBackup(options: {
  dataDir: string;
  parts: BackupPart[];
  file: string;
  now?: Date;
}): Promise<BackupManifest> {
  const file = path.resolve(options.file);
  if (existsSync(file)) throw new BackupError(`${file} already exists: name a new file.`);
  const parts = options.parts.filter((part) => existsSync(path.join(options.dataDir, part)));
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: 1,
    createdAt: (options.now ?? new Date()).toISOString(),
    parts,
    files: await countFiles(path.join(options.dataDir, 'files')),
  };
  const staging = await mkdtemp(path.join(os.tmpdir(), 'mqr-backup-'));
  const partial = `${file}.partial`;
  try {
    await writeFile(path.join(staging, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
    const manifestTar = path.join(staging, 'manifest.tar');
    await create({ file: manifestTar, cwd: staging, portable: true }, [MANIFEST_NAME]);
    // `@archive` adds that archive's entries: the manifest comes first, from outside DATA_DIR.
    // Readable by its owner only: it holds password hashes and the JWT secret.
    await create({ file: partial, cwd: options.dataDir, gzip: true, portable: true, mode: 0o600 }, [
      `@${manifestTar}`,
      ...parts,
    ]);
    await rename(partial, file);
    return manifest;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
