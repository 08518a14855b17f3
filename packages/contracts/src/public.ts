import { z } from 'zod';
import { TASK_STATUSES } from './events.ts';
import { ZFile } from './files.ts';

/** An event on the public page: no ids of users, no change log. */
export const ZPublicEvent = z.object({
  title: z.string(),
  notes: z.string().nullable(),
  recordedBy: z.string().nullable(),
  performedAt: z.string(),
  taskStatus: z.enum(TASK_STATUSES),
  taskStartedAt: z.string().nullable(),
  taskStartedBy: z.string().nullable(),
  taskCompletedAt: z.string().nullable(),
  taskCompletedBy: z.string().nullable(),
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
  files: z.array(ZFile),
});

/** GET /public/orgs/{organizationId}/assets/{slug}: what anyone with the QR code may see. */
export const ZPublicAsset = z.object({
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  organizationId: z.string(),
  /** The public QR PNG (no sign-in). */
  qrCodeUrl: z.string(),
  fields: z.array(z.object({ label: z.string(), value: z.string().nullable(), isActive: z.boolean() })),
  events: z.array(ZPublicEvent),
  files: z.array(ZFile),
});
export type TPublicAsset = z.infer<typeof ZPublicAsset>;

/** `/a/{organizationId}/{slug}` inside a scanned text, or null. */
export function findPublicAssetPath(text: string): { organizationId: string; slug: string } | null {
  const match = /\/a\/([0-9a-fA-F-]{36})\/([A-Za-z0-9-]+)/.exec(text);
  return match?.[1] && match[2] ? { organizationId: match[1].toLowerCase(), slug: match[2] } : null;
}
