import { hasPdftoppm, pdfText } from '@mqr/pdf-testing';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { organizations } from '#server/db/schema.ts';
import { createAssetViaApi, insertField } from '#server/test/asset-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';

// A label sheet for a German reader (ADR 111): the sheet's own words are German, and the German data
// it prints (umlauts, ß) is drawn as written.

const t = tenantWorld();
const poppler = await hasPdftoppm();

describe('a label sheet for a German reader', () => {
  it('has a German title and prints German text', async () => {
    const orgId = t.orgA.organization.id;
    await t.db
      .update(organizations)
      .set({ defaultLanguage: 'de', name: 'Kältetechnik Müller GmbH' })
      .where(eq(organizations.id, orgId));
    const room = await insertField(t.db, orgId, {
      label: 'Raum',
      key: 'raum',
      displayOrder: 1,
      isPublic: true,
    });
    const asset = await createAssetViaApi(t.app, t.headers.adminA, {
      name: 'Kühlraum Süd – Verdampfer',
      fields: [{ fieldId: room.id, value: 'Erdgeschoß' }],
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/labels',
      headers: t.headers.memberA,
      payload: { assetIds: [asset.id], layout: 'avery-l7163', fieldId: room.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    const pdf = new Uint8Array(response.rawPayload);
    const document = await PDFDocument.load(pdf, { updateMetadata: false });
    expect(document.getTitle()).toBe('QR-Etiketten');
    if (!poppler) return;
    const text = await pdfText(pdf);
    for (const words of ['Kältetechnik Müller GmbH', 'Kühlraum Süd – Verdampfer', 'Raum: Erdgeschoß']) {
      expect(text).toContain(words);
    }
  });
});
