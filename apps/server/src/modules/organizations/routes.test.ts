import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { LOGO_MAX_BYTES, ORGANIZATION_MESSAGES, PAGING_HEADERS } from '@mqr/contracts';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogEntries, organizations } from '#server/db/schema.ts';
import { auditEntriesOf } from '#server/test/asset-fixtures.ts';
import { createOrganization, createUser, loginAs } from '#server/test/fixtures.ts';
import { multipart } from '#server/test/multipart-body.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

// Tiny real images (each decodes in Chromium): a baseline JPEG and a lossy WebP drawn by a 2×2
// canvas, and the classic 1×1 GIF. The PNG is a QR code drawn by the qrcode package.
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AIADg9//2Q==',
  'base64',
);
const WEBP = Buffer.from(
  'UklGRjYAAABXRUJQVlA4ICoAAACQAQCdASoCAAIAAsBMJaACdLoAA5gA/ug4v/jeOtvrb28/oUbKJpMAAAA=',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>',
);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

const t = tenantWorld();
let PNG: Buffer;

beforeAll(async () => {
  PNG = await QRCode.toBuffer('logo', { type: 'png', width: 64 });
});

function uploadLogo(
  headers: Record<string, string>,
  organizationId: string,
  data: Buffer,
  file: { fileName?: string; contentType?: string; field?: string } = {},
) {
  const body = multipart([
    {
      name: file.field ?? 'logo',
      fileName: file.fileName ?? 'logo.png',
      contentType: file.contentType ?? 'image/png',
      data,
    },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/organizations/${organizationId}/logo`,
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

const list = (headers: Record<string, string>, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/admin/organizations${query}`, headers });
const create = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/admin/organizations', headers, payload });
const rename = (headers: Record<string, string>, id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/organizations/${id}`, headers, payload });
const deleteLogo = (headers: Record<string, string>, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/admin/organizations/${id}/logo`, headers });
const publicLogo = (url: string) => t.app.inject({ method: 'GET', url });

async function organizationRow(id: string) {
  const [row] = await t.db.select().from(organizations).where(eq(organizations.id, id));
  return row!;
}

/** The objects stored under the organization's prefix. */
async function storedObjects(organizationId: string): Promise<string[]> {
  try {
    return (await readdir(path.join(t.config.filesDir, organizationId))).filter(
      (f) => !f.endsWith('.partial'),
    );
  } catch {
    return [];
  }
}

const LOGO_URL = /^\/public\/orgs\/[0-9a-f-]{36}\/logo\?v=logo-[0-9a-f-]{36}$/;

describe('who may manage organizations', () => {
  it('answers 403 to members and administrators on every route, and changes nothing', async () => {
    const target = t.orgB.organization.id;
    const before = await organizationRow(target);
    const auditBefore = await t.db.$count(auditLogEntries);
    for (const headers of [t.headers.memberA, t.headers.adminA]) {
      const responses = [
        await list(headers),
        await create(headers, { name: 'Sneaky' }),
        await rename(headers, target, { name: 'Renamed' }),
        await rename(headers, 'not-a-uuid', { name: '' }),
        await uploadLogo(headers, target, PNG),
        await deleteLogo(headers, target),
      ];
      for (const response of responses) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({
          code: 'FORBIDDEN',
          message: 'You do not have permission to do this.',
        });
      }
    }
    expect(await organizationRow(target)).toEqual(before);
    expect(await t.db.$count(auditLogEntries)).toBe(auditBefore);
    expect(await storedObjects(target)).toEqual([]);
    const sneaky = await t.db.select().from(organizations).where(eq(organizations.name, 'Sneaky'));
    expect(sneaky).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const response = await list({});
    expect(response.statusCode).toBe(401);
    expect((await uploadLogo({}, t.orgA.organization.id, PNG)).statusCode).toBe(401);
  });
});

