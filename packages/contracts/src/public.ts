import { z } from 'zod';
import { ZChecklistSummary } from './checklists.ts';
import { ZEventFieldValue, ZMaintenanceEvent, ZNextServiceDue } from './events.ts';
import { FIELD_DATA_TYPES } from './fields.ts';
import { ZFile } from './files.ts';
import { ZPublicReporting } from './requests.ts';

/**
 * An event on the public page: the staff event without ids, `updatedBy` or the change log, and its
 * values of active public fields only (ADR 091), with their data type (ADR 118).
 */
export const ZPublicEvent = ZMaintenanceEvent.pick({
  title: true,
  notes: true,
  recordedBy: true,
  performedAt: true,
  taskStatus: true,
  taskStartedAt: true,
  taskStartedBy: true,
  taskCompletedAt: true,
  taskCompletedBy: true,
  dueOn: true,
  dueState: true,
  files: true,
}).extend({
  fields: z.array(ZEventFieldValue.omit({ fieldId: true })),
  /**
   * A completed task's checklist summary ("Inspection passed, 11 of 11 checks", with taskCompletedAt),
   * only where the organization shows it (publicChecklistSummary, off by default); else null.
   */
  checklistSummary: ZChecklistSummary.nullable(),
});

/** GET /public/orgs/{organizationId}/assets/{slug}: what anyone with the QR code may see. */
export const ZPublicAsset = z.object({
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  organizationId: z.string(),
  /** The public QR PNG (no sign-in). */
  qrCodeUrl: z.string(),
  /** When the asset was retired (no longer in service); null while in service. */
  retiredAt: z.string().nullable(),
  /** The values of the asset's active public fields, in display order (ADR 091), with their data type (ADR 118). */
  fields: z.array(
    z.object({
      label: z.string(),
      value: z.string().nullable(),
      dataType: z.enum(FIELD_DATA_TYPES).optional(),
    }),
  ),
  /** The newest events; `eventsNextAfter` asks GET .../events for older ones. */
  events: z.array(ZPublicEvent),
  eventsNextAfter: z.string().nullable(),
  eventCount: z.number().int(),
  /** The files of the events shown. */
  files: z.array(ZFile),
  ...ZNextServiceDue.shape,
  /**
   * Where the asset is (its location's name and full path), only where the organization shows it
   * (publicAssetLocation, off by default); null otherwise or when it has no location.
   */
  location: z.object({ name: z.string(), path: z.string() }).nullable(),
  /** "Report a problem" (docs/product/requests.md): offered or not, and the open report being handled. */
  reporting: ZPublicReporting,
});
export type TPublicAsset = z.infer<typeof ZPublicAsset>;
export type TPublicEvent = z.infer<typeof ZPublicEvent>;

/** GET /public/orgs/{organizationId}/assets/{slug}/events?after=: an older page of the history. */
export const ZPublicEventPage = z.object({ events: z.array(ZPublicEvent), nextAfter: z.string().nullable() });
export type TPublicEventPage = z.infer<typeof ZPublicEventPage>;

/** `/a/{organizationId}/{slug}` inside a scanned text, or null. */
export function findPublicAssetPath(text: string): { organizationId: string; slug: string } | null {
  const match = /\/a\/([0-9a-fA-F-]{36})\/([A-Za-z0-9-]+)/.exec(text);
  return match?.[1] && match[2] ? { organizationId: match[1].toLowerCase(), slug: match[2] } : null;
}
