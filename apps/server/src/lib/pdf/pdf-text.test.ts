import fc from 'fast-check';
import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodableText, fitLine, fitLines, truncateMiddle, truncateToWidth } from './pdf-text.ts';

let regular: PDFFont;
let bold: PDFFont;
let supported: Set<number>;

beforeAll(async () => {
  const doc = await PDFDocument.create();
  regular = await doc.embedFont(StandardFonts.Helvetica);
  bold = await doc.embedFont(StandardFonts.HelveticaBold);
  supported = new Set(regular.getCharacterSet());
});

describe('encodableText', () => {
  it('keeps what WinAnsi encodes and replaces the rest', () => {
    expect(encodableText('Pompe à chaleur № 5 — 東京', supported)).toBe('Pompe à chaleur No 5 — ??');
    expect(encodableText('Kőbánya  Łódź\nline\ttab', supported)).toBe('Kobánya ?ódz line tab');
    expect(encodableText('Pump 🚀 7', supported)).toBe('Pump ? 7');
  });

  it('answers text the standard fonts encode, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        const safe = encodableText(text, supported);
        expect(() => regular.encodeText(safe)).not.toThrow();
        expect(() => bold.encodeText(safe)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});

describe('fitting text to a label', () => {
  it('leaves text that fits as it is', () => {
    expect(fitLine('Pump', regular, 9, 6, 100)).toEqual({ text: 'Pump', size: 9 });
    expect(fitLines('Boiler pump', bold, 10, 6, 200, 2)).toEqual([{ text: 'Boiler pump', size: 10 }]);
  });

  it('shrinks a line, then ends it with an ellipsis', () => {
    const shrunk = fitLine(
      'Organization name',
      regular,
      10,
      5,
      regular.widthOfTextAtSize('Organization name', 8),
    );
    expect(shrunk.text).toBe('Organization name');
    expect(shrunk.size).toBeLessThan(10);
    const cut = fitLine('A very long organization name indeed', regular, 10, 8, 60);
    expect(cut.size).toBe(8);
    expect(cut.text.endsWith('…')).toBe(true);
    expect(regular.widthOfTextAtSize(cut.text, 8)).toBeLessThanOrEqual(60);
  });

  it('wraps a long name on two lines, breaking a word longer than a line', () => {
    const lines = fitLines('Heat pump of the north wing', bold, 10, 6, 80, 2);
    expect(lines).toHaveLength(2);
    expect(lines.map((line) => line.text).join(' ')).toBe('Heat pump of the north wing');
    const word = fitLines('Supercalifragilisticexpialidocious', bold, 10, 8, 60, 2);
    expect(word.length).toBeLessThanOrEqual(2);
    for (const line of word) expect(bold.widthOfTextAtSize(line.text, line.size)).toBeLessThanOrEqual(60);
  });

  it('never answers more lines than allowed, nor a line wider than the label', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        fc.integer({ min: 20, max: 300 }),
        fc.integer({ min: 1, max: 3 }),
        (raw, width, maxLines) => {
          const text = encodableText(raw, supported);
          const lines = fitLines(text, bold, 12, 5, width, maxLines);
          expect(lines.length).toBeLessThanOrEqual(maxLines);
          for (const line of lines) {
            expect(bold.widthOfTextAtSize(line.text, line.size)).toBeLessThanOrEqual(width + 1e-6);
          }
          const single = fitLine(text, regular, 9, 5, width);
          expect(regular.widthOfTextAtSize(single.text, single.size)).toBeLessThanOrEqual(width + 1e-6);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('uses the smallest size before it cuts anything', () => {
    const text = 'Fire extinguisher 2nd floor east';
    const minSize = 5.07;
    const width =
      Math.max(
        bold.widthOfTextAtSize('Fire extinguisher', minSize),
        bold.widthOfTextAtSize('2nd floor east', minSize),
      ) + 0.01;
    expect(fitLines(text, bold, 12, minSize, width, 2)).toEqual([
      { text: 'Fire extinguisher', size: minSize },
      { text: '2nd floor east', size: minSize },
    ]);
  });

  it('cuts a slug in the middle, keeping the suffix that tells assets apart', () => {
    const slug = 'centrifugal-chilled-water-circulation-pump-k3x9p2';
    const cut = fitLine(slug, regular, 9, 6, 100, '-k3x9p2'.length);
    expect(cut.text).toMatch(/^centrifugal-.*…-k3x9p2$/);
    expect(regular.widthOfTextAtSize(cut.text, cut.size)).toBeLessThanOrEqual(100);
    expect(truncateMiddle(slug, regular, 9, 1000, 7)).toBe(slug);
    // Too narrow for the suffix: cut at the end instead.
    expect(truncateMiddle(slug, regular, 9, 25, 7)).toMatch(/^c[a-z]*…$/);
  });

  it('truncates to an ellipsis alone when not even one character fits', () => {
    expect(truncateToWidth('Wide', regular, 10, 8)).toBe('…');
  });
});