describe('GET /api/admin/organizations', () => {
  it('pages every organization by name then id, with the paging headers', async () => {
    const third = await createOrganization(t.db, 'Paging 3');
    const first = await createOrganization(t.db, 'Paging 1');
    const twinA = await createOrganization(t.db, 'Paging 2');
    const twinB = await createOrganization(t.db, 'Paging 2');
    const twins = [twinA.id, twinB.id].sort();
    const total = await t.db.$count(organizations);

    const all = await list(t.headers.superA, '?pageSize=200');
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe(String(total));
    const items = all.json() as { id: string; name: string; logoUrl: string | null; createdAt: string }[];
    expect(items).toHaveLength(total);
    expect(items.filter((o) => o.name.startsWith('Paging ')).map((o) => o.id)).toEqual([
      first.id,
      twins[0],
      twins[1],
      third.id,
    ]);
    const row = await organizationRow(first.id);
    expect(items.find((o) => o.id === first.id)).toEqual({
      id: first.id,
      name: 'Paging 1',
      logoUrl: null,
      timeZone: 'UTC',
      dailyDigest: true,
      defaultLanguage: 'en',
      publicLocationPages: false,
      publicAssetLocation: false,
      reportingEnabled: true,
      showOpenReports: true,
      requestTriageRole: 'member',
      currency: 'EUR',
      publicChecklistSummary: false,
      createdAt: row.createdAt.toISOString(),
    });

    const defaults = await list(t.headers.superA);
    expect(defaults.headers[PAGING_HEADERS.page.toLowerCase()]).toBe('1');
    expect(defaults.headers[PAGING_HEADERS.pageSize.toLowerCase()]).toBe('50');

    const page2 = await list(t.headers.superA, '?page=2&pageSize=2');
    expect(page2.statusCode).toBe(200);
    expect(page2.headers['x-page']).toBe('2');
    expect(page2.headers['x-page-size']).toBe('2');
    expect(page2.headers['x-total-count']).toBe(String(total));
    expect(page2.json()).toEqual(items.slice(2, 4));
  });

  it('answers 400 with the fields for a bad page query', async () => {
    const response = await list(t.headers.superA, '?page=0&pageSize=500');
    expect(response.statusCode).toBe(400);
    const paths = response.json().fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['page', 'pageSize']));
  });
});

describe('POST /api/admin/organizations', () => {
  it('creates the organization (trimmed name) with a CREATE entry in its own audit log', async () => {
    const response = await create(t.headers.superA, { name: '  Harbour Works  ' });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Harbour Works',
      logoUrl: null,
      timeZone: 'UTC',
      dailyDigest: true,
      defaultLanguage: 'en',
      publicLocationPages: false,
      publicAssetLocation: false,
      reportingEnabled: true,
      showOpenReports: true,
      requestTriageRole: 'member',
      currency: 'EUR',
      publicChecklistSummary: false,
      createdAt: expect.any(String),
    });
    const row = await organizationRow(created.id);
    expect(row).toMatchObject({ name: 'Harbour Works', logoObjectKey: null, logoContentType: null });
    const entries = await auditEntriesOf(t.db, created.id, created.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      organizationId: created.id,
      userId: t.superA.id,
      userName: 'Root',
      action: 'CREATE',
      entityType: 'Organization',
      entityName: 'Harbour Works',
      changes: '{"created":true}',
      ipAddress: '127.0.0.1',
    });
  });

  it('refuses a missing, blank or too long name with the field message and creates nothing', async () => {
    const count = await t.db.$count(organizations);
    for (const [payload, message] of [
      [{}, ORGANIZATION_MESSAGES.nameRequired],
      [{ name: '   ' }, ORGANIZATION_MESSAGES.nameRequired],
      [{ name: 'x'.repeat(201) }, ORGANIZATION_MESSAGES.nameTooLong],
    ] as const) {
      const response = await create(t.headers.superA, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: [{ path: 'name', message }] });
    }
    expect((await create(t.headers.superA, { name: 'x'.repeat(200) })).statusCode).toBe(201);
    expect(await t.db.$count(organizations)).toBe(count + 1);
  });
});

