import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hasPdftoppm, pdfText } from '@mqr/pdf-testing';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventFieldValues, fieldDefinitions, files, maintenanceEvents } from '#server/db/schema.ts';
import { createAssetViaApi, insertField } from '#server/test/asset-fixtures.ts';
import { buildTestApp, type TestApp } from '#server/test/build-test-app.ts';
import { createLocationViaApi } from '#server/test/location-fixtures.ts';
import { easyChallenges, reportViaApi } from '#server/test/request-fixtures.ts';
import { createTenants, type Tenants } from '#server/test/tenant-world.ts';

// Internal fields never reach anyone signed out (ADR 091): every public route of the route table is
// read for an asset whose internal and retired fields hold distinctive values, its own and its
// events', and none of them, nor their labels, may appear in any answer. A public route added later
// fails the first test until it is read here too.

/** What may show: a public field in use, on the asset and on its events. */
const SHOWN = {
  assetLabel: 'Plant room',
  assetValue: 'Basement B2',
  eventLabel: 'Hours spent',
  eventValue: '2.5',
};

/** Fields that must never show signed out, by target, with a value each. */
const HIDDEN = [
  {
    target: 'Asset',
    label: 'Keyholder email',
    value: 'keyholder-q7z@example.org',
    isPublic: false,
    retire: false,
  },
  { target: 'Asset', label: 'Purchase cost', value: '4711.93', isPublic: false, retire: true },
  { target: 'Asset', label: 'Old inventory code', value: 'OLDCODE-X3K', isPublic: true, retire: true },
  {
    target: 'MaintenanceEvent',
    label: 'Contractor phone',
    value: '+44 7700 900456',
    isPublic: false,
    retire: false,
  },
  { target: 'MaintenanceEvent', label: 'Invoice total', value: '9182.37', isPublic: false, retire: true },
  {
    target: 'MaintenanceEvent',
    label: 'Old job number',
    value: 'JOB-RETIRED-5W',
    isPublic: true,
    retire: true,
  },
] as const;

/** Enough events for a second page of the public history (EVENT_PAGE_SIZE is 20). */
const EVENT_COUNT = 23;

let t: TestApp & Tenants;
let organizationId: string;
let slug: string;
let assetId: string;
let fileId: string;
let feedPath: string;
let reportToken: string;
let olderAfter: string;
/** The slug of the location the asset is at, whose public page is turned on. */
let locationSlug: string;

