import { LABEL_LAYOUT_IDS, LABEL_LAYOUTS } from '@mqr/contracts';
import { describe, expect, it } from 'vitest';
import { INCH, LABEL_LAYOUT_GEOMETRY, labelBox, labelsPerPage, MM } from './layouts.ts';

const A4 = [210 * MM, 297 * MM];
const LETTER = [8.5 * INCH, 11 * INCH];
const inMm = (points: number) => points / MM;

/** The published size of each layout's page and label (mm or in), and its grid. */
const PUBLISHED: Record<string, { page: number[]; label: number[]; grid: [number, number] }> = {
  'avery-l7160': { page: A4, label: [63.5 * MM, 38.1 * MM], grid: [3, 7] },
  'avery-l7163': { page: A4, label: [99.1 * MM, 38.1 * MM], grid: [2, 7] },
  'avery-l7651': { page: A4, label: [38.1 * MM, 21.2 * MM], grid: [5, 13] },
  'avery-5160': { page: LETTER, label: [2.625 * INCH, 1 * INCH], grid: [3, 10] },
  'avery-5163': { page: LETTER, label: [4 * INCH, 2 * INCH], grid: [2, 5] },
  'avery-22806': { page: LETTER, label: [2 * INCH, 2 * INCH], grid: [3, 4] },
  'roll-62x29mm': { page: [62 * MM, 29 * MM], label: [62 * MM, 29 * MM], grid: [1, 1] },
  'roll-54x25mm': { page: [54 * MM, 25 * MM], label: [54 * MM, 25 * MM], grid: [1, 1] },
  'roll-2x1in': { page: [2 * INCH, 1 * INCH], label: [2 * INCH, 1 * INCH], grid: [1, 1] },
};

describe('label layouts', () => {
  it('has one geometry per layout the contracts offer, and nothing else', () => {
    expect(Object.keys(LABEL_LAYOUT_GEOMETRY).sort()).toEqual([...LABEL_LAYOUT_IDS].sort());
    expect(Object.keys(PUBLISHED).sort()).toEqual([...LABEL_LAYOUT_IDS].sort());
  });

  it.each(LABEL_LAYOUTS)('$id: page, label and count per sheet as published ($name)', (entry) => {
    const layout = LABEL_LAYOUT_GEOMETRY[entry.id];
    const published = PUBLISHED[entry.id]!;
    expect(layout.pageWidth).toBeCloseTo(published.page[0]!, 6);
    expect(layout.pageHeight).toBeCloseTo(published.page[1]!, 6);
    expect(layout.labelWidth).toBeCloseTo(published.label[0]!, 6);
    expect(layout.labelHeight).toBeCloseTo(published.label[1]!, 6);
    expect([layout.columns, layout.rows]).toEqual(published.grid);
    expect(labelsPerPage(layout)).toBe(entry.labelsPerSheet);
    expect(entry.name).toContain(entry.labelsPerSheet === 1 ? 'Label printer' : `${entry.labelsPerSheet} `);
  });

  it.each(LABEL_LAYOUTS)('$id: every label lies on the page, none overlaps another', ({ id }) => {
    const layout = LABEL_LAYOUT_GEOMETRY[id];
    const boxes = Array.from({ length: labelsPerPage(layout) }, (_, slot) => labelBox(layout, slot));
    const epsilon = 1e-6;
    for (const box of boxes) {
      expect(box.x).toBeGreaterThanOrEqual(-epsilon);
      expect(box.y).toBeGreaterThanOrEqual(-epsilon);
      expect(box.x + box.width).toBeLessThanOrEqual(layout.pageWidth + epsilon);
      expect(box.y + box.height).toBeLessThanOrEqual(layout.pageHeight + epsilon);
    }
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const apart =
          a.x + a.width <= b.x + epsilon ||
          b.x + b.width <= a.x + epsilon ||
          a.y + a.height <= b.y + epsilon ||
          b.y + b.height <= a.y + epsilon;
        expect(apart, `${id}: labels overlap`).toBe(true);
      }
    }
    // The padding leaves room for a QR code of at least 15 mm on every layout.
    expect(Math.min(layout.labelWidth, layout.labelHeight) - 2 * layout.padding).toBeGreaterThan(15 * MM);
  });

  it.each(LABEL_LAYOUTS.filter((entry) => entry.labelsPerSheet > 1))(
    '$id: the grid is centred on the sheet (margins equal within 0.1 mm)',
    ({ id }) => {
      const layout = LABEL_LAYOUT_GEOMETRY[id];
      const first = labelBox(layout, 0);
      const last = labelBox(layout, labelsPerPage(layout) - 1);
      const right = layout.pageWidth - (last.x + last.width);
      const bottom = last.y;
      expect(Math.abs(inMm(first.x) - inMm(right))).toBeLessThan(0.1);
      expect(Math.abs(inMm(layout.pageHeight - (first.y + first.height)) - inMm(bottom))).toBeLessThan(0.1);
    },
  );

  it('numbers labels left to right, then top to bottom, from the published margins', () => {
    const l7160 = LABEL_LAYOUT_GEOMETRY['avery-l7160'];
    const fifth = labelBox(l7160, 4); // row 2, column 2
    expect(inMm(fifth.x)).toBeCloseTo(7.21 + 66.04, 2);
    expect(inMm(l7160.pageHeight - (fifth.y + fifth.height))).toBeCloseTo(15.15 + 38.1, 2);
    const l5160 = LABEL_LAYOUT_GEOMETRY['avery-5160'];
    const last = labelBox(l5160, 29);
    expect(last.x / INCH).toBeCloseTo(0.1875 + 2 * 2.75, 6);
    expect((l5160.pageHeight - (last.y + last.height)) / INCH).toBeCloseTo(0.5 + 9, 6);
  });
});
