import {
  LOCATION_MESSAGES,
  localDate,
  type TMaintenanceEvent,
  type TPublicAsset,
  type TPublicEvent,
  type TPublicEventPage,
  type TPublicLocation,
} from '@mqr/contracts';
import type { DbOrTx } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { publicAssetQrCodeUrl } from '#server/lib/public-urls.ts';
import { getAssetRowBySlug, getPublicAssetView } from '../assets/index.ts';
import { listAssetEventPage } from '../events/index.ts';
import { findPublicLocation } from '../locations/index.ts';
import { getOrganization } from '../organizations/index.ts';
import { getPublicReporting } from '../requests/index.ts';

/**
 * What the public page shows of an event: names and values, no ids, no change log; a completed
 * task's checklist summary where the organization shows it (publicChecklistSummary, ADR 134).
 */
const toPublicEvent =
  (showsChecklist: boolean) =>
  (event: TMaintenanceEvent): TPublicEvent => ({
    title: event.title,
    notes: event.notes,
    recordedBy: event.recordedBy,
    performedAt: event.performedAt,
    taskStatus: event.taskStatus,
    taskStartedAt: event.taskStartedAt,
    taskStartedBy: event.taskStartedBy,
    taskCompletedAt: event.taskCompletedAt,
    taskCompletedBy: event.taskCompletedBy,
    dueOn: event.dueOn,
    dueState: event.dueState,
    fields: event.fields.map((f) => ({ label: f.label, value: f.value, dataType: f.dataType })),
    files: event.files,
    checklistSummary:
      showsChecklist && event.taskStatus === 'Completed' && event.checklist ? event.checklist.summary : null,
  });

/**
 * The public page of an asset: names and values only (no user emails, no ids of users, events or
 * field definitions), the values of active public fields only (ADR 091), the newest events first,
 * and its next service due. NOT_FOUND for an unknown organization or slug. `now` is the app's clock.
 */
export async function getPublicAsset(
  db: DbOrTx,
  organizationId: string,
  slug: string,
  now: Date,
): Promise<TPublicAsset> {
  const view = await getPublicAssetView(db, organizationId, slug, now);
  const { row, place } = view;
  const organization = await getOrganization(db, organizationId);
  // Where the asset is, only where its organization shows it (docs/product/locations.md#public-pages).
  const showsLocation =
    place.locationName !== null && place.locationPath !== null && organization.publicAssetLocation;
  return {
    name: row.name,
    slug: row.slug,
    description: row.description,
    organizationId: row.organizationId,
    qrCodeUrl: publicAssetQrCodeUrl(row.organizationId, row.slug),
    retiredAt: row.retiredAt?.toISOString() ?? null,
    fields: view.fields.map((f) => ({ label: f.label, value: f.value, dataType: f.dataType })),
    events: view.events.map(toPublicEvent(organization.publicChecklistSummary)),
    eventsNextAfter: view.eventsNextAfter,
    eventCount: view.eventCount,
    files: view.files,
    ...view.nextService,
    location: showsLocation ? { name: place.locationName!, path: place.locationPath! } : null,
    reporting: await getPublicReporting(db, { asset: row, organization }),
  };
}

/**
 * An older page of the public history: the events after `after`, an event id the previous page
 * answered (an id of another asset's event just answers an empty page).
 */
export async function getPublicEventPage(
  db: DbOrTx,
  organizationId: string,
  slug: string,
  after: string | undefined,
  now: Date,
): Promise<TPublicEventPage> {
  const row = await getAssetRowBySlug(db, organizationId, slug);
  const organization = await getOrganization(db, organizationId);
  const page = await listAssetEventPage(
    db,
    organizationId,
    row.id,
    localDate(now, organization.timeZone),
    after,
    'public',
  );
  return {
    events: page.events.map(toPublicEvent(organization.publicChecklistSummary)),
    nextAfter: page.nextAfter,
  };
}

/**
 * The public page of a location (what its QR code opens for the public): only where the organization
 * turns it on (publicLocationPages, off by default), else 404 saying so, whatever the slug.
 */
export async function getPublicLocation(
  db: DbOrTx,
  organizationId: string,
  slug: string,
  now: Date,
): Promise<TPublicLocation> {
  const organization = await getOrganization(db, organizationId);
  if (!organization.publicLocationPages) throw new AppError('NOT_FOUND', LOCATION_MESSAGES.publicPageOff);
  return findPublicLocation(db, organizationId, slug, localDate(now, organization.timeZone));
}