beforeAll(async () => {
  const app = await buildTestApp();
  t = Object.assign(app, await createTenants(app));
  organizationId = t.orgA.organization.id;
  // A built web app of two pages, so the public page's HTML is answered as in production.
  const dist = t.config.webDistDir;
  await mkdir(dist, { recursive: true });
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(path.join(dist, 'public-asset.html'), '<!doctype html><title>asset</title>');

  const room = await insertField(t.db, organizationId, { label: SHOWN.assetLabel });
  const hours = await insertField(t.db, organizationId, {
    label: SHOWN.eventLabel,
    target: 'MaintenanceEvent',
    dataType: 'Number',
  });
  const hidden = [];
  for (const field of HIDDEN) {
    const row = await insertField(t.db, organizationId, {
      label: field.label,
      target: field.target,
      isPublic: field.isPublic,
    });
    hidden.push({ ...field, id: row.id });
  }
  const asset = await createAssetViaApi(t.app, t.headers.adminA, {
    name: 'Boiler house door',
    fields: [
      { fieldId: room.id, value: SHOWN.assetValue },
      ...hidden.filter((f) => f.target === 'Asset').map((f) => ({ fieldId: f.id, value: f.value })),
    ],
  });
  slug = asset.slug;
  assetId = asset.id;
  const boilerHouse = await createLocationViaApi(t.app, t.headers.adminA, { name: 'Boiler house' });
  locationSlug = boilerHouse.slug;
  const placed = await t.app.inject({
    method: 'POST',
    url: `/api/assets/${asset.id}/location`,
    headers: t.headers.adminA,
    payload: { locationId: boilerHouse.id },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const shown = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/organization/settings',
    headers: t.headers.adminA,
    payload: { publicLocationPages: true, publicAssetLocation: true },
  });
  expect(shown.statusCode, shown.body).toBe(200);

  // Open tasks assigned to the member, due soon: on their calendar feed too.
  for (let n = 0; n < EVENT_COUNT; n++) {
    const [event] = await t.db
      .insert(maintenanceEvents)
      .values({
        organizationId,
        assetId: asset.id,
        title: `Inspection ${n}`,
        performedAt: new Date(Date.UTC(2025, 0, 1 + n, 9)),
        taskStatus: 'Pending',
        assigneeId: t.orgA.member.id,
        dueOn: `2026-0${1 + (n % 9)}-1${n % 10}`,
      })
      .returning();
    await t.db
      .insert(eventFieldValues)
      .values([
        { organizationId, eventId: event!.id, fieldId: hours.id, value: SHOWN.eventValue },
        ...hidden
          .filter((f) => f.target === 'MaintenanceEvent')
          .map((f) => ({ organizationId, eventId: event!.id, fieldId: f.id, value: f.value })),
      ]);
    if (n === EVENT_COUNT - 1) {
      const objectKey = `${organizationId}/report.txt`;
      await t.app.storage.put(objectKey, Buffer.from('A plain report.'), 'text/plain');
      const [file] = await t.db
        .insert(files)
        .values({
          organizationId,
          assetId: asset.id,
          eventId: event!.id,
          objectKey,
          fileName: 'report.txt',
          contentType: 'text/plain',
          size: 15,
        })
        .returning();
      fileId = file!.id;
    }
  }
  // Retired after the values were stored, as an administrator would.
  for (const field of hidden.filter((f) => f.retire)) {
    await t.db.update(fieldDefinitions).set({ isActive: false }).where(eq(fieldDefinitions.id, field.id));
  }
  const feed = await t.app.inject({ method: 'POST', url: '/api/calendar/feed', headers: t.headers.memberA });
  expect(feed.statusCode, feed.body).toBe(201);
  feedPath = new URL(feed.json().url).pathname;
  easyChallenges(t.app);
  reportToken = await reportViaApi(t.app, organizationId, slug, { description: 'Leak', urgency: 'works' });
  const first = await t.app.inject({ url: `/public/orgs/${organizationId}/assets/${slug}` });
  olderAfter = first.json().eventsNextAfter;
  expect(olderAfter).toEqual(expect.any(String));
});
afterAll(() => t?.close());

/** The requests that read each public route (method and path as the route table has them). */
function publicReads(): Record<string, InjectOptions[]> {
  const asset = `/public/orgs/${organizationId}/assets/${slug}`;
  const get = (...urls: string[]) => urls.map((url): InjectOptions => ({ method: 'GET', url }));
  const post = (url: string): InjectOptions[] => [{ method: 'POST', url, payload: {} }];
  return {
    'GET /public/orgs/:organizationId/assets/:slug': get(asset),
    'GET /public/orgs/:organizationId/assets/:slug/events': get(
      `${asset}/events`,
      `${asset}/events?after=${olderAfter}`,
    ),
    'GET /public/orgs/:organizationId/assets/:slug/qr.png': get(`${asset}/qr.png`),
    'GET /public/orgs/:organizationId/assets/:slug/report-challenge': get(`${asset}/report-challenge`),
    'POST /public/orgs/:organizationId/assets/:slug/reports': post(`${asset}/reports`),
    'POST /public/orgs/:organizationId/assets/:slug/reports/:requestId/me-too': post(
      `${asset}/reports/${organizationId}/me-too`,
    ),
    'GET /public/requests/:token': get(`/public/requests/${reportToken}`),
    'GET /public/orgs/:organizationId/files/:fileId': get(`/public/orgs/${organizationId}/files/${fileId}`),
    'GET /public/orgs/:organizationId/locations/:slug': get(
      `/public/orgs/${organizationId}/locations/${locationSlug}`,
    ),
    'GET /public/orgs/:organizationId/logo': get(`/public/orgs/${organizationId}/logo`),
    'GET /public/calendar/:file': get(feedPath),
    'GET /': get('/'),
    'GET /*': get(`/a/${organizationId}/${slug}`, `/assets/${slug}`),
    'POST /api/auth/login': [
      {
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'nobody@example.com', password: 'wrong one' },
      },
    ],
    'GET /api/auth/sso/:organizationId': get(`/api/auth/sso/${organizationId}`),
    'POST /api/auth/sso/:organizationId/start': post(`/api/auth/sso/${organizationId}/start`),
    'POST /api/auth/sso/callback': post('/api/auth/sso/callback'),
    'POST /api/auth/sso/link': post('/api/auth/sso/link'),
    'PUT /api/uploads/local/*': [
      { method: 'PUT', url: `/api/uploads/local/${organizationId}/x`, payload: 'x' },
    ],
    'GET /api/docs': get('/api/docs'),
    'GET /api/docs/json': get('/api/docs/json'),
    'GET /api/docs/yaml': get('/api/docs/yaml'),
    'GET /api/docs/static/index.html': get('/api/docs/static/index.html'),
    'GET /api/docs/static/swagger-initializer.js': get('/api/docs/static/swagger-initializer.js'),
    'GET /api/docs/static/*': get('/api/docs/static/swagger-ui.css'),
    'GET /healthz': get('/healthz'),
    'GET /readyz': get('/readyz'),
    'GET /metrics': get('/metrics'),
    'GET /api/client-config': get('/api/client-config'),
  };
}

