import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { UPLOAD_MESSAGES } from '@mqr/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { pendingUploads } from '#server/db/schema.ts';
import type { LocalFileStorage } from '#server/storage/local.ts';
import { newUploadKey } from '#server/storage/object-keys.ts';
import { UploadSigner } from '#server/storage/upload-signature.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { pathsAndMessages } from '#server/test/field-errors.ts';
import type { FixtureUser } from '#server/test/fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import { deletePendingUploads, insertPendingUpload } from './queries.ts';
import { BYTES_PER_MB, UPLOAD_URL_TTL_MS } from './service.ts';

const t = tenantWorld();
let storage: LocalFileStorage;
let signer: UploadSigner;

beforeAll(async () => {
  storage = t.app.storage as LocalFileStorage;
  signer = new UploadSigner(t.config.jwtSecret);
});

/** Every file under DATA_DIR/files (temporary ones included). */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(t.config.filesDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

/** A pending upload of the user and its signed URL, as presign would make it (any limit or expiry). */
async function signedUpload(
  user: FixtureUser,
  options: { contentType?: string; maxBytes?: number; expiresAt?: Date } = {},
) {
  const objectKey = newUploadKey(user.organizationId);
  const contentType = options.contentType ?? 'application/pdf';
  const maxBytes = options.maxBytes ?? 1024;
  await insertPendingUpload(t.db, {
    objectKey,
    organizationId: user.organizationId,
    userId: user.id,
    fileName: 'report.pdf',
    contentType,
    maxBytes,
  });
  const expiresAt = options.expiresAt ?? new Date(Date.now() + UPLOAD_URL_TTL_MS);
  return { objectKey, contentType, url: signer.urlFor({ objectKey, contentType, maxBytes, expiresAt }) };
}

function presign(
  payload: Record<string, unknown>,
  requestHeaders: Record<string, string> = t.headers.memberA,
) {
  return t.app.inject({ method: 'POST', url: '/api/uploads/presign', headers: requestHeaders, payload });
}

function put(url: string, body: Buffer | Readable, contentType = 'application/pdf') {
  return t.app.inject({ method: 'PUT', url, headers: { 'content-type': contentType }, payload: body });
}

function withQuery(url: string, name: string, value: string): string {
  const parsed = new URL(url, 'http://x');
  parsed.searchParams.set(name, value);
  return `${parsed.pathname}?${parsed.searchParams.toString()}`;
}

describe('POST /api/uploads/presign', () => {
  it('requires sign-in', async () => {
    const response = await presign({ fileName: 'a.pdf', contentType: 'application/pdf' }, {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Authentication required.' });
  });

  it('validates the body and lists the fields', async () => {
    const response = await presign({ fileName: '  ', contentType: 'not a type' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION');
    expect(pathsAndMessages(body.fields)).toEqual(
      expect.arrayContaining([
        { path: 'fileName', message: UPLOAD_MESSAGES.fileNameRequired },
        { path: 'contentType', message: UPLOAD_MESSAGES.invalidContentType },
      ]),
    );
  });

  it('issues a relative upload URL and records the pending upload under the user organization', async () => {
    const before = Date.now();
    const response = await presign({ fileName: 'Pump manual.pdf', contentType: 'application/pdf' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.objectKey).toMatch(new RegExp(`^${t.orgA.organization.id}/[0-9a-f-]{36}$`));
    expect(body.uploadUrl.startsWith(`/api/uploads/local/${body.objectKey}?`)).toBe(true);
    expect(body.maxBytes).toBe(t.config.maxUploadMb * BYTES_PER_MB);
    const expiresAt = Date.parse(body.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + UPLOAD_URL_TTL_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + UPLOAD_URL_TTL_MS);

    const [row] = await t.db
      .select()
      .from(pendingUploads)
      .where(eq(pendingUploads.objectKey, body.objectKey));
    expect(row).toMatchObject({
      organizationId: t.orgA.organization.id,
      userId: t.orgA.member.id,
      fileName: 'Pump manual.pdf',
      contentType: 'application/pdf',
      maxBytes: body.maxBytes,
    });

    const upload = await put(body.uploadUrl, Buffer.from('%PDF-1.4 manual'));
    expect(upload.statusCode).toBe(204);
    expect(upload.body).toBe('');
    expect(await storage.stat(body.objectKey)).toEqual({ size: 15 });
  });

  it('takes a file from presign to an event and back through its public URL', async () => {
    const bytes = Buffer.from('%PDF-1.4 service report');
    const presigned = await presign({ fileName: 'Service report.pdf', contentType: 'application/pdf' });
    const { uploadUrl, objectKey } = presigned.json();
    expect((await put(uploadUrl, bytes)).statusCode).toBe(204);
    const asset = await createAssetViaApi(t.app, t.headers.memberA, { name: 'Compressor' });
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/assets/${asset.id}/events`,
      headers: t.headers.memberA,
      payload: { title: 'Yearly service', files: [{ objectKey, fileName: 'Service report.pdf' }] },
    });
    expect(saved.statusCode).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: saved.json().files[0].publicUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(bytes);
    expect(served.headers['content-type']).toBe('application/pdf');
    // Attached: the upload link can no longer overwrite it.
    const again = await put(uploadUrl, Buffer.from('%PDF-1.4 forged'));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(UPLOAD_MESSAGES.notPending);
  });

  it('pins application/octet-stream when the browser gives no type', async () => {
    const response = await presign({ fileName: 'blob.bin', contentType: null });
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().uploadUrl, 'http://x');
    expect(url.searchParams.get('contentType')).toBe('application/octet-stream');
  });
});

describe('PUT /api/uploads/local/*', () => {
  it('streams the bytes into place without a bearer token', async () => {
    const { objectKey, url } = await signedUpload(t.orgA.member);
    const bytes = Buffer.from('%PDF-1.4 hello');
    const response = await put(url, bytes);
    expect(response.statusCode).toBe(204);
    expect(await storage.stat(objectKey)).toEqual({ size: bytes.length });
    expect(await readFile(storage.pathOf(objectKey))).toEqual(bytes);
    expect((await storedFiles()).some((name) => name.endsWith('.partial'))).toBe(false);
  });

  it('bypasses the JSON parser and its 1 MB body limit', async () => {
    const bytes = Buffer.alloc(BYTES_PER_MB + 10, 'a');
    const { objectKey, url } = await signedUpload(t.orgA.member, {
      contentType: 'application/json',
      maxBytes: 2 * BYTES_PER_MB,
    });
    const response = await put(url, bytes, 'application/json');
    expect(response.statusCode).toBe(204);
    expect(await storage.stat(objectKey)).toEqual({ size: bytes.length });
  });

  describe('refusals leave nothing on disk', () => {
    let filesBefore: string[];
    beforeAll(async () => {
      filesBefore = await storedFiles();
    });
    const expectNothingWritten = async (objectKey: string) => {
      expect(await storage.stat(objectKey)).toBeUndefined();
      expect(await storedFiles()).toEqual(filesBefore);
    };

    it.each([
      ['signature', (url: string) => withQuery(url, 'signature', 'A'.repeat(43))],
      ['contentType', (url: string) => withQuery(url, 'contentType', 'text/html')],
      ['maxBytes', (url: string) => withQuery(url, 'maxBytes', '999999999')],
      ['expires', (url: string) => withQuery(url, 'expires', '99999999999')],
      ['missing signature', (url: string) => url.replace(/&signature=[^&]*/, '')],
    ])('refuses a tampered %s (403)', async (_name, tamper) => {
      const { objectKey, url } = await signedUpload(t.orgA.member);
      const response = await put(tamper(url), Buffer.from('x'), 'application/pdf');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: UPLOAD_MESSAGES.invalidSignature });
      await expectNothingWritten(objectKey);
    });

    it('refuses a tampered key (403)', async () => {
      const { objectKey, url } = await signedUpload(t.orgA.member);
      const other = newUploadKey(t.orgA.organization.id);
      await insertPendingUpload(t.db, {
        objectKey: other,
        organizationId: t.orgA.organization.id,
        fileName: 'x.pdf',
        contentType: 'application/pdf',
        maxBytes: 1024,
      });
      const response = await put(url.replace(objectKey, other), Buffer.from('x'));
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(UPLOAD_MESSAGES.invalidSignature);
      await expectNothingWritten(other);
      await expectNothingWritten(objectKey);
    });

    it('refuses a key that could leave the storage folder (403)', async () => {
      const response = await put(
        '/api/uploads/local/..%2F..%2Fescape?contentType=a%2Fb&maxBytes=1&expires=9999999999&signature=x',
        Buffer.from('x'),
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(UPLOAD_MESSAGES.invalidSignature);
      expect(await storedFiles()).toEqual(filesBefore);
    });

    it('refuses an expired link (403)', async () => {
      const { objectKey, url } = await signedUpload(t.orgA.member, {
        expiresAt: new Date(Date.now() - 1000),
      });
      const response = await put(url, Buffer.from('x'));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: UPLOAD_MESSAGES.expired });
      await expectNothingWritten(objectKey);
    });

    it('refuses another Content-Type than the signed one (415)', async () => {
      const { objectKey, url } = await signedUpload(t.orgA.member, { contentType: 'image/png' });
      const response = await put(url, Buffer.from('<script>alert(1)</script>'), 'text/html');
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION',
        message: UPLOAD_MESSAGES.wrongContentType,
      });
      await expectNothingWritten(objectKey);
    });

    it('refuses a body without Content-Type (415)', async () => {
      const { objectKey, url } = await signedUpload(t.orgA.member);
      const response = await t.app.inject({ method: 'PUT', url, payload: Readable.from([Buffer.from('x')]) });
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toBe(UPLOAD_MESSAGES.wrongContentType);
      await expectNothingWritten(objectKey);
    });

    it('refuses a declared Content-Length over the limit at once (413)', async () => {
      const { objectKey, url } = await signedUpload(t.orgA.member, { maxBytes: BYTES_PER_MB });
      const response = await put(url, Buffer.alloc(BYTES_PER_MB + 1, 1));
      expect(response.statusCode).toBe(413);
      // With its id and values, as every error body (ADR 113).
      expect(response.json()).toEqual({
        code: 'PAYLOAD_TOO_LARGE',
        message: UPLOAD_MESSAGES.tooLarge(1),
        messageId: 'upload.tooLarge',
        values: { maxMb: 1 },
      });
      expect(response.headers.connection).toBe('close');
      await expectNothingWritten(objectKey);
    });

    it('counts a chunked body and stops past the limit (413)', async () => {
      const { objectKey, url } = await signedUpload(t.orgA.member, { maxBytes: BYTES_PER_MB });
      const chunks = Array.from({ length: 5 }, () => Buffer.alloc(300 * 1024, 1));
      const response = await put(url, Readable.from(chunks));
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: UPLOAD_MESSAGES.tooLarge(1),
      });
      await expectNothingWritten(objectKey);
    });

    it('refuses a link whose upload is no longer pending, leaving the saved file as it was (409)', async () => {
      const { objectKey, url } = await signedUpload(t.orgA.member);
      expect((await put(url, Buffer.from('%PDF original'))).statusCode).toBe(204);
      // What an event save does when it attaches the file.
      await deletePendingUploads(t.db, t.orgA.organization.id, [objectKey]);
      const response = await put(url, Buffer.from('%PDF replaced!'));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        code: 'CONFLICT',
        message: UPLOAD_MESSAGES.notPending,
        messageId: 'upload.notPending',
      });
      expect((await readFile(storage.pathOf(objectKey))).toString()).toBe('%PDF original');
      filesBefore = await storedFiles();
    });
  });

  it('refuses a chunked body over the limit sent over real HTTP', async () => {
    const { objectKey, url } = await signedUpload(t.orgA.member, { maxBytes: BYTES_PER_MB });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(new Uint8Array(300 * 1024).fill(1));
        controller.close();
      },
    });
    const response = await fetch(`http://127.0.0.1:${port}${url}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: UPLOAD_MESSAGES.tooLarge(1),
    });
    expect(await storage.stat(objectKey)).toBeUndefined();
    expect((await storedFiles()).some((name) => name.endsWith('.partial'))).toBe(false);
  });
});
