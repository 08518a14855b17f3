import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts';

describe('data directory lock', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'mqr-lock-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a second opener while held, and frees the lock on release', async () => {
    const file = path.join(dir, 'a.lock');
    const lock = acquireDataDirLock(file, dir);
    expect((await readFile(file, 'utf8')).trim()).toBe(String(process.pid));
    expect(() => acquireDataDirLock(file, dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(file, dir)).toThrow(
      /another Maintenance QR process .* is using DATA_DIR/i,
    );
    lock.release();
    expect(existsSync(file)).toBe(false);
    acquireDataDirLock(file, dir).release();
  });

  it('refuses a lock held by another live process', async () => {
    const file = path.join(dir, 'b.lock');
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      await writeFile(file, `${child.pid}\n`);
      expect(() => acquireDataDirLock(file, dir)).toThrow(new RegExp(`pid ${child.pid}`));
    } finally {
      child.kill();
    }
  });

  it('takes over a stale lock whose process is gone', async () => {
    const file = path.join(dir, 'c.lock');
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((r) => child.on('exit', r));
    await writeFile(file, `${child.pid}\n`);
    const lock = acquireDataDirLock(file, dir);
    expect((await readFile(file, 'utf8')).trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a lock carrying our own pid that we do not hold (restarted container, pid 1)', async () => {
    const file = path.join(dir, 'd.lock');
    await writeFile(file, `${process.pid}\n`);
    acquireDataDirLock(file, dir).release();
  });

  it('guards the embedded database: a second open of the same folder fails until the first closes', async () => {
    const pgliteDir = path.join(dir, 'data', 'db');
    const first = await openDatabase({ pgliteDir });
    try {
      await expect(openDatabase({ pgliteDir })).rejects.toThrow(DataDirLockedError);
    } finally {
      await first.close();
    }
    const again = await openDatabase({ pgliteDir });
    await again.ping();
    await again.close();
  });
});
