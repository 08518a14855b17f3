import { existsSync, readdirSync, statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { extract, list, type ReadEntry } from 'tar';
import {
  BACKUP_PARTS,
  BackupError,
  type BackupManifest,
  type BackupPart,
  entryPart,
  parseManifest,
} from './archive-format.ts';
import { countFiles } from './create-backup.ts';

const ENTRY_TYPES = new Set(['File', 'OldFile', 'Directory']);

/** What an archive holds: its manifest, and the files of `files/` as the archive lists them. */
export interface BackupContents {
  manifest: BackupManifest;
  files: { count: number; bytes: number };
}

/**
 * Reads the whole archive once and answers its manifest and files. Refuses (BackupError) an archive
 * that is not a readable gzipped tar (a truncated one included), has no manifest first, or holds
 * anything but plain files and folders of a backup's parts (a link, an absolute path, a `..`):
 * nothing is written before this passes.
 */
export async function readBackup(file: string): Promise<BackupContents> {
  let manifestText: string | undefined;
  let first = true;
  let refused: string | undefined;
  const files = { count: 0, bytes: 0 };
  try {
    await list({
      file,
      strict: true,
      onReadEntry: (entry: ReadEntry) => {
        const part = entryPart(entry.path);
        if (first && part !== 'manifest') refused ??= 'it does not start with a manifest';
        first = false;
        if (part === undefined) refused ??= `it holds ${entry.path}, which is no part of a backup`;
        if (!ENTRY_TYPES.has(entry.type)) refused ??= `${entry.path} is a ${entry.type}, not a file`;
        if (part === 'files' && entry.type !== 'Directory') {
          files.count++;
          files.bytes += entry.size;
        }
        if (part !== 'manifest') {
          entry.resume();
          return;
        }
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => {
          manifestText = Buffer.concat(chunks).toString('utf8');
        });
      },
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(`${file} is not a readable backup archive (${reason}).`);
  }
  if (refused) throw new BackupError(`${file} is not a Maintenance QR backup: ${refused}.`);
  if (manifestText === undefined) {
    throw new BackupError(`${file} is not a Maintenance QR backup: it has no manifest.`);
  }
  return { manifest: parseManifest(manifestText), files };
}

/** The parts DATA_DIR already holds (a folder with something in it, or the secret's file). */
export function existingParts(dataDir: string): BackupPart[] {
  return BACKUP_PARTS.filter((part) => {
    const target = path.join(dataDir, part);
    if (!existsSync(target)) return false;
    return !statSync(target).isDirectory() || readdirSync(target).length > 0;
  });
}

/**
 * Restores a backup into `dataDir`: checks the archive, unpacks it into a folder inside dataDir,
 * checks what came out against the manifest, then moves each part into place. A dataDir that
 * already holds any part is refused unless `force` (then the archive's parts replace those).
 * The caller holds DATA_DIR's lock: no server runs on it meanwhile.
 */
export async function restoreBackup(options: {
  file: string;
  dataDir: string;
  force?: boolean;
}): Promise<BackupManifest> {
  const { manifest, files: archived } = await readBackup(options.file);
  const present = existingParts(options.dataDir);
  if (present.length > 0 && !options.force) {
    throw new BackupError(
      `DATA_DIR ${options.dataDir} already holds ${present.join(', ')}: restore into an empty folder, or add --force to replace them.`,
    );
  }
  await mkdir(options.dataDir, { recursive: true });
  const staging = await mkdtemp(path.join(options.dataDir, '.restore-'));
  try {
    await extract({
      file: options.file,
      cwd: staging,
      strict: true,
      filter: (entryPath) => entryPart(entryPath) !== undefined,
    });
    if (manifest.parts.includes('db') && !existsSync(path.join(staging, 'db', 'PG_VERSION'))) {
      throw new BackupError('The backup is incomplete: its database has no PG_VERSION.');
    }
    // Against the archive's own list, not the manifest's tally: files uploaded while the backup ran
    // (PostgreSQL with local files: no lock stops that server) may be in one and not the other.
    const files = await countFiles(path.join(staging, 'files'));
    if (files.count !== archived.count || files.bytes !== archived.bytes) {
      throw new BackupError(
        `The backup could not be unpacked whole: ${files.count} files (${files.bytes} bytes) of the ${archived.count} (${archived.bytes} bytes) it holds.`,
      );
    }
    for (const part of manifest.parts) {
      const target = path.join(options.dataDir, part);
      await rm(target, { recursive: true, force: true });
      await rename(path.join(staging, part), target);
    }
    if (manifest.parts.includes('jwt-secret')) await chmod(path.join(options.dataDir, 'jwt-secret'), 0o600);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
