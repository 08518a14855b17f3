import { z } from 'zod';
import { type TAssetListViewInput, ZAssetListView } from './asset-list.ts';
import { IMPORT_MAX_ROWS } from './imports.ts';
import { boundedInt, storableText } from './limits.ts';
import { englishMessages, inEnglish, said } from './messages.ts';

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

/** The most parts of LABEL_MAX_ASSETS assets an import can have (its most rows, all created). */
export const LABEL_MAX_IMPORT_PARTS = Math.ceil(IMPORT_MAX_ROWS / LABEL_MAX_ASSETS);

/** Label sheets' refusals with values, as the server sends them (ADR 113). */
export const LABEL_SAID = {
  /** Part `part` of an import's labels begins past the assets it created that are still in service. */
  importPartEmpty: (part: number) =>
    said(
      /*i18n*/ {
        id: 'label.importPartEmpty',
        message:
          'This import created fewer than {first, number} assets that are still in service: choose an earlier part.',
      },
      { part, first: (part - 1) * LABEL_MAX_ASSETS + 1 },
    ),
};

export const LABEL_MESSAGES = {
  ...englishMessages({
    oneSource: /*i18n*/ {
      id: 'label.oneSource',
      message:
        'Give exactly one of assetIds (the selected assets), query (all assets the list shows for its view), search (all assets the search finds), importId (the assets an import created), locationIds (the selected locations) or locationTree (a location and every location inside it).',
    },
    noAssets: /*i18n*/ { id: 'label.noAssets', message: 'Select at least one asset.' },
    tooMany: said(
      /*i18n*/ {
        id: 'label.tooMany',
        message: 'Labels can be made for at most {labelMaxAssets, number} assets at a time: select fewer.',
      },
      { labelMaxAssets: LABEL_MAX_ASSETS },
    ),
    noneFound: /*i18n*/ { id: 'label.noneFound', message: 'No asset matches this search.' },
    noneInView: /*i18n*/ { id: 'label.noneInView', message: 'No asset matches this list.' },
    assetIdInvalid: /*i18n*/ { id: 'label.assetIdInvalid', message: 'Each asset id must be a UUID.' },
    importIdInvalid: /*i18n*/ { id: 'label.importIdInvalid', message: 'The import id must be a UUID.' },
    noLocations: /*i18n*/ { id: 'label.noLocations', message: 'Select at least one location.' },
    locationIdInvalid: /*i18n*/ {
      id: 'label.locationIdInvalid',
      message: 'Each location id must be a UUID.',
    },
    tooManyLocations: said(
      /*i18n*/ {
        id: 'label.tooManyLocations',
        message:
          'Labels can be made for at most {labelMaxAssets, number} locations at a time: choose fewer, or a location lower in the tree.',
      },
      { labelMaxAssets: LABEL_MAX_ASSETS },
    ),
    fieldAssetsOnly: /*i18n*/ {
      id: 'label.fieldAssetsOnly',
      message: 'A custom field is printed on asset labels only: leave it out for locations.',
    },
    partInvalid: said(
      /*i18n*/ {
        id: 'label.partInvalid',
        message: 'Part must be a whole number from 1 to {labelMaxImportParts}, and goes with importId only.',
      },
      { labelMaxImportParts: LABEL_MAX_IMPORT_PARTS },
    ),
    importRunning: /*i18n*/ {
      id: 'label.importRunning',
      message: 'This import is still running: print its labels once it is done.',
    },
    importCreatedNone: /*i18n*/ {
      id: 'label.importCreatedNone',
      message: 'This import created no assets that are still in service: there are no labels to print.',
    },
    fieldNotPublic: /*i18n*/ {
      id: 'label.fieldNotPublic',
      message:
        'A label shows only an active public field: anyone can read a printed label. Choose another field, or none.',
    },
    startPositionWhole: /*i18n*/ {
      id: 'label.startPositionWhole',
      message: 'Start position must be a whole number, 1 for the first label of a sheet.',
    },
    layoutInvalid: said(
      /*i18n*/ { id: 'label.layoutInvalid', message: 'Choose one of the label layouts: {layouts}.' },
      { layouts: LABEL_LAYOUT_IDS.join(', ') },
    ),
  }),
  importPartEmpty: inEnglish((part: number) => LABEL_SAID.importPartEmpty(part)),
  startPositionRange: inEnglish((labelsPerSheet: number) =>
    said(
      /*i18n*/ {
        id: 'label.startPositionRange',
        message:
          '{labelsPerSheet, plural, =1 {Start position must be 1 for a label printer roll.} other {Start position must be a whole number from 1 to {labelsPerSheet}, the labels on one sheet.}}',
      },
      { labelsPerSheet },
    ),
  ),
} as const;

/** How many labels a sheet of this layout holds (1 for a roll). */
export function labelsPerSheet(layout: TLabelLayoutId): number {
  return LABEL_LAYOUTS.find((entry) => entry.id === layout)?.labelsPerSheet ?? 1;
}

