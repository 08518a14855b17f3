/**
 * Test helpers for label PDFs that know the layouts' geometry. Rendering pages, reading their text and
 * finding their QR codes is @mqr/pdf-testing's (shared with the e2e specs).
 */
import type { LabelLayout } from './layouts.ts';
import { labelBox } from './layouts.ts';
import type { LabelPlan } from './render-label-sheet.ts';

/** Where the centre of the QR code of the label at `slot` should be, in points from the page's top left. */
export function expectedQrCentre(
  layout: LabelLayout,
  plan: LabelPlan,
  slot: number,
): { x: number; y: number } {
  const box = labelBox(layout, slot);
  return {
    x: box.x + plan.qr.x + plan.qr.size / 2,
    y: layout.pageHeight - (box.y + plan.qr.y + plan.qr.size / 2),
  };
}
