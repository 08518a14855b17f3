import { ZPublicAsset } from '@mqr/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventFieldValues, fieldDefinitions, files, maintenanceEvents } from '#server/db/schema.ts';
import { createAssetViaApi, insertField } from '#server/test/asset-fixtures.ts';
import { decodeQrPng } from '#server/test/decode-qr.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

const t = tenantWorld();
// biome-ignore lint/suspicious/noExplicitAny: parsed JSON of the created asset
let asset: any;
let eventId: string;
let fieldIds: string[];

beforeAll(async () => {
  const headers = t.headers.memberA;
  const active = await insertField(t.db, t.orgA.organization.id, { label: 'Location', displayOrder: 1 });
  const empty = await insertField(t.db, t.orgA.organization.id, { label: 'Owner', displayOrder: 2 });
  const retired = await insertField(t.db, t.orgA.organization.id, { label: 'Old code', displayOrder: 3 });
  const eventField = await insertField(t.db, t.orgA.organization.id, {
    target: 'MaintenanceEvent',
    label: 'Hours',
    dataType: 'Number',
  });
  asset = await createAssetViaApi(t.app, headers, {
    name: 'Public pump',
    description: 'In the basement',
    fields: [
      { fieldId: active.id, value: 'Basement' },
      { fieldId: retired.id, value: 'X1' },
    ],
  });
  await t.db.update(fieldDefinitions).set({ isActive: false }).where(eq(fieldDefinitions.id, retired.id));
  const [event] = await t.db
    .insert(maintenanceEvents)
    .values({
      organizationId: t.orgA.organization.id,
      assetId: asset.id,
      title: 'Service',
      notes: 'Replaced seal',
      recordedBy: 'Bob',
      performedAt: new Date('2024-05-01T08:00:00Z'),
      taskStatus: 'InProgress',
      taskStartedAt: new Date('2024-05-01T09:00:00Z'),
      taskStartedById: t.orgA.admin.id,
      updatedById: t.orgA.admin.id,
    })
    .returning();
  eventId = event!.id;
  await t.db
    .insert(eventFieldValues)
    .values({ organizationId: t.orgA.organization.id, eventId, fieldId: eventField.id, value: '2' });
  await t.db.insert(files).values({
    organizationId: t.orgA.organization.id,
    assetId: asset.id,
    eventId,
    objectKey: `orgs/${t.orgA.organization.id}/photo.jpg`,
    fileName: 'photo.jpg',
    contentType: 'image/jpeg',
    size: 10,
  });
  fieldIds = [active.id, empty.id, retired.id, eventField.id];
});

const url = (organizationId: string, slug: string) => `/public/orgs/${organizationId}/assets/${slug}`;

describe('GET /public/orgs/:organizationId/assets/:slug', () => {
  it('answers the public asset without sign-in', async () => {
    const response = await t.app.inject({ method: 'GET', url: url(t.orgA.organization.id, asset.slug) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(ZPublicAsset.strict().safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      name: 'Public pump',
      slug: asset.slug,
      description: 'In the basement',
      organizationId: t.orgA.organization.id,
      qrCodeUrl: `/public/orgs/${t.orgA.organization.id}/assets/${asset.slug}/qr.png`,
      // A retired field shows on no public page (ADR 091).
      fields: [
        { label: 'Location', value: 'Basement' },
        { label: 'Owner', value: null },
      ],
      events: [
        {
          title: 'Service',
          notes: 'Replaced seal',
          recordedBy: 'Bob',
          performedAt: '2024-05-01T08:00:00.000Z',
          taskStatus: 'InProgress',
          taskStartedAt: '2024-05-01T09:00:00.000Z',
          taskStartedBy: t.orgA.admin.displayName,
          taskCompletedAt: null,
          taskCompletedBy: null,
          // With its field's data type, for the page to word it (ADR 118).
          fields: [{ label: 'Hours', value: '2', dataType: 'Number' }],
        },
      ],
    });
    expect(body.events[0].files[0]).toMatchObject({ fileName: 'photo.jpg', contentType: 'image/jpeg' });
    expect(body.files).toHaveLength(1);
    // An event's value names no field id on the public page.
    expect(Object.keys(body.events[0].fields[0]).sort()).toEqual(['dataType', 'label', 'value']);
    expect(Object.keys(body.events[0]).sort()).toEqual(
      [
        'title',
        'notes',
        'recordedBy',
        'performedAt',
        'taskStatus',
        'taskStartedAt',
        'taskStartedBy',
        'taskCompletedAt',
        'taskCompletedBy',
        'dueOn',
        'dueState',
        'fields',
        'files',
        'checklistSummary',
      ].sort(),
    );
  });

  it('reveals no emails and no ids of users, events, field definitions or the asset', async () => {
    const response = await t.app.inject({ method: 'GET', url: url(t.orgA.organization.id, asset.slug) });
    const text = response.body;
    for (const secret of [
      t.orgA.admin.email,
      t.orgA.member.email,
      t.orgA.admin.id,
      t.orgA.member.id,
      eventId,
      asset.id,
      ...fieldIds,
    ]) {
      expect(text).not.toContain(secret);
    }
    const cookies = [response.headers['set-cookie'] ?? []].flat();
    for (const cookie of cookies) expect(cookie).toMatch(/^XSRF-TOKEN=/);
  });

  it('answers 404 NOT_FOUND for the wrong organization, an unknown slug or malformed parameters', async () => {
    for (const path of [
      url(t.orgB.organization.id, asset.slug),
      url(t.orgA.organization.id, 'no-such-slug-abc123'),
      url('not-a-uuid', asset.slug),
      url(t.orgA.organization.id, 'Bad_Slug!'),
      url('01900000-0000-7000-8000-000000000003', asset.slug),
    ]) {
      const response = await t.app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
      const qr = await t.app.inject({ method: 'GET', url: `${path}/qr.png` });
      expect(qr.statusCode, `${path}/qr.png`).toBe(404);
    }
  });

  it('ignores an Authorization header, even a bad one', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: url(t.orgA.organization.id, asset.slug),
      headers: { authorization: 'Bearer nonsense' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('GET /public/orgs/:organizationId/assets/:slug/qr.png', () => {
  it('renders the public QR PNG, cacheable publicly, encoding the public URL', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${url(t.orgA.organization.id, asset.slug)}/qr.png`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(await decodeQrPng(response.rawPayload)).toEqual([asset.publicUrl]);
  });
});

describe('API docs', () => {
  it('show the public asset page open to anyone, answering the fields of ZPublicAsset', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
    const page = paths['/public/orgs/{organizationId}/assets/{slug}'].get;
    expect(page.security).toEqual([]);
    const answer = page.responses['200'].content['application/json'].schema;
    expect(Object.keys(answer.properties).sort()).toEqual(Object.keys(ZPublicAsset.shape).sort());
  });
});
