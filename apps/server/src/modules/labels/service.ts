import type { Readable } from 'node:stream';
import {
  isShownPublicly,
  LABEL_MAX_ASSETS,
  LABEL_MESSAGES,
  LABEL_SAID,
  LOCATION_PATH_SEPARATOR,
  LOGO_MAX_BYTES,
  type TLanguage,
  ZAssetListView,
  type ZLabelSheetBody,
} from '@mqr/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '#server/db/client.ts';
import { AppError, invalidField, notFound } from '#server/lib/app-error.ts';
import { assetPublicUrl, locationPublicUrl } from '#server/lib/public-urls.ts';
import { type FileStorage, StorageUnavailableError } from '#server/storage/file-storage.ts';
import { findSelectedByView } from '../asset-list/index.ts';
import { getFieldDefinitionRows } from '../fields/index.ts';
import { findAssetsCreatedBy } from '../imports/index.ts';
import {
  findLabelLocations,
  findLabelLocationTree,
  type LabelLocationRow,
  locationNotFound,
} from '../locations/index.ts';
import { getLogoDelivery, getOrganization } from '../organizations/index.ts';
import { findLabelAssets } from './queries.ts';
import type { LabelContent } from './render-label-sheet.ts';

export type LabelSheetRequest = z.output<typeof ZLabelSheetBody>;

export interface LabelSheetContext {
  organizationId: string;
  /** The organization's date (the list view's due filter counts from it). */
  today: string;
  /** What the QR codes point at (PUBLIC_BASE_URL). */
  publicBaseUrl: string;
  storage: FileStorage;
  /** Reports a logo that could not be read: the labels are made without it. */
  onLogoError: (error: unknown) => void;
  /** The requesting person's language: the sheet's own words are in it. */
  language?: TLanguage;
}

/** How long fetching the logo from object storage may take before the labels go without it. */
const LOGO_FETCH_TIMEOUT_MS = 10_000;

/**
 * The assets an import created that are in service, in file order, by parts of LABEL_MAX_ASSETS:
 * NOT_FOUND for another organization's import, CONFLICT while it runs, 400 for a part without any.
 */
async function importedIds(
  db: DbOrTx,
  organizationId: string,
  importId: string,
  part = 1,
): Promise<string[]> {
  const { status, assetIds } = await findAssetsCreatedBy(db, organizationId, importId, {
    offset: (part - 1) * LABEL_MAX_ASSETS,
    limit: LABEL_MAX_ASSETS,
  });
  if (status === 'Importing') throw new AppError('CONFLICT', LABEL_MESSAGES.importRunning);
  if (assetIds.length > 0) return assetIds;
  if (part === 1) throw invalidField('importId', LABEL_MESSAGES.importCreatedNone);
  throw invalidField('part', LABEL_SAID.importPartEmpty(part));
}

/**
 * The ids to print, in print order: the selection as given, the first LABEL_MAX_ASSETS assets the
 * list shows for its view (a search alone: the view of that search) in the list's order (400 past
 * that, and when it finds none), or a part of what an import created.
 */
async function idsToPrint(
  db: DbOrTx,
  { organizationId, today }: LabelSheetContext,
  request: LabelSheetRequest,
): Promise<string[]> {
  if (request.assetIds) {
    if (request.assetIds.length > LABEL_MAX_ASSETS) throw invalidField('assetIds', LABEL_MESSAGES.tooMany);
    return request.assetIds;
  }
  if (request.importId) return importedIds(db, organizationId, request.importId, request.part);
  const bySearch = request.query === undefined;
  return findSelectedByView(
    db,
    organizationId,
    request.query ?? ZAssetListView.parse({ search: request.search }),
    {
      max: LABEL_MAX_ASSETS,
      tooMany: LABEL_MESSAGES.tooMany,
      noneFound: bySearch ? LABEL_MESSAGES.noneFound : LABEL_MESSAGES.noneInView,
      path: bySearch ? 'search' : 'query',
    },
    today,
  );
}

/**
 * The Asset custom field chosen for the labels: NOT_FOUND for one of another organization or target,
 * 400 for an internal or retired one, since a printed label is public (ADR 091).
 */
async function chosenField(db: DbOrTx, organizationId: string, fieldId: string | null | undefined) {
  if (!fieldId) return undefined;
  const fields = await getFieldDefinitionRows(db, organizationId, 'Asset');
  const field = fields.find((candidate) => candidate.id === fieldId.toLowerCase());
  if (!field) throw notFound('Field');
  if (!isShownPublicly(field)) throw invalidField('fieldId', LABEL_MESSAGES.fieldNotPublic);
  return field;
}

async function readAll(body: Readable, maxBytes: number): Promise<Uint8Array | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      body.destroy();
      return undefined;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The organization's logo bytes when it is a PNG or JPEG (what a PDF can embed), read as the public
 * logo route delivers it: from the local disk, or from its short-lived object storage URL. Undefined
 * without a logo, for GIF and WebP, and when it cannot be read (reported to onLogoError).
 */
