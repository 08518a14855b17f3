import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { API_MESSAGES } from '@mqr/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSession } from '../test/http-session.ts';
import { type DecodedOutcome, LOAD_SUCCESS, type MixedLoad, startMixedLoad } from '../test/mixed-load.ts';
import { killServerProcesses, type ServerProcess, startServerProcess } from '../test/server-process.ts';
import { mountSmallDisk, type SmallDisk, smallDiskMissing } from '../test/small-disk.ts';
import { asStarted as startSettings } from '../test/start-command.ts';

/**
 * The embedded database's disk fills up under load (issue 37, ADR 140): a tmpfs of its own holds
 * DATA_DIR (the PGlite database and the files) of one `main.js` (the embedded database is one
 * process's), with a load of reads and writes from a process of its own. The disk is filled to below
 * DISK_FREE_MIN_MB, then to the last byte, then freed: changes answer 507 with a message meanwhile,
 * reads go on, changes are taken again once the space is back, and afterwards the database holds
 * every acknowledged write once, none of the refused ones, and passes amcheck.
 * Run by `npm run test:resilience` (scripts/test-resilience.ts).
 */
const missing = smallDiskMissing();
const DISK_MB = 224;
const MIN_FREE_MB = 32;
const MB = 1024 * 1024;
/** After the first change taken again, changes already on their way may still be refused this long. */
const RECOVERY_GRACE_MS = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(100);
  }
}

