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
