import { existsSync, readdirSync, statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { extract, list, type ReadEntry } from 'tar';
import {
  BACKUP_PARTS,
  BackupError,
  type BackupManifest,
  type BackupPart,
  entryPart,
  parseManifest,
  partLabel,
} from './archive-format.ts';
import { countFiles } from './create-backup.ts';

const ENTRY_TYPES = new Set(['File', 'OldFile', 'Directory']);

/** How many files, and their bytes. */
export interface Tally {
  count: number;
  bytes: number;
}

/** What an archive holds: its manifest, and each part's files as the archive lists them. */
export interface BackupContents {
  manifest: BackupManifest;
  /** The parts the archive holds, each with its files (the secret is one file). */
  parts: Partial<Record<BackupPart, Tally>>;
  /** The files of `files/` (none when the archive has no such part). */
  files: Tally;
}

/** What reading an archive's entries found, before its manifest is compared with them. */
interface Listing {
  manifestText: string | undefined;
  parts: Partial<Record<BackupPart, Tally>>;
  hasPgVersion: boolean;
  refused: string | undefined;
}

/** Why an entry cannot be restored: not a plain file or folder, or a part of the wrong kind. */
function entryProblem(entry: ReadEntry, part: BackupPart | 'manifest' | undefined): string | undefined {
  if (part === undefined) return `it holds ${entry.path}, which is no part of a backup`;
  if (!ENTRY_TYPES.has(entry.type)) return `${entry.path} is a ${entry.type}, not a file`;
  const top = entry.path.replace(/\/+$/, '') === part;
  if (part === 'jwt-secret' && !(top && entry.type !== 'Directory'))
    return 'jwt-secret is a folder, not a file';
  if ((part === 'db' || part === 'files') && top && entry.type !== 'Directory') {
    return `${part} is a file, not a folder`;
  }
  return undefined;
}

/** Adds an entry of a part to the listing's tally (folders hold no bytes of their own). */
function countEntry(listing: Listing, part: BackupPart, entry: ReadEntry): void {
  const tally = listing.parts[part] ?? { count: 0, bytes: 0 };
  listing.parts[part] = tally;
  if (entry.type === 'Directory') return;
  tally.count++;
  tally.bytes += entry.size;
  if (entry.path === 'db/PG_VERSION') listing.hasPgVersion = true;
}

/** Reads every entry of the archive once (a truncated or corrupt one fails here: gzip checks its CRC). */
async function listArchive(file: string): Promise<Listing> {
  const listing: Listing = { manifestText: undefined, parts: {}, hasPgVersion: false, refused: undefined };
  let first = true;
  try {
    await list({
      file,
      strict: true,
      onReadEntry: (entry: ReadEntry) => {
        const part = entryPart(entry.path);
        if (first && part !== 'manifest') listing.refused ??= 'it does not start with a manifest';
        first = false;
        const problem = entryProblem(entry, part);
        if (problem) listing.refused ??= problem;
        if (part !== 'manifest') {
          if (part) countEntry(listing, part, entry);
          entry.resume();
          return;
        }
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => {
          listing.manifestText = Buffer.concat(chunks).toString('utf8');
        });
      },
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(`${file} is not a readable backup archive (${reason}).`);
  }
  return listing;
}

/**
 * Reads the whole archive once and answers its manifest and parts. Refuses (BackupError) an archive
 * that is not a readable gzipped tar (a truncated one included), has no manifest first, holds
 * anything but plain files and folders of a backup's parts (a link, an absolute path, a `..`), lacks
 * a part its manifest lists or holds one it does not, or whose database has no PG_VERSION: nothing
 * is written before this passes.
 */
export async function readBackup(file: string): Promise<BackupContents> {
  const listing = await listArchive(file);
  if (listing.refused) throw new BackupError(`${file} is not a Maintenance QR backup: ${listing.refused}.`);
  if (listing.manifestText === undefined) {
    throw new BackupError(`${file} is not a Maintenance QR backup: it has no manifest.`);
  }
  const manifest = parseManifest(listing.manifestText);
  const missing = manifest.parts.find((part) => !listing.parts[part]);
  if (missing) {
    throw new BackupError(
      `${file} is incomplete: its manifest lists ${partLabel(missing)}, which the archive does not hold. Nothing was changed.`,
    );
  }
  const unlisted = BACKUP_PARTS.find((part) => listing.parts[part] && !manifest.parts.includes(part));
  if (unlisted) {
    throw new BackupError(
      `${file} is not a Maintenance QR backup: it holds ${partLabel(unlisted)}, which its manifest does not list.`,
    );
  }
  if (manifest.parts.includes('db') && !listing.hasPgVersion) {
    throw new BackupError(`${file} is incomplete: its database has no PG_VERSION. Nothing was changed.`);
  }
  return { manifest, parts: listing.parts, files: listing.parts.files ?? { count: 0, bytes: 0 } };
}

/** The parts DATA_DIR already holds (a folder with something in it, or the secret's file). */
export function existingParts(dataDir: string): BackupPart[] {
  return BACKUP_PARTS.filter((part) => {
    const target = path.join(dataDir, part);
    if (!existsSync(target)) return false;
    return !statSync(target).isDirectory() || readdirSync(target).length > 0;
  });
}

/** A part's files on disk: one for the secret, every file under a folder. */
async function measure(target: string): Promise<Tally> {
  if (!existsSync(target)) return { count: 0, bytes: 0 };
  const info = await stat(target);
  return info.isDirectory() ? countFiles(target) : { count: 1, bytes: info.size };
}

/**
 * Checks that each part came out of the archive whole, against the archive's own list rather than
 * the manifest's tally: files uploaded while the backup ran (PostgreSQL with local files: no lock
 * stops that server) may be in one and not the other.
 */
async function checkUnpacked(staging: string, contents: BackupContents): Promise<void> {
  for (const part of contents.manifest.parts) {
    const found = await measure(path.join(staging, part));
    const listed = contents.parts[part] ?? { count: 0, bytes: 0 };
    if (found.count !== listed.count || found.bytes !== listed.bytes) {
      throw new BackupError(
        `The backup could not be unpacked whole: ${partLabel(part)} came out as ${found.count} files (${found.bytes} bytes) of the ${listed.count} (${listed.bytes} bytes) it holds. Nothing was changed.`,
      );
    }
  }
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Puts each unpacked part in place by rename (staging is inside dataDir: one filesystem), the old
 * part moved aside first; the old parts are deleted only once every new one is in place. A failure
 * on the way moves the new parts out and the old ones back, so dataDir is as it was.
 */
async function swapIn(dataDir: string, staging: string, parts: BackupPart[]): Promise<void> {
  const aside = await mkdtemp(path.join(dataDir, '.replaced-'));
  const movedAside: BackupPart[] = [];
  const placed: BackupPart[] = [];
  try {
    for (const part of parts) {
      const target = path.join(dataDir, part);
      if (existsSync(target)) {
        await rename(target, path.join(aside, part));
        movedAside.push(part);
      }
      await rename(path.join(staging, part), target);
      placed.push(part);
    }
  } catch (error) {
    try {
      for (const part of placed.reverse()) await rename(path.join(dataDir, part), path.join(staging, part));
      for (const part of movedAside) await rename(path.join(aside, part), path.join(dataDir, part));
    } catch (undoError) {
      throw new BackupError(
        `Restoring failed (${reasonOf(error)}), and the previous data could not be put back (${reasonOf(undoError)}): it is in ${aside}. Move its parts back into ${dataDir} before starting the server.`,
      );
    }
    await rm(aside, { recursive: true, force: true });
    throw error;
  }
  await rm(aside, { recursive: true, force: true });
}

/**
 * Restores a backup into `dataDir`: checks the whole archive first, unpacks it into a folder inside
 * dataDir, checks what came out, then swaps each part in (the old ones are deleted last). A dataDir
 * that already holds any part is refused unless `force` (then the archive's parts replace those).
 * Any failure leaves dataDir as it was. The caller holds DATA_DIR's lock: no server runs on it.
 */
export async function restoreBackup(options: {
  file: string;
  dataDir: string;
  force?: boolean;
}): Promise<BackupManifest> {
  const contents = await readBackup(options.file);
  const { manifest } = contents;
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
    await checkUnpacked(staging, contents);
    if (manifest.parts.includes('jwt-secret')) await chmod(path.join(staging, 'jwt-secret'), 0o600);
    await swapIn(options.dataDir, staging, manifest.parts);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
