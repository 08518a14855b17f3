import { z } from 'zod';
import { oneSelection, ZAssetSelection } from './asset-list.ts';
import { CLOCK_SKEW_MINUTES, ZNextServiceDue, ZOccurredAt } from './events.ts';
import { storableText } from './limits.ts';
import {
  isLocationName,
  LOCATION_ADDRESS_MAX_LENGTH,
  LOCATION_CODE_MAX_LENGTH,
  LOCATION_MAX_DEPTH,
  LOCATION_MESSAGES,
  LOCATION_NAME_MAX_LENGTH,
  LOCATION_NOTES_MAX_LENGTH,
  LOCATION_PATH_MAX_LENGTH,
  LOCATION_SEARCH_MAX_LENGTH,
  LOCATION_SEARCH_MAX_RESULTS,
  splitLocationPath,
} from './location-messages.ts';
import { ZPageQuery } from './paging.ts';

/**
 * Locations (docs/product/locations.md): a tree per organization (site → building → floor → room →
 * cabinet, any depth up to LOCATION_MAX_DEPTH), where assets are. A location's counts are rolled up:
 * they hold its own assets and those of every location below it.
 */

/** Optional text: trimmed, empty means none (null); left out keeps what is stored on an update. */
const optionalText = (max: number, message: string) =>
  storableText()
    .trim()
    .max(max, { message })
    .nullish()
    .transform((text) => (text === undefined ? undefined : text || null));

/** One level's name: required, without a path separator. */
export const ZLocationName = storableText({ message: LOCATION_MESSAGES.nameRequired })
  .trim()
  .min(1, { message: LOCATION_MESSAGES.nameRequired })
  .max(LOCATION_NAME_MAX_LENGTH, { message: LOCATION_MESSAGES.nameTooLong })
  .refine(isLocationName, { message: LOCATION_MESSAGES.nameSeparator });

/** The details of a location an administrator writes (name, code, address of a site, notes). */
const locationDetails = {
  name: ZLocationName,
  code: optionalText(LOCATION_CODE_MAX_LENGTH, LOCATION_MESSAGES.codeTooLong),
  address: optionalText(LOCATION_ADDRESS_MAX_LENGTH, LOCATION_MESSAGES.addressTooLong),
  notes: optionalText(LOCATION_NOTES_MAX_LENGTH, LOCATION_MESSAGES.notesTooLong),
};

/**
 * POST /api/admin/locations: a new location under `parentId` (a location of the organization; left
 * out or null: at the top, a site). Its name is unique among its siblings, whatever its case.
 */
export const ZCreateLocationBody = z.object({
  ...locationDetails,
  parentId: z.string().uuid().nullish(),
});
export type TCreateLocationBody = z.input<typeof ZCreateLocationBody>;

/**
 * PUT /api/admin/locations/{id}: its name and, when sent, its code, address and notes (empty or null
 * clears one; left out keeps it). Where it is changes with POST .../move only.
 */
export const ZUpdateLocationBody = z.object(locationDetails);
export type TUpdateLocationBody = z.input<typeof ZUpdateLocationBody>;

/**
 * POST /api/admin/locations/{id}/move: its new parent (null: to the top). Refused when the parent is
 * the location itself or inside it (a cycle), or when the tree would nest deeper than LOCATION_MAX_DEPTH.
 * Its assets and every location below it go with it.
 */
export const ZMoveLocationBody = z.object({ parentId: z.string().uuid().nullable() });
export type TMoveLocationBody = z.input<typeof ZMoveLocationBody>;

/**
 * DELETE /api/admin/locations/{id}: where its own assets and its child locations go when it holds
 * any (a location outside it; null: the children to the top and the assets to no location). Required
 * then, so that nothing is lost; an empty location is deleted without one.
 */
export const ZDeleteLocationBody = z
  .object({ destinationId: z.string().uuid().nullable().optional() })
  .nullish()
  .transform((body) => ({ destinationId: body?.destinationId }));
export type TDeleteLocationBody = z.input<typeof ZDeleteLocationBody>;

/**
 * A location path as text ("Plant A / Building 2 / Room 5", or with >): its levels from the top,
 * each a location name, none empty, at most LOCATION_MAX_DEPTH of them.
 */