/**
 * Which assets a label PDF is for: exactly one of these keys of the body. The one place that lists the
 * ways to choose them (the server's body and the web dialog's `source` both follow it): a new way is
 * one more key here, in ZLabelSources and in the service's idsToPrint.
 * - `assetIds`: the selected assets, printed in that order, repeated ids printed once;
 * - `query`: all the assets the list shows for its view (search, filters, status), in the list's order
 *   (ADR 048);
 * - `search`: all the assets the list's search finds, newest first (an empty search is every asset in
 *   service: the view of that search alone);
 * - `importId`: the assets a CSV import created that are still in service, in file order, by parts of
 *   LABEL_MAX_ASSETS (`part` 2 is its 5,001st to 10,000th; 1 when left out);
 * - `locationIds`: the selected locations (their own labels, not their assets'), in that order;
 * - `locationTree`: a location and every location below it, in the tree's order (each location
 *   followed by those inside it, siblings by name) (ADR 126).
 * Location labels carry the location's code (/l/{organizationId}/{slug}), name, path and code.
 */
export type TLabelSource =
  | { assetIds: string[] }
  | { query: TAssetListViewInput }
  | { search: string }
  | { importId: string; part?: number }
  | { locationIds: string[] }
  | { locationTree: string };

/** Whether a source prints locations' own labels (no custom field goes on those). */
export function isLocationLabelSource(
  source: TLabelSource,
): source is { locationIds: string[] } | { locationTree: string } {
  return 'locationIds' in source || 'locationTree' in source;
}

const ZLabelSources = z.object({
  assetIds: z
    .array(z.string().uuid({ message: LABEL_MESSAGES.assetIdInvalid }))
    .min(1, { message: LABEL_MESSAGES.noAssets })
    .max(LABEL_MAX_ASSETS, { message: LABEL_MESSAGES.tooMany })
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))])
    .optional(),
  query: ZAssetListView.optional(),
  search: storableText().trim().max(200).optional(),
  importId: z.string().uuid({ message: LABEL_MESSAGES.importIdInvalid }).optional(),
  part: boundedInt(1, LABEL_MAX_IMPORT_PARTS, LABEL_MESSAGES.partInvalid).optional(),
  locationIds: z
    .array(z.string().uuid({ message: LABEL_MESSAGES.locationIdInvalid }))
    .min(1, { message: LABEL_MESSAGES.noLocations })
    .max(LABEL_MAX_ASSETS, { message: LABEL_MESSAGES.tooManyLocations })
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))])
    .optional(),
  locationTree: z
    .string()
    .uuid({ message: LABEL_MESSAGES.locationIdInvalid })
    .transform((id) => id.toLowerCase())
    .optional(),
});
const SOURCE_KEYS = [
  'assetIds',
  'query',
  'search',
  'importId',
  'locationIds',
  'locationTree',
] as const satisfies (keyof z.input<typeof ZLabelSources>)[];

/** How many parts of LABEL_MAX_ASSETS labels `count` assets make (at least 1; the last holds the rest). */
export function labelPartCount(count: number): number {
  return Math.max(1, Math.ceil(count / LABEL_MAX_ASSETS));
}

/**
 * POST /api/labels: a PDF of QR labels for the assets, or the locations, of one source (TLabelSource)
 * on a label layout.
 * `startPosition` skips the used labels of a partly used first sheet.
 */
export const ZLabelSheetBody = ZLabelSources.extend({
  layout: z.enum(LABEL_LAYOUT_IDS, { message: LABEL_MESSAGES.layoutInvalid }),
  startPosition: z
    .number({ message: LABEL_MESSAGES.startPositionWhole })
    .int({ message: LABEL_MESSAGES.startPositionWhole })
    .min(1, { message: LABEL_MESSAGES.startPositionWhole })
    .default(1),
  /** An Asset custom field whose value each label prints as "Label: value" (asset labels only). */
  fieldId: z.string().uuid().nullish(),
  /** Prints the organization's logo (PNG or JPEG) when it has one. */
  includeLogo: z.boolean().default(false),
}).superRefine((body, context) => {
  if (SOURCE_KEYS.filter((key) => body[key] !== undefined).length !== 1) {
    context.addIssue({ code: 'custom', message: LABEL_MESSAGES.oneSource, path: ['assetIds'] });
  }
  if (body.fieldId && (body.locationIds !== undefined || body.locationTree !== undefined)) {
    context.addIssue({ code: 'custom', message: LABEL_MESSAGES.fieldAssetsOnly, path: ['fieldId'] });
  }
  if (body.part !== undefined && body.importId === undefined) {
    context.addIssue({ code: 'custom', message: LABEL_MESSAGES.partInvalid, path: ['part'] });
  }
  const perSheet = labelsPerSheet(body.layout);
  if (body.startPosition > perSheet) {
    context.addIssue({
      code: 'custom',
      message: LABEL_MESSAGES.startPositionRange(perSheet),
      path: ['startPosition'],
    });
  }
});
/** The body as sent: one source and the print options. */
export type TLabelSheetBody = TLabelSource &
  Omit<z.input<typeof ZLabelSheetBody>, (typeof SOURCE_KEYS)[number] | 'part'>;
