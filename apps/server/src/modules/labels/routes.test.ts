import { LABEL_LAYOUT_IDS, LABEL_MAX_ASSETS, LABEL_MAX_IMPORT_PARTS, LABEL_MESSAGES } from '@mqr/contracts';
import { findQrCodes, hasPdftoppm, pdfPagesAsPng, pdfText } from '@mqr/pdf-testing';
import { and, eq, sql } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { assets as assetsTable, importRuns, organizations } from '#server/db/schema.ts';
import { assetPublicUrl } from '#server/lib/public-urls.ts';
import { createAssetViaApi, insertField } from '#server/test/asset-fixtures.ts';
import { pathsAndMessages } from '#server/test/field-errors.ts';
import { createOrganization, createUser, loginAs } from '#server/test/fixtures.ts';
import { importClient } from '#server/test/import-client.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import { expectedQrCentre } from './label-pdf-testing.ts';
import { LABEL_LAYOUT_GEOMETRY, MM } from './layouts.ts';
import { labelPlan } from './render-label-sheet.ts';

const t = tenantWorld();
const poppler = await hasPdftoppm();
const needsPoppler = 'pdftoppm not installed: apt-get install poppler-utils';

const post = (headers: Record<string, string>, payload: object, url = '/api/labels') =>
  t.app.inject({ method: 'POST', url, headers, payload });

/** The PDF of a 200 answer, after checking it is a dated PDF download. */
async function pdfOf(response: Awaited<ReturnType<typeof post>>): Promise<Uint8Array> {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['content-disposition']).toMatch(
    /^attachment; filename="labels-\d{4}-\d{2}-\d{2}\.pdf"$/,
  );
  expect(response.headers['content-disposition']).toContain(
    `labels-${new Date().toISOString().slice(0, 10)}.pdf`,
  );
  const bytes = new Uint8Array(response.rawPayload);
  expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  return bytes;
}

async function pageCount(pdf: Uint8Array): Promise<number> {
  return (await PDFDocument.load(pdf)).getPageCount();
}

function imageCount(doc: PDFDocument): number {
  return doc.context
    .enumerateIndirectObjects()
    .filter(
      ([, object]) =>
        object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
    ).length;
}

/** Assets of organization A made through the API, in creation order (oldest first). */
async function createAssets(count: number, name: (i: number) => string) {
  const made = [];
  for (let i = 0; i < count; i++)
    made.push(await createAssetViaApi(t.app, t.headers.adminA, { name: name(i) }));
  return made;
}

