import type { MessageDescriptor } from '@lingui/core';
import type { TLanguage } from '@mqr/contracts';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { translatorFor } from '#server/lib/i18n/translators.ts';
import { encodableText } from '../labels/index.ts';

/**
 * The words of the sample's documents, in the language of the person who adds the sample (ADR 111):
 * the PDFs are written once and stored, like an upload. The sample's names stay as the seed has them.
 */
export const SAMPLE_DOCUMENT_TEXTS = {
  commissioningReport: /*i18n*/ { id: 'sampleDocument.commissioningReport', message: 'Commissioning report' },
  inspectionCertificate: /*i18n*/ {
    id: 'sampleDocument.inspectionCertificate',
    message: 'Inspection certificate',
  },
  documentTitle: /*i18n*/ { id: 'sampleDocument.documentTitle', message: '{title}: {assetName}' },
  creator: /*i18n*/ { id: 'sampleDocument.creator', message: 'Maintenance QR sample data' },
  asset: /*i18n*/ { id: 'sampleDocument.asset', message: 'Asset: {assetName}' },
  serialNumber: /*i18n*/ { id: 'sampleDocument.serialNumber', message: 'Serial number: {serialNumber}' },
  date: /*i18n*/ { id: 'sampleDocument.date', message: 'Date: {date}' },
  by: /*i18n*/ { id: 'sampleDocument.by', message: 'Carried out by: {by}' },
  passed: /*i18n*/ { id: 'sampleDocument.passed', message: 'All checks passed. No defects found.' },
  sample: /*i18n*/ {
    id: 'sampleDocument.sample',
    message: 'Sample document: remove it with "Remove sample data".',
  },
} satisfies Record<string, MessageDescriptor>;

/**
 * A one-page PDF the sample attaches to an event (a commissioning report, a certificate), made here:
 * the sample never fetches anything. A few kilobytes, built in a few milliseconds.
 */
export async function sampleDocument(document: {
  language: TLanguage;
  title: MessageDescriptor;
  assetName: string;
  serialNumber: string;
  date: Date;
  by: string;
}): Promise<Buffer> {
  const texts = translatorFor(document.language);
  const title = texts.t(document.title);
  const { assetName, serialNumber, by } = document;
  const pdf = await PDFDocument.create();
  pdf.setTitle(texts.t(SAMPLE_DOCUMENT_TEXTS.documentTitle, { title, assetName }));
  pdf.setCreator(texts.t(SAMPLE_DOCUMENT_TEXTS.creator));
  const page = pdf.addPage([595, 842]); // A4, in points
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  // The standard fonts know WinAnsi only: a name of the organization's people may hold anything.
  const boldCharacters = new Set(bold.getCharacterSet());
  const supported = new Set(regular.getCharacterSet().filter((code) => boldCharacters.has(code)));
  let y = 770;
  const line = (text: string, size = 12, font = regular) => {
    page.drawText(encodableText(text, supported), { x: 60, y, size, font });
    y -= size * 1.8;
  };
  line(title, 22, bold);
  y -= 10;
  line(texts.t(SAMPLE_DOCUMENT_TEXTS.asset, { assetName }));
  line(texts.t(SAMPLE_DOCUMENT_TEXTS.serialNumber, { serialNumber }));
  // ISO in every language: a report's date read the same everywhere.
  line(texts.t(SAMPLE_DOCUMENT_TEXTS.date, { date: document.date.toISOString().slice(0, 10) }));
  line(texts.t(SAMPLE_DOCUMENT_TEXTS.by, { by }));
  y -= 10;
  line(texts.t(SAMPLE_DOCUMENT_TEXTS.passed));
  line(texts.t(SAMPLE_DOCUMENT_TEXTS.sample), 10);
  return Buffer.from(await pdf.save());
}
