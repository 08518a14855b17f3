import {
  DEFAULT_TIME_ZONE,
  LOGO_CONTENT_TYPES,
  ORGANIZATION_MESSAGES,
  type TAdminOrganization,
  type TLanguage,
  type TOrganization,
  type TRequestTriageRole,
} from '@mqr/contracts';
import { v7 as uuidv7 } from 'uuid';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { AppError, conflict, forbidden, notFound } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/request-context.ts';
import type { StoredFile } from '#server/lib/send-stored-file.ts';
import { isUuid } from '#server/lib/uuid.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import { type AuditSource, diffChanges, recordAudit } from '../audit-logs/index.ts';
import {
  findOrganizationById,
  findOrganizationsByName,
  findOrganizationTimeZone,
  insertOrganization,
  isKnownTimeZone,
  listOrganizations,
  lockOrganization,
  type OrganizationRow,
  updateOrganization,
} from './queries.ts';

export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

/** The last segment of the logo's object key: it changes with every upload. */
export function logoVersion(logoObjectKey: string): string {
  return logoObjectKey.slice(logoObjectKey.lastIndexOf('/') + 1);
}

/**
 * The public address of an organization's logo (served by the public logo route), or null without one.
 * It carries the logo's version, so a new logo gets a new URL and browsers may cache each one for long.
 */
export function organizationLogoUrl(organizationId: string, logoObjectKey: string | null): string | null {
  if (!logoObjectKey) return null;
  return `/public/orgs/${organizationId}/logo?v=${encodeURIComponent(logoVersion(logoObjectKey))}`;
}

export function toOrganization(row: OrganizationRow): TOrganization {
  return {
    id: row.id,
    name: row.name,
    logoUrl: organizationLogoUrl(row.id, row.logoObjectKey),
    timeZone: row.timeZone,
    dailyDigest: row.dailyDigest,
    defaultLanguage: row.defaultLanguage,
    publicLocationPages: row.publicLocationPages,
    publicAssetLocation: row.publicAssetLocation,
    reportingEnabled: row.reportingEnabled,
    showOpenReports: row.showOpenReports,
    requestTriageRole: row.requestTriageRole,
    currency: row.currency,
    publicChecklistSummary: row.publicChecklistSummary,
  };
}

export function toAdminOrganization(row: OrganizationRow): TAdminOrganization {
  return { ...toOrganization(row), createdAt: row.createdAt.toISOString() };
}

/** The organization with this id (a malformed id included); NOT_FOUND when there is none. */
async function getOrganizationRow(db: DbOrTx, id: string): Promise<OrganizationRow> {
  const row = isUuid(id) ? await findOrganizationById(db, id.toLowerCase()) : undefined;
  if (!row) throw notFound('Organization');
  return row;
}

/** The time zone of an organization (UTC for an unknown one: nothing of it is shown then). */
export async function getOrganizationTimeZone(db: DbOrTx, id: string): Promise<string> {
  return (await findOrganizationTimeZone(db, id)) ?? DEFAULT_TIME_ZONE;
}

/** The organization with this id; NOT_FOUND when there is none. */
export async function getOrganization(db: DbOrTx, id: string): Promise<TOrganization> {
  return toOrganization(await getOrganizationRow(db, id));
}

export async function listAdminOrganizations(
  db: DbOrTx,
  paging: { page: number; pageSize: number },
): Promise<{ items: TAdminOrganization[]; total: number }> {
  const { rows, total } = await listOrganizations(db, paging);
  return { items: rows.map(toAdminOrganization), total };
}

export interface OrganizationActionContext {
  actor: AuthUser;
  ipAddress: string;
}

export interface LogoActionContext extends OrganizationActionContext {
  storage: FileStorage;
  /** Reports an object that could not be removed from storage after a commit (it stays an orphan). */
  onStorageError: (error: unknown, objectKey: string) => void;
}

/** The audit entry of a change to an organization, recorded in that organization's own log. */
function auditOrganization(
  tx: DbOrTx,
  source: AuditSource,
  row: OrganizationRow,
  action: 'CREATE' | 'UPDATE',
  changes: object,
): Promise<void> {
  return recordAudit(tx, {
    organizationId: row.id,
    actor: source.actor,
    action,
    entityType: 'Organization',
    entityId: row.id,
    entityName: row.name,
    changes,
    ipAddress: source.ipAddress,
  });
}

/**
 * Inserts an organization and its CREATE entry (in the new organization's own log), in the caller's
 * transaction.
 */
export async function addOrganization(
  tx: DbOrTx,
  source: AuditSource,
  name: string,
): Promise<OrganizationRow> {
  const created = await insertOrganization(tx, name);
  await auditOrganization(tx, source, created, 'CREATE', { created: true });
  return created;
}

/** Creates an organization; its CREATE entry is recorded in the new organization's audit log. */
export async function createOrganization(
  db: Db,
  context: OrganizationActionContext,
  name: string,
): Promise<TAdminOrganization> {
  return toAdminOrganization(await db.transaction((tx) => addOrganization(tx, context, name)));
}