describe('POST /api/labels', () => {
  it.runIf(poppler)(
    'lays 25 selected assets out on L7160 from position 5: two pages, each QR code its asset’s public URL, where its label is',
    async () => {
      const assets = await createAssets(25, (i) => `Label pump ${i + 1}`);
      const pdf = await pdfOf(
        await post(t.headers.memberA, {
          assetIds: assets.map((asset) => asset.id),
          layout: 'avery-l7160',
          startPosition: 5,
        }),
      );
      const layout = LABEL_LAYOUT_GEOMETRY['avery-l7160'];
      const plan = labelPlan(layout, { hasField: false, hasLogo: false });
      const pages = await pdfPagesAsPng(pdf);
      expect(pages).toHaveLength(2);
      const found = await Promise.all(pages.map((png) => findQrCodes(png)));
      expect(found[0]).toHaveLength(17);
      expect(found[1]).toHaveLength(8);
      for (const [index, asset] of assets.entries()) {
        const position = 4 + index;
        const page = Math.floor(position / 21);
        const code = found[page]?.find((candidate) => candidate.text === asset.publicUrl);
        expect(code, `${asset.name} on page ${page + 1}`).toBeDefined();
        const centre = expectedQrCentre(layout, plan, position % 21);
        expect(Math.abs((code?.x ?? 0) - centre.x) / MM).toBeLessThanOrEqual(1);
        expect(Math.abs((code?.y ?? 0) - centre.y) / MM).toBeLessThanOrEqual(1);
      }
      const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
      expect(text).toContain('Label pump 25');
      expect(text).toContain(assets[0].slug);
      expect(text).toContain('Organization A');
    },
  );
  if (!poppler) it.skip(`lays 25 selected assets out on L7160 from position 5 (${needsPoppler})`, () => {});

  it.runIf(poppler)(
    'prints all the assets the search finds, newest first, as the list shows them',
    async () => {
      const assets = await createAssets(3, (i) => `Searchable boiler ${i + 1}`);
      await createAssetViaApi(t.app, t.headers.adminB, { name: 'Searchable boiler of B' });
      const pdf = await pdfOf(
        await post(t.headers.memberA, { search: 'SEARCHABLE BOILER', layout: 'avery-5163' }),
      );
      const [page] = await pdfPagesAsPng(pdf);
      const found = await findQrCodes(page!);
      const layout = LABEL_LAYOUT_GEOMETRY['avery-5163'];
      const plan = labelPlan(layout, { hasField: false, hasLogo: false });
      const newestFirst = [...assets].reverse();
      expect(found).toHaveLength(3);
      for (const [slot, asset] of newestFirst.entries()) {
        const code = found.find((candidate) => candidate.text === asset.publicUrl);
        const centre = expectedQrCentre(layout, plan, slot);
        expect(Math.abs((code?.y ?? 0) - centre.y) / MM, asset.name).toBeLessThanOrEqual(1);
        expect(Math.abs((code?.x ?? 0) - centre.x) / MM, asset.name).toBeLessThanOrEqual(1);
      }
    },
  );
  if (!poppler) it.skip(`prints all the assets the search finds (${needsPoppler})`, () => {});

  it('answers one page per label of the label’s size on a thermal roll, repeated ids printed once', async () => {
    const [a, b] = await createAssets(2, (i) => `Roll asset ${i}`);
    const pdf = await pdfOf(
      await post(t.headers.memberA, { assetIds: [a.id, b.id, a.id.toUpperCase()], layout: 'roll-62x29mm' }),
    );
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(2);
    for (const page of doc.getPages()) {
      expect(page.getWidth() / MM).toBeCloseTo(62, 1);
      expect(page.getHeight() / MM).toBeCloseTo(29, 1);
    }
  });

  it('prints the chosen custom field, the organization’s logo, and names WinAnsi cannot encode', async () => {
    const orgId = t.orgA.organization.id;
    const serial = await insertField(t.db, orgId, { label: 'Serial', key: 'label_serial' });
    const asset = await createAssetViaApi(t.app, t.headers.adminA, {
      name: 'Pompe à chaleur № 5 — 東京',
      fields: [{ fieldId: serial.id, value: 'SN-77' }],
    });
    const bare = await createAssetViaApi(t.app, t.headers.adminA, { name: 'No serial here' });
    const png = await QRCode.toBuffer('logo', { type: 'png', width: 64 });
    await t.app.storage.put(`${orgId}/logo-labels-test`, png, 'image/png');
    await t.db
      .update(organizations)
      .set({ logoObjectKey: `${orgId}/logo-labels-test`, logoContentType: 'image/png' })
      .where(eq(organizations.id, orgId));
    try {
      const pdf = await pdfOf(
        await post(t.headers.memberA, {
          assetIds: [asset.id, bare.id],
          layout: 'avery-l7163',
          fieldId: serial.id,
          includeLogo: true,
        }),
      );
      expect(imageCount(await PDFDocument.load(pdf))).toBe(1);
      if (poppler) {
        const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
        expect(text).toContain('Pompe à chaleur No 5 — ??');
        expect(text).toContain('Serial: SN-77');
        expect(text.match(/Serial:/g)).toHaveLength(1);
      }
      const withoutLogo = await pdfOf(
        await post(t.headers.memberA, { assetIds: [asset.id], layout: 'avery-l7163' }),
      );
      expect(imageCount(await PDFDocument.load(withoutLogo))).toBe(0);

      // A GIF logo cannot go into a PDF: the labels are made without it.
      const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs=', 'base64');
      await t.app.storage.put(`${orgId}/logo-labels-gif`, gif, 'image/gif');
      await t.db
        .update(organizations)
        .set({ logoObjectKey: `${orgId}/logo-labels-gif`, logoContentType: 'image/gif' })
        .where(eq(organizations.id, orgId));
      const withGif = await pdfOf(
        await post(t.headers.memberA, { assetIds: [asset.id], layout: 'avery-l7163', includeLogo: true }),
      );
      expect(imageCount(await PDFDocument.load(withGif))).toBe(0);
    } finally {
      await t.db
        .update(organizations)
        .set({ logoObjectKey: null, logoContentType: null })
        .where(eq(organizations.id, orgId));
    }
  });

  it('answers 404, as for any asset it cannot see, when an id is not one of the organization’s assets', async () => {
    const [own] = await createAssets(1, () => 'Own asset');
    const other = await createAssetViaApi(t.app, t.headers.adminB, { name: 'Asset of B' });
    for (const ids of [[own.id, other.id], ['0190a4c2-7f3e-7b1a-9c4d-2e5f6a7b8c9d']]) {
      const response = await post(t.headers.memberA, { assetIds: ids, layout: 'avery-l7160' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Asset not found.' });
    }
  });

  it('answers 404 for a custom field of another organization or of events', async () => {
    const [own] = await createAssets(1, () => 'Field asset');
    const fieldOfB = await insertField(t.db, t.orgB.organization.id, { label: 'Owner' });
    const eventField = await insertField(t.db, t.orgA.organization.id, { target: 'MaintenanceEvent' });
    for (const fieldId of [fieldOfB.id, eventField.id]) {
      const response = await post(t.headers.memberA, { assetIds: [own.id], layout: 'avery-l7160', fieldId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Field not found.' });
    }
  });

  it('refuses an internal field and a retired one with 400: a printed label is public', async () => {
    const orgId = t.orgA.organization.id;
    const internal = await insertField(t.db, orgId, { label: 'Holder email', isPublic: false });
    const retired = await insertField(t.db, orgId, { label: 'Old tag', isActive: false });
    const [own] = await createAssets(1, () => 'Private asset');
    for (const field of [internal, retired]) {
      const response = await post(t.headers.memberA, {
        assetIds: [own.id],
        layout: 'avery-l7160',
        fieldId: field.id,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION',
        fields: [{ path: 'fieldId', message: LABEL_MESSAGES.fieldNotPublic }],
      });
    }
  });

  it('refuses a bad layout, a start position off the sheet, and no or two selections with 400', async () => {
    const [own] = await createAssets(1, () => 'Validated asset');
    const cases: [object, string, string][] = [
      [{ assetIds: [own.id], layout: 'avery-9999' }, 'layout', LABEL_MESSAGES.layoutInvalid],
      [
        { assetIds: [own.id], layout: 'avery-l7160', startPosition: 22 },
        'startPosition',
        LABEL_MESSAGES.startPositionRange(21),
      ],
      [
        { assetIds: [own.id], layout: 'avery-l7651', startPosition: 66 },
        'startPosition',
        LABEL_MESSAGES.startPositionRange(65),
      ],
      [
        { assetIds: [own.id], layout: 'roll-2x1in', startPosition: 2 },
        'startPosition',
        LABEL_MESSAGES.startPositionRange(1),
      ],
      [{ layout: 'avery-l7160' }, 'assetIds', LABEL_MESSAGES.oneSource],
      [{ assetIds: [own.id], search: 'x', layout: 'avery-l7160' }, 'assetIds', LABEL_MESSAGES.oneSource],
      [{ assetIds: [], layout: 'avery-l7160' }, 'assetIds', LABEL_MESSAGES.noAssets],
      [{ assetIds: ['not-a-uuid'], layout: 'avery-l7160' }, 'assetIds.0', LABEL_MESSAGES.assetIdInvalid],
    ];
    for (const [payload, path, message] of cases) {
      const response = await post(t.headers.memberA, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(pathsAndMessages(response.json().fields), JSON.stringify(payload)).toContainEqual({
        path,
        message,
      });
    }
    const layout = await post(t.headers.memberA, { assetIds: [own.id], layout: 'avery-9999' });
    expect(layout.json().fields).toContainEqual({
      path: 'layout',
      message: LABEL_MESSAGES.layoutInvalid,
      messageId: 'label.layoutInvalid',
      values: { layouts: LABEL_LAYOUT_IDS.join(', ') },
    });
    const zero = await post(t.headers.memberA, {
      assetIds: [own.id],
      layout: 'avery-l7160',
      startPosition: 0,
    });
    expect(zero.statusCode).toBe(400);
    const longSearch = await post(t.headers.memberA, { search: 'x'.repeat(201), layout: 'avery-l7160' });
    expect(longSearch.statusCode).toBe(400);
    const nothingFound = await post(t.headers.memberA, {
      search: 'no asset is named so',
      layout: 'avery-l7160',
    });
    expect(nothingFound.statusCode).toBe(400);
    expect(nothingFound.json().message).toBe(LABEL_MESSAGES.noneFound);
  });

  it(`refuses more than ${LABEL_MAX_ASSETS} assets with 400 and the limit, selected or found`, async () => {
    const ids = Array.from({ length: LABEL_MAX_ASSETS + 1 }, () => crypto.randomUUID());
    const selected = await post(t.headers.memberA, { assetIds: ids, layout: 'avery-l7160' });
    expect(selected.statusCode).toBe(400);
    expect(pathsAndMessages(selected.json().fields)).toContainEqual({
      path: 'assetIds',
      message: LABEL_MESSAGES.tooMany,
    });
    expect(LABEL_MESSAGES.tooMany).toContain('5,000');

    const organization = await createOrganization(t.db);
    const member = await createUser(t.db, organization.id);
    await t.db.execute(sql`insert into assets (id, organization_id, name, slug)
      select gen_random_uuid(), ${organization.id}, 'Bulk ' || i, 'bulk-' || i
      from generate_series(1, ${LABEL_MAX_ASSETS + 1}) i`);
    const { headers } = await loginAs(t.app, member);
    const found = await post(headers, { search: '', layout: 'avery-l7160' });
    expect(found.statusCode).toBe(400);
    expect(found.json()).toMatchObject({
      code: 'VALIDATION',
      message: LABEL_MESSAGES.tooMany,
      fields: [{ path: 'search', message: LABEL_MESSAGES.tooMany }],
    });
    const narrowed = await post(headers, { search: 'bulk-500', layout: 'avery-l7651' });
    // Slugs bulk-500, bulk-5000 and bulk-5001: three labels.
    expect(await pageCount(await pdfOf(narrowed))).toBe(1);
  });

  it('answers 401 without a token', async () => {
    expect((await post({}, { importId: crypto.randomUUID(), layout: 'avery-l7160' })).statusCode).toBe(401);
    const response = await post({}, { search: '', layout: 'avery-l7160' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/labels for the assets an import created', () => {
  const imports = importClient(() => t.app);

  /** A CSV uploaded with its proposed mapping, checked and committed: the import once Done. */
  async function importCsv(headers: Record<string, string>, csv: string) {
    const run = await imports.uploaded(headers, csv);
    expect(await imports.checked(headers, run.id)).toMatchObject({ status: 'Checked', problemCount: 0 });
    const done = await imports.committed(headers, run.id);
    expect(done.status, done.error ?? '').toBe('Done');
    return done;
  }

  const publicUrl = (organizationId: string, slug: string) =>
    assetPublicUrl(t.app.config.publicBaseUrl, organizationId, slug);

  /** The QR codes of the PDF's first page in label order: by row (within 5 pt), then left to right. */
  async function codesInLabelOrder(pdf: Uint8Array): Promise<string[]> {
    const [page] = await pdfPagesAsPng(pdf);
    // Only our addresses: zxing once read a stray "1160" inside a dense page of codes (a false symbol).
    const found = (await findQrCodes(page!)).filter((code) => code.text.startsWith('http'));
    return found.sort((a, b) => (Math.abs(a.y - b.y) > 5 ? a.y - b.y : a.x - b.x)).map((code) => code.text);
  }

  it.runIf(poppler)(
    'prints what the import created, in file order, without the assets it updated or those since retired',
    async () => {
      const orgId = t.orgA.organization.id;
      const existing = await createAssetViaApi(t.app, t.headers.adminA, { name: 'Already here' });
      const run = await importCsv(
        t.headers.adminA,
        [
          'Name,Slug,Serial',
          'Zeta chiller,import-zeta,SN-1',
          `Updated by the import,${existing.slug},SN-2`,
          'Alpha boiler,import-alpha,SN-3',
          'Retired later,import-retired,SN-4',
          'Mid pump,import-mid,SN-5',
        ].join('\r\n'),
      );
      expect(run).toMatchObject({ createdCount: 4, updatedCount: 1 });
      const [retired] = await t.db
        .select({ id: assetsTable.id })
        .from(assetsTable)
        .where(and(eq(assetsTable.organizationId, orgId), eq(assetsTable.slug, 'import-retired')));
      const retire = await post(t.headers.adminA, {}, `/api/admin/assets/${retired!.id}/retire`);
      expect(retire.statusCode).toBe(200);
      const serial = (run.mapping[2] as { fieldId: string }).fieldId;

      const pdf = await pdfOf(
        await post(t.headers.memberA, { importId: run.id, layout: 'avery-5163', fieldId: serial }),
      );
      expect(await codesInLabelOrder(pdf)).toEqual(
        ['import-zeta', 'import-alpha', 'import-mid'].map((slug) => publicUrl(orgId, slug)),
      );
      const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
      expect(text).toContain('Serial: SN-3');
      expect(text).not.toContain('Already here');
    },
  );
  if (!poppler) it.skip(`prints what the import created, in file order (${needsPoppler})`, () => {});

  it('answers 404, as ADR 043 does for assets, for an import of another organization or of no one', async () => {
    const ofB = await importCsv(t.headers.adminB, 'Name\r\nPump of B\r\n');
    for (const importId of [ofB.id, '0190a4c2-7f3e-7b1a-9c4d-2e5f6a7b8c9d']) {
      const response = await post(t.headers.adminA, { importId, layout: 'avery-l7160' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Import not found.' });
    }
    expect((await post(t.headers.memberB, { importId: ofB.id, layout: 'roll-2x1in' })).statusCode).toBe(200);
  });

  it('refuses an import that created nothing, one still running, and parts past its end with 400 or 409', async () => {
    const orgId = t.orgA.organization.id;
    const first = await importCsv(t.headers.adminA, 'Name,Slug\r\nOnly once,import-once\r\n');
    const updateOnly = await importCsv(t.headers.adminA, 'Name,Slug\r\nOnly once (new name),import-once\r\n');
    expect(updateOnly).toMatchObject({ createdCount: 0, updatedCount: 1 });
    const none = await post(t.headers.memberA, { importId: updateOnly.id, layout: 'avery-l7160' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      code: 'VALIDATION',
      message: LABEL_MESSAGES.importCreatedNone,
      fields: [{ path: 'importId', message: LABEL_MESSAGES.importCreatedNone }],
    });

    const pastTheEnd = await post(t.headers.memberA, { importId: first.id, part: 2, layout: 'avery-l7160' });
    expect(pastTheEnd.statusCode).toBe(400);
    expect(pastTheEnd.json().message).toBe(LABEL_MESSAGES.importPartEmpty(2));
    expect(LABEL_MESSAGES.importPartEmpty(2)).toContain('fewer than 5,001 assets');
    // Its id and values, for the client to word it (ADR 113).
    expect(pastTheEnd.json()).toMatchObject({
      messageId: 'label.importPartEmpty',
      values: { part: 2, first: 5001 },
      fields: [{ path: 'part', messageId: 'label.importPartEmpty', values: { part: 2, first: 5001 } }],
    });

    await t.db.update(importRuns).set({ status: 'Importing' }).where(eq(importRuns.id, first.id));
    try {
      const running = await post(t.headers.memberA, { importId: first.id, layout: 'avery-l7160' });
      expect(running.statusCode).toBe(409);
      expect(running.json()).toMatchObject({ code: 'CONFLICT', message: LABEL_MESSAGES.importRunning });
    } finally {
      await t.db
        .update(importRuns)
        .set({ status: 'Done' })
        .where(and(eq(importRuns.organizationId, orgId), eq(importRuns.id, first.id)));
    }
  });

  it('refuses a malformed import id, a part without an import, and an import with another source', async () => {
    const [own] = await createAssets(1, () => 'Source asset');
    const importId = crypto.randomUUID();
    const cases: [object, string, string][] = [
      [{ importId: 'not-a-uuid', layout: 'avery-l7160' }, 'importId', LABEL_MESSAGES.importIdInvalid],
      [{ assetIds: [own.id], part: 2, layout: 'avery-l7160' }, 'part', LABEL_MESSAGES.partInvalid],
      [{ importId, part: 0, layout: 'avery-l7160' }, 'part', LABEL_MESSAGES.partInvalid],
      [
        { importId, part: LABEL_MAX_IMPORT_PARTS + 1, layout: 'avery-l7160' },
        'part',
        LABEL_MESSAGES.partInvalid,
      ],
      [{ importId, search: '', layout: 'avery-l7160' }, 'assetIds', LABEL_MESSAGES.oneSource],
      [{ importId, assetIds: [own.id], layout: 'avery-l7160' }, 'assetIds', LABEL_MESSAGES.oneSource],
    ];
    for (const [payload, path, message] of cases) {
      const response = await post(t.headers.memberA, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(pathsAndMessages(response.json().fields), JSON.stringify(payload)).toContainEqual({
        path,
        message,
      });
    }
  });

  it.runIf(poppler)(
    `prints a big import by parts of ${LABEL_MAX_ASSETS}: part 2 starts at its asset ${LABEL_MAX_ASSETS + 1}`,
    async () => {
      const organization = await createOrganization(t.db);
      const member = await createUser(t.db, organization.id);
      const [run] = await t.db
        .insert(importRuns)
        .values({
          organizationId: organization.id,
          fileName: 'big.csv',
          format: 'Other',
          delimiter: ',',
          headers: ['Name'],
          rowCount: LABEL_MAX_ASSETS + 3,
          mapping: [{ kind: 'name' }],
          status: 'Done',
          createdCount: LABEL_MAX_ASSETS + 3,
        })
        .returning();
      // File order is creation order: row i created i milliseconds after the first.
      await t.db.execute(sql`insert into assets (id, organization_id, name, slug, import_id, created_at)
        select gen_random_uuid(), ${organization.id}, 'Row ' || i, 'row-' || i, ${run!.id},
          timestamptz '2026-01-01T00:00:00Z' + i * interval '1 millisecond'
        from generate_series(1, ${LABEL_MAX_ASSETS + 3}) i`);
      const { headers } = await loginAs(t.app, member);
      const pdf = await pdfOf(await post(headers, { importId: run!.id, part: 2, layout: 'avery-l7651' }));
      expect(await pageCount(pdf)).toBe(1);
      expect(await codesInLabelOrder(pdf)).toEqual(
        [5001, 5002, 5003].map((row) => publicUrl(organization.id, `row-${row}`)),
      );
      const third = await post(headers, { importId: run!.id, part: 3, layout: 'avery-l7651' });
      expect(third.statusCode).toBe(400);
      expect(third.json().message).toBe(LABEL_MESSAGES.importPartEmpty(3));
    },
  );
  if (!poppler) it.skip(`prints a big import by parts (${needsPoppler})`, () => {});
});