describe.skipIf(missing !== undefined)('the embedded database’s disk fills up under load', () => {
  let disk: SmallDisk;
  let server: ServerProcess;
  let env: Record<string, string>;
  const suffix = randomBytes(4).toString('hex');
  const member = { email: `member-${suffix}@example.com`, password: `member-password-${suffix}` };
  const asStarted = startSettings();

  beforeAll(async () => {
    disk = mountSmallDisk(DISK_MB);
    env = {
      DATA_DIR: disk.dir,
      DISK_FREE_MIN_MB: String(MIN_FREE_MB),
      JWT_SECRET: randomBytes(32).toString('base64url'),
      ADMIN_EMAIL: `admin-${suffix}@example.com`,
      ADMIN_PASSWORD: `admin-password-${suffix}`,
      DEMO_MEMBER_EMAIL: member.email,
      DEMO_MEMBER_PASSWORD: member.password,
      TRUST_PROXY: 'true',
    };
    server = await startServerProcess(env, { asStarted });
  }, 120_000);

  afterAll(async () => {
    if (process.env.RESILIENCE_LOG_DIR && server) {
      await writeFile(path.join(process.env.RESILIENCE_LOG_DIR, 'disk-full-server.log'), server.output());
    }
    killServerProcesses();
    disk?.unmount();
  });

  const session = new HttpSession();
  const assets: { id: string; slug: string; organizationId: string }[] = [];

  /** The load of this test: reads and writes, 8 connections; created assets' names start with `prefix`. */
  const startLoad = (prefix: string): Promise<MixedLoad> =>
    startMixedLoad({
      urls: [server.url],
      token: session.token!,
      connections: 8,
      weights: { list: 20, asset: 15, public: 15, create: 25, event: 25 },
      organizationId: assets[0]!.organizationId,
      assets: assets.map(({ id, slug }) => ({ id, slug })),
      files: [],
      prefix,
    });
  const write = () =>
    session.request(server.url, 'POST', '/api/assets', {
      body: { name: `Probe ${randomBytes(3).toString('hex')}` },
    });
  const read = async () => (await session.request(server.url, 'GET', '/api/assets?pageSize=5')).status;

  /**
   * Frees the disk, waits until a change is taken again, stops the load and judges its answers since
   * `filledAt` (when the filling began): reads never failed; changes answered their success, or 507 while the disk was full
   * (some did), nothing else. Then the database is checked and the server started again.
   */
  async function freeAndJudge(load: MixedLoad, filledAt: number, prefix: string) {
    disk.free();
    const freedAt = Date.now();
    // Freed means room well above the minimum (about 180 MB of 224 here).
    expect(disk.freeBytes() / MB).toBeGreaterThan(MIN_FREE_MB + 64);
    const recoveredMs = await waitFor('changes are taken again', async () => (await write()).status === 201);
    await sleep(3000);
    const outcomes = await load.stop();
    const reads = outcomes.filter((o) => o.kind === 'list' || o.kind === 'asset' || o.kind === 'public');
    expect(reads.filter((o) => o.status !== LOAD_SUCCESS[o.kind])).toEqual([]);
    const writes = outcomes.filter((o) => o.kind === 'create' || o.kind === 'event');
    expect(writes.filter((o) => o.status !== LOAD_SUCCESS[o.kind] && o.status !== 507)).toEqual([]);
    const refusedWrites = writes.filter((o) => o.status === 507);
    expect(refusedWrites.length).toBeGreaterThan(0);
    // Refused only while the disk was full: none before it filled, none a second after the first change
    // was taken again. Within that second, one CI run of five saw one change of 2,702 refused 6 ms
    // after the recovery, with 180 MB free (the embedded database's own refusal, not yet explained).
    const takenAgainAt = freedAt + recoveredMs;
    expect(
      refusedWrites.filter((o) => o.answeredAt < filledAt || o.sentAt > takenAgainAt + RECOVERY_GRACE_MS),
    ).toEqual([]);
    await checkStoredAndRestart(
      writes.filter((o) => o.kind === 'create'),
      prefix,
    );
    return { reads, writes, refusedWrites, recoveredMs };
  }

  /**
   * Stops the server (cleanly), reads the database as it is on the disk: every acknowledged write
   * once, none refused, amcheck clean; then starts the server on it again.
   */
  async function checkStoredAndRestart(created: DecodedOutcome[], prefix: string): Promise<void> {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const db = await PGlite.create(path.join(disk.dir, 'db'), {
      extensions: { amcheck, pg_trgm, btree_gin },
    });
    try {
      const { rows } = await db.query<{ name: string; n: number }>(
        'select name, count(*)::int as n from assets where name like $1 group by name',
        [`${prefix}-%`],
      );
      const stored = new Map(rows.map((r) => [r.name, r.n]));
      const acknowledged = created.filter((o) => o.status === 201);
      expect(acknowledged.length).toBeGreaterThan(0);
      expect(acknowledged.filter((o) => stored.get(o.detail) !== 1).map((o) => o.detail)).toEqual([]);
      expect(created.filter((o) => o.status === 507 && stored.has(o.detail)).map((o) => o.detail)).toEqual(
        [],
      );
      // amcheck: bt_index_check throws on a damaged B-tree index (each checked against its heap);
      // verify_heapam lists what is wrong in a table.
      await db.exec('create extension if not exists amcheck');
      const indexes = await db.query(
        `select c.relname, bt_index_check(c.oid, true)::text from pg_index i
           join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
           join pg_namespace n on n.oid = c.relnamespace
         where am.amname = 'btree' and n.nspname in ('public', 'drizzle')`,
      );
      expect(indexes.rows.length).toBeGreaterThan(10);
      const corrupt = await db.query(
        `select t.relname, v.* from pg_class t join pg_namespace n on n.oid = t.relnamespace,
           lateral verify_heapam(t.oid) v
         where t.relkind = 'r' and n.nspname in ('public', 'drizzle')`,
      );
      expect(corrupt.rows).toEqual([]);
    } finally {
      await db.close();
    }
    server = await startServerProcess(env, { asStarted });
    const again = new HttpSession();
    await again.signIn(server.url, member.email, member.password);
    await again.expect(201, server.url, 'POST', '/api/assets', { body: { name: `After ${prefix}` } });
    session.token = again.token;
  }

  it('refuses changes with 507 while the disk is (nearly) full, reads on, takes them again when space is freed, and nothing is corrupted', async () => {
    await session.signIn(server.url, member.email, member.password);
    for (let i = 0; i < 10; i++) {
      assets.push(
        await session.expect(201, server.url, 'POST', '/api/assets', { body: { name: `Valve ${i}` } }),
      );
    }
    const prefix = `disk-${suffix}`;
    const load = await startLoad(prefix);
    await sleep(3000);

    // Below the minimum: refused before the database sees them. The server may read the space as low
    // while the filler is still being written (a CI run saw three changes refused in the last
    // milliseconds of it), so the disk counts as full from the start of the filling.
    const filledAt = Date.now();
    disk.fill((MIN_FREE_MB / 2) * MB);
    const refusedMs = await waitFor('a change is refused', async () => (await write()).status === 507);
    const refused = await write();
    expect(refused.status).toBe(507);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.body).toEqual({
      code: 'INSUFFICIENT_STORAGE',
      message: API_MESSAGES.diskFull,
      messageId: 'api.diskFull',
    });
    expect(await read()).toBe(200);
    expect(
      (await new HttpSession().request(server.url, 'POST', '/api/auth/login', { body: member })).status,
    ).toBe(200);
    await sleep(4000);

    // Full to the last byte: background work may meet it in the database; requests still are answered.
    disk.fill(0);
    expect(disk.freeBytes()).toBeLessThan(64 * 1024);
    await sleep(6000);
    expect((await write()).status).toBe(507);
    expect(await read()).toBe(200);

    const { reads, writes, refusedWrites, recoveredMs } = await freeAndJudge(load, filledAt, prefix);
    console.log(
      `Disk full (DISK_FREE_MIN_MB ${MIN_FREE_MB}): ${writes.length} writes (${refusedWrites.length} answered 507), ${reads.length} reads; refused ${refusedMs} ms after the disk passed its minimum, taken again ${recoveredMs} ms after space was freed`,
    );
  }, 240_000);

  it('without the minimum (DISK_FREE_MIN_MB=0) the database itself meets the full disk: 507 too, nothing corrupted', async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    env = { ...env, DISK_FREE_MIN_MB: '0' };
    server = await startServerProcess(env, { asStarted });
    await session.signIn(server.url, member.email, member.password);
    const prefix = `full-${suffix}`;
    const load = await startLoad(prefix);
    await sleep(3000);

    const filledAt = Date.now();
    disk.fill(0);
    await sleep(8000);
    expect(await read()).toBe(200);
    // The database refuses writes itself (53100): answered 507 as well, nothing else.
    const { reads, writes, refusedWrites, recoveredMs } = await freeAndJudge(load, filledAt, prefix);
    console.log(
      `Disk full without the minimum: ${writes.length} writes (${refusedWrites.length} answered 507 by the database), ${reads.length} reads; taken again ${recoveredMs} ms after space was freed`,
    );
  }, 240_000);
});