/**
 * The organization with exactly this name, or undefined; CONFLICT when several have it (names are
 * not unique: the id tells them apart).
 */
export async function findOrganizationByName(db: DbOrTx, name: string): Promise<OrganizationRow | undefined> {
  const named = await findOrganizationsByName(db, name, 2);
  if (named.length > 1) throw conflict(`Several organizations are named "${name}": give the id instead.`);
  return named[0];
}

const timeZoneError = () =>
  new AppError('VALIDATION', ORGANIZATION_MESSAGES.timeZoneInvalid, {
    fields: [{ path: 'timeZone', message: ORGANIZATION_MESSAGES.timeZoneInvalid }],
  });

/**
 * An administrator's settings of their own organization, those sent: its time zone (ADR 051) and
 * whether its people get the daily digest (ADR 060), the language of those who chose none (ADR 110),
 * whether its locations have public pages and its public asset pages say where the asset is (both off
 * by default, docs/product/locations.md).
 * The zone must be one the database knows too
 * (its dates are computed there as well). The same settings again write nothing; a change is audited
 * as an UPDATE of the organization.
 */
export async function updateOrganizationSettings(
  db: Db,
  context: OrganizationActionContext,
  settings: {
    timeZone?: string | undefined;
    dailyDigest?: boolean | undefined;
    defaultLanguage?: TLanguage | undefined;
    publicLocationPages?: boolean | undefined;
    publicAssetLocation?: boolean | undefined;
    reportingEnabled?: boolean | undefined;
    showOpenReports?: boolean | undefined;
    requestTriageRole?: TRequestTriageRole | undefined;
    currency?: string | undefined;
    publicChecklistSummary?: boolean | undefined;
  },
): Promise<TOrganization> {
  if (settings.timeZone !== undefined && !(await isKnownTimeZone(db, settings.timeZone)))
    throw timeZoneError();
  const row = await db.transaction(async (tx) => {
    const locked = await lockOrganization(tx, context.actor.organizationId);
    if (!locked) throw notFound('Organization');
    const before = {
      timeZone: locked.timeZone,
      dailyDigest: locked.dailyDigest,
      defaultLanguage: locked.defaultLanguage,
      publicLocationPages: locked.publicLocationPages,
      publicAssetLocation: locked.publicAssetLocation,
      reportingEnabled: locked.reportingEnabled,
      showOpenReports: locked.showOpenReports,
      requestTriageRole: locked.requestTriageRole,
      currency: locked.currency,
      publicChecklistSummary: locked.publicChecklistSummary,
    };
    const after = {
      timeZone: settings.timeZone ?? locked.timeZone,
      dailyDigest: settings.dailyDigest ?? locked.dailyDigest,
      defaultLanguage: settings.defaultLanguage ?? locked.defaultLanguage,
      publicLocationPages: settings.publicLocationPages ?? locked.publicLocationPages,
      publicAssetLocation: settings.publicAssetLocation ?? locked.publicAssetLocation,
      reportingEnabled: settings.reportingEnabled ?? locked.reportingEnabled,
      showOpenReports: settings.showOpenReports ?? locked.showOpenReports,
      requestTriageRole: settings.requestTriageRole ?? locked.requestTriageRole,
      currency: settings.currency ?? locked.currency,
      publicChecklistSummary: settings.publicChecklistSummary ?? locked.publicChecklistSummary,
    };
    const changes = diffChanges(before, after);
    if (Object.keys(changes).length === 0) return locked;
    const updated = await updateOrganization(tx, locked.id, after);
    await auditOrganization(tx, context, updated, 'UPDATE', { changes });
    return updated;
  });
  return toOrganization(row);
}

/** Renames an organization. The same name again changes nothing and writes no audit entry. */
export async function renameOrganization(
  db: Db,
  context: OrganizationActionContext,
  id: string,
  name: string,
): Promise<TAdminOrganization> {
  const existing = await getOrganizationRow(db, id);
  const row = await db.transaction(async (tx) => {
    const locked = await lockOrganization(tx, existing.id);
    if (!locked) throw notFound('Organization');
    if (locked.name === name) return locked;
    const updated = await updateOrganization(tx, locked.id, { name });
    await auditOrganization(tx, context, updated, 'UPDATE', {
      changes: { name: { from: locked.name, to: updated.name } },
    });
    return updated;
  });
  return toAdminOrganization(row);
}

/**
 * The logo type of these bytes, by their content (magic numbers), never by the file's name or
 * declared type: PNG (animated too), JPEG, GIF or WebP; undefined for anything else (SVG, HTML...).
 */
export async function detectLogoType(bytes: Uint8Array): Promise<LogoContentType | undefined> {
  // file-type loads with the first logo, not with the server (idle memory, ADR 033).
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime === 'image/apng' ? 'image/png' : detected?.mime;
  return LOGO_CONTENT_TYPES.find((type) => type === mime);
}

