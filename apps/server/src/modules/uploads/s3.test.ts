import { API_MESSAGES, UPLOAD_MESSAGES } from '@mqr/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, maintenanceEvents, pendingUploads } from '#server/db/schema.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { startTestS3, type TestS3 } from '#server/test/s3rver.ts';
import { createTenants } from '#server/test/tenant-world.ts';
import { BYTES_PER_MB } from './service.ts';

const BUCKET = 'test-bucket';
let s3: TestS3;
let t: TestApp;
let headers: { authorization: string };
let assetId: string;

beforeAll(async () => {
  s3 = await startTestS3(BUCKET);
  t = await buildTestApp({
    storage: 's3',
    maxUploadMb: 1,
    s3: s3.s3,
  });
  headers = (await createTenants(t)).headers.memberA;
  const asset = await t.app.inject({
    method: 'POST',
    url: '/api/assets',
    headers,
    payload: { name: 'Chiller' },
  });
  expect(asset.statusCode).toBe(201);
  assetId = asset.json().id;
});

afterAll(async () => {
  await t?.close();
  await s3?.close();
});

async function presign(fileName: string, contentType: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/uploads/presign',
    headers,
    payload: { fileName, contentType },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ uploadUrl: string; objectKey: string; maxBytes: number }>();
}

/** What the browser does: PUT the bytes straight to the presigned URL with the pinned type. */
async function upload(uploadUrl: string, contentType: string, bytes: Buffer): Promise<void> {
  const response = await fetch(uploadUrl, {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body: bytes,
  });
  expect(response.status).toBe(200);
}

