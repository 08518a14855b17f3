import { z } from 'zod';
import { oneSelection, ZAssetListView } from './asset-list.ts';
import { storableText } from './limits.ts';

/** The most assets one label PDF is made for (ADR 043). */
export const LABEL_MAX_ASSETS = 5000;

/**
 * The label stock a PDF is laid out for: Avery sheets (labels numbered left to right, top to bottom)
 * and single labels for thermal roll printers (one label a page, `labelsPerSheet` 1). The geometry of
 * each lives with the server's renderer (modules/labels/layouts.ts).
 */
export const LABEL_LAYOUTS = [
  { id: 'avery-l7160', name: 'Avery L7160 (A4, 21 per sheet)', labelsPerSheet: 21 },
  { id: 'avery-l7163', name: 'Avery L7163 (A4, 14 per sheet)', labelsPerSheet: 14 },
  { id: 'avery-l7651', name: 'Avery L7651 (A4, 65 per sheet)', labelsPerSheet: 65 },
  { id: 'avery-5160', name: 'Avery 5160 (US Letter, 30 per sheet)', labelsPerSheet: 30 },
  { id: 'avery-5163', name: 'Avery 5163 (US Letter, 10 per sheet)', labelsPerSheet: 10 },
  { id: 'avery-22806', name: 'Avery 22806 (US Letter, 12 square per sheet)', labelsPerSheet: 12 },
  { id: 'roll-62x29mm', name: 'Label printer, 62 × 29 mm (Brother QL, 62 mm roll)', labelsPerSheet: 1 },
  { id: 'roll-54x25mm', name: 'Label printer, 54 × 25 mm', labelsPerSheet: 1 },
  { id: 'roll-2x1in', name: 'Label printer, 2 × 1 in', labelsPerSheet: 1 },
] as const;

export type TLabelLayoutId = (typeof LABEL_LAYOUTS)[number]['id'];
export const LABEL_LAYOUT_IDS = LABEL_LAYOUTS.map((layout) => layout.id) as [
  TLabelLayoutId,
  ...TLabelLayoutId[],
];

export const LABEL_MESSAGES = {
  oneSource:
    'Give one of assetIds (the selected assets), query (all assets the list shows for its view) or search (all assets the search finds).',
  noAssets: 'Select at least one asset.',
  tooMany: `Labels can be made for at most ${LABEL_MAX_ASSETS.toLocaleString('en-US')} assets at a time: select fewer.`,
  noneFound: 'No asset matches this search.',
  noneInView: 'No asset matches this list.',
  assetIdInvalid: 'Each asset id must be a UUID.',
  layoutInvalid: `Choose one of the label layouts: ${LABEL_LAYOUT_IDS.join(', ')}.`,
  startPositionWhole: 'Start position must be a whole number, 1 for the first label of a sheet.',
  startPositionRange: (labelsPerSheet: number) =>
    labelsPerSheet === 1
      ? 'Start position must be 1 for a label printer roll.'
      : `Start position must be a whole number from 1 to ${labelsPerSheet}, the labels on one sheet.`,
} as const;

/** How many labels a sheet of this layout holds (1 for a roll). */
export function labelsPerSheet(layout: TLabelLayoutId): number {
  return LABEL_LAYOUTS.find((entry) => entry.id === layout)?.labelsPerSheet ?? 1;
}

/**
 * POST /api/labels: a PDF of QR labels for the selected assets (`assetIds`, printed in that order,
 * repeated ids printed once), for all the assets the list shows for its view (`query`: search,
 * filters, status, in the list's order; ADR 048) or for all the assets a search finds (`search`, newest
 * first, in service; an empty search is every asset: the view `{ search }`). `startPosition` skips
 * the used labels of a partly used first sheet.
 */
export const ZLabelSheetBody = z
  .object({
    assetIds: z
      .array(z.string().uuid({ message: LABEL_MESSAGES.assetIdInvalid }))
      .min(1, { message: LABEL_MESSAGES.noAssets })
      .max(LABEL_MAX_ASSETS, { message: LABEL_MESSAGES.tooMany })
      .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))])
      .optional(),
    query: ZAssetListView.optional(),
    search: storableText().trim().max(200).optional(),
    layout: z.enum(LABEL_LAYOUT_IDS, { message: LABEL_MESSAGES.layoutInvalid }),
    startPosition: z
      .number({ message: LABEL_MESSAGES.startPositionWhole })
      .int({ message: LABEL_MESSAGES.startPositionWhole })
      .min(1, { message: LABEL_MESSAGES.startPositionWhole })
      .default(1),
    /** An Asset custom field whose value each label prints as "Label: value". */
    fieldId: z.string().uuid().nullish(),
    /** Prints the organization's logo (PNG or JPEG) when it has one. */
    includeLogo: z.boolean().default(false),
  })
  .superRefine((body, context) => {
    oneSelection(body, context, ['assetIds', 'query', 'search'], LABEL_MESSAGES.oneSource);
    const perSheet = labelsPerSheet(body.layout);
    if (body.startPosition > perSheet) {
      context.addIssue({
        code: 'custom',
        message: LABEL_MESSAGES.startPositionRange(perSheet),
        path: ['startPosition'],
      });
    }
  });
export type TLabelSheetBody = z.input<typeof ZLabelSheetBody>;
