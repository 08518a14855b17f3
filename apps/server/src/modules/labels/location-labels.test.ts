import { LABEL_MAX_ASSETS, LABEL_MESSAGES, type TLocation } from '@mqr/contracts';
import { findQrCodes, hasPdftoppm, pdfPagesAsPng, pdfText } from '@mqr/pdf-testing';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogEntries } from '#server/db/schema.ts';
import { locationPublicUrl } from '#server/lib/public-urls.ts';
import { insertField } from '#server/test/asset-fixtures.ts';
import { pathsAndMessages } from '#server/test/field-errors.ts';
import { createOrganization, createUser, loginAs } from '#server/test/fixtures.ts';
import { createLocationViaApi } from '#server/test/location-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import { expectedQrCentre } from './label-pdf-testing.ts';
import { LABEL_LAYOUT_GEOMETRY, MM } from './layouts.ts';
import { labelPlan } from './render-label-sheet.ts';

const t = tenantWorld();
const poppler = await hasPdftoppm();
const needsPoppler = 'pdftoppm not installed: apt-get install poppler-utils';

const post = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/labels', headers, payload });

/** Label plant / Building 2 (Room 10, Room 2 with code R-2) and Annex, in organization A; a depot of B. */
let plant: TLocation;
let building2: TLocation;
let room10: TLocation;
let room2: TLocation;
let annex: TLocation;
let depotOfB: TLocation;

beforeAll(async () => {
  const create = (body: Parameters<typeof createLocationViaApi>[2], headers = t.headers.adminA) =>
    createLocationViaApi(t.app, headers, body);
  plant = await create({ name: 'Label plant' });
  // Made out of order: the tree's order is by name, "Room 2" before "Room 10".
  annex = await create({ name: 'Annex', parentId: plant.id });
  building2 = await create({ name: 'Building 2', parentId: plant.id, code: 'B2' });
  room10 = await create({ name: 'Room 10', parentId: building2.id });
  room2 = await create({ name: 'Room 2', parentId: building2.id, code: 'R-2' });
  depotOfB = await create({ name: 'Depot of B' }, t.headers.adminB);
});

const pageUrl = (location: TLocation) =>
  locationPublicUrl(t.app.config.publicBaseUrl, t.orgA.organization.id, location.slug);

/** The PDF of a 200 answer. */
function pdfOf(response: Awaited<ReturnType<typeof post>>): Uint8Array {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return new Uint8Array(response.rawPayload);
}

/** The QR codes of the PDF's first page in label order: by row (within 5 pt), then left to right. */
async function codesInLabelOrder(pdf: Uint8Array) {
  const [page] = await pdfPagesAsPng(pdf);
  const found = (await findQrCodes(page!)).filter((code) => code.text.startsWith('http'));
  return found.sort((a, b) => (Math.abs(a.y - b.y) > 5 ? a.y - b.y : a.x - b.x));
}

