import { z } from 'zod';
import { ZMaintenanceEvent } from './events.ts';
import { ZFieldValueInput } from './field-values.ts';
import { ZFile } from './files.ts';
import { storableText } from './limits.ts';
import { afterOnFirstPage, withinCountedRows, ZAfter, ZPageQuery } from './paging.ts';

export const ASSET_NAME_MAX_LENGTH = 200;
export const ASSET_DESCRIPTION_MAX_LENGTH = 2000;
/** Slugs (and the QR links that carry them): letters, digits and hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const ASSET_MESSAGES = {
  nameRequired: 'Asset name is required.',
  nameTooLong: `Asset name must be at most ${ASSET_NAME_MAX_LENGTH} characters.`,
  descriptionTooLong: `Description must be at most ${ASSET_DESCRIPTION_MAX_LENGTH} characters.`,
  otherOrganization: 'You can only save assets in your own organization.',
  // Screen messages (docs/product/assets.md#asset-list, asset-detail.md, public-asset.md).
  listLoading: 'Loading assets...',
  listEmpty: 'No assets have been created yet.',
  listNoMatch: 'No assets match your search.',
  listFailed: 'Unable to load assets. Ensure the API is reachable.',
  detailFailed: 'Unable to load asset. Ensure the API is running.',
  detailMissingId: 'Asset identifier missing in route.',
  formLoading: 'Loading asset details...',
  formLoadFailed: 'Unable to load asset. Please verify the asset still exists.',
  fieldsLoadFailed: 'Unable to load asset field definitions.',
  createFailed: 'Failed to create the asset. Please try again.',
  updateFailed: 'Failed to update the asset. Please try again.',
  updated: 'Asset updated successfully.',
  publicLoading: 'Loading asset...',
  publicFailed: 'Unable to load asset. Please check the QR code or try again later.',
  noMaintenance: 'No recorded maintenance yet.',
  retiredField: 'Retired field. Existing value stays on record.',
  printBlocked:
    'Unable to open print preview. Allow pop-ups for this site, then try again. Please try downloading the QR code instead.',
} as const;

/** POST/PUT /api/assets body. Empty description is omitted; custom values are checked against their definitions. */
export const ZAssetBody = z.object({
  name: storableText({ message: ASSET_MESSAGES.nameRequired })
    .trim()
    .min(1, { message: ASSET_MESSAGES.nameRequired })
    .max(ASSET_NAME_MAX_LENGTH, { message: ASSET_MESSAGES.nameTooLong }),
  description: storableText()
    .trim()
    .max(ASSET_DESCRIPTION_MAX_LENGTH, { message: ASSET_MESSAGES.descriptionTooLong })
    .nullish()
    .transform((text) => (text ? text : null)),
  organizationId: z.string().uuid().nullish(),
  fields: z.array(ZFieldValueInput).default([]),
});
export type TAssetBody = z.input<typeof ZAssetBody>;

export const ZAssetListQuery = ZPageQuery.extend({
  search: storableText().trim().max(200).optional(),
  after: ZAfter,
})
  .refine(...withinCountedRows)
  .refine(...afterOnFirstPage);

/** A row of the asset list. `qrCodeUrl` is the staff QR PNG (fetched with the bearer token). */
export const ZAssetSummary = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  organizationId: z.string(),
  qrCodeUrl: z.string(),
  createdAt: z.string(),
});
export type TAssetSummary = z.infer<typeof ZAssetSummary>;

/** A custom value on an asset, for display (label, value, isActive) and for the form (fieldId). */
export const ZAssetFieldValue = z.object({
  fieldId: z.string(),
  label: z.string(),
  value: z.string().nullable(),
  isActive: z.boolean(),
});

export const ZAsset = ZAssetSummary.extend({
  /** The absolute public page the QR code encodes. */
  publicUrl: z.string(),
  updatedAt: z.string(),
  fields: z.array(ZAssetFieldValue),
  /** The newest EVENT_PAGE_SIZE events; `eventsNextAfter` asks GET .../events for older ones. */
  events: z.array(ZMaintenanceEvent),
  eventsNextAfter: z.string().nullable(),
  /** All the asset's events, shown or not. */
  eventCount: z.number().int(),
  /** The files of the events shown. */
  files: z.array(ZFile),
});
export type TAsset = z.infer<typeof ZAsset>;
