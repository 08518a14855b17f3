import { z } from 'zod';
import { oneSelection, ZAssetListView, ZAssetSelection } from './asset-list.ts';
import { instant } from './limits.ts';

/** What the CSV exports say of bad input. */
export const EXPORT_MESSAGES = {
  fromInvalid: 'From must be a date and time with an offset, e.g. 2026-01-01T00:00:00Z.',
  toInvalid: 'To must be a date and time with an offset, e.g. 2026-12-31T23:59:59Z.',
  toBeforeFrom: 'To must not be before From.',
} as const;

/** The asset list's CSV: the assets the list shows for its view (search, filters, status), in its order. */
export const ZAssetExportQuery = ZAssetListView;

/** POST /api/exports/assets.csv: the selected assets (ticked ones, or all the list's view shows). */
export const ZAssetExportBody = ZAssetSelection.superRefine((body, context) => oneSelection(body, context));

/** The maintenance history's CSV: events performed from `from` up to `to`, both included. */
export const ZEventExportQuery = z
  .object({
    from: instant(EXPORT_MESSAGES.fromInvalid),
    to: instant(EXPORT_MESSAGES.toInvalid),
  })
  .refine((range) => Date.parse(range.from) <= Date.parse(range.to), {
    message: EXPORT_MESSAGES.toBeforeFrom,
    path: ['to'],
  });

/** The first columns of the asset CSV, before one column per custom field. */
export const ASSET_CSV_COLUMNS = ['Slug', 'Name', 'Description', 'Created at', 'Updated at'] as const;

/** The first columns of the maintenance history CSV, before one column per event custom field. */
export const EVENT_CSV_COLUMNS = [
  'Asset slug',
  'Asset name',
  'Title',
  'Performed at',
  'Status',
  'Notes',
  'Recorded by',
  'Started at',
  'Started by',
  'Completed at',
  'Completed by',
  'Due on',
] as const;
