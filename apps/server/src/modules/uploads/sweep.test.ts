import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FileStorage } from '#server/storage/file-storage.ts';
import { newUploadKey } from '#server/storage/object-keys.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { createTwoOrganizations, type OrgFixture } from '#server/test/fixtures.ts';
import { findPendingUploads, insertPendingUpload } from './queries.ts';
import { ABANDONED_UPLOAD_AGE_MS, sweepAbandonedUploads, uploadSweepPlugin } from './sweep.ts';

let t: TestApp;
let orgA: OrgFixture;
let orgB: OrgFixture;

beforeAll(async () => {
  t = await buildTestApp();
  ({ orgA, orgB } = await createTwoOrganizations(t.db));
});

afterAll(async () => {
  await t?.close();
});

const HOUR = 60 * 60 * 1000;

function quietLog() {
  return { warn: vi.fn(), info: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger & {
    warn: ReturnType<typeof vi.fn>;
  };
}

/** A pending upload created `ageMs` before `now`, with its bytes stored. */
async function pendingUpload(org: OrgFixture, now: Date, ageMs: number): Promise<string> {
  const objectKey = newUploadKey(org.organization.id);
  await insertPendingUpload(t.db, {
    objectKey,
    organizationId: org.organization.id,
    userId: org.member.id,
    fileName: 'photo.jpg',
    contentType: 'image/jpeg',
    maxBytes: 1024,
    createdAt: new Date(now.getTime() - ageMs),
  });
  await t.app.storage.put(objectKey, Buffer.from('jpeg'), 'image/jpeg');
  return objectKey;
}

async function isPending(org: OrgFixture, objectKey: string): Promise<boolean> {
  return (await findPendingUploads(t.db, org.organization.id, [objectKey])).length === 1;
}

describe('sweepAbandonedUploads', () => {
  it('removes uploads older than a day from storage and the table, and keeps fresh ones', async () => {
    const now = new Date();
    const staleA = await pendingUpload(orgA, now, ABANDONED_UPLOAD_AGE_MS + HOUR);
    const staleB = await pendingUpload(orgB, now, 3 * ABANDONED_UPLOAD_AGE_MS);
    const fresh = await pendingUpload(orgA, now, ABANDONED_UPLOAD_AGE_MS - HOUR);

    const result = await sweepAbandonedUploads(t.db, t.app.storage, now, quietLog());

    expect(result).toEqual({ removed: 2, failed: 0 });
    expect(await isPending(orgA, staleA)).toBe(false);
    expect(await isPending(orgB, staleB)).toBe(false);
    expect(await t.app.storage.stat(staleA)).toBeUndefined();
    expect(await t.app.storage.stat(staleB)).toBeUndefined();
    expect(await isPending(orgA, fresh)).toBe(true);
    expect(await t.app.storage.stat(fresh)).toEqual({ size: 4 });
  });

  it('keeps the row of an object it could not delete, for the next run', async () => {
    const now = new Date();
    const failing = await pendingUpload(orgA, now, 2 * ABANDONED_UPLOAD_AGE_MS);
    const other = await pendingUpload(orgA, now, 2 * ABANDONED_UPLOAD_AGE_MS);
    const storage: FileStorage = Object.create(t.app.storage);
    storage.delete = async (key) => {
      if (key === failing) throw new Error('storage unavailable');
      return t.app.storage.delete(key);
    };
    const log = quietLog();

    const result = await sweepAbandonedUploads(t.db, storage, now, log);

    expect(result).toEqual({ removed: 1, failed: 1 });
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ objectKey: failing }),
      expect.stringContaining('could not delete'),
    );
    expect(await isPending(orgA, failing)).toBe(true);
    expect(await t.app.storage.stat(failing)).toEqual({ size: 4 });
    expect(await isPending(orgA, other)).toBe(false);

    // The next run, storage back: the kept row goes too.
    expect(await sweepAbandonedUploads(t.db, t.app.storage, now, log)).toEqual({ removed: 1, failed: 0 });
    expect(await isPending(orgA, failing)).toBe(false);
    expect(await t.app.storage.stat(failing)).toBeUndefined();
  });
});

describe('uploadSweepPlugin', () => {
  it('sweeps when the app is ready, again on its timer, and stops on close', async () => {
    const app = Fastify({ logger: false });
    // The app's own connection: under row-level security on PostgreSQL, the sweep must say it crosses organizations.
    app.decorate('db', t.app.db);
    app.decorate('storage', t.app.storage);
    await app.register(uploadSweepPlugin, { intervalMs: 50 });
    const first = await pendingUpload(orgA, new Date(), 2 * ABANDONED_UPLOAD_AGE_MS);
    await app.ready();
    // A busy machine (a full test run) may take a while: wait up to 10 s rather than vitest's 1 s.
    const patiently = { timeout: 10_000, interval: 50 };
    await vi.waitFor(async () => expect(await isPending(orgA, first)).toBe(false), patiently);

    const second = await pendingUpload(orgA, new Date(), 2 * ABANDONED_UPLOAD_AGE_MS);
    await vi.waitFor(async () => {
      expect(await isPending(orgA, second)).toBe(false);
      expect(await t.app.storage.stat(second)).toBeUndefined();
    }, patiently);

    await app.close();
    const afterClose = await pendingUpload(orgA, new Date(), 2 * ABANDONED_UPLOAD_AGE_MS);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await isPending(orgA, afterClose)).toBe(true);
  });
});
