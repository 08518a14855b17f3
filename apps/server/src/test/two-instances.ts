import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../app.ts';
import type { AppConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { SettableClock } from '../lib/clock.ts';
import { testConfig } from './build-test-app.ts';
import { adminQuery, dropDatabase, withDatabaseName } from './test-database.ts';

export interface TwoInstances {
  apps: [FastifyInstance, FastifyInstance];
  handles: [DatabaseHandle, DatabaseHandle];
  /** Each instance's own clock: tests move them together. */
  clocks: [SettableClock, SettableClock];
  close(): Promise<void>;
}

/**
 * Two app instances on one new PostgreSQL database (the deployment with several instances), each with
 * its own connection pool, clock and job runner, as in production; `close` drops the database.
 */
export async function startTwoInstances(
  adminUrl: string,
  overrides: Partial<AppConfig> = {},
  options: Omit<BuildAppOptions, 'database' | 'clock'> = {},
): Promise<TwoInstances> {
  const name = `mqr_two_instances_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mqr-two-'));
  const config = testConfig(dataDir, { databaseUrl: withDatabaseName(adminUrl, name), ...overrides });
  const clocks = [new SettableClock(), new SettableClock()] as [SettableClock, SettableClock];
  const apps: FastifyInstance[] = [];
  const handles: DatabaseHandle[] = [];
  for (const clock of clocks) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, onPoolError: () => {} });
    await database.migrate();
    handles.push(database);
    const app = await buildApp(config, {
      logger: false,
      bootstrap: false,
      sweepUploads: false,
      ...options,
      database,
      clock,
    });
    await app.ready();
    apps.push(app);
  }
  return {
    apps: apps as TwoInstances['apps'],
    handles: handles as TwoInstances['handles'],
    clocks,
    close: async () => {
      for (const app of apps) await app.close();
      for (const handle of handles) await handle.close();
      await dropDatabase(adminUrl, name);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
