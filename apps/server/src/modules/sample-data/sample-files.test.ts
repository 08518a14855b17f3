import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { SAMPLE_DOCUMENT_TEXTS, sampleDocument } from './sample-files.ts';

const document = {
  title: SAMPLE_DOCUMENT_TEXTS.commissioningReport,
  assetName: 'Pompe ‮ de relevage',
  serialNumber: 'SN-1',
  date: new Date('2026-11-01T08:00:00Z'),
  by: 'Łukasz 李 Zoë',
};

describe('the sample documents', () => {
  it('are made whatever the names hold, past what the standard fonts encode', async () => {
    const pdf = await sampleDocument({ ...document, language: 'en' });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const read = await PDFDocument.load(pdf);
    expect(read.getTitle()).toBe('Commissioning report: Pompe ‮ de relevage');
    expect(read.getCreator()).toBe('Maintenance QR sample data');
  });

  it('are written in the language of the person adding the sample (ADR 111)', async () => {
    const read = await PDFDocument.load(await sampleDocument({ ...document, language: 'de' }));
    expect(read.getTitle()).toBe('Inbetriebnahmeprotokoll: Pompe ‮ de relevage');
    expect(read.getCreator()).toBe('Beispieldaten von Maintenance QR');
  });
});
