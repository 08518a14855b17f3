// What the command-line tools share: failing with a message, and opening the configured database.
import { type AppConfig, ConfigError, loadConfig } from '#server/config.ts';
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts';
import { DataDirLockedError } from '#server/db/data-dir-lock.ts';

export function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

/**
 * Opens and migrates DATABASE_URL, or the embedded database in DATA_DIR. A server running on that
 * DATA_DIR holds its lock: then it says to stop the server, run `task`, and start it again.
 */
export async function openCliDatabase(
  task: string,
): Promise<{ config: AppConfig; database: DatabaseHandle }> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }
  let database: DatabaseHandle;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      fail(
        `${error.message}\nThe server is running on this DATA_DIR: stop it, run ${task}, then start it again.`,
      );
    }
    throw error;
  }
  await database.migrate();
  return { config, database };
}
