// Backs DATA_DIR up into one archive: npm run backup -- <file.tar.gz>
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { BackupPart } from '#server/backup/archive-format.ts';
import { BackupError } from '#server/backup/archive-format.ts';
import { createBackup } from '#server/backup/create-backup.ts';
import { PRODUCTION_BACKUPS, readBackupSettings } from './backup-settings.ts';
import { fail, lockDataDir, parseCliArgs } from './cli-database.ts';

const USAGE = `Usage: npm run backup -- <file.tar.gz>

Writes one archive of DATA_DIR: the embedded database, the uploaded files (local storage) and the
generated JWT secret. Stop the server first: the embedded database is one process's.
Restore it with: npm run restore -- <file.tar.gz>`;

function describe(parts: BackupPart[], files: { count: number; bytes: number }): string {
  const names: string[] = [];
  if (parts.includes('db')) names.push('the embedded database');
  if (parts.includes('files'))
    names.push(`${files.count} files (${(files.bytes / 1024 / 1024).toFixed(1)} MB)`);
  if (parts.includes('jwt-secret')) names.push('the JWT secret');
  return names.join(', ');
}

async function main(): Promise<void> {
  const parsed = parseCliArgs({}, USAGE);
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length > 0) fail(USAGE, 2);

  const settings = readBackupSettings();
  if (settings.postgres && settings.s3)
    fail(`DATA_DIR holds neither the database nor the files. ${PRODUCTION_BACKUPS}`);
  const parts: BackupPart[] = ['jwt-secret'];
  if (!settings.postgres) parts.push('db');
  if (!settings.s3) parts.push('files');
  if (!settings.postgres && !existsSync(path.join(settings.dataDir, 'db', 'PG_VERSION'))) {
    fail(`No embedded database in ${settings.dataDir}: has the server ever started with this DATA_DIR?`);
  }
  const lock = lockDataDir(settings.dataDir, 'npm run backup');
  try {
    const manifest = await createBackup({ dataDir: settings.dataDir, parts, file });
    process.stdout.write(`Backup written to ${file}: ${describe(manifest.parts, manifest.files)}.\n`);
    process.stdout.write('It holds password hashes and the JWT secret: keep it as safe as the server.\n');
    if (settings.postgres || settings.s3) process.stdout.write(`${PRODUCTION_BACKUPS}\n`);
  } catch (error) {
    if (error instanceof BackupError) fail(error.message);
    throw error;
  } finally {
    lock.release();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
