import type { TLabelLayoutId } from '@mqr/contracts';

/** PDF points (1/72 in) in a millimetre and an inch. */
export const MM = 72 / 25.4;
export const INCH = 72;

/**
 * Where the labels of one layout are, in PDF points, measured from the top left corner of the page
 * (as label makers publish them): the page, one label, the first label's offset, and the distance
 * from one label to the next across (pitchX) and down (pitchY). A roll layout is one label a page,
 * the page the size of the label.
 */
export interface LabelLayout {
  id: TLabelLayoutId;
  kind: 'sheet' | 'roll';
  pageWidth: number;
  pageHeight: number;
  labelWidth: number;
  labelHeight: number;
  columns: number;
  rows: number;
  left: number;
  top: number;
  pitchX: number;
  pitchY: number;
  /** White kept inside each label's edge: printers shift a sheet by a millimetre or so. */
  padding: number;
}

const A4 = { pageWidth: 210 * MM, pageHeight: 297 * MM };
const LETTER = { pageWidth: 8.5 * INCH, pageHeight: 11 * INCH };

function sheet(
  id: TLabelLayoutId,
  page: { pageWidth: number; pageHeight: number },
  unit: number,
  g: {
    width: number;
    height: number;
    columns: number;
    rows: number;
    left: number;
    top: number;
    pitchX: number;
    pitchY: number;
    paddingMm: number;
  },
): LabelLayout {
  return {
    id,
    kind: 'sheet',
    ...page,
    labelWidth: g.width * unit,
    labelHeight: g.height * unit,
    columns: g.columns,
    rows: g.rows,
    left: g.left * unit,
    top: g.top * unit,
    pitchX: g.pitchX * unit,
    pitchY: g.pitchY * unit,
    padding: g.paddingMm * MM,
  };
}

function roll(id: TLabelLayoutId, width: number, height: number, paddingMm: number): LabelLayout {
  return {
    id,
    kind: 'roll',
    pageWidth: width,
    pageHeight: height,
    labelWidth: width,
    labelHeight: height,
    columns: 1,
    rows: 1,
    left: 0,
    top: 0,
    pitchX: width,
    pitchY: height,
    padding: paddingMm * MM,
  };
}

/**
 * Every layout the API offers, one entry each (the sources of each number: ADR 043). Sheet margins
 * are the published ones; where published figures are rounded, the grid is centred on the page as the
 * sheets are cut.
 */
export const LABEL_LAYOUT_GEOMETRY: Record<TLabelLayoutId, LabelLayout> = {
  // 63.5 × 38.1 mm, 3 × 7, pitch 66.04 × 38.1 mm, top 15.15 mm, side 7.21 mm.
  'avery-l7160': sheet('avery-l7160', A4, MM, {
    width: 63.5,
    height: 38.1,
    columns: 3,
    rows: 7,
    left: (210 - (2 * 66.04 + 63.5)) / 2,
    top: 15.15,
    pitchX: 66.04,
    pitchY: 38.1,
    paddingMm: 2,
  }),
  // 99.1 × 38.1 mm, 2 × 7, pitch 101.6 × 38.1 mm, top 15.15 mm, side 4.65 mm.
  'avery-l7163': sheet('avery-l7163', A4, MM, {
    width: 99.1,
    height: 38.1,
    columns: 2,
    rows: 7,
    left: (210 - (101.6 + 99.1)) / 2,
    top: 15.15,
    pitchX: 101.6,
    pitchY: 38.1,
    paddingMm: 2,
  }),
  // 38.1 × 21.2 mm, 5 × 13, pitch 40.64 × 21.2 mm, top 10.7 mm, side 4.67 mm.
  'avery-l7651': sheet('avery-l7651', A4, MM, {
    width: 38.1,
    height: 21.2,
    columns: 5,
    rows: 13,
    left: (210 - (4 * 40.64 + 38.1)) / 2,
    top: 10.7,
    pitchX: 40.64,
    pitchY: 21.2,
    paddingMm: 1.5,
  }),
  // 2 5/8 × 1 in, 3 × 10, pitch 2.75 × 1 in, top 0.5 in, side 3/16 in.
  'avery-5160': sheet('avery-5160', LETTER, INCH, {
    width: 2.625,
    height: 1,
    columns: 3,
    rows: 10,
    left: 0.1875,
    top: 0.5,
    pitchX: 2.75,
    pitchY: 1,
    paddingMm: 1.5,
  }),
  // 4 × 2 in, 2 × 5, pitch 4 3/16 × 2 in, top 0.5 in, side 5/32 in.
  'avery-5163': sheet('avery-5163', LETTER, INCH, {
    width: 4,
    height: 2,
    columns: 2,
    rows: 5,
    left: 0.15625,
    top: 0.5,
    pitchX: 4.1875,
    pitchY: 2,
    paddingMm: 2,
  }),
  // 2 × 2 in squares, 3 × 4, pitch 2.625 × 2.57 in, top 0.645 in, side 0.625 in.
  'avery-22806': sheet('avery-22806', LETTER, INCH, {
    width: 2,
    height: 2,
    columns: 3,
    rows: 4,
    left: 0.625,
    top: 0.645,
    pitchX: 2.625,
    pitchY: 2.57,
    paddingMm: 2,
  }),
  // Brother QL: 62 mm roll (continuous DK-22205, cut at 29 mm) or die-cut DK-11209, both 62 × 29 mm.
  'roll-62x29mm': roll('roll-62x29mm', 62 * MM, 29 * MM, 2),
  'roll-54x25mm': roll('roll-54x25mm', 54 * MM, 25 * MM, 1.5),
  'roll-2x1in': roll('roll-2x1in', 2 * INCH, 1 * INCH, 1.5),
};

export function labelLayout(id: TLabelLayoutId): LabelLayout {
  return LABEL_LAYOUT_GEOMETRY[id];
}

export function labelsPerPage(layout: LabelLayout): number {
  return layout.columns * layout.rows;
}

/** A rectangle in PDF user space: origin at the bottom left of the page, y upwards. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The label at `slot` (0-based, left to right then top to bottom) of a page of this layout. */
export function labelBox(layout: LabelLayout, slot: number): Box {
  const column = slot % layout.columns;
  const row = Math.floor(slot / layout.columns);
  const top = layout.top + row * layout.pitchY;
  return {
    x: layout.left + column * layout.pitchX,
    y: layout.pageHeight - top - layout.labelHeight,
    width: layout.labelWidth,
    height: layout.labelHeight,
  };
}