async function readPrintableLogo(db: DbOrTx, context: LabelSheetContext): Promise<Uint8Array | undefined> {
  let delivery: Awaited<ReturnType<typeof getLogoDelivery>>;
  try {
    delivery = await getLogoDelivery(db, context.storage, context.organizationId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
    // The file storage cannot be reached (ADR 140): the labels are printed without the logo.
    if (error instanceof StorageUnavailableError) {
      context.onLogoError(error);
      return undefined;
    }
    throw error;
  }
  const { download } = delivery;
  const printable = delivery.contentType === 'image/png' || delivery.contentType === 'image/jpeg';
  try {
    if (download.kind === 'stream') {
      if (!printable) {
        download.body.destroy();
        return undefined;
      }
      return await readAll(download.body, LOGO_MAX_BYTES);
    }
    if (!printable) return undefined;
    const response = await fetch(download.url, { signal: AbortSignal.timeout(LOGO_FETCH_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`the logo's storage URL answered ${response.status}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    return bytes.length <= LOGO_MAX_BYTES ? bytes : undefined;
  } catch (error) {
    context.onLogoError(error);
    return undefined;
  }
}

/** The assets' labels in print order, with the chosen field's values (NOT_FOUND for an id not of the organization). */
async function assetLabels(
  db: DbOrTx,
  context: LabelSheetContext,
  request: LabelSheetRequest,
  fieldId: string | null,
): Promise<LabelContent[]> {
  const { organizationId } = context;
  const ids = await idsToPrint(db, context, request);
  const rows = await findLabelAssets(db, organizationId, ids, fieldId);
  if (rows.length !== ids.length) throw notFound('Asset');
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw notFound('Asset');
    return {
      name: row.name,
      slug: row.slug,
      publicUrl: assetPublicUrl(context.publicBaseUrl, organizationId, row.slug),
      fieldValue: row.fieldValue,
    };
  });
}

/**
 * The rows of the locations to label: the selected ones in the order given, or a location and every
 * location below it in tree order. NOT_FOUND (on the source's field) for a location not of the
 * organization; 400 past LABEL_MAX_ASSETS locations.
 */
async function locationRows(
  db: DbOrTx,
  organizationId: string,
  source: { locationIds?: string[] | undefined; locationTree?: string | undefined },
): Promise<LabelLocationRow[]> {
  if (source.locationTree !== undefined) {
    const tree = await findLabelLocationTree(db, organizationId, source.locationTree, LABEL_MAX_ASSETS);
    if (tree === 'notFound') throw locationNotFound('locationTree');
    if (tree === 'tooMany') throw invalidField('locationTree', LABEL_MESSAGES.tooManyLocations);
    return tree;
  }
  const ids = source.locationIds ?? [];
  const byId = new Map((await findLabelLocations(db, organizationId, ids)).map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw locationNotFound('locationIds');
    return row;
  });
}

/**
 * Locations' own labels (ADR 126): each location's code (/l/{organizationId}/{slug}, as its page's QR
 * card shows it), its name, the path above it and its code (its slug when it has none).
 */
async function locationLabels(
  db: DbOrTx,
  context: LabelSheetContext,
  request: LabelSheetRequest,
): Promise<LabelContent[]> {
  const rows = await locationRows(db, context.organizationId, request);
  return rows.map((row) => {
    const above = row.fullPath.split(LOCATION_PATH_SEPARATOR).slice(0, -1);
    return {
      name: row.name,
      slug: row.code ?? row.slug,
      publicUrl: locationPublicUrl(context.publicBaseUrl, context.organizationId, row.slug),
      detail: above.join(LOCATION_PATH_SEPARATOR),
    };
  });
}

/**
 * A PDF of QR labels for assets of the organization (the selected ones, NOT_FOUND when any is not
 * one of its assets; all that the list's search finds; those an import created) read in two
 * statements whatever their number (three for an import), or for its locations (ADR 126), laid out
 * on the chosen label stock (ADRs 043, 050).
 */
export async function makeLabelSheet(
  db: DbOrTx,
  context: LabelSheetContext,
  request: LabelSheetRequest,
): Promise<Uint8Array> {
  const { organizationId } = context;
  const forLocations = request.locationIds !== undefined || request.locationTree !== undefined;
  // The contract refuses a field with locations: locations have no custom fields.
  const field = forLocations ? undefined : await chosenField(db, organizationId, request.fieldId);
  const labels = forLocations
    ? await locationLabels(db, context, request)
    : await assetLabels(db, context, request, field?.id ?? null);
  const organization = await getOrganization(db, organizationId);
  const logo = request.includeLogo ? await readPrintableLogo(db, context) : undefined;

  // The renderer (pdf-lib) loads with the first sheet, not with the server (ADR 033).
  const { renderLabelSheet } = await import('./render-label-sheet.ts');
  return renderLabelSheet({
    layout: request.layout,
    startPosition: request.startPosition,
    organizationName: organization.name,
    fieldLabel: field?.label,
    logo,
    language: context.language,
    labels,
  });
}
