import { z } from 'zod';

/**
 * GET /api/admin/sample-data: whether the organization holds what "Add sample data" made (ADR 097),
 * and whether it holds no asset at all (the screens then offer to add it).
 */
export const ZSampleDataStatus = z.object({
  /** Something "Add sample data" made is still there: DELETE removes it. */
  present: z.boolean(),
  /** Sample assets still there. */
  assets: z.number().int(),
  /** When the sample was added; null when none is there. */
  addedAt: z.string().nullable(),
  /** The organization has no asset at all, in service or retired. */
  organizationEmpty: z.boolean(),
});
export type TSampleDataStatus = z.infer<typeof ZSampleDataStatus>;

/** POST /api/admin/sample-data: what was added (nothing when a sample was already there). */
export const ZSampleDataAdded = z.object({
  added: z.boolean(),
  assets: z.number().int(),
  events: z.number().int(),
  schedules: z.number().int(),
  files: z.number().int(),
});
export type TSampleDataAdded = z.infer<typeof ZSampleDataAdded>;

/**
 * DELETE /api/admin/sample-data: the sample assets deleted (with their history, files and schedules),
 * those kept because someone changed them or added to them, and the sample fields deleted.
 */
export const ZSampleDataRemoved = z.object({
  removed: z.number().int(),
  kept: z.number().int(),
  fields: z.number().int(),
});
export type TSampleDataRemoved = z.infer<typeof ZSampleDataRemoved>;

/** The sample data's texts (docs/product/sample-data.md). */
export const SAMPLE_DATA_TEXTS = {
  add: 'Add sample data',
  adding: 'Adding sample data…',
  offer:
    'New here? Add a small sample site, about thirty assets with their history, files and schedules, to see how it all works. It can be removed again in one step.',
  addFailed: 'The sample data could not be added.',
  added: (assets: number) => `Sample data added: ${assets} assets with their history, files and schedules.`,
  notice: (assets: number) =>
    `This organization holds sample data: ${assets === 1 ? '1 sample asset' : `${assets} sample assets`} with their history and schedules.`,
  noticeLabel: 'Sample data',
  remove: 'Remove sample data',
  removing: 'Removing…',
  removeTitle: 'Remove sample data?',
  removeText:
    'The sample assets, their history, files and schedules, and the sample fields no one else uses are deleted. Anything you added or changed stays.',
  removeFailed: 'The sample data could not be removed.',
  removed: (removed: number, kept: number) =>
    `Sample data removed: ${removed === 1 ? '1 asset' : `${removed} assets`}.${
      kept > 0
        ? ` ${kept === 1 ? '1 sample asset you changed was' : `${kept} sample assets you changed were`} kept.`
        : ''
    }`,
  cancel: 'Cancel',
} as const;
