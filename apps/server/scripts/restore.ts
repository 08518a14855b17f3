// Restores a backup into DATA_DIR: npm run restore -- <file.tar.gz> [--force]
import { BackupError } from '#server/backup/archive-format.ts';
import { readBackup, restoreBackup } from '#server/backup/restore-backup.ts';
import { PRODUCTION_BACKUPS, readBackupSettings } from './backup-settings.ts';
import { fail, lockDataDir, parseCliArgs } from './cli-database.ts';

const USAGE = `Usage: npm run restore -- <file.tar.gz> [--force]

Restores an archive of npm run backup into DATA_DIR, which must be empty (or --force: the archive's
parts replace the database, files and secret there). Stop the server first.`;

async function main(): Promise<void> {
  const parsed = parseCliArgs({ force: { type: 'boolean', default: false } }, USAGE);
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length > 0) fail(USAGE, 2);

  const settings = readBackupSettings();
  try {
    const { manifest, files } = await readBackup(file);
    if (manifest.parts.includes('db') && settings.postgres) {
      fail(`DATABASE_URL is set: the server would not use an embedded database. ${PRODUCTION_BACKUPS}`);
    }
    if (manifest.parts.includes('files') && settings.s3) {
      fail(`STORAGE=s3: the server would not read files from DATA_DIR. ${PRODUCTION_BACKUPS}`);
    }
    const lock = lockDataDir(settings.dataDir, 'npm run restore');
    try {
      await restoreBackup({ file, dataDir: settings.dataDir, force: parsed.values.force === true });
    } finally {
      lock.release();
    }
    process.stdout.write(
      `Restored the backup of ${manifest.createdAt} (${files.count} files) into ${settings.dataDir}. Start the server.\n`,
    );
  } catch (error) {
    if (error instanceof BackupError) fail(error.message);
    throw error;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`restore failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
