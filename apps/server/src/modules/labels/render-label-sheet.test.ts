import { LABEL_LAYOUTS } from '@mqr/contracts';
import { findQrCodes, hasPdftoppm, pdfPagesAsPng, pdfText, pdfWords } from '@mqr/pdf-testing';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { expectedQrCentre } from './label-pdf-testing.ts';
import { LABEL_LAYOUT_GEOMETRY, labelBox, labelsPerPage, MM } from './layouts.ts';
import { type LabelContent, labelPlan, renderLabelSheet } from './render-label-sheet.ts';

const poppler = await hasPdftoppm();
const needsPoppler = 'pdftoppm not installed: apt-get install poppler-utils';

const ORG = '0190a4c2-7f3e-7b1a-9c4d-2e5f6a7b8c9d';
function labels(count: number, name = (i: number) => `Asset ${i}`): LabelContent[] {
  return Array.from({ length: count }, (_, i) => ({
    name: name(i),
    slug: `asset-${i}-k3x9p2`,
    publicUrl: `https://maintenance.example.com/a/${ORG}/asset-${i}-k3x9p2`,
  }));
}

/** The number of images a PDF holds (XObjects of subtype Image). */
function imageCount(doc: PDFDocument): number {
  return doc.context
    .enumerateIndirectObjects()
    .filter(([, object]) => object instanceof PDFRawStream)
    .filter(([, object]) => (object as PDFRawStream).dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
    .length;
}

describe('renderLabelSheet', () => {
  it.each(LABEL_LAYOUTS.filter((entry) => entry.labelsPerSheet === 1))(
    '$id: one page per label, the size of the label',
    async ({ id }) => {
      const layout = LABEL_LAYOUT_GEOMETRY[id];
      const doc = await PDFDocument.load(
        await renderLabelSheet({ labels: labels(3), organizationName: 'Org', layout: id }),
      );
      expect(doc.getPageCount()).toBe(3);
      for (const page of doc.getPages()) {
        expect(page.getWidth()).toBeCloseTo(layout.labelWidth, 2);
        expect(page.getHeight()).toBeCloseTo(layout.labelHeight, 2);
      }
    },
  );

  it('fills sheets from the start position: 25 labels from position 5 of L7160 take two A4 pages', async () => {
    const pdf = await renderLabelSheet({
      labels: labels(25),
      organizationName: 'Org',
      layout: 'avery-l7160',
      startPosition: 5,
    });
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(2);
    expect(doc.getPage(0).getWidth() / MM).toBeCloseTo(210, 1);
    expect(doc.getPage(0).getHeight() / MM).toBeCloseTo(297, 1);
    expect(doc.getPageCount()).toBe(Math.ceil((4 + 25) / 21));
  });

  it.runIf(poppler).each(LABEL_LAYOUTS)(
    '$id: every QR code decodes to its URL where the layout puts its label (±1 mm)',
    async ({ id, labelsPerSheet }) => {
      const layout = LABEL_LAYOUT_GEOMETRY[id];
      const startPosition = labelsPerSheet > 1 ? 2 : 1;
      const count = labelsPerSheet > 1 ? labelsPerSheet : 2;
      const content = labels(count);
      const pdf = await renderLabelSheet({
        labels: content,
        organizationName: 'Org',
        layout: id,
        startPosition,
      });
      const plan = labelPlan(layout, { hasField: false, hasLogo: false });
      const pages = await pdfPagesAsPng(pdf);
      expect(pages).toHaveLength(labelsPerSheet > 1 ? 2 : count);
      const found = (await Promise.all(pages.map((png) => findQrCodes(png)))).flatMap((codes, page) =>
        codes.map((code) => ({ ...code, page })),
      );
      expect(found.map((code) => code.text).sort()).toEqual(content.map((label) => label.publicUrl).sort());
      for (const [index, label] of content.entries()) {
        const position = startPosition - 1 + index;
        const page = Math.floor(position / labelsPerPage(layout));
        const centre = expectedQrCentre(layout, plan, position % labelsPerPage(layout));
        const code = found.find((candidate) => candidate.text === label.publicUrl);
        expect(code?.page, label.publicUrl).toBe(page);
        expect(Math.abs((code?.x ?? 0) - centre.x) / MM, `${label.publicUrl} across`).toBeLessThanOrEqual(1);
        expect(Math.abs((code?.y ?? 0) - centre.y) / MM, `${label.publicUrl} down`).toBeLessThanOrEqual(1);
      }
      // At least ~15 mm wide wherever the label allows it (all of these do).
      expect(plan.qr.size / MM).toBeGreaterThanOrEqual(15);
    },
  );
  if (!poppler) it.skip(`every QR code decodes where the layout puts it (${needsPoppler})`, () => {});

  it('prints names the standard fonts cannot encode, with replacements', async () => {
    const pdf = await renderLabelSheet({
      labels: labels(1, () => 'Pompe à chaleur № 5 — 東京'),
      organizationName: 'Société Générale ąę',
      layout: 'avery-l7163',
      fieldLabel: 'Numéro',
    });
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
    if (poppler) {
      const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
      expect(text).toContain('Pompe à chaleur No 5 — ??');
      expect(text).toContain('Société Générale ae');
    }
  });

  it.runIf(poppler)('keeps every word of long texts inside its label', async () => {
    const long = 'Centrifugal chilled water circulation pump for the north wing plant room level minus two';
    const content = labels(6, (i) => (i % 2 ? long : 'W'.repeat(200))).map((label, i) => ({
      ...label,
      fieldValue: i % 3 ? 'SN-0000000000000000000000000000000000000000000000000000' : 'SN-1',
    }));
    for (const id of ['avery-l7160', 'avery-l7651', 'avery-22806', 'roll-2x1in'] as const) {
      const layout = LABEL_LAYOUT_GEOMETRY[id];
      const pdf = await renderLabelSheet({
        labels: content,
        organizationName: 'The Very Long Name Of An Organization That Runs Many Buildings Ltd',
        layout: id,
        fieldLabel: 'Serial number',
      });
      const words = await pdfWords(pdf);
      expect(words.length).toBeGreaterThan(content.length * 3);
      const perPage = labelsPerPage(layout);
      for (const word of words) {
        const inside = Array.from({ length: perPage }, (_, slot) => labelBox(layout, slot)).some((box) => {
          const top = layout.pageHeight - (box.y + box.height);
          return (
            word.xMin >= box.x - 0.5 &&
            word.xMax <= box.x + box.width + 0.5 &&
            word.yMin >= top - 0.5 &&
            word.yMax <= top + box.height + 0.5
          );
        });
        expect(inside, `${id}: "${word.text}" leaves its label`).toBe(true);
      }
      const text = words.map((word) => word.text).join(' ');
      expect(text).toContain('…');
    }
  });
  if (!poppler) it.skip(`keeps every word of long texts inside its label (${needsPoppler})`, () => {});

  it('embeds a PNG logo once for all labels and leaves out what it cannot embed', async () => {
    const png = await QRCode.toBuffer('logo', { type: 'png', width: 64 });
    const withPng = await PDFDocument.load(
      await renderLabelSheet({
        labels: labels(5),
        organizationName: 'Org',
        layout: 'avery-l7160',
        logo: png,
      }),
    );
    expect(imageCount(withPng)).toBe(1);
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs=', 'base64');
    const broken = Buffer.concat([png.subarray(0, 16), Buffer.from('not the rest of a PNG')]);
    for (const logo of [gif, broken, new Uint8Array()]) {
      const doc = await PDFDocument.load(
        await renderLabelSheet({ labels: labels(2), organizationName: 'Org', layout: 'avery-l7160', logo }),
      );
      expect(imageCount(doc)).toBe(0);
    }
  });

  it('draws the QR codes as vector paths, no image', async () => {
    const doc = await PDFDocument.load(
      await renderLabelSheet({ labels: labels(3), organizationName: 'Org', layout: 'avery-5160' }),
    );
    expect(imageCount(doc)).toBe(0);
  });
});
