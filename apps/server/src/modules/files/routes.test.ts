import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { filePublicUrl } from '#server/lib/public-urls.ts';
import { newUploadKey } from '#server/storage/object-keys.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import { insertFileRow } from '#server/test/upload-fixtures.ts';

const t = tenantWorld();
let assetId: string;

beforeAll(async () => {
  assetId = (await createAssetViaApi(t.app, t.headers.memberA, { name: 'Boiler' })).id;
});

/** A file row of organization A with its bytes in storage (unless `stored` is false). */
async function storedFile(fileName: string, contentType: string, bytes: Buffer, stored = true) {
  const objectKey = newUploadKey(t.orgA.organization.id);
  if (stored) await t.app.storage.put(objectKey, bytes, contentType);
  return insertFileRow(t.db, {
    organizationId: t.orgA.organization.id,
    assetId,
    objectKey,
    fileName,
    contentType,
    size: bytes.length,
  });
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('GET /public/orgs/:organizationId/files/:fileId (local storage)', () => {
  it('serves an image inline, without sign-in, with its type, size and safety headers', async () => {
    const file = await storedFile('Pump photo.png', 'image/png', PNG);
    const response = await t.app.inject({ method: 'GET', url: filePublicUrl(file) });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(PNG);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-length']).toBe(String(PNG.length));
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="Pump photo.png"; filename*=UTF-8''Pump%20photo.png`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toMatch(/^default-src 'none';.*; sandbox$/);
    expect(response.headers['cache-control']).toMatch(/^private/);
  });

  it.each([
    ['page.html', 'text/html', '<script>alert(document.cookie)</script>'],
    ['drawing.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ['feed.xml', 'application/xml', '<?xml version="1.0"?><x/>'],
    ['app.js', 'text/javascript', 'alert(1)'],
    ['data.bin', 'application/octet-stream', 'x'],
  ])('serves %s (%s) as an attachment in a sandbox', async (fileName, contentType, text) => {
    const file = await storedFile(fileName, contentType, Buffer.from(text));
    const response = await t.app.inject({ method: 'GET', url: filePublicUrl(file) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(contentType);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${fileName}"; filename*=UTF-8''${fileName}`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toMatch(/; sandbox$/);
    expect(response.body).toBe(text);
  });

  it('serves a PDF inline with a UTF-8 name', async () => {
    const file = await storedFile('Relevé été.pdf', 'application/pdf', Buffer.from('%PDF-1.4'));
    const response = await t.app.inject({ method: 'GET', url: filePublicUrl(file) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="Releve ete.pdf"; filename*=UTF-8''Relev%C3%A9%20%C3%A9t%C3%A9.pdf`,
    );
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/^default-src 'none';/);
    // sandbox would switch off the browser's PDF viewer.
    expect(csp).not.toMatch(/sandbox/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  describe('answers 404 NOT_FOUND', () => {
    const expectNotFound = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'File not found.' });
    };

    it('for a file of organization A asked under organization B', async () => {
      const file = await storedFile('secret.pdf', 'application/pdf', Buffer.from('%PDF secret'));
      expect((await t.app.inject({ method: 'GET', url: filePublicUrl(file) })).statusCode).toBe(200);
      await expectNotFound(filePublicUrl({ id: file.id, organizationId: t.orgB.organization.id }));
    });

    it('for an unknown id, a malformed id or a malformed organization', async () => {
      const file = await storedFile('a.pdf', 'application/pdf', Buffer.from('%PDF'));
      await expectNotFound(filePublicUrl({ id: randomUUID(), organizationId: t.orgA.organization.id }));
      await expectNotFound(`/public/orgs/${t.orgA.organization.id}/files/not-a-uuid`);
      await expectNotFound(`/public/orgs/not-a-uuid/files/${file.id}`);
    });

    it('when the object is missing from storage', async () => {
      const file = await storedFile('gone.pdf', 'application/pdf', Buffer.from('%PDF'), false);
      await expectNotFound(filePublicUrl(file));
    });
  });
});