/** Saves a new event of the asset with the uploaded key as its attachment. */
function saveEvent(title: string, objectKey: string, fileName: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/assets/${assetId}/events`,
    headers,
    payload: { title, files: [{ objectKey, fileName }] },
  });
}

describe('S3 storage (s3rver)', () => {
  it('presigns a PUT with the type signed, stores it, saves it with an event and serves it through a redirect', async () => {
    expect(t.app.storage.kind).toBe('s3');
    const bytes = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
    const { uploadUrl, objectKey } = await presign('Chiller plate.png', 'image/png');
    const url = new URL(uploadUrl);
    expect(url.pathname).toBe(`/${BUCKET}/${objectKey}`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-type');
    expect([...url.searchParams.keys()].some((k) => k.toLowerCase().startsWith('x-amz-checksum'))).toBe(
      false,
    );

    await upload(uploadUrl, 'image/png', bytes);
    expect(await t.app.storage.stat(objectKey)).toEqual({ size: bytes.length });

    const saved = await saveEvent('Plate photo', objectKey, 'Chiller plate.png');
    expect(saved.statusCode).toBe(201);
    const file = saved.json().files[0];
    expect(file).toMatchObject({ objectKey, contentType: 'image/png', size: bytes.length });

    const served = await t.app.inject({ method: 'GET', url: file.publicUrl });
    expect(served.statusCode).toBe(302);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const location = String(served.headers.location);
    expect(location.startsWith(`${url.origin}/${BUCKET}/${objectKey}?`)).toBe(true);

    const download = await fetch(location);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-disposition')).toBe(
      `inline; filename="Chiller plate.png"; filename*=UTF-8''Chiller%20plate.png`,
    );
  });

  it('sends HTML to the browser as an attachment', async () => {
    const { uploadUrl, objectKey } = await presign('notes.html', 'text/html');
    await upload(uploadUrl, 'text/html', Buffer.from('<script>alert(1)</script>'));
    const saved = await saveEvent('Notes', objectKey, 'notes.html');
    expect(saved.statusCode).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: saved.json().files[0].publicUrl });
    expect(served.statusCode).toBe(302);
    const download = await fetch(String(served.headers.location));
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="notes.html"/);
  });

  it('cannot cap the size of a presigned PUT, so the save refuses an oversized object', async () => {
    const { uploadUrl, objectKey, maxBytes } = await presign('huge.bin', 'application/octet-stream');
    expect(maxBytes).toBe(BYTES_PER_MB);
    await upload(uploadUrl, 'application/octet-stream', Buffer.alloc(BYTES_PER_MB + 1));
    expect(await t.app.storage.stat(objectKey)).toEqual({ size: BYTES_PER_MB + 1 });

    const saved = await saveEvent('Too big', objectKey, 'huge.bin');
    expect(saved.statusCode).toBe(400);
    expect(saved.json().fields).toMatchObject([{ path: 'files.0', message: UPLOAD_MESSAGES.tooLarge(1) }]);
  });

  it('answers undefined for a missing object and deletes objects', async () => {
    const { uploadUrl, objectKey } = await presign('gone.txt', 'text/plain');
    expect(await t.app.storage.stat(objectKey)).toBeUndefined();
    await upload(uploadUrl, 'text/plain', Buffer.from('bye'));
    await t.app.storage.delete(objectKey);
    expect(await t.app.storage.stat(objectKey)).toBeUndefined();
    await expect(t.app.storage.delete(objectKey)).resolves.toBeUndefined();
  });
});

describe('S3 storage that cannot be reached (ADR 140)', () => {
  const count = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;
  const eventsOfAsset = () =>
    count(
      t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(maintenanceEvents)
        .where(eq(maintenanceEvents.assetId, assetId)),
    );

  it('answers uploads and downloads 503 with Retry-After and a message, saves nothing, and works again when S3 returns', async () => {
    // Before the outage: a file stored and saved, another uploaded and not saved yet.
    const bytes = Buffer.from('before the outage');
    const first = await presign('before.txt', 'text/plain');
    await upload(first.uploadUrl, 'text/plain', bytes);
    const saved = await saveEvent('Before', first.objectKey, 'before.txt');
    expect(saved.statusCode).toBe(201);
    const publicUrl: string = saved.json().files[0].publicUrl;
    const second = await presign('pending.txt', 'text/plain');
    await upload(second.uploadUrl, 'text/plain', Buffer.from('uploaded, not saved'));
    const events = await eventsOfAsset();
    const fileRows = await count(t.db.select({ n: sql<number>`count(*)::int` }).from(files));

    await s3.stop();
    try {
      const presigned = await t.app.inject({
        method: 'POST',
        url: '/api/uploads/presign',
        headers,
        payload: { fileName: 'during.txt', contentType: 'text/plain' },
      });
      expect(presigned.statusCode).toBe(503);
      expect(presigned.headers['retry-after']).toBe('30');
      expect(presigned.json()).toMatchObject({
        code: 'UNAVAILABLE',
        message: API_MESSAGES.storageUnavailable,
        messageId: 'api.storageUnavailable',
      });

      const during = await saveEvent('During', second.objectKey, 'pending.txt');
      expect(during.statusCode).toBe(503);
      expect(during.headers['retry-after']).toBe('30');
      expect(during.json().message).toBe(API_MESSAGES.storageUnavailable);
      // Nothing half-written: no event, no file row, the upload still waiting to be saved.
      expect(await eventsOfAsset()).toBe(events);
      expect(await count(t.db.select({ n: sql<number>`count(*)::int` }).from(files))).toBe(fileRows);
      const pending = await t.db
        .select({ key: pendingUploads.objectKey })
        .from(pendingUploads)
        .where(eq(pendingUploads.objectKey, second.objectKey));
      expect(pending).toHaveLength(1);

      const download = await t.app.inject({ method: 'GET', url: publicUrl });
      expect(download.statusCode).toBe(503);
      expect(download.headers['retry-after']).toBe('30');
      expect(download.json()).toMatchObject({
        code: 'UNAVAILABLE',
        message: API_MESSAGES.fileUnavailable,
        messageId: 'api.fileUnavailable',
      });
    } finally {
      await s3.restart();
    }

    // S3 is back: the same save goes through, the download redirects to the bytes.
    expect((await saveEvent('After', second.objectKey, 'pending.txt')).statusCode).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: publicUrl });
    expect(served.statusCode).toBe(302);
    const again = await fetch(String(served.headers.location));
    expect(Buffer.from(await again.arrayBuffer())).toEqual(bytes);
    await presign('after.txt', 'text/plain');
  });

  it("answers 404 for a file whose object is gone, rather than a redirect to S3's error", async () => {
    const { uploadUrl, objectKey } = await presign('vanishing.txt', 'text/plain');
    await upload(uploadUrl, 'text/plain', Buffer.from('here for now'));
    const saved = await saveEvent('Vanishing', objectKey, 'vanishing.txt');
    await t.app.storage.delete(objectKey);
    const served = await t.app.inject({ method: 'GET', url: saved.json().files[0].publicUrl });
    expect(served.statusCode).toBe(404);
  });
});
