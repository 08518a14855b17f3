import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { HttpSession } from '#server/test/http-session.ts';
import { runScript } from '#server/test/run-script.ts';
import { killServerProcesses, type ServerProcess, startServerProcess } from '#server/test/server-process.ts';

const BACKUP = fileURLToPath(new URL('./backup.ts', import.meta.url));
const RESTORE = fileURLToPath(new URL('./restore.ts', import.meta.url));
const ADMIN = { email: 'admin@example.com', password: 'backup-admin-password' };

function run(script: string, args: string[], dataDir: string) {
  return runScript(script, args, { DATA_DIR: dataDir });
}

function start(dataDir: string): Promise<ServerProcess> {
  return startServerProcess({ DATA_DIR: dataDir, ADMIN_PASSWORD: ADMIN.password });
}

async function stop(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

interface Saved {
  asset: { id: string; name: string };
  event: { id: string; title: string; files: { fileName: string; publicUrl: string }[] };
  bytes: Buffer[];
}

/** An asset with an event whose attachments were uploaded as the browser does (presigned PUTs). */
async function saveAssetWithFiles(
  browser: HttpSession,
  url: string,
  name: string,
  files: number,
): Promise<Saved> {
  const asset = await browser.expect(201, url, 'POST', '/api/assets', { body: { name } });
  const bytes = Array.from({ length: files }, () => randomBytes(20_000 + Math.floor(Math.random() * 20_000)));
  const attached = [];
  for (const [i, content] of bytes.entries()) {
    const fileName = `${name} ${i}.bin`;
    const presigned = await browser.expect(200, url, 'POST', '/api/uploads/presign', {
      body: { fileName, contentType: 'application/octet-stream' },
    });
    const put = await fetch(new URL(presigned.uploadUrl, url), {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: content,
    });
    expect(put.status).toBe(204);
    attached.push({ objectKey: presigned.objectKey, fileName });
  }
  const event = await browser.expect(201, url, 'POST', `/api/assets/${asset.id}/events`, {
    body: { title: `${name} service`, files: attached },
  });
  return { asset, event, bytes };
}

async function download(url: string, publicUrl: string): Promise<Buffer> {
  const response = await fetch(new URL(publicUrl, url));
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** Each table of the embedded database in `dataDir`: its row count and an md5 of its rows, in order. */
async function tableDigests(dataDir: string): Promise<Record<string, string>> {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  try {
    const tables = (await database.db.execute(sql`
      select quote_ident(table_schema) || '.' || quote_ident(table_name) as name, table_name as short
      from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE'`)) as unknown as {
      rows: { name: string; short: string }[];
    };
    const digests: Record<string, string> = {};
    for (const { name, short } of tables.rows) {
      const result = (await database.db.execute(
        sql.raw(
          `select count(*) || ' ' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest from ${name} t`,
        ),
      )) as unknown as { rows: { digest: string }[] };
      digests[short] = result.rows[0]!.digest;
    }
    return digests;
  } finally {
    await database.close();
  }
}

describe('npm run backup / npm run restore (embedded database and local files)', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'mqr-backup-'));
  });
  afterAll(async () => {
    killServerProcesses();
    await rm(root, { recursive: true, force: true });
  });

  it('backs up a stopped server, restores into a fresh folder, and the restored server has every record and file', {
    timeout: 180_000,
  }, async () => {
    const original = path.join(root, 'original');
    const archive = path.join(root, 'backup.tar.gz');
    const first = await start(original);
    const browser = new HttpSession();
    await browser.signIn(first.url, ADMIN.email, ADMIN.password);
    const saved = [
      await saveAssetWithFiles(browser, first.url, 'Boiler', 2),
      await saveAssetWithFiles(browser, first.url, 'Chiller', 1),
      await saveAssetWithFiles(browser, first.url, 'Pump', 0),
    ];

    // While the server runs, the embedded database is its own: the backup is refused, nothing written.
    const refused = await run(BACKUP, [archive], original);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/The server is running on this DATA_DIR: stop it, run npm run backup/);
    expect(existsSync(archive)).toBe(false);
    await stop(first);

    const backup = await run(BACKUP, [archive], original);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/the embedded database, 3 files \(.+ MB\), the JWT secret/);
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
    // Never over an existing file.
    expect((await run(BACKUP, [archive], original)).stderr).toMatch(/already exists/);

    const restored = path.join(root, 'restored');
    const restore = await run(RESTORE, [archive], restored);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/\(3 files\) into .*restored\. Start the server\./);
    expect((await readdir(restored)).sort()).toEqual(['db', 'files', 'jwt-secret']);
    expect((await stat(path.join(restored, 'jwt-secret'))).mode & 0o777).toBe(0o600);
    // A second restore into the same folder is refused without --force, and done with it.
    const again = await run(RESTORE, [archive], restored);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /already holds db, files, jwt-secret: restore into an empty folder, or add --force/,
    );
    expect((await run(RESTORE, [archive, '--force'], restored)).code).toBe(0);

    // Row for row the same database: every table's rows hashed, in the original and the restored folder.
    const originalTables = await tableDigests(original);
    expect(Object.keys(originalTables).length).toBeGreaterThan(20);
    expect(originalTables.assets).toMatch(/^3 /);
    expect(await tableDigests(restored)).toEqual(originalTables);

    const second = await start(restored);
    try {
      // The session of the first server still holds: the restored secret signs the same tokens.
      expect((await browser.request(second.url, 'GET', '/api/auth/me')).status).toBe(200);
      const fresh = new HttpSession();
      await fresh.signIn(second.url, ADMIN.email, ADMIN.password);
      const assets: { id: string; name: string }[] = await fresh.expect(
        200,
        second.url,
        'GET',
        '/api/assets',
      );
      expect(assets.map((a) => a.id).sort()).toEqual(saved.map((s) => s.asset.id).sort());
      for (const { asset, event, bytes } of saved) {
        const page = await fresh.expect(200, second.url, 'GET', `/api/assets/${asset.id}/events`);
        expect(page.events.map((e: { id: string; title: string }) => [e.id, e.title])).toEqual([
          [event.id, event.title],
        ]);
        const files = page.events[0].files as { fileName: string; publicUrl: string }[];
        expect(files.map((f) => f.fileName)).toEqual(event.files.map((f) => f.fileName));
        for (const [i, file] of files.entries())
          expect((await download(second.url, file.publicUrl)).equals(bytes[i]!)).toBe(true);
      }
    } finally {
      await stop(second);
    }
  });

  it('refuses an archive that is not a backup, or one that would write outside DATA_DIR, and writes nothing', {
    timeout: 60_000,
  }, async () => {
    const target = path.join(root, 'untouched');
    const junk = path.join(root, 'junk.tar.gz');
    await writeFile(junk, randomBytes(4096));
    const notArchive = await run(RESTORE, [junk], target);
    expect(notArchive.code).toBe(1);
    expect(notArchive.stderr).toMatch(/is not a (readable backup archive|Maintenance QR backup)/);

    // A tar of the wrong shape: a file outside the backup's parts.
    const { create } = await import('tar');
    const source = path.join(root, 'source');
    await mkdir(source, { recursive: true });
    await writeFile(path.join(source, 'manifest.json'), '{"format":"maintenance-qr-backup","version":1}');
    await writeFile(path.join(source, 'evil.sh'), 'echo');
    const odd = path.join(root, 'odd.tar.gz');
    await create({ file: odd, cwd: source, gzip: true }, ['manifest.json', 'evil.sh']);
    const refused = await run(RESTORE, [odd], target);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/it holds evil\.sh, which is no part of a backup/);
    expect(existsSync(path.join(target, 'db')) || existsSync(path.join(target, 'evil.sh'))).toBe(false);

    const missing = await run(BACKUP, [path.join(root, 'none.tar.gz')], path.join(root, 'never-started'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/No embedded database in .*never-started/);
  });

  it('with --force, refuses an archive whose manifest lists a part it lacks, and keeps the database and the JWT secret', {
    timeout: 60_000,
  }, async () => {
    const target = path.join(root, 'kept');
    await mkdir(path.join(target, 'db'), { recursive: true });
    await writeFile(path.join(target, 'db', 'PG_VERSION'), '17\n');
    await writeFile(path.join(target, 'db', 'data'), 'the current database');
    await writeFile(path.join(target, 'jwt-secret'), 'current-secret'.repeat(4), { mode: 0o600 });

    const { create } = await import('tar');
    const source = path.join(root, 'lacking');
    await mkdir(path.join(source, 'db'), { recursive: true });
    await writeFile(
      path.join(source, 'manifest.json'),
      JSON.stringify({
        format: 'maintenance-qr-backup',
        version: 1,
        createdAt: new Date().toISOString(),
        parts: ['db', 'jwt-secret'],
        files: { count: 0, bytes: 0 },
      }),
    );
    await writeFile(path.join(source, 'db', 'PG_VERSION'), '17\n');
    await writeFile(path.join(source, 'db', 'data'), 'another database');
    const archive = path.join(root, 'lacking.tar.gz');
    await create({ file: archive, cwd: source, gzip: true }, ['manifest.json', 'db']);

    const refused = await run(RESTORE, [archive, '--force'], target);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /lacking\.tar\.gz is incomplete: its manifest lists jwt-secret \(the JWT secret\), which the archive does not hold\. Nothing was changed\./,
    );
    expect(await readFile(path.join(target, 'db', 'data'), 'utf8')).toBe('the current database');
    expect(await readFile(path.join(target, 'jwt-secret'), 'utf8')).toBe('current-secret'.repeat(4));
    expect((await readdir(target)).filter((name) => name.startsWith('.'))).toEqual([]);
  });
});