export const logoTypeError = () =>
  new AppError('VALIDATION', ORGANIZATION_MESSAGES.logoType, {
    fields: [{ path: 'logo', message: ORGANIZATION_MESSAGES.logoType }],
  });
export const logoMissingError = () =>
  new AppError('VALIDATION', ORGANIZATION_MESSAGES.logoMissing, {
    fields: [{ path: 'logo', message: ORGANIZATION_MESSAGES.logoMissing }],
  });
export const logoTooLargeError = () => new AppError('PAYLOAD_TOO_LARGE', ORGANIZATION_MESSAGES.logoTooLarge);

/** Checks that the organization exists before an upload is read (NOT_FOUND otherwise). */
export async function assertOrganizationExists(db: DbOrTx, id: string): Promise<void> {
  await getOrganizationRow(db, id);
}

/**
 * Replaces (or, with null, removes) the logo in one transaction with its audit entry
 * (`{changes:{logo:{from,to}}}`, the public URLs). The previous object is removed after the commit.
 */
async function setLogo(
  db: Db,
  context: LogoActionContext,
  organizationId: string,
  logo: { objectKey: string; contentType: LogoContentType } | null,
): Promise<TAdminOrganization> {
  const { row, previousKey } = await db.transaction(async (tx) => {
    const locked = await lockOrganization(tx, organizationId);
    if (!locked) throw notFound('Organization');
    if (!logo && !locked.logoObjectKey) return { row: locked, previousKey: null };
    const updated = await updateOrganization(tx, locked.id, {
      logoObjectKey: logo?.objectKey ?? null,
      logoContentType: logo?.contentType ?? null,
    });
    await auditOrganization(tx, context, updated, 'UPDATE', {
      changes: {
        logo: {
          from: organizationLogoUrl(locked.id, locked.logoObjectKey),
          to: organizationLogoUrl(updated.id, updated.logoObjectKey),
        },
      },
    });
    return { row: updated, previousKey: locked.logoObjectKey };
  });
  if (previousKey && previousKey !== logo?.objectKey) {
    await context.storage
      .delete(previousKey)
      .catch((error: unknown) => context.onStorageError(error, previousKey));
  }
  return toAdminOrganization(row);
}

/**
 * Stores a new logo (bytes already read, at most LOGO_MAX_BYTES) under `{organizationId}/logo-{uuidv7}`
 * and makes it the organization's logo. Refuses bytes that are not PNG, JPEG, GIF or WebP (400).
 */
export async function replaceOrganizationLogo(
  db: Db,
  context: LogoActionContext,
  id: string,
  bytes: Buffer,
): Promise<TAdminOrganization> {
  const existing = await getOrganizationRow(db, id);
  const contentType = await detectLogoType(bytes);
  if (!contentType) throw logoTypeError();
  const objectKey = `${existing.id}/logo-${uuidv7()}`;
  await context.storage.put(objectKey, bytes, contentType);
  try {
    return await setLogo(db, context, existing.id, { objectKey, contentType });
  } catch (error) {
    await context.storage.delete(objectKey).catch((e: unknown) => context.onStorageError(e, objectKey));
    throw error;
  }
}

/** Removes the logo; an organization without one is answered as it is (idempotent, no audit entry). */
export async function removeOrganizationLogo(
  db: Db,
  context: LogoActionContext,
  id: string,
): Promise<TAdminOrganization> {
  const existing = await getOrganizationRow(db, id);
  return setLogo(db, context, existing.id, null);
}

const LOGO_EXTENSIONS: Record<LogoContentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

export interface LogoDelivery extends StoredFile {
  /** The version in the current logo URL (see organizationLogoUrl). */
  version: string;
}

/** How to deliver an organization's logo (public); NOT_FOUND without one or for a malformed id. */
export async function getLogoDelivery(
  db: DbOrTx,
  storage: FileStorage,
  organizationId: string,
): Promise<LogoDelivery> {
  const row = isUuid(organizationId)
    ? await findOrganizationById(db, organizationId.toLowerCase())
    : undefined;
  if (!row?.logoObjectKey || !row.logoContentType) throw notFound('Logo');
  const contentType = row.logoContentType;
  const fileName = `logo.${LOGO_EXTENSIONS[contentType as LogoContentType] ?? 'img'}`;
  const download = await storage.download(row.logoObjectKey, {
    fileName,
    contentType,
    disposition: 'inline',
  });
  if (!download) throw notFound('Logo');
  return { contentType, fileName, disposition: 'inline', version: logoVersion(row.logoObjectKey), download };
}

/**
 * The organization something is created in: the actor's own unless the payload names another, which
 * only super administrators may do (403 with `refusal` otherwise; 404 when it does not exist).
 */
export async function targetOrganization(
  db: DbOrTx,
  actor: AuthUser,
  requested: string | null | undefined,
  refusal: string,
): Promise<string> {
  if (!requested || requested === actor.organizationId) return actor.organizationId;
  if (!actor.isSuperAdmin) throw forbidden(refusal);
  await getOrganization(db, requested);
  return requested;
}