describe('internal and retired fields, read signed out', () => {
  it('are looked for in every public route of the route table', () => {
    const routes = t.app
      .routeAccess()
      .filter((route) => route.access === 'public' && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`);
    expect(Object.keys(publicReads()).sort()).toEqual([...new Set(routes)].sort());
  });

  it('never reach a public answer, its headers included, while public fields in use do', async () => {
    const forbidden = HIDDEN.flatMap((field) => [field.label, field.value]);
    const answers: string[] = [];
    for (const [route, requests] of Object.entries(publicReads())) {
      for (const request of requests) {
        const response = await t.app.inject(request);
        expect(response.statusCode, `${route}: ${request.url}`).toBeLessThan(500);
        const text = `${JSON.stringify(response.headers)}\n${Buffer.from(response.rawPayload).toString('latin1')}`;
        for (const secret of forbidden) expect(text, `${route}: ${request.url}`).not.toContain(secret);
        answers.push(text);
      }
    }
    // The reads were real: the public fields' values came back, on both pages of the history.
    const page = await t.app.inject({ url: `/public/orgs/${organizationId}/assets/${slug}` });
    expect(page.json().fields).toEqual([
      { label: SHOWN.assetLabel, value: SHOWN.assetValue, dataType: 'Text' },
    ]);
    // An event's public value carries its field's data type too, for the page to word it (ADR 118).
    const eventValue = { label: SHOWN.eventLabel, value: SHOWN.eventValue, dataType: 'Number' };
    expect(page.json().events[0].fields).toEqual([eventValue]);
    const older = await t.app.inject({
      url: `/public/orgs/${organizationId}/assets/${slug}/events?after=${olderAfter}`,
    });
    expect(older.json().events).toHaveLength(EVENT_COUNT - 20);
    expect(older.json().events[0].fields).toEqual([eventValue]);
    expect(answers.some((text) => text.includes('Inspection 0') && text.includes('BEGIN:VCALENDAR'))).toBe(
      true,
    );
  });

  it('all stay on the staff page', async () => {
    const staff = await t.app.inject({ url: `/api/assets/${assetId}`, headers: t.headers.memberA });
    expect(staff.statusCode).toBe(200);
    for (const field of HIDDEN) expect(staff.body).toContain(field.value);
  });

  it('never reach a label: the labels print a public field in use, and refuse the others', async () => {
    const fields = await t.app.inject({
      url: '/api/fields?target=Asset&includeInactive=true',
      headers: t.headers.memberA,
    });
    const byLabel = new Map(fields.json().map((f: { label: string; id: string }) => [f.label, f.id]));
    const print = (fieldId: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/labels',
        headers: t.headers.memberA,
        payload: { assetIds: [assetId], layout: 'avery-l7160', fieldId },
      });
    for (const field of HIDDEN.filter((f) => f.target === 'Asset')) {
      expect((await print(byLabel.get(field.label))).statusCode, field.label).toBe(400);
    }
    const sheet = await print(byLabel.get(SHOWN.assetLabel));
    expect(sheet.statusCode).toBe(200);
    if (await hasPdftoppm()) {
      const text = await pdfText(new Uint8Array(sheet.rawPayload));
      expect(text).toContain(`${SHOWN.assetLabel}: ${SHOWN.assetValue}`);
      for (const field of HIDDEN) expect(text).not.toContain(field.value);
    }
  });
});
