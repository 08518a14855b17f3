// What the command-line tools share: failing with a message, and opening the configured database.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import { type AppConfig, ConfigError, loadConfig } from '#server/config.ts';
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts';
import { acquireDataDirLock, DataDirLockedError } from '#server/db/data-dir-lock.ts';

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
    // No deadline on a statement (ADR 147): a command's work (a seed, the vacuum of a million rows)
    // takes what it takes, and whoever runs it is there to stop it.
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.pgliteDir,
      queryDeadlineMillis: 0,
    });
  } catch (error) {
    failWhenLocked(error, task);
  }
  await database.migrate();
  return { config, database };
}

/** Fails with what to do when `error` is the data directory's lock held by a running server; rethrows anything else. */
export function failWhenLocked(error: unknown, task: string): never {
  if (error instanceof DataDirLockedError) {
    fail(
      `${error.message}\nThe server is running on this DATA_DIR: stop it, run ${task}, then start it again.`,
    );
  }
  throw error;
}

/** Takes DATA_DIR's lock (the one the server holds while it runs), or fails saying to stop the server. */
export function lockDataDir(dataDir: string, task: string): { release(): void } {
  mkdirSync(dataDir, { recursive: true });
  try {
    return acquireDataDirLock(`${path.join(dataDir, 'db')}.lock`, dataDir);
  } catch (error) {
    failWhenLocked(error, task);
  }
}

/**
 * The script's options and positionals; `--help` prints the usage and exits 0, a bad option prints
 * it and exits 2.
 */
export function parseCliArgs(
  options: ParseArgsOptionsConfig,
  usage: string,
): { values: Record<string, unknown>; positionals: string[] } {
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    fail(`${(error as Error).message}\n\n${usage}`, 2);
  }
  if (parsed.values.help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  return parsed;
}
