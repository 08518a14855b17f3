import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { adminQuery, randomSuffix, withDatabaseName } from './test-database.ts';

/**
 * Migrates one template database per test run; every test file copies it (createTestDatabase).
 * With TEST_DATABASE_URL: a PostgreSQL template database `mqr_test_template_<run>`; else a PGlite folder,
 * beside the folder its copies go to.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const run = randomSuffix();
    const templateName = `mqr_test_template_${run}`;
    const prefix = `mqr_test_${run}_`;
    await adminQuery(adminUrl, (c) => c.query(`CREATE DATABASE "${templateName}"`));
    const handle = await openDatabase({ databaseUrl: withDatabaseName(adminUrl, templateName) });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
    project.provide('mqrTestDatabase', { kind: 'postgres', adminUrl, templateName, prefix });
    return async () => {
      await adminQuery(adminUrl, async (c) => {
        const { rows } = await c.query<{ datname: string }>(
          'SELECT datname FROM pg_database WHERE datname = $1 OR starts_with(datname, $2)',
          [templateName, prefix],
        );
        for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      });
    };
  }

  const parent = await mkdtemp(path.join(os.tmpdir(), 'mqr-test-template-'));
  const templateDir = path.join(parent, 'db');
  const copiesDir = path.join(parent, 'copies');
  await mkdir(copiesDir);
  const handle = await openDatabase({ pgliteDir: templateDir, lock: false });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  project.provide('mqrTestDatabase', { kind: 'pglite', templateDir, copiesDir });
  return async () => {
    await rm(parent, { recursive: true, force: true });
  };
}