describe('POST /api/labels for locations', () => {
  it('answers each location’s page address as its QR code, as the location’s own answer has it', () => {
    expect(pageUrl(room2)).toBe(room2.publicUrl);
    expect(room2.publicUrl).toMatch(new RegExp(`/l/${t.orgA.organization.id}/${room2.slug}$`));
  });

  it.runIf(poppler)(
    'prints a location and every location inside it in tree order: its page’s code, name, path and code on each',
    async () => {
      const pdf = pdfOf(await post(t.headers.memberA, { locationTree: plant.id, layout: 'avery-5163' }));
      const layout = LABEL_LAYOUT_GEOMETRY['avery-5163'];
      const plan = labelPlan(layout, { hasField: true, hasLogo: false });
      const codes = await codesInLabelOrder(pdf);
      const inTreeOrder = [plant, annex, building2, room2, room10];
      expect(codes.map((code) => code.text)).toEqual(inTreeOrder.map(pageUrl));
      for (const [slot, code] of codes.entries()) {
        const centre = expectedQrCentre(layout, plan, slot);
        expect(Math.abs(code.x - centre.x) / MM).toBeLessThanOrEqual(1);
        expect(Math.abs(code.y - centre.y) / MM).toBeLessThanOrEqual(1);
      }
      const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
      expect(text).toContain('Room 2');
      expect(text).toContain('Label plant / Building 2');
      expect(text).toContain('R-2');
      // Without a code, a label ends with the location's slug.
      expect(text).toContain(room10.slug);
      expect(text).toContain('Organization A');
    },
  );
  if (!poppler) it.skip(`prints a location and every location inside it (${needsPoppler})`, () => {});

  it.runIf(poppler)('prints the selected locations in the order given, a repeated id once', async () => {
    const pdf = pdfOf(
      await post(t.headers.memberA, {
        locationIds: [room10.id, plant.id, room10.id.toUpperCase()],
        layout: 'avery-l7163',
        includeLogo: true,
      }),
    );
    expect((await codesInLabelOrder(pdf)).map((code) => code.text)).toEqual([
      pageUrl(room10),
      pageUrl(plant),
    ]);
  });
  if (!poppler) it.skip(`prints the selected locations in the order given (${needsPoppler})`, () => {});

  it('prints one page per location on a label printer’s roll', async () => {
    const pdf = pdfOf(await post(t.headers.memberA, { locationTree: building2.id, layout: 'roll-62x29mm' }));
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(3);
  });

  it('answers 404 on the source for another organization’s location, or none, and writes nothing', async () => {
    const entriesBefore = await t.db.$count(auditLogEntries);
    const cases: [object, string][] = [
      [{ locationIds: [room2.id, depotOfB.id] }, 'locationIds'],
      [{ locationIds: [crypto.randomUUID()] }, 'locationIds'],
      [{ locationTree: depotOfB.id }, 'locationTree'],
      [{ locationTree: crypto.randomUUID() }, 'locationTree'],
    ];
    for (const [source, path] of cases) {
      const response = await post(t.headers.adminA, { ...source, layout: 'avery-l7160' });
      expect(response.statusCode, JSON.stringify(source)).toBe(404);
      expect(response.json()).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Location not found.',
        fields: [{ path, message: 'Location not found.' }],
      });
    }
    expect(await t.db.$count(auditLogEntries)).toBe(entriesBefore);
    // Its own organization prints it.
    expect(
      (await post(t.headers.memberB, { locationTree: depotOfB.id, layout: 'roll-2x1in' })).statusCode,
    ).toBe(200);
  });

  it('refuses a custom field, an empty or malformed selection, and a second source with 400 naming the field', async () => {
    const field = await insertField(t.db, t.orgA.organization.id, { label: 'Location serial' });
    const cases: [object, string, string][] = [
      [{ locationTree: plant.id, fieldId: field.id }, 'fieldId', LABEL_MESSAGES.fieldAssetsOnly],
      [{ locationIds: [plant.id], fieldId: field.id }, 'fieldId', LABEL_MESSAGES.fieldAssetsOnly],
      [{ locationIds: [] }, 'locationIds', LABEL_MESSAGES.noLocations],
      [{ locationIds: ['room-2'] }, 'locationIds.0', LABEL_MESSAGES.locationIdInvalid],
      [{ locationTree: 'plant' }, 'locationTree', LABEL_MESSAGES.locationIdInvalid],
      [{ locationTree: plant.id, locationIds: [plant.id] }, 'assetIds', LABEL_MESSAGES.oneSource],
      [{ locationTree: plant.id, search: '' }, 'assetIds', LABEL_MESSAGES.oneSource],
      [{ locationIds: [plant.id], part: 2 }, 'part', LABEL_MESSAGES.partInvalid],
      [
        { locationIds: Array.from({ length: LABEL_MAX_ASSETS + 1 }, () => crypto.randomUUID()) },
        'locationIds',
        LABEL_MESSAGES.tooManyLocations,
      ],
    ];
    for (const [source, path, message] of cases) {
      const response = await post(t.headers.memberA, { ...source, layout: 'avery-l7160' });
      expect(response.statusCode, JSON.stringify(source).slice(0, 200)).toBe(400);
      expect(pathsAndMessages(response.json().fields), JSON.stringify(source).slice(0, 200)).toContainEqual({
        path,
        message,
      });
    }
  });

  it(`refuses a location with more than ${LABEL_MAX_ASSETS} locations in its tree, and prints a part of it`, async () => {
    const organization = await createOrganization(t.db);
    const member = await createUser(t.db, organization.id);
    const site = crypto.randomUUID();
    // A site with LABEL_MAX_ASSETS rooms below it: LABEL_MAX_ASSETS + 1 locations in its tree.
    await t.db.execute(sql`insert into locations (id, organization_id, name, slug, path, depth, full_path)
      values (${site}, ${organization.id}, 'Big site', 'big-site', ${`/${site}/`}, 1, 'Big site')`);
    await t.db.execute(sql`with rooms as (select gen_random_uuid() as id, i from generate_series(1, ${LABEL_MAX_ASSETS}) i)
      insert into locations (id, organization_id, parent_id, name, slug, path, depth, full_path)
      select id, ${organization.id}, ${site}, 'Room ' || i, 'room-' || i, ${`/${site}/`} || id || '/', 2,
        'Big site / Room ' || i from rooms`);
    const { headers } = await loginAs(t.app, member);
    const tooMany = await post(headers, { locationTree: site, layout: 'avery-l7651' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      code: 'VALIDATION',
      fields: [{ path: 'locationTree', message: LABEL_MESSAGES.tooManyLocations }],
    });
    expect(LABEL_MESSAGES.tooManyLocations).toContain('5,000');
    const [room] = (
      (await t.db.execute(
        sql`select id from locations where organization_id = ${organization.id} and slug = 'room-1'`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    const one = await post(headers, { locationTree: room!.id, layout: 'avery-l7651' });
    expect((await PDFDocument.load(pdfOf(one))).getPageCount()).toBe(1);
  });
});