describe('PUT /api/admin/organizations/:id', () => {
  it('renames the organization and audits the change in that organization', async () => {
    const org = await createOrganization(t.db, 'Old Name');
    const response = await rename(t.headers.superA, org.id, { name: 'New Name' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: org.id, name: 'New Name', logoUrl: null });
    expect((await organizationRow(org.id)).name).toBe('New Name');
    const entries = await auditEntriesOf(t.db, org.id, org.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'UPDATE',
      entityType: 'Organization',
      entityName: 'New Name',
    });
    expect(JSON.parse(entries[0]!.changes!)).toEqual({
      changes: { name: { from: 'Old Name', to: 'New Name' } },
    });

    // The same name again changes nothing and writes nothing.
    const again = await rename(t.headers.superA, org.id, { name: ' New Name ' });
    expect(again.statusCode).toBe(200);
    expect(await auditEntriesOf(t.db, org.id, org.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown or malformed id and 400 for a bad name', async () => {
    for (const id of ['01900000-0000-7000-8000-000000000000', 'not-a-uuid']) {
      const response = await rename(t.headers.superA, id, { name: 'Whatever' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Organization not found.' });
    }
    const response = await rename(t.headers.superA, t.orgB.organization.id, { name: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject([
      { path: 'name', message: ORGANIZATION_MESSAGES.nameRequired },
    ]);
    expect((await organizationRow(t.orgB.organization.id)).name).toBe(t.orgB.organization.name);
  });
});

describe('organization logos', () => {
  it('accepts PNG, JPEG, GIF and WebP by their bytes and serves each with its stored type', async () => {
    const org = await createOrganization(t.db, 'Logo Types');
    const cases = [
      { bytes: PNG, type: 'image/png', fileName: 'logo.png' },
      // The declared name and type do not matter: the bytes decide.
      { bytes: JPEG, type: 'image/jpeg', fileName: 'logo.gif', declared: 'image/gif' },
      { bytes: GIF, type: 'image/gif', fileName: 'logo', declared: 'application/octet-stream' },
      { bytes: WEBP, type: 'image/webp', fileName: 'logo.webp' },
    ];
    for (const c of cases) {
      const response = await uploadLogo(t.headers.superA, org.id, c.bytes, {
        fileName: c.fileName,
        contentType: c.declared ?? c.type,
      });
      expect(response.statusCode, c.type).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ id: org.id, name: 'Logo Types' });
      expect(body.logoUrl).toMatch(LOGO_URL);
      const row = await organizationRow(org.id);
      expect(row.logoContentType).toBe(c.type);
      expect(row.logoObjectKey).toMatch(new RegExp(`^${org.id}/logo-[0-9a-f-]{36}$`));
      expect(body.logoUrl).toBe(`/public/orgs/${org.id}/logo?v=${row.logoObjectKey!.split('/')[1]}`);

      const served = await publicLogo(body.logoUrl);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(c.type);
      expect(served.headers['content-disposition']).toMatch(/^inline; filename="logo\.\w+"/);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload.equals(c.bytes)).toBe(true);
      // Only the current logo is kept.
      expect(await storedObjects(org.id)).toEqual([row.logoObjectKey!.split('/')[1]]);
    }
  });

  it('gives a new logoUrl after a re-upload, records both changes and removes the old object', async () => {
    const org = await createOrganization(t.db, 'Versioned');
    const first = (await uploadLogo(t.headers.superA, org.id, PNG)).json().logoUrl as string;
    const firstKey = (await organizationRow(org.id)).logoObjectKey!;
    const second = (await uploadLogo(t.headers.superA, org.id, GIF, { fileName: 'b.gif' })).json()
      .logoUrl as string;
    expect(second).toMatch(LOGO_URL);
    expect(second).not.toBe(first);
    expect(await t.app.storage.stat(firstKey)).toBeUndefined();

    // The old URL still answers (the current logo) but may not be cached for long.
    const stale = await publicLogo(first);
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['content-type']).toBe('image/gif');
    expect(stale.headers['cache-control']).toBe('public, max-age=300');

    const entries = await auditEntriesOf(t.db, org.id, org.id);
    expect(entries.map((e) => JSON.parse(e.changes!))).toEqual([
      { changes: { logo: { from: first, to: second } } },
      { changes: { logo: { from: null, to: first } } },
    ]);
    expect(entries[0]).toMatchObject({
      action: 'UPDATE',
      entityType: 'Organization',
      entityName: 'Versioned',
    });

    // The organization's members see the same versioned URL.
    const member = await createUser(t.db, org.id);
    const { headers } = await loginAs(t.app, member);
    const own = await t.app.inject({ method: 'GET', url: '/api/auth/organization', headers });
    expect(own.json()).toEqual({
      id: org.id,
      name: 'Versioned',
      logoUrl: second,
      timeZone: 'UTC',
      dailyDigest: true,
      defaultLanguage: 'en',
      publicLocationPages: false,
      publicAssetLocation: false,
      reportingEnabled: true,
      showOpenReports: true,
      requestTriageRole: 'member',
      currency: 'EUR',
      publicChecklistSummary: false,
    });
  });

  it('refuses SVG, HTML named logo.png and other bytes with the type message, keeping the logo', async () => {
    const org = await createOrganization(t.db, 'Refusals');
    const kept = (await uploadLogo(t.headers.superA, org.id, PNG)).json().logoUrl;
    const before = await organizationRow(org.id);
    const audits = (await auditEntriesOf(t.db, org.id, org.id)).length;
    for (const [bytes, fileName, contentType] of [
      [SVG, 'logo.svg', 'image/svg+xml'],
      [HTML, 'logo.png', 'image/png'],
      [Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj\n<<>>\nendobj\n'), 'logo.png', 'image/png'],
      [Buffer.alloc(0), 'empty.png', 'image/png'],
    ] as const) {
      const response = await uploadLogo(t.headers.superA, org.id, bytes, { fileName, contentType });
      expect(response.statusCode, fileName).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION',
        message: ORGANIZATION_MESSAGES.logoType,
        fields: [{ path: 'logo', message: ORGANIZATION_MESSAGES.logoType }],
      });
    }
    expect(await organizationRow(org.id)).toEqual(before);
    expect((await auditEntriesOf(t.db, org.id, org.id)).length).toBe(audits);
    expect(await storedObjects(org.id)).toEqual([before.logoObjectKey!.split('/')[1]]);
    expect((await publicLogo(kept)).headers['content-type']).toBe('image/png');
  });

  it('accepts exactly 5 MB and refuses 5 MB + 1 byte with 413', async () => {
    const org = await createOrganization(t.db, 'Sizes');
    const padded = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);
    const tooLarge = await uploadLogo(t.headers.superA, org.id, padded(LOGO_MAX_BYTES + 1));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: ORGANIZATION_MESSAGES.logoTooLarge,
    });
    expect((await organizationRow(org.id)).logoObjectKey).toBeNull();
    expect(await storedObjects(org.id)).toEqual([]);

    const exact = await uploadLogo(t.headers.superA, org.id, padded(LOGO_MAX_BYTES));
    expect(exact.statusCode).toBe(200);
    const key = (await organizationRow(org.id)).logoObjectKey!;
    expect(await t.app.storage.stat(key)).toEqual({ size: LOGO_MAX_BYTES });
  });

  it('answers 400 with the missing message without a "logo" file', async () => {
    const org = await createOrganization(t.db, 'Missing');
    const url = `/api/admin/organizations/${org.id}/logo`;
    const otherField = multipart([
      { name: 'file', fileName: 'logo.png', contentType: 'image/png', data: PNG },
    ]);
    const textOnly = multipart([{ name: 'logo', data: 'not a file' }]);
    const requests = [
      { headers: { 'content-type': otherField.contentType }, payload: otherField.payload },
      { headers: { 'content-type': textOnly.contentType }, payload: textOnly.payload },
      { headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ logo: 'x' }) },
      { headers: { 'content-type': 'multipart/form-data' }, payload: 'no boundary' },
      { headers: {}, payload: undefined },
    ];
    for (const request of requests) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...t.headers.superA, ...request.headers },
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      expect(response.statusCode, JSON.stringify(request.headers)).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION',
        message: ORGANIZATION_MESSAGES.logoMissing,
        fields: [{ path: 'logo', message: ORGANIZATION_MESSAGES.logoMissing }],
      });
    }
    expect((await organizationRow(org.id)).logoObjectKey).toBeNull();
  });

  it('answers 404 for an unknown or malformed organization', async () => {
    for (const id of ['01900000-0000-7000-8000-000000000000', 'nope']) {
      const upload = await uploadLogo(t.headers.superA, id, PNG);
      expect(upload.statusCode).toBe(404);
      expect(upload.json().message).toBe('Organization not found.');
      expect((await deleteLogo(t.headers.superA, id)).statusCode).toBe(404);
    }
  });

  it('accepts multipart only on the logo route', async () => {
    const body = multipart([{ name: 'name', data: 'Via form' }]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/organizations',
      headers: { ...t.headers.superA, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(415);
    expect(await t.db.select().from(organizations).where(eq(organizations.name, 'Via form'))).toEqual([]);
  });

  it('deletes the logo (idempotent): null logoUrl, object removed, public route 404, one audit entry', async () => {
    const org = await createOrganization(t.db, 'Delete Me');
    const url = (await uploadLogo(t.headers.superA, org.id, WEBP, { fileName: 'a.webp' })).json()
      .logoUrl as string;
    const key = (await organizationRow(org.id)).logoObjectKey!;

    const response = await deleteLogo(t.headers.superA, org.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: org.id, name: 'Delete Me', logoUrl: null });
    expect(await organizationRow(org.id)).toMatchObject({ logoObjectKey: null, logoContentType: null });
    expect(await t.app.storage.stat(key)).toBeUndefined();
    const gone = await publicLogo(url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Logo not found.' });

    const again = await deleteLogo(t.headers.superA, org.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().logoUrl).toBeNull();
    const entries = await auditEntriesOf(t.db, org.id, org.id);
    expect(entries.map((e) => JSON.parse(e.changes!))).toEqual([
      { changes: { logo: { from: url, to: null } } },
      { changes: { logo: { from: null, to: url } } },
    ]);
  });
});

describe('GET /public/orgs/:organizationId/logo', () => {
  it('documents the version parameter v of the logo URL in the API docs', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
    const logo = paths['/public/orgs/{organizationId}/logo'].get;
    expect(logo.parameters).toContainEqual(
      expect.objectContaining({ in: 'query', name: 'v', required: false, schema: { type: 'string' } }),
    );
  });

  it('refuses a version parameter given twice (400), as any malformed query', async () => {
    const response = await publicLogo(`/public/orgs/${t.orgA.organization.id}/logo?v=a&v=b`);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION');
  });

  it('answers 404 without a logo, for an unknown or malformed id, without signing in', async () => {
    for (const id of [t.orgB.organization.id, '01900000-0000-7000-8000-000000000000', 'bad-id']) {
      const response = await publicLogo(`/public/orgs/${id}/logo`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Logo not found.' });
    }
  });
});
