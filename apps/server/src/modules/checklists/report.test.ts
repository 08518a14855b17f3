import type { TChecklistTemplate, TMaintenanceEvent } from '@mqr/contracts';
import { hasPdftoppm, pdfPagesAsPng, pdfText } from '@mqr/pdf-testing';
import { eq } from 'drizzle-orm';
import { PDFDocument, PDFName, type PDFNumber, PDFRawStream } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '#server/db/schema.ts';
import { createAssetViaApi } from '#server/test/asset-fixtures.ts';
import { tenantWorld } from '#server/test/tenant-world.ts';
import {
  createTaskWithChecklist,
  createTemplate,
  JPEG_PHOTO,
  SIX_STEPS,
  signaturePng,
  stageImage,
} from './checklist-fixtures.ts';

// The completion report (ADR 135): what an auditor receives. Rendered by Poppler as a printer would,
// its text read back; its images counted with their sizes.

const w = tenantWorld();
const poppler = await hasPdftoppm();
let asset: { id: string; slug: string };
let template: TChecklistTemplate;
let task: TMaintenanceEvent;

/** The sizes (width×height) of the images a PDF holds, sorted. */
function imageSizes(doc: PDFDocument): string[] {
  return doc.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFRawStream => object instanceof PDFRawStream)
    .filter((stream) => stream.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
    .map((stream) => {
      const size = (key: string) => (stream.dict.get(PDFName.of(key)) as PDFNumber).asNumber();
      return `${size('Width')}x${size('Height')}`;
    })
    .sort();
}

const put = (stepKey: string, payload: object) =>
  w.app.inject({
    method: 'PUT',
    url: `/api/events/${task.id}/checklist/steps/${stepKey}`,
    headers: w.headers.memberA,
    payload,
  });

const report = () =>
  w.app.inject({
    method: 'GET',
    url: `/api/events/${task.id}/checklist/report.pdf`,
    headers: w.headers.memberA,
  });

beforeAll(async () => {
  asset = await createAssetViaApi(w.app, w.headers.memberA, { name: 'Boiler room – boiler 2' });
  template = await createTemplate(w.app, w.headers.adminA, { name: 'Boiler inspection', steps: SIX_STEPS });
  task = await createTaskWithChecklist(
    w.app,
    w.headers.memberA,
    asset.id,
    template.id,
    'Annual boiler check',
  );
  const user = { id: w.orgA.member.id, organizationId: w.orgA.organization.id };
  const photo = await stageImage(w.app, w.db, user, JPEG_PHOTO, 'gauge.jpg', 'image/jpeg');
  const signature = await stageImage(w.app, w.db, user, signaturePng(240, 80), 'signature.png', 'image/png');
  for (const [stepKey, payload] of [
    ['valve', { outcome: 'fail' }],
    ['pressure', { numberValue: 3.5 }],
    ['remarks', { textValue: 'Flue slightly sooted' }],
    ['seal', { textValue: 'Worn' }],
    ['gauge', { file: { objectKey: photo.objectKey, fileName: 'gauge.jpg' } }],
    ['sign', { file: { objectKey: signature.objectKey, fileName: 'signature.png' } }],
  ] as const) {
    const response = await put(stepKey, payload);
    expect(response.statusCode, `${stepKey} ${response.body}`).toBe(200);
  }
  const followUp = await w.app.inject({
    method: 'POST',
    url: `/api/events/${task.id}/follow-ups`,
    headers: w.headers.memberA,
    payload: { stepKey: 'valve' },
  });
  expect(followUp.statusCode).toBe(201);
  const completed = await w.app.inject({
    method: 'POST',
    url: `/api/assets/${asset.id}/events/${task.id}/complete`,
    headers: w.headers.memberA,
  });
  expect(completed.statusCode, completed.body).toBe(200);
});

describe('the completion report', () => {
  it('is a PDF download with the photo and the signature embedded as uploaded', async () => {
    const response = await report();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="checklist-${asset.slug}-\\d{4}-\\d{2}-\\d{2}\\.pdf"$`),
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const doc = await PDFDocument.load(new Uint8Array(response.rawPayload), { updateMetadata: false });
    expect(doc.getTitle()).toBe('Checklist report: Annual boiler check');
    // The signature's PNG is its picture and its transparency (a soft mask).
    expect(imageSizes(doc)).toEqual(['240x80', '240x80', '64x48']);
  });

  it.runIf(poppler)('renders, and says the asset, the steps, the answers, who and when', async () => {
    const pdf = new Uint8Array((await report()).rawPayload);
    const pages = await pdfPagesAsPng(pdf, 50);
    expect(pages.length).toBeGreaterThanOrEqual(1);
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    for (const words of [
      'Checklist report',
      'Boiler room – boiler 2',
      'Annual boiler check',
      'Boiler inspection, version 1',
      `Completed`,
      w.orgA.member.displayName,
      '1 step needs attention',
      '6 of 6 steps done: 5 passed, 1 flagged, 0 not applicable',
      'Safety valve opens',
      'Failed',
      'Needs attention',
      'Follow-up task: Follow-up: Safety valve opens',
      '3.5 bar',
      '2 to 4 bar',
      '“Flue slightly sooted”',
      '“Worn”',
      'Photo of the gauge',
      'Technician signature',
      'Page 1 of',
    ]) {
      expect(text).toContain(words);
    }
  });

  it.runIf(poppler)('is written in the reader’s language', async () => {
    await w.db
      .update(organizations)
      .set({ defaultLanguage: 'de' })
      .where(eq(organizations.id, w.orgA.organization.id));
    try {
      const pdf = new Uint8Array((await report()).rawPayload);
      const doc = await PDFDocument.load(pdf, { updateMetadata: false });
      expect(doc.getTitle()).toBe('Checklistenbericht: Annual boiler check');
      const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
      for (const words of ['Nicht bestanden', '3,5 bar', '2 bis 4 bar', 'Seite 1 von']) {
        expect(text).toContain(words);
      }
    } finally {
      await w.db
        .update(organizations)
        .set({ defaultLanguage: 'en' })
        .where(eq(organizations.id, w.orgA.organization.id));
    }
  });

  it('says an image that cannot be read, and still renders', async () => {
    const checklist = await w.app.inject({
      method: 'GET',
      url: `/api/events/${task.id}/checklist`,
      headers: w.headers.memberA,
    });
    const photo = checklist.json().responses.find((r: { stepKey: string }) => r.stepKey === 'gauge').file;
    await w.app.storage.delete(photo.objectKey);
    const response = await report();
    expect(response.statusCode).toBe(200);
    const doc = await PDFDocument.load(new Uint8Array(response.rawPayload), { updateMetadata: false });
    expect(imageSizes(doc)).toEqual(['240x80', '240x80']);
    if (poppler)
      expect(await pdfText(new Uint8Array(response.rawPayload))).toContain('(the image could not be read)');
  });
});
