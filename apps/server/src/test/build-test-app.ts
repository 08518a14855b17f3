import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../app.ts';
import type { AppConfig } from '../config.ts';
import type { DatabaseHandle, Db } from '../db/client.ts';
import { testConfig } from './test-config.ts';
import { createTestDatabase } from './test-database.ts';

export { testConfig };

export interface TestApp {
  app: FastifyInstance;
  /** The tables' owner, for tests' own setup and checks: row-level security does not apply (ADR 066). */
  db: Db;
  database: DatabaseHandle;
  config: AppConfig;
  /** Closes the app, deletes its database and temporary DATA_DIR. */
  close(): Promise<void>;
}

/**
 * The app on a fresh, empty, migrated database (no first-start bootstrap: tests make their own data;
 * no upload sweep timer unless `sweepUploads: true`, no schedules engine unless `scheduleEngine: true`).
 * Use `app.inject(...)`; call `close()` in afterAll/afterEach.
 */
export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  options: Omit<BuildAppOptions, 'database'> = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mqr-test-data-'));
  const config = testConfig(dataDir, overrides);
  const database = await createTestDatabase();
  let app: FastifyInstance;
  try {
    app = await buildApp(config, {
      logger: process.env.TEST_LOG ? { level: 'error' } : false,
      bootstrap: false,
      sweepUploads: false,
      scheduleEngine: false,
      ...options,
      database,
    });
    await app.ready();
  } catch (error) {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    db: database.ownerDb,
    database,
    config,
    close: async () => {
      try {
        await app.close();
      } finally {
        await database.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}