export const ZLocationPath = storableText({ message: LOCATION_MESSAGES.pathRequired })
  .trim()
  .min(1, { message: LOCATION_MESSAGES.pathRequired })
  .max(LOCATION_PATH_MAX_LENGTH, { message: LOCATION_MESSAGES.pathTooLong })
  .transform((path, context) => {
    const names = splitLocationPath(path);
    if (names.some((name) => name === '')) {
      context.addIssue({ code: 'custom', message: LOCATION_MESSAGES.pathEmptySegment });
      return z.NEVER;
    }
    if (names.length > LOCATION_MAX_DEPTH) {
      context.addIssue({ code: 'custom', message: LOCATION_MESSAGES.pathTooDeep(names.length) });
      return z.NEVER;
    }
    const tooLong = names.find((name) => name.length > LOCATION_NAME_MAX_LENGTH);
    if (tooLong !== undefined) {
      context.addIssue({ code: 'custom', message: LOCATION_MESSAGES.nameTooLong });
      return z.NEVER;
    }
    return names;
  });

/**
 * POST /api/admin/locations/paths: the location at the end of `path`, each level found by its name
 * under the one before (whatever its case) or created. 201 when it created any, 200 when all were there.
 */
export const ZLocationPathBody = z.object({ path: ZLocationPath });
export type TLocationPathBody = z.input<typeof ZLocationPathBody>;

/** What a location holds, rolled up: its own and every location's below it. */
export const ZLocationCounts = z.object({
  /** Assets in service. */
  assets: z.number().int(),
  /** Pending and started tasks of those assets. */
  openTasks: z.number().int(),
  /** Open tasks whose due date has passed (the organization's today). */
  overdue: z.number().int(),
  /** Open tasks due from today to DUE_SOON_DAYS ahead (the dashboard's "due in the next 7 days"). */
  dueSoon: z.number().int(),
});
export type TLocationCounts = z.infer<typeof ZLocationCounts>;

/** A location as a row of the tree: where it is, how many locations are right below it, its counts. */
export const ZLocationNode = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  parentId: z.string().nullable(),
  /** The names from the top to it, joined by " / " ("Plant A / Building 2 / Boiler room"). */
  path: z.string(),
  /** 1 for a location at the top (a site), 2 right below one, ... */
  depth: z.number().int(),
  /** Locations right below it. */
  childCount: z.number().int(),
  counts: ZLocationCounts,
});
export type TLocationNode = z.infer<typeof ZLocationNode>;

