import { z } from 'zod';

/** Public settings the browser needs (GET /api/client-config, no sign-in). */
export const ZClientConfig = z.object({
  supportEmail: z.string(),
  publicBaseUrl: z.string(),
  /** Largest attachment accepted, in bytes. */
  maxUploadBytes: z.number().int(),
  /** Whether the server sends email reminders (SMTP_URL is set): the digest switches say so. */
  emailReminders: z.boolean().default(false),
});
export type TClientConfig = z.infer<typeof ZClientConfig>;
