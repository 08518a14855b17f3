import { PDFDocument, StandardFonts } from 'pdf-lib';
import { encodableText } from '../labels/index.ts';

/**
 * A one-page PDF the sample attaches to an event (a commissioning report, a certificate), made here:
 * the sample never fetches anything. A few kilobytes, built in a few milliseconds.
 */
export async function sampleDocument(document: {
  title: string;
  assetName: string;
  serialNumber: string;
  date: Date;
  by: string;
}): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${document.title}: ${document.assetName}`);
  pdf.setCreator('Maintenance QR sample data');
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
  line(document.title, 22, bold);
  y -= 10;
  line(`Asset: ${document.assetName}`);
  line(`Serial number: ${document.serialNumber}`);
  line(`Date: ${document.date.toISOString().slice(0, 10)}`);
  line(`Carried out by: ${document.by}`);
  y -= 10;
  line('All checks passed. No defects found.');
  line('Sample document: remove it with "Remove sample data".', 10);
  return Buffer.from(await pdf.save());
}
