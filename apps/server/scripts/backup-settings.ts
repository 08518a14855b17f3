// The settings backup and restore read: DATA_DIR, and whether the database and the files live there.
import path from 'node:path';
import { ZEnv } from '#server/config.ts';
import { fail } from './cli-database.ts';

export interface BackupSettings {
  dataDir: string;
  /** DATABASE_URL is set: the database is PostgreSQL, not in DATA_DIR. */
  postgres: boolean;
  /** STORAGE=s3: the files are in the bucket, not in DATA_DIR. */
  s3: boolean;
}

/**
 * Reads the environment as the server does (without loadConfig, which would create a JWT secret in
 * DATA_DIR: a restore must find the folder as it was).
 */
export function readBackupSettings(): BackupSettings {
  const parsed = ZEnv.safeParse(process.env);
  if (!parsed.success) {
    fail(
      `Invalid configuration:\n${parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
  }
  return {
    dataDir: path.resolve(parsed.data.DATA_DIR),
    postgres: Boolean(parsed.data.DATABASE_URL),
    s3: parsed.data.STORAGE === 's3',
  };
}

export const PRODUCTION_BACKUPS =
  'With DATABASE_URL, back PostgreSQL up with pg_dump (restore with pg_restore); with STORAGE=s3, keep the bucket with versioning or replication (or aws s3 sync). See the README, "Backups".';
