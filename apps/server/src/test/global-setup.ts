import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_FOLDER, openDatabase } from '../db/client.ts';
import {
  adminQuery,
  appRoleUrl,
  createTestAppRole,
  randomSuffix,
  withDatabaseName,
} from './test-database.ts';

/**
 * The template database every test file copies (createTestDatabase). With TEST_DATABASE_URL: a
 * PostgreSQL database `mqr_test_template_<run>`, migrated for this run; else a PGlite folder, migrated
 * once for the current migrations (see cachedPgliteTemplate), and a folder for this run's copies.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const run = randomSuffix();
    const templateName = `mqr_test_template_${run}`;
    const prefix = `mqr_test_${run}_`;
    await adminQuery(adminUrl, async (c) => {
      await createTestAppRole(c);
      await c.query(`CREATE DATABASE "${templateName}"`);
    });
    // Migrated with the app role, as in production: the copies inherit its grants (ADR 066).
    const templateUrl = withDatabaseName(adminUrl, templateName);
    const handle = await openDatabase({ databaseUrl: templateUrl, appDatabaseUrl: appRoleUrl(templateUrl) });
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

  const templateDir = await cachedPgliteTemplate();
  const copiesDir = await mkdtemp(path.join(os.tmpdir(), 'mqr-test-dbs-'));
  project.provide('mqrTestDatabase', { kind: 'pglite', templateDir, copiesDir });
  return async () => {
    await rm(copiesDir, { recursive: true, force: true });
  };
}

/** The installed version of a package (whose exports do not include its package.json). */
async function packageVersion(name: string): Promise<string> {
  for (let dir = path.dirname(createRequire(import.meta.url).resolve(name)); dir !== path.dirname(dir); ) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(await readFile(file, 'utf8')) as { name?: string; version?: string };
      if (manifest.name === name && manifest.version) return manifest.version;
    }
    dir = path.dirname(dir);
  }
  throw new Error(`No package.json found for ${name}`);
}

/**
 * A migrated embedded database, made once for these migrations and this PGlite version and kept in
 * the temporary folder between runs: creating one (initdb) takes seconds. Only ever copied, never
 * opened; it is built aside and renamed into place, so runs side by side see a whole one or none.
 */
async function cachedPgliteTemplate(): Promise<string> {
  const key = createHash('sha256');
  key.update(await packageVersion('@electric-sql/pglite'));
  for (const file of (await readdir(MIGRATIONS_FOLDER, { recursive: true })).sort()) {
    const full = path.join(MIGRATIONS_FOLDER, file);
    if ((await stat(full)).isFile()) key.update(file).update(await readFile(full));
  }
  const templateDir = path.join(os.tmpdir(), `mqr-test-template-${key.digest('hex').slice(0, 16)}`);
  if (existsSync(templateDir)) return templateDir;

  const building = await mkdtemp(`${templateDir}-building-`);
  try {
    const handle = await openDatabase({ pgliteDir: path.join(building, 'db'), lock: false });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
    await rename(path.join(building, 'db'), templateDir).catch((error: unknown) => {
      if (!existsSync(templateDir)) throw error;
    });
  } finally {
    await rm(building, { recursive: true, force: true });
  }
  return templateDir;
}