/** GET /api/locations/{id}: a location with its details, the locations above it and its QR code. */
export const ZLocation = ZLocationNode.extend({
  slug: z.string(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  /** The locations from the top down to its parent (the breadcrumb), each with its id and name. */
  ancestors: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Assets in service at this location itself, not below it. */
  directAssets: z.number().int(),
  /** The staff QR PNG (fetched with the bearer token). */
  qrCodeUrl: z.string(),
  /** The absolute page its QR code encodes (/l/{organizationId}/{slug}). */
  publicUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TLocation = z.infer<typeof ZLocation>;

/**
 * GET /api/locations: one level of the tree, by name, in pages: the locations right below `parentId`
 * (left out: the top ones, the sites), each with its rolled-up counts.
 */
export const ZLocationChildrenQuery = ZPageQuery.extend({ parentId: z.string().uuid().optional() });
export type TLocationChildrenQuery = z.input<typeof ZLocationChildrenQuery>;

/**
 * GET /api/locations/search: the tree picker's type-ahead. Each word of `q` is found in the full
 * path ("boil plant a" finds "Plant A / Building 2 / Boiler room"); the best first: matched in the
 * location's own name, then the shallowest, then by path.
 */
export const ZLocationSearchQuery = z.object({
  q: storableText({ message: LOCATION_MESSAGES.searchRequired })
    .trim()
    .min(1, { message: LOCATION_MESSAGES.searchRequired })
    .max(LOCATION_SEARCH_MAX_LENGTH, { message: LOCATION_MESSAGES.searchTooLong }),
  limit: z.coerce.number().int().min(1).max(LOCATION_SEARCH_MAX_RESULTS).default(20),
});
export type TLocationSearchQuery = z.input<typeof ZLocationSearchQuery>;

/** A type-ahead answer: enough to show it in the picker and choose it. */
export const ZLocationOption = ZLocationNode.pick({
  id: true,
  name: true,
  code: true,
  parentId: true,
  path: true,
  depth: true,
});
export type TLocationOption = z.infer<typeof ZLocationOption>;

/** Where an asset is, in its answers: the location's id, name and full path. */
export const ZLocationRef = z.object({ id: z.string(), name: z.string(), path: z.string() });
export type TLocationRef = z.infer<typeof ZLocationRef>;

/** The asset an asset is a component of, in its answers. */
export const ZParentAssetRef = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export type TParentAssetRef = z.infer<typeof ZParentAssetRef>;

/**
 * POST /api/assets/{id}/location: moves the asset to a location of the organization (null: to no
 * location). Recorded in its moves (GET .../moves) and the audit log, and sent as `asset.moved`.
 * `occurredAt`: when it was moved, for a move recorded offline and sent later (ADR 085, 127).
 */
export const ZMoveAssetBody = z.object({
  locationId: z.string().uuid().nullable(),
  occurredAt: ZOccurredAt.describe(
    `When the asset was moved, for a move recorded offline and sent later: its moves show it then, not when it arrives. Not more than ${CLOCK_SKEW_MINUTES} minutes ahead of the server nor before the asset was created (within ${CLOCK_SKEW_MINUTES} minutes, that bound), else 400; never before the asset’s latest move (then that move’s time).`,
  ),
});
export type TMoveAssetBody = z.input<typeof ZMoveAssetBody>;

/**
 * POST /api/assets/bulk/location: moves the selected assets (assetIds, or every asset the list shows
 * for query; at most ASSET_SELECTION_MAX) to one location (null: to none), each move recorded.
 */
export const ZBulkMoveAssetsBody = z
  .object({ ...ZAssetSelection.shape, locationId: z.string().uuid().nullable() })
  .superRefine((body, context) => oneSelection(body, context));
export type TBulkMoveAssetsBody = z.input<typeof ZBulkMoveAssetsBody>;

/**
 * One move of an asset between locations (from, to, who, when). The paths are as they read at the
 * move; a location's id is null once it is deleted, and `from` or `to` is null for no location.
 */
export const ZAssetMove = z.object({
  id: z.string(),
  movedAt: z.string(),
  /** Who moved it (their name at the time); null for the system. */
  movedBy: z.string().nullable(),
  fromLocationId: z.string().nullable(),
  fromPath: z.string().nullable(),
  toLocationId: z.string().nullable(),
  toPath: z.string().nullable(),
});
export type TAssetMove = z.infer<typeof ZAssetMove>;

/** GET /api/assets/{id}/moves: its moves, newest first, in pages (paging headers). */
export const ZAssetMovesQuery = ZPageQuery;

/** A component of an asset, with its own open and overdue tasks and its next service. */
export const ZAssetComponent = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  locationId: z.string().nullable(),
  retiredAt: z.string().nullable(),
  openTasks: z.number().int(),
  overdueTasks: z.number().int(),
  /** Components right below it. */
  componentCount: z.number().int(),
  ...ZNextServiceDue.shape,
});
export type TAssetComponent = z.infer<typeof ZAssetComponent>;

/**
 * GET /api/assets/{id}/components: its components (right below it, by name, in pages with paging
 * headers), and the roll-up of the asset with every component below it, however deep.
 */
export const ZAssetComponents = z.object({
  items: z.array(ZAssetComponent),
  rollup: z.object({
    /** Components below the asset, at every level. */
    components: z.number().int(),
    /** Open tasks of the asset and of all its components. */
    openTasks: z.number().int(),
    overdue: z.number().int(),
    dueSoon: z.number().int(),
  }),
});
export type TAssetComponents = z.infer<typeof ZAssetComponents>;

/** An asset on a location's public page: its name and its next service (names and due states only). */
export const ZPublicLocationAsset = z.object({
  name: z.string(),
  slug: z.string(),
  ...ZNextServiceDue.shape,
});

/**
 * GET /public/orgs/{organizationId}/locations/{slug}: a room's public page, only where the
 * organization turns it on (publicLocationPages; 404 otherwise): its name, its path, and the names and
 * due states of the assets in service at it and below it, overdue first (at most PUBLIC_LOCATION_ASSETS_MAX).
 */
export const ZPublicLocation = z.object({
  name: z.string(),
  path: z.string(),
  organizationId: z.string(),
  assets: z.array(ZPublicLocationAsset),
  /** All its assets in service (rolled up), also those the list leaves out. */
  assetCount: z.number().int(),
});
export type TPublicLocation = z.infer<typeof ZPublicLocation>;
