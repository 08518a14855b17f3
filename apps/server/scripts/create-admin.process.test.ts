import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { acquireDataDirLock } from '#server/db/data-dir-lock.ts';
import { organizations, users } from '#server/db/schema.ts';
import { verifyPassword } from '#server/lib/passwords.ts';
import { runScript } from '#server/test/run-script.ts';

const SCRIPT = fileURLToPath(new URL('./create-admin.ts', import.meta.url));

function run(args: string[], env: Record<string, string>, stdin?: string) {
  return runScript(SCRIPT, args, env, stdin);
}

describe('scripts/create-admin.ts', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mqr-create-admin-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates a super administrator with a generated password printed once', {
    timeout: 90_000,
  }, async () => {
    const env = { DATA_DIR: dataDir };
    const created = await run(['--email', 'Ops@Example.com', '--organization', 'Acme', '--super'], env);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/Created super administrator ops@example\.com/);
    const password = /Password: (\S+)/.exec(created.stdout)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);

    const piped = await run(
      ['--email', 'two@example.com', '--name', 'Two', '--password-stdin'],
      env,
      'hunter2hunter2\n',
    );
    expect(piped.code).toBe(0);
    expect(piped.stdout).not.toMatch(/Password:/);

    const duplicate = await run(['--email', 'ops@example.com'], env);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toMatch(/A user with the email ops@example\.com already exists\./);

    const usage = await run(['--nope'], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/Usage: npm run create-admin/);

    // While a server holds the embedded database, the script refuses and says to stop it.
    const lock = acquireDataDirLock(path.join(dataDir, 'db.lock'), dataDir);
    try {
      const locked = await run(['--email', 'three@example.com'], env);
      expect(locked.code).toBe(1);
      expect(locked.stderr).toMatch(/is using DATA_DIR/);
      expect(locked.stderr).toMatch(/stop it/);
    } finally {
      lock.release();
    }

    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      const rows = await database.db.select().from(users);
      expect(rows.map((u) => [u.email, u.displayName, u.isAdmin, u.isSuperAdmin]).sort()).toEqual([
        ['ops@example.com', 'Administrator', true, true],
        ['two@example.com', 'Two', true, false],
      ]);
      const ops = rows.find((u) => u.email === 'ops@example.com')!;
      expect(await verifyPassword(ops.passwordHash, password!)).toBe(true);
      expect(
        await verifyPassword(rows.find((u) => u.email === 'two@example.com')!.passwordHash, 'hunter2hunter2'),
      ).toBe(true);
      expect(await database.db.select().from(organizations)).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
