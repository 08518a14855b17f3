import { z } from 'zod';
import { ZAssetListColumns, ZAssetListView } from './asset-list.ts';
import {
  ASSET_DESCRIPTION_MAX_LENGTH,
  ASSET_EXTERNAL_ID_MAX_LENGTH,
  ASSET_MESSAGES,
  ASSET_NAME_MAX_LENGTH,
} from './asset-messages.ts';
import { ZMaintenanceEvent, ZNextServiceDue } from './events.ts';
import { ZFieldValueInput } from './field-values.ts';
import { FIELD_DATA_TYPES } from './fields.ts';
import { ZFile } from './files.ts';
import { storableText } from './limits.ts';
import { ZLocationRef, ZParentAssetRef } from './locations.ts';
import { afterOnFirstPage, withinCountedRows, ZAfter, ZPageQuery } from './paging.ts';

/** Slugs (and the QR links that carry them): letters, digits and hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * POST/PUT /api/assets body. Empty description is omitted; custom values are checked against their
 * definitions. `externalId` (ADR 092): left out, a save keeps the asset's; empty or null clears it.
 */
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
  externalId: storableText()
    .trim()
    .max(ASSET_EXTERNAL_ID_MAX_LENGTH, { message: ASSET_MESSAGES.externalIdTooLong })
    .nullish()
    .transform((text) => (text === undefined ? undefined : text || null)),
  organizationId: z.string().uuid().nullish(),
  fields: z.array(ZFieldValueInput).default([]),
  /**
   * Where the asset is: a location of the organization; null for none. Left out, an update keeps it.
   * A change is a move (its history, the audit log, `asset.moved`).
   */
  locationId: z.string().uuid().nullish(),
  /**
   * The asset it is a component of (docs/product/locations.md#asset-hierarchy): an asset of the organization, never itself
   * or one of its own components; null for none. Left out, an update keeps it.
   */
  parentAssetId: z.string().uuid().nullish(),
  /** Its public page offers "Report a problem" (when the organization's setting allows). Left out, an update keeps it; true for a new asset. */
  reportingEnabled: z.boolean().optional(),
});
export type TAssetBody = z.input<typeof ZAssetBody>;

/** GET /api/assets: a page of the list's view, with the values of the custom field `columns`. */
export const ZAssetListQuery = ZPageQuery.extend({
  ...ZAssetListView.shape,
  after: ZAfter,
  columns: ZAssetListColumns.optional(),
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
  /** When the asset was retired (out of service, read-only); null while in service. */
  retiredAt: z.string().nullable(),
});
export type TAssetSummary = z.infer<typeof ZAssetSummary>;

/**
 * A row of the asset list: the summary, when it was last changed, and the values of the custom field
 * columns asked for (by field id; a field without a value is absent).
 */
export const ZAssetListItem = ZAssetSummary.extend({
  updatedAt: z.string(),
  values: z.record(z.string(), z.string()),
  /** Where it is (the list's location column): the location's id and full path; null for none. */
  locationId: z.string().nullable(),
  locationPath: z.string().nullable(),
  /** The asset it is a component of; null for none. */
  parentAssetId: z.string().nullable(),
});
export type TAssetListItem = z.infer<typeof ZAssetListItem>;

/**
 * A custom value on an asset, for display (label, value, isActive; its data type, so that a screen
 * writes a Yes/No, a date or a number the reader's way, ADR 118) and for the form (fieldId).
 */
export const ZAssetFieldValue = z.object({
  fieldId: z.string(),
  label: z.string(),
  value: z.string().nullable(),
  isActive: z.boolean(),
  dataType: z.enum(FIELD_DATA_TYPES).optional(),
});

export const ZAsset = ZAssetSummary.extend({
  /** The asset's identifier in another tool, unique in its organization (ADR 092); null when none. */
  externalId: z.string().nullable(),
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
  ...ZNextServiceDue.shape,
  /** Where it is (id, name, full path); null for no location. */
  location: ZLocationRef.nullable(),
  /** The asset it is a component of; null for none. */
  parentAsset: ZParentAssetRef.nullable(),
  /** Its components right below it (GET .../components lists them). */
  componentCount: z.number().int(),
  /** Its public page offers "Report a problem" (when the organization's setting allows too). */
  reportingEnabled: z.boolean(),
});
export type TAsset = z.infer<typeof ZAsset>;

/** DELETE /api/admin/assets/{id} body: the asset's name, typed to confirm (a retired asset only). */
export const ZDeleteAssetBody = z.object({
  confirmName: z.string({ message: ASSET_MESSAGES.deleteConfirmMismatch }).max(ASSET_NAME_MAX_LENGTH + 100, {
    message: ASSET_MESSAGES.deleteConfirmMismatch,
  }),
});
export type TDeleteAssetBody = z.infer<typeof ZDeleteAssetBody>;
