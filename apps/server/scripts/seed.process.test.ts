import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScript } from '#server/test/run-script.ts';

const SEED = fileURLToPath(new URL('./seed.ts', import.meta.url));
const CREATE_ADMIN = fileURLToPath(new URL('./create-admin.ts', import.meta.url));

/** The files under a directory, however deep (none when it does not exist). */
async function filesUnder(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

describe('scripts/seed.ts --sample', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mqr-seed-sample-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('adds the sample site once and removes it again, as the app does', { timeout: 120_000 }, async () => {
    const env = { DATA_DIR: dataDir };
    const admin = await runScript(
      CREATE_ADMIN,
      ['--email', 'ops@example.com', '--organization', 'Acme'],
      env,
    );
    expect(admin.code, admin.stderr).toBe(0);

    const added = await runScript(SEED, ['--sample', '--organization', 'Acme'], env);
    expect(added.stderr).toBe('');
    expect(added.stdout).toMatch(
      /Added sample data to "Acme": 30 assets, \d+ events, 9 schedules, 2 files\./,
    );
    expect(await filesUnder(path.join(dataDir, 'files'))).toHaveLength(2);

    const again = await runScript(SEED, ['--sample'], env);
    expect(again.stdout).toMatch(/"Acme" already holds sample data: nothing added\./);

    const removed = await runScript(SEED, ['--remove-sample'], env);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toMatch(/Removed sample data from "Acme": 30 assets, 6 fields; 0 sample assets/);
    expect(await filesUnder(path.join(dataDir, 'files'))).toEqual([]);

    const both = await runScript(SEED, ['--sample', '--assets', '5'], env);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--sample and --remove-sample go alone/);
  });
});
